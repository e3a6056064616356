//! ImportResourceState: `terraform import` and `import` blocks, by ID or (Terraform 1.12 and
//! newer) by identity. The resource turns either into a state, sent with its identity;
//! Terraform reads it next.

use super::{Found, Server, answer, call, decode, encode, identity_data, known};
use crate::Provider;
use crate::proto::tfplugin6 as pb;
use crate::registry::ImportBy;

pub(super) async fn import_resource_state<P: Provider>(
    server: &Server<P>,
    request: pb::import_resource_state::Request,
) -> pb::import_resource_state::Response {
    let mut response = pb::import_resource_state::Response::default();
    let found = import(server, request, &mut response).await;
    answer(response, found)
}

async fn import<P: Provider>(
    server: &Server<P>,
    request: pb::import_resource_state::Request,
    response: &mut pb::import_resource_state::Response,
) -> Found {
    let resource = server.resource(&request.type_name)?;
    let ty = resource.object_type().clone();
    let identity_ty = resource.identity_type();
    let given_identity = request
        .identity
        .as_ref()
        .and_then(|identity| identity.identity_data.as_ref());
    let by = match (given_identity, &identity_ty) {
        (Some(data), Some(identity_ty)) => ImportBy::Identity(decode(Some(data), identity_ty)?),
        _ => ImportBy::Id(request.id),
    };
    let (ctx, state) = server.context(Vec::new());
    let mut outcome = call::run("import", state, resource.import(ctx, by)).await;
    let private = std::mem::take(&mut outcome.private);
    let (imported, mut found) = outcome.split();
    let Some(imported) = imported else {
        return Err(found);
    };
    let state = known::checked("import", imported.state, &mut found);
    if found.has_error() {
        return Err(found);
    }
    let encoded = encode(&state, &ty).and_then(|state| {
        Ok((
            state,
            identity_data(imported.identity.as_ref(), identity_ty.as_ref())?,
        ))
    });
    match encoded {
        Ok((state, identity)) => {
            response
                .imported_resources
                .push(pb::import_resource_state::ImportedResource {
                    type_name: request.type_name,
                    state: Some(state),
                    private,
                    identity,
                });
        }
        Err(error) => found.push(error),
    }
    Ok(found)
}
