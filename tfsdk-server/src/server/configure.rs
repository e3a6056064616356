//! ConfigureProvider: the provider block, read into the provider's configuration model, handed
//! to `Provider::configure`.

use std::sync::Arc;

use tfsdk_core::convert::FromValue;

use super::{Server, call, decode, diagnostic, diagnostics};
use crate::Provider;
use crate::proto::tfplugin6 as pb;

pub(super) async fn configure_provider<P: Provider>(
    server: &Server<P>,
    request: pb::configure_provider::Request,
) -> pb::configure_provider::Response {
    let config = match decode(request.config.as_ref(), &server.provider_type)
        .and_then(|value| P::Config::from_value(value).map_err(|error| error.to_diagnostic()))
    {
        Ok(config) => config,
        Err(error) => {
            return pb::configure_provider::Response {
                diagnostics: diagnostic(error),
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
