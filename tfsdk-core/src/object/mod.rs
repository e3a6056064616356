//! Rust structs as Terraform objects: the trait `#[derive(TfObject)]` implements.

pub(crate) mod conversion;
pub(crate) mod modifiers;

use std::collections::BTreeMap;

use crate::convert::{ConvertError, FromValue, TerraformType, ToValue};
use crate::schema::{self, DescriptionKind, Schema};
use crate::tftypes::{ObjectType, Type, Value};
use crate::view::{FromPath, Viewable};

/// A Rust struct that maps one to one onto a Terraform object: write
/// `#[derive(TfObject)]` on the struct (see [the derive](macro@crate::TfObject) for its
/// attributes) rather than implementing this trait by hand.
///
/// The derive implements [`TerraformType`], [`FromValue`] and [`ToValue`] for the struct, and
/// with `#[tfsdk(schema)]` also [`TfSchema`]. Every field names an object attribute
/// (`#[tfsdk(name = "...")]`) or is skipped (`#[tfsdk(skip)]`), and a struct can inline
/// another's attributes (`#[tfsdk(flatten)]`). What you call on a derived struct comes from
/// those traits:
///
/// - [`TerraformType::terraform_type`]: the struct's object type;
/// - [`FromValue::from_value`]: the struct from an object value;
/// - [`ToValue::to_value`]: an object value of a given type from the struct;
/// - [`TfSchema::schema`] (with `#[tfsdk(schema)]`): the resource's, data source's or
///   provider's schema.
///
/// A `TfObject` bound says "a struct with `#[derive(TfObject)]`", as
/// [`types::Object<M>`](crate::types::Object) uses it.
///
/// # Example
///
/// ```
/// use tfsdk_core::convert::{FromValue, TerraformType, ToValue};
/// use tfsdk_core::tftypes::{Type, Value};
/// use tfsdk_core::{TfObject, TfSchema};
///
/// #[derive(TfObject, Debug, PartialEq)]
/// #[tfsdk(schema)]
/// struct Server {
///     #[tfsdk(name = "name", required)]
///     name: String,
///     #[tfsdk(name = "port", optional)]
///     port: Option<i64>,
/// }
///
/// let ty: Type = Server::terraform_type();
/// let server = Server { name: "web".into(), port: Some(8080) };
/// let value: Value = server.to_value(&ty).unwrap();
/// assert_eq!(Server::from_value(value).unwrap(), server);
///
/// let schema = Server::schema();
/// assert!(schema.attributes["name"].required);
/// assert!(schema.attributes["port"].optional);
/// ```
pub trait TfObject: TerraformType + FromValue + ToValue + ObjectFields + Viewable {
    /// The typed paths of the struct's attributes, from the root of the object:
    /// `File::paths().owner().name()` is the path `owner.name` (see [`view`](crate::view)).
    /// Every path converts into an [`AttributePath`](crate::path::AttributePath), for
    /// diagnostics and for requiring a replacement.
    fn paths() -> <Self as Viewable>::Paths {
        FromPath::from_path(crate::path::AttributePath::empty())
    }
}

/// The attribute plumbing of a [`TfObject`], which `#[derive(TfObject)]` implements and only
/// the runtime and generated code call: the methods work on attribute maps so that flattened
/// structs share one object. Not public API.
#[doc(hidden)]
// Generated code names this trait only for flattened fields' types, so a missing impl is a
// field flattened that should not be: the same message as `__private::FlattenedField`'s.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened: it does not implement `TfObject`",
    label = "`#[tfsdk(flatten)]` inlines the attributes of a struct with `#[derive(TfObject)]`",
    note = "add `#[derive(TfObject)]` to `{Self}`, or map the field to one attribute with `#[tfsdk(name = \"...\")]`"
)]
pub trait ObjectFields: Sized {
    /// The attribute names, the flattened structs' included, as a tree the compiler checks for
    /// duplicates.
    const ATTRIBUTE_NAMES: AttributeNames;

    /// True for a `#[tfsdk(schema)]` struct, whose attributes all have a role.
    const IS_SCHEMA: bool = false;

