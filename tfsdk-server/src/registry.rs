//! The provider's resources and data sources, registered by type name and held behind
//! type-erased handlers, so the server works on Terraform values while provider code works on
//! its own models.

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::SystemTime;

use tfsdk_core::convert::{ConvertError, FromValue, ToValue};
use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::path::AttributePath;
use tfsdk_core::schema::Schema;
use tfsdk_core::tftypes::{Type, Value};
use tfsdk_core::{TfSchema, View};

use crate::call::{BoxFuture, contained};
use crate::lazy_schema::{LazySchema, SchemaCheck};
use crate::list::{EncodedObject, ListedResource};
use crate::proto::tfplugin6 as pb;
use crate::resource::{CreateRequest, MovedState, UpdateRequest};
use crate::{
    Action, Config, Context, DataSource, EphemeralResource, Function, ListResource, PlannedChange,
    Provider, RawState, Resource, ResourceIdentity,
};

/// A future borrowing what it works on.
type BoxFutureRef<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Where a provider lists its resources, data sources and functions
/// ([`Provider::register`]).
pub struct Registry<P> {
    pub(crate) resources: BTreeMap<&'static str, Registered<dyn ResourceHandler<P>>>,
    pub(crate) data_sources: BTreeMap<&'static str, Registered<dyn DataSourceHandler<P>>>,
    pub(crate) ephemeral_resources: BTreeMap<&'static str, Registered<dyn EphemeralHandler<P>>>,
    pub(crate) list_resources: BTreeMap<&'static str, Registered<dyn ListHandler<P>>>,
    pub(crate) actions: BTreeMap<&'static str, Registered<dyn ActionHandler<P>>>,
    pub(crate) functions: BTreeMap<String, Function>,
    /// Registration mistakes (a type name used twice), reported with the schema.
    pub(crate) diagnostics: Diagnostics,
}

impl<P: Provider> Registry<P> {
    pub(crate) fn new() -> Registry<P> {
        Registry {
            resources: BTreeMap::new(),
            data_sources: BTreeMap::new(),
            ephemeral_resources: BTreeMap::new(),
            list_resources: BTreeMap::new(),
            actions: BTreeMap::new(),
            functions: BTreeMap::new(),
            diagnostics: Diagnostics::new(),
        }
    }

    // Each registration is generic over the type registered, and a provider registers
    // hundreds: the generic part is inlined into the provider's `register` (building the
    // handler and its lazy schema, plain data), and the rest is `insert_handler`, one copy
    // for all types, so that starting a provider runs no per-type function.

    /// Adds a resource type.
    #[inline]
    pub fn resource<R: Resource<Provider = P>>(&mut self, resource: R) -> &mut Registry<P> {
        self.add_resource(resource, None)
    }

    /// Adds a resource type whose objects have an identity (Terraform 1.12 and newer; older
    /// Terraforms see a resource without one).
    #[inline]
    pub fn resource_with_identity<R: ResourceIdentity<Provider = P>>(
        &mut self,
        resource: R,
    ) -> &mut Registry<P> {
        let lazy = Arc::new(LazySchema::of::<R::Identity>(
            R::TYPE_NAME,
            SchemaCheck::Identity,
        ));
        let identity = IdentityOf::<R> {
            lazy: Arc::clone(&lazy),
            marker: std::marker::PhantomData,
        };
        self.add_resource(resource, Some((Box::new(identity), lazy)))
    }

    #[inline]
    fn add_resource<R: Resource<Provider = P>>(
        &mut self,
        resource: R,
        identity: Option<(Box<dyn IdentityOps<R>>, Arc<LazySchema>)>,
    ) -> &mut Registry<P> {
        let lazy = Arc::new(LazySchema::of::<R::Model>(
            R::TYPE_NAME,
            SchemaCheck::Resource,
        ));
        let (identity, identity_schema) = identity.unzip();
        let handler = TypedResource {
            typed: Typed::new(resource, Arc::clone(&lazy)),
            identity,
        };
        let entry = Registered {
            handler: Arc::new(handler) as Arc<dyn ResourceHandler<P>>,
            schema: lazy,
            version: R::SCHEMA_VERSION,
            identity_schema,
        };
        let (map, found) = (&mut self.resources, &mut self.diagnostics);
        insert_handler(map, found, "resource", R::TYPE_NAME, entry);
        self
    }

