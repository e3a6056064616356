//! What a provider author implements for a managed resource: create, read, update and delete
//! over a derived model, and the optional capabilities (import, state upgrade, plan
//! modification, configuration validation) as methods with defaults.

use std::future::Future;

use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::{TfSchema, View};

use crate::{Config, Context, PlannedChange, Provider, RawState};

/// What [`Resource::create`] gets: the planned model and the configuration.
#[derive(Debug)]
#[non_exhaustive]
pub struct CreateRequest<M> {
    /// The planned state: configuration with defaults, computed attributes unknown (or known
    /// where plan modification settled them).
    pub planned: M,
    /// The configuration as written, for what the plan does not keep.
    pub config: Config<M>,
}

/// What [`Resource::update`] gets: the prior state, the planned model and the configuration.
#[derive(Debug)]
#[non_exhaustive]
pub struct UpdateRequest<M> {
    /// The state before the change.
    pub prior: M,
    /// The planned state: computed attributes unknown unless `stable` (or settled by plan
    /// modification).
    pub planned: M,
    /// The configuration as written, for what the plan does not keep.
    pub config: Config<M>,
}

/// A [`create`](Resource::create) or [`update`](Resource::update) that failed: its
/// diagnostics, and the object as far as the provider got when part of the change was made.
///
/// Go's framework stores what `resp.State` holds beside the error; here the state is part of
/// the error, so that a failure that made something says so:
///
/// - after a failed **create** with a state, Terraform stores it and marks the resource
///   tainted: the next apply replaces it, rather than creating a second object or failing
///   with "already exists";
/// - after a failed **update** with a state, Terraform stores it as the object's state (how
///   far the change got);
/// - without a state, nothing is stored (create) or the prior state stays (update).
///
/// `?` turns a [`Diagnostics`] or a [`Diagnostic`] into a failure without a state.
///
/// ```
/// # use tfsdk_core::diag::Diagnostic;
/// # use tfsdk_server::Failed;
/// # #[derive(Debug)] struct Vm { id: String }
/// # fn wait_until_ready(_: &str) -> Result<(), Diagnostic> { Err(Diagnostic::error("Timeout", "not ready")) }
/// fn created(vm: Vm) -> Result<Vm, Failed<Vm>> {
///     // The API made the VM; waiting for it failed: Terraform keeps it, tainted.
///     if let Err(error) = wait_until_ready(&vm.id) {
///         return Err(Failed::with_state(vm, error));
///     }
///     Ok(vm)
/// }
/// assert!(created(Vm { id: "vm-1".into() }).unwrap_err().state.is_some());
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub struct Failed<M> {
    /// What went wrong; at least one error.
    pub diagnostics: Diagnostics,
    /// The object as far as the change got, to store; `None` when nothing is to be stored.
    pub state: Option<M>,
}

impl<M> Failed<M> {
    /// A failure after which the object is `state`: stored as it is, each value still unknown
    /// in it (at any depth) stored as null, as Go's framework stores a partial state.
    pub fn with_state(state: M, diagnostics: impl Into<Diagnostics>) -> Failed<M> {
        Failed {
            diagnostics: diagnostics.into(),
            state: Some(state),
        }
    }
}

impl<M> From<Diagnostics> for Failed<M> {
    fn from(diagnostics: Diagnostics) -> Failed<M> {
        Failed {
            diagnostics,
            state: None,
        }
    }
}

impl<M> From<Diagnostic> for Failed<M> {
    fn from(diagnostic: Diagnostic) -> Failed<M> {
        Failed::from(Diagnostics::from(diagnostic))
    }
}

/// What [`Resource::move_state`] gets: an object another resource type managed, which a
/// `moved { from = OTHER_TYPE.NAME  to = THIS_TYPE.NAME }` block hands over (Terraform 1.8 and
/// newer).
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct MovedState {
    /// The source's provider, e.g. `registry.terraform.io/example/files`.
    pub source_provider: String,
    /// The source's resource type, e.g. `files_legacy_file`.
    pub source_type: String,
    /// The schema version the source's state was stored with.
    pub source_schema_version: i64,
    /// The source's stored state; read it with the source's model ([`RawState::decode`]).
    pub state: RawState,
    /// The source's stored identity, if it had one, and its identity version.
    pub identity: Option<(RawState, i64)>,
}

/// What the Terraform that sends a request can do (Go's `ClientCapabilities`), as the request
/// says; a Terraform that says nothing can do none of it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ClientCapabilities {
    /// Write-only attributes (Terraform 1.11 and newer).
    pub write_only_attributes_allowed: bool,
}

