//! The resources.

pub mod pet;
pub mod tag;
