//! # tfsdk-core
//!
#![doc = include_str!("lib.md")]
#![warn(missing_docs)]

#[macro_use]
mod schema_text;

pub mod attr;
pub mod convert;
pub mod diag;
#[cfg(feature = "msgpack-direct")]
pub mod msgpack_direct;
mod object;
pub mod path;
pub mod schema;
pub mod tftypes;
pub mod types;
pub mod view;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

pub use object::{TfObject, TfSchema};

/// The typed view of a schema model `M` (see [`view`]): the struct the derive writes next to it
/// (`FileView` for `File`), whose fields hold null, unknown or known values at every depth.
pub type View<M> = <M as TfSchema>::View;

#[doc = include_str!("derive.md")]
#[cfg(feature = "derive")]
pub use tfsdk_macros::TfObject;

/// This crate's README, whose Rust examples run as doctests, so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeExamples;
