//! `petstore_pets`: the model of the data source as `registry.terraform.io/example/petstore` serves it.
//!
//! Written by `tfsdk schema import` from `terraform providers schema -json`, which holds
//! names, types, nesting, flags, descriptions and deprecations but no plan modifiers,
//! defaults or validators: add the Go type's (`stable` for `UseStateForUnknown`,
//! `force_new` for `RequiresReplace`, `default = ...`, rules) before serving it. Importing
//! again overwrites this file.
#![allow(missing_docs, rustdoc::all)]

use tfsdk_core::{TfObject, types};

/// The pets in the store.
#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]
#[tfsdk(schema(data_source), description_kind = "plain")]
pub struct Pets {
    #[tfsdk(name = "names", computed)]
    pub names: types::List<types::String>,
    /// Only pets of this species.
    #[tfsdk(name = "species", optional)]
    pub species: types::String,
}
