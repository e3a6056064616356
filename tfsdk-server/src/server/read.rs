//! ReadResource (refresh): the stored state read into the model, the provider's read, the
//! result back with the object's identity; `None` from the provider removes the resource from
//! the state.

use tfsdk_core::tftypes::Value;

use super::{
    Server, call, decode, diagnostic, diagnostics, encode, identity_data, known, reported,
};
use crate::Provider;
use crate::proto::tfplugin6 as pb;

pub(super) async fn read_resource<P: Provider>(
    server: &Server<P>,
    request: pb::read_resource::Request,
) -> pb::read_resource::Response {
    let mut response = pb::read_resource::Response {
        new_state: request.current_state.clone(),
        private: request.private.clone(),
        new_identity: request.current_identity.clone(),
        ..Default::default()
    };
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
    let current = match decode(request.current_state.as_ref(), &ty) {
        Ok(current) if current.is_null() => return response,
        Ok(current) => current,
        Err(error) => {
            response.diagnostics = diagnostic(error);
            return response;
        }
    };
    let (ctx, state) = server.context(request.private);
    let mut outcome = call::run("read", state, resource.read(ctx, current)).await;
    response.private = std::mem::take(&mut outcome.private);
    let (read, mut found) = outcome.split();
    if let Some(read) = read {
        let new_state = match read {
            Some(stored) => {
                match identity_data(stored.identity.as_ref(), identity_ty.as_ref()) {
                    Ok(identity) => response.new_identity = identity,
                    Err(error) => found.push(error),
                }
                match known::require_known("read", stored.state) {
                    Ok(state) => state,
                    Err((repaired, errors)) => {
                        found.append(errors);
                        repaired
                    }
                }
            }
            None => {
                response.new_identity = None;
                Value::null(ty.clone())
            }
        };
        match encode(&new_state, &ty) {
            Ok(encoded) => response.new_state = Some(encoded),
            Err(error) => found.push(error),
        }
    }
    response.diagnostics = diagnostics(&found);
    response
}
