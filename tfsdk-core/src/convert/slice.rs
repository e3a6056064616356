//! `Vec<T>`: reads lists, sets and tuples; writes whichever of the three the type asks for.
//!
//! A null or unknown collection is an error: a `Vec` has no null and no unknown, and turning a
//! null list into an empty `Vec` would lose the difference on the way back. `Option<Vec<T>>`
//! holds null, `types::List<T>` holds both.

use super::{FromValue, TerraformType, ToValue};
use crate::convert::ConvertError;
use crate::tftypes::{Type, Value, ValueData};
use crate::types::collection::collection_terraform_type;
use crate::types::conversion::{cannot_become, unexpected};
use crate::types::elements::{elements_from_values, sequence_value, set_elements_from_value};

collection_terraform_type!(impl[] Vec<T>, list, ListType, nested in List);

collection_terraform_type!(impl[] [T], list, ListType);

collection_terraform_type!(impl[const N: usize] [T; N], list, ListType);

impl<T: FromValue> FromValue for Vec<T> {
    /// A known list, set or tuple, element by element.
    #[inline]
    fn from_value(value: Value) -> Result<Self, ConvertError> {
        match value.into_parts() {
            (_, ValueData::List(elements) | ValueData::Tuple(elements)) => {
                elements_from_values(elements)
            }
            (_, ValueData::Set(elements)) => {
                let mut out = Vec::with_capacity(elements.len());
                set_elements_from_value(elements, |element, _| {
                    out.push(element);
                    Ok(())
                })?;
                Ok(out)
            }
            (ty, data) => Err(unexpected::<Vec<T>>(&ty, &data, "a list, set or tuple")),
        }
    }
}

impl<T: ToValue + TerraformType> ToValue for Vec<T> {
    #[inline]
    fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
        self.as_slice().to_value(ty)
    }
}

impl<T: ToValue + TerraformType> ToValue for [T] {
    /// A list, set or tuple as `ty` says; under `any`, a list of `T`'s static type. A set with
    /// two equal elements is an error.
    fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
        match ty {
            Type::List(element) => sequence_value(self.iter(), ty, element),
            Type::Set(element) => sequence_value(self.iter(), ty, element),
            Type::Tuple(types) => tuple_value(self, ty, types),
            Type::Dynamic => {
                let element = T::terraform_type();
                sequence_value(self.iter(), &Type::list(element.clone()), &element)
            }
            _ => Err(cannot_become::<Vec<T>>(ty, "a list, set or tuple")),
        }
    }
}

impl<T: ToValue + TerraformType, const N: usize> ToValue for [T; N] {
    /// As for a slice: `["a", "b"]` becomes a list, set or tuple of strings.
    #[inline]
    fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
        self.as_slice().to_value(ty)
    }
}

fn tuple_value<T: ToValue>(items: &[T], ty: &Type, types: &[Type]) -> Result<Value, ConvertError> {
    tuple_value_with(ty, types, items.len(), &mut |index, element| {
        items[index].to_value(element)
    })
}

/// The body of [`tuple_value`], compiled once: `count` elements, element `index` converted to
/// its type by `convert`.
fn tuple_value_with(
    ty: &Type,
    types: &[Type],
    count: usize,
    convert: &mut dyn FnMut(usize, &Type) -> Result<Value, ConvertError>,
) -> Result<Value, ConvertError> {
    check_tuple_length(ty, types.len(), count)?;
    let mut out = Vec::with_capacity(count);
    for (index, element) in types.iter().enumerate() {
        match convert(index, element) {
            Ok(value) => out.push(value),
            Err(error) => return Err(error.under_index(index)),
        }
    }
    Ok(Value::from_parts_unchecked(
        ty.clone(),
        ValueData::Tuple(out),
    ))
}

/// A tuple type of `expected` elements given `found` Rust elements.
fn check_tuple_length(ty: &Type, expected: usize, found: usize) -> Result<(), ConvertError> {
    if expected == found {
        return Ok(());
    }
    Err(ConvertError::invalid(
        "Value Conversion Error",
        format!(
            "a {ty} value needs {expected} elements, found {found}; give one element per tuple \
             element type, or convert to a list"
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(items: &[&str]) -> Vec<Value> {
        items.iter().map(|s| Value::from(*s)).collect()
    }

    #[test]
    fn lists_sets_and_tuples_read_into_vec() {
        let list = Value::list(Type::String, strings(&["b", "a"])).unwrap();
        assert_eq!(Vec::<String>::from_value(list).unwrap(), ["b", "a"]);
        let set = Value::set(Type::String, strings(&["b", "a"])).unwrap();
        assert_eq!(Vec::<String>::from_value(set).unwrap(), ["b", "a"]);
        let tuple = Value::tuple_of(strings(&["x"]));
        assert_eq!(Vec::<String>::from_value(tuple).unwrap(), ["x"]);
    }

    #[test]
    fn vec_writes_the_collection_the_type_asks_for() {
        let v = vec!["a".to_string(), "b".to_string()];
        let list = v.to_value(&Type::list(Type::String)).unwrap();
        assert_eq!(
            list,
            Value::list(Type::String, strings(&["a", "b"])).unwrap()
        );
        let set = v.to_value(&Type::set(Type::String)).unwrap();
        assert_eq!(set, Value::set(Type::String, strings(&["b", "a"])).unwrap());
        let tuple = v
            .to_value(&Type::tuple([Type::String, Type::String]))
            .unwrap();
        assert_eq!(tuple.ty(), &Type::tuple([Type::String, Type::String]));
        assert_eq!(v.to_value(&Type::Dynamic).unwrap(), list);
        assert!(v.to_value(&Type::tuple([Type::String])).is_err());
        assert!(v.to_value(&Type::map(Type::String)).is_err());
    }

    #[test]
    fn any_elements_must_share_one_type() {
        let v = vec![Value::from("a"), Value::from(1)];
        let err = v.to_value(&Type::list(Type::Dynamic)).unwrap_err();
        assert_eq!(err.path().to_string(), "[1]");
        let same = vec![
            Value::from("a"),
            Value::null(Type::Dynamic),
            Value::from("b"),
        ];
        assert!(same.to_value(&Type::list(Type::Dynamic)).is_ok());
    }
}
