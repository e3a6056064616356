//! Terraform types: the shape every value is checked against.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::Arc;

/// A Terraform type.
///
/// Complex types share their parts behind [`Arc`], so cloning a type is cheap whatever its
/// size. `Display` writes the type in the configuration language's constraint syntax:
///
/// ```
/// use tfsdk_core::tftypes::Type;
///
/// let ty = Type::list(Type::object([("a", Type::String), ("b", Type::Number)]));
/// assert_eq!(ty.to_string(), "list(object({a=string,b=number}))");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Type {
    /// Text.
    String,
    /// An arbitrary-precision decimal.
    Number,
    /// `true` or `false`.
    Bool,
    /// An ordered sequence of elements of one type.
    List(Arc<Type>),
    /// An unordered collection of unique elements of one type.
    Set(Arc<Type>),
    /// Elements of one type under string keys.
    Map(Arc<Type>),
    /// Named attributes, each with its own type.
    Object(Arc<ObjectType>),
    /// A fixed sequence of elements, each with its own type. (An `Arc<Vec<_>>` rather than an
    /// `Arc<[_]>`: a thin pointer keeps every `Type`, and so every `Value`, a word smaller.)
    Tuple(Arc<Vec<Type>>),
    /// The pseudo-type `any`: a value of any type, whose real type travels with it.
    Dynamic,
}

/// The attribute types of an object type, and which attributes are optional.
///
/// Optional attributes only exist in type constraints (a value always has every attribute).
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct ObjectType {
    // `optional` comes first so that the derived equality compares it first: a value's type
    // (never optional attributes) against a constraint's (some) then differs at once instead
    // of after walking every attribute, which keeps conversions of long lists cheap.
    optional: BTreeSet<String>,
    attributes: BTreeMap<String, Type>,
}

impl ObjectType {
    /// An object type with these attributes, none optional.
    pub fn new<K: Into<String>>(attributes: impl IntoIterator<Item = (K, Type)>) -> ObjectType {
        ObjectType::from_pairs(
            attributes
                .into_iter()
                .map(|(name, ty)| (name.into(), ty))
                .collect(),
        )
    }

    /// [`ObjectType::new`] past its generic part: the map (and the sort it does) is built
    /// here once, not once for every iterator type a caller passes (each derived model's).
    fn from_pairs(attributes: Vec<(String, Type)>) -> ObjectType {
        ObjectType {
            attributes: attributes.into_iter().collect(),
            optional: BTreeSet::new(),
        }
    }

    /// The type's attribute names that `attributes` lacks, in order.
    pub(crate) fn missing_from<V>(&self, attributes: &BTreeMap<String, V>) -> Vec<&str> {
        self.attributes
            .keys()
            .filter(|k| !attributes.contains_key(*k))
            .map(String::as_str)
            .collect()
    }

    /// The same type with these attributes marked optional.
    ///
    /// # Panics
    /// When a name is not an attribute of the type (a caller bug).
    pub fn with_optional<K: Into<String>>(mut self, names: impl IntoIterator<Item = K>) -> Self {
        for name in names {
            let name = name.into();
            assert!(
                self.attributes.contains_key(&name),
                "optional attribute {name:?} is not an attribute of the object type"
            );
            self.optional.insert(name);
        }
        self
    }

    /// Attribute names and types, sorted by name.
    pub fn attributes(&self) -> &BTreeMap<String, Type> {
        &self.attributes
    }

    /// The type of one attribute.
    pub fn attribute(&self, name: &str) -> Option<&Type> {
        self.attributes.get(name)
    }

    /// The position of attribute `name` in [`ObjectType::attributes`] (name order): where an
    /// object value keeps its value.
    pub fn attribute_index(&self, name: &str) -> Option<usize> {
        self.attributes.keys().position(|k| k == name)
    }

    /// Names of the optional attributes.
    pub fn optional(&self) -> &BTreeSet<String> {
        &self.optional
    }

    /// True when the attribute is optional.
    pub fn is_optional(&self, name: &str) -> bool {
        self.optional.contains(name)
    }
}

impl Type {
    /// `list(element)`.
    pub fn list(element: Type) -> Type {
        Type::List(Arc::new(element))
    }

    /// `set(element)`.
    pub fn set(element: Type) -> Type {
        Type::Set(Arc::new(element))
    }

    /// `map(element)`.
    pub fn map(element: Type) -> Type {
        Type::Map(Arc::new(element))
    }

    /// `tuple([elements…])`.
    pub fn tuple(elements: impl IntoIterator<Item = Type>) -> Type {
        Type::Tuple(Arc::new(elements.into_iter().collect()))
    }

