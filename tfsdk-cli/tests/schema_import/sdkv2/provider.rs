//! `provider`: the model of the provider configuration as `registry.terraform.io/example/petstore` serves it.
//!
//! Written by `tfsdk schema import` from `terraform providers schema -json`, which holds
//! names, types, nesting, flags, descriptions and deprecations but no plan modifiers,
//! defaults or validators: add the Go type's (`stable` for `UseStateForUnknown`,
//! `force_new` for `RequiresReplace`, `default = ...`, rules) before serving it. Importing
//! again overwrites this file.
#![allow(missing_docs, rustdoc::all)]

use tfsdk_core::{TfObject, types};

#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]
#[tfsdk(schema(provider), description_kind = "plain")]
pub struct ProviderConfig {
    /// Where the store keeps its objects (default: PETSTORE_DIR).
    #[tfsdk(name = "directory", optional)]
    pub directory: types::String,
}
