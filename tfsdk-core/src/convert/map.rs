//! Maps with string keys: `BTreeMap<String, T>` and `HashMap<String, T>`.
//!
//! They read maps and objects (an object's attributes become entries), and write a map, or an
//! object when the type asks for one and the keys are exactly its attributes. A null or unknown
//! map is an error: `Option<BTreeMap<…>>` holds null, `types::Map<T>` holds both.

use std::collections::{BTreeMap, HashMap};
use std::hash::BuildHasher;

use super::slice::check_same_type;
use super::{FromValue, TerraformType, ToValue, cannot_become, unexpected};
use crate::convert::ConvertError;
use crate::path::PathStep;
use crate::schema::{NestedAttributes, NestingMode};
use crate::tftypes::{Type, Value, ValueData};

/// Converts the entries of a known map or object into a collection made by `init` (given the
/// number of entries), adding the key (or attribute name) to an error's path.
#[inline]
pub(crate) fn entries_from_value<C, T: FromValue>(
    value: Value,
    init: impl FnOnce(usize) -> C,
    mut add: impl FnMut(&mut C, String, T),
    target: impl FnOnce(&Type, &ValueData) -> ConvertError,
) -> Result<C, ConvertError> {
    let (ty, data) = value.into_parts();
    let (entries, is_object) = match data {
        ValueData::Map(entries) => (entries, false),
        ValueData::Object(entries) => (entries, true),
        data => return Err(target(&ty, &data)),
    };
    let mut out = init(entries.len());
    for (key, element) in entries {
        match T::from_value(element) {
            Ok(converted) => add(&mut out, key, converted),
            Err(error) if is_object => return Err(error.under_attribute(&key)),
            Err(error) => return Err(error.under_key(&key)),
        }
    }
    Ok(out)
}

/// Builds a map or object of type `ty` from Rust entries, in any order.
pub(crate) fn map_value<'a, T: ToValue + TerraformType + 'a>(
    entries: impl ExactSizeIterator<Item = (&'a String, &'a T)>,
    ty: &Type,
    target: impl FnOnce(&Type) -> ConvertError,
) -> Result<Value, ConvertError> {
    match ty {
        Type::Map(element) => {
            let mut out = BTreeMap::new();
            for (key, item) in entries {
                let value = item.to_value(element).map_err(|e| e.under_key(key))?;
                debug_assert!(value.ty().usable_as(element));
                out.insert(key.clone(), value);
            }
            finish_map(ty, element, out)
        }
        Type::Object(object) if object.optional().is_empty() => {
            let mut out = BTreeMap::new();
            let mut extra = Vec::new();
            for (key, item) in entries {
                match object.attribute(key) {
                    Some(attribute) => {
                        let value = item
                            .to_value(attribute)
                            .map_err(|e| e.under_attribute(key))?;
                        out.insert(key.clone(), value);
                    }
                    None => extra.push(key.as_str()),
                }
            }
            finish_object(ty, object, out, extra)
        }
        Type::Dynamic => {
            let element = T::terraform_type();
            map_value(entries, &Type::map(element), target)
        }
        _ => Err(target(ty)),
    }
}

/// The map of type `ty` holding `entries`, once they share one concrete type. Not generic.
fn finish_map(
    ty: &Type,
    element: &Type,
    entries: BTreeMap<String, Value>,
) -> Result<Value, ConvertError> {
    debug_assert!(entries.values().all(|value| value.ty().usable_as(element)));
    check_entries_same_type(element, &entries)?;
    Ok(Value::from_parts_unchecked(
        ty.clone(),
        ValueData::Map(entries),
    ))
}

/// The object of type `ty` holding `attributes`, when the Rust map had exactly its attributes
/// (`extra` lists the keys it had beyond them). Not generic.
fn finish_object(
    ty: &Type,
    object: &crate::tftypes::ObjectType,
    attributes: BTreeMap<String, Value>,
    mut extra: Vec<&str>,
) -> Result<Value, ConvertError> {
    if !extra.is_empty() || attributes.len() != object.attributes().len() {
        let missing: Vec<&str> = object
            .attributes()
            .keys()
            .filter(|k| !attributes.contains_key(*k))
            .map(String::as_str)
            .collect();
        extra.sort_unstable();
        return Err(keys_do_not_match(ty, &missing, &extra));
    }
    Ok(Value::from_parts_unchecked(
        ty.clone(),
        ValueData::Object(attributes),
    ))
}

fn check_entries_same_type(
    element: &Type,
    entries: &BTreeMap<String, Value>,
) -> Result<(), ConvertError> {
    check_same_type(element, entries.iter(), |key| {
        Some(PathStep::ElementKeyString(key.clone()))
    })
}

