//! The `tfplugin6.Provider` gRPC service over a [`Provider`], one file per call, named for it.
//! Each file holds the call's core, on typed requests and responses (values, paths,
//! diagnostics, enums: [`apply::Change`], no protocol message), and its edge: the request
//! decoded into the typed one, the core called, its answer encoded into the protocol's
//! response ([`answer`] writes the diagnostics). The handlers, the registry and provider code
//! never see a protocol message; the service trait's methods (`rpc.rs`) hand each message to
//! its edge.

mod action;
mod apply;
mod configure;
mod data_source;
mod ephemeral;
mod function;
mod generate;
mod identity;
mod import;
mod known;
mod list;
mod moved;
mod plan;
mod read;
mod rpc;
mod schema;
mod service;
mod state_store;
mod stop;
#[cfg(test)]
mod tests;
mod upgrade;
mod validate;

#[cfg(test)]
pub(crate) use schema::provider_schema_response;

pub use service::ProviderService;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

use tfsdk_core::TfSchema;
use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::schema::Schema;
use tfsdk_core::tftypes::{Type, Value};

use crate::call;
use crate::context::CallState;
use crate::proto::tfplugin6 as pb;
use crate::registry::{
    ActionHandler, DataSourceHandler, EphemeralHandler, ListHandler, Registered, Registry,
    ResourceHandler,
};
use crate::wire;
use crate::{Context, DeferredReason, Provider, StopToken};

/// A provider served over plugin protocol 6: the implementation of the `tfplugin6.Provider`
/// service that [`serve`](crate::serve) puts on the wire.
///
/// With the feature `unstable-protocol`, tests and benchmarks can call its methods in-process
/// with the protocol's messages, through the generated trait
/// `tfsdk_server::proto::tfplugin6::provider_server::Provider`; that API follows tonic's and
/// prost's versions and is not covered by this crate's semver.
pub struct Server<P: Provider> {
    provider: Arc<P>,
    registry: Registry<P>,
    provider_schema: Schema,
    provider_type: Type,
    stop: Mutex<StopToken>,
    /// The provider deferred in `configure`: every plan, read, import and data source read
    /// of the run is deferred for this reason.
    deferred: Mutex<Option<DeferredReason>>,
    /// The chunk size of state files agreed at ConfigureStateStore.
    chunk_size: Mutex<Option<i64>>,
}

impl<P: Provider> Server<P> {
    /// The registered types.
    pub(crate) fn registry(&self) -> &Registry<P> {
        &self.registry
    }

    /// The server of `provider`, with the resources and data sources it registers.
    pub fn new(provider: P) -> Server<P> {
        let provider_schema = P::Config::schema();
        let registry = Registry::of(&provider, &provider_schema);
        let provider_type = provider_schema.object_type();
        Server {
            provider: Arc::new(provider),
            registry,
            provider_schema,
            provider_type,
            stop: Mutex::new(StopToken::new()),
            deferred: Mutex::new(None),
            chunk_size: Mutex::new(None),
        }
    }

    /// The provider being served: tests inspect what provider code recorded through it.
    pub fn provider(&self) -> &P {
        &self.provider
    }

    /// The tonic service to add to a router (feature `unstable-protocol`).
    #[cfg(feature = "unstable-protocol")]
    pub fn into_service(self) -> ProviderService<P> {
        self.service()
    }

    /// The tonic service that [`serve`](crate::serve) puts on the wire.
    pub(crate) fn service(self) -> ProviderService<P> {
        ProviderService::new(self)
    }

    /// A context for one call into provider code, with the current stop token.
    fn context(&self, private: Vec<u8>) -> (Context<P>, Arc<Mutex<CallState>>) {
        let stop = self
            .stop
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        Context::new(Arc::clone(&self.provider), stop, private)
    }

