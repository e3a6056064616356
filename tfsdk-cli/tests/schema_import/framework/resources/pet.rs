//! `petstore_pet`: the model of the managed resource as `registry.terraform.io/example/petstore` serves it, schema version 1.
//!
//! Written by `tfsdk schema import` from `terraform providers schema -json`, which holds
//! names, types, nesting, flags, descriptions and deprecations but no plan modifiers,
//! defaults or validators: add the Go type's (`stable` for `UseStateForUnknown`,
//! `force_new` for `RequiresReplace`, `default = ...`, rules) before serving it. Importing
//! again overwrites this file.
#![allow(missing_docs, rustdoc::all)]

use tfsdk_core::{TfObject, types};

/// The version of this schema Terraform stores with each state (`Resource::SCHEMA_VERSION`).
pub const SCHEMA_VERSION: i64 = 1;

/// A pet.
#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]
#[tfsdk(schema(resource), description_kind = "plain")]
pub struct Pet {
    #[tfsdk(name = "created_at", computed)]
    pub created_at: types::String,
    /// The pet's id.
    #[tfsdk(name = "id", computed)]
    pub id: types::String,
    /// The pet's name.
    #[tfsdk(name = "name", required)]
    pub name: types::String,
    #[tfsdk(name = "nicknames", optional)]
    pub nicknames: types::Set<types::String>,
    #[tfsdk(
        name = "owner_id",
        optional,
        deprecated = "Owners will be kept by the owner."
    )]
    pub owner_id: types::String,
    #[tfsdk(name = "secret", optional, sensitive)]
    pub secret: types::String,
    #[tfsdk(name = "species", optional, computed)]
    pub species: types::String,
    /// A toy of the pet.
    #[tfsdk(name = "toy", optional, block)]
    pub toy: Vec<PetToy>,
}

// `petstore_pet.toy`.
#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]
#[tfsdk(schema, description_kind = "plain")]
pub struct PetToy {
    #[tfsdk(name = "color", optional)]
    pub color: types::String,
    #[tfsdk(name = "name", required)]
    pub name: types::String,
}
