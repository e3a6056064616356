//! `kinds_everything`: the model of the managed resource as `registry.terraform.io/example/kinds` serves it, schema version 2.
//!
//! Written by `tfsdk schema import` from `terraform providers schema -json`, which holds
//! names, types, nesting, flags, descriptions and deprecations but no plan modifiers,
//! defaults or validators: add the Go type's (`stable` for `UseStateForUnknown`,
//! `force_new` for `RequiresReplace`, `default = ...`, rules) before serving it. Importing
//! again overwrites this file.
#![allow(missing_docs, rustdoc::all)]

use std::collections::{BTreeMap, HashSet};

use tfsdk_core::view::Maybe;
use tfsdk_core::{TfObject, types};

/// The version of this schema Terraform stores with each state (`Resource::SCHEMA_VERSION`).
pub const SCHEMA_VERSION: i64 = 2;

/// The version of the identity schema (`ResourceIdentity::IDENTITY_VERSION`).
pub const IDENTITY_VERSION: i64 = 1;

/// Every attribute kind, nesting mode and flag.
#[derive(TfObject, Clone, Debug, PartialEq, Eq)]
#[tfsdk(schema(resource), description_kind = "plain")]
pub struct Everything {
    #[tfsdk(name = "anything", optional)]
    pub anything: types::Dynamic,
    #[tfsdk(name = "enabled", optional, computed)]
    pub enabled: types::Bool,
    #[tfsdk(name = "endpoints", optional, nested_attribute)]
    pub endpoints: Maybe<BTreeMap<String, EverythingEndpoints>>,
    /// The id.
    #[tfsdk(name = "id", computed)]
    pub id: types::String,
    #[tfsdk(name = "labels", optional, nested_attribute)]
    pub labels: Maybe<Vec<EverythingLabels>>,
    #[tfsdk(name = "matrix", optional)]
    pub matrix: types::List<types::List<types::Number>>,
    #[tfsdk(name = "members", optional, nested_attribute)]
    pub members: Maybe<HashSet<EverythingMembers>>,
    /// The name.
    #[tfsdk(name = "name", required)]
    pub name: types::String,
    /// Two lines:
    ///
    /// - first
    /// - second
    #[tfsdk(name = "note", optional)]
    pub note: types::String,
    #[tfsdk(name = "old_name", optional, deprecated = "Use name.")]
    pub old_name: types::String,
    /// A single nested attribute.
    #[tfsdk(name = "owner", optional, nested_attribute)]
    pub owner: Maybe<EverythingOwner>,
    #[tfsdk(name = "padded", description = " starts with a space", optional)]
    pub padded: types::String,
    #[tfsdk(name = "password_wo", optional, write_only)]
    pub password_wo: types::String,
    #[tfsdk(name = "ports", optional)]
    pub ports: types::List<types::Number>,
    #[tfsdk(name = "routes", optional)]
    pub routes: types::List<types::Object<EverythingRoutes>>,
    #[tfsdk(name = "secret", optional, sensitive)]
    pub secret: types::String,
    #[tfsdk(name = "settings", optional)]
    pub settings: types::Object<EverythingSettings>,
    /// A **size**, in Markdown.
    #[tfsdk(name = "size", optional, description_kind = "markdown")]
    pub size: types::Number,
    #[tfsdk(name = "status", computed, nested_attribute)]
    pub status: Maybe<EverythingStatus>,
    #[tfsdk(name = "tags", optional)]
    pub tags: types::Map<types::String>,
    /// A keyword as a name.
    #[tfsdk(name = "type", optional)]
    pub r#type: types::String,
    #[tfsdk(name = "zones", optional, computed)]
    pub zones: types::Set<types::String>,
    /// SDKv2's single object: a list of at most one.
    #[tfsdk(name = "collar", optional, block, max_items = 1)]
    pub collar: Vec<EverythingCollar>,
    #[tfsdk(name = "legacy", optional, block, deprecated = "Use rule.")]
    pub legacy: Vec<EverythingLegacy>,
    /// A mount.
    #[tfsdk(name = "mount", optional, block, description_kind = "markdown")]
    pub mount: HashSet<EverythingMount>,
    /// A rule, repeated.
    #[tfsdk(name = "rule", optional, block)]
    pub rule: Vec<EverythingRule>,
    #[tfsdk(name = "timeouts", optional, block)]
    pub timeouts: Option<EverythingTimeouts>,
    #[tfsdk(name = "wheel", required, block, min_items = 2, max_items = 4)]
    pub wheel: HashSet<EverythingWheel>,
}