    /// What stands for this struct's attributes in the typed view of a schema struct that
    /// flattens it: its own view for a schema struct; for any other struct
    /// [`NotASchema`](crate::__private::NotASchema), a placeholder without attributes (a schema
    /// struct cannot flatten such a struct, which a compile-time check reports).
    type FlatView: TfObject + Clone + std::fmt::Debug + PartialEq + Send + Sync;

    schema_text! {
        /// Adds each attribute's name and type to `out`.
        fn collect_attribute_types(out: &mut BTreeMap<String, Type>) {
            attribute_types_into(conversion::schema_attributes_of::<Self>, out);
        }
    }

    /// Number of attributes, the flattened structs' included.
    fn attribute_count() -> usize;

    /// True when `name` is one of the struct's attributes.
    fn has_attribute(name: &str) -> bool;

    /// Builds the struct from an object's attributes, taking the values of the ones it maps
    /// (each name stays in the map with a null placeholder value).
    ///
    /// # Errors
    /// A missing attribute, or an attribute value that does not convert to its field.
    fn from_attributes(attributes: &mut BTreeMap<String, Value>) -> Result<Self, ConvertError>;

    /// Builds the struct from all of an object's attributes, whose names have been checked to
    /// be exactly the struct's ([`check_attribute_names`](crate::__private::check_attribute_names)).
    ///
    /// By default [`from_attributes`](ObjectFields::from_attributes); the derive overrides it
    /// for a struct without flattened fields with one walk over the values in name order,
    /// which looks nothing up.
    ///
    /// # Errors
    /// An attribute value that does not convert to its field (or, if the names were not
    /// checked, a missing attribute).
    fn from_checked_attributes(attributes: AttributeValues) -> Result<Self, ConvertError> {
        Self::from_attributes(&mut attributes.into_map())
    }

    /// Adds each attribute's schema (type, nested attributes, behaviours) to `out`.
    fn collect_schema_attributes(out: &mut BTreeMap<String, schema::Attribute>);

    /// The framework attribute type of attribute `name` (its field type's
    /// [`TerraformType::attr_type`], a provider-defined one included); `None` for a name the
    /// struct does not have. The model's [`ObjectType`](crate::types::ObjectType) reports them.
    fn attribute_attr_type(name: &str) -> Option<Box<dyn crate::attr::Type>> {
        let _ = name;
        None
    }

    /// Writes the struct's attributes into `out`, each converted to its type there; `out`
    /// keeps the first error (an attribute it does not have, or a field that does not
    /// convert). A struct without flattened fields writes them in name order.
    fn write_attributes(&self, out: &mut impl AttributeSink);

    /// The struct's object type when it is built once and kept for the program's life (the
    /// derive does so for a struct without type parameters): a type at the same address
    /// (`Arc::ptr_eq`) has exactly the struct's attribute names, so reading or writing an
    /// object of that type compares no names. `None` by default.
    fn cached_type() -> Option<&'static conversion::CachedObjectType> {
        None
    }
}

impl<M: TfObject> crate::types::ObjectType<M> {
    /// The object type of model `M`, reporting each attribute's framework type as `M`'s field
    /// declares it (a provider-defined type stays itself). A derived struct's
    /// [`TerraformType::attr_type`] is the same object type without `M` in its Rust type
    /// (`ObjectType`, as Go's `types.ObjectType`): its methods are compiled once, not once
    /// per model.
    pub fn of_model() -> Self {
        Self::with_attribute_lookup(M::attribute_attr_type)
    }
}

/// An object's attribute values, sorted by name, for [`ObjectFields::from_checked_attributes`]:
/// either taken out of an object value whose names were checked to be the struct's (the
/// values alone, as the value keeps them), or a map by name.
pub struct AttributeValues {
    inner: ValuesInner,
}

enum ValuesInner {
    /// The values of an object of type `ty` in its attribute order; the names were checked.
    Checked {
        ty: Type,
        values: std::vec::IntoIter<Value>,
    },
    /// A map by name.
    Map(std::collections::btree_map::IntoIter<String, Value>),
}

impl AttributeValues {
    /// The values of an object of type `ty`, in its attribute order, whose attribute names
    /// are exactly the ones the reading struct expects.
    pub(crate) fn checked(ty: Type, values: Vec<Value>) -> AttributeValues {
        AttributeValues {
            inner: ValuesInner::Checked {
                ty,
                values: values.into_iter(),
            },
        }
    }

