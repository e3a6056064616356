//! `kinds_lookup`: the model of the data source as `registry.terraform.io/example/kinds` serves it.
//!
//! Written by `tfsdk schema import` from `terraform providers schema -json`, which holds
//! names, types, nesting, flags, descriptions and deprecations but no plan modifiers,
//! defaults or validators: add the Go type's (`stable` for `UseStateForUnknown`,
//! `force_new` for `RequiresReplace`, `default = ...`, rules) before serving it. Importing
//! again overwrites this file.
#![allow(missing_docs, rustdoc::all)]

use tfsdk_core::view::Maybe;
use tfsdk_core::{TfObject, types};

/// A lookup.
#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]
#[tfsdk(schema(data_source))]
pub struct Lookup {
    #[tfsdk(name = "items", computed, nested_attribute, description_kind = "plain")]
    pub items: Maybe<Vec<LookupItems>>,
    /// Looked up by name.
    #[tfsdk(name = "name", required, description_kind = "plain")]
    pub name: types::String,
}

// `kinds_lookup.items`.
#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]
#[tfsdk(schema, description_kind = "plain")]
pub struct LookupItems {
    #[tfsdk(name = "id", computed)]
    pub id: types::String,
    #[tfsdk(name = "size", computed)]
    pub size: types::Number,
}
