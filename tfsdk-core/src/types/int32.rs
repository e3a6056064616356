//! [`Int32`] and [`Int32Type`]: a Terraform number held as `i32` that may be null or unknown.

use super::primitive::{copy_primitive_accessors, integer_kind, primitive_impls};
use crate::attr::ValueState;

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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Int32 {
    state: ValueState,
    value: i32,
}

/// The attribute type of [`Int32`] (Go's `types.Int32Type`): Terraform's `number`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Int32Type;

// Read with `Number::to_i32`: exact both ways.
integer_kind!(Int32, i32, to_i32);

// The null and unknown constructors, state accessors and traits every primitive value has
// (`primitive.rs`).
primitive_impls!(Int32, Int32Type, Number, "Int32Type", "integer");
// `new`, the Go-style accessor, `get` and the `From` conversions.
copy_primitive_accessors!(Int32, i32, value_int32, "integer", "0");
