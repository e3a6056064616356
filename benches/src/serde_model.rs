//! The serde twin of [`Resource`] for `rmp-serde`: the approach other Rust provider crates
//! take. Null is `Option`; there is no unknown (msgpack extension 0), which serde structs
//! cannot hold, so the comparison runs on data without unknowns.
//!
//! Fields are declared in attribute-name order, so `rmp_serde::encode::to_vec_named` writes
//! the same bytes as our encoder (Terraform's msgpack sorts object keys).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use tfsdk_core::convert::{FromValue, TerraformType, ToValue};
use tfsdk_core::tftypes::Value;

use crate::Resource;

/// [`Resource`] for serde.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct SerdeResource {
    /// `aliases`.
    pub aliases: Vec<String>,
    /// `description` (nullable).
    pub description: Option<String>,
    /// `enabled`.
    pub enabled: bool,
    /// `id` (a framework string: nullable here, never unknown).
    pub id: Option<String>,
    /// `labels`.
    pub labels: BTreeMap<String, String>,
    /// `max_items` (a framework int64: nullable here, never unknown).
    pub max_items: Option<i64>,
    /// `name`.
    pub name: String,
    /// `ratio`.
    pub ratio: f64,
    /// `region`.
    pub region: String,
    /// `rules`.
    pub rules: Vec<SerdeRule>,
    /// `settings`.
    pub settings: SerdeSettings,
    /// `size`.
    pub size: i64,
}

/// [`Settings`](crate::Settings) for serde.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct SerdeSettings {
    /// `mode`.
    pub mode: String,
    /// `retries`.
    pub retries: i64,
    /// `verbose`.
    pub verbose: bool,
}

/// [`Rule`](crate::Rule) for serde.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct SerdeRule {
    /// `comment` (nullable).
    pub comment: Option<String>,
    /// `enabled`.
    pub enabled: bool,
    /// `name`.
    pub name: String,
    /// `priority`.
    pub priority: i64,
    /// `weight`.
    pub weight: f64,
}

impl SerdeResource {
    /// The same data as a [`Resource`] (whose framework values are null or known).
    pub fn from_resource(r: &Resource) -> SerdeResource {
        SerdeResource {
            aliases: r.aliases.clone(),
            description: r.description.clone(),
            enabled: r.enabled,
            id: r.id.get().map(str::to_owned),
            labels: r.labels.clone(),
            max_items: r.max_items.get(),
            name: r.name.clone(),
            ratio: r.ratio,
            region: r.region.clone(),
            rules: r
                .rules
                .iter()
                .map(|rule| SerdeRule {
                    comment: rule.comment.clone(),
                    enabled: rule.enabled,
                    name: rule.name.clone(),
                    priority: rule.priority,
                    weight: rule.weight,
                })
                .collect(),
            settings: SerdeSettings {
                mode: r.settings.mode.clone(),
                retries: r.settings.retries,
                verbose: r.settings.verbose,
            },
            size: r.size,
        }
    }
}

/// Our route from bytes: decode the value tree, then convert it.
///
/// # Panics
/// When the bytes are not a resource (the benches only feed good bytes).
pub fn ours_from_msgpack(bytes: &[u8]) -> Resource {
    let value = Value::from_msgpack(bytes, &Resource::terraform_type()).expect("msgpack decodes");
    Resource::from_value(value).expect("value converts")
}

/// Our route to bytes: convert to the value tree, then encode it.
///
/// # Panics
/// As [`ours_from_msgpack`].
pub fn ours_to_msgpack(resource: &Resource) -> Vec<u8> {
    let ty = Resource::terraform_type();
    resource
        .to_value(&ty)
        .expect("struct converts")
        .to_msgpack(&ty)
        .expect("value encodes")
}

/// Asserts that our encoder and rmp-serde write the same bytes for `resource`, and that each
/// side reads the other's bytes back to equal data. Called before any timing.
///
/// # Panics
/// When they differ.
pub fn check_against_ours(resource: &Resource) {
    let twin = SerdeResource::from_resource(resource);
    let ours = ours_to_msgpack(resource);
    let theirs = rmp_serde::encode::to_vec_named(&twin).expect("rmp-serde encodes");
    assert_eq!(ours, theirs, "the two encoders write different bytes");
    let decoded: SerdeResource = rmp_serde::from_slice(&ours).expect("rmp-serde decodes ours");
    assert_eq!(decoded, twin);
    assert_eq!(&ours_from_msgpack(&theirs), resource);
}