    /// Adds a list resource (`terraform query`, Terraform 1.14 and newer): how to find
    /// existing objects of a resource type registered with an identity.
    #[inline]
    pub fn list_resource<L: ListResource<Provider = P>>(&mut self, list: L) -> &mut Registry<P> {
        let type_name = <L::Resource as Resource>::TYPE_NAME;
        let lazy = LazySchema::of::<L::Config>(type_name, SchemaCheck::Unplanned("list resource"));
        let lazy = Arc::new(lazy);
        let handler: Arc<dyn ListHandler<P>> = Arc::new(Typed::new(list, Arc::clone(&lazy)));
        let (map, found) = (&mut self.list_resources, &mut self.diagnostics);
        insert_handler(
            map,
            found,
            "list resource",
            type_name,
            Registered::new(handler, lazy),
        );
        self
    }

    /// Adds an action (Terraform 1.14 and newer): something to do, invoked by `action`
    /// blocks and `terraform apply -invoke`.
    #[inline]
    pub fn action<A: Action<Provider = P>>(&mut self, action: A) -> &mut Registry<P> {
        let lazy = LazySchema::of::<A::Config>(A::TYPE_NAME, SchemaCheck::Unplanned("action"));
        let lazy = Arc::new(lazy);
        let handler: Arc<dyn ActionHandler<P>> = Arc::new(Typed::new(action, Arc::clone(&lazy)));
        let (map, found) = (&mut self.actions, &mut self.diagnostics);
        insert_handler(
            map,
            found,
            "action",
            A::TYPE_NAME,
            Registered::new(handler, lazy),
        );
        self
    }

    /// Adds a data source type.
    #[inline]
    pub fn data_source<D: DataSource<Provider = P>>(&mut self, data_source: D) -> &mut Registry<P> {
        let lazy = LazySchema::of::<D::Model>(D::TYPE_NAME, SchemaCheck::Unplanned("data source"));
        let lazy = Arc::new(lazy);
        let handler: Arc<dyn DataSourceHandler<P>> =
            Arc::new(Typed::new(data_source, Arc::clone(&lazy)));
        let (map, found) = (&mut self.data_sources, &mut self.diagnostics);
        insert_handler(
            map,
            found,
            "data source",
            D::TYPE_NAME,
            Registered::new(handler, lazy),
        );
        self
    }

    /// Adds an ephemeral resource type (Terraform 1.10 and newer; older Terraforms never see
    /// it).
    #[inline]
    pub fn ephemeral_resource<E: EphemeralResource<Provider = P>>(
        &mut self,
        ephemeral: E,
    ) -> &mut Registry<P> {
        let check = SchemaCheck::Unplanned("ephemeral resource");
        let lazy = LazySchema::of::<E::Model>(E::TYPE_NAME, check);
        let lazy = Arc::new(lazy);
        let handler: Arc<dyn EphemeralHandler<P>> =
            Arc::new(Typed::new(ephemeral, Arc::clone(&lazy)));
        let (map, found) = (&mut self.ephemeral_resources, &mut self.diagnostics);
        insert_handler(
            map,
            found,
            "ephemeral resource",
            E::TYPE_NAME,
            Registered::new(handler, lazy),
        );
        self
    }
}

/// A registered type: its handler, and what GetProviderSchema tells Terraform about it, kept
/// as data beside the handler so that answering for a thousand types calls no code of each.
pub(crate) struct Registered<H: ?Sized> {
    /// What serves the type's requests.
    pub(crate) handler: Arc<H>,
    /// The type's schema (the handler holds the same one).
    pub(crate) schema: Arc<LazySchema>,
    /// The schema's version (resources; 0 for the other kinds).
    pub(crate) version: i64,
    /// A resource's identity schema, when it has one.
    pub(crate) identity_schema: Option<Arc<LazySchema>>,
}

impl<H: ?Sized> Registered<H> {
    /// A type of a kind without versions or identities.
    fn new(handler: Arc<H>, schema: Arc<LazySchema>) -> Registered<H> {
        Registered {
            handler,
            schema,
            version: 0,
            identity_schema: None,
        }
    }
}

/// Adds `entry` of a `kind` of type under `type_name`, or reports the name as taken: the
/// step every registration shares, one copy per kind rather than per type.
fn insert_handler<H: ?Sized>(
    map: &mut BTreeMap<&'static str, Registered<H>>,
    diagnostics: &mut Diagnostics,
    kind: &str,
    type_name: &'static str,
    entry: Registered<H>,
) {
    if map.contains_key(type_name) {
        diagnostics.push(duplicate(kind, type_name));
    } else {
        map.insert(type_name, entry);
    }
}

