//! The provider's resources and data sources, registered by type name and held behind
//! type-erased handlers, so the server works on Terraform values while provider code works on
//! its own models. Registration and its checks are here; the handlers' traits in `handler`,
//! the adapters from provider types to them in `typed`, `resource`, `identity` and `kinds`
//! (state stores: `state_store`), and what a create or update's result becomes in `applied`.

mod applied;
mod handler;
mod identity;
mod kinds;
mod resource;
mod state_store;
mod typed;

pub(crate) use handler::{
    ActionHandler, Applied, DataSourceHandler, EphemeralHandler, ImportBy, ListHandler, ListSink,
    ResourceHandler, Stored,
};
use identity::{IdentityOf, IdentityOps};
use resource::TypedResource;
pub(crate) use state_store::{StateStoreHandler, StoreAnswer, StoreCall};
use typed::Typed;
pub(crate) use typed::validate_config;

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::schema::Schema;

use crate::lazy_schema::{LazySchema, SchemaCheck};
use crate::{
    Action, DataSource, EphemeralResource, Function, ListResource, Provider, Resource,
    ResourceIdentity, StateStore,
};

/// A future borrowing what it works on.
pub(super) type BoxFutureRef<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Where a provider lists its resources, data sources and functions
/// ([`Provider::register`]).
pub struct Registry<P> {
    pub(crate) resources: BTreeMap<&'static str, Registered<dyn ResourceHandler<P>>>,
    pub(crate) data_sources: BTreeMap<&'static str, Registered<dyn DataSourceHandler<P>>>,
    pub(crate) ephemeral_resources: BTreeMap<&'static str, Registered<dyn EphemeralHandler<P>>>,
    pub(crate) list_resources: BTreeMap<&'static str, Registered<dyn ListHandler<P>>>,
    pub(crate) actions: BTreeMap<&'static str, Registered<dyn ActionHandler<P>>>,
    pub(crate) state_stores: BTreeMap<&'static str, Registered<dyn StateStoreHandler<P>>>,
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
            state_stores: BTreeMap::new(),
            functions: BTreeMap::new(),
            diagnostics: Diagnostics::new(),
        }
    }

    /// What `provider` registers, with every registration mistake in `diagnostics` (reported
    /// with the schema): a type name used twice, a provider schema Terraform would refuse
    /// (`provider_schema`), a list resource whose resource has no identity.
    pub(crate) fn of(provider: &P, provider_schema: &Schema) -> Registry<P> {
        let mut registry = Registry::new();
        provider.register(&mut registry);
        let problems = crate::schema_checks::provider_schema_problems(provider_schema);
        registry.diagnostics.append(problems);
        let unlisted = registry.unlisted();
        registry.diagnostics.extend(unlisted);
        registry
    }

    /// A list resource streams identities: an error for each whose resource has none.
    fn unlisted(&self) -> Vec<Diagnostic> {
        let without_identity = |name: &&&str| {
            self.resources
                .get(**name)
                .is_none_or(|resource| resource.identity_schema.is_none())
        };
        let error = |name: &&str| {
            Diagnostic::error(
                "List resource without an identity",
                format!(
                    "The list resource {name} lists a resource type that is not registered with \
                     an identity: register it with `resource_with_identity`. This is a bug in \
                     the provider."
                ),
            )
        };
        let names = self.list_resources.keys();
        names.filter(without_identity).map(error).collect()
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
        let version = resource.schema_version();
        let handler = TypedResource {
            typed: Typed::new(resource, Arc::clone(&lazy)),
            identity,
            version,
        };
        let entry = Registered {
            handler: Arc::new(handler) as Arc<dyn ResourceHandler<P>>,
            schema: lazy,
            version,
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

    /// Adds a state store (`terraform { state_store "TYPE" { ... } }`: Terraform keeps its
    /// state files there; experimental in Terraform 1.15).
    #[inline]
    pub fn state_store<S: StateStore<Provider = P>>(&mut self, store: S) -> &mut Registry<P> {
        let lazy = LazySchema::of::<S::Model>(S::TYPE_NAME, SchemaCheck::Unplanned("state store"));
        let lazy = Arc::new(lazy);
        let handler: Arc<dyn StateStoreHandler<P>> = Arc::new(Typed::new(store, Arc::clone(&lazy)));
        let (map, found) = (&mut self.state_stores, &mut self.diagnostics);
        insert_handler(
            map,
            found,
            "state store",
            S::TYPE_NAME,
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
