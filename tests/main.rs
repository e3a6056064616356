//! Integration tests: the derive and the runtime together, as a user sees them.

mod derive_objects;
mod schema_behaviours;
