//! UpgradeResourceState: Terraform hands over the stored JSON every time it reads a state. The
//! current schema version is read directly (attributes the model dropped are ignored, as the Go
//! framework does); an older one goes through the resource's upgrade.

use tfsdk_core::diag::Diagnostic;

use super::{Server, call, diagnostic, diagnostics, encode, reported};
use crate::proto::tfplugin6 as pb;
use crate::{Provider, RawState};

pub(super) async fn upgrade_resource_state<P: Provider>(
    server: &Server<P>,
    request: pb::upgrade_resource_state::Request,
) -> pb::upgrade_resource_state::Response {
    let mut response = pb::upgrade_resource_state::Response::default();
    let Some(resource) = reported(
        server.resource(&request.type_name),
        &mut response.diagnostics,
    ) else {
        return response;
    };
    let ty = resource.object_type().clone();
    let current = resource.schema_version();
    let raw = match request.raw_state {
        Some(raw) if !raw.json.is_empty() => RawState::new(raw.json),
        Some(raw) if !raw.flatmap.is_empty() => {
            response.diagnostics = diagnostic(Diagnostic::error(
                "Unable to Upgrade Resource State",
                "The stored state is in the flatmap format of Terraform 0.11 and older, which \
                 this provider does not read. Refresh it with a Terraform version that \
                 converts it first.",
            ));
            return response;
        }
        // No stored state: nothing to upgrade.
        _ => return response,
    };

    if request.version > current {
        response.diagnostics = diagnostic(Diagnostic::error(
            "Unable to Upgrade Resource State",
            format!(
                "The state was written by a newer version of the provider (schema version {}; \
                 this provider knows versions up to {current}). Use that provider version or \
                 newer.",
                request.version
            ),
        ));
        return response;
    }
    let (upgraded, found) = if request.version == current {
        match raw.value(&ty, true) {
            Ok(value) => (Some(value), Default::default()),
            Err(error) => (None, tfsdk_core::diag::Diagnostics::from(error)),
        }
    } else {
        let (ctx, state) = server.context(Vec::new());
        call::run(
            "state upgrade",
            state,
            resource.upgrade(ctx, request.version, raw),
        )
        .await
        .split()
    };
    let mut found = found;
    if let Some(upgraded) = upgraded {
        match encode(&upgraded, &ty) {
            Ok(encoded) => response.upgraded_state = Some(encoded),
            Err(error) => found.push(error),
        }
    }
    response.diagnostics = diagnostics(&found);
    response
}
