//! MoveResourceState: a `moved` block across resource types. The target resource reads the
//! source's stored state (and identity) and returns its own; a target that does not take over
//! from that source gets Terraform's "not supported" answer.

use tfsdk_core::diag::Diagnostic;

use super::{Found, Server, answer, call, encode, identity_data, known, noted};
use crate::proto::tfplugin6 as pb;
use crate::resource::MovedState;
use crate::{Provider, RawState};

pub(super) async fn move_resource_state<P: Provider>(
    server: &Server<P>,
    request: pb::move_resource_state::Request,
) -> pb::move_resource_state::Response {
    let mut response = pb::move_resource_state::Response::default();
    let found = move_state(server, request, &mut response).await;
    answer(response, found)
}

async fn move_state<P: Provider>(
    server: &Server<P>,
    request: pb::move_resource_state::Request,
    response: &mut pb::move_resource_state::Response,
) -> Found {
    let resource = server.resource(&request.target_type_name)?;
    let state = request
        .source_state
        .filter(|raw| !raw.json.is_empty())
        .map(|raw| RawState::new(raw.json))
        .ok_or_else(|| {
            Diagnostic::error(
                "Unable to Move Resource State",
                "The source's stored state is empty or in the flatmap format of Terraform 0.11 \
                 and older, which this provider does not read.",
            )
        })?;
    let source = MovedState {
        source_provider: request.source_provider_address.clone(),
        source_type: request.source_type_name.clone(),
        source_schema_version: request.source_schema_version,
        state,
        identity: request
            .source_identity
            .filter(|raw| !raw.json.is_empty())
            .map(|raw| {
                (
                    RawState::new(raw.json),
                    request.source_identity_schema_version,
                )
            }),
    };
    let ty = resource.object_type().clone();
    let identity_ty = resource.identity_type();
    let (ctx, call_state) = server.context(request.source_private);
    let mut outcome = call::run("move", call_state, resource.move_state(ctx, source)).await;
    response.target_private = std::mem::take(&mut outcome.private);
    let (moved, mut found) = outcome.split();
    let Some(moved) = moved else {
        return Err(found);
    };
    let Some(stored) = moved else {
        found.push(Diagnostic::error(
            "Unable to Move Resource State",
            format!(
                "The resource type {} does not take over state from the resource type {} of \
                 {}. Move it to a resource type that does, or remove the moved block.",
                request.target_type_name, request.source_type_name, request.source_provider_address
            ),
        ));
        return Err(found);
    };
    let state = known::checked("move", stored.state, &mut found);
    if found.has_error() {
        return Err(found);
    }
    response.target_state = noted(encode(&state, &ty), &mut found);
    let identity = identity_data(stored.identity.as_ref(), identity_ty.as_ref());
    if let Some(identity) = noted(identity, &mut found) {
        response.target_identity = identity;
    }
    Ok(found)
}
