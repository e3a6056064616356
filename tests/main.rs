//! Integration tests: the derive and the runtime together, as a user sees them.
