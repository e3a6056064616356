//! MoveResourceState: a `moved` block across resource types. The target resource reads the
//! source's stored state (and identity) and returns its own; a target that does not take over
//! from that source gets Terraform's "not supported" answer.

use std::sync::Arc;

use tfsdk_core::diag::{Diagnostic, Diagnostics};

use super::{Server, answer, call, encode, identity_data, known, noted};
use crate::proto::tfplugin6 as pb;
use crate::registry::{ResourceHandler, Stored};
use crate::resource::MovedState;
use crate::{Provider, RawState};

/// What a move answers.
#[derive(Debug, Default)]
pub(crate) struct MoveResponse {
    /// The target's state (wholly known) and identity; `None` when the move failed.
    pub(crate) moved: Option<Stored>,
    /// The private data the move left.
    pub(crate) private: Vec<u8>,
    /// Errors and warnings.
    pub(crate) diagnostics: Diagnostics,
}

/// Moves `source` (with the private data it had) into `resource`, the target.
pub(crate) async fn move_state<P: Provider>(
    server: &Server<P>,
    resource: Arc<dyn ResourceHandler<P>>,
    target_type: &str,
    source: MovedState,
    private: Vec<u8>,
) -> MoveResponse {
    let refusal = Diagnostic::error(
        "Unable to Move Resource State",
        format!(
            "The resource type {target_type} does not take over state from the resource type \
             {} of {}. Move it to a resource type that does, or remove the moved block.",
            source.source_type, source.source_provider
        ),
    );
    let (ctx, call_state) = server.context(private);
    let mut outcome = call::run("move", call_state, resource.move_state(ctx, source)).await;
    let private = std::mem::take(&mut outcome.private);
    let (moved, mut found) = outcome.split();
    let moved = match moved {
        Some(Some(mut stored)) => {
            stored.state = known::checked("move", stored.state, &mut found);
            (!found.has_error()).then_some(stored)
        }
        Some(None) => {
            found.push(refusal);
            None
        }
        None => None,
    };
    MoveResponse {
        moved,
        private,
        diagnostics: found,
    }
}

/// The source of a move as the request gives it; an error for a state this provider cannot
/// read.
fn moved_state(request: &mut pb::move_resource_state::Request) -> Result<MovedState, Diagnostic> {
    let state = (request.source_state.take())
        .filter(|raw| !raw.json.is_empty())
        .map(|raw| RawState::new(raw.json))
        .ok_or_else(|| {
            Diagnostic::error(
                "Unable to Move Resource State",
                "The source's stored state is empty or in the flatmap format of Terraform 0.11 \
                 and older, which this provider does not read.",
            )
        })?;
    let identity_version = request.source_identity_schema_version;
    Ok(MovedState {
        source_provider: request.source_provider_address.clone(),
        source_type: request.source_type_name.clone(),
        source_schema_version: request.source_schema_version,
        state,
        identity: (request.source_identity.take())
            .filter(|raw| !raw.json.is_empty())
            .map(|raw| (RawState::new(raw.json), identity_version)),
    })
}

/// MoveResourceState at the protocol's edge: the request decoded, [`move_state`], the answer
/// encoded.
pub(super) async fn move_resource_state<P: Provider>(
    server: &Server<P>,
    mut request: pb::move_resource_state::Request,
) -> pb::move_resource_state::Response {
    let mut response = pb::move_resource_state::Response::default();
    let decoded = server
        .resource(&request.target_type_name)
        .and_then(|resource| Ok((resource, moved_state(&mut request)?)));
    let (resource, source) = match decoded {
        Ok(decoded) => decoded,
        Err(error) => return answer(response, error.into()),
    };
    let ty = resource.object_type().clone();
    let identity_ty = resource.identity_type();
    let private = std::mem::take(&mut request.source_private);
    let moved = move_state(server, resource, &request.target_type_name, source, private).await;
    let mut found = moved.diagnostics;
    response.target_private = moved.private;
    if let Some(stored) = moved.moved {
        response.target_state = noted(encode(&stored.state, &ty), &mut found);
        let identity = identity_data(stored.identity.as_ref(), identity_ty.as_ref());
        if let Some(identity) = noted(identity, &mut found) {
            response.target_identity = identity;
        }
    }
    answer(response, found)
}
