//! The resources.

pub mod everything;