#[cold]
fn keys_do_not_match(ty: &Type, missing: &[&str], extra: &[&str]) -> ConvertError {
    let mut detail = format!("the map's keys must be exactly the attributes of {ty}:");
    if !missing.is_empty() {
        detail.push_str(&format!(" missing {}", quoted(missing)));
    }
    if !extra.is_empty() {
        if !missing.is_empty() {
            detail.push(';');
        }
        detail.push_str(&format!(" unexpected {}", quoted(extra)));
    }
    ConvertError::invalid("Value Conversion Error", detail)
}

fn quoted(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("{n:?}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl<T: TerraformType> TerraformType for BTreeMap<String, T> {
    const VALIDATES: bool = T::VALIDATES;

    fn validate_value(
        value: &Value,
        path: &crate::path::AttributePath,
    ) -> crate::diag::Diagnostics {
        crate::convert::validate_elements::<T>(value, path)
    }

    fn terraform_type() -> Type {
        Type::map(T::terraform_type())
    }
    fn nested_attributes() -> Option<NestedAttributes> {
        T::nested_attributes().and_then(|n| n.in_collection(NestingMode::Map))
    }
    fn attr_type() -> Box<dyn crate::attr::Type> {
        Box::new(crate::types::MapType::<Value>::of::<T>())
    }
}

impl<T: FromValue> FromValue for BTreeMap<String, T> {
    /// A known map, or a known object's attributes.
    fn from_value(value: Value) -> Result<Self, ConvertError> {
        // Entries arrive sorted, so collecting them is a linear bulk build.
        let entries = entries_from_value(
            value,
            Vec::with_capacity,
            |entries, key, element| entries.push((key, element)),
            |ty, data| unexpected::<Self>(ty, data, "a map or object"),
        )?;
        Ok(entries.into_iter().collect())
    }
}

impl<T: ToValue + TerraformType> ToValue for BTreeMap<String, T> {
    fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
        map_value(self.iter(), ty, |ty| {
            cannot_become::<Self>(ty, "a map or object")
        })
    }
}

impl<T: TerraformType, S> TerraformType for HashMap<String, T, S> {
    const VALIDATES: bool = T::VALIDATES;

    fn validate_value(
        value: &Value,
        path: &crate::path::AttributePath,
    ) -> crate::diag::Diagnostics {
        crate::convert::validate_elements::<T>(value, path)
    }

    fn terraform_type() -> Type {
        Type::map(T::terraform_type())
    }
    fn nested_attributes() -> Option<NestedAttributes> {
        T::nested_attributes().and_then(|n| n.in_collection(NestingMode::Map))
    }
    fn attr_type() -> Box<dyn crate::attr::Type> {
        Box::new(crate::types::MapType::<Value>::of::<T>())
    }
}

impl<T: FromValue, S: BuildHasher + Default> FromValue for HashMap<String, T, S> {
    /// A known map, or a known object's attributes.
    fn from_value(value: Value) -> Result<Self, ConvertError> {
        entries_from_value(
            value,
            |len| HashMap::with_capacity_and_hasher(len, S::default()),
            |map, key, element| {
                map.insert(key, element);
            },
            |ty, data| unexpected::<Self>(ty, data, "a map or object"),
        )
    }
}

impl<T: ToValue + TerraformType, S> ToValue for HashMap<String, T, S> {
    fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
        map_value(self.iter(), ty, |ty| {
            cannot_become::<Self>(ty, "a map or object")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags() -> Value {
        Value::map(Type::Number, [("a", Value::from(1)), ("b", Value::from(2))]).unwrap()
    }

    #[test]
    fn maps_read_both_ways() {
        let ours = BTreeMap::<String, i64>::from_value(tags()).unwrap();
        assert_eq!(ours["b"], 2);
        assert_eq!(ours.to_value(&Type::map(Type::Number)).unwrap(), tags());
        let hashed: HashMap<String, i64> = HashMap::from_value(tags()).unwrap();
        assert_eq!(hashed.to_value(&Type::Dynamic).unwrap(), tags());
    }

    #[test]
    fn objects_read_into_maps_and_back() {
        let ty = Type::object([("a", Type::Number), ("b", Type::Number)]);
        let object =
            Value::object(ty.clone(), [("a", Value::from(1)), ("b", Value::from(2))]).unwrap();
        let ours = BTreeMap::<String, i64>::from_value(object.clone()).unwrap();
        assert_eq!(ours.to_value(&ty).unwrap(), object);
        let err = BTreeMap::from([("a".to_string(), 1i64), ("c".to_string(), 3)])
            .to_value(&ty)
            .unwrap_err();
        assert!(
            err.to_string().contains(r#"missing "b"; unexpected "c""#),
            "{err}"
        );
    }

    #[test]
    fn errors_name_the_key() {
        let err = BTreeMap::<String, u8>::from_value(
            Value::map(Type::Number, [("k", Value::from(-1))]).unwrap(),
        )
        .unwrap_err();
        assert_eq!(err.path().to_string(), r#"["k"]"#);
    }
}
