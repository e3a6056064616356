//! The quickstart's resource model: a storage bucket, with a nested object, a list of objects,
//! optional, computed and framework-typed attributes.
//!
//! `tests/quickstart_schema.rs` includes this file too, to check its schema JSON against a
//! snapshot.

use std::collections::BTreeMap;

use tfsdk_core::{TfObject, types};

/// Regions are case-insensitive: `US-WEST` after `us-west` is no change.
fn same_region(old: &str, new: &str) -> bool {
    old.eq_ignore_ascii_case(new)
}

/// A storage bucket resource, as a provider declares it.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(
    schema,
    description = "A storage bucket, optionally served as a website."
)]
pub struct Bucket {
    /// Assigned by the cloud when the bucket is created.
    #[tfsdk(name = "id", computed, description = "The bucket's id.")]
    pub id: types::String,
    /// Changing it creates a new bucket.
    #[tfsdk(
        name = "name",
        required,
        force_new,
        description = "Globally unique name."
    )]
    pub name: String,
    #[tfsdk(name = "region", optional, default = "us-west", diff_suppress = same_region)]
    pub region: Option<String>,
    #[tfsdk(name = "versioning", optional, default = false)]
    pub versioning: Option<bool>,
    /// A framework type: null, unknown or known, like the Go framework's `types.Int64`.
    #[tfsdk(name = "max_size_gb", optional)]
    pub max_size_gb: types::Int64,
    #[tfsdk(name = "tags", optional)]
    pub tags: Option<BTreeMap<String, String>>,
    #[tfsdk(name = "website", optional)]
    pub website: Option<Website>,
    #[tfsdk(name = "lifecycle_rules", optional)]
    pub lifecycle_rules: Option<Vec<LifecycleRule>>,
}

/// Static website hosting for a bucket.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema)]
pub struct Website {
    #[tfsdk(name = "index_document", optional, default = "index.html")]
    pub index_document: Option<String>,
    #[tfsdk(name = "error_document", optional)]
    pub error_document: Option<String>,
}

/// Expires objects under a prefix.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema)]
pub struct LifecycleRule {
    #[tfsdk(name = "prefix", required)]
    pub prefix: String,
    #[tfsdk(name = "expire_after_days", required)]
    pub expire_after_days: i64,
    #[tfsdk(name = "enabled", optional, default = true)]
    pub enabled: Option<bool>,
}