    /// `object({name = type, …})` with no optional attributes.
    pub fn object<K: Into<String>>(attributes: impl IntoIterator<Item = (K, Type)>) -> Type {
        Type::Object(Arc::new(ObjectType::new(attributes)))
    }

    /// An object type from an [`ObjectType`].
    pub fn from_object(object: ObjectType) -> Type {
        Type::Object(Arc::new(object))
    }

    /// The element type of a list, set or map.
    pub fn element_type(&self) -> Option<&Type> {
        match self {
            Type::List(e) | Type::Set(e) | Type::Map(e) => Some(e),
            _ => None,
        }
    }

    /// The object type, for objects.
    pub fn as_object(&self) -> Option<&ObjectType> {
        match self {
            Type::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The element types, for tuples.
    pub fn tuple_elements(&self) -> Option<&[Type]> {
        match self {
            Type::Tuple(t) => Some(t),
            _ => None,
        }
    }

    /// String, number or bool.
    pub fn is_primitive(&self) -> bool {
        matches!(self, Type::String | Type::Number | Type::Bool)
    }

    /// List, set or map.
    pub fn is_collection(&self) -> bool {
        matches!(self, Type::List(_) | Type::Set(_) | Type::Map(_))
    }

    /// Object or tuple.
    pub fn is_structural(&self) -> bool {
        matches!(self, Type::Object(_) | Type::Tuple(_))
    }

    /// True for [`Type::Dynamic`] itself.
    pub fn is_dynamic(&self) -> bool {
        matches!(self, Type::Dynamic)
    }

    /// True when [`Type::Dynamic`] appears anywhere in the type.
    pub fn contains_dynamic(&self) -> bool {
        match self {
            Type::String | Type::Number | Type::Bool => false,
            Type::Dynamic => true,
            Type::List(e) | Type::Set(e) | Type::Map(e) => e.contains_dynamic(),
            Type::Object(o) => o.attributes.values().any(Type::contains_dynamic),
            Type::Tuple(t) => t.iter().any(Type::contains_dynamic),
        }
    }

    /// True when a value of this type may stand where `wanted` is declared: the types are
    /// equal, or `wanted` has [`Type::Dynamic`] where this type has anything.
    ///
    /// ```
    /// # use tfsdk_core::tftypes::Type;
    /// assert!(Type::list(Type::String).usable_as(&Type::list(Type::Dynamic)));
    /// assert!(!Type::list(Type::Dynamic).usable_as(&Type::list(Type::String)));
    /// ```
    #[inline]
    pub fn usable_as(&self, wanted: &Type) -> bool {
        // The usual cases inline, where a value's type is often known at compile time (a
        // string is of type string); the walk over collections and objects out of line.
        match (self, wanted) {
            (_, Type::Dynamic)
            | (Type::String, Type::String)
            | (Type::Number, Type::Number)
            | (Type::Bool, Type::Bool) => true,
            (Type::String | Type::Number | Type::Bool, _) => false,
            (Type::Object(a), Type::Object(b)) if Arc::ptr_eq(a, b) => true,
            _ => self.usable_as_structurally(wanted),
        }
    }

    /// [`Type::usable_as`] for collections, tuples and objects (primitives and `Dynamic` are
    /// settled there), by walking both types.
    #[inline(never)]
    fn usable_as_structurally(&self, wanted: &Type) -> bool {
        match (self, wanted) {
            (Type::List(a), Type::List(b))
            | (Type::Set(a), Type::Set(b))
            | (Type::Map(a), Type::Map(b)) => Arc::ptr_eq(a, b) || a.usable_as(b),
            (Type::Tuple(a), Type::Tuple(b)) => {
                Arc::ptr_eq(a, b)
                    || (a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x.usable_as(y)))
            }
            (Type::Object(a), Type::Object(b)) => {
                Arc::ptr_eq(a, b)
                    || (a.attributes.len() == b.attributes.len()
                        && a.attributes.iter().zip(b.attributes.iter()).all(
                            |((name_a, ty_a), (name_b, ty_b))| {
                                name_a == name_b && ty_a.usable_as(ty_b)
                            },
                        ))
            }
            _ => false,
        }
    }

    /// How deeply types nest inside this one (a primitive is 1, `list(string)` is 2).
    pub fn depth(&self) -> usize {
        match self {
            Type::String | Type::Number | Type::Bool | Type::Dynamic => 1,
            Type::List(e) | Type::Set(e) | Type::Map(e) => 1 + e.depth(),
            Type::Object(o) => 1 + o.attributes.values().map(Type::depth).max().unwrap_or(0),
            Type::Tuple(t) => 1 + t.iter().map(Type::depth).max().unwrap_or(0),
        }
    }

    /// A short human name for messages: `string`, `list of number`, `object`, `tuple`.
    pub fn friendly_name(&self) -> String {
        match self {
            Type::String => "string".into(),
            Type::Number => "number".into(),
            Type::Bool => "bool".into(),
            Type::Dynamic => "dynamic".into(),
            Type::List(e) => format!("list of {}", e.friendly_name()),
            Type::Set(e) => format!("set of {}", e.friendly_name()),
            Type::Map(e) => format!("map of {}", e.friendly_name()),
            Type::Object(_) => "object".into(),
            Type::Tuple(_) => "tuple".into(),
        }
    }
}

impl fmt::Display for Type {
    /// Canonical constraint syntax: no spaces, attributes sorted, `any` for dynamic.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::String => f.write_str("string"),
            Type::Number => f.write_str("number"),
            Type::Bool => f.write_str("bool"),
            Type::Dynamic => f.write_str("any"),
            Type::List(e) => write!(f, "list({e})"),
            Type::Set(e) => write!(f, "set({e})"),
            Type::Map(e) => write!(f, "map({e})"),
            Type::Tuple(elements) => {
                write_separated(f, ["tuple([", ",", "])"], elements.iter(), |f, e| {
                    write!(f, "{e}")
                })
            }
            Type::Object(object) => write_separated(
                f,
                ["object({", ",", "})"],
                &object.attributes,
                |f, (name, ty)| {
                    if object.optional.contains(name) {
                        write!(f, "{name}=optional({ty})")
                    } else {
                        write!(f, "{name}={ty}")
                    }
                },
            ),
        }
    }
}

