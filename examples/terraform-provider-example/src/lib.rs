//! `terraform-provider-example`: seed 002's schema behaviours as a provider of an "example
//! cloud" (kept in a directory, see [`cloud`]).
//!
//! - the provider block: `api_key` (required, `EXAMPLE_API_KEY` from the environment when
//!   unset), `region` (required, the seed's `DefaultFunc`: `PROVIDER_REGION`, else `us-west`),
//!   `backup_region` (optional, `PROVIDER_BACKUP_REGION`, else `us-east`) and `endpoint` (the
//!   cloud's directory, `EXAMPLE_ENDPOINT` when unset);
//! - resource `example_instance`: `base_image` required, `force_new`, with a case-insensitive
//!   `diff_suppress` (the API keeps image names in lower case); a `revision` the API bumps on
//!   every update (unknown in the plan of each update), an `id` and `created_at` that never
//!   change (`stable`); validation rules of every kind, and `disk` blocks;
//! - resource `example_volume`: `encrypted` optional with a default of `false`, a size or a
//!   snapshot (exactly one), a zone or a placement group (at least one);
//! - resource `example_bucket`: a `name` planned from `name_prefix` by plan modification that
//!   replaces the bucket when it changes (`force_new` judged on the modified plan), and
//!   `keepers` with `requires_replace_if`;
//! - data source `example_settings`: the regions the provider was configured with.

pub mod bucket;
pub mod cloud;
pub mod instance;
pub mod provider;
pub mod settings;
pub mod volume;

/// The provider's source address: `source = "example/example"` in `required_providers`.
pub const ADDRESS: &str = "registry.terraform.io/example/example";
