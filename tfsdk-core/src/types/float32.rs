//! [`Float32`] and [`Float32Type`]: a Terraform number held as `f32` that may be null or unknown.

use super::float::float_value;

float_value! {
    /// A 32-bit float attribute value: null, unknown or known (Go's `types.Float32`).
    ///
    /// Read from a Terraform value, any number whose nearest `f32` is finite converts (and not
    /// zero, for a number that is not), the number kept when it says more than the float, as
    /// for [`Float64`](super::Float64). A number beyond `f32`'s range is an error at its path
    /// (Go accepts it at plan time and fails the apply with "inconsistent result").
    ///
    /// ```
    /// use tfsdk_core::types::Float32;
    ///
    /// assert_eq!(Float32::new(0.1).to_string(), "0.1");
    /// assert_eq!(Float32::unknown().get(), None);
    /// ```
    Float32(f32): Float32Type = "Float32Type",
    value_float32
}
