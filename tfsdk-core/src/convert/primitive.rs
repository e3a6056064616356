//! Strings and bools: known values move across; null and unknown are errors with a remedy.

use super::{ConvertError, FromValue, TerraformType, ToValue};
use crate::tftypes::{Type, Value};
use crate::types::conversion::{cannot_become, unexpected};

fixed_terraform_type!(Type::String => String, str);
fixed_terraform_type!(Type::Bool => bool);

impl FromValue for String {
    /// A known string; the text moves out of the value without a copy.
    #[inline]
    fn from_value(value: Value) -> Result<Self, ConvertError> {
        match value.into_string() {
            Ok(text) => Ok(text),
            Err(value) => {
                let (ty, data) = value.into_parts();
                Err(unexpected::<String>(&ty, &data, "a string"))
            }
        }
    }
}

impl ToValue for String {
    #[inline]
    fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
        self.as_str().to_value(ty)
    }
}

impl ToValue for str {
    /// A known string, for `ty` `string` or `any`.
    #[inline]
    fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
        match ty {
            Type::String | Type::Dynamic => Ok(Value::str(self)),
            _ => Err(cannot_become::<str>(ty, "a string")),
        }
    }
}

impl FromValue for bool {
    #[inline]
    fn from_value(value: Value) -> Result<Self, ConvertError> {
        match value.as_bool() {
            Some(b) => Ok(b),
            None => {
                let (ty, data) = value.into_parts();
                Err(unexpected::<bool>(&ty, &data, "a bool"))
            }
        }
    }
}

impl ToValue for bool {
    #[inline]
    fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
        match ty {
            Type::Bool | Type::Dynamic => Ok(Value::bool(*self)),
            _ => Err(cannot_become::<bool>(ty, "a bool")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_move_out_and_back() {
        assert_eq!(String::from_value(Value::from("a")).unwrap(), "a");
        assert_eq!(
            "a".to_string().to_value(&Type::String).unwrap(),
            Value::from("a")
        );
        assert_eq!("a".to_value(&Type::Dynamic).unwrap(), Value::from("a"));
        assert!(String::from_value(Value::from(1)).is_err());
        assert!("a".to_value(&Type::Number).is_err());
    }

    #[test]
    fn bools_move_out_and_back() {
        assert!(bool::from_value(Value::from(true)).unwrap());
        assert_eq!(false.to_value(&Type::Bool).unwrap(), Value::from(false));
        assert!(bool::from_value(Value::null(Type::Bool)).is_err());
    }
}
