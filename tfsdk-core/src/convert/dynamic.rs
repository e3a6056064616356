//! `tftypes::Value` as a conversion target: the "any" of the Go framework, taken as it is.
//!
//! Reading never fails and keeps null and unknown at every level. Writing checks the value
//! fits the requested type; a null or unknown value takes the requested type.

use super::{ConvertError, FromValue, Nullable, TerraformType, ToValue, Unknownable};
use crate::tftypes::{Type, Value};

impl TerraformType for Value {
    const VALIDATES: bool = false;

    /// `any`: the type travels with the value.
    fn terraform_type() -> Type {
        Type::Dynamic
    }
}

impl FromValue for Value {
    #[inline]
    fn from_value(value: Value) -> Result<Self, ConvertError> {
        Ok(value)
    }
}

impl ToValue for Value {
    /// A copy of the value when its type may stand where `ty` is declared; a null or unknown
    /// value of another type becomes a null or unknown of `ty`.
    fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
        if self.ty().usable_as(ty) {
            Ok(self.clone())
        } else if self.is_null() && !ty.is_dynamic() {
            Ok(Value::null(ty.clone()))
        } else if self.is_unknown() && !ty.is_dynamic() {
            Ok(Value::unknown(ty.clone()))
        } else {
            Err(ConvertError::type_mismatch::<Value>(
                format!("a {ty} value"),
                self.ty(),
            ))
        }
    }
}

/// A value holds null (of any type: its [`ToValue`] gives it the requested one).
impl Nullable for Value {
    fn null() -> Value {
        Value::null(Type::Dynamic)
    }

    fn is_null(&self) -> bool {
        Value::is_null(self)
    }
}

/// A value holds unknown (of any type, as for null).
impl Unknownable for Value {
    fn unknown() -> Value {
        Value::unknown(Type::Dynamic)
    }

    fn is_unknown(&self) -> bool {
        Value::is_unknown(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_pass_through() {
        let v = Value::unknown(Type::list(Type::String));
        assert_eq!(Value::from_value(v.clone()).unwrap(), v);
        assert_eq!(v.to_value(&Type::Dynamic).unwrap(), v);
        assert_eq!(
            Value::null(Type::Dynamic).to_value(&Type::String).unwrap(),
            Value::null(Type::String)
        );
        assert!(Value::from("a").to_value(&Type::Number).is_err());
    }
}
