//! [`Dynamic`] and [`DynamicType`]: a value whose type is only known at run time (`any`).

use std::fmt;

use super::conversion::{FromValue, TerraformType, ToValue};
use super::fmt_go;
use crate::attr::error::ConvertError;
use crate::attr::{self, PathStepError, ValueState};
use crate::diag::Diagnostics;
use crate::path::PathStep;
use crate::tftypes::{Type, Value};

/// A dynamic attribute value (Go's `types.Dynamic`): null, unknown, or a known underlying
/// value of any type.
///
/// As in Go, the dynamic value itself and its underlying value have separate states: a
/// Terraform null of type `any` is a null `Dynamic`, while a null `string` under an `any`
/// attribute is a known `Dynamic` whose underlying value is null.
///
/// ```
/// use tfsdk_core::convert::FromValue;
/// use tfsdk_core::tftypes::{Type, Value};
/// use tfsdk_core::types::Dynamic;
///
/// let d = Dynamic::from_value(Value::null(Type::String)).unwrap();
/// assert!(!d.is_null());
/// assert!(d.is_underlying_value_null());
/// assert!(Dynamic::from_value(Value::null(Type::Dynamic)).unwrap().is_null());
/// assert_eq!(Dynamic::new(Value::from("a")).to_string(), r#""a""#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dynamic {
    state: ValueState,
    value: Value,
}

impl Dynamic {
    /// A null dynamic value (Go's `types.DynamicNull()`).
    pub fn null() -> Dynamic {
        Dynamic {
            state: ValueState::Null,
            value: Value::null(Type::Dynamic),
        }
    }

    /// An unknown dynamic value (Go's `types.DynamicUnknown()`).
    pub fn unknown() -> Dynamic {
        Dynamic {
            state: ValueState::Unknown,
            value: Value::unknown(Type::Dynamic),
        }
    }

    /// A known dynamic value holding `value` (Go's `types.DynamicValue`).
    pub fn new(value: Value) -> Dynamic {
        Dynamic {
            state: ValueState::Known,
            value,
        }
    }

    /// The underlying value when known (Go's `UnderlyingValue`).
    pub fn underlying_value(&self) -> Option<&Value> {
        (self.state == ValueState::Known).then_some(&self.value)
    }

    /// True when the underlying value is null (Go's `IsUnderlyingValueNull`).
    pub fn is_underlying_value_null(&self) -> bool {
        self.state == ValueState::Known && self.value.is_null()
    }

    /// True when the underlying value is unknown (Go's `IsUnderlyingValueUnknown`).
    pub fn is_underlying_value_unknown(&self) -> bool {
        self.state == ValueState::Known && self.value.is_unknown()
    }

    state_accessors!();
}

impl Default for Dynamic {
    /// Null, as Go's zero value is.
    fn default() -> Dynamic {
        Dynamic::null()
    }
}

impl From<Value> for Dynamic {
    fn from(value: Value) -> Dynamic {
        Dynamic::new(value)
    }
}

impl TerraformType for Dynamic {
    const VALIDATES: bool = false;

    fn terraform_type() -> Type {
        Type::Dynamic
    }

    fn attr_type() -> Box<dyn attr::Type> {
        Box::new(DynamicType)
    }
}

impl FromValue for Dynamic {
    /// Null or unknown of type `any` are the dynamic value's own states; anything else is the
    /// underlying value.
    fn from_value(value: Value) -> Result<Self, ConvertError> {
        if value.ty().is_dynamic() && value.is_null() {
            Ok(Dynamic::null())
        } else if value.ty().is_dynamic() && value.is_unknown() {
            Ok(Dynamic::unknown())
        } else {
            Ok(Dynamic::new(value))
        }
    }
}

impl ToValue for Dynamic {
    fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
        match self.state {
            ValueState::Null => Ok(Value::null(ty.clone())),
            ValueState::Unknown => Ok(Value::unknown(ty.clone())),
            ValueState::Known => self.value.to_value(ty),
        }
    }
}

nullable_unknownable!(impl[] Dynamic);

impl fmt::Display for Dynamic {
    /// Go's `String()`: `<null>`, `<unknown>`, or the underlying value's.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_go(&self.value, f)
    }
}

impl attr::Value for Dynamic {
    fn to_terraform_value(&self) -> Result<Value, ConvertError> {
        self.to_value(&Type::Dynamic)
    }

    fn equal(&self, other: &dyn attr::Value) -> bool {
        other.downcast_ref::<Dynamic>() == Some(self)
    }

    delegate_state_queries!(Dynamic);

    fn ty(&self) -> Box<dyn attr::Type> {
        Box::new(DynamicType)
    }
}

/// The attribute type of [`Dynamic`] (Go's `types.DynamicType`): Terraform's `any`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DynamicType;

impl attr::Type for DynamicType {
    fn terraform_type(&self) -> Type {
        Type::Dynamic
    }

    fn value_from_terraform(&self, value: Value) -> Result<Box<dyn attr::Value>, Diagnostics> {
        Ok(Box::new(Dynamic::from_value(value)?))
    }

    fn equal(&self, other: &dyn attr::Type) -> bool {
        other.is::<DynamicType>()
    }

    /// A dynamic value may be anything, so any step leads to another dynamic type.
    fn apply_path_step(&self, _step: &PathStep) -> Result<Box<dyn attr::Type>, PathStepError> {
        Ok(Box::new(DynamicType))
    }
}

impl fmt::Display for DynamicType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("DynamicType")
    }
}
