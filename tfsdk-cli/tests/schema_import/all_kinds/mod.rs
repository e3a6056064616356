//! Models of the schema of `registry.terraform.io/example/kinds`, written by `tfsdk schema import`.

pub mod data_sources;
pub mod ephemeral_resources;
pub mod provider;
pub mod resources;
