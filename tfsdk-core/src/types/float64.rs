//! [`Float64`] and [`Float64Type`]: a Terraform number held as `f64` that may be null or unknown.

use super::float::float_value;

float_value! {
    /// A 64-bit float attribute value: null, unknown or known (Go's `types.Float64`).
    ///
    /// Read from a Terraform value, any number whose nearest `f64` is finite converts (and not
    /// zero, for a number that is not): a number that says more than its float (a configured
    /// `1 - 0.99`, `0.1 + 0.2`) is kept as it came and goes back to Terraform unchanged, as
    /// Go's `types.Float64` keeps its `big.Float`; [`get`](Float64::get) gives the nearest
    /// float and [`number`](Float64::number) the number. `==` compares the numbers (Go's
    /// `Equal`); the type's semantic equality compares the floats (Go's
    /// `Float64SemanticEquals`), so an API that answers the float keeps the configured number
    /// in state. A plain `f64` field is stricter: a number whose nearest `f64` prints as
    /// another decimal is an error there. NaN and infinities cannot become Terraform values.
    /// `Display` prints the number as Terraform does (`1.5`), where Go prints `%f`.
    ///
    /// ```
    /// use tfsdk_core::convert::{FromValue, ToValue};
    /// use tfsdk_core::tftypes::{Number, Type, Value};
    /// use tfsdk_core::types::Float64;
    ///
    /// assert_eq!(Float64::new(1.5).get(), Some(1.5));
    /// assert_eq!(Float64::new(1.5).to_string(), "1.5");
    /// assert_eq!(Float64::null().value_float64(), 0.0);
    ///
    /// // `1 - 0.99` as Terraform computes it: more digits than an f64 holds.
    /// let configured: Number = "0.01000000000000000000000000000000000000001".parse().unwrap();
    /// let value = Float64::from_value(Value::number(configured.clone())).unwrap();
    /// assert_eq!(value.get(), Some(0.01));
    /// assert_eq!(value.to_value(&Type::Number).unwrap(), Value::number(configured));
    /// ```
    Float64(f64): Float64Type = "Float64Type",
    value_float64
}
