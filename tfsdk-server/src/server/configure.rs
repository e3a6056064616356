//! ConfigureProvider: the provider block with its defaults applied (a `required` attribute
//! whose `default_fn` gives nothing is an error here), read into the provider's configuration
//! model, handed to `Provider::configure`.

use std::sync::Arc;

use tfsdk_core::convert::FromValue;
use tfsdk_core::diag::Diagnostics;

use super::{Found, Server, answer, call, decode};
use crate::Provider;
use crate::proto::tfplugin6 as pb;

pub(super) async fn configure_provider<P: Provider>(
    server: &Server<P>,
    request: pb::configure_provider::Request,
) -> pb::configure_provider::Response {
    let found = configure(server, request).await;
    answer(Default::default(), found)
}

async fn configure<P: Provider>(
    server: &Server<P>,
    request: pb::configure_provider::Request,
) -> Found {
    let value = decode(request.config.as_ref(), &server.provider_type)?;
    let (value, found) = server.provider_schema.with_defaults(&value);
    if found.has_error() {
        return Err(found);
    }
    let config = P::Config::from_value(value).map_err(Diagnostics::from)?;
    let (ctx, state) = server.context(Vec::new());
    let provider = Arc::clone(&server.provider);
    let configure = Box::pin(async move { provider.configure(&ctx, config).await });
    let (_, found) = call::run("configure", state, configure).await.split();
    Ok(found)
}
