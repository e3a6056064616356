//! [`Float32`] and [`Float32Type`]: a Terraform number held as `f32` that may be null or unknown.

use super::primitive::{copy_primitive_accessors, float_kind, primitive_impls};
use crate::attr::ValueState;

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

// Read with `Number::to_f32`: the nearest float that prints back as the same decimal.
float_kind!(Float32, f32, to_f32, from_f32);

// The null and unknown constructors, state accessors and traits every primitive value has
// (`primitive.rs`).
primitive_impls!(Float32, Float32Type, Number, "Float32Type", "float");
// `new`, the Go-style accessor, `get` and the `From` conversions.
copy_primitive_accessors!(Float32, f32, value_float32, "float", "0.0");