impl ClientCapabilities {
    /// A client that can use write-only attributes, or not (for tests of
    /// [`Resource::validate_config_for`]).
    pub fn new(write_only_attributes_allowed: bool) -> ClientCapabilities {
        ClientCapabilities {
            write_only_attributes_allowed,
        }
    }
}

/// A managed resource (`resource "TYPE" "NAME" { ... }`) whose data is the derived model
/// [`Model`](Resource::Model).
///
/// The server decodes Terraform's requests into the model and encodes the model back, plans by
/// Terraform's rules with the schema's behaviours (defaults, computed values unknown on create
/// and update unless `stable`, `force_new`, `diff_suppress`, a plan without changes kept as it
/// is), validates configuration with the model's declarative rules, and checks what Terraform
/// would reject (an attribute still unknown after apply) with a diagnostic naming the
/// attribute. Fields of computed attributes are framework types (`types::String`, …): they are
/// unknown in the plan handed to [`create`](Resource::create) and
/// [`update`](Resource::update), and must be known in the model those return.
///
/// Validation and plan modification see the model's typed view (`FileView` for a model
/// `File`, see `tfsdk_core::view`), where every field may be unknown; typed paths
/// (`File::paths().owner().name()`) name attributes in diagnostics and replacements.
///
/// A panic in any method becomes an error diagnostic for that request; the server keeps
/// serving.
pub trait Resource: Send + Sync + 'static {
    /// The provider this resource belongs to; [`Context::provider`] gives it.
    type Provider: Provider;

    /// The resource's data: a `#[tfsdk(schema)]` struct. Its schema is what Terraform gets.
    type Model: TfSchema + Send + Sync + 'static;

    /// The resource type's name as configurations spell it, e.g. `"files_file"`: the
    /// provider's name, an underscore, the resource's name.
    const TYPE_NAME: &'static str;

    /// The version of [`Model`](Resource::Model)'s schema, stored with the state. Raise it
    /// when the model changes incompatibly and implement
    /// [`upgrade_state`](Resource::upgrade_state) for older versions.
    const SCHEMA_VERSION: i64 = 0;

    /// Go's `ImportStatePassthroughID`: `Some("id")` makes an import by ID store a state of
    /// that attribute alone (every other attribute null), which [`read`](Resource::read) then
    /// fills in from the API, as Go's `Read` does after a passthrough; [`import`](Resource::import)
    /// is then not called. The model must hold such a state (fields that are `Option`s or
    /// framework types such as `types::String`); an import tells which field cannot.
    const IMPORT_PASSTHROUGH: Option<&'static str> = None;

    /// The schema version this resource serves: [`SCHEMA_VERSION`](Resource::SCHEMA_VERSION)
    /// unless the resource chooses it at run time, as Go's `Schema` method may set `Version`
    /// from anything the provider knows when it starts (read once, when the type is
    /// registered). [`upgrade_state`](Resource::upgrade_state) gets states of other versions.
    fn schema_version(&self) -> i64 {
        Self::SCHEMA_VERSION
    }

    /// Creates the object from the planned model (`request.planned`) and returns the new state,
    /// every computed attribute known.
    ///
    /// # Errors
    /// Diagnostics for Terraform; nothing is stored in the state, unless the failure carries
    /// the object as far as it was made ([`Failed::with_state`]: stored, tainted).
    fn create(
        &self,
        ctx: &Context<Self::Provider>,
        request: CreateRequest<Self::Model>,
    ) -> impl Future<Output = Result<Self::Model, Failed<Self::Model>>> + Send;

    /// Reads the object's current state (refresh). `Ok(None)` says the object no longer
    /// exists: Terraform removes it from the state and plans to create it again. A state
    /// different from `state` is drift, which the next plan shows.
    ///
    /// # Errors
    /// Diagnostics for Terraform.
    fn read(
        &self,
        ctx: &Context<Self::Provider>,
        state: Self::Model,
    ) -> impl Future<Output = Result<Option<Self::Model>, Diagnostics>> + Send;

    /// Changes the object in place from `request.prior` to `request.planned` and returns the
    /// new state, every computed attribute known (a computed attribute planned unknown may take
    /// any value: a revision the API bumped, a new etag).
    ///
    /// # Errors
    /// Diagnostics for Terraform; the prior state stays, unless the failure carries the
    /// object as far as the change got ([`Failed::with_state`]: stored).
    fn update(
        &self,
        ctx: &Context<Self::Provider>,
        request: UpdateRequest<Self::Model>,
    ) -> impl Future<Output = Result<Self::Model, Failed<Self::Model>>> + Send;

    /// Deletes the object.
    ///
    /// # Errors
    /// Diagnostics for Terraform; the resource stays in the state.
    fn delete(
        &self,
        ctx: &Context<Self::Provider>,
        state: Self::Model,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send;

    /// Imports an existing object by the id the practitioner gives (`terraform import ADDR
    /// ID`, or an `import` block). Return the object's full state; Terraform then reads it
    /// ([`read`](Resource::read)) and plans against the configuration.
    ///
    /// # Errors
    /// By default: import is not supported.
    fn import(
        &self,
        ctx: &Context<Self::Provider>,
        id: String,
    ) -> impl Future<Output = Result<Self::Model, Diagnostics>> + Send {
        let _ = (ctx, id);
        async {
            Err(Diagnostic::error(
                "Resource Import Not Implemented",
                format!(
                    "The resource type {} does not support import. Create it with Terraform \
                     instead.",
                    Self::TYPE_NAME
                ),
            )
            .into())
        }
    }

    /// Upgrades a state stored with an older [`SCHEMA_VERSION`](Resource::SCHEMA_VERSION)
    /// (`version`) to the current model. A state of the current version never comes here: the
    /// server reads it directly.
    ///
    /// # Errors
    /// By default: there is no upgrade from `version`.
    fn upgrade_state(
        &self,
        ctx: &Context<Self::Provider>,
        version: i64,
        raw: RawState,
    ) -> impl Future<Output = Result<Self::Model, Diagnostics>> + Send {
        let _ = (ctx, raw);
        let current = self.schema_version();
        async move {
            Err(Diagnostic::error(
                "Unable to Upgrade Resource State",
                format!(
                    "The state of this {} resource was written with schema version {version}; \
                     the provider is at version {} and has no upgrade from it.",
                    Self::TYPE_NAME,
                    current
                ),
            )
            .into())
        }
    }

    /// Takes over an object of another resource type (see [`MovedState`]): `Ok(None)` when this
    /// type does not take over from that source, which is the default (Terraform then says
    /// the move is not supported).
    ///
    /// # Errors
    /// Diagnostics for Terraform.
    fn move_state(
        &self,
        ctx: &Context<Self::Provider>,
        source: MovedState,
    ) -> impl Future<Output = Result<Option<Self::Model>, Diagnostics>> + Send {
        let _ = (ctx, source);
        async { Ok(None) }
    }

    /// Adjusts the plan of a create or an update that Terraform's rules made (see
    /// [`PlannedChange`]): a computed value known at plan time, a value apply will change, a
    /// replacement the schema cannot say. By default the plan stays as it is.
    ///
    /// # Errors
    /// Diagnostics for Terraform; errors stop the plan.
    fn modify_plan(
        &self,
        ctx: &Context<Self::Provider>,
        plan: &mut PlannedChange<Self::Model>,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send {
        let _ = (ctx, plan);
        async { Ok(()) }
    }

    /// Looks at a plan to destroy the object (whose state is `state`), e.g. to warn that the
    /// API cannot delete it and Terraform only forgets it. By default nothing happens.
    ///
    /// # Errors
    /// Diagnostics for Terraform; errors stop the plan.
    fn plan_destroy(
        &self,
        ctx: &Context<Self::Provider>,
        state: &Self::Model,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send {
        let _ = (ctx, state);
        async { Ok(()) }
    }

    /// Checks a configuration beyond what the schema and the model's declarative rules say
    /// (Terraform itself checks required attributes and types, the server the rules), through
    /// the model's typed view: any value may still be unknown, and a check that needs it
    /// waits for a later validation, when it is known. Report each problem at its attribute
    /// (`File::paths().content()`), so that Terraform points at the line.
    fn validate_config(&self, config: &View<Self::Model>, diagnostics: &mut Diagnostics) {
        let _ = (config, diagnostics);
    }

    /// [`validate_config`](Resource::validate_config) knowing what the client can do (Go's
    /// `req.ClientCapabilities`): a check that only matters to some clients, such as advice to
    /// move to a write-only attribute, stays quiet for a Terraform that has none. By default it
    /// calls `validate_config`.
    fn validate_config_for(
        &self,
        client: &ClientCapabilities,
        config: &View<Self::Model>,
        diagnostics: &mut Diagnostics,
    ) {
        let _ = client;
        self.validate_config(config, diagnostics);
    }
}