impl<P> Registry<P> {
    /// Adds a provider-defined function, as [`#[function]`](crate::function) defines it:
    /// `registry.function(checksum::function())` for a function `checksum`. Terraform calls
    /// it as `provider::NAME::checksum(...)` (1.8 and newer; older Terraforms never see it).
    pub fn function(&mut self, function: Function) -> &mut Registry<P> {
        if self.functions.contains_key(function.name()) {
            self.diagnostics
                .push(duplicate("function", function.name()));
        } else {
            self.functions.insert(function.name().to_owned(), function);
        }
        self
    }
}

fn duplicate(kind: &str, name: &str) -> Diagnostic {
    Diagnostic::error(
        "Duplicate type name",
        format!("The provider registers the {kind} type {name} twice; each name must be unique."),
    )
}

/// A resource or data source with its schema and object type, built on first use.
pub(crate) struct Typed<T> {
    inner: T,
    lazy: Arc<LazySchema>,
}

impl<T> Typed<T> {
    #[inline]
    fn new(inner: T, lazy: Arc<LazySchema>) -> Typed<T> {
        Typed { inner, lazy }
    }

    /// A model returned by provider code as a state Terraform accepts: of the schema's type,
    /// lists and sets of nested blocks empty rather than null, write-only attributes null.
    fn state<M: ToValue>(&self, model: &M) -> Result<Value, Diagnostics> {
        let built = self.lazy.get();
        let state = value(model, &built.ty)?;
        Ok(if built.normalize {
            built.schema.normalize_state(state)
        } else {
            state
        })
    }
}

/// A state a resource returned, and the identity of its object when the resource has one.
/// What a create or update left: the state to store, and the errors of a failure that made
/// part of the change ([`Failed`](crate::Failed) with a state).
pub(crate) struct Applied {
    pub(crate) stored: Stored,
    pub(crate) errors: Diagnostics,
}

pub(crate) struct Stored {
    pub(crate) state: Value,
    pub(crate) identity: Option<Value>,
}

/// How an import names the object.
pub(crate) enum ImportBy {
    /// `terraform import ADDRESS ID`, `import { id = ... }`.
    Id(String),
    /// `import { identity = { ... } }`: a value of the identity's type.
    Identity(Value),
}

/// A resource's identity: its schema, type and version.
pub(crate) struct IdentitySchema<'a> {
    pub(crate) schema: &'a Schema,
    pub(crate) ty: &'a Type,
    pub(crate) version: i64,
    /// The identity may change during the object's life.
    pub(crate) mutable: bool,
}

/// A resource as the server drives it: values in, values out.
pub(crate) trait ResourceHandler<P>: Send + Sync {
    /// The type's schema, built on first use.
    fn lazy(&self) -> &LazySchema;
    fn schema(&self) -> &Schema {
        self.lazy().schema()
    }
    /// Whether the schema has attributes with semantic equality
    /// ([`Schema::keep_equivalent`] then applies to states).
    fn semantic(&self) -> bool {
        self.lazy().get().semantic
    }
    fn object_type(&self) -> &Type {
        self.lazy().ty()
    }
    fn schema_version(&self) -> i64;
    /// The identity's schema, when the resource has one.
    fn identity_schema(&self) -> Option<IdentitySchema<'_>>;
    /// The type of the resource's identity, if it has one.
    fn identity_type(&self) -> Option<Type> {
        self.identity_schema().map(|identity| identity.ty.clone())
    }
    /// `write_only_allowed`: the client supports write-only attributes.
    fn validate(&self, config: Value, write_only_allowed: bool) -> Diagnostics;
    fn create(
        self: Arc<Self>,
        ctx: Context<P>,
        planned: Value,
        config: Option<pb::DynamicValue>,
    ) -> BoxFuture<Result<Applied, Diagnostics>>;
    fn read(
        self: Arc<Self>,
        ctx: Context<P>,
        state: Value,
    ) -> BoxFuture<Result<Option<Stored>, Diagnostics>>;
    fn update(
        self: Arc<Self>,
        ctx: Context<P>,
        prior: Value,
        planned: Value,
        config: Option<pb::DynamicValue>,
    ) -> BoxFuture<Result<Applied, Diagnostics>>;
    fn delete(self: Arc<Self>, ctx: Context<P>, state: Value)
    -> BoxFuture<Result<(), Diagnostics>>;
    fn import(
        self: Arc<Self>,
        ctx: Context<P>,
        by: ImportBy,
    ) -> BoxFuture<Result<Stored, Diagnostics>>;
    fn upgrade(
        self: Arc<Self>,
        ctx: Context<P>,
        version: i64,
        raw: RawState,
    ) -> BoxFuture<Result<Value, Diagnostics>>;
    fn upgrade_identity(
        self: Arc<Self>,
        ctx: Context<P>,
        version: i64,
        raw: RawState,
    ) -> BoxFuture<Result<Value, Diagnostics>>;
    fn move_state(
        self: Arc<Self>,
        ctx: Context<P>,
        source: MovedState,
    ) -> BoxFuture<Result<Option<Stored>, Diagnostics>>;
    /// A state (a value of the resource's type, from provider code) with its identity.
    fn stored(&self, ctx: &Context<P>, state: Value) -> Result<Stored, Diagnostics>;
    fn modify_plan(
        self: Arc<Self>,
        ctx: Context<P>,
        change: PlanParts,
    ) -> BoxFuture<Result<(Value, Vec<AttributePath>), Diagnostics>>;
    fn plan_destroy(
        self: Arc<Self>,
        ctx: Context<P>,
        prior: Value,
    ) -> BoxFuture<Result<(), Diagnostics>>;
}

