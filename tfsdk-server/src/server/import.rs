//! ImportResourceState: `terraform import` and `import` blocks. The resource turns the id into
//! a state; Terraform reads it next.

use super::{Server, call, diagnostic, diagnostics, encode, known};
use crate::Provider;
use crate::proto::tfplugin6 as pb;

pub(super) async fn import_resource_state<P: Provider>(
    server: &Server<P>,
    request: pb::import_resource_state::Request,
) -> pb::import_resource_state::Response {
    let mut response = pb::import_resource_state::Response::default();
    let resource = match server.resource(&request.type_name) {
        Ok(resource) => resource,
        Err(error) => {
            response.diagnostics = diagnostic(error);
            return response;
        }
    };
    let ty = resource.object_type().clone();
    let (ctx, state) = server.context(Vec::new());
    let mut outcome = call::run("import", state, resource.import(ctx, request.id)).await;
    let private = std::mem::take(&mut outcome.private);
    let (imported, mut found) = outcome.split();
    if let Some(imported) = imported {
        match known::require_known("import", imported) {
            Ok(imported) => {
                match encode(&imported, &ty) {
                    Ok(state) => response.imported_resources.push(
                        pb::import_resource_state::ImportedResource {
                            type_name: request.type_name,
                            state: Some(state),
                            private,
                            ..Default::default()
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