    /// Attributes by name.
    pub fn from_map(attributes: BTreeMap<String, Value>) -> AttributeValues {
        AttributeValues {
            inner: ValuesInner::Map(attributes.into_iter()),
        }
    }

    /// The attributes not read yet, by name.
    pub fn into_map(self) -> BTreeMap<String, Value> {
        match self.inner {
            ValuesInner::Checked { ty, values } => {
                let names = ty.as_object().map(ObjectType::attributes);
                let skip = names.map_or(0, |n| n.len() - values.len());
                names
                    .into_iter()
                    .flat_map(|n| n.keys().skip(skip).cloned())
                    .zip(values)
                    .collect()
            }
            ValuesInner::Map(entries) => entries.collect(),
        }
    }

    /// The next value in name order, which must be `name`'s: `None` when it is not (the
    /// names were not checked) or there is none left.
    #[inline(always)]
    pub fn next(&mut self, name: &str) -> Option<Value> {
        match &mut self.inner {
            // The names were checked to be the reader's, which reads them in name order.
            ValuesInner::Checked { values, .. } => values.next(),
            ValuesInner::Map(entries) => match entries.next() {
                Some((key, value)) if key == name => Some(value),
                _ => None,
            },
        }
    }
}

/// Where [`ObjectFields::write_attributes`] writes a struct's attribute values.
pub trait AttributeSink {
    /// Converts `field` to the type of attribute `name` and writes it. A failure (no such
    /// attribute, a field that does not convert, a value not of the attribute's type) is kept,
    /// the first one only, for the end of the writing.
    fn put<T: ToValue + ?Sized>(&mut self, name: &str, field: &T);
}

/// An object's attribute values as a struct writes them, by name and in any order (a struct
/// with flattened fields, or flattened into another); kept in the object type's attribute
/// order. Written in that order (as the derive does for a struct without flattened fields),
/// each attribute is found with one name comparison and its value pushed where it belongs.
pub struct AttributesOut<'t> {
    types: &'t ObjectType,
    /// The type's attributes after the one found last, with their positions.
    next: std::iter::Enumerate<std::collections::btree_map::Iter<'t, String, Type>>,
    /// The values written so far, while they come in the type's order.
    values: Vec<Value>,
    /// Once they do not: every attribute's value at its position.
    slots: Vec<Option<Value>>,
    ordered: bool,
    /// The first failure.
    error: Option<ConvertError>,
}

impl<'t> AttributesOut<'t> {
    /// Room for the attributes of `ty`.
    pub fn new(ty: &'t ObjectType) -> AttributesOut<'t> {
        AttributesOut {
            types: ty,
            next: ty.attributes().iter().enumerate(),
            values: Vec::with_capacity(ty.attributes().len()),
            slots: Vec::new(),
            ordered: true,
            error: None,
        }
    }

    /// Keeps `error` unless an earlier one is kept.
    #[cold]
    pub(crate) fn fail(&mut self, error: ConvertError) {
        self.error.get_or_insert(error);
    }

    /// The first failure of the writing, if any.
    pub fn take_error(&mut self) -> Option<ConvertError> {
        self.error.take()
    }

    fn in_order(&self) -> bool {
        self.ordered
    }

    /// Leaves the in-order mode: the values so far move to their slots.
    #[cold]
    fn leave_order(&mut self) {
        if self.ordered {
            self.ordered = false;
            self.slots = std::mem::take(&mut self.values)
                .into_iter()
                .map(Some)
                .chain(std::iter::repeat_with(|| None))
                .take(self.types.attributes().len())
                .collect();
        }
    }

    /// The position and type of attribute `name`, whose value is written next.
    #[inline]
    pub fn find(&mut self, name: &str) -> Option<(usize, &'t Type)> {
        if self.in_order()
            && let Some((i, (key, t))) = self.next.next()
            && key == name
        {
            return Some((i, t));
        }
        self.leave_order();
        self.types
            .attributes()
            .iter()
            .enumerate()
            .find(|(_, (key, _))| *key == name)
            .map(|(i, (_, t))| (i, t))
    }

    /// Sets the value of the attribute at `index` (from [`AttributesOut::find`]).
    #[inline]
    pub fn set(&mut self, index: usize, value: Value) {
        if self.in_order() && index == self.values.len() {
            self.values.push(value);
            return;
        }
        self.leave_order();
        if let Some(slot) = self.slots.get_mut(index) {
            *slot = Some(value);
        }
    }

    /// The values in the type's attribute order, or the position of the first attribute that
    /// was not written.
    ///
    /// # Errors
    /// An attribute was not written: its position.
    pub fn into_values(self) -> Result<Vec<Value>, usize> {
        let count = self.types.attributes().len();
        if self.in_order() {
            return if self.values.len() == count {
                Ok(self.values)
            } else {
                Err(self.values.len())
            };
        }
        if let Some(missing) = self.slots.iter().take(count).position(Option::is_none) {
            return Err(missing);
        }
        self.slots
            .into_iter()
            .take(count)
            .collect::<Option<Vec<_>>>()
            .ok_or(0)
    }
}

/// A [`TfObject`] that is the schema of a resource, data source or provider
/// (`#[tfsdk(schema)]`): every attribute is `required`, `optional` or `computed`.
pub trait TfSchema: TfObject {
    /// Documentation of the schema (`#[tfsdk(schema, description = "...")]`, or the struct's
    /// doc comment).
    const DESCRIPTION: Option<&'static str> = None;