    /// A context for a call that may defer: one whose request carries Terraform's
    /// `deferral_allowed`.
    fn deferrable_context(
        &self,
        private: Vec<u8>,
        deferral_allowed: bool,
    ) -> (Context<P>, Arc<Mutex<CallState>>) {
        let (ctx, state) = self.context(private);
        ctx.allow_deferral(deferral_allowed);
        (ctx, state)
    }

    /// The reason every change of the run is deferred, when the provider deferred in
    /// `configure` and this request allows it.
    fn provider_deferral(&self, deferral_allowed: bool) -> Option<DeferredReason> {
        let deferred = *self.deferred.lock().unwrap_or_else(PoisonError::into_inner);
        deferred.filter(|_| deferral_allowed)
    }

    fn resource(&self, type_name: &str) -> Result<Arc<dyn ResourceHandler<P>>, Diagnostic> {
        registered(&self.registry.resources, "Resource", type_name)
    }

    fn ephemeral_resource(
        &self,
        type_name: &str,
    ) -> Result<Arc<dyn EphemeralHandler<P>>, Diagnostic> {
        registered(
            &self.registry.ephemeral_resources,
            "Ephemeral Resource",
            type_name,
        )
    }

    fn list_resource(&self, type_name: &str) -> Result<Arc<dyn ListHandler<P>>, Diagnostic> {
        registered(&self.registry.list_resources, "List Resource", type_name)
    }

    fn action(&self, type_name: &str) -> Result<Arc<dyn ActionHandler<P>>, Diagnostic> {
        registered(&self.registry.actions, "Action", type_name)
    }

    fn data_source(&self, type_name: &str) -> Result<Arc<dyn DataSourceHandler<P>>, Diagnostic> {
        registered(&self.registry.data_sources, "Data Source", type_name)
    }
}

/// The handler registered under `type_name` among `entries` (of a `kind` such as "Data
/// Source"), or Terraform's "… Type Not Found" error.
fn registered<H: ?Sized>(
    entries: &BTreeMap<&'static str, Registered<H>>,
    kind: &str,
    type_name: &str,
) -> Result<Arc<H>, Diagnostic> {
    entries
        .get(type_name)
        .map(|entry| Arc::clone(&entry.handler))
        .ok_or_else(|| {
            Diagnostic::error(
                format!("{kind} Type Not Found"),
                format!(
                    "This provider has no {} type {type_name:?}.",
                    kind.to_lowercase()
                ),
            )
        })
}

/// A response's `deferred` field.
fn deferred_to_proto(reason: Option<DeferredReason>) -> Option<pb::Deferred> {
    let reason = match reason? {
        DeferredReason::ResourceConfigUnknown => pb::deferred::Reason::ResourceConfigUnknown,
        DeferredReason::ProviderConfigUnknown => pb::deferred::Reason::ProviderConfigUnknown,
        DeferredReason::AbsentPrerequisite => pb::deferred::Reason::AbsentPrereq,
    };
    Some(pb::Deferred {
        reason: reason.into(),
    })
}

/// Terraform's `deferral_allowed` client capability (false when the request carries none).
fn deferral_allowed(capabilities: Option<&pb::ClientCapabilities>) -> bool {
    capabilities.is_some_and(|capabilities| capabilities.deferral_allowed)
}

/// A response message of the protocol, with its diagnostics field.
trait Response {
    fn diagnostics_mut(&mut self) -> &mut Vec<pb::Diagnostic>;
}

macro_rules! responses {
    ($($message:ident),* $(,)?) => {
        $(impl Response for pb::$message::Response {
            fn diagnostics_mut(&mut self) -> &mut Vec<pb::Diagnostic> {
                &mut self.diagnostics
            }
        })*
    };
}

responses!(
    apply_resource_change,
    plan_resource_change,
    read_resource,
    import_resource_state,
    upgrade_resource_state,
    upgrade_resource_identity,
    move_resource_state,
    read_data_source,
    open_ephemeral_resource,
    renew_ephemeral_resource,
    close_ephemeral_resource,
    validate_ephemeral_resource_config,
    validate_provider_config,
    validate_resource_config,
    validate_data_resource_config,
    validate_list_resource_config,
    validate_action_config,
    plan_action,
    configure_provider,
    generate_resource_config,
    configure_state_store,
    write_state_bytes,
    lock_state,
    unlock_state,
    get_states,
    delete_state,
);

