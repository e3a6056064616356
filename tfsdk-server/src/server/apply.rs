//! ApplyResourceChange: create, update or delete, decided by which of the prior and planned
//! states is null; the new state must be wholly known, and comes with the object's identity
//! when the resource has one.

use std::sync::Arc;

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::Value;

use super::{
    Server, answer, call, decode, decode_identity, encode, identity_data, identity_rule, known,
    noted,
};
use crate::Provider;
use crate::call::BoxFuture;
use crate::proto::tfplugin6 as pb;
use crate::registry::{Applied, ResourceHandler};
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

/// An apply, as the server's core takes it.
pub(crate) struct ApplyRequest {
    /// The state before the change (null on create).
    pub(crate) prior: Value,
    /// The planned state (null on delete).
    pub(crate) planned: Value,
    /// The configuration, decoded only if provider code asks for it.
    pub(crate) config: Undecoded,
    /// The private data the plan left.
    pub(crate) private: Vec<u8>,
    /// The identity Terraform planned, when the resource has one.
    pub(crate) planned_identity: Option<Value>,
}

/// The identity an answer gives the object.
#[derive(Debug, PartialEq)]
pub(crate) enum IdentityAnswer {
    /// The one Terraform holds (planned), kept.
    Held,
    /// This one (`None`: the object has none).
    New(Option<Value>),
}

/// What an apply answers.
#[derive(Debug)]
pub(crate) struct ApplyResponse {
    /// The state to store: the new one, or what Terraform should keep when the change failed.
    pub(crate) state: Value,
    /// The object's identity.
    pub(crate) identity: IdentityAnswer,
    /// The private data after the call.
    pub(crate) private: Vec<u8>,
    /// Errors and warnings.
    pub(crate) diagnostics: Diagnostics,
}

/// Makes the change `request` plans through `resource`: create, update or delete.
pub(crate) async fn apply<P: Provider>(
    server: &Server<P>,
    resource: Arc<dyn ResourceHandler<P>>,
    request: ApplyRequest,
) -> ApplyResponse {
    let ty = resource.object_type().clone();
    let ApplyRequest {
        prior,
        planned,
        config,
        private,
        planned_identity,
    } = request;
    let change = Change::of(&prior, &planned);
    // What a new state's values are compared with by semantic equality: the plan.
    let reference = resource.semantic().then(|| planned.clone());
    let (ctx, state) = server.context(private);
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
    let private = std::mem::take(&mut outcome.private);
    let (applied, mut found) = outcome.split();
    let (state, identity) = match applied {
        Some(Some(Applied { stored, errors })) => {
            // A failure that made part of the change: its state is stored (after a create,
            // Terraform taints it), its unknown values null.
            let partial = errors.has_error();
            found.append(errors);
            let new = stored.identity;
            let rule = match change {
                Change::Update => identity_rule(
                    &*resource,
                    "update",
                    "Planned",
                    planned_identity.as_ref(),
                    new.as_ref(),
                ),
                Change::Create | Change::Delete => Ok(()),
            };
            // A changed identity is refused: the object keeps the one Terraform holds.
            let identity = match rule {
                Ok(()) => IdentityAnswer::New(new),
                Err(error) => {
                    found.push(error);
                    IdentityAnswer::Held
                }
            };
            let state = match &reference {
                Some(planned) => resource.schema().keep_equivalent(planned, stored.state),
                None => stored.state,
            };
            let state = if partial {
                known::unknowns_to_null(state)
            } else {
                known::checked(change.name(), state, &mut found)
            };
            (state, identity)
        }
        Some(None) => (Value::null(ty), IdentityAnswer::New(None)),
        // What Terraform should store when the change fails: nothing was created (and there
        // is no identity), the object is unchanged (with its identity), or it was not deleted.
        None => match change {
            Change::Create => (Value::null(ty), IdentityAnswer::New(None)),
            Change::Update => (prior, IdentityAnswer::Held),
            Change::Delete => (prior, IdentityAnswer::New(None)),
        },
    };
    ApplyResponse {
        state,
        identity,
        private,
        diagnostics: found,
    }
}

/// ApplyResourceChange at the protocol's edge: the request decoded, [`apply`], the answer
/// encoded.
pub(super) async fn apply_resource_change<P: Provider>(
    server: &Server<P>,
    request: pb::apply_resource_change::Request,
) -> pb::apply_resource_change::Response {
    let response = pb::apply_resource_change::Response {
        private: request.planned_private.clone(),
        ..Default::default()
    };
    let decoded = server.resource(&request.type_name).and_then(|resource| {
        let ty = resource.object_type();
        let prior = decode(request.prior_state.as_ref(), ty)?;
        let planned = decode(request.planned_state.as_ref(), ty)?;
        let identity = decode_identity(&*resource, request.planned_identity.as_ref())?;
        Ok((resource, prior, planned, identity))
    });
    let (resource, prior, planned, planned_identity) = match decoded {
        Ok(decoded) => decoded,
        Err(error) => return answer(response, error.into()),
    };
    let ty = resource.object_type().clone();
    let identity_ty = resource.identity_type();
    let typed = ApplyRequest {
        prior,
        planned,
        config: Undecoded::new(request.config),
        private: request.planned_private,
        planned_identity,
    };
    let applied = apply(server, resource, typed).await;
    let mut found = applied.diagnostics;
    let held = request.planned_identity;
    let new_identity = match applied.identity {
        IdentityAnswer::Held => held,
        IdentityAnswer::New(new) => noted(
            identity_data(new.as_ref(), identity_ty.as_ref()),
            &mut found,
        )
        .unwrap_or(held),
    };
    let response = pb::apply_resource_change::Response {
        new_state: noted(encode(&applied.state, &ty), &mut found),
        private: applied.private,
        new_identity,
        ..response
    };
    answer(response, found)
}
