//! Sets: Terraform sets into `Vec`, `HashSet` and `BTreeSet`, and Rust collections into sets.
//!
//! Set elements are named in paths by their value (`[Value("a")]`), as Terraform does. Two
//! elements that are equal after conversion are an error in both directions: a set keeps each
//! element once, and silently dropping one would lose data.

use std::collections::{BTreeSet, HashSet};
use std::hash::{BuildHasher, Hash};

use super::{ConvertError, FromValue, TerraformType, ToValue};
use crate::tftypes::{Type, Value, ValueData};
use crate::types::collection::collection_terraform_type;
use crate::types::conversion::{cannot_become, unexpected};
use crate::types::elements::{duplicate, sequence_value, set_elements_from_value};

/// Reads a known set, list or tuple into a Rust set through `insert`, which says whether the
/// element was new.
fn rust_set_from_value<S, T: FromValue>(
    value: Value,
    with_capacity: impl FnOnce(usize) -> S,
    mut insert: impl FnMut(&mut S, T) -> bool,
) -> Result<S, ConvertError> {
    match value.into_parts() {
        (_, ValueData::Set(elements)) => {
            let mut out = with_capacity(elements.len());
            set_elements_from_value(elements, |element, original| {
                if insert(&mut out, element) {
                    Ok(())
                } else {
                    Err(duplicate(original))
                }
            })?;
            Ok(out)
        }
        (_, ValueData::List(elements) | ValueData::Tuple(elements)) => {
            let mut out = with_capacity(elements.len());
            for (index, element) in elements.into_iter().enumerate() {
                let original = element.clone();
                let converted = T::from_value(element).map_err(|e| e.under_index(index))?;
                if !insert(&mut out, converted) {
                    return Err(duplicate(&original).under_index(index));
                }
            }
            Ok(out)
        }
        (ty, data) => Err(unexpected::<S>(&ty, &data, "a set, list or tuple")),
    }
}

fn rust_set_to_value<'a, S: ?Sized, T: ToValue + TerraformType + 'a>(
    items: impl ExactSizeIterator<Item = &'a T>,
    ty: &Type,
) -> Result<Value, ConvertError> {
    match ty {
        Type::Set(element) => sequence_value(items, ty, element),
        Type::Dynamic => {
            let element = T::terraform_type();
            sequence_value(items, &Type::set(element.clone()), &element)
        }
        _ => Err(cannot_become::<S>(ty, "a set")),
    }
}

collection_terraform_type!(impl[S] HashSet<T, S>, set, SetType, nested in Set);

impl<T: FromValue + Eq + Hash, S: BuildHasher + Default> FromValue for HashSet<T, S> {
    /// A known set (or a list or tuple without duplicates).
    fn from_value(value: Value) -> Result<Self, ConvertError> {
        rust_set_from_value(
            value,
            |n| HashSet::with_capacity_and_hasher(n, S::default()),
            |set, element| set.insert(element),
        )
    }
}

impl<T: ToValue + TerraformType, S> ToValue for HashSet<T, S> {
    fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
        rust_set_to_value::<Self, T>(self.iter(), ty)
    }
}

collection_terraform_type!(impl[] BTreeSet<T>, set, SetType, nested in Set);

impl<T: FromValue + Ord> FromValue for BTreeSet<T> {
    /// A known set (or a list or tuple without duplicates). Built in bulk from the sorted
    /// elements: one sort, rather than a search of the tree for each element.
    fn from_value(value: Value) -> Result<Self, ConvertError> {
        Ok(BTreeSet::from_iter(sorted_unique_from_value::<T>(value)?))
    }
}

/// The elements of a known set, list or tuple, converted and sorted by `T`'s order; two
/// elements equal after conversion are an error at the later one.
fn sorted_unique_from_value<T: FromValue + Ord>(value: Value) -> Result<Vec<T>, ConvertError> {
    let (ty, data) = value.into_parts();
    let (elements, is_set) = match data {
        ValueData::Set(elements) => (elements, true),
        ValueData::List(elements) | ValueData::Tuple(elements) => (elements, false),
        data => {
            return Err(unexpected::<BTreeSet<T>>(
                &ty,
                &data,
                "a set, list or tuple",
            ));
        }
    };
    // Set elements are named by value, list and tuple elements by index.
    let at = |error: ConvertError, index: usize, element: &Value| {
        if is_set {
            error.under_set_value(element)
        } else {
            error.under_index(index)
        }
    };
    let mut converted = Vec::with_capacity(elements.len());
    for (index, element) in elements.iter().enumerate() {
        match T::from_value(element.clone()) {
            Ok(item) => converted.push((item, index)),
            Err(error) => return Err(at(error, index, element)),
        }
    }
    // Stable: of two equal elements, the later one in the input is named.
    converted.sort_by(|a, b| a.0.cmp(&b.0));
    if let Some(pair) = converted.windows(2).find(|pair| pair[0].0 == pair[1].0) {
        let index = pair[1].1;
        return Err(at(duplicate(&elements[index]), index, &elements[index]));
    }
    Ok(converted.into_iter().map(|(item, _)| item).collect())
}

impl<T: ToValue + TerraformType> ToValue for BTreeSet<T> {
    fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
        rust_set_to_value::<Self, T>(self.iter(), ty)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rust_sets_read_sets_and_reject_duplicate_lists() {
        let set = Value::set(Type::Number, [Value::from(2), Value::from(1)]).unwrap();
        let ours = BTreeSet::<i64>::from_value(set.clone()).unwrap();
        assert_eq!(ours.into_iter().collect::<Vec<_>>(), [1, 2]);
        let hashed: HashSet<i64> = HashSet::from_value(set.clone()).unwrap();
        assert_eq!(hashed.len(), 2);
        let list = Value::list(Type::Number, [Value::from(1), Value::from(1)]).unwrap();
        let err = BTreeSet::<i64>::from_value(list).unwrap_err();
        assert_eq!(err.path().to_string(), "[1]");
        assert_eq!(
            BTreeSet::from([1i64, 2])
                .to_value(&Type::set(Type::Number))
                .unwrap(),
            set
        );
    }

    #[test]
    fn btree_sets_name_the_later_duplicate_and_the_element_that_does_not_convert() {
        let list = Value::list(
            Type::Number,
            [
                Value::from(3),
                Value::from(1),
                Value::from(2),
                Value::from(1),
            ],
        )
        .unwrap();
        let err = BTreeSet::<i64>::from_value(list).unwrap_err();
        assert_eq!(err.path().to_string(), "[3]");
        let set = Value::set(Type::Number, (0..1000).map(Value::from)).unwrap();
        let ours = BTreeSet::<i64>::from_value(set).unwrap();
        assert!(ours.iter().copied().eq(0..1000));
        let set = Value::set(Type::Number, [Value::from(1), Value::from(300)]).unwrap();
        let err = BTreeSet::<u8>::from_value(set).unwrap_err();
        assert_eq!(err.path().to_string(), "[Value(300)]");
    }

    #[test]
    fn set_elements_are_named_by_value() {
        let set = Value::set(Type::Number, [Value::from(1), Value::from(300)]).unwrap();
        let err = Vec::<u8>::from_value(set).unwrap_err();
        assert_eq!(err.path().to_string(), "[Value(300)]");
    }
}