    /// How [`TfSchema::DESCRIPTION`] is written (`#[tfsdk(description_kind = "plain")]`).
    const DESCRIPTION_KIND: DescriptionKind = DescriptionKind::Markdown;

    /// Rules over several top-level attributes (`#[tfsdk(exactly_one_of(a, b))]` and the
    /// others on the struct), by attribute name.
    const CONFIG_VALIDATORS: &'static [(crate::schema::ConfigRule, &'static [&'static str])] = &[];

    /// The typed view the derive writes next to the struct (`FileView` for `File`): the same
    /// fields, each holding null, unknown or a known value at every depth (see
    /// [`view`](crate::view)).
    type View: TfObject + Clone + std::fmt::Debug + PartialEq + Send + Sync + 'static;

    /// The schema: each attribute with its type and behaviours.
    fn schema() -> Schema {
        let mut attributes = BTreeMap::new();
        Self::collect_schema_attributes(&mut attributes);
        Schema::new(attributes)
            .with_description(Self::DESCRIPTION, Self::DESCRIPTION_KIND)
            .with_config_validators(crate::schema::ConfigValidator::all(Self::CONFIG_VALIDATORS))
    }

    /// The function that adds this model's schema attributes (nested ones and flattened
    /// structs' included) to a map: what [`TfSchema::schema`] is built from, as a plain `fn`
    /// that a server can keep per model to build a schema only when it is asked for. Its code
    /// sits with the rest of the schema code, so that building schemas touches few pages of a
    /// large binary.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use tfsdk_core::{TfObject, TfSchema};
    ///
    /// #[derive(TfObject)]
    /// #[tfsdk(schema)]
    /// struct Bucket {
    ///     #[tfsdk(name = "name", required)]
    ///     name: String,
    /// }
    ///
    /// let build = Bucket::attributes_fn();
    /// let mut attributes = BTreeMap::new();
    /// build(&mut attributes);
    /// assert!(attributes["name"].required);
    /// ```
    #[inline]
    fn attributes_fn() -> fn(&mut BTreeMap<String, crate::schema::Attribute>)
    where
        Self: Sized,
    {
        conversion::schema_attributes_of::<Self>
    }
}

/// The attribute names of a [`TfObject`] ([`ObjectFields::ATTRIBUTE_NAMES`]): its own, and those of each struct it flattens.
///
/// A tree rather than a list because constants cannot concatenate slices; the const functions
/// on it let the compiler reject duplicate names across flattened structs.
#[derive(Debug, Clone, Copy)]
pub struct AttributeNames {
    /// Names of the struct's own attributes.
    pub own: &'static [&'static str],
    /// The names of each flattened struct.
    pub flattened: &'static [&'static AttributeNames],
}

impl AttributeNames {
    /// Number of names in the tree.
    pub const fn len(&self) -> usize {
        let mut n = self.own.len();
        let mut i = 0;
        while i < self.flattened.len() {
            n += self.flattened[i].len();
            i += 1;
        }
        n
    }

