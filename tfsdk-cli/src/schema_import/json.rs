//! The part of `terraform providers schema -json` that schema import reads, as Terraform's
//! `jsonprovider` package writes it (flags absent when false, `description_kind` always).

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value as Json;

/// The whole document: one entry per provider source address.
#[derive(Debug, Deserialize)]
pub(crate) struct Document {
    pub provider_schemas: BTreeMap<String, ProviderSchemas>,
}

/// What one provider serves.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub(crate) struct ProviderSchemas {
    pub provider: Option<Schema>,
    pub resource_schemas: BTreeMap<String, Schema>,
    pub data_source_schemas: BTreeMap<String, Schema>,
    pub ephemeral_resource_schemas: BTreeMap<String, Schema>,
    pub resource_identity_schemas: BTreeMap<String, IdentitySchema>,
    pub list_resource_schemas: BTreeMap<String, Json>,
    pub action_schemas: BTreeMap<String, Json>,
    pub functions: BTreeMap<String, Json>,
}

/// A provider, resource or data source schema: its version and top-level block.
#[derive(Debug, Deserialize)]
pub(crate) struct Schema {
    #[serde(default)]
    pub version: i64,
    pub block: Block,
}

/// A block: attributes, nested blocks, documentation.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub(crate) struct Block {
    pub attributes: BTreeMap<String, Attribute>,
    pub block_types: BTreeMap<String, BlockType>,
    pub description: Option<String>,
    pub description_kind: Option<String>,
    pub deprecated: bool,
    pub deprecation_message: Option<String>,
}

/// An attribute: a type, or nested attributes.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub(crate) struct Attribute {
    #[serde(rename = "type")]
    pub ty: Option<Json>,
    pub nested_type: Option<NestedType>,
    pub description: Option<String>,
    pub description_kind: Option<String>,
    pub deprecated: bool,
    pub deprecation_message: Option<String>,
    pub required: bool,
    pub optional: bool,
    pub computed: bool,
    pub sensitive: bool,
    pub write_only: bool,
}

/// The nested attributes of an attribute.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct NestedType {
    #[serde(default)]
    pub attributes: BTreeMap<String, Attribute>,
    pub nesting_mode: String,
}

/// A nested block.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct BlockType {
    pub nesting_mode: String,
    #[serde(default)]
    pub block: Block,
    #[serde(default)]
    pub min_items: u64,
    #[serde(default)]
    pub max_items: u64,
}

/// A resource's identity schema.
#[derive(Debug, Deserialize)]
pub(crate) struct IdentitySchema {
    #[serde(default)]
    pub version: i64,
    #[serde(default)]
    pub attributes: BTreeMap<String, IdentityAttribute>,
}

/// One identity attribute.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub(crate) struct IdentityAttribute {
    #[serde(rename = "type")]
    pub ty: Option<Json>,
    pub description: Option<String>,
    pub required_for_import: bool,
    pub optional_for_import: bool,
}