/// The parts of a [`PlannedChange`], without its model type.
pub(crate) struct PlanParts {
    pub(crate) prior_state: Option<Value>,
    pub(crate) config: Value,
    pub(crate) planned_state: Value,
    pub(crate) requires_replace: Vec<AttributePath>,
}

/// An ephemeral resource as the server drives it.
pub(crate) trait EphemeralHandler<P>: Send + Sync {
    /// The type's schema, built on first use.
    fn lazy(&self) -> &LazySchema;
    fn object_type(&self) -> &Type {
        self.lazy().ty()
    }
    fn validate(&self, config: Value) -> Diagnostics;
    fn open(
        self: Arc<Self>,
        ctx: Context<P>,
        config: Value,
    ) -> BoxFuture<Result<(Value, Option<SystemTime>), Diagnostics>>;
    fn renew(
        self: Arc<Self>,
        ctx: Context<P>,
    ) -> BoxFuture<Result<Option<SystemTime>, Diagnostics>>;
    fn close(self: Arc<Self>, ctx: Context<P>) -> BoxFuture<Result<(), Diagnostics>>;
}

/// A list resource as the server drives it.
pub(crate) trait ListHandler<P>: Send + Sync {
    /// The type's schema, built on first use.
    fn lazy(&self) -> &LazySchema;
    fn object_type(&self) -> &Type {
        self.lazy().ty()
    }
    fn validate(&self, config: Value) -> Diagnostics;
    /// Lists into `sender` the objects `config` asks for, through `resource` (the listed
    /// type, for states and identities).
    fn list(
        self: Arc<Self>,
        ctx: Context<P>,
        config: Value,
        resource: Arc<dyn ResourceHandler<P>>,
        sink: ListSink,
    ) -> BoxFuture<Result<(), Diagnostics>>;
}

/// Where listed objects go, and what Terraform asked for.
pub(crate) struct ListSink {
    pub(crate) sender: crate::list::EventSender,
    pub(crate) include_resource: bool,
    pub(crate) limit: Option<usize>,
}

/// An action as the server drives it.
pub(crate) trait ActionHandler<P>: Send + Sync {
    /// The type's schema, built on first use.
    fn lazy(&self) -> &LazySchema;
    fn object_type(&self) -> &Type {
        self.lazy().ty()
    }
    fn validate(&self, config: Value) -> Diagnostics;
    fn plan(self: Arc<Self>, ctx: Context<P>, config: Value) -> BoxFuture<Result<(), Diagnostics>>;
    fn invoke(
        self: Arc<Self>,
        ctx: Context<P>,
        config: Value,
        progress: crate::Progress,
    ) -> BoxFuture<Result<(), Diagnostics>>;
}

