//! Terraform values: typed, and null or unknown at any level.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;

use super::set_elements::{self, duplicate_in_set};
use super::short_str::{MapKey, ShortStr};
use super::types::write_separated;
use super::{Attributes, Number, ObjectType, Type};
use crate::path::{AttributePath, PathStep};

/// A Terraform value: a [`Type`] and either null, unknown, or known data of that type.
///
/// Known collections and objects may hold null or unknown parts. Constructors check the data
/// against the type: element types, every object attribute present, set elements unique.
///
/// ```
/// use tfsdk_core::tftypes::{Type, Value};
///
/// let tags = Value::map(
///     Type::String,
///     [("env", Value::from("prod")), ("team", Value::null(Type::String))],
/// )
/// .unwrap();
/// assert_eq!(tags.ty(), &Type::map(Type::String));
/// assert!(tags.as_map().unwrap()["team"].is_null());
///
/// // An element of the wrong type is rejected, with its path.
/// let err = Value::list(Type::String, [Value::from("a"), Value::from(1)]).unwrap_err();
/// assert_eq!(err.to_string(), "[1]: expected string, found number");
/// ```
///
/// # Representation
///
/// A value is its type and its data. Types share their parts behind `Arc`, so the type each
/// element of a collection carries is a reference-count bump, not a copy (and a dynamic
/// element's concrete type has to travel with it anyway). An object keeps only its attribute
/// values, in its type's attribute order: the names live once, in the type. Strings are one
/// allocation of exactly their length; numbers that fit a machine mantissa are inline.
#[derive(Clone)]
pub struct Value {
    ty: Type,
    repr: Repr,
}

/// Equal type and data; a set's elements in any order.
impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        if self.ty != other.ty {
            return false;
        }
        match (&self.repr, &other.repr) {
            (Repr::Elements(a), Repr::Elements(b)) if matches!(self.ty, Type::Set(_)) => {
                set_elements::same_elements(a, b)
            }
            (a, b) => a == b,
        }
    }
}

impl Eq for Value {}

/// Consistent with equality: a set's elements hash in any order alike.
impl std::hash::Hash for Value {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.ty.hash(state);
        match &self.repr {
            Repr::Elements(elements) if matches!(self.ty, Type::Set(_)) => {
                state.write_usize(elements.len());
                state.write_u64(set_elements::unordered_hash(elements));
            }
            repr => repr.hash(state),
        }
    }
}

// A word-sized tag: a value is then moved as whole aligned words. With a byte-sized tag the
// compiler copies the bytes after it in unaligned pieces, and reading them back as words
// stalls the processor (store forwarding fails), once per value built.
#[derive(Clone, PartialEq, Eq, Hash)]
#[repr(u64)]
enum Repr {
    Null,
    Unknown,
    /// A string of at most [`ShortStr::CAPACITY`] bytes, in place. Every shorter string is
    /// here and every longer one in `String`, so equal strings have equal representations.
    ShortString(ShortStr),
    /// A longer string.
    String(Box<str>),
    Number(Number),
    Bool(bool),
    /// List, set or tuple elements, in the order given or read (a set's order carries no
    /// meaning: `Value`'s equality and hash ignore it).
    Elements(Box<[Value]>),
    /// Map entries, sorted by key, no key twice: one allocation, read in order by every walk
    /// (a `BTreeMap` here cost a tree built, walked and freed node by node for each map), and
    /// keys of up to 15 bytes in place.
    Map(Box<[(MapKey, Value)]>),
    /// Object attribute values, in the order of the object type's attributes (by name).
    Object(Box<[Value]>),
}

impl Repr {
    /// A string's representation: in place when short, else the string's own allocation
    /// (kept, not copied).
    #[inline]
    fn string(text: String) -> Repr {
        match ShortStr::new(&text) {
            Some(short) => Repr::ShortString(short),
            None => Repr::String(text.into_boxed_str()),
        }
    }
}

