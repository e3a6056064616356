//! Conversions between the protocol messages and tfsdk-core values, schemas and diagnostics.