/// Writes `items` each by `write`, between `open` and `close` and with `separator` between
/// them (`[open, separator, close]`): the list syntax of [`Type`]'s and [`Value`]'s displays.
///
/// [`Value`]: super::Value
pub(crate) fn write_separated<T>(
    f: &mut fmt::Formatter<'_>,
    [open, separator, close]: [&str; 3],
    items: impl IntoIterator<Item = T>,
    mut write: impl FnMut(&mut fmt::Formatter<'_>, T) -> fmt::Result,
) -> fmt::Result {
    f.write_str(open)?;
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            f.write_str(separator)?;
        }
        write(f, item)?;
    }
    f.write_str(close)
}

impl fmt::Debug for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Type({self})")
    }
}

impl fmt::Debug for ObjectType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", Type::from_object(self.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_is_canonical_constraint_syntax() {
        let ty = Type::object([
            ("website", Type::map(Type::String)),
            ("b", Type::tuple([Type::Bool, Type::set(Type::Number)])),
            ("a", Type::list(Type::Dynamic)),
        ]);
        assert_eq!(
            ty.to_string(),
            "object({a=list(any),b=tuple([bool,set(number)]),website=map(string)})"
        );
        let optional = Type::from_object(
            ObjectType::new([("a", Type::String), ("b", Type::Number)]).with_optional(["b"]),
        );
        assert_eq!(
            optional.to_string(),
            "object({a=string,b=optional(number)})"
        );
        assert_eq!(Type::tuple([]).to_string(), "tuple([])");
        assert_eq!(Type::object::<String>([]).to_string(), "object({})");
    }

    #[test]
    fn equality_is_structural() {
        assert_eq!(Type::list(Type::String), Type::list(Type::String));
        assert_ne!(Type::list(Type::String), Type::set(Type::String));
        assert_ne!(
            Type::object([("a", Type::String)]),
            Type::from_object(ObjectType::new([("a", Type::String)]).with_optional(["a"]))
        );
    }

    #[test]
    fn usable_as_treats_dynamic_as_a_wildcard() {
        let concrete = Type::object([("a", Type::list(Type::String))]);
        assert!(concrete.usable_as(&Type::Dynamic));
        assert!(concrete.usable_as(&Type::object([("a", Type::list(Type::Dynamic))])));
        assert!(!concrete.usable_as(&Type::object([("b", Type::list(Type::Dynamic))])));
        assert!(!Type::Dynamic.usable_as(&Type::String));
        assert!(Type::tuple([Type::String]).usable_as(&Type::tuple([Type::Dynamic])));
        assert!(!Type::tuple([Type::String]).usable_as(&Type::tuple([])));
    }

    #[test]
    fn helpers_describe_the_type() {
        let ty = Type::list(Type::map(Type::Dynamic));
        assert!(ty.contains_dynamic());
        assert_eq!(ty.depth(), 3);
        assert_eq!(ty.friendly_name(), "list of map of dynamic");
        assert_eq!(ty.element_type(), Some(&Type::map(Type::Dynamic)));
        assert!(Type::String.is_primitive());
        assert!(Type::set(Type::Bool).is_collection());
        assert!(Type::tuple([]).is_structural());
    }
}
