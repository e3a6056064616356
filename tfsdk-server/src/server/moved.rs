//! MoveResourceState: a `moved` block across resource types. The target resource reads the
//! source's stored state (and identity) and returns its own; a target that does not take over
//! from that source gets Terraform's "not supported" answer.

use tfsdk_core::diag::Diagnostic;

use super::{Server, call, diagnostic, diagnostics, encode, identity_data, known, reported};
use crate::proto::tfplugin6 as pb;
use crate::resource::MovedState;
use crate::{Provider, RawState};

pub(super) async fn move_resource_state<P: Provider>(
    server: &Server<P>,
    request: pb::move_resource_state::Request,
) -> pb::move_resource_state::Response {
    let mut response = pb::move_resource_state::Response::default();
    let Some(resource) = reported(
        server.resource(&request.target_type_name),
        &mut response.diagnostics,
    ) else {
        return response;
    };
    let Some(state) = request
        .source_state
        .filter(|raw| !raw.json.is_empty())
        .map(|raw| RawState::new(raw.json))
    else {
        response.diagnostics = diagnostic(Diagnostic::error(
            "Unable to Move Resource State",
            "The source's stored state is empty or in the flatmap format of Terraform 0.11 and \
             older, which this provider does not read.",
        ));
        return response;
    };
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
    let identity_ty = resource
        .identity_schema()
        .map(|identity| identity.ty.clone());
    let (ctx, call_state) = server.context(request.source_private);
    let mut outcome = call::run("move", call_state, resource.move_state(ctx, source)).await;
    response.target_private = std::mem::take(&mut outcome.private);
    let (moved, mut found) = outcome.split();
    match moved {
        Some(Some(stored)) => match known::require_known("move", stored.state) {
            Ok(state) => {
                match encode(&state, &ty) {
                    Ok(encoded) => response.target_state = Some(encoded),
                    Err(error) => found.push(error),
                }
                match identity_data(stored.identity.as_ref(), identity_ty.as_ref()) {
                    Ok(identity) => response.target_identity = identity,
                    Err(error) => found.push(error),
                }
            }
            Err((_, errors)) => found.append(errors),
        },
        Some(None) => found.push(Diagnostic::error(
            "Unable to Move Resource State",
            format!(
                "The resource type {} does not take over state from the resource type {} of \
                 {}. Move it to a resource type that does, or remove the moved block.",
                request.target_type_name, request.source_type_name, request.source_provider_address
            ),
        )),
        None => {}
    }
    response.diagnostics = diagnostics(&found);
    response
}
