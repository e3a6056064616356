//! UpgradeResourceState: Terraform hands over the stored JSON every time it reads a state. The
//! current schema version is read directly (attributes the model dropped are ignored, as the Go
//! framework does); an older one goes through the resource's upgrade.

use tfsdk_core::diag::{Diagnostic, Diagnostics};

use super::{Found, Server, answer, call, encode};
use crate::proto::tfplugin6 as pb;
use crate::{Provider, RawState};

pub(super) async fn upgrade_resource_state<P: Provider>(
    server: &Server<P>,
    request: pb::upgrade_resource_state::Request,
) -> pb::upgrade_resource_state::Response {
    let mut response = pb::upgrade_resource_state::Response::default();
    let found = upgrade(server, request, &mut response).await;
    answer(response, found)
}

async fn upgrade<P: Provider>(
    server: &Server<P>,
    request: pb::upgrade_resource_state::Request,
    response: &mut pb::upgrade_resource_state::Response,
) -> Found {
    let resource = server.resource(&request.type_name)?;
    let ty = resource.object_type().clone();
    let current = resource.schema_version();
    let raw = match request.raw_state {
        Some(raw) if !raw.json.is_empty() => RawState::new(raw.json),
        Some(raw) if !raw.flatmap.is_empty() => Err(Diagnostic::error(
            "Unable to Upgrade Resource State",
            "The stored state is in the flatmap format of Terraform 0.11 and older, which this \
             provider does not read. Refresh it with a Terraform version that converts it first.",
        ))?,
        // No stored state: nothing to upgrade.
        _ => return Ok(Diagnostics::new()),
    };
    if request.version > current {
        Err(Diagnostic::error(
            "Unable to Upgrade Resource State",
            format!(
                "The state was written by a newer version of the provider (schema version {}; \
                 this provider knows versions up to {current}). Use that provider version or \
                 newer.",
                request.version
            ),
        ))?;
    }
    let (upgraded, mut found) = if request.version == current {
        (Some(raw.value(&ty, true)?), Diagnostics::new())
    } else {
        let (ctx, state) = server.context(Vec::new());
        let upgrade = resource.upgrade(ctx, request.version, raw);
        call::run("state upgrade", state, upgrade).await.split()
    };
    if let Some(upgraded) = upgraded {
        response.upgraded_state = super::noted(encode(&upgraded, &ty), &mut found);
    }
    Ok(found)
}