/// Where every edge ends: what the call found, written into its response once.
fn answer<R: Response>(mut response: R, found: Diagnostics) -> R {
    *response.diagnostics_mut() = diagnostics(&found);
    response
}

/// The value of `result`, or `None` with its error added to `found`: for a step after which the
/// handler goes on.
fn noted<T>(result: Result<T, Diagnostic>, found: &mut Diagnostics) -> Option<T> {
    result.map_err(|error| found.push(error)).ok()
}

/// Diagnostics as the protocol's messages.
fn diagnostics(diagnostics: &Diagnostics) -> Vec<pb::Diagnostic> {
    wire::diagnostics::diagnostics_to_proto(diagnostics)
}

/// One diagnostic as the protocol's message list.
fn diagnostic(diagnostic: Diagnostic) -> Vec<pb::Diagnostic> {
    diagnostics(&Diagnostics::from(diagnostic))
}

/// Decodes a request's value of type `ty`.
fn decode(value: Option<&pb::DynamicValue>, ty: &Type) -> Result<Value, Diagnostic> {
    wire::dynamic_value::decode(value, ty)
}

/// Whether a value Terraform sent is null, without decoding it (see
/// [`wire::dynamic_value::is_null`]).
fn is_null(value: Option<&pb::DynamicValue>, ty: &Type) -> Result<bool, Diagnostic> {
    wire::dynamic_value::is_null(value, ty)
}

/// Encodes an answer's value of type `ty`.
fn encode(value: &Value, ty: &Type) -> Result<pb::DynamicValue, Diagnostic> {
    wire::dynamic_value::encode(value, ty)
}

/// A resource's identity as the protocol's message, when it has one.
fn identity_data(
    identity: Option<&Value>,
    ty: Option<&Type>,
) -> Result<Option<pb::ResourceIdentityData>, Diagnostic> {
    match (identity, ty) {
        (Some(identity), Some(ty)) => Ok(Some(pb::ResourceIdentityData {
            identity_data: Some(encode(identity, ty)?),
        })),
        _ => Ok(None),
    }
}

/// The identity Terraform sent, decoded with the resource's identity type; `None` when the
/// resource has none or Terraform sent none.
fn decode_identity<P: Provider>(
    resource: &dyn ResourceHandler<P>,
    held: Option<&pb::ResourceIdentityData>,
) -> Result<Option<Value>, Diagnostic> {
    let data = held.and_then(|held| held.identity_data.as_ref());
    match (data, resource.identity_type()) {
        (Some(data), Some(ty)) => decode(Some(data), &ty).map(Some),
        _ => Ok(None),
    }
}

/// The identity rule ([`identity_change`](tfsdk_core::schema::identity_change)) for
/// `resource`: `new`, the identity provider code returned after `operation`, may not differ
/// from `held`, the one Terraform holds (named `held_as`), unless the resource declares its
/// identity mutable.
fn identity_rule<P: Provider>(
    resource: &dyn ResourceHandler<P>,
    operation: &str,
    held_as: &str,
    held: Option<&Value>,
    new: Option<&Value>,
) -> Result<(), Diagnostic> {
    let mutable = resource
        .identity_schema()
        .is_none_or(|schema| schema.mutable);
    match (held, new) {
        (Some(held), Some(new)) if !mutable => {
            tfsdk_core::schema::identity_change(operation, held, held_as, new)
        }
        _ => Ok(()),
    }
}

/// A stream of a server-streaming call's messages.
type Stream<T> =
    std::pin::Pin<Box<dyn tokio_stream::Stream<Item = Result<T, tonic::Status>> + Send + 'static>>;
