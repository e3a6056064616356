//! ValidateEphemeralResourceConfig, OpenEphemeralResource, RenewEphemeralResource and
//! CloseEphemeralResource: an ephemeral resource's life in one Terraform run, its private
//! state carried from open to renew and close.

use std::time::SystemTime;

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::Value;

use super::{Server, call, decode, diagnostic, diagnostics, encode, known, reported};
use crate::Provider;
use crate::proto::tfplugin6 as pb;

pub(super) fn validate<P: Provider>(
    server: &Server<P>,
    request: pb::validate_ephemeral_resource_config::Request,
) -> pb::validate_ephemeral_resource_config::Response {
    let diagnostics = server
        .ephemeral_resource(&request.type_name)
        .and_then(|ephemeral| {
            let config = decode(request.config.as_ref(), ephemeral.object_type())?;
            Ok(diagnostics(&ephemeral.validate(config)))
        })
        .unwrap_or_else(diagnostic);
    pb::validate_ephemeral_resource_config::Response { diagnostics }
}

fn timestamp(at: Option<SystemTime>) -> Option<prost_types::Timestamp> {
    at.map(prost_types::Timestamp::from)
}

pub(super) async fn open<P: Provider>(
    server: &Server<P>,
    request: pb::open_ephemeral_resource::Request,
) -> pb::open_ephemeral_resource::Response {
    let mut response = pb::open_ephemeral_resource::Response::default();
    let Some(ephemeral) = reported(
        server.ephemeral_resource(&request.type_name),
        &mut response.diagnostics,
    ) else {
        return response;
    };
    let ty = ephemeral.object_type().clone();
    let Some(config) = reported(
        decode(request.config.as_ref(), &ty),
        &mut response.diagnostics,
    ) else {
        return response;
    };
    // Terraform opens an ephemeral resource once its configuration is known; should it ask
    // earlier, the result is not known either.
    if !config.is_wholly_known() {
        match encode(&Value::unknown(ty.clone()), &ty) {
            Ok(result) => response.result = Some(result),
            Err(error) => response.diagnostics = diagnostic(error),
        }
        return response;
    }
    let (ctx, state) = server.context(Vec::new());
    let mut outcome = call::run("open", state, ephemeral.open(ctx, config)).await;
    let private = std::mem::take(&mut outcome.private);
    let (opened, mut found) = outcome.split();
    if let Some((result, renew_at)) = opened {
        match known::require_known("open", result) {
            Ok(result) => match encode(&result, &ty) {
                Ok(result) => {
                    response.result = Some(result);
                    response.renew_at = timestamp(renew_at);
                    response.private = (!private.is_empty()).then_some(private);
                }
                Err(error) => found.push(error),
            },
            Err((_, errors)) => found.append(errors),
        }
    }
    response.diagnostics = diagnostics(&found);
    response
}

pub(super) async fn renew<P: Provider>(
    server: &Server<P>,
    request: pb::renew_ephemeral_resource::Request,
) -> pb::renew_ephemeral_resource::Response {
    let ephemeral = match server.ephemeral_resource(&request.type_name) {
        Ok(ephemeral) => ephemeral,
        Err(error) => {
            return pb::renew_ephemeral_resource::Response {
                diagnostics: diagnostic(error),
                ..Default::default()
            };
        }
    };
    let (ctx, state) = server.context(request.private.unwrap_or_default());
    let mut outcome = call::run("renew", state, ephemeral.renew(ctx)).await;
    let private = std::mem::take(&mut outcome.private);
    let (renew_at, found) = outcome.split();
    pb::renew_ephemeral_resource::Response {
        diagnostics: diagnostics(&found),
        renew_at: timestamp(renew_at.flatten()),
        private: (!private.is_empty()).then_some(private),
    }
}

pub(super) async fn close<P: Provider>(
    server: &Server<P>,
    request: pb::close_ephemeral_resource::Request,
) -> pb::close_ephemeral_resource::Response {
    let ephemeral = match server.ephemeral_resource(&request.type_name) {
        Ok(ephemeral) => ephemeral,
        Err(error) => {
            return pb::close_ephemeral_resource::Response {
                diagnostics: diagnostic(error),
            };
        }
    };
    let (ctx, state) = server.context(request.private.unwrap_or_default());
    let (_, found): (Option<()>, Diagnostics) = call::run("close", state, ephemeral.close(ctx))
        .await
        .split();
    pb::close_ephemeral_resource::Response {
        diagnostics: diagnostics(&found),
    }
}
