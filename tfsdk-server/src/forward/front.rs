//! The protocol service of a provider served beside another: each call goes to the side that
//! serves its type (this provider's [`Server`] first), the calls of the whole provider to both,
//! and the answers about what is served are the union ([`merge`](super::merge)).
//!
//! A call forwarded to a child that cannot be started, or that fails in the middle (the child
//! crashed, was killed, hung up), is answered here with an error diagnostic, and with the
//! state Terraform already holds wherever the answer carries one, so nothing stored is lost.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use tokio::sync::{Mutex, OnceCell};
use tokio_stream::StreamExt;

use super::catalog::Catalog;
use super::child::Child;
use super::client::ChildClient;
use super::failure::{Fallback, call_failed, failure};
use super::{Resolved, merge};
use crate::proto::tfplugin6 as pb;
use crate::server::Server;
use crate::wire::diagnostics::diagnostics_to_proto;
use crate::{Forward, Provider};

type RpcResult<T> = Result<tonic::Response<T>, tonic::Status>;
type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;
type Stream<T> =
    Pin<Box<dyn tokio_stream::Stream<Item = Result<T, tonic::Status>> + Send + 'static>>;

/// This provider's server in front of the forwarded provider.
pub(crate) struct Front<P: Provider> {
    rust: Server<P>,
    forwarded: Forwarded,
}

/// The kinds of type a call can be routed by.
#[derive(Clone, Copy)]
enum Kind {
    Resource,
    DataSource,
    Ephemeral,
    List,
    Action,
    Function,
    StateStore,
}

impl<P: Provider> Front<P> {
    /// `rust` in front of the provider `forward` describes (`type_name`: the provider's type,
    /// for the default executable name).
    pub(crate) fn new(rust: Server<P>, forward: &Forward, type_name: &str) -> Front<P> {
        Front {
            rust,
            forwarded: Forwarded::new(forward.resolve(type_name)),
        }
    }

    fn serves(&self, kind: Kind, name: &str) -> bool {
        let registry = self.rust.registry();
        match kind {
            Kind::Resource => registry.resources.contains_key(name),
            Kind::DataSource => registry.data_sources.contains_key(name),
            Kind::Ephemeral => registry.ephemeral_resources.contains_key(name),
            Kind::List => registry.list_resources.contains_key(name),
            Kind::Action => registry.actions.contains_key(name),
            Kind::Function => registry.functions.contains_key(name),
            Kind::StateStore => registry.state_stores.contains_key(name),
        }
    }
}

/// The forwarded provider: how to start it, whether it runs, what it serves.
struct Forwarded {
    settings: Resolved,
    state: Mutex<ChildState>,
    catalog: OnceCell<Catalog>,
}

enum ChildState {
    /// Not needed yet: the provider's validation and configuration are kept to be replayed.
    NotStarted {
        validate: Option<pb::validate_provider_config::Request>,
        configure: Option<pb::configure_provider::Request>,
    },
    Running(Arc<Child>),
    /// It could not be started, or refused the provider's configuration: every call it should
    /// serve gets these diagnostics.
    Failed(Vec<pb::Diagnostic>),
}

impl Forwarded {
    fn new(settings: Resolved) -> Forwarded {
        Forwarded {
            settings,
            state: Mutex::new(ChildState::NotStarted {
                validate: None,
                configure: None,
            }),
            catalog: OnceCell::new(),
        }
    }

