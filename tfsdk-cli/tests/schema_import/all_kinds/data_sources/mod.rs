//! The data sources.

pub mod lookup;
