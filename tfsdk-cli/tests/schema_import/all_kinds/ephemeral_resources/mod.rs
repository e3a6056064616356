//! The ephemeral resources.

pub mod token;