    /// The running child, started (and given the provider's configuration) on first use.
    async fn child(&self) -> Result<Arc<Child>, Vec<pb::Diagnostic>> {
        let mut state = self.state.lock().await;
        let (validate, configure) = match &mut *state {
            ChildState::Running(child) => return Ok(Arc::clone(child)),
            ChildState::Failed(diagnostics) => return Err(diagnostics.clone()),
            ChildState::NotStarted {
                validate,
                configure,
            } => (validate.take(), configure.take()),
        };
        let started = match &self.settings.setting {
            Some(error) => Err(error.clone()),
            None => Child::start(&self.settings.executable, self.settings.start_timeout).await,
        };
        let child = match started {
            Ok(child) => Arc::new(child),
            Err(error) => {
                tracing::error!(error = %error, "the forwarded provider was not started");
                let diagnostics = diagnostics_to_proto(&error.diagnostic().into());
                *state = ChildState::Failed(diagnostics.clone());
                return Err(diagnostics);
            }
        };
        tracing::debug!(pid = child.pid, protocol = ?child.protocol, executable = %child.executable.display(), "forwarded provider started");
        let mut refused = Vec::new();
        if let Some(request) = validate {
            let answer = child
                .provider
                .clone()
                .validate_provider_config(request)
                .await;
            refused.extend(
                errors_of(
                    answer.map(|r| r.into_inner().diagnostics),
                    &child,
                    "ValidateProviderConfig",
                )
                .await,
            );
        }
        if let Some(request) = configure.filter(|_| refused.is_empty()) {
            let answer = child.provider.clone().configure_provider(request).await;
            refused.extend(
                errors_of(
                    answer.map(|r| r.into_inner().diagnostics),
                    &child,
                    "ConfigureProvider",
                )
                .await,
            );
        }
        if refused.is_empty() {
            *state = ChildState::Running(Arc::clone(&child));
            Ok(child)
        } else {
            child.end().await;
            *state = ChildState::Failed(refused.clone());
            Err(refused)
        }
    }

    /// What the forwarded provider serves: from the cache, or asked of the child (and cached).
    async fn catalog(&self) -> Result<&Catalog, Vec<pb::Diagnostic>> {
        self.catalog
            .get_or_try_init(|| async {
                let cache = self.settings.cache.as_deref();
                if let Some(catalog) =
                    cache.and_then(|cache| Catalog::cached(cache, &self.settings.executable))
                {
                    return Ok(catalog);
                }
                let child = self.child().await?;
                let catalog = ask_catalog(&child).await?;
                if let Some(cache) = cache {
                    catalog.store(cache, &self.settings.executable);
                }
                Ok(catalog)
            })
            .await
    }
}

/// The four answers that describe the child.
async fn ask_catalog(child: &Child) -> Result<Catalog, Vec<pb::Diagnostic>> {
    let mut client = child.provider.clone();
    let metadata = match client.get_metadata(pb::get_metadata::Request {}).await {
        Ok(response) => response.into_inner(),
        Err(status) => return Err(call_failed(child, "GetMetadata", &status).await),
    };
    let schema = match client
        .get_provider_schema(pb::get_provider_schema::Request {})
        .await
    {
        Ok(response) => response.into_inner(),
        Err(status) => return Err(call_failed(child, "GetProviderSchema", &status).await),
    };
    // Older providers do not have these two calls (`Unimplemented`): no identities, no
    // functions. Any other failure is one.
    let identity_schemas = match client
        .get_resource_identity_schemas(pb::get_resource_identity_schemas::Request {})
        .await
    {
        Ok(response) => response.into_inner(),
        Err(status) if status.code() == tonic::Code::Unimplemented => Default::default(),
        Err(status) => {
            return Err(call_failed(child, "GetResourceIdentitySchemas", &status).await);
        }
    };
    let functions = match client.get_functions(pb::get_functions::Request {}).await {
        Ok(response) => response.into_inner(),
        Err(status) if status.code() == tonic::Code::Unimplemented => Default::default(),
        Err(status) => return Err(call_failed(child, "GetFunctions", &status).await),
    };
    Ok(Catalog {
        metadata,
        schema,
        identity_schemas,
        functions,
    })
}

