//! [`Int32`] and [`Int32Type`]: a Terraform number held as `i32` that may be null or unknown.

use std::fmt;

use super::conversion::unexpected;
use super::primitive::{PrimitiveKind, primitive_impls};
use crate::attr::ValueState;
use crate::attr::error::ConvertError;
use crate::tftypes::{Number, Type, Value, ValueData};

/// A 32-bit integer attribute value: null, unknown or known (Go's `types.Int32`).
///
/// Read from a Terraform value, a number that is not a whole number within `i32` is an error (overflow or precision loss).
///
/// ```
/// use tfsdk_core::convert::FromValue;
/// use tfsdk_core::tftypes::Value;
/// use tfsdk_core::types::Int32;
///
/// assert_eq!(Int32::new(5).value_int32(), 5);
/// let err = Int32::from_value(Value::from(i64::MAX)).unwrap_err();
/// assert!(err.to_string().contains("overflow"), "{err}");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Int32 {
    state: ValueState,
    value: i32,
}

impl Int32 {
    /// A null integer (Go's `types.Int32Null()`).
    pub fn null() -> Int32 {
        Int32 {
            state: ValueState::Null,
            value: 0,
        }
    }

    /// An unknown integer (Go's `types.Int32Unknown()`).
    pub fn unknown() -> Int32 {
        Int32 {
            state: ValueState::Unknown,
            value: 0,
        }
    }

    /// A known integer (Go's `types.Int32Value`).
    pub fn new(value: i32) -> Int32 {
        Int32 {
            state: ValueState::Known,
            value,
        }
    }

    /// The integer, or `0` when null or unknown (Go's `ValueInt32`).
    pub fn value_int32(&self) -> i32 {
        self.value
    }

    /// The integer when known (Go's `ValueInt32Pointer`, with `None` for null and unknown).
    pub fn get(&self) -> Option<i32> {
        (self.state == ValueState::Known).then_some(self.value)
    }

    /// True when null (Go's `IsNull`).
    pub fn is_null(&self) -> bool {
        self.state == ValueState::Null
    }

    /// True when unknown (Go's `IsUnknown`).
    pub fn is_unknown(&self) -> bool {
        self.state == ValueState::Unknown
    }

    /// Null, unknown or known.
    pub fn state(&self) -> ValueState {
        self.state
    }
}

impl From<i32> for Int32 {
    fn from(value: i32) -> Int32 {
        Int32::new(value)
    }
}

impl From<Option<i32>> for Int32 {
    /// `None` is null (Go's `Int32PointerValue`).
    fn from(value: Option<i32>) -> Int32 {
        value.map_or_else(Int32::null, Int32::new)
    }
}

/// The attribute type of [`Int32`] (Go's `types.Int32Type`): Terraform's `number`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Int32Type;

impl PrimitiveKind for Int32 {
    type Inner = i32;

    fn read_known(ty: &Type, data: ValueData) -> Result<i32, ConvertError> {
        match data {
            ValueData::Number(n) => n.to_i32().map_err(ConvertError::number::<Int32>),
            data => Err(unexpected::<Int32>(ty, &data, "a number")),
        }
    }

    fn write_known(inner: &i32) -> Result<Value, ConvertError> {
        Ok(Value::number(Number::from(*inner)))
    }

    fn fmt_known(inner: &i32, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{inner}")
    }
}

primitive_impls!(Int32, Int32Type, Number, "Int32Type");
