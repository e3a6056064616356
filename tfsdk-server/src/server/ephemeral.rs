//! ValidateEphemeralResourceConfig, OpenEphemeralResource, RenewEphemeralResource and
//! CloseEphemeralResource: an ephemeral resource's life in one Terraform run, its private
//! state carried from open to renew and close.

use std::sync::Arc;
use std::time::SystemTime;

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::Value;

use super::{Server, answer, call, decode, encode, known, noted};
use crate::Provider;
use crate::proto::tfplugin6 as pb;
use crate::registry::EphemeralHandler;

pub(super) fn validate<P: Provider>(
    server: &Server<P>,
    request: pb::validate_ephemeral_resource_config::Request,
) -> pb::validate_ephemeral_resource_config::Response {
    let found = server
        .ephemeral_resource(&request.type_name)
        .and_then(|ephemeral| {
            let config = decode(request.config.as_ref(), ephemeral.object_type())?;
            Ok(ephemeral.validate(config))
        });
    answer(Default::default(), found.unwrap_or_else(Diagnostics::from))
}

fn timestamp(at: Option<SystemTime>) -> Option<prost_types::Timestamp> {
    at.map(prost_types::Timestamp::from)
}

/// What opening an ephemeral resource answers.
#[derive(Debug, Default)]
pub(crate) struct OpenResponse {
    /// The result (wholly known, or unknown when the configuration is not known yet); `None`
    /// when opening failed.
    pub(crate) result: Option<Value>,
    /// When to renew it.
    pub(crate) renew_at: Option<SystemTime>,
    /// The private data carried to renew and close.
    pub(crate) private: Vec<u8>,
    /// Errors and warnings.
    pub(crate) diagnostics: Diagnostics,
}

/// Opens the ephemeral resource `config` configures.
pub(crate) async fn open<P: Provider>(
    server: &Server<P>,
    ephemeral: Arc<dyn EphemeralHandler<P>>,
    config: Value,
) -> OpenResponse {
    let mut response = OpenResponse::default();
    // Terraform opens an ephemeral resource once its configuration is known; should it ask
    // earlier, the result is not known either.
    if !config.is_wholly_known() {
        response.result = Some(Value::unknown(ephemeral.object_type().clone()));
        return response;
    }
    let (ctx, state) = server.context(Vec::new());
    let mut outcome = call::run("open", state, ephemeral.open(ctx, config)).await;
    response.private = std::mem::take(&mut outcome.private);
    let (opened, mut found) = outcome.split();
    if let Some((result, renew_at)) = opened {
        let result = known::checked("open", result, &mut found);
        if !found.has_error() {
            response.result = Some(result);
            response.renew_at = renew_at;
        }
    }
    response.diagnostics = found;
    response
}

/// Renews an ephemeral resource opened with `private`: when to renew it next, its private
/// data now, and the diagnostics.
pub(crate) async fn renew<P: Provider>(
    server: &Server<P>,
    ephemeral: Arc<dyn EphemeralHandler<P>>,
    private: Vec<u8>,
) -> (Option<SystemTime>, Vec<u8>, Diagnostics) {
    let (ctx, state) = server.context(private);
    let mut outcome = call::run("renew", state, ephemeral.renew(ctx)).await;
    let private = std::mem::take(&mut outcome.private);
    let (renew_at, found) = outcome.split();
    (renew_at.flatten(), private, found)
}

/// Closes an ephemeral resource opened with `private`.
pub(crate) async fn close<P: Provider>(
    server: &Server<P>,
    ephemeral: Arc<dyn EphemeralHandler<P>>,
    private: Vec<u8>,
) -> Diagnostics {
    let (ctx, state) = server.context(private);
    call::run("close", state, ephemeral.close(ctx))
        .await
        .split()
        .1
}

/// OpenEphemeralResource at the protocol's edge: the configuration decoded, [`open`], the
/// result encoded.
pub(super) async fn open_ephemeral_resource<P: Provider>(
    server: &Server<P>,
    request: pb::open_ephemeral_resource::Request,
) -> pb::open_ephemeral_resource::Response {
    let mut response = pb::open_ephemeral_resource::Response::default();
    let decoded = server
        .ephemeral_resource(&request.type_name)
        .and_then(|ephemeral| {
            let config = decode(request.config.as_ref(), ephemeral.object_type())?;
            Ok((ephemeral, config))
        });
    let (ephemeral, config) = match decoded {
        Ok(decoded) => decoded,
        Err(error) => return answer(response, error.into()),
    };
    let ty = ephemeral.object_type().clone();
    let opened = open(server, ephemeral, config).await;
    let mut found = opened.diagnostics;
    if let Some(result) = opened.result
        && let Some(result) = noted(encode(&result, &ty), &mut found)
    {
        response.result = Some(result);
        response.renew_at = timestamp(opened.renew_at);
        let private = opened.private;
        response.private = (!private.is_empty()).then_some(private);
    }
    answer(response, found)
}

/// RenewEphemeralResource at the protocol's edge.
pub(super) async fn renew_ephemeral_resource<P: Provider>(
    server: &Server<P>,
    request: pb::renew_ephemeral_resource::Request,
) -> pb::renew_ephemeral_resource::Response {
    let mut response = pb::renew_ephemeral_resource::Response::default();
    let ephemeral = match server.ephemeral_resource(&request.type_name) {
        Ok(ephemeral) => ephemeral,
        Err(error) => return answer(response, error.into()),
    };
    let private = request.private.unwrap_or_default();
    let (renew_at, private, found) = renew(server, ephemeral, private).await;
    response.renew_at = timestamp(renew_at);
    response.private = (!private.is_empty()).then_some(private);
    answer(response, found)
}

/// CloseEphemeralResource at the protocol's edge.
pub(super) async fn close_ephemeral_resource<P: Provider>(
    server: &Server<P>,
    request: pb::close_ephemeral_resource::Request,
) -> pb::close_ephemeral_resource::Response {
    let found = match server.ephemeral_resource(&request.type_name) {
        Ok(ephemeral) => close(server, ephemeral, request.private.unwrap_or_default()).await,
        Err(error) => error.into(),
    };
    answer(Default::default(), found)
}
