//! ReadResource (refresh): the stored state read into the model, the provider's read, the
//! result back with the object's identity; `None` from the provider removes the resource from
//! the state.

use std::sync::Arc;

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::Value;

use super::{
    Found, Server, answer, call, decode, encode, identity_change, identity_data, known, noted,
};
use crate::Provider;
use crate::proto::tfplugin6 as pb;

pub(super) async fn read_resource<P: Provider>(
    server: &Server<P>,
    request: pb::read_resource::Request,
) -> pb::read_resource::Response {
    // Until the provider says otherwise, the object is as stored.
    let mut response = pb::read_resource::Response {
        new_state: request.current_state.clone(),
        private: request.private.clone(),
        new_identity: request.current_identity.clone(),
        ..Default::default()
    };
    let found = read(server, request, &mut response).await;
    answer(response, found)
}

async fn read<P: Provider>(
    server: &Server<P>,
    request: pb::read_resource::Request,
    response: &mut pb::read_resource::Response,
) -> Found {
    let resource = server.resource(&request.type_name)?;
    let ty = resource.object_type().clone();
    let identity_ty = resource.identity_type();
    let current = decode(request.current_state.as_ref(), &ty)?;
    if current.is_null() {
        return Ok(Diagnostics::new());
    }
    // What the new state's values are compared with by semantic equality: the prior state.
    let reference = resource.semantic().then(|| current.clone());
    let (ctx, state) = server.context(request.private);
    let mut outcome = call::run("read", state, Arc::clone(&resource).read(ctx, current)).await;
    response.private = std::mem::take(&mut outcome.private);
    let (read, mut found) = outcome.split();
    let Some(read) = read else {
        return Err(found);
    };
    let new_state = match read {
        Some(stored) => {
            let held = request.current_identity.as_ref();
            let change = identity_change(
                "read",
                &*resource,
                held,
                "Current",
                stored.identity.as_ref(),
            );
            if let Err(error) = change {
                found.push(error);
                return Err(found);
            }
            let identity = identity_data(stored.identity.as_ref(), identity_ty.as_ref());
            if let Some(identity) = noted(identity, &mut found) {
                response.new_identity = identity;
            }
            let state = match &reference {
                Some(prior) => resource.schema().keep_equivalent(prior, stored.state),
                None => stored.state,
            };
            known::checked("read", state, &mut found)
        }
        None => {
            response.new_identity = None;
            Value::null(ty.clone())
        }
    };
    if let Some(encoded) = noted(encode(&new_state, &ty), &mut found) {
        response.new_state = Some(encoded);
    }
    Ok(found)
}