// `kinds_everything.endpoints`.
#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]
#[tfsdk(schema, description_kind = "plain")]
pub struct EverythingEndpoints {
    #[tfsdk(name = "url", required)]
    pub url: types::String,
    #[tfsdk(name = "weight", optional)]
    pub weight: types::Number,
}

// `kinds_everything.labels`.
#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]
#[tfsdk(schema, description_kind = "plain")]
pub struct EverythingLabels {
    #[tfsdk(name = "key", required)]
    pub key: types::String,
    #[tfsdk(name = "value", optional, sensitive)]
    pub value: types::String,
}

// `kinds_everything.members`.
#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]
#[tfsdk(schema, description_kind = "plain")]
pub struct EverythingMembers {
    #[tfsdk(name = "role", optional, computed)]
    pub role: types::String,
    #[tfsdk(name = "user", required)]
    pub user: types::String,
}

// `kinds_everything.owner`.
#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]
#[tfsdk(schema, description_kind = "plain")]
pub struct EverythingOwner {
    #[tfsdk(name = "email", optional)]
    pub email: types::String,
    #[tfsdk(name = "name", required)]
    pub name: types::String,
}

// The object type of `kinds_everything.routes`.
#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]
pub struct EverythingRoutes {
    #[tfsdk(name = "cidr")]
    pub cidr: types::String,
    #[tfsdk(name = "via")]
    pub via: types::String,
}

// The object type of `kinds_everything.settings`.
#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]
pub struct EverythingSettings {
    #[tfsdk(name = "flags")]
    pub flags: types::List<types::Bool>,
    #[tfsdk(name = "level")]
    pub level: types::Number,
    #[tfsdk(name = "mode")]
    pub mode: types::String,
}

// `kinds_everything.status.conditions`.
#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]
#[tfsdk(schema, description_kind = "plain")]
pub struct EverythingStatusConditions {
    #[tfsdk(name = "reason", computed)]
    pub reason: types::String,
}

// `kinds_everything.status`.
#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]
#[tfsdk(schema, description_kind = "plain")]
pub struct EverythingStatus {
    #[tfsdk(name = "conditions", computed, nested_attribute)]
    pub conditions: Maybe<Vec<EverythingStatusConditions>>,
    #[tfsdk(name = "phase", computed)]
    pub phase: types::String,
}

// `kinds_everything.collar`.
#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]
#[tfsdk(schema, description_kind = "plain")]
pub struct EverythingCollar {
    #[tfsdk(name = "size", required)]
    pub size: types::Number,
}

// `kinds_everything.legacy`.
#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]
#[tfsdk(schema, description_kind = "plain")]
pub struct EverythingLegacy {
    #[tfsdk(name = "value", optional)]
    pub value: types::String,
}

// `kinds_everything.mount`.
#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]
#[tfsdk(schema, description_kind = "plain")]
pub struct EverythingMount {
    #[tfsdk(name = "path", required)]
    pub path: types::String,
    #[tfsdk(name = "read_only", optional)]
    pub read_only: types::Bool,
}

// `kinds_everything.rule.condition`.
#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]
#[tfsdk(schema, description_kind = "plain")]
pub struct EverythingRuleCondition {
    #[tfsdk(name = "test", required)]
    pub test: types::String,
    #[tfsdk(name = "values", optional)]
    pub values: types::List<types::String>,
}

// `kinds_everything.rule`.
#[derive(TfObject, Clone, Debug, PartialEq, Eq)]
#[tfsdk(schema, description_kind = "plain")]
pub struct EverythingRule {
    #[tfsdk(name = "pattern", required)]
    pub pattern: types::String,
    #[tfsdk(name = "weight", optional)]
    pub weight: types::Number,
    #[tfsdk(name = "condition", optional, block)]
    pub condition: HashSet<EverythingRuleCondition>,
}

// `kinds_everything.timeouts`.
#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]
#[tfsdk(schema, description_kind = "plain")]
pub struct EverythingTimeouts {
    #[tfsdk(name = "create", optional)]
    pub create: types::String,
    #[tfsdk(name = "delete", optional)]
    pub delete: types::String,
}

// `kinds_everything.wheel`.
#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]
#[tfsdk(schema, description_kind = "plain")]
pub struct EverythingWheel {
    #[tfsdk(name = "position", required)]
    pub position: types::String,
}

/// The identity of `kinds_everything`.
#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]
#[tfsdk(schema(identity))]
pub struct EverythingIdentity {
    /// The id.
    #[tfsdk(name = "id", required)]
    pub id: types::String,
    #[tfsdk(name = "region", optional)]
    pub region: types::String,
}
