//! Maps with string keys: `BTreeMap<String, T>` and `HashMap<String, T>`.
//!
//! They read maps and objects (an object's attributes become entries), and write a map, or an
//! object when the type asks for one and the keys are exactly its attributes. A null or unknown
//! map is an error: `Option<BTreeMap<…>>` holds null, `types::Map<T>` holds both.

use std::collections::{BTreeMap, HashMap};
use std::hash::BuildHasher;

use super::{ConvertError, FromValue, TerraformType, ToValue};
use crate::tftypes::{Type, Value};
use crate::types::collection::collection_terraform_type;
use crate::types::conversion::{cannot_become, unexpected};
use crate::types::elements::{entries_from_value, map_value};

collection_terraform_type!(impl[] BTreeMap<String, T>, map, MapType, nested in Map);

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

collection_terraform_type!(impl[S] HashMap<String, T, S>, map, MapType, nested in Map);

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
