//! ApplyResourceChange: create, update or delete, decided by which of the prior and planned
//! states is null; the new state must be wholly known, and comes with the object's identity
//! when the resource has one.

use std::sync::Arc;

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::Value;

use super::{
    Found, Server, answer, call, decode, encode, identity_change, identity_data, known, noted,
};
use crate::Provider;
use crate::call::BoxFuture;
use crate::proto::tfplugin6 as pb;
use crate::registry::Applied;
use crate::wire::dynamic_value::Undecoded;

/// The change an apply makes, by which of the prior and planned states is null.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Change {
    /// No prior state: the object is made.
    Create,
    /// Both states: the object changes.
    Update,
    /// No planned state: the object goes.
    Delete,
}

impl Change {
    /// The change from `prior` to `planned` (a null value for none).
    pub(crate) fn of(prior: &Value, planned: &Value) -> Change {
        if planned.is_null() {
            Change::Delete
        } else if prior.is_null() {
            Change::Create
        } else {
            Change::Update
        }
    }

    /// The provider call's name, for diagnostics.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Change::Create => "create",
            Change::Update => "update",
            Change::Delete => "delete",
        }
    }
}

pub(super) async fn apply_resource_change<P: Provider>(
    server: &Server<P>,
    request: pb::apply_resource_change::Request,
) -> pb::apply_resource_change::Response {
    let mut response = pb::apply_resource_change::Response {
        private: request.planned_private.clone(),
        ..Default::default()
    };
    let found = apply(server, request, &mut response).await;
    answer(response, found)
}

async fn apply<P: Provider>(
    server: &Server<P>,
    request: pb::apply_resource_change::Request,
    response: &mut pb::apply_resource_change::Response,
) -> Found {
    let resource = server.resource(&request.type_name)?;
    let ty = resource.object_type().clone();
    let identity_ty = resource.identity_type();
    let prior = decode(request.prior_state.as_ref(), &ty)?;
    let planned = decode(request.planned_state.as_ref(), &ty)?;
    // The configuration is decoded only if provider code asks for it.
    let config = Undecoded::new(request.config);
    let change = Change::of(&prior, &planned);

    // What a new state's values are compared with by semantic equality: the plan.
    let reference = resource.semantic().then(|| planned.clone());
    let (ctx, state) = server.context(request.planned_private);
    let future: BoxFuture<Result<Option<Applied>, Diagnostics>> = match change {
        Change::Delete => {
            let future = Arc::clone(&resource).delete(ctx, prior.clone());
            Box::pin(async move { future.await.map(|()| None) })
        }
        Change::Create => {
            let future = Arc::clone(&resource).create(ctx, planned, config);
            Box::pin(async move { future.await.map(Some) })
        }
        Change::Update => {
            let future = Arc::clone(&resource).update(ctx, prior.clone(), planned, config);
            Box::pin(async move { future.await.map(Some) })
        }
    };
    let mut outcome = call::run(change.name(), state, future).await;
    // What Terraform should store when the change fails: nothing was created, the object is
    // unchanged, or it was not deleted.
    let on_error = match change {
        Change::Create => Value::null(ty.clone()),
        Change::Update | Change::Delete => prior,
    };
    let operation = change.name();

    response.private = std::mem::take(&mut outcome.private);
    let (new_state, mut found) = outcome.split();
    let new_state = match new_state {
        Some(Some(Applied { stored, errors })) => {
            // A failure that made part of the change: its state is stored (after a create,
            // Terraform taints it), its unknown values null.
            let partial = errors.has_error();
            found.append(errors);
            let held = request.planned_identity.as_ref();
            let new = stored.identity.as_ref();
            let identity = match change {
                Change::Update => identity_change("update", &*resource, held, "Planned", new)
                    .map_err(|error| found.push(error))
                    .ok()
                    .and_then(|()| noted(identity_data(new, identity_ty.as_ref()), &mut found)),
                _ => noted(identity_data(new, identity_ty.as_ref()), &mut found),
            };
            // A changed identity is refused: the object keeps the one Terraform holds.
            response.new_identity = identity.unwrap_or_else(|| request.planned_identity.clone());
            let state = match &reference {
                Some(planned) => resource.schema().keep_equivalent(planned, stored.state),
                None => stored.state,
            };
            if partial {
                known::require_known(operation, state).unwrap_or_else(|(repaired, _)| repaired)
            } else {
                known::checked(operation, state, &mut found)
            }
        }
        Some(None) => Value::null(ty.clone()),
        None => {
            // The object as it was: an update keeps its identity, a failed create has none.
            if change == Change::Update {
                response.new_identity = request.planned_identity;
            }
            on_error
        }
    };
    response.new_state = noted(encode(&new_state, &ty), &mut found);
    Ok(found)
}
