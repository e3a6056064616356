//! Models of the schema of `registry.terraform.io/example/petstore`, written by `tfsdk schema import`.

pub mod data_sources;
pub mod provider;
pub mod resources;
