//! GetResourceIdentitySchemas and UpgradeResourceIdentity: the identity schema of each resource
//! registered with one, and stored identities brought to the current identity version.

use std::sync::Arc;

use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::tftypes::Value;

use super::{Server, answer, call, identity_data, noted};
use crate::proto::tfplugin6 as pb;
use crate::registry::ResourceHandler;
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

/// Brings `raw`, an identity stored with identity `version`, to `resource`'s current identity
/// schema: `Ok(None)` when the resource has no identity.
pub(crate) async fn upgrade_identity<P: Provider>(
    server: &Server<P>,
    resource: Arc<dyn ResourceHandler<P>>,
    version: i64,
    raw: RawState,
) -> (Option<Value>, Diagnostics) {
    let Some(schema) = resource.identity_schema() else {
        return (None, Diagnostics::new());
    };
    let (ty, current) = (schema.ty.clone(), schema.version);
    if version > current {
        let error = Diagnostic::error(
            "Unable to Upgrade Resource Identity",
            format!(
                "The identity was stored by a newer version of the provider (identity version \
                 {version}; this provider knows versions up to {current}). Use that provider \
                 version or newer."
            ),
        );
        return (None, error.into());
    }
    if version == current {
        return match raw.value(&ty, false) {
            Ok(value) => (Some(value), Diagnostics::new()),
            Err(mut error) => {
                error.summary = "Unable to Read Stored Resource Identity".into();
                (None, error.into())
            }
        };
    }
    let (ctx, state) = server.context(Vec::new());
    let upgrade = Arc::clone(&resource).upgrade_identity(ctx, version, raw);
    call::run("identity upgrade", state, upgrade).await.split()
}

/// UpgradeResourceIdentity at the protocol's edge: the stored JSON taken, [`upgrade_identity`],
/// the answer encoded.
pub(super) async fn upgrade_resource_identity<P: Provider>(
    server: &Server<P>,
    request: pb::upgrade_resource_identity::Request,
) -> pb::upgrade_resource_identity::Response {
    let mut response = pb::upgrade_resource_identity::Response::default();
    let resource =
        server
            .resource(&request.type_name)
            .and_then(|resource| match resource.identity_schema() {
                Some(_) => Ok(resource),
                None => Err(Diagnostic::error(
                    "Unable to Upgrade Resource Identity",
                    format!("The resource type {} has no identity.", request.type_name),
                )),
            });
    let resource = match resource {
        Ok(resource) => resource,
        Err(error) => return answer(response, error.into()),
    };
    let Some(raw) = (request.raw_identity)
        .filter(|raw| !raw.json.is_empty())
        .map(|raw| RawState::new(raw.json))
    else {
        // No stored identity: nothing to upgrade.
        return answer(response, Diagnostics::new());
    };
    let identity_ty = resource.identity_type();
    let (upgraded, mut found) = upgrade_identity(server, resource, request.version, raw).await;
    if let Some(upgraded) = upgraded
        && let Some(data) = noted(
            identity_data(Some(&upgraded), identity_ty.as_ref()),
            &mut found,
        )
    {
        response.upgraded_identity = data;
    }
    answer(response, found)
}
