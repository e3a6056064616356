//! [`Float64`] and [`Float64Type`]: a Terraform number held as `f64` that may be null or unknown.

use std::fmt;

use super::conversion::unexpected;
use super::primitive::{PrimitiveKind, primitive_impls};
use crate::attr::ValueState;
use crate::attr::error::ConvertError;
use crate::tftypes::{Number, Type, Value, ValueData};

/// A 64-bit float attribute value: null, unknown or known (Go's `types.Float64`).
///
/// Read from a Terraform value, a number converts when its nearest `f64` prints back as the same decimal (`0.1` does, `2^53 + 1` does not); NaN and infinities cannot become Terraform values. `Display` prints the shortest decimal (`1.5`), as Terraform does, where Go prints `%f`.
///
/// ```
/// use tfsdk_core::types::Float64;
///
/// assert_eq!(Float64::new(1.5).get(), Some(1.5));
/// assert_eq!(Float64::new(1.5).to_string(), "1.5");
/// assert_eq!(Float64::null().value_float64(), 0.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, PartialOrd)]
pub struct Float64 {
    state: ValueState,
    value: f64,
}

impl Float64 {
    /// A null float (Go's `types.Float64Null()`).
    pub fn null() -> Float64 {
        Float64 {
            state: ValueState::Null,
            value: 0.0,
        }
    }

    /// An unknown float (Go's `types.Float64Unknown()`).
    pub fn unknown() -> Float64 {
        Float64 {
            state: ValueState::Unknown,
            value: 0.0,
        }
    }

    /// A known float (Go's `types.Float64Value`).
    pub fn new(value: f64) -> Float64 {
        Float64 {
            state: ValueState::Known,
            value,
        }
    }

    /// The float, or `0.0` when null or unknown (Go's `ValueFloat64`).
    pub fn value_float64(&self) -> f64 {
        self.value
    }

    /// The float when known (Go's `ValueFloat64Pointer`, with `None` for null and unknown).
    pub fn get(&self) -> Option<f64> {
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

impl From<f64> for Float64 {
    fn from(value: f64) -> Float64 {
        Float64::new(value)
    }
}

impl From<Option<f64>> for Float64 {
    /// `None` is null (Go's `Float64PointerValue`).
    fn from(value: Option<f64>) -> Float64 {
        value.map_or_else(Float64::null, Float64::new)
    }
}

/// The attribute type of [`Float64`] (Go's `types.Float64Type`): Terraform's `number`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Float64Type;

impl PrimitiveKind for Float64 {
    type Inner = f64;

    fn read_known(ty: &Type, data: ValueData) -> Result<f64, ConvertError> {
        match data {
            ValueData::Number(n) => n.to_f64().map_err(ConvertError::number::<Float64>),
            data => Err(unexpected::<Float64>(ty, &data, "a number")),
        }
    }

    fn write_known(inner: &f64) -> Result<Value, ConvertError> {
        Number::from_f64(*inner)
            .map(Value::number)
            .map_err(ConvertError::number::<Float64>)
    }

    fn fmt_known(inner: &f64, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match Number::from_f64(*inner) {
            Ok(n) => write!(f, "{n}"),
            Err(_) => write!(f, "{inner}"),
        }
    }
}

primitive_impls!(Float64, Float64Type, Number, "Float64Type");
