//! [`Float64`] and [`Float64Type`]: a Terraform number held as `f64` that may be null or unknown.

use super::primitive::number_value;

number_value! {
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
    Float64(f64): Float64Type = "Float64Type",
    // Read with `Number::to_f64`: the nearest float that prints back as the same decimal.
    float_kind(to_f64, from_f64),
    value_float64, "float", "0.0",
    derive(PartialEq, PartialOrd)
}
