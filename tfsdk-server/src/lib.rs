//! # tfsdk-server
//!
//! Serves a provider built on `#[derive(TfObject)]` models to Terraform and OpenTofu over
//! plugin protocol 6, so that a Rust program *is* a provider that `terraform plan`, `apply`,
//! `import` and `destroy` drive.
//!
//! A provider author implements [`Provider`] (the provider's configuration and what it
//! registers), [`Resource`] (create, read, update, delete, and optionally import, state
//! upgrade, plan modification and validation), [`DataSource`] (read) and
//! [`EphemeralResource`] (open, renew, close), [`ResourceIdentity`] (a resource's identity and
//! import by it), [`ListResource`] (what `terraform query` lists) and [`Action`] (invoked with
//! progress), each over a derived model, and marks ordinary Rust functions
//! [`#[function]`](macro@function); [`serve`] does the rest:
//!
//! - the schema Terraform receives is the one derived from the models (required, optional,
//!   computed, sensitive, descriptions from doc comments in Markdown, deprecations, nested
//!   attributes and blocks, schema version);
//! - plans follow Terraform's rules (`tfsdk_core::schema::Schema::plan`): defaults, computed
//!   values unknown in the plan of a create and of every update unless `stable`, a plan without
//!   changes kept as the prior state, `force_new` → replacement, `diff_suppress` keeps the prior
//!   value; destroy plans included ([`Resource::plan_destroy`]);
//! - validation runs the models' declarative rules (`conflicts_with`, `one_of`, `range`, …),
//!   then provider code's checks on the model's typed view, where any value may be unknown;
//!   plan modification reads and changes the plan through the same view ([`PlannedChange`]),
//!   and typed paths (`File::paths().owner().name()`) name attributes;
//! - the provider block gets its defaults before validation and configuration;
//! - provider-defined functions are called with their arguments converted to the Rust
//!   parameters' types, an error naming the argument at fault; ephemeral resources are opened,
//!   renewed and closed with their private state; write-only attributes reach create and update
//!   through the configuration and are null in every plan and state;
//! - plugin protocol 6.11 (Terraform 1.15): resource identities beside every state, import and
//!   upgrade by identity, list resources streamed to `terraform query` (limits, whole states on
//!   request, configuration generated from them), [`Resource::move_state`] for `moved` blocks
//!   between types, actions, deprecation messages, deferred changes ([`Context::defer`]), state
//!   stores ([`StateStore`]: state files streamed in chunks, locks);
//! - logs: [`tracing`] events written as hclog JSON at `TF_LOG_PROVIDER` / `TF_LOG`'s level
//!   ([`logging`]), standard output sent to standard error after the handshake;
//! - every diagnostic carries its attribute path, so Terraform points at the argument;
//! - a panic in provider code (CRUD, validation, defaults, `diff_suppress`, plan modification,
//!   configure) fails that request with an error diagnostic, and the server keeps serving;
//!   requests run concurrently; `StopProvider` (Ctrl-C) reaches provider code through
//!   [`StopToken`];
//! - serving beside another provider executable (a Go provider being moved to Rust one type
//!   at a time, [`serve_beside`]): the types registered here are served here, every other call
//!   is forwarded to the other provider, launched as this process's child;
//! - the launch contract: Terraform's magic cookie, protocol negotiation, the handshake line,
//!   automatic mutual TLS with the client certificate pinned, the controller's `Shutdown`
//!   (the process exits at once), SIGINT ignored, and a `--debug` mode printing
//!   `TF_REATTACH_PROVIDERS`.
//!
//! ```no_run
//! use tfsdk_server::{NoConfig, Provider, Registry};
//!
//! #[derive(Default)]
//! struct Example;
//!
//! impl Provider for Example {
//!     type Config = NoConfig;
//!     fn register(&self, _registry: &mut Registry<Self>) {}
//! }
//!
//! fn main() -> std::process::ExitCode {
//!     tfsdk_server::serve("registry.terraform.io/example/example", Example)
//! }
//! ```
//!
//! The repository's `examples/terraform-provider-files` (files on disk) and
//! `examples/terraform-provider-example` (every schema behaviour, over a fake cloud) are
//! complete providers, tested end to end under real Terraform.
//!
//! # Layers
//!
//! The modules form layers, bottom to top; a module uses its own layer and those below it
//! (the workspace test `tests/layering` reads this table, the modules column, and checks every
//! path into the crate against it):
//!
//! | layer | modules | holds |
//! |---|---|---|
//! | the protocol | `proto`, `wire`, [`logging`] | the generated messages, their conversions to and from tfsdk-core's values, schemas, paths and diagnostics; hclog output |
//! | what provider code is given | `context`, `config`, `raw_state`, `plan_change`, `call`, `timeouts`, `timeouts_macro`, `deferral` | [`Context`], [`Config`], [`RawState`], [`PlannedChange`], [`DeferredReason`], [`timeouts!`], and running provider code in its own task (a panic is the request's error) |
//! | the author's traits | `provider`, `resource`, `identity`, `data_source`, `ephemeral`, `function`, `list`, `action`, `state_store` | [`Provider`], [`Resource`], [`StateStore`], … and the types they exchange |
//! | the registry | `registry`, `lazy_schema`, `schema_checks` | the traits type-erased behind handler traits the server drives, schemas built on first use and checked |
//! | the handlers | `server` | one file per RPC: the call's typed core (requests and responses as values, enums and diagnostics) and its edge, which decodes the protocol's request and encodes the answer; only the edges (and `wire`) name protocol messages |
//! | the launch | `launch`, `forward` | handshake, mutual TLS, the controller, signals, debug mode, [`InProcess`]; the provider served beside, launched as a child, and the front that routes each call ([`serve_beside`], [`Forward`]) |
//! | the runtime facade of `#[function]` | `__private` | what the code `#[function]` generates calls |
//!
//! One arrow runs back: [`Provider::register`] takes the [`Registry`] it fills.
#![warn(missing_docs)]

