//! # tfsdk-core
//!
#![doc = include_str!("lib.md")]
#![warn(missing_docs)]

pub mod attr;
pub mod convert;
pub mod diag;
pub mod msgpack_direct;
mod object;
pub mod path;
pub mod schema;
pub mod tftypes;
pub mod types;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

pub use object::{TfObject, TfSchema};

#[doc = include_str!("derive.md")]
#[cfg(feature = "derive")]
pub use tfsdk_macros::TfObject;
