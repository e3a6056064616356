//! [`Bool`] and [`BoolType`]: a Terraform bool that may be null or unknown.

use std::fmt;

use super::conversion::unexpected;
use super::primitive::{PrimitiveKind, primitive_impls};
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

impl Bool {
    /// A null bool (Go's `types.BoolNull()`).
    pub fn null() -> Bool {
        Bool::default()
    }

    /// An unknown bool (Go's `types.BoolUnknown()`).
    pub fn unknown() -> Bool {
        Bool {
            state: ValueState::Unknown,
            value: false,
        }
    }

    /// A known bool (Go's `types.BoolValue`).
    pub fn new(value: bool) -> Bool {
        Bool {
            state: ValueState::Known,
            value,
        }
    }

    /// The bool, or `false` when null or unknown (Go's `ValueBool`).
    pub fn value_bool(&self) -> bool {
        self.value
    }

    /// The bool when known (Go's `ValueBoolPointer`, with `None` for null and unknown).
    pub fn get(&self) -> Option<bool> {
        (self.state == ValueState::Known).then_some(self.value)
    }

    /// True when null (Go's `IsNull`).
    pub fn is_null(&self) -> bool {
        self.state == ValueState::Null
    }

    /// True when unknown (Go's `IsUnknown`).
    pub fn is_unknown(&self) -> bool {
        self.state == ValueState::Unknown
    }

    /// Null, unknown or known.
    pub fn state(&self) -> ValueState {
        self.state
    }
}

impl From<bool> for Bool {
    fn from(value: bool) -> Bool {
        Bool::new(value)
    }
}

impl From<Option<bool>> for Bool {
    /// `None` is null (Go's `BoolPointerValue`).
    fn from(value: Option<bool>) -> Bool {
        value.map_or_else(Bool::null, Bool::new)
    }
}

/// The attribute type of [`Bool`] (Go's `types.BoolType`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BoolType;

impl PrimitiveKind for Bool {
    type Inner = bool;

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

primitive_impls!(Bool, BoolType, Bool, "BoolType");
