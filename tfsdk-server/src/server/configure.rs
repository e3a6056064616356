//! ConfigureProvider: the provider block with its defaults applied (a `required` attribute
//! whose `default_fn` gives nothing is an error here), read into the provider's configuration
//! model, handed to `Provider::configure`.

use std::sync::Arc;

use tfsdk_core::convert::FromValue;
use tfsdk_core::diag::Diagnostics;

use super::{Server, call, decode, diagnostics};
use crate::Provider;
use crate::proto::tfplugin6 as pb;

pub(super) async fn configure_provider<P: Provider>(
    server: &Server<P>,
    request: pb::configure_provider::Request,
) -> pb::configure_provider::Response {
    let config = decode(request.config.as_ref(), &server.provider_type)
        .map_err(Diagnostics::from)
        .and_then(|value| {
            let (value, found) = server.provider_schema.with_defaults(&value);
            if found.has_error() {
                return Err(found);
            }
            P::Config::from_value(value).map_err(Diagnostics::from)
        });
    let config = match config {
        Ok(config) => config,
        Err(found) => {
            return pb::configure_provider::Response {
                diagnostics: diagnostics(&found),
            };
        }
    };
    let (ctx, state) = server.context(Vec::new());
    let provider = Arc::clone(&server.provider);
    let outcome = call::run(
        "configure",
        state,
        Box::pin(async move { provider.configure(&ctx, config).await }),
    )
    .await;
    let (_, found) = outcome.split();
    pb::configure_provider::Response {
        diagnostics: diagnostics(&found),
    }
}
