//! ReadResource (refresh): the stored state read into the model, the provider's read, the
//! result back with the object's identity; `None` from the provider removes the resource from
//! the state.

use std::sync::Arc;

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::Value;

use super::{
    Server, answer, call, decode, decode_identity, deferral_allowed, deferred_to_proto, encode,
    identity_data, identity_rule, known, noted,
};
use crate::proto::tfplugin6 as pb;
use crate::registry::ResourceHandler;
use crate::{DeferredReason, Provider, deferral};

/// A read, as the server's core takes it.
pub(crate) struct ReadRequest {
    /// The stored state; null when there is nothing to read.
    pub(crate) current: Value,
    /// The stored private data.
    pub(crate) private: Vec<u8>,
    /// The identity Terraform holds, when the resource has one and Terraform sent it.
    pub(crate) identity: Option<Value>,
    /// Terraform allows a deferred answer.
    pub(crate) deferral_allowed: bool,
}

/// What a read answers. Each `None` keeps what Terraform holds.
#[derive(Debug, Default)]
pub(crate) struct ReadResponse {
    /// The state read back (null: the object is gone).
    pub(crate) state: Option<Value>,
    /// The object's identity: `Some(None)` when it has none any more.
    pub(crate) identity: Option<Option<Value>>,
    /// The private data after the read.
    pub(crate) private: Option<Vec<u8>>,
    /// The read is put off to a later run (what Terraform holds stays, unless a state came
    /// back with it).
    pub(crate) deferred: Option<DeferredReason>,
    /// Errors and warnings.
    pub(crate) diagnostics: Diagnostics,
}

/// Reads the object `request` holds through `resource`.
pub(crate) async fn read<P: Provider>(
    server: &Server<P>,
    resource: Arc<dyn ResourceHandler<P>>,
    request: ReadRequest,
) -> ReadResponse {
    let mut response = ReadResponse::default();
    if request.current.is_null() {
        return response;
    }
    // The provider deferred in `configure`: nothing can be read yet, as Go's framework.
    if let Some(reason) = server.provider_deferral(request.deferral_allowed) {
        response.deferred = Some(reason);
        return response;
    }
    // What the new state's values are compared with by semantic equality: the prior state.
    let reference = resource.semantic().then(|| request.current.clone());
    let (ctx, state) = server.deferrable_context(request.private, request.deferral_allowed);
    let read = Arc::clone(&resource).read(ctx, request.current, request.identity.clone());
    let mut outcome = call::run("read", state, read).await;
    response.private = Some(std::mem::take(&mut outcome.private));
    let deferred = outcome.deferred.take();
    let (read, mut found) = outcome.split();
    response.deferred = deferral::accepted(deferred, request.deferral_allowed, "read", &mut found);
    let Some(read) = read else {
        response.diagnostics = found;
        return response;
    };
    let Some(stored) = read else {
        response.identity = Some(None);
        response.state = Some(Value::null(resource.object_type().clone()));
        response.diagnostics = found;
        return response;
    };
    let held = request.identity.as_ref();
    if let Err(error) = identity_rule(
        &*resource,
        "read",
        "Current",
        held,
        stored.identity.as_ref(),
    ) {
        found.push(error);
        response.diagnostics = found;
        return response;
    }
    response.identity = stored.identity.map(Some);
    let state = match &reference {
        Some(prior) => resource.schema().keep_equivalent(prior, stored.state),
        None => stored.state,
    };
    response.state = Some(known::checked("read", state, &mut found));
    response.diagnostics = found;
    response
}

/// ReadResource at the protocol's edge: the request decoded, [`read`], the answer encoded.
pub(super) async fn read_resource<P: Provider>(
    server: &Server<P>,
    request: pb::read_resource::Request,
) -> pb::read_resource::Response {
    // Until the provider says otherwise, the object is as stored.
    let mut response = pb::read_resource::Response {
        new_state: request.current_state.clone(),
        private: request.private.clone(),
        new_identity: request.current_identity.clone(),
        ..Default::default()
    };
    let decoded = server.resource(&request.type_name).and_then(|resource| {
        let current = decode(request.current_state.as_ref(), resource.object_type())?;
        let identity = decode_identity(&*resource, request.current_identity.as_ref())?;
        Ok((resource, current, identity))
    });
    let (resource, current, identity) = match decoded {
        Ok(decoded) => decoded,
        Err(error) => return answer(response, error.into()),
    };
    let ty = resource.object_type().clone();
    let identity_ty = resource.identity_type();
    let request = ReadRequest {
        current,
        private: request.private,
        identity,
        deferral_allowed: deferral_allowed(request.client_capabilities.as_ref()),
    };
    let read = read(server, resource, request).await;
    let mut found = read.diagnostics;
    response.deferred = deferred_to_proto(read.deferred);
    if let Some(private) = read.private {
        response.private = private;
    }
    if let Some(identity) = read.identity {
        match identity {
            None => response.new_identity = None,
            Some(identity) => {
                let data = identity_data(Some(&identity), identity_ty.as_ref());
                if let Some(data) = noted(data, &mut found) {
                    response.new_identity = data;
                }
            }
        }
    }
    if let Some(state) = read.state
        && let Some(encoded) = noted(encode(&state, &ty), &mut found)
    {
        response.new_state = Some(encoded);
    }
    answer(response, found)
}
