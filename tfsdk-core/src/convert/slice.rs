//! `Vec<T>`: reads lists, sets and tuples; writes whichever of the three the type asks for.
//!
//! A null or unknown collection is an error: a `Vec` has no null and no unknown, and turning a
//! null list into an empty `Vec` would lose the difference on the way back. `Option<Vec<T>>`
//! holds null, `types::List<T>` holds both.

use super::set::{set_elements_from_value, set_value};
use super::{FromValue, TerraformType, ToValue, cannot_become, unexpected};
use crate::convert::ConvertError;
use crate::schema::{NestedAttributes, NestingMode};
use crate::tftypes::{Type, Value, ValueData};

impl<T: TerraformType> TerraformType for Vec<T> {
    const VALIDATES: bool = T::VALIDATES;

    fn validate_value(
        value: &Value,
        path: &crate::path::AttributePath,
    ) -> crate::diag::Diagnostics {
        crate::convert::validate_elements::<T>(value, path)
    }

    fn terraform_type() -> Type {
        Type::list(T::terraform_type())
    }
    fn nested_attributes() -> Option<NestedAttributes> {
        T::nested_attributes().and_then(|n| n.in_collection(NestingMode::List))
    }
    fn attr_type() -> Box<dyn crate::attr::Type> {
        Box::new(crate::types::ListType::<Value>::of::<T>())
    }
}

impl<T: TerraformType> TerraformType for [T] {
    const VALIDATES: bool = T::VALIDATES;

    fn validate_value(
        value: &Value,
        path: &crate::path::AttributePath,
    ) -> crate::diag::Diagnostics {
        crate::convert::validate_elements::<T>(value, path)
    }

    fn terraform_type() -> Type {
        Type::list(T::terraform_type())
    }
    fn attr_type() -> Box<dyn crate::attr::Type> {
        Box::new(crate::types::ListType::<Value>::of::<T>())
    }
}

impl<T: TerraformType, const N: usize> TerraformType for [T; N] {
    const VALIDATES: bool = T::VALIDATES;

    fn validate_value(
        value: &Value,
        path: &crate::path::AttributePath,
    ) -> crate::diag::Diagnostics {
        crate::convert::validate_elements::<T>(value, path)
    }

    fn terraform_type() -> Type {
        Type::list(T::terraform_type())
    }
    fn attr_type() -> Box<dyn crate::attr::Type> {
        Box::new(crate::types::ListType::<Value>::of::<T>())
    }
}

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

/// Converts list or tuple elements in order, adding the index to an error's path.
#[inline]
pub(crate) fn elements_from_values<T: FromValue>(
    elements: Vec<Value>,
) -> Result<Vec<T>, ConvertError> {
    let mut out = Vec::with_capacity(elements.len());
    for (index, element) in elements.into_iter().enumerate() {
        match T::from_value(element) {
            Ok(element) => out.push(element),
            Err(error) => return Err(error.under_index(index)),
        }
    }
    Ok(out)
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
            Type::List(element) => list_value(self.iter(), ty, element),
            Type::Set(element) => set_value(self.iter(), ty, element),
            Type::Tuple(types) => tuple_value(self, ty, types),
            Type::Dynamic => {
                let element = T::terraform_type();
                list_value(self.iter(), &Type::list(element.clone()), &element)
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

/// Builds a known list of type `ty` (whose element type is `element`) from Rust elements.
///
/// Only the element loop is generic; the checks are in [`finish_list`], compiled once.
#[inline]
pub(crate) fn list_value<'a, T: ToValue + 'a>(
    items: impl ExactSizeIterator<Item = &'a T>,
    ty: &Type,
    element: &Type,
) -> Result<Value, ConvertError> {
    let mut out = Vec::with_capacity(items.len());
    for (index, item) in items.enumerate() {
        match item.to_value(element) {
            Ok(value) => out.push(value),
            Err(error) => return Err(error.under_index(index)),
        }
    }
    finish_list(ty, element, out)
}

/// The list of type `ty` holding `elements`, once they share one concrete type.
pub(crate) fn finish_list(
    ty: &Type,
    element: &Type,
    elements: Vec<Value>,
) -> Result<Value, ConvertError> {
    debug_assert!(
        elements.iter().all(|value| value.ty().usable_as(element)),
        "ToValue returned a value not of {element}"
    );
    if let Some((index, error)) = type_conflict(element, &mut elements.iter()) {
        return Err(error.under_index(index));
    }
    Ok(Value::from_parts_unchecked(
        ty.clone(),
        ValueData::List(elements),
    ))
}

/// Under an element type holding `any`, the elements of one collection still share one
/// concrete type (a list is of one type). `items` pairs each element with what names it.
pub(crate) fn check_same_type<'a, K>(
    element: &Type,
    items: impl Iterator<Item = (K, &'a Value)>,
    step: impl Fn(K) -> Option<crate::path::PathStep>,
) -> Result<(), ConvertError> {
    if !element.contains_dynamic() {
        return Ok(());
    }
    let (names, values): (Vec<K>, Vec<&Value>) = items.unzip();
    match type_conflict(element, &mut values.into_iter()) {
        None => Ok(()),
        Some((position, error)) => Err(match names.into_iter().nth(position).and_then(step) {
            Some(step) => error.under(step),
            None => error,
        }),
    }
}

/// The position of the first value whose concrete type differs from an earlier one's, and the
/// error saying so; `None` when `element` holds no `any` or all agree. Not generic: one copy
/// serves every collection.
pub(crate) fn type_conflict(
    element: &Type,
    values: &mut dyn Iterator<Item = &Value>,
) -> Option<(usize, ConvertError)> {
    if !element.contains_dynamic() {
        return None;
    }
    let mut first: Option<&Type> = None;
    for (position, value) in values.enumerate() {
        let ty = value.ty();
        if ty.is_dynamic() {
            continue;
        }
        match first {
            None => first = Some(ty),
            Some(first) if first != ty => {
                let error = ConvertError::invalid(
                    "Value Conversion Error",
                    format!(
                        "collection elements must all have the same type, found {first} and {ty}"
                    ),
                );
                return Some((position, error));
            }
            Some(_) => {}
        }
    }
    None
}

fn tuple_value<T: ToValue>(items: &[T], ty: &Type, types: &[Type]) -> Result<Value, ConvertError> {
    check_tuple_length(ty, types.len(), items.len())?;
    let mut out = Vec::with_capacity(items.len());
    for (index, (item, element)) in items.iter().zip(types).enumerate() {
        match item.to_value(element) {
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
        assert_eq!(Vec::<String>::from_value(set).unwrap(), ["a", "b"]);
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