// `timeouts!` names this crate `::tfsdk_server` in the derive input it writes, in this crate too.
extern crate self as tfsdk_server;

mod action;
mod call;
mod config;
mod context;
mod data_source;
mod deferral;
mod ephemeral;
mod forward;
mod function;
mod identity;
mod launch;
mod lazy_schema;
mod list;
pub mod logging;
mod plan_change;
#[cfg(feature = "unstable-protocol")]
pub mod proto;
#[cfg(not(feature = "unstable-protocol"))]
mod proto;
mod provider;
mod raw_state;
mod registry;
mod resource;
mod schema_checks;
mod server;
mod state_store;
mod timeouts;
mod timeouts_macro;
mod wire;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

use std::process::ExitCode;

use tfsdk_core::TfObject;

pub use action::{Action, Progress};
pub use config::Config;
pub use context::{Context, StopToken};
pub use data_source::DataSource;
pub use deferral::DeferredReason;
pub use ephemeral::{EphemeralResource, Opened};
pub use forward::{
    FORWARD_CACHE_VARIABLE, FORWARD_EXECUTABLE_VARIABLE, FORWARD_START_TIMEOUT_VARIABLE, Forward,
};
pub use function::{Arg, Function, FunctionError, Parameter};
pub use identity::ResourceIdentity;
pub use list::{ListResource, Listing};

pub use launch::InProcess;
pub use plan_change::PlannedChange;
pub use provider::Provider;
pub use raw_state::RawState;
pub use registry::Registry;
pub use resource::{
    ClientCapabilities, CreateRequest, Failed, MovedState, Resource, UpdateRequest,
};
#[cfg(feature = "unstable-protocol")]
pub use server::ProviderService;
pub use server::Server;
pub use state_store::{LockInfo, StateStore};
#[doc = include_str!("function.md")]
pub use tfsdk_macros::function;
pub use timeouts::{
    OpenTimeouts, ReadTimeouts, Timeouts, configured_timeout, parse_duration, valid_duration,
    within,
};

/// The configuration model of a provider without settings: an empty `provider` block.
#[derive(TfObject, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[tfsdk(schema)]
pub struct NoConfig {}