/// The error diagnostics of a replayed call, or its failure. Its warnings go to Terraform's
/// log: the call they belong to was answered when the child was not running yet, so there is
/// no answer left to carry them.
async fn errors_of(
    answer: Result<Vec<pb::Diagnostic>, tonic::Status>,
    child: &Child,
    call: &str,
) -> Vec<pb::Diagnostic> {
    match answer {
        Ok(diagnostics) => {
            let (errors, warnings): (Vec<_>, Vec<_>) = diagnostics
                .into_iter()
                .partition(|d| d.severity == pb::diagnostic::Severity::Error as i32);
            for warning in warnings {
                tracing::warn!(
                    call,
                    summary = %warning.summary,
                    detail = %warning.detail,
                    "the forwarded provider warned when its configuration was replayed"
                );
            }
            errors
        }
        Err(status) => call_failed(child, call, &status).await,
    }
}

impl<P: Provider> Front<P> {
    /// An answer about what is served: `rust`, this provider's, joined by `merge` with the
    /// forwarded provider's (`theirs` of its catalog).
    async fn union<T: Fallback>(
        &self,
        rust: T,
        theirs: impl FnOnce(&Catalog) -> T,
        merge: impl FnOnce(T, T) -> T,
    ) -> RpcResult<T> {
        Ok(tonic::Response::new(match self.forwarded.catalog().await {
            Ok(catalog) => merge(rust, theirs(catalog)),
            Err(diagnostics) => rust.failed(diagnostics),
        }))
    }

    /// Sends `request` to the child with `send`; a child that cannot be started or fails to
    /// answer gets `fallback` with the diagnostics that say so.
    async fn forward<Req, Resp, Fut>(
        &self,
        call: &'static str,
        request: Req,
        fallback: Resp,
        send: impl FnOnce(ChildClient, Req) -> Fut,
    ) -> RpcResult<Resp>
    where
        Resp: Fallback,
        Fut: Future<Output = RpcResult<Resp>>,
    {
        let child = match self.forwarded.child().await {
            Ok(child) => child,
            Err(diagnostics) => return Ok(tonic::Response::new(fallback.failed(diagnostics))),
        };
        match send(child.provider.clone(), request).await {
            Ok(response) => Ok(response),
            Err(status) => {
                let diagnostics = call_failed(&child, call, &status).await;
                Ok(tonic::Response::new(fallback.failed(diagnostics)))
            }
        }
    }

    /// Sends a server-streaming call to the child; a failure becomes one event with its
    /// diagnostics, and so does a stream that breaks.
    async fn forward_stream<Req, Event, Fut>(
        &self,
        call: &'static str,
        request: Req,
        send: impl FnOnce(ChildClient, Req) -> Fut,
    ) -> RpcResult<Stream<Event>>
    where
        Event: Fallback + Default + Send + 'static,
        Fut: Future<Output = RpcResult<tonic::Streaming<Event>>>,
    {
        let one_event = |diagnostics| -> Stream<Event> {
            Box::pin(tokio_stream::iter([Ok(
                Event::default().failed(diagnostics)
            )]))
        };
        let child = match self.forwarded.child().await {
            Ok(child) => child,
            Err(diagnostics) => return Ok(tonic::Response::new(one_event(diagnostics))),
        };
        match send(child.provider.clone(), request).await {
            Ok(response) => {
                let stream = response.into_inner().map(move |item| {
                    Ok(item.unwrap_or_else(|status| {
                        let exited = child.exit_status();
                        Event::default().failed(failure(&child, call, &status, exited))
                    }))
                });
                Ok(tonic::Response::new(Box::pin(stream)))
            }
            Err(status) => Ok(tonic::Response::new(one_event(
                call_failed(&child, call, &status).await,
            ))),
        }
    }
}

/// A method of the generated (async-trait) service trait, written out so that macros can
/// make it.
macro_rules! rpc {
    ($method:ident($this:ident, $request:ident: $req:ty) -> $resp:ty $body:block) => {
        fn $method<'life0, 'async_trait>(
            &'life0 $this,
            $request: tonic::Request<$req>,
        ) -> BoxFuture<'async_trait, RpcResult<$resp>>
        where
            'life0: 'async_trait,
            Self: 'async_trait,
        {
            Box::pin(async move $body)
        }
    };
}

