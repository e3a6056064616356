// The input of the expansion snapshot (src/snapshot.rs): a resource model of the shape
// scripts/scale.py generates, 25 attributes and a nested block of five.
/// A rule of the thing: five attributes.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema)]
pub struct ThingRule {
    /// The rule's name.
    #[tfsdk(name = "name", required, length = 1..=64)]
    pub name: String,
    /// Its priority, lower first.
    #[tfsdk(name = "priority", optional, range = 0..=1000)]
    pub priority: Option<i64>,
    /// What the rule does.
    #[tfsdk(name = "action", optional, one_of = ["allow", "deny", "count"])]
    pub action: Option<String>,
    /// Whether the rule is on.
    #[tfsdk(name = "enabled", optional)]
    pub enabled: Option<bool>,
    /// A free-form note.
    #[tfsdk(name = "note", optional)]
    pub note: Option<String>,
}

/// Thing 0: a resource of ~25 attributes.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(resource))]
pub struct Thing {
    /// The thing's id, assigned by the API.
    #[tfsdk(name = "id", computed, stable)]
    pub id: types::String,
    /// Its resource name.
    #[tfsdk(name = "arn", computed, stable)]
    pub arn: types::String,
    /// The thing's name.
    #[tfsdk(name = "name", required, length = 1..=128)]
    pub name: String,
    /// What it is for.
    #[tfsdk(name = "description", optional)]
    pub description: Option<String>,
    /// Its kind.
    #[tfsdk(name = "kind", optional, one_of = ["standard", "premium", "archive"])]
    pub kind: Option<String>,
    /// Its size, 10 when unset.
    #[tfsdk(name = "size", optional, default = 10i64)]
    pub size: Option<i64>,
    /// How many.
    #[tfsdk(name = "instance_count", optional)]
    pub count: Option<i64>,
    /// A weight.
    #[tfsdk(name = "weight", optional)]
    pub weight: Option<f64>,
    /// Whether it is on.
    #[tfsdk(name = "enabled", optional, default = true)]
    pub enabled: Option<bool>,
    /// Whether deletion is refused.
    #[tfsdk(name = "protected", optional)]
    pub protected: Option<bool>,
    /// The region, the provider's when unset.
    #[tfsdk(name = "region", optional, computed)]
    pub region: types::String,
    /// The zone; a change replaces it.
    #[tfsdk(name = "zone", optional, force_new)]
    pub zone: Option<String>,
    /// Who owns it.
    #[tfsdk(name = "owner", optional)]
    pub owner: Option<String>,
    /// Where to send notices.
    #[tfsdk(name = "email", optional, length = 3..=254)]
    pub email: Option<String>,
    /// How long to keep it.
    #[tfsdk(name = "retention_days", optional, range = 1..=3650)]
    pub retention_days: Option<i64>,
    /// When it was made.
    #[tfsdk(name = "created_at", computed, stable)]
    pub created_at: types::String,
    /// When it last changed.
    #[tfsdk(name = "updated_at", computed)]
    pub updated_at: types::String,
    /// Bumped on every change.
    #[tfsdk(name = "version", computed)]
    pub version: types::Int64,
    /// Tags, by key.
    #[tfsdk(name = "tags", optional)]
    pub tags: Option<BTreeMap<String, String>>,
    /// Other names.
    #[tfsdk(name = "aliases", optional)]
    pub aliases: Option<Vec<String>>,
    /// Ports it listens on.
    #[tfsdk(name = "ports", optional)]
    pub ports: Option<Vec<i64>>,
    /// Where to reach it.
    #[tfsdk(name = "endpoint", computed)]
    pub endpoint: types::String,
    /// Its status.
    #[tfsdk(name = "status", computed)]
    pub status: types::String,
    /// A comment.
    #[tfsdk(name = "comment", optional)]
    pub comment: Option<String>,
    /// Its rules, one `rule` block each.
    #[tfsdk(name = "rule", optional, block)]
    pub rules: Option<Vec<ThingRule>>,
}

