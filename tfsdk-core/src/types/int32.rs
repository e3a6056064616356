//! [`Int32`] and [`Int32Type`]: a Terraform number held as `i32` that may be null or unknown.

use super::primitive::number_value;

number_value! {
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
    Int32(i32): Int32Type = "Int32Type",
    // Read with `Number::to_i32`: exact both ways.
    integer_kind(to_i32),
    value_int32, "integer", "0",
    derive(PartialEq, Eq, Hash, PartialOrd, Ord)
}
