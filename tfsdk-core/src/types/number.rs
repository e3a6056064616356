//! [`Number`] and [`NumberType`]: an exact Terraform number that may be null or unknown.

use std::fmt;

use super::conversion::unexpected;
use super::primitive::{PrimitiveKind, primitive_impls};
use crate::attr::ValueState;
use crate::attr::error::ConvertError;
use crate::tftypes::{self, Type, Value, ValueData};

/// An arbitrary-precision number attribute value: null, unknown or known (Go's `types.Number`).
///
/// Every digit is kept: `0.1` is one tenth and `2^64 + 1` keeps its last digit.
///
/// ```
/// use tfsdk_core::types::Number;
///
/// let big: tfsdk_core::tftypes::Number = "18446744073709551617".parse().unwrap();
/// let n = Number::new(big.clone());
/// assert_eq!(n.get(), Some(&big));
/// assert_eq!(n.to_string(), "18446744073709551617");
/// assert_eq!(Number::null().get(), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Number {
    state: ValueState,
    value: tftypes::Number,
}

impl Default for Number {
    /// Null.
    fn default() -> Number {
        Number::null()
    }
}

impl Number {
    /// A known number (Go's `types.NumberValue`).
    pub fn new(value: impl Into<tftypes::Number>) -> Number {
        Number {
            state: ValueState::Known,
            value: value.into(),
        }
    }

    /// The number when known, `None` when null or unknown (Go's `ValueBigFloat`, which gives
    /// `nil`).
    pub fn value_big_float(&self) -> Option<&tftypes::Number> {
        self.get()
    }

    /// The number when known (Go's `ValueBigFloatPointer`, with `None` for null and unknown).
    pub fn get(&self) -> Option<&tftypes::Number> {
        (self.state == ValueState::Known).then_some(&self.value)
    }
}

impl From<tftypes::Number> for Number {
    fn from(value: tftypes::Number) -> Number {
        Number::new(value)
    }
}

impl From<Option<tftypes::Number>> for Number {
    /// `None` is null (Go's `NumberPointerValue`).
    fn from(value: Option<tftypes::Number>) -> Number {
        value.map_or_else(Number::null, Number::new)
    }
}

/// The attribute type of [`Number`] (Go's `types.NumberType`): Terraform's `number`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NumberType;

impl PrimitiveKind for Number {
    type Inner = tftypes::Number;

    const ZERO: tftypes::Number = tftypes::Number::ZERO;

    fn read_known(ty: &Type, data: ValueData) -> Result<tftypes::Number, ConvertError> {
        match data {
            ValueData::Number(n) => Ok(n),
            data => Err(unexpected::<Number>(ty, &data, "a number")),
        }
    }

    fn write_known(inner: &tftypes::Number) -> Result<Value, ConvertError> {
        Ok(Value::number(inner.clone()))
    }

    fn fmt_known(inner: &tftypes::Number, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{inner}")
    }
}

// The null and unknown constructors, state accessors and traits every primitive value has
// (`primitive.rs`).
primitive_impls!(Number, NumberType, Number, "NumberType", "number");