/// A data source as the server drives it.
pub(crate) trait DataSourceHandler<P>: Send + Sync {
    /// The type's schema, built on first use.
    fn lazy(&self) -> &LazySchema;
    fn object_type(&self) -> &Type {
        self.lazy().ty()
    }
    fn validate(&self, config: Value) -> Diagnostics;
    fn read(
        self: Arc<Self>,
        ctx: Context<P>,
        config: Value,
    ) -> BoxFuture<Result<Value, Diagnostics>>;
}

/// Reads a value into a model; a failure is an error diagnostic at the attribute's path.
///
/// Not inlined: one copy per model, shared by every operation that reads it, rather than the
/// model's whole conversion copied into each operation's future.
#[inline(never)]
fn model<M: FromValue>(value: Value) -> Result<M, Diagnostics> {
    M::from_value(value).map_err(Diagnostics::from)
}

/// Validates a configuration of `schema`: the model's declarative rules and deprecations, then
/// the configuration as the model's typed view (a value it cannot hold is an error at its
/// path), then provider code's own checks (`check`), a panic there being an error.
pub(crate) fn validate_config<M: TfSchema>(
    schema: &Schema,
    config: &Value,
    check: impl FnOnce(&View<M>, &mut Diagnostics),
) -> Diagnostics {
    let mut found = schema.validate(config);
    match view_of::<M>(config.clone()) {
        Ok(view) => {
            let mut own = Diagnostics::new();
            match contained("configuration validation", || check(&view, &mut own)) {
                Ok(()) => found.append(own),
                Err(panic) => found.push(panic),
            }
        }
        Err(error) => found.push(error.to_diagnostic()),
    }
    found
}

/// A configuration as the model's typed view (not inlined, as [`model`]).
#[inline(never)]
fn view_of<M: TfSchema>(config: Value) -> Result<View<M>, ConvertError> {
    View::<M>::from_value(config)
}

/// Writes a model as a value of `ty` (not inlined, as [`model`]).
#[inline(never)]
fn value<M: ToValue>(model: &M, ty: &Type) -> Result<Value, Diagnostics> {
    model.to_value(ty).map_err(|error: ConvertError| {
        let mut diagnostic = error.to_diagnostic();
        diagnostic.summary = "Provider returned a value that does not convert".into();
        Diagnostics::from(diagnostic)
    })
}

/// The identity side of a resource registered with one, without the identity's type.
pub(crate) trait IdentityOps<R: Resource>: Send + Sync {
    /// The identity's schema, built on first use.
    fn lazy(&self) -> &LazySchema;
    fn version(&self) -> i64;
    /// [`ResourceIdentity::MUTABLE_IDENTITY`].
    fn mutable(&self) -> bool;
    fn identity(
        &self,
        resource: &R,
        ctx: &Context<R::Provider>,
        state: &R::Model,
    ) -> Result<Value, Diagnostics>;
    fn import<'a>(
        &'a self,
        resource: &'a R,
        ctx: &'a Context<R::Provider>,
        identity: Value,
    ) -> BoxFutureRef<'a, Result<R::Model, Diagnostics>>;
    fn upgrade<'a>(
        &'a self,
        resource: &'a R,
        ctx: &'a Context<R::Provider>,
        version: i64,
        raw: RawState,
    ) -> BoxFutureRef<'a, Result<Value, Diagnostics>>;
}

/// [`IdentityOps`] of a [`ResourceIdentity`].
struct IdentityOf<R> {
    lazy: Arc<LazySchema>,
    marker: std::marker::PhantomData<fn() -> R>,
}

impl<R: ResourceIdentity> IdentityOps<R> for IdentityOf<R> {
    fn lazy(&self) -> &LazySchema {
        &self.lazy
    }

    fn version(&self) -> i64 {
        R::IDENTITY_VERSION
    }

    fn mutable(&self) -> bool {
        R::MUTABLE_IDENTITY
    }

    fn identity(
        &self,
        resource: &R,
        ctx: &Context<R::Provider>,
        state: &R::Model,
    ) -> Result<Value, Diagnostics> {
        let identity = resource.identity(ctx, state)?;
        value(&identity, self.lazy.ty())
    }