    /// True when the tree holds no names.
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `index`-th name, own names first, then each flattened struct's in order.
    pub const fn get(&self, index: usize) -> Option<&'static str> {
        if index < self.own.len() {
            return Some(self.own[index]);
        }
        let mut rest = index - self.own.len();
        let mut i = 0;
        while i < self.flattened.len() {
            let len = self.flattened[i].len();
            if rest < len {
                return self.flattened[i].get(rest);
            }
            rest -= len;
            i += 1;
        }
        None
    }

    /// The first name that appears twice, if any.
    pub const fn first_duplicate(&self) -> Option<&'static str> {
        let len = self.len();
        let mut i = 0;
        while i < len {
            let mut j = i + 1;
            while j < len {
                if let (Some(a), Some(b)) = (self.get(i), self.get(j))
                    && str_eq(a, b)
                {
                    return Some(a);
                }
                j += 1;
            }
            i += 1;
        }
        None
    }

    /// All names, in tree order.
    pub fn to_vec(&self) -> Vec<&'static str> {
        (0..self.len()).filter_map(|i| self.get(i)).collect()
    }
}

/// Adds the name and type of each attribute that `collect` lists to `out` (the body of
/// [`ObjectFields::collect_attribute_types`], compiled once for every struct).
fn attribute_types_into(
    collect: fn(&mut BTreeMap<String, schema::Attribute>),
    out: &mut BTreeMap<String, Type>,
) {
    let mut attributes = BTreeMap::new();
    collect(&mut attributes);
    out.extend(attributes.into_iter().map(|(name, a)| (name, a.ty)));
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Stops compilation when a struct and the structs it flattens share an attribute name.
///
/// Called by generated code in a constant, so the check runs in the compiler.
///
/// # Panics
/// At compile time, naming the duplicate attribute.
pub const fn assert_unique_names(names: &AttributeNames) {
    if let Some(name) = names.first_duplicate() {
        panic!("{}", concat_duplicate_message(name).as_str());
    }
}

/// Room for the message of [`assert_unique_names`]: the text and an attribute name.
struct DuplicateMessage {
    bytes: [u8; 256],
    len: usize,
}

impl DuplicateMessage {
    const fn as_str(&self) -> &str {
        let (head, _) = self.bytes.split_at(self.len);
        match std::str::from_utf8(head) {
            Ok(s) => s,
            Err(_) => "duplicate attribute name across flattened structs",
        }
    }
}

const fn concat_duplicate_message(name: &str) -> DuplicateMessage {
    let parts: [&str; 3] = [
        "duplicate attribute name `",
        name,
        "` between a struct and a struct it flattens (#[tfsdk(flatten)]): attribute names must be unique across the object; rename one of the fields",
    ];
    let mut bytes = [0u8; 256];
    let mut len = 0;
    let mut p = 0;
    while p < parts.len() {
        let part = parts[p].as_bytes();
        let mut i = 0;
        while i < part.len() && len < bytes.len() {
            bytes[len] = part[i];
            len += 1;
            i += 1;
        }
        p += 1;
    }
    // Cutting a long name could split a UTF-8 character; attribute names are ASCII.
    DuplicateMessage { bytes, len }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INNER: AttributeNames = AttributeNames {
        own: &["x", "y"],
        flattened: &[],
    };
    const OUTER: AttributeNames = AttributeNames {
        own: &["a", "b"],
        flattened: &[&INNER],
    };
    const CLASH: AttributeNames = AttributeNames {
        own: &["a", "y"],
        flattened: &[&INNER],
    };

    #[test]
    fn names_tree_walks_own_then_flattened() {
        assert_eq!(OUTER.len(), 4);
        assert_eq!(OUTER.to_vec(), ["a", "b", "x", "y"]);
        assert_eq!(OUTER.get(4), None);
        assert_eq!(OUTER.first_duplicate(), None);
        assert_eq!(CLASH.first_duplicate(), Some("y"));
        const _: () = assert_unique_names(&OUTER);
    }

    #[test]
    fn duplicate_message_names_the_attribute() {
        assert!(
            concat_duplicate_message("port")
                .as_str()
                .starts_with("duplicate attribute name `port` between")
        );
    }
}
