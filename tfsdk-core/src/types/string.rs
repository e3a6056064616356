//! [`String`] and [`StringType`]: a Terraform string that may be null or unknown.

use std::fmt;

use super::conversion::unexpected;
use super::primitive::{PrimitiveKind, primitive_impls};
use crate::attr::ValueState;
use crate::attr::error::ConvertError;
use crate::tftypes::{Type, Value, ValueData};

/// A string attribute value: null, unknown or known (Go's `types.String`).
///
/// The default is null, as Go's zero value is.
///
/// ```
/// use tfsdk_core::types;
///
/// let name = types::String::new("web"); // Go's types.StringValue("web")
/// assert_eq!(name.value_string(), "web");
/// assert_eq!(name.get(), Some("web"));
/// assert_eq!(name.to_string(), r#""web""#);
///
/// let unset = types::String::null(); // Go's types.StringNull()
/// assert!(unset.is_null());
/// assert_eq!(unset.value_string(), "");
/// assert_eq!(unset.get(), None);
/// assert_eq!(unset.to_string(), "<null>");
/// assert_eq!(types::String::unknown().to_string(), "<unknown>");
/// assert_eq!(types::String::from(None::<&str>), unset); // Go's StringPointerValue(nil)
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct String {
    state: ValueState,
    value: std::string::String,
}

impl String {
    /// A known string (Go's `types.StringValue`).
    pub fn new(value: impl Into<std::string::String>) -> String {
        String {
            state: ValueState::Known,
            value: value.into(),
        }
    }

    /// The string, or `""` when null or unknown (Go's `ValueString`).
    pub fn value_string(&self) -> &str {
        &self.value
    }

    /// The string when known (Go's `ValueStringPointer`, with `None` for null and unknown).
    pub fn get(&self) -> Option<&str> {
        (self.state == ValueState::Known).then_some(self.value.as_str())
    }

    /// The string when known, taken out.
    pub fn into_inner(self) -> Option<std::string::String> {
        (self.state == ValueState::Known).then_some(self.value)
    }
}

impl From<&str> for String {
    fn from(value: &str) -> String {
        String::new(value)
    }
}

impl From<std::string::String> for String {
    fn from(value: std::string::String) -> String {
        String::new(value)
    }
}

impl<S: Into<std::string::String>> From<Option<S>> for String {
    /// `None` is null (Go's `StringPointerValue`).
    fn from(value: Option<S>) -> String {
        value.map_or_else(String::null, String::new)
    }
}

/// The attribute type of [`String`] (Go's `types.StringType`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct StringType;

impl PrimitiveKind for String {
    type Inner = std::string::String;

    const ZERO: std::string::String = std::string::String::new();

    fn read_known(ty: &Type, data: ValueData) -> Result<std::string::String, ConvertError> {
        match data {
            ValueData::String(text) => Ok(text),
            data => Err(unexpected::<String>(ty, &data, "a string")),
        }
    }

    fn write_known(inner: &std::string::String) -> Result<Value, ConvertError> {
        Ok(Value::str(inner.as_str()))
    }

    fn fmt_known(inner: &std::string::String, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{inner:?}")
    }
}

// The null and unknown constructors, state accessors and traits every primitive value has
// (`primitive.rs`).
primitive_impls!(String, StringType, String, "StringType", "string");