    fn import<'a>(
        &'a self,
        resource: &'a R,
        ctx: &'a Context<R::Provider>,
        identity: Value,
    ) -> BoxFutureRef<'a, Result<R::Model, Diagnostics>> {
        Box::pin(async move {
            let identity = model::<R::Identity>(identity)?;
            resource.import_by_identity(ctx, identity).await
        })
    }

    fn upgrade<'a>(
        &'a self,
        resource: &'a R,
        ctx: &'a Context<R::Provider>,
        version: i64,
        raw: RawState,
    ) -> BoxFutureRef<'a, Result<Value, Diagnostics>> {
        Box::pin(async move {
            let identity = resource.upgrade_identity(ctx, version, raw).await?;
            value(&identity, self.lazy.ty())
        })
    }
}

/// A resource with its schema and, when it has one, its identity.
pub(crate) struct TypedResource<R: Resource> {
    typed: Typed<R>,
    identity: Option<Box<dyn IdentityOps<R>>>,
}

impl<R: Resource> std::ops::Deref for TypedResource<R> {
    type Target = Typed<R>;

    fn deref(&self) -> &Typed<R> {
        &self.typed
    }
}

impl<R: Resource> TypedResource<R> {
    /// A model returned by provider code as a state, with its identity.
    fn store(&self, ctx: &Context<R::Provider>, model: &R::Model) -> Result<Stored, Diagnostics> {
        let state = self.state(model)?;
        let identity = match &self.identity {
            Some(identity) => Some(identity.identity(&self.inner, ctx, model)?),
            None => None,
        };
        Ok(Stored { state, identity })
    }

    /// What a create or update returned, to store: the new state, or a failure's partial
    /// state with its errors (a failure without one is the request's error).
    fn applied(
        &self,
        ctx: &Context<R::Provider>,
        result: Result<R::Model, crate::Failed<R::Model>>,
    ) -> Result<Applied, Diagnostics> {
        match result {
            Ok(model) => Ok(Applied {
                stored: self.store(ctx, &model)?,
                errors: Diagnostics::new(),
            }),
            Err(failed) => {
                let mut errors = failed.diagnostics;
                if !errors.has_error() {
                    errors.push(Diagnostic::error(
                        "Provider call failed",
                        "The provider returned a failure without an error diagnostic.",
                    ));
                }
                let Some(state) = failed.state else {
                    return Err(errors);
                };
                match self.store(ctx, &state) {
                    Ok(stored) => Ok(Applied { stored, errors }),
                    Err(more) => {
                        errors.append(more);
                        Err(errors)
                    }
                }
            }
        }
    }
}

impl<R: Resource> ResourceHandler<R::Provider> for TypedResource<R> {
    fn lazy(&self) -> &LazySchema {
        &self.lazy
    }

    fn schema_version(&self) -> i64 {
        R::SCHEMA_VERSION
    }