/// A call routed by its type: to this provider when it serves the type, else to the child,
/// with `fallback` (made from the request) as the answer should the child fail.
macro_rules! routed {
    ($($method:ident, $module:ident, $call:literal, $kind:ident, $field:ident, |$r:ident| $fallback:expr;)*) => {$(
        rpc!($method(self, request: pb::$module::Request) -> pb::$module::Response {
            let request = request.into_inner();
            if self.serves(Kind::$kind, &request.$field) {
                return self.rust.$method(tonic::Request::new(request)).await;
            }
            let fallback = { let $r = &request; $fallback };
            self.forward($call, request, fallback, |mut client, request| async move {
                client.$method(request).await
            })
            .await
        });
    )*};
}

impl<P: Provider> pb::provider_server::Provider for Front<P> {
    rpc!(get_metadata(self, request: pb::get_metadata::Request) -> pb::get_metadata::Response {
        let rust = self.rust.get_metadata(request).await?.into_inner();
        self.union(rust, |catalog| catalog.metadata.clone(), merge::metadata)
            .await
    });

    rpc!(get_provider_schema(self, request: pb::get_provider_schema::Request) -> pb::get_provider_schema::Response {
        let rust = self.rust.get_provider_schema(request).await?.into_inner();
        self.union(rust, |catalog| catalog.schema.clone(), merge::provider_schema)
            .await
    });

    rpc!(get_resource_identity_schemas(self, request: pb::get_resource_identity_schemas::Request) -> pb::get_resource_identity_schemas::Response {
        let rust = self.rust.get_resource_identity_schemas(request).await?.into_inner();
        self.union(rust, |catalog| catalog.identity_schemas.clone(), merge::identity_schemas)
            .await
    });

    rpc!(get_functions(self, request: pb::get_functions::Request) -> pb::get_functions::Response {
        let rust = self.rust.get_functions(request).await?.into_inner();
        self.union(rust, |catalog| catalog.functions.clone(), merge::functions)
            .await
    });

    rpc!(validate_provider_config(self, request: pb::validate_provider_config::Request) -> pb::validate_provider_config::Response {
        let request = request.into_inner();
        let mut answer = self
            .rust
            .validate_provider_config(tonic::Request::new(request.clone()))
            .await?
            .into_inner();
        let mut state = self.forwarded.state.lock().await;
        match &mut *state {
            ChildState::NotStarted { validate, .. } => *validate = Some(request),
            ChildState::Running(child) => {
                let child = Arc::clone(child);
                drop(state);
                match child.provider.clone().validate_provider_config(request).await {
                    Ok(theirs) => answer.diagnostics.extend(theirs.into_inner().diagnostics),
                    Err(status) => answer
                        .diagnostics
                        .extend(call_failed(&child, "ValidateProviderConfig", &status).await),
                }
            }
            ChildState::Failed(_) => {}
        }
        Ok(tonic::Response::new(answer))
    });

    rpc!(configure_provider(self, request: pb::configure_provider::Request) -> pb::configure_provider::Response {
        let request = request.into_inner();
        let mut answer = self
            .rust
            .configure_provider(tonic::Request::new(request.clone()))
            .await?
            .into_inner();
        let mut state = self.forwarded.state.lock().await;
        match &mut *state {
            ChildState::NotStarted { configure, .. } => *configure = Some(request),
            ChildState::Running(child) => {
                let child = Arc::clone(child);
                drop(state);
                match child.provider.clone().configure_provider(request).await {
                    Ok(theirs) => answer.diagnostics.extend(theirs.into_inner().diagnostics),
                    Err(status) => answer
                        .diagnostics
                        .extend(call_failed(&child, "ConfigureProvider", &status).await),
                }
            }
            ChildState::Failed(_) => {}
        }
        Ok(tonic::Response::new(answer))
    });

