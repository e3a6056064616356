//! `kinds_token`: the model of the ephemeral resource as `registry.terraform.io/example/kinds` serves it.
//!
//! Written by `tfsdk schema import` from `terraform providers schema -json`, which holds
//! names, types, nesting, flags, descriptions and deprecations but no plan modifiers,
//! defaults or validators: add the Go type's (`stable` for `UseStateForUnknown`,
//! `force_new` for `RequiresReplace`, `default = ...`, rules) before serving it. Importing
//! again overwrites this file.
#![allow(missing_docs, rustdoc::all)]

use tfsdk_core::{TfObject, types};

#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]
#[tfsdk(
    schema(ephemeral),
    description_kind = "plain",
    description = "A short-lived token.\n"
)]
pub struct Token {
    #[tfsdk(name = "length", required)]
    pub length: types::Number,
    #[tfsdk(name = "value", computed, sensitive)]
    pub value: types::String,
}
