//! Integration tests: the derive and the runtime together, as a user sees them.

mod derive_objects;
mod msgpack_direct;
mod null_and_unknown;
mod quickstart_schema;
mod schema_behaviours;
mod support;
