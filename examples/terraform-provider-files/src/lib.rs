//! `terraform-provider-files`: an example provider built on tfsdk-server that manages files
//! on disk.
//!
//! - resource `files_file`: a text file (`content`, or `sensitive_content` hidden in plans),
//!   its `permissions` (default `0644`), a computed `id` and `checksum` (SHA-256, known at
//!   plan time when the content is), a `path` whose change replaces the file, and an `owner`
//!   (nested object) and `labels` (list of nested objects) kept in a sidecar
//!   `<path>.meta.json`. Changes made outside Terraform show up in the next plan; existing
//!   files can be imported by path.
//! - data source `files_file`: reads a file's content, checksum and size.
//! - ephemeral resource `files_secret` (Terraform 1.10 and newer): a file's text read for one
//!   run and never stored, e.g. for `files_file`'s write-only `content_wo` (Terraform 1.11
//!   and newer), which writes a file without its text reaching plan or state.
//! - functions (Terraform 1.8 and newer): `checksum`, `parse_mode`, `mode_string`, `join_path`,
//!   `line_count`.
//! - resource identity (Terraform 1.12 and newer): a file is identified by its path, and can
//!   be imported by it (`import { identity = { path = "..." } }`).
//! - list resource `files_file` (Terraform 1.14 and newer): `terraform query` lists the files
//!   of a directory.
//! - resource `files_legacy_file`: the older type, whose files a `moved` block hands over to
//!   `files_file` without recreating them.
//! - action `files_touch` (Terraform 1.14 and newer): `terraform apply -invoke` touches a file.
//! - logs: `TF_LOG_PROVIDER=debug` shows what the provider does (`tracing` events).
//!
//! Build it with `cargo build`, then point Terraform at `target/debug` with a `dev_overrides`
//! CLI configuration (see the repository README).

pub mod data_source;
pub mod disk;
pub mod functions;
pub mod legacy;
pub mod list;
pub mod provider;
pub mod resource;
pub mod secret;
pub mod touch;

/// The provider's source address: `source = "example/files"` in `required_providers`.
pub const ADDRESS: &str = "registry.terraform.io/example/files";