/// Serves `provider` to Terraform until Terraform shuts it down, and returns the process's exit
/// code; call it from `main`.
///
/// `provider_address` is the provider's source address as Terraform knows it, e.g.
/// `registry.terraform.io/example/files`; it is used by debug mode. Started with `--debug`,
/// the provider runs without Terraform's launch environment and prints the
/// `TF_REATTACH_PROVIDERS` value that makes Terraform use this running process. Started by hand
/// without it, the binary says it is a plugin and exits with code 1.
///
/// Provider code's [`tracing`] events (and `log` records) reach Terraform's log at the level
/// `TF_LOG_PROVIDER` (or `TF_LOG`) asks for, as hclog JSON on standard error (see
/// [`logging`]); after the handshake line, standard output is standard error too, so a stray
/// `println!` lands in the log rather than in the protocol.
pub fn serve<P: Provider>(provider_address: &str, provider: P) -> ExitCode {
    run(
        provider_address,
        |server| tonic::service::Routes::new(server.service()),
        provider,
    )
}

/// Serves `provider` to Terraform beside another provider executable, which serves every type
/// `provider` does not: the way to move a provider written in Go to Rust one type at a time.
///
/// Terraform sees one provider: the union of both providers' types, functions and schemas
/// (both must declare the same provider schema; a type both serve is an error). Calls of the
/// types `provider` registers are answered here; every other call is forwarded, unchanged, to
/// the other provider, which runs as this process's child, launched as Terraform launches a
/// plugin (automatic mutual TLS; plugin protocol 6, or 5 for a provider on
/// terraform-plugin-sdk/v2, whose calls and schemas are translated: Terraform always sees
/// protocol 6). The child is started only when a call
/// needs it; what it serves is cached (see [`Forward::schema_cache`]), so a run that touches
/// only the types served here starts no child. Provider validation, configuration and
/// `StopProvider` reach both. The child's log reaches Terraform's log; it ends with this
/// process.
///
/// A child that cannot be started, or that fails during a call, is an error diagnostic on the
/// calls it should have served, naming the executable and the cause; the states Terraform holds
/// are kept.
///
/// ```no_run
/// use tfsdk_server::{Forward, NoConfig, Provider, Registry};
///
/// #[derive(Default)]
/// struct Petstore;
///
/// impl Provider for Petstore {
///     type Config = NoConfig;
///     fn register(&self, _registry: &mut Registry<Self>) {}
/// }
///
/// fn main() -> std::process::ExitCode {
///     // terraform-provider-petstore-go, beside this executable, serves the rest.
///     tfsdk_server::serve_beside(
///         "registry.terraform.io/example/petstore",
///         Petstore,
///         Forward::default(),
///     )
/// }
/// ```
pub fn serve_beside<P: Provider>(
    provider_address: &str,
    provider: P,
    forward: Forward,
) -> ExitCode {
    let type_name = provider_address
        .rsplit('/')
        .next()
        .unwrap_or(provider_address);
    run(
        provider_address,
        |server| {
            let front = forward::Front::new(server, &forward, type_name);
            tonic::service::Routes::new(
                proto::tfplugin6::provider_server::ProviderServer::new(front)
                    .max_decoding_message_size(usize::MAX)
                    .max_encoding_message_size(usize::MAX),
            )
        },
        provider,
    )
}

/// Serves the routes `routes` makes of `provider`'s server until Terraform shuts it down.
fn run<P: Provider>(
    provider_address: &str,
    routes: impl FnOnce(Server<P>) -> tonic::service::Routes,
    provider: P,
) -> ExitCode {
    let debug = std::env::args()
        .skip(1)
        .any(|argument| argument == "--debug");
    logging::init_from_env();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("cannot start the provider's async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    let routes = routes(Server::new(provider));
    let options = launch::LaunchOptions {
        provider_address: provider_address.to_owned(),
        debug,
    };
    let result = runtime.block_on(launch::run(routes, options));
    forward::end_all();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{error}");
            ExitCode::FAILURE
        }
    }
}

/// The repository's README, whose Rust examples run as this crate's doctests, so that they
/// stay true.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeExamples;

/// This crate's README, whose Rust examples run as doctests, so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeExamples;
