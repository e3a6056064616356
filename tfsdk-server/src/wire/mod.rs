//! Conversions between the protocol messages and tfsdk-core values, schemas and diagnostics.
// Used by the server modules.
#![allow(dead_code)]

pub(crate) mod diagnostics;
pub(crate) mod dynamic_value;
pub(crate) mod function;
pub(crate) mod path;
pub(crate) mod schema;
