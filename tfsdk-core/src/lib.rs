//! # tfsdk-core
//!
//! The runtime of tfsdk-rs: Terraform/OpenTofu values for Rust provider authors.

#![warn(missing_docs)]

pub mod convert;
pub mod diag;
mod object;
pub mod path;
pub mod schema;
pub mod tftypes;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

pub use object::{AttributeNames, TfObject, TfSchema, assert_unique_names};

/// Derives [`TfObject`] (with [`TerraformType`](convert::TerraformType),
/// [`FromValue`](convert::FromValue) and [`ToValue`](convert::ToValue)) for a struct whose fields
/// are tagged `#[tfsdk(name = "...")]`, `#[tfsdk(skip)]` or `#[tfsdk(flatten)]`.
#[cfg(feature = "derive")]
pub use tfsdk_macros::TfObject;
