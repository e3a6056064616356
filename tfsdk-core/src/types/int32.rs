//! [`Int32`] and [`Int32Type`]: a Terraform number held as `i32` that may be null or unknown.

use std::fmt;

use super::conversion::unexpected;
use super::primitive::{PrimitiveKind, copy_primitive_accessors, primitive_impls};
use crate::attr::ValueState;
use crate::attr::error::ConvertError;
use crate::tftypes::{Number, Type, Value, ValueData};

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

impl PrimitiveKind for Int32 {
    type Inner = i32;

    const ZERO: i32 = 0;

    fn read_known(ty: &Type, data: ValueData) -> Result<i32, ConvertError> {
        match data {
            ValueData::Number(n) => n.to_i32().map_err(ConvertError::number::<Int32>),
            data => Err(unexpected::<Int32>(ty, &data, "a number")),
        }
    }

    fn write_known(inner: &i32) -> Result<Value, ConvertError> {
        Ok(Value::number(Number::from(*inner)))
    }

    fn fmt_known(inner: &i32, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{inner}")
    }
}

// The null and unknown constructors, state accessors and traits every primitive value has
// (`primitive.rs`).
primitive_impls!(Int32, Int32Type, Number, "Int32Type", "integer");
// `new`, the Go-style accessor, `get` and the `From` conversions.
copy_primitive_accessors!(Int32, i32, value_int32, "integer", "0");
