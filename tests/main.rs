//! Integration tests: the derive and the runtime together, as a user sees them.

mod conversion_rules;
mod custom_type;
mod derive_objects;
mod framework_types;
mod msgpack_direct;
mod null_and_unknown;
mod quickstart_schema;
mod schema_behaviours;
mod support;