    fn identity_schema(&self) -> Option<IdentitySchema<'_>> {
        self.identity.as_ref().map(|identity| IdentitySchema {
            schema: identity.lazy().schema(),
            ty: identity.lazy().ty(),
            version: identity.version(),
            mutable: identity.mutable(),
        })
    }

    fn validate(&self, config: Value, write_only_allowed: bool) -> Diagnostics {
        let mut found = Diagnostics::new();
        if !write_only_allowed {
            found.append(self.lazy.schema().write_only_values(&config));
        }
        found.append(validate_config::<R::Model>(
            self.lazy.schema(),
            &config,
            |view, found| self.inner.validate_config(view, found),
        ));
        found
    }

    fn create(
        self: Arc<Self>,
        ctx: Context<R::Provider>,
        planned: Value,
        config: Option<pb::DynamicValue>,
    ) -> BoxFuture<Result<Applied, Diagnostics>> {
        Box::pin(async move {
            let request = CreateRequest {
                planned: model::<R::Model>(planned)?,
                config: Config::encoded(config, self.lazy.ty().clone()),
            };
            let created = self.inner.create(&ctx, request).await;
            self.applied(&ctx, created)
        })
    }

    fn read(
        self: Arc<Self>,
        ctx: Context<R::Provider>,
        state: Value,
    ) -> BoxFuture<Result<Option<Stored>, Diagnostics>> {
        Box::pin(async move {
            let state = model::<R::Model>(state)?;
            match self.inner.read(&ctx, state).await? {
                Some(state) => self.store(&ctx, &state).map(Some),
                None => Ok(None),
            }
        })
    }

    fn update(
        self: Arc<Self>,
        ctx: Context<R::Provider>,
        prior: Value,
        planned: Value,
        config: Option<pb::DynamicValue>,
    ) -> BoxFuture<Result<Applied, Diagnostics>> {
        Box::pin(async move {
            let request = UpdateRequest {
                prior: model::<R::Model>(prior)?,
                planned: model::<R::Model>(planned)?,
                config: Config::encoded(config, self.lazy.ty().clone()),
            };
            let updated = self.inner.update(&ctx, request).await;
            self.applied(&ctx, updated)
        })
    }

    fn delete(
        self: Arc<Self>,
        ctx: Context<R::Provider>,
        state: Value,
    ) -> BoxFuture<Result<(), Diagnostics>> {
        Box::pin(async move {
            let state = model::<R::Model>(state)?;
            self.inner.delete(&ctx, state).await
        })
    }

    fn import(
        self: Arc<Self>,
        ctx: Context<R::Provider>,
        by: ImportBy,
    ) -> BoxFuture<Result<Stored, Diagnostics>> {
        Box::pin(async move {
            let state = match (by, &self.identity) {
                (ImportBy::Id(id), _) => self.inner.import(&ctx, id).await?,
                (ImportBy::Identity(identity), Some(ops)) => {
                    ops.import(&self.inner, &ctx, identity).await?
                }
                (ImportBy::Identity(_), None) => {
                    return Err(Diagnostic::error(
                        "Import By Identity Not Supported",
                        format!(
                            "The resource type {} has no identity: import it by ID.",
                            R::TYPE_NAME
                        ),
                    )
                    .into());
                }
            };
            self.store(&ctx, &state)
        })
    }

    fn upgrade(
        self: Arc<Self>,
        ctx: Context<R::Provider>,
        version: i64,
        raw: RawState,
    ) -> BoxFuture<Result<Value, Diagnostics>> {
        Box::pin(async move {
            let state = self.inner.upgrade_state(&ctx, version, raw).await?;
            self.state(&state)
        })
    }

    fn upgrade_identity(
        self: Arc<Self>,
        ctx: Context<R::Provider>,
        version: i64,
        raw: RawState,
    ) -> BoxFuture<Result<Value, Diagnostics>> {
        Box::pin(async move {
            match &self.identity {
                Some(identity) => identity.upgrade(&self.inner, &ctx, version, raw).await,
                None => Err(Diagnostic::error(
                    "Unable to Upgrade Resource Identity",
                    format!("The resource type {} has no identity.", R::TYPE_NAME),
                )
                .into()),
            }
        })
    }

    fn move_state(
        self: Arc<Self>,
        ctx: Context<R::Provider>,
        source: MovedState,
    ) -> BoxFuture<Result<Option<Stored>, Diagnostics>> {
        Box::pin(async move {
            match self.inner.move_state(&ctx, source).await? {
                Some(state) => self.store(&ctx, &state).map(Some),
                None => Ok(None),
            }
        })
    }

    fn stored(&self, ctx: &Context<R::Provider>, state: Value) -> Result<Stored, Diagnostics> {
        let state = model::<R::Model>(state)?;
        self.store(ctx, &state)
    }

    fn modify_plan(
        self: Arc<Self>,
        ctx: Context<R::Provider>,
        change: PlanParts,
    ) -> BoxFuture<Result<(Value, Vec<AttributePath>), Diagnostics>> {
        Box::pin(async move {
            let mut change = PlannedChange::<R::Model>::new(
                change.prior_state,
                change.config,
                change.planned_state,
                change.requires_replace,
            );
            self.inner.modify_plan(&ctx, &mut change).await?;
            change.into_parts(self.lazy.schema())
        })
    }

    fn plan_destroy(
        self: Arc<Self>,
        ctx: Context<R::Provider>,
        prior: Value,
    ) -> BoxFuture<Result<(), Diagnostics>> {
        Box::pin(async move {
            let state = model::<R::Model>(prior)?;
            self.inner.plan_destroy(&ctx, &state).await
        })
    }
}

impl<D: DataSource> DataSourceHandler<D::Provider> for Typed<D> {
    fn lazy(&self) -> &LazySchema {
        &self.lazy
    }

    fn validate(&self, config: Value) -> Diagnostics {
        validate_config::<D::Model>(self.lazy.schema(), &config, |view, found| {
            self.inner.validate_config(view, found);
        })
    }

    fn read(
        self: Arc<Self>,
        ctx: Context<D::Provider>,
        config: Value,
    ) -> BoxFuture<Result<Value, Diagnostics>> {
        Box::pin(async move {
            let config = model::<D::Model>(config)?;
            let state = self.inner.read(&ctx, config).await?;
            self.state(&state)
        })
    }
}

