//! ImportResourceState: `terraform import` and `import` blocks, by ID or (Terraform 1.12 and
//! newer) by identity. The resource turns either into a state, sent with its identity;
//! Terraform reads it next.

use super::{
    Server, call, decode, diagnostic, diagnostics, encode, identity_data, known, reported,
};
use crate::Provider;
use crate::proto::tfplugin6 as pb;
use crate::registry::ImportBy;

pub(super) async fn import_resource_state<P: Provider>(
    server: &Server<P>,
    request: pb::import_resource_state::Request,
) -> pb::import_resource_state::Response {
    let mut response = pb::import_resource_state::Response::default();
    let Some(resource) = reported(
        server.resource(&request.type_name),
        &mut response.diagnostics,
    ) else {
        return response;
    };
    let ty = resource.object_type().clone();
    let identity_ty = resource
        .identity_schema()
        .map(|identity| identity.ty.clone());
    let given_identity = request
        .identity
        .as_ref()
        .and_then(|identity| identity.identity_data.as_ref());
    let by = match (given_identity, &identity_ty) {
        (Some(data), Some(identity_ty)) => match decode(Some(data), identity_ty) {
            Ok(identity) => ImportBy::Identity(identity),
            Err(error) => {
                response.diagnostics = diagnostic(error);
                return response;
            }
        },
        _ => ImportBy::Id(request.id),
    };
    let (ctx, state) = server.context(Vec::new());
    let mut outcome = call::run("import", state, resource.import(ctx, by)).await;
    let private = std::mem::take(&mut outcome.private);
    let (imported, mut found) = outcome.split();
    if let Some(imported) = imported {
        match known::require_known("import", imported.state) {
            Ok(state) => {
                let encoded = encode(&state, &ty).and_then(|state| {
                    let identity = identity_data(imported.identity.as_ref(), identity_ty.as_ref())?;
                    Ok((state, identity))
                });
                match encoded {
                    Ok((state, identity)) => response.imported_resources.push(
                        pb::import_resource_state::ImportedResource {
                            type_name: request.type_name,
                            state: Some(state),
                            private,
                            identity,
                        },
                    ),
                    Err(error) => found.push(error),
                }
            }
            Err((_, errors)) => found.append(errors),
        }
    }
    response.diagnostics = diagnostics(&found);
    response
}