/// A borrowed view of a value's state and data, for `match`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ValueKind<'a> {
    /// The value is null.
    Null,
    /// The value is not known yet.
    Unknown,
    /// A known string.
    String(&'a str),
    /// A known number.
    Number(&'a Number),
    /// A known bool.
    Bool(bool),
    /// A known list.
    List(&'a [Value]),
    /// A known set, in the order its elements were given or read.
    Set(&'a [Value]),
    /// A known map.
    Map(Attributes<'a>),
    /// A known object.
    Object(Attributes<'a>),
    /// A known tuple.
    Tuple(&'a [Value]),
}

/// A value taken apart: its state and owned data, for conversions that move data out.
#[derive(Clone, Debug, PartialEq)]
pub enum ValueData {
    /// The value was null.
    Null,
    /// The value was unknown.
    Unknown,
    /// A known string.
    String(String),
    /// A known number.
    Number(Number),
    /// A known bool.
    Bool(bool),
    /// A known list.
    List(Vec<Value>),
    /// A known set, in the order its elements were given or read.
    Set(Vec<Value>),
    /// A known map.
    Map(BTreeMap<String, Value>),
    /// A known object, by attribute name ([`Value::into_object_values`] takes the values
    /// apart without copying the names).
    Object(BTreeMap<String, Value>),
    /// A known tuple.
    Tuple(Vec<Value>),
}

/// A value that does not fit its type, or bytes that do not decode into one; with the path of
/// the offending part.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct ValueError {
    /// Where, from the root of the value.
    pub path: AttributePath,
    /// What went wrong.
    pub message: String,
}

impl ValueError {
    /// An error at the root of the value.
    pub fn new(message: impl Into<String>) -> ValueError {
        ValueError {
            path: AttributePath::empty(),
            message: message.into(),
        }
    }

    /// The same error one step further from the root (used while unwinding).
    pub fn under(mut self, step: PathStep) -> ValueError {
        let mut path = AttributePath::from(step);
        path = path.join(&self.path);
        self.path = path;
        self
    }
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

impl std::error::Error for ValueError {}

impl From<Box<ValueError>> for ValueError {
    fn from(error: Box<ValueError>) -> ValueError {
        *error
    }
}

fn mismatch(found: &Type, wanted: &Type) -> ValueError {
    ValueError::new(format!("expected {wanted}, found {found}"))
}

impl Value {
    /// A null value of type `ty`.
    pub fn null(ty: Type) -> Value {
        Value {
            ty,
            repr: Repr::Null,
        }
    }

    /// An unknown value of type `ty`.
    pub fn unknown(ty: Type) -> Value {
        Value {
            ty,
            repr: Repr::Unknown,
        }
    }

    /// A known string.
    pub fn string(value: impl Into<String>) -> Value {
        Value {
            ty: Type::String,
            repr: Repr::string(value.into()),
        }
    }

    /// A known string copied from `text`: no allocation when it is short.
    #[inline]
    pub(crate) fn str(text: &str) -> Value {
        Value {
            ty: Type::String,
            repr: match ShortStr::new(text) {
                Some(short) => Repr::ShortString(short),
                None => Repr::String(text.into()),
            },
        }
    }

    /// A known number.
    pub fn number(value: impl Into<Number>) -> Value {
        Value {
            ty: Type::Number,
            repr: Repr::Number(value.into()),
        }
    }

    /// A known bool.
    pub fn bool(value: bool) -> Value {
        Value {
            ty: Type::Bool,
            repr: Repr::Bool(value),
        }
    }

    /// A known list of `element` values.
    ///
    /// # Errors
    /// An element whose type is not usable as `element`; under a dynamic element type, elements
    /// of different types (a list holds one type).
    pub fn list(
        element: Type,
        elements: impl IntoIterator<Item = Value>,
    ) -> Result<Value, ValueError> {
        let elements =
            checked_sequence(&element, elements, |i, _| PathStep::ElementKeyInt(i as i64))?;
        Ok(Value {
            ty: Type::list(element),
            repr: Repr::Elements(elements.into_boxed_slice()),
        })
    }

    /// A known set of `element` values, in the order given (as Go's `tftypes.NewValue`; the
    /// order carries no meaning: two sets with the same elements are equal and hash alike).
    ///
    /// # Errors
    /// As [`Value::list`], and duplicate elements. Elements that are not wholly known are
    /// never duplicates: an unknown may turn out to be anything.
    pub fn set(
        element: Type,
        elements: impl IntoIterator<Item = Value>,
    ) -> Result<Value, ValueError> {
        let elements = checked_sequence(&element, elements, |_, v| {
            PathStep::ElementKeyValue(v.clone())
        })?;
        if let Some(at) = duplicate_in_set(&elements) {
            return Err(duplicate_set_element(&elements[at]));
        }
        Ok(Value {
            ty: Type::set(element),
            repr: Repr::Elements(elements.into_boxed_slice()),
        })
    }

    /// A known map of `element` values.
    ///
    /// # Errors
    /// As [`Value::list`].
    pub fn map<K: Into<String>>(
        element: Type,
        elements: impl IntoIterator<Item = (K, Value)>,
    ) -> Result<Value, ValueError> {
        let elements: BTreeMap<String, Value> =
            elements.into_iter().map(|(k, v)| (k.into(), v)).collect();
        check_elements(
            &element,
            elements
                .iter()
                .map(|(k, v)| (PathStep::ElementKeyString(k.clone()), v)),
        )?;
        Ok(Value {
            ty: Type::map(element),
            repr: Repr::Map(map_entries(elements)),
        })
    }

    /// A known tuple with these element types.
    ///
    /// # Errors
    /// A length mismatch or an element whose type is not usable as its position's type.
    pub fn tuple(
        types: impl IntoIterator<Item = Type>,
        elements: impl IntoIterator<Item = Value>,
    ) -> Result<Value, ValueError> {
        let types: Vec<Type> = types.into_iter().collect();
        let elements: Vec<Value> = elements.into_iter().collect();
        if types.len() != elements.len() {
            return Err(ValueError::new(format!(
                "a tuple of {} elements needs {} values, found {}",
                types.len(),
                types.len(),
                elements.len()
            )));
        }
        for (i, (ty, v)) in types.iter().zip(&elements).enumerate() {
            if !v.ty.usable_as(ty) {
                return Err(mismatch(&v.ty, ty).under(PathStep::ElementKeyInt(i as i64)));
            }
        }
        Ok(Value {
            ty: Type::tuple(types),
            repr: Repr::Elements(elements.into_boxed_slice()),
        })
    }

    /// A known tuple whose type is read off its elements.
    pub fn tuple_of(elements: impl IntoIterator<Item = Value>) -> Value {
        let elements: Vec<Value> = elements.into_iter().collect();
        Value {
            ty: Type::tuple(elements.iter().map(|v| v.ty.clone())),
            repr: Repr::Elements(elements.into_boxed_slice()),
        }
    }

    /// A known object of type `ty` (an object type).
    ///
    /// # Errors
    /// `ty` is not an object type or has optional attributes (those belong to type
    /// constraints, not values); an attribute is missing, extra, or of the wrong type.
    pub fn object<K: Into<String>>(
        ty: Type,
        attributes: impl IntoIterator<Item = (K, Value)>,
    ) -> Result<Value, ValueError> {
        let Some(object) = ty.as_object() else {
            return Err(ValueError::new(format!("{ty} is not an object type")));
        };
        if !object.optional().is_empty() {
            return Err(ValueError::new(
                "object values cannot have optional attributes; optional attributes only exist in type constraints",
            ));
        }
        let attributes: BTreeMap<String, Value> =
            attributes.into_iter().map(|(k, v)| (k.into(), v)).collect();
        check_attributes(object, &attributes)?;
        Ok(Value {
            ty,
            repr: Repr::Object(attributes.into_values().collect()),
        })
    }

    /// A known object of type `ty` (an object type) from its attribute values in the type's
    /// attribute order (sorted by name, as [`ObjectType::attributes`]): no names to pass or
    /// look up.
    ///
    /// ```
    /// use tfsdk_core::tftypes::{Type, Value};
    ///
    /// let ty = Type::object([("b", Type::Bool), ("a", Type::String)]);
    /// let value = Value::object_in_order(ty, vec![Value::from("x"), Value::from(true)]).unwrap();
    /// assert_eq!(value.to_string(), r#"{"a" = "x", "b" = true}"#);
    /// ```
    ///
    /// # Errors
    /// As [`Value::object`]; a missing or extra value is a count mismatch.
    pub fn object_in_order(ty: Type, values: Vec<Value>) -> Result<Value, ValueError> {
        let Some(object) = ty.as_object() else {
            return Err(ValueError::new(format!("{ty} is not an object type")));
        };
        if !object.optional().is_empty() {
            return Err(ValueError::new(
                "object values cannot have optional attributes; optional attributes only exist in type constraints",
            ));
        }
        if values.len() != object.attributes().len() {
            return Err(ValueError::new(format!(
                "object attributes do not match the type: {} values for {} attributes",
                values.len(),
                object.attributes().len()
            )));
        }
        for ((name, t), v) in object.attributes().iter().zip(&values) {
            if !v.ty.usable_as(t) {
                return Err(mismatch(&v.ty, t).under(PathStep::AttributeName(name.clone())));
            }
        }
        Ok(Value {
            ty,
            repr: Repr::Object(values.into_boxed_slice()),
        })
    }

    /// A known object whose type is read off its attributes.
    pub fn object_of<K: Into<String>>(attributes: impl IntoIterator<Item = (K, Value)>) -> Value {
        let attributes: BTreeMap<String, Value> =
            attributes.into_iter().map(|(k, v)| (k.into(), v)).collect();
        Value {
            ty: Type::object(attributes.iter().map(|(k, v)| (k.clone(), v.ty.clone()))),
            repr: Repr::Object(attributes.into_values().collect()),
        }
    }

    /// The value's type. For a known value under a dynamic type this is its concrete type.
    pub fn ty(&self) -> &Type {
        &self.ty
    }

    /// True when null.
    pub fn is_null(&self) -> bool {
        matches!(self.repr, Repr::Null)
    }

    /// True when unknown (the value itself; parts of a known value may still be unknown).
    pub fn is_unknown(&self) -> bool {
        matches!(self.repr, Repr::Unknown)
    }

    /// True when neither null nor unknown.
    pub fn is_known(&self) -> bool {
        !self.is_null() && !self.is_unknown()
    }

    /// True when no part of the value, at any depth, is unknown.
    pub fn is_wholly_known(&self) -> bool {
        match &self.repr {
            Repr::Unknown => false,
            Repr::Elements(elements) | Repr::Object(elements) => {
                elements.iter().all(Value::is_wholly_known)
            }
            Repr::Map(entries) => entries.iter().all(|(_, v)| v.is_wholly_known()),
            _ => true,
        }
    }

    /// The state and data, for `match`.
    pub fn kind(&self) -> ValueKind<'_> {
        match &self.repr {
            Repr::Null => ValueKind::Null,
            Repr::Unknown => ValueKind::Unknown,
            Repr::ShortString(s) => ValueKind::String(s.as_str()),
            Repr::String(s) => ValueKind::String(s),
            Repr::Number(n) => ValueKind::Number(n),
            Repr::Bool(b) => ValueKind::Bool(*b),
            Repr::Elements(e) => match self.ty {
                Type::Set(_) => ValueKind::Set(e),
                Type::Tuple(_) => ValueKind::Tuple(e),
                _ => ValueKind::List(e),
            },
            Repr::Map(m) => ValueKind::Map(Attributes::map(m)),
            Repr::Object(values) => match self.object_type() {
                Some(object) => ValueKind::Object(Attributes::object(object, values)),
                None => ValueKind::Null,
            },
        }
    }

    /// The object type of an object value.
    fn object_type(&self) -> Option<&ObjectType> {
        self.ty.as_object()
    }

    /// The type and owned data.
    #[inline]
    pub fn into_parts(self) -> (Type, ValueData) {
        let data = match self.repr {
            Repr::Null => ValueData::Null,
            Repr::Unknown => ValueData::Unknown,
            Repr::ShortString(s) => ValueData::String(s.as_str().to_owned()),
            Repr::String(s) => ValueData::String(s.into_string()),
            Repr::Number(n) => ValueData::Number(n),
            Repr::Bool(b) => ValueData::Bool(b),
            Repr::Elements(e) => match self.ty {
                Type::Set(_) => ValueData::Set(e.into_vec()),
                Type::Tuple(_) => ValueData::Tuple(e.into_vec()),
                _ => ValueData::List(e.into_vec()),
            },
            Repr::Map(entries) => ValueData::Map(
                entries
                    .into_vec()
                    .into_iter()
                    .map(|(k, v)| (k.into_string(), v))
                    .collect(),
            ),
            Repr::Object(values) => object_data(&self.ty, values),
        };
        (self.ty, data)
    }

    /// The text of a known string; any other value back as it was. For conversions that
    /// move the text out without taking the value apart.
    #[inline]
    pub(crate) fn into_string(self) -> Result<String, Value> {
        match self.repr {
            Repr::ShortString(s) => Ok(s.as_str().to_owned()),
            Repr::String(s) => Ok(s.into_string()),
            repr => Err(Value { ty: self.ty, repr }),
        }
    }

    /// The number of a known number; any other value back as it was.
    #[inline]
    pub(crate) fn into_number(self) -> Result<Number, Value> {
        match self.repr {
            Repr::Number(n) => Ok(n),
            repr => Err(Value { ty: self.ty, repr }),
        }
    }

    /// A known object's type and attribute values, in the type's attribute order (sorted by
    /// name); any other value back as it was.
    ///
    /// # Errors
    /// The value is not a known object: it comes back unchanged.
    pub fn into_object_values(self) -> Result<(Type, Vec<Value>), Value> {
        match self.repr {
            Repr::Object(values) => Ok((self.ty, values.into_vec())),
            repr => Err(Value { ty: self.ty, repr }),
        }
    }

    /// The string, when this is a known string.
    pub fn as_str(&self) -> Option<&str> {
        match &self.repr {
            Repr::ShortString(s) => Some(s.as_str()),
            Repr::String(s) => Some(s),
            _ => None,
        }
    }

    /// The number, when this is a known number.
    pub fn as_number(&self) -> Option<&Number> {
        match &self.repr {
            Repr::Number(n) => Some(n),
            _ => None,
        }
    }

    /// The bool, when this is a known bool.
    pub fn as_bool(&self) -> Option<bool> {
        match &self.repr {
            Repr::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The elements of a known list, set or tuple.
    pub fn as_elements(&self) -> Option<&[Value]> {
        match &self.repr {
            Repr::Elements(e) => Some(e),
            _ => None,
        }
    }

    /// The elements of a known map or attributes of a known object, by name.
    pub fn as_attributes(&self) -> Option<Attributes<'_>> {
        match self.kind() {
            ValueKind::Map(a) | ValueKind::Object(a) => Some(a),
            _ => None,
        }
    }

    /// The elements of a known map, by key.
    pub fn as_map(&self) -> Option<Attributes<'_>> {
        match &self.repr {
            Repr::Map(entries) => Some(Attributes::map(entries)),
            _ => None,
        }
    }

    /// A known map's entries, sorted by key; any other value back as it was. For conversions
    /// that move the entries out without building a `BTreeMap`.
    pub(crate) fn into_map_entries(
        self,
    ) -> Result<impl ExactSizeIterator<Item = (String, Value)>, Value> {
        match self.repr {
            Repr::Map(entries) => Ok(entries
                .into_vec()
                .into_iter()
                .map(|(k, v)| (k.into_string(), v))),
            repr => Err(Value { ty: self.ty, repr }),
        }
    }

    /// The attributes of a known object, by name.
    pub fn as_object(&self) -> Option<Attributes<'_>> {
        match (self.object_type(), &self.repr) {
            (Some(object), Repr::Object(values)) => Some(Attributes::object(object, values)),
            _ => None,
        }
    }

    /// The attribute values of a known object, in its type's attribute order (sorted by name).
    pub fn object_values(&self) -> Option<&[Value]> {
        match &self.repr {
            Repr::Object(values) => Some(values),
            _ => None,
        }
    }

    /// One attribute of a known object.
    pub fn attribute(&self, name: &str) -> Option<&Value> {
        match (self.object_type(), &self.repr) {
            (Some(object), Repr::Object(values)) => values.get(object.attribute_index(name)?),
            _ => None,
        }
    }

    /// Follows a path into the value; `None` when a step does not exist or crosses a null or
    /// unknown value.
    pub fn at_path(&self, path: &AttributePath) -> Option<&Value> {
        let mut current = self;
        for step in path.steps() {
            current = match (step, &current.repr) {
                (PathStep::AttributeName(name), Repr::Object(_)) => current.attribute(name)?,
                (PathStep::ElementKeyString(key), Repr::Map(entries)) => {
                    Attributes::map(entries).get(key)?
                }
                (PathStep::ElementKeyInt(i), Repr::Elements(e))
                    if !matches!(current.ty, Type::Set(_)) =>
                {
                    e.get(usize::try_from(*i).ok()?)?
                }
                (PathStep::ElementKeyValue(v), Repr::Elements(e))
                    if matches!(current.ty, Type::Set(_)) =>
                {
                    e.iter().find(|x| *x == v)?
                }
                _ => return None,
            };
        }
        Some(current)
    }

    /// Feeds this value's content, not its type, to `state`: for finding equal elements of one
    /// set, which all have one type. Equal values feed the same: the two string representations
    /// alike, and a set's elements in any order (as the wrapping sum of their own hashes). A
    /// value's nesting shows in what is fed (lengths and variant tags).
    pub(super) fn hash_content(&self, state: &mut impl std::hash::Hasher) {
        use std::hash::Hash;
        match &self.repr {
            Repr::Null => state.write_u8(0),
            Repr::Unknown => state.write_u8(1),
            Repr::ShortString(text) => {
                state.write_u8(2);
                text.as_str().hash(state);
            }
            Repr::String(text) => {
                state.write_u8(2);
                text.hash(state);
            }
            Repr::Number(number) => {
                state.write_u8(3);
                number.hash(state);
            }
            Repr::Bool(flag) => state.write_u8(4 + u8::from(*flag)),
            Repr::Elements(values) if matches!(self.ty, Type::Set(_)) => {
                state.write_u8(8);
                state.write_usize(values.len());
                state.write_u64(set_elements::unordered_hash(values));
            }
            Repr::Elements(values) | Repr::Object(values) => {
                state.write_u8(6);
                state.write_usize(values.len());
                for value in values {
                    value.hash_content(state);
                }
            }
            Repr::Map(entries) => {
                state.write_u8(7);
                state.write_usize(entries.len());
                for (key, value) in entries.iter() {
                    key.as_str().hash(state);
                    value.hash_content(state);
                }
            }
        }
    }

    /// How deeply values nest inside this one (a primitive or null is 1).
    pub fn depth(&self) -> usize {
        match &self.repr {
            Repr::Elements(e) | Repr::Object(e) => {
                1 + e.iter().map(Value::depth).max().unwrap_or(0)
            }
            Repr::Map(entries) => 1 + entries.iter().map(|(_, v)| v.depth()).max().unwrap_or(0),
            _ => 1,
        }
    }

    /// Checks that this value may stand where `ty` is declared.
    ///
    /// # Errors
    /// When the value's type is not usable as `ty`.
    pub fn check_type(&self, ty: &Type) -> Result<(), ValueError> {
        if self.ty.usable_as(ty) {
            Ok(())
        } else {
            Err(mismatch(&self.ty, ty))
        }
    }

    /// A total order on values, consistent with equality: known before null before unknown;
    /// strings by bytes, numbers by value, `false` before `true`; lists, tuples, maps and
    /// objects element by element; sets by their elements in this order.
    pub fn canonical_cmp(a: &Value, b: &Value) -> Ordering {
        fn rank(v: &Value) -> u8 {
            match v.repr {
                Repr::Null => 1,
                Repr::Unknown => 2,
                _ => 0,
            }
        }
        match rank(a).cmp(&rank(b)) {
            Ordering::Equal => {}
            other => return other,
        }
        match (&a.repr, &b.repr) {
            (Repr::ShortString(x), Repr::ShortString(y)) => x.as_bytes().cmp(y.as_bytes()),
            (Repr::String(x), Repr::String(y)) => x.cmp(y),
            (Repr::ShortString(x), Repr::String(y)) => x.as_bytes().cmp(y.as_bytes()),
            (Repr::String(x), Repr::ShortString(y)) => x.as_bytes().cmp(y.as_bytes()),
            (Repr::Number(x), Repr::Number(y)) => x.cmp(y),
            (Repr::Bool(x), Repr::Bool(y)) => x.cmp(y),
            (Repr::Elements(x), Repr::Elements(y))
                if matches!(a.ty, Type::Set(_)) && matches!(b.ty, Type::Set(_)) =>
            {
                set_elements::cmp_unordered(x, y)
            }
            (Repr::Elements(x), Repr::Elements(y)) => {
                for (p, q) in x.iter().zip(y) {
                    match Value::canonical_cmp(p, q) {
                        Ordering::Equal => {}
                        other => return other,
                    }
                }
                x.len().cmp(&y.len())
            }
            // Objects of one type have the same attribute names in the same order: compare
            // the values alone (a set's elements all share one type, so this is the usual case).
            (Repr::Object(x), Repr::Object(y)) if a.ty == b.ty => {
                for (p, q) in x.iter().zip(y.iter()) {
                    match Value::canonical_cmp(p, q) {
                        Ordering::Equal => {}
                        other => return other,
                    }
                }
                return Ordering::Equal;
            }
            (Repr::Map(_), Repr::Map(_)) | (Repr::Object(_), Repr::Object(_)) => {
                let (Some(x), Some(y)) = (a.as_attributes(), b.as_attributes()) else {
                    return Ordering::Equal;
                };
                for ((kp, p), (kq, q)) in x.iter().zip(y) {
                    match kp.cmp(kq).then_with(|| Value::canonical_cmp(p, q)) {
                        Ordering::Equal => {}
                        other => return other,
                    }
                }
                x.len().cmp(&y.len())
            }
            (Repr::Null, Repr::Null) | (Repr::Unknown, Repr::Unknown) => Ordering::Equal,
            _ => Ordering::Equal,
        }
        .then_with(|| {
            if a.ty == b.ty {
                Ordering::Equal
            } else {
                a.ty.to_string().cmp(&b.ty.to_string())
            }
        })
    }

    /// Builds a value from its parts without checking the data against the type: the inverse
    /// of [`into_parts`](Value::into_parts), for decoders and conversions that produce
    /// well-typed data by construction and would otherwise pay for the checks of
    /// [`Value::list`], [`Value::object`] and the other constructors.
    ///
    /// The caller guarantees that `data` is a value of `ty` (as those constructors would
    /// accept it). A value that breaks this is not memory-unsafe, but encoders and conversions may
    /// then report errors or write what Terraform rejects.
    ///
    /// ```
    /// use tfsdk_core::tftypes::{Type, Value, ValueData};
    ///
    /// let value = Value::from_parts_unchecked(Type::String, ValueData::String("a".into()));
    /// assert_eq!(value, Value::from("a"));
    /// ```
    pub fn from_parts_unchecked(ty: Type, data: ValueData) -> Value {
        let repr = match data {
            ValueData::Null => Repr::Null,
            ValueData::Unknown => Repr::Unknown,
            ValueData::String(s) => Repr::string(s),
            ValueData::Number(n) => Repr::Number(n),
            ValueData::Bool(b) => Repr::Bool(b),
            ValueData::List(e) | ValueData::Tuple(e) => Repr::Elements(e.into_boxed_slice()),
            ValueData::Set(e) => Repr::Elements(e.into_boxed_slice()),
            ValueData::Map(m) => Repr::Map(map_entries(m)),
            ValueData::Object(a) => Repr::Object(a.into_values().collect()),
        };
        Value { ty, repr }
    }

    /// A known set of type `ty` from elements that [`duplicate_in_set`] found unique; not
    /// checked again.
    pub(crate) fn set_unchecked(ty: Type, elements: Vec<Value>) -> Value {
        debug_assert!(duplicate_in_set(&elements).is_none());
        Value {
            ty,
            repr: Repr::Elements(elements.into_boxed_slice()),
        }
    }

    /// A known object of type `ty` (an object type) from its attribute values in the type's
    /// attribute order (by name), not checked: for decoders and conversions that produce
    /// well-typed data by construction. The caller guarantees one value per attribute, each of
    /// the attribute's type; debug builds check the count. See
    /// [`from_parts_unchecked`](Value::from_parts_unchecked) for what a broken guarantee does.
    pub fn object_values_unchecked(ty: Type, values: Vec<Value>) -> Value {
        debug_assert!(
            ty.as_object()
                .is_some_and(|o| o.attributes().len() == values.len())
        );
        Value {
            ty,
            repr: Repr::Object(values.into_boxed_slice()),
        }
    }

    /// A known list of `element` values, not checked: the caller guarantees that each element
    /// is of type `element` (see [`from_parts_unchecked`](Value::from_parts_unchecked)). For
    /// conversions that build well-typed elements by construction; [`Value::list`] checks.
    pub fn list_unchecked(element: Type, elements: Vec<Value>) -> Value {
        Value {
            ty: Type::list(element),
            repr: Repr::Elements(elements.into_boxed_slice()),
        }
    }

    /// A known map of `element` values, not checked: the caller guarantees that each value is
    /// of type `element` (see [`from_parts_unchecked`](Value::from_parts_unchecked)).
    /// [`Value::map`] checks.
    pub fn map_unchecked(element: Type, elements: BTreeMap<String, Value>) -> Value {
        Value {
            ty: Type::map(element),
            repr: Repr::Map(map_entries(elements)),
        }
    }

    /// A known map of type `ty` (a map type) from entries sorted by key with no key twice, and
    /// values of its element type: not checked (but in debug builds). For decoders and
    /// conversions that produce such entries by construction.
    pub(crate) fn map_from_sorted_unchecked(ty: Type, entries: Vec<(MapKey, Value)>) -> Value {
        debug_assert!(matches!(ty, Type::Map(_)));
        debug_assert!(
            entries
                .windows(2)
                .all(|pair| pair[0].0.as_str() < pair[1].0.as_str())
        );
        Value {
            ty,
            repr: Repr::Map(entries.into_boxed_slice()),
        }
    }

    /// A known object of type `ty` (an object type) from its attributes by name, not checked:
    /// the caller guarantees exactly the type's attributes, each of its type (see
    /// [`from_parts_unchecked`](Value::from_parts_unchecked)). Debug builds check that `ty` is
    /// an object type. [`Value::object`] checks.
    pub fn object_unchecked(ty: Type, attributes: BTreeMap<String, Value>) -> Value {
        debug_assert!(ty.as_object().is_some());
        Value {
            ty,
            repr: Repr::Object(attributes.into_values().collect()),
        }
    }
}

/// An object's values by name, for [`Value::into_parts`]: kept out of line, so that the
/// inlined `into_parts` of a primitive stays small.
#[inline(never)]
fn object_data(ty: &Type, values: Box<[Value]>) -> ValueData {
    ValueData::Object(match ty.as_object() {
        Some(object) => object
            .attributes()
            .keys()
            .cloned()
            .zip(values.into_vec())
            .collect(),
        None => BTreeMap::new(),
    })
}

/// The elements of a list or set of `element`, each checked against it (see
/// [`check_elements`]), an error placed at the element's `step`.
fn checked_sequence(
    element: &Type,
    elements: impl IntoIterator<Item = Value>,
    step: impl Fn(usize, &Value) -> PathStep,
) -> Result<Vec<Value>, ValueError> {
    let elements: Vec<Value> = elements.into_iter().collect();
    check_elements(
        element,
        elements.iter().enumerate().map(|(i, v)| (step(i, v), v)),
    )?;
    Ok(elements)
}

/// Checks that each element is usable as `element` and, under a dynamic element type, that
/// all have one type; an error is placed at the element's path step.
fn check_elements<'a>(
    element: &Type,
    elements: impl Iterator<Item = (PathStep, &'a Value)>,
) -> Result<(), ValueError> {
    let mut first: Option<&Type> = None;
    for (step, v) in elements {
        if !v.ty.usable_as(element) {
            return Err(mismatch(&v.ty, element).under(step));
        }
        if element.contains_dynamic() {
            match first {
                None => first = Some(&v.ty),
                Some(first) if *first != v.ty => {
                    return Err(ValueError::new(format!(
                        "collection elements must all have the same type, found {first} and {}",
                        v.ty
                    ))
                    .under(step));
                }
                Some(_) => {}
            }
        }
    }
    Ok(())
}

/// A map's entries as a value keeps them: sorted (as a `BTreeMap` has them), keys in place
/// when short.
fn map_entries(map: BTreeMap<String, Value>) -> Box<[(MapKey, Value)]> {
    map.into_iter()
        .map(|(k, v)| (MapKey::from_string(k), v))
        .collect()
}

/// The error for a set element that is there twice, at that element.
#[cold]
pub(crate) fn duplicate_set_element(element: &Value) -> ValueError {
    ValueError::new(format!(
        "duplicate set element {element}: set elements must be unique"
    ))
    .under(PathStep::ElementKeyValue(element.clone()))
}

fn check_attributes(
    object: &ObjectType,
    attributes: &BTreeMap<String, Value>,
) -> Result<(), ValueError> {
    // Both maps are sorted by name: one pass over the two together settles the usual case.
    if object.attributes().len() == attributes.len()
        && object
            .attributes()
            .iter()
            .zip(attributes)
            .all(|((name, ty), (key, v))| name == key && v.ty.usable_as(ty))
    {
        return Ok(());
    }
    let missing = object.missing_from(attributes);
    let extra: Vec<&str> = attributes
        .keys()
        .filter(|k| object.attribute(k).is_none())
        .map(String::as_str)
        .collect();
    if !missing.is_empty() || !extra.is_empty() {
        let mut message = String::from("object attributes do not match the type:");
        if !missing.is_empty() {
            message.push_str(&format!(" missing {}", quoted_list(&missing)));
        }
        if !extra.is_empty() {
            if !missing.is_empty() {
                message.push(';');
            }
            message.push_str(&format!(" unexpected {}", quoted_list(&extra)));
        }
        return Err(ValueError::new(message));
    }
    for (name, ty) in object.attributes() {
        let v = &attributes[name];
        if !v.ty.usable_as(ty) {
            return Err(mismatch(&v.ty, ty).under(PathStep::AttributeName(name.clone())));
        }
    }
    Ok(())
}

/// Names quoted and joined by commas, for attribute-mismatch messages: `"a", "b"`.
pub(crate) fn quoted_list(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("{n:?}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl From<&str> for Value {
    fn from(value: &str) -> Value {
        Value::str(value)
    }
}

impl From<String> for Value {
    fn from(value: String) -> Value {
        Value::string(value)
    }
}

impl From<bool> for Value {
    fn from(value: bool) -> Value {
        Value::bool(value)
    }
}

impl From<Number> for Value {
    fn from(value: Number) -> Value {
        Value::number(value)
    }
}

macro_rules! value_from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Value {
            fn from(value: $t) -> Value {
                Value::number(Number::from(value))
            }
        }
    )*};
}
value_from_int!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

impl fmt::Display for Value {
    /// A one-line literal: `"text"`, `15`, `true`, `null`, `(unknown)`, `["a", "b"]`,
    /// `{"k" = 1}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.repr {
            Repr::Null => f.write_str("null"),
            Repr::Unknown => f.write_str("(unknown)"),
            Repr::ShortString(s) => write!(f, "{:?}", s.as_str()),
            Repr::String(s) => write!(f, "{s:?}"),
            Repr::Number(n) => write!(f, "{n}"),
            Repr::Bool(b) => write!(f, "{b}"),
            Repr::Elements(e) => write_separated(f, ["[", ", ", "]"], e, |f, v| write!(f, "{v}")),
            Repr::Map(_) | Repr::Object(_) => write_separated(
                f,
                ["{", ", ", "}"],
                self.as_attributes().into_iter().flatten(),
                |f, (k, v)| write!(f, "{k:?} = {v}"),
            ),
        }
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Value<{}>({self})", self.ty)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(text: &str) -> Value {
        Value::from(text)
    }

    /// A list of N objects is N of these side by side: a type (a tag and a thin pointer) and
    /// a representation of at most two words and a tag.
    #[test]
    fn values_stay_five_words() {
        assert_eq!(std::mem::size_of::<Type>(), 16);
        assert_eq!(std::mem::size_of::<Value>(), 40);
    }

    /// Strings of up to 15 bytes live in the value, longer ones in an allocation: equality,
    /// hashing, order and set uniqueness do not depend on which constructor made them.
    #[test]
    fn short_and_long_strings_are_one_kind_of_value() {
        use std::hash::{BuildHasher, RandomState};
        let hasher = RandomState::new();
        for text in [
            "",
            "fifteen bytes!!",
            "sixteen bytes!!!",
            "a much longer string value",
        ] {
            let made = [
                Value::string(text.to_owned()),
                Value::from(text),
                Value::from_parts_unchecked(Type::String, ValueData::String(text.to_owned())),
            ];
            for value in &made {
                assert_eq!(value, &made[0]);
                assert_eq!(hasher.hash_one(value), hasher.hash_one(&made[0]));
                assert_eq!(value.as_str(), Some(text));
                assert_eq!(value.to_string(), format!("{text:?}"));
            }
        }
        let ordered = [
            "abc",
            "abcdefghijklmnopq",
            "abd",
            "b",
            "bbbbbbbbbbbbbbbbbbbb",
        ];
        for pair in ordered.windows(2) {
            assert_eq!(
                Value::canonical_cmp(&s(pair[0]), &s(pair[1])),
                Ordering::Less,
                "{pair:?}"
            );
        }
        let err = Value::set(
            Type::String,
            [
                s("sixteen bytes!!!"),
                s("x"),
                Value::string("sixteen bytes!!!".to_owned()),
            ],
        )
        .unwrap_err();
        assert!(err.message.starts_with("duplicate set element"), "{err:?}");
    }

    #[test]
    fn null_and_unknown_exist_at_every_level() {
        let list = Value::list(
            Type::String,
            [
                s("a"),
                Value::null(Type::String),
                Value::unknown(Type::String),
            ],
        )
        .unwrap();
        assert!(list.is_known());
        assert!(!list.is_wholly_known());
        let elements = list.as_elements().unwrap();
        assert!(elements[1].is_null());
        assert!(elements[2].is_unknown());
        assert!(Value::null(Type::list(Type::String)).is_null());
        assert!(Value::unknown(Type::Dynamic).is_unknown());
    }

    #[test]
    fn constructors_check_element_types() {
        let err = Value::map(Type::Number, [("a", s("x"))]).unwrap_err();
        assert_eq!(err.to_string(), r#"["a"]: expected number, found string"#);
        let err = Value::list(Type::Dynamic, [s("a"), Value::from(1)]).unwrap_err();
        assert!(err.to_string().contains("same type"), "{err}");
        assert!(Value::list(Type::Dynamic, [s("a"), s("b")]).is_ok());
        let err = Value::tuple([Type::String, Type::Bool], [s("a"), s("b")]).unwrap_err();
        assert_eq!(err.to_string(), "[1]: expected bool, found string");
        assert!(Value::tuple([Type::String], []).is_err());
    }

    #[test]
    fn objects_need_every_attribute_and_no_other() {
        let ty = Type::object([("a", Type::String), ("b", Type::Number)]);
        let ok = Value::object(
            ty.clone(),
            [("a", s("x")), ("b", Value::null(Type::Number))],
        );
        assert!(ok.is_ok());
        let err = Value::object(ty.clone(), [("a", s("x")), ("c", s("y"))]).unwrap_err();
        assert_eq!(
            err.to_string(),
            r#"object attributes do not match the type: missing "b"; unexpected "c""#
        );
        let err = Value::object(ty, [("a", s("x")), ("b", s("y"))]).unwrap_err();
        assert_eq!(err.to_string(), "b: expected number, found string");
        let optional =
            Type::from_object(ObjectType::new([("a", Type::String)]).with_optional(["a"]));
        assert!(Value::object(optional, [("a", s("x"))]).is_err());
        assert!(Value::object(Type::String, [("a", s("x"))]).is_err());
    }

    #[test]
    fn sets_reject_duplicates_and_keep_the_order_given() {
        let err = Value::set(Type::String, [s("b"), s("a"), s("b")]).unwrap_err();
        assert!(
            err.to_string().contains("duplicate set element \"b\""),
            "{err}"
        );
        let set = Value::set(Type::String, [s("b"), Value::unknown(Type::String), s("a")]).unwrap();
        assert_eq!(set.to_string(), r#"["b", (unknown), "a"]"#);
        let same =
            Value::set(Type::String, [s("a"), s("b"), Value::unknown(Type::String)]).unwrap();
        assert_eq!(set, same);
        // Two unknowns are not duplicates.
        assert!(
            Value::set(
                Type::Number,
                [Value::unknown(Type::Number), Value::unknown(Type::Number)]
            )
            .is_ok()
        );
        let numbers = Value::set(
            Type::Number,
            [Value::from(10), Value::from(2), Value::from(-1)],
        )
        .unwrap();
        assert_eq!(numbers.to_string(), "[10, 2, -1]");
    }

    #[test]
    fn kinds_and_parts_follow_the_type() {
        let tuple = Value::tuple_of([s("a"), Value::from(true)]);
        assert!(matches!(tuple.kind(), ValueKind::Tuple(e) if e.len() == 2));
        assert_eq!(tuple.ty().to_string(), "tuple([string,bool])");
        let object = Value::object_of([("x", Value::from(1))]);
        assert!(matches!(object.kind(), ValueKind::Object(_)));
        let (ty, data) = object.into_parts();
        assert_eq!(ty.to_string(), "object({x=number})");
        assert!(matches!(data, ValueData::Object(ref a) if a.contains_key("x")));
        let object = Value::object_of([("x", Value::from(1)), ("a", Value::from(true))]);
        let (_, values) = object.clone().into_object_values().unwrap();
        assert_eq!(values, [Value::from(true), Value::from(1)]);
        assert_eq!(object.object_values(), Some(&values[..]));
        assert_eq!(object.attribute("x"), Some(&Value::from(1)));
        assert!(Value::from(1).into_object_values().is_err());
    }

    #[test]
    fn paths_lead_into_values() {
        let value = Value::object_of([(
            "buckets",
            Value::list(
                Type::object([("name", Type::String)]),
                [Value::object_of([("name", s("docs"))])],
            )
            .unwrap(),
        )]);
        let path = AttributePath::root("buckets")
            .at_list_index(0)
            .at_name("name");
        assert_eq!(value.at_path(&path), Some(&s("docs")));
        assert_eq!(value.at_path(&AttributePath::root("nope")), None);
        assert_eq!(value.depth(), 4);
    }

    #[test]
    fn display_is_one_line() {
        let value = Value::object_of([
            (
                "a",
                Value::list(Type::Number, [Value::from(1), Value::from(2)]).unwrap(),
            ),
            ("b", Value::null(Type::String)),
            ("c", Value::unknown(Type::Bool)),
        ]);
        assert_eq!(
            value.to_string(),
            r#"{"a" = [1, 2], "b" = null, "c" = (unknown)}"#
        );
        assert_eq!(format!("{:?}", s("x")), r#"Value<string>("x")"#);
    }

    fn hash_of(value: &Value) -> u64 {
        use std::hash::BuildHasher;
        // One fixed key, so that two calls compare.
        std::hash::BuildHasherDefault::<std::hash::DefaultHasher>::default().hash_one(value)
    }

    /// A set keeps the order given; equality, hashing and the canonical order ignore it; equal
    /// elements are found in small and large sets, also when they hold sets in other orders.
    #[test]
    fn a_set_keeps_its_order_and_is_equal_in_any_order() {
        let item = Type::object([("name", Type::String), ("size", Type::Number)]);
        let object = |name: &str, size: i64| {
            Value::object(
                item.clone(),
                [("name", s(name)), ("size", Value::from(size))],
            )
            .unwrap()
        };
        let long = "a name longer than fifteen bytes";
        for n in [3, 50] {
            let forward: Vec<Value> = (0..n)
                .map(|i| object(if i % 3 == 0 { long } else { "x" }, i))
                .collect();
            let backward: Vec<Value> = forward.iter().rev().cloned().collect();
            let a = Value::set(item.clone(), forward.clone()).unwrap();
            let b = Value::set(item.clone(), backward.clone()).unwrap();
            assert_eq!(a.as_elements().unwrap(), forward.as_slice());
            assert_eq!(b.as_elements().unwrap(), backward.as_slice());
            assert_eq!(a, b);
            assert_eq!(hash_of(&a), hash_of(&b));
            assert_eq!(Value::canonical_cmp(&a, &b), Ordering::Equal);
            let fewer = Value::set(item.clone(), forward[1..].to_vec()).unwrap();
            assert_ne!(a, fewer);
            let other = forward[1..].iter().cloned().chain([object("y", 0)]);
            assert_ne!(a, Value::set(item.clone(), other).unwrap());

            let mut twice = forward.clone();
            twice.insert(1, object(long, 0));
            let err = Value::set(item.clone(), twice).unwrap_err();
            assert!(err.to_string().contains("duplicate set element"), "{err}");
            let unknowns = forward
                .iter()
                .cloned()
                .chain([Value::unknown(item.clone()), Value::unknown(item.clone())]);
            assert!(Value::set(item.clone(), unknowns).is_ok());
        }

        let numbers = |order: [i64; 3]| Value::set(Type::Number, order.map(Value::from)).unwrap();
        assert_eq!(numbers([3, 1, 2]).to_string(), "[3, 1, 2]");
        let holder = Type::object([("tags", Type::set(Type::Number))]);
        let holding =
            |order: [i64; 3]| Value::object(holder.clone(), [("tags", numbers(order))]).unwrap();
        assert_eq!(holding([1, 2, 3]), holding([3, 2, 1]));
        assert_eq!(hash_of(&holding([1, 2, 3])), hash_of(&holding([3, 2, 1])));
        for n in [2, 20] {
            let mut elements: Vec<Value> = (0..n).map(|i| holding([i, i + 1, i + 2])).collect();
            elements.push(holding([2, 1, 0]));
            let err = Value::set(holder.clone(), elements).unwrap_err();
            assert!(err.to_string().contains("duplicate set element"), "{err}");
        }
    }
}