    rpc!(stop_provider(self, request: pb::stop_provider::Request) -> pb::stop_provider::Response {
        let answer = self.rust.stop_provider(request).await?.into_inner();
        let child = match &*self.forwarded.state.lock().await {
            ChildState::Running(child) => Some(Arc::clone(child)),
            _ => None,
        };
        if let Some(child) = child
            && let Ok(theirs) = child
                .provider
                .clone()
                .stop_provider(pb::stop_provider::Request {})
                .await
            && !theirs.get_ref().error.is_empty()
        {
            let theirs = theirs.into_inner();
            return Ok(tonic::Response::new(pb::stop_provider::Response {
                error: [answer.error, theirs.error].join("\n").trim().to_owned(),
            }));
        }
        Ok(tonic::Response::new(answer))
    });

    rpc!(plan_resource_change(self, request: pb::plan_resource_change::Request) -> pb::plan_resource_change::Response {
        let request = request.into_inner();
        if self.serves(Kind::Resource, &request.type_name) {
            return self.rust.plan_resource_change(tonic::Request::new(request)).await;
        }
        // A destroy plan for a provider that does not plan destroys (terraform-plugin-mux
        // answers these itself): the proposed null state.
        let plans_destroy = self.forwarded.catalog().await.ok().is_none_or(|catalog| {
            catalog.metadata.server_capabilities.as_ref().is_some_and(|c| c.plan_destroy)
        });
        if !plans_destroy && is_null(request.proposed_new_state.as_ref()) {
            return Ok(tonic::Response::new(pb::plan_resource_change::Response {
                planned_state: request.proposed_new_state,
                planned_private: request.prior_private,
                ..Default::default()
            }));
        }
        let fallback = pb::plan_resource_change::Response::default();
        self.forward("PlanResourceChange", request, fallback, |mut client, request| async move {
            client.plan_resource_change(request).await
        })
        .await
    });

    routed! {
        validate_resource_config, validate_resource_config, "ValidateResourceConfig", Resource, type_name, |_r| Default::default();
        validate_data_resource_config, validate_data_resource_config, "ValidateDataResourceConfig", DataSource, type_name, |_r| Default::default();
        upgrade_resource_state, upgrade_resource_state, "UpgradeResourceState", Resource, type_name, |_r| Default::default();
        upgrade_resource_identity, upgrade_resource_identity, "UpgradeResourceIdentity", Resource, type_name, |_r| Default::default();
        read_resource, read_resource, "ReadResource", Resource, type_name, |r| pb::read_resource::Response {
            new_state: r.current_state.clone(),
            private: r.private.clone(),
            new_identity: r.current_identity.clone(),
            ..Default::default()
        };
        apply_resource_change, apply_resource_change, "ApplyResourceChange", Resource, type_name, |r| pb::apply_resource_change::Response {
            // What Terraform held: nothing after a failed create, the object as it was after
            // a failed update or delete.
            new_state: r.prior_state.clone(),
            private: r.planned_private.clone(),
            new_identity: (!is_null(r.prior_state.as_ref())).then(|| r.planned_identity.clone()).flatten(),
            ..Default::default()
        };
        import_resource_state, import_resource_state, "ImportResourceState", Resource, type_name, |_r| Default::default();
        move_resource_state, move_resource_state, "MoveResourceState", Resource, target_type_name, |_r| Default::default();
        generate_resource_config, generate_resource_config, "GenerateResourceConfig", Resource, type_name, |_r| Default::default();
        read_data_source, read_data_source, "ReadDataSource", DataSource, type_name, |_r| Default::default();
        validate_ephemeral_resource_config, validate_ephemeral_resource_config, "ValidateEphemeralResourceConfig", Ephemeral, type_name, |_r| Default::default();
        open_ephemeral_resource, open_ephemeral_resource, "OpenEphemeralResource", Ephemeral, type_name, |_r| Default::default();
        renew_ephemeral_resource, renew_ephemeral_resource, "RenewEphemeralResource", Ephemeral, type_name, |r| pb::renew_ephemeral_resource::Response {
            private: r.private.clone(),
            ..Default::default()
        };
        close_ephemeral_resource, close_ephemeral_resource, "CloseEphemeralResource", Ephemeral, type_name, |_r| Default::default();
        validate_list_resource_config, validate_list_resource_config, "ValidateListResourceConfig", List, type_name, |_r| Default::default();
        call_function, call_function, "CallFunction", Function, name, |_r| Default::default();
        validate_action_config, validate_action_config, "ValidateActionConfig", Action, action_type, |_r| Default::default();
        plan_action, plan_action, "PlanAction", Action, action_type, |_r| Default::default();
    }

