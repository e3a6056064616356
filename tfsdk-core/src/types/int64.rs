//! [`Int64`] and [`Int64Type`]: a Terraform number held as `i64` that may be null or unknown.

use super::primitive::number_value;

number_value! {
    /// A 64-bit integer attribute value: null, unknown or known (Go's `types.Int64`).
    ///
    /// Read from a Terraform value, a number that is not a whole number within `i64` is an error (overflow or precision loss), as for a plain `i64`.
    ///
    /// ```
    /// use tfsdk_core::convert::FromValue;
    /// use tfsdk_core::tftypes::Value;
    /// use tfsdk_core::types::Int64;
    ///
    /// assert_eq!(Int64::new(123).get(), Some(123));
    /// assert_eq!(Int64::null().value_int64(), 0);
    /// assert_eq!(Int64::unknown().to_string(), "<unknown>");
    /// assert_eq!(Int64::from_value(Value::from(7)).unwrap(), Int64::new(7));
    /// assert!(Int64::from_value(Value::number("1.5".parse::<tfsdk_core::tftypes::Number>().unwrap())).is_err());
    /// ```
    Int64(i64): Int64Type = "Int64Type",
    // Read with `Number::to_i64`: exact both ways.
    integer_kind(to_i64),
    value_int64, "integer", "0",
    derive(PartialEq, Eq, Hash, PartialOrd, Ord)
}
