//! [`Float32`] and [`Float32Type`]: a Terraform number held as `f32` that may be null or unknown.

use std::fmt;

use super::conversion::unexpected;
use super::primitive::{PrimitiveKind, copy_primitive_accessors, primitive_impls};
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

/// The attribute type of [`Float32`] (Go's `types.Float32Type`): Terraform's `number`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Float32Type;

impl PrimitiveKind for Float32 {
    type Inner = f32;

    const ZERO: f32 = 0.0;

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

// The null and unknown constructors, state accessors and traits every primitive value has
// (`primitive.rs`).
primitive_impls!(Float32, Float32Type, Number, "Float32Type", "float");
// `new`, the Go-style accessor, `get` and the `From` conversions.
copy_primitive_accessors!(Float32, f32, value_float32, "float", "0.0");
