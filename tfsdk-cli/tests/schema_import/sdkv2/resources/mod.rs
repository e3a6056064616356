//! The resources.

pub mod pet;
