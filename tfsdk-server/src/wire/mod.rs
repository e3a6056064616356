//! Conversions between the protocol messages and tfsdk-core values, schemas and diagnostics.

pub(crate) mod diagnostics;
pub(crate) mod dynamic_value;
pub(crate) mod path;
pub(crate) mod protobuf;
pub(crate) mod schema;
