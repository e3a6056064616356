//! Borrowed views of a known map's elements or a known object's attributes, by name.
//!
//! A map keeps its keys; an object keeps only its attribute values, in its type's attribute
//! order, and borrows the names from the type. [`Attributes`] reads both the same way.

use std::collections::BTreeMap;
use std::collections::btree_map;
use std::fmt;
use std::iter::Zip;
use std::ops::Index;
use std::slice;

use super::short_str::MapKey;
use super::{ObjectType, Type, Value};

/// The elements of a known map or the attributes of a known object, sorted by name.
///
/// A view: it borrows the value. `get`, `iter`, `keys` and `values` read like a
/// `BTreeMap<String, Value>`'s; [`Attributes::to_map`] copies it into one.
///
/// ```
/// use tfsdk_core::tftypes::{Type, Value};
///
/// let value = Value::object_of([("b", Value::from(2)), ("a", Value::from(1))]);
/// let attributes = value.as_object().unwrap();
/// assert_eq!(attributes.get("a"), Some(&Value::from(1)));
/// assert_eq!(attributes.keys().collect::<Vec<_>>(), ["a", "b"]);
/// assert_eq!(attributes["b"], Value::from(2));
/// ```
#[derive(Clone, Copy)]
pub struct Attributes<'a> {
    inner: Inner<'a>,
}

#[derive(Clone, Copy)]
enum Inner<'a> {
    /// Sorted by key, no key twice.
    Map(&'a [(MapKey, Value)]),
    Object {
        ty: &'a ObjectType,
        values: &'a [Value],
    },
}

impl<'a> Attributes<'a> {
    /// A map's entries, sorted by key with no key twice.
    pub(super) fn map(elements: &'a [(MapKey, Value)]) -> Attributes<'a> {
        Attributes {
            inner: Inner::Map(elements),
        }
    }

    /// An object's attributes: `values` in the order of `ty`'s attributes.
    pub(super) fn object(ty: &'a ObjectType, values: &'a [Value]) -> Attributes<'a> {
        debug_assert_eq!(ty.attributes().len(), values.len());
        Attributes {
            inner: Inner::Object { ty, values },
        }
    }

    /// How many elements or attributes.
    pub fn len(&self) -> usize {
        match self.inner {
            Inner::Map(m) => m.len(),
            Inner::Object { values, .. } => values.len(),
        }
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The element or attribute called `name`.
    pub fn get(&self, name: &str) -> Option<&'a Value> {
        match self.inner {
            Inner::Map(entries) => find_entry(entries, name).map(|(_, v)| v),
            Inner::Object { ty, values } => ty.attribute_index(name).map(|i| &values[i]),
        }
    }

    /// The name as stored and the value, for `name`.
    pub fn get_key_value(&self, name: &str) -> Option<(&'a str, &'a Value)> {
        match self.inner {
            Inner::Map(entries) => find_entry(entries, name).map(|(k, v)| (k.as_str(), v)),
            Inner::Object { ty, values } => {
                let i = ty.attribute_index(name)?;
                ty.attributes()
                    .keys()
                    .nth(i)
                    .map(|k| (k.as_str(), &values[i]))
            }
        }
    }

    /// True when there is an element or attribute called `name`.
    pub fn contains_key(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// Names and values, sorted by name.
    pub fn iter(&self) -> Iter<'a> {
        Iter {
            inner: match self.inner {
                Inner::Map(entries) => IterInner::Map(entries.iter()),
                Inner::Object { ty, values } => {
                    IterInner::Object(ty.attributes().keys().zip(values.iter()))
                }
            },
        }
    }

    /// The names, sorted.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &'a str> + ExactSizeIterator + 'a {
        self.iter().map(|(k, _)| k)
    }

    /// The values, sorted by name.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &'a Value> + ExactSizeIterator + 'a {
        self.iter().map(|(_, v)| v)
    }

    /// A copy as a map from name to value.
    pub fn to_map(&self) -> BTreeMap<String, Value> {
        match self.inner {
            Inner::Map(_) | Inner::Object { .. } => self
                .iter()
                .map(|(k, v)| (k.to_owned(), v.clone()))
                .collect(),
        }
    }
}

/// The entry for `key` among entries sorted by key.
fn find_entry<'a>(entries: &'a [(MapKey, Value)], key: &str) -> Option<&'a (MapKey, Value)> {
    entries
        .binary_search_by(|(k, _)| k.as_str().cmp(key))
        .ok()
        .map(|at| &entries[at])
}

impl<'a> IntoIterator for Attributes<'a> {
    type Item = (&'a str, &'a Value);
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &Attributes<'a> {
    type Item = (&'a str, &'a Value);
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl Index<&str> for Attributes<'_> {
    type Output = Value;

    /// # Panics
    /// When there is no element or attribute called `name`, as `BTreeMap`'s index does.
    fn index(&self, name: &str) -> &Value {
        match self.get(name) {
            Some(v) => v,
            None => panic!("no element or attribute {name:?}"),
        }
    }
}

impl PartialEq for Attributes<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl fmt::Debug for Attributes<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// The iterator of [`Attributes::iter`]: names and values, sorted by name.
#[derive(Clone)]
pub struct Iter<'a> {
    inner: IterInner<'a>,
}

#[derive(Clone)]
enum IterInner<'a> {
    Map(slice::Iter<'a, (MapKey, Value)>),
    Object(Zip<btree_map::Keys<'a, String, Type>, slice::Iter<'a, Value>>),
}

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a str, &'a Value);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        match &mut self.inner {
            IterInner::Map(i) => i.next().map(|(k, v)| (k.as_str(), v)),
            IterInner::Object(i) => i.next().map(|(k, v)| (k.as_str(), v)),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.inner {
            IterInner::Map(i) => i.size_hint(),
            IterInner::Object(i) => i.size_hint(),
        }
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        match &mut self.inner {
            IterInner::Map(i) => i.next_back().map(|(k, v)| (k.as_str(), v)),
            IterInner::Object(i) => i.next_back().map(|(k, v)| (k.as_str(), v)),
        }
    }
}

impl ExactSizeIterator for Iter<'_> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_and_objects_read_the_same() {
        let map = Value::map(Type::Number, [("b", Value::from(2)), ("a", Value::from(1))]).unwrap();
        let object = Value::object_of([("b", Value::from(2)), ("a", Value::from(1))]);
        let (m, o) = (map.as_attributes().unwrap(), object.as_object().unwrap());
        assert_eq!(m, o);
        assert_eq!(o.len(), 2);
        assert!(o.contains_key("a") && !o.contains_key("c"));
        assert_eq!(o.get_key_value("b"), Some(("b", &Value::from(2))));
        assert_eq!(o.values().next_back(), Some(&Value::from(2)));
        assert_eq!(o.to_map(), m.to_map());
        assert_eq!(format!("{o:?}"), format!("{:?}", m.to_map()));
    }
}
