//! GetResourceIdentitySchemas and UpgradeResourceIdentity: the identity schema of each resource
//! registered with one, and stored identities brought to the current identity version.

use tfsdk_core::diag::{Diagnostic, Diagnostics};

use super::{Found, Server, answer, call, identity_data, noted};
use crate::proto::tfplugin6 as pb;
use crate::{Provider, RawState};

pub(super) fn identity_schemas<P: Provider>(
    server: &Server<P>,
) -> pb::get_resource_identity_schemas::Response {
    pb::get_resource_identity_schemas::Response {
        identity_schemas: server
            .registry
            .resources
            .iter()
            .filter_map(|(name, resource)| {
                let identity = resource.handler.identity_schema()?;
                Some((
                    (*name).to_owned(),
                    crate::wire::schema::identity_schema_to_proto(
                        identity.schema,
                        identity.version,
                    ),
                ))
            })
            .collect(),
        diagnostics: Vec::new(),
    }
}

pub(super) async fn upgrade_resource_identity<P: Provider>(
    server: &Server<P>,
    request: pb::upgrade_resource_identity::Request,
) -> pb::upgrade_resource_identity::Response {
    let mut response = pb::upgrade_resource_identity::Response::default();
    let found = upgrade(server, request, &mut response).await;
    answer(response, found)
}

async fn upgrade<P: Provider>(
    server: &Server<P>,
    request: pb::upgrade_resource_identity::Request,
    response: &mut pb::upgrade_resource_identity::Response,
) -> Found {
    let resource = server.resource(&request.type_name)?;
    let schema = resource.identity_schema().ok_or_else(|| {
        Diagnostic::error(
            "Unable to Upgrade Resource Identity",
            format!("The resource type {} has no identity.", request.type_name),
        )
    })?;
    let (ty, current) = (schema.ty.clone(), schema.version);
    let Some(raw) = request
        .raw_identity
        .filter(|raw| !raw.json.is_empty())
        .map(|raw| RawState::new(raw.json))
    else {
        // No stored identity: nothing to upgrade.
        return Ok(Diagnostics::new());
    };
    if request.version > current {
        Err(Diagnostic::error(
            "Unable to Upgrade Resource Identity",
            format!(
                "The identity was stored by a newer version of the provider (identity version \
                 {}; this provider knows versions up to {current}). Use that provider version \
                 or newer.",
                request.version
            ),
        ))?;
    }
    let (upgraded, mut found) = if request.version == current {
        let value = raw.value(&ty, false).map_err(|mut error| {
            error.summary = "Unable to Read Stored Resource Identity".into();
            error
        })?;
        (Some(value), Diagnostics::new())
    } else {
        let (ctx, state) = server.context(Vec::new());
        let upgrade = resource.upgrade_identity(ctx, request.version, raw);
        call::run("identity upgrade", state, upgrade).await.split()
    };
    if let Some(upgraded) = upgraded
        && let Some(data) = noted(identity_data(Some(&upgraded), Some(&ty)), &mut found)
    {
        response.upgraded_identity = data;
    }
    Ok(found)
}
