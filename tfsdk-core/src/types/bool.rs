//! [`Bool`] and [`BoolType`]: a Terraform bool that may be null or unknown.

use std::fmt;

use super::conversion::unexpected;
use super::primitive::{PrimitiveKind, copy_primitive_accessors, primitive_impls};
use crate::attr::ValueState;
use crate::attr::error::ConvertError;
use crate::tftypes::{Type, Value, ValueData};

/// A bool attribute value: null, unknown or known (Go's `types.Bool`).
///
/// ```
/// use tfsdk_core::types::Bool;
///
/// assert_eq!(Bool::new(true).get(), Some(true));
/// assert!(!Bool::null().value_bool());
/// assert_eq!(Bool::unknown().get(), None);
/// assert_eq!(Bool::new(false).to_string(), "false");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bool {
    state: ValueState,
    value: bool,
}

/// The attribute type of [`Bool`] (Go's `types.BoolType`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BoolType;

impl PrimitiveKind for Bool {
    type Inner = bool;

    const ZERO: bool = false;

    fn read_known(ty: &Type, data: ValueData) -> Result<bool, ConvertError> {
        match data {
            ValueData::Bool(b) => Ok(b),
            data => Err(unexpected::<Bool>(ty, &data, "a bool")),
        }
    }

    fn write_known(inner: &bool) -> Result<Value, ConvertError> {
        Ok(Value::bool(*inner))
    }

    fn fmt_known(inner: &bool, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{inner}")
    }
}

// The null and unknown constructors, state accessors and traits every primitive value has
// (`primitive.rs`).
primitive_impls!(Bool, BoolType, Bool, "BoolType", "bool");
// `new`, the Go-style accessor, `get` and the `From` conversions.
copy_primitive_accessors!(Bool, bool, value_bool, "bool", "false");
