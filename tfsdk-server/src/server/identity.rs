//! GetResourceIdentitySchemas and UpgradeResourceIdentity: the identity schema of each resource
//! registered with one, and stored identities brought to the current identity version.

use tfsdk_core::diag::{Diagnostic, Diagnostics};

use super::{Server, call, diagnostic, diagnostics, identity_data, reported};
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
    let Some(resource) = reported(
        server.resource(&request.type_name),
        &mut response.diagnostics,
    ) else {
        return response;
    };
    let Some(schema) = resource.identity_schema() else {
        response.diagnostics = diagnostic(Diagnostic::error(
            "Unable to Upgrade Resource Identity",
            format!("The resource type {} has no identity.", request.type_name),
        ));
        return response;
    };
    let (ty, current) = (schema.ty.clone(), schema.version);
    let Some(raw) = request
        .raw_identity
        .filter(|raw| !raw.json.is_empty())
        .map(|raw| RawState::new(raw.json))
    else {
        // No stored identity: nothing to upgrade.
        return response;
    };
    if request.version > current {
        response.diagnostics = diagnostic(Diagnostic::error(
            "Unable to Upgrade Resource Identity",
            format!(
                "The identity was stored by a newer version of the provider (identity version \
                 {}; this provider knows versions up to {current}). Use that provider version \
                 or newer.",
                request.version
            ),
        ));
        return response;
    }
    let (upgraded, mut found) = if request.version == current {
        match raw.value(&ty, false) {
            Ok(value) => (Some(value), Diagnostics::new()),
            Err(mut error) => {
                error.summary = "Unable to Read Stored Resource Identity".into();
                (None, Diagnostics::from(error))
            }
        }
    } else {
        let (ctx, state) = server.context(Vec::new());
        call::run(
            "identity upgrade",
            state,
            resource.upgrade_identity(ctx, request.version, raw),
        )
        .await
        .split()
    };
    if let Some(upgraded) = upgraded {
        match identity_data(Some(&upgraded), Some(&ty)) {
            Ok(data) => response.upgraded_identity = data,
            Err(error) => found.push(error),
        }
    }
    response.diagnostics = diagnostics(&found);
    response
}
