//! `petstore_tag`: the model of the managed resource as `registry.terraform.io/example/petstore` serves it, schema version 0.
//!
//! Written by `tfsdk schema import` from `terraform providers schema -json`, which holds
//! names, types, nesting, flags, descriptions and deprecations but no plan modifiers,
//! defaults or validators: add the Go type's (`stable` for `UseStateForUnknown`,
//! `force_new` for `RequiresReplace`, `default = ...`, rules) before serving it. Importing
//! again overwrites this file.
#![allow(missing_docs, rustdoc::all)]

use std::collections::HashSet;

use tfsdk_core::{TfObject, types};

/// The version of this schema Terraform stores with each state (`Resource::SCHEMA_VERSION`).
pub const SCHEMA_VERSION: i64 = 0;

/// A tag for pets.
#[derive(TfObject, Clone, Debug, PartialEq, Eq)]
#[tfsdk(schema(resource), description_kind = "plain")]
pub struct Tag {
    #[tfsdk(name = "color", optional)]
    pub color: types::String,
    #[tfsdk(name = "id", optional, computed)]
    pub id: types::String,
    #[tfsdk(name = "labels", optional, sensitive)]
    pub labels: types::Map<types::String>,
    /// The tag's name; another name replaces the tag.
    #[tfsdk(name = "name", required)]
    pub name: types::String,
    #[tfsdk(name = "rule", optional, block)]
    pub rule: HashSet<TagRule>,
}

// `petstore_tag.rule`.
#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]
#[tfsdk(schema, description_kind = "plain")]
pub struct TagRule {
    #[tfsdk(name = "pattern", required)]
    pub pattern: types::String,
    #[tfsdk(name = "weight", optional)]
    pub weight: types::Number,
}
