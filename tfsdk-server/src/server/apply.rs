//! ApplyResourceChange: create, update or delete, decided by which of the prior and planned
//! states is null; the new state must be wholly known, and comes with the object's identity
//! when the resource has one.

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::Value;

use super::{
    Server, call, decode, diagnostic, diagnostics, encode, identity_data, known, reported,
};
use crate::Provider;
use crate::proto::tfplugin6 as pb;

pub(super) async fn apply_resource_change<P: Provider>(
    server: &Server<P>,
    request: pb::apply_resource_change::Request,
) -> pb::apply_resource_change::Response {
    let mut response = pb::apply_resource_change::Response {
        private: request.planned_private.clone(),
        ..Default::default()
    };
    let Some(resource) = reported(
        server.resource(&request.type_name),
        &mut response.diagnostics,
    ) else {
        return response;
    };
    let ty = resource.object_type().clone();
    let identity_ty = resource
        .identity_schema()
        .map(|identity| identity.ty.clone());
    let decoded = decode(request.prior_state.as_ref(), &ty).and_then(|prior| {
        let planned = decode(request.planned_state.as_ref(), &ty)?;
        Ok((prior, planned))
    });
    // The configuration is decoded only if provider code asks for it.
    let config = request.config;
    let (prior, planned) = match decoded {
        Ok(values) => values,
        Err(error) => {
            response.diagnostics = diagnostic(error);
            return response;
        }
    };

    let (ctx, state) = server.context(request.planned_private);
    // What Terraform should store when the change fails: nothing was created, the object is
    // unchanged, or it was not deleted.
    let (operation, outcome, on_error) = if planned.is_null() {
        let outcome = call::run("delete", state, {
            let future = resource.delete(ctx, prior.clone());
            Box::pin(async move { future.await.map(|()| None) })
        })
        .await;
        ("delete", outcome, prior)
    } else if prior.is_null() {
        let outcome = call::run("create", state, {
            let future = resource.create(ctx, planned, config);
            Box::pin(async move { future.await.map(Some) })
        })
        .await;
        ("create", outcome, Value::null(ty.clone()))
    } else {
        let outcome = call::run("update", state, {
            let future = resource.update(ctx, prior.clone(), planned, config);
            Box::pin(async move { future.await.map(Some) })
        })
        .await;
        ("update", outcome, prior)
    };

    let mut outcome = outcome;
    response.private = std::mem::take(&mut outcome.private);
    let (new_state, mut found) = outcome.split();
    let new_state = match new_state {
        Some(Some(stored)) => {
            match identity_data(stored.identity.as_ref(), identity_ty.as_ref()) {
                Ok(identity) => response.new_identity = identity,
                Err(error) => found.push(error),
            }
            checked(operation, stored.state, &mut found)
        }
        Some(None) => Value::null(ty.clone()),
        None => {
            // The object as it was: an update keeps its identity, a failed create has none.
            if operation == "update" {
                response.new_identity = request.planned_identity;
            }
            on_error
        }
    };
    match encode(&new_state, &ty) {
        Ok(encoded) => response.new_state = Some(encoded),
        Err(error) => found.push(error),
    }
    response.diagnostics = diagnostics(&found);
    response
}

/// The new state if wholly known; otherwise errors naming the unknown attributes, and the
/// state with them null.
fn checked(operation: &str, state: Value, found: &mut Diagnostics) -> Value {
    match known::require_known(operation, state) {
        Ok(state) => state,
        Err((repaired, errors)) => {
            found.append(errors);
            repaired
        }
    }
}
