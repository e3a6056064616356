//! The resources.

pub mod tag;
