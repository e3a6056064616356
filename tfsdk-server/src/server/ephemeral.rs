//! ValidateEphemeralResourceConfig, OpenEphemeralResource, RenewEphemeralResource and
//! CloseEphemeralResource: an ephemeral resource's life in one Terraform run, its private
//! state carried from open to renew and close.

use std::time::SystemTime;

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::Value;

use super::{Found, Server, answer, call, decode, encode, known, noted};
use crate::Provider;
use crate::proto::tfplugin6 as pb;

pub(super) fn validate<P: Provider>(
    server: &Server<P>,
    request: pb::validate_ephemeral_resource_config::Request,
) -> pb::validate_ephemeral_resource_config::Response {
    let found = server
        .ephemeral_resource(&request.type_name)
        .and_then(|ephemeral| {
            let config = decode(request.config.as_ref(), ephemeral.object_type())?;
            Ok(ephemeral.validate(config))
        })
        .map_err(Diagnostics::from);
    answer(Default::default(), found)
}

fn timestamp(at: Option<SystemTime>) -> Option<prost_types::Timestamp> {
    at.map(prost_types::Timestamp::from)
}

pub(super) async fn open<P: Provider>(
    server: &Server<P>,
    request: pb::open_ephemeral_resource::Request,
) -> pb::open_ephemeral_resource::Response {
    let mut response = pb::open_ephemeral_resource::Response::default();
    let found = open_with(server, request, &mut response).await;
    answer(response, found)
}

async fn open_with<P: Provider>(
    server: &Server<P>,
    request: pb::open_ephemeral_resource::Request,
    response: &mut pb::open_ephemeral_resource::Response,
) -> Found {
    let ephemeral = server.ephemeral_resource(&request.type_name)?;
    let ty = ephemeral.object_type().clone();
    let config = decode(request.config.as_ref(), &ty)?;
    // Terraform opens an ephemeral resource once its configuration is known; should it ask
    // earlier, the result is not known either.
    if !config.is_wholly_known() {
        response.result = Some(encode(&Value::unknown(ty.clone()), &ty)?);
        return Ok(Diagnostics::new());
    }
    let (ctx, state) = server.context(Vec::new());
    let mut outcome = call::run("open", state, ephemeral.open(ctx, config)).await;
    let private = std::mem::take(&mut outcome.private);
    let (opened, mut found) = outcome.split();
    let Some((result, renew_at)) = opened else {
        return Err(found);
    };
    let result = known::checked("open", result, &mut found);
    if found.has_error() {
        return Err(found);
    }
    if let Some(result) = noted(encode(&result, &ty), &mut found) {
        response.result = Some(result);
        response.renew_at = timestamp(renew_at);
        response.private = (!private.is_empty()).then_some(private);
    }
    Ok(found)
}

pub(super) async fn renew<P: Provider>(
    server: &Server<P>,
    request: pb::renew_ephemeral_resource::Request,
) -> pb::renew_ephemeral_resource::Response {
    let mut response = pb::renew_ephemeral_resource::Response::default();
    let found = renew_with(server, request, &mut response).await;
    answer(response, found)
}

async fn renew_with<P: Provider>(
    server: &Server<P>,
    request: pb::renew_ephemeral_resource::Request,
    response: &mut pb::renew_ephemeral_resource::Response,
) -> Found {
    let ephemeral = server.ephemeral_resource(&request.type_name)?;
    let (ctx, state) = server.context(request.private.unwrap_or_default());
    let mut outcome = call::run("renew", state, ephemeral.renew(ctx)).await;
    let private = std::mem::take(&mut outcome.private);
    let (renew_at, found) = outcome.split();
    response.renew_at = timestamp(renew_at.flatten());
    response.private = (!private.is_empty()).then_some(private);
    Ok(found)
}

pub(super) async fn close<P: Provider>(
    server: &Server<P>,
    request: pb::close_ephemeral_resource::Request,
) -> pb::close_ephemeral_resource::Response {
    let found = close_with(server, request).await;
    answer(Default::default(), found)
}

async fn close_with<P: Provider>(
    server: &Server<P>,
    request: pb::close_ephemeral_resource::Request,
) -> Found {
    let ephemeral = server.ephemeral_resource(&request.type_name)?;
    let (ctx, state) = server.context(request.private.unwrap_or_default());
    let (_, found): (Option<()>, Diagnostics) = call::run("close", state, ephemeral.close(ctx))
        .await
        .split();
    Ok(found)
}
