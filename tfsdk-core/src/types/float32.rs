//! [`Float32`] and [`Float32Type`]: a Terraform number held as `f32` that may be null or unknown.

use super::primitive::number_value;

number_value! {
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
    Float32(f32): Float32Type = "Float32Type",
    // Read with `Number::to_f32`: the nearest float that prints back as the same decimal.
    float_kind(to_f32, from_f32),
    value_float32, "float", "0.0",
    derive(PartialEq, PartialOrd)
}
