//! The data sources.

pub mod pets;
