//! # tfsdk-core
//!
//! The runtime of tfsdk-rs: Terraform/OpenTofu values for Rust provider authors.

#![warn(missing_docs)]

pub mod attr;
pub mod convert;
pub mod diag;
pub mod path;
pub mod tftypes;
pub mod types;
