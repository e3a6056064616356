//! [`Int64`] and [`Int64Type`]: a Terraform number held as `i64` that may be null or unknown.

use super::primitive::{copy_primitive_accessors, integer_kind, primitive_impls};
use crate::attr::ValueState;

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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Int64 {
    state: ValueState,
    value: i64,
}

/// The attribute type of [`Int64`] (Go's `types.Int64Type`): Terraform's `number`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Int64Type;

// Read with `Number::to_i64`: exact both ways.
integer_kind!(Int64, i64, to_i64);

// The null and unknown constructors, state accessors and traits every primitive value has
// (`primitive.rs`).
primitive_impls!(Int64, Int64Type, Number, "Int64Type", "integer");
// `new`, the Go-style accessor, `get` and the `From` conversions.
copy_primitive_accessors!(Int64, i64, value_int64, "integer", "0");
