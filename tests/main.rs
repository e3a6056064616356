//! Integration tests: the derive and the runtime together, as a user sees them.

// msgpack_direct nests types 136 levels deep to test the depth limit.
#![recursion_limit = "256"]

mod derive_objects;
mod msgpack_direct;
mod null_and_unknown;
mod quickstart_schema;
mod schema_behaviours;
mod support;
