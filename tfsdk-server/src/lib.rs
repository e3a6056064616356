//! # tfsdk-server
//!
//! Serves a provider built on `#[derive(TfObject)]` models to Terraform and OpenTofu over
//! plugin protocol 6.
#![warn(missing_docs)]

mod launch;
pub mod proto;
mod wire;
