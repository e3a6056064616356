//! UpgradeResourceState: Terraform hands over the stored JSON every time it reads a state. The
//! current schema version is read directly (attributes the model dropped are ignored, as the Go
//! framework does); an older one goes through the resource's upgrade.

use std::sync::Arc;

use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::tftypes::Value;

use super::{Server, answer, call, encode, noted};
use crate::proto::tfplugin6 as pb;
use crate::registry::ResourceHandler;
use crate::{Provider, RawState};

/// What an upgrade answers.
#[derive(Debug, Default)]
pub(crate) struct UpgradeResponse {
    /// The state in the current schema; `None` when nothing was stored or the upgrade failed.
    pub(crate) upgraded: Option<Value>,
    /// Errors and warnings.
    pub(crate) diagnostics: Diagnostics,
}

/// Brings `raw`, stored with schema `version`, to `resource`'s current schema.
pub(crate) async fn upgrade<P: Provider>(
    server: &Server<P>,
    resource: Arc<dyn ResourceHandler<P>>,
    version: i64,
    raw: RawState,
) -> UpgradeResponse {
    let ty = resource.object_type().clone();
    let current = resource.schema_version();
    if version > current {
        return UpgradeResponse {
            upgraded: None,
            diagnostics: Diagnostic::error(
                "Unable to Upgrade Resource State",
                format!(
                    "The state was written by a newer version of the provider (schema version \
                     {version}; this provider knows versions up to {current}). Use that \
                     provider version or newer."
                ),
            )
            .into(),
        };
    }
    let (upgraded, diagnostics) = if version == current {
        match raw.value(&ty, true) {
            Ok(value) => (Some(value), Diagnostics::new()),
            Err(error) => (None, error.into()),
        }
    } else {
        let (ctx, state) = server.context(Vec::new());
        let upgrade = resource.upgrade(ctx, version, raw);
        call::run("state upgrade", state, upgrade).await.split()
    };
    UpgradeResponse {
        upgraded,
        diagnostics,
    }
}

/// UpgradeResourceState at the protocol's edge: the stored JSON taken (flatmap refused),
/// [`upgrade`], the answer encoded.
pub(super) async fn upgrade_resource_state<P: Provider>(
    server: &Server<P>,
    request: pb::upgrade_resource_state::Request,
) -> pb::upgrade_resource_state::Response {
    let mut response = pb::upgrade_resource_state::Response::default();
    let resource = match server.resource(&request.type_name) {
        Ok(resource) => resource,
        Err(error) => return answer(response, error.into()),
    };
    let raw = match request.raw_state {
        Some(raw) if !raw.json.is_empty() => RawState::new(raw.json),
        Some(raw) if !raw.flatmap.is_empty() => {
            let error = Diagnostic::error(
                "Unable to Upgrade Resource State",
                "The stored state is in the flatmap format of Terraform 0.11 and older, which \
                 this provider does not read. Refresh it with a Terraform version that converts \
                 it first.",
            );
            return answer(response, error.into());
        }
        // No stored state: nothing to upgrade.
        _ => return answer(response, Diagnostics::new()),
    };
    let ty = resource.object_type().clone();
    let upgraded = upgrade(server, resource, request.version, raw).await;
    let mut found = upgraded.diagnostics;
    if let Some(upgraded) = upgraded.upgraded {
        response.upgraded_state = noted(encode(&upgraded, &ty), &mut found);
    }
    answer(response, found)
}