    routed! {
        validate_state_store_config, validate_state_store_config, "ValidateStateStoreConfig", StateStore, type_name, |_r| Default::default();
        configure_state_store, configure_state_store, "ConfigureStateStore", StateStore, type_name, |_r| Default::default();
        lock_state, lock_state, "LockState", StateStore, type_name, |_r| Default::default();
        unlock_state, unlock_state, "UnlockState", StateStore, type_name, |_r| Default::default();
        get_states, get_states, "GetStates", StateStore, type_name, |_r| Default::default();
        delete_state, delete_state, "DeleteState", StateStore, type_name, |_r| Default::default();
    }

    type ListResourceStream = Stream<pb::list_resource::Event>;

    rpc!(list_resource(self, request: pb::list_resource::Request) -> Self::ListResourceStream {
        let request = request.into_inner();
        if self.serves(Kind::List, &request.type_name) {
            return self.rust.list_resource(tonic::Request::new(request)).await;
        }
        self.forward_stream("ListResource", request, |mut client, request| async move {
            client.list_resource(request).await
        })
        .await
    });

    type InvokeActionStream = Stream<pb::invoke_action::Event>;

    rpc!(invoke_action(self, request: pb::invoke_action::Request) -> Self::InvokeActionStream {
        let request = request.into_inner();
        if self.serves(Kind::Action, &request.action_type) {
            return self.rust.invoke_action(tonic::Request::new(request)).await;
        }
        self.forward_stream("InvokeAction", request, |mut client, request| async move {
            client.invoke_action(request).await
        })
        .await
    });

    type ReadStateBytesStream = Stream<pb::read_state_bytes::ResponseChunk>;

    rpc!(read_state_bytes(self, request: pb::read_state_bytes::Request) -> Self::ReadStateBytesStream {
        let request = request.into_inner();
        if self.serves(Kind::StateStore, &request.type_name) {
            return self.rust.read_state_bytes(tonic::Request::new(request)).await;
        }
        self.forward_stream("ReadStateBytes", request, |mut client, request| async move {
            client.read_state_bytes(request).await
        })
        .await
    });

    rpc!(write_state_bytes(self, request: tonic::Streaming<pb::write_state_bytes::RequestChunk>) -> pb::write_state_bytes::Response {
        // The first chunk names the store: this provider's, or the child's.
        let mut chunks = request.into_inner().map_while(Result::ok);
        let first = chunks.next().await;
        let store = first.as_ref().and_then(|chunk| chunk.meta.as_ref());
        let chunks = tokio_stream::iter(first.clone()).chain(chunks);
        if store.is_some_and(|meta| self.serves(Kind::StateStore, &meta.type_name)) {
            let answer = self.rust.write_state_chunks(chunks.map(Ok)).await;
            return Ok(tonic::Response::new(answer));
        }
        self.forward("WriteStateBytes", chunks, Default::default(), |mut client, chunks| async move {
            client.write_state_bytes(chunks).await
        })
        .await
    });
}

/// Whether a value Terraform sent is null (msgpack `nil` or JSON `null`), or absent.
fn is_null(value: Option<&pb::DynamicValue>) -> bool {
    value.is_none_or(|value| {
        value.msgpack.as_slice() == [0xc0]
            || (value.msgpack.is_empty() && value.json.trim_ascii() == b"null")
            || (value.msgpack.is_empty() && value.json.is_empty())
    })
}