impl<E: EphemeralResource> EphemeralHandler<E::Provider> for Typed<E> {
    fn lazy(&self) -> &LazySchema {
        &self.lazy
    }

    fn validate(&self, config: Value) -> Diagnostics {
        validate_config::<E::Model>(self.lazy.schema(), &config, |view, found| {
            self.inner.validate_config(view, found);
        })
    }

    fn open(
        self: Arc<Self>,
        ctx: Context<E::Provider>,
        config: Value,
    ) -> BoxFuture<Result<(Value, Option<SystemTime>), Diagnostics>> {
        Box::pin(async move {
            let config = model::<E::Model>(config)?;
            let opened = self.inner.open(&ctx, config).await?;
            Ok((self.state(&opened.result)?, opened.renew_at))
        })
    }

    fn renew(
        self: Arc<Self>,
        ctx: Context<E::Provider>,
    ) -> BoxFuture<Result<Option<SystemTime>, Diagnostics>> {
        Box::pin(async move { self.inner.renew(&ctx).await })
    }

    fn close(self: Arc<Self>, ctx: Context<E::Provider>) -> BoxFuture<Result<(), Diagnostics>> {
        Box::pin(async move { self.inner.close(&ctx).await })
    }
}

impl<L: ListResource> ListHandler<L::Provider> for Typed<L> {
    fn lazy(&self) -> &LazySchema {
        &self.lazy
    }

    fn validate(&self, config: Value) -> Diagnostics {
        validate_config::<L::Config>(self.lazy.schema(), &config, |view, found| {
            self.inner.validate_config(view, found);
        })
    }

    fn list(
        self: Arc<Self>,
        ctx: Context<L::Provider>,
        config: Value,
        resource: Arc<dyn ResourceHandler<L::Provider>>,
        sink: ListSink,
    ) -> BoxFuture<Result<(), Diagnostics>> {
        Box::pin(async move {
            let config = model::<L::Config>(config)?;
            let mut listing = crate::Listing::<L::Resource>::new(
                sink.sender,
                Arc::new(Listed(resource)),
                ctx.sibling(),
                sink.include_resource,
                sink.limit,
            );
            self.inner.list(&ctx, config, &mut listing).await
        })
    }
}

/// A resource type as a [`Listing`](crate::Listing) of it sees it.
struct Listed<P>(Arc<dyn ResourceHandler<P>>);

impl<P: Provider> ListedResource<P> for Listed<P> {
    fn object_type(&self) -> &Type {
        self.0.object_type()
    }

    fn encode(
        &self,
        ctx: &Context<P>,
        state: Value,
        include_resource: bool,
    ) -> Result<EncodedObject, Diagnostics> {
        let stored = self.0.stored(ctx, state)?;
        let identity_ty = self
            .0
            .identity_type()
            .unwrap_or_else(|| stored.state.ty().clone());
        let identity = stored
            .identity
            .as_ref()
            .map(|identity| crate::wire::dynamic_value::encode(identity, &identity_ty))
            .transpose()?;
        let state = if include_resource {
            Some(crate::wire::dynamic_value::encode(
                &stored.state,
                self.object_type(),
            )?)
        } else {
            None
        };
        Ok(EncodedObject { identity, state })
    }
}

impl<A: Action> ActionHandler<A::Provider> for Typed<A> {
    fn lazy(&self) -> &LazySchema {
        &self.lazy
    }

    fn validate(&self, config: Value) -> Diagnostics {
        validate_config::<A::Config>(self.lazy.schema(), &config, |view, found| {
            self.inner.validate_config(view, found);
        })
    }

    fn plan(
        self: Arc<Self>,
        ctx: Context<A::Provider>,
        config: Value,
    ) -> BoxFuture<Result<(), Diagnostics>> {
        Box::pin(async move {
            let view = model::<View<A::Config>>(config)?;
            self.inner.plan(&ctx, &view).await
        })
    }

    fn invoke(
        self: Arc<Self>,
        ctx: Context<A::Provider>,
        config: Value,
        progress: crate::Progress,
    ) -> BoxFuture<Result<(), Diagnostics>> {
        Box::pin(async move {
            let config = model::<A::Config>(config)?;
            self.inner.invoke(&ctx, config, &progress).await
        })
    }
}
