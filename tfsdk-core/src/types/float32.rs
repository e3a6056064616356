//! [`Float32`] and [`Float32Type`]: a Terraform number held as `f32` that may be null or unknown.

use std::fmt;

use super::conversion::unexpected;
use super::primitive::{PrimitiveKind, primitive_impls};
use crate::attr::ValueState;
use crate::attr::error::ConvertError;
use crate::tftypes::{Number, Type, Value, ValueData};

/// A 32-bit float attribute value: null, unknown or known (Go's `types.Float32`).
///
/// Read from a Terraform value, a number converts when its nearest `f32` prints back as the same decimal.
///
/// ```
/// use tfsdk_core::types::Float32;
///
/// assert_eq!(Float32::new(0.1).to_string(), "0.1");
/// assert_eq!(Float32::unknown().get(), None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, PartialOrd)]
pub struct Float32 {
    state: ValueState,
    value: f32,
}

impl Float32 {
    /// A null float (Go's `types.Float32Null()`).
    pub fn null() -> Float32 {
        Float32 {
            state: ValueState::Null,
            value: 0.0,
        }
    }

    /// An unknown float (Go's `types.Float32Unknown()`).
    pub fn unknown() -> Float32 {
        Float32 {
            state: ValueState::Unknown,
            value: 0.0,
        }
    }

    /// A known float (Go's `types.Float32Value`).
    pub fn new(value: f32) -> Float32 {
        Float32 {
            state: ValueState::Known,
            value,
        }
    }

    /// The float, or `0.0` when null or unknown (Go's `ValueFloat32`).
    pub fn value_float32(&self) -> f32 {
        self.value
    }

    /// The float when known (Go's `ValueFloat32Pointer`, with `None` for null and unknown).
    pub fn get(&self) -> Option<f32> {
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

impl From<f32> for Float32 {
    fn from(value: f32) -> Float32 {
        Float32::new(value)
    }
}

impl From<Option<f32>> for Float32 {
    /// `None` is null (Go's `Float32PointerValue`).
    fn from(value: Option<f32>) -> Float32 {
        value.map_or_else(Float32::null, Float32::new)
    }
}

/// The attribute type of [`Float32`] (Go's `types.Float32Type`): Terraform's `number`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Float32Type;

impl PrimitiveKind for Float32 {
    type Inner = f32;

    fn read_known(ty: &Type, data: ValueData) -> Result<f32, ConvertError> {
        match data {
            ValueData::Number(n) => n.to_f32().map_err(ConvertError::number::<Float32>),
            data => Err(unexpected::<Float32>(ty, &data, "a number")),
        }
    }

    fn write_known(inner: &f32) -> Result<Value, ConvertError> {
        Number::from_f32(*inner)
            .map(Value::number)
            .map_err(ConvertError::number::<Float32>)
    }

    fn fmt_known(inner: &f32, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match Number::from_f32(*inner) {
            Ok(n) => write!(f, "{n}"),
            Err(_) => write!(f, "{inner}"),
        }
    }
}

primitive_impls!(Float32, Float32Type, Number, "Float32Type");
