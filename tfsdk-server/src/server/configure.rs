//! ConfigureProvider: the provider block with its defaults applied (a `required` attribute
//! whose `default_fn` gives nothing is an error here), read into the provider's configuration
//! model, handed to `Provider::configure`.

use std::sync::Arc;

use tfsdk_core::convert::FromValue;
use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::Value;

use super::{Server, answer, call, decode};
use crate::Provider;
use crate::proto::tfplugin6 as pb;

/// Configures the provider with the provider block `config`.
pub(crate) async fn configure<P: Provider>(server: &Server<P>, config: Value) -> Diagnostics {
    let (value, found) = server.provider_schema.with_defaults(&config);
    if found.has_error() {
        return found;
    }
    let config = match P::Config::from_value(value) {
        Ok(config) => config,
        Err(error) => return error.into(),
    };
    let (ctx, state) = server.context(Vec::new());
    let provider = Arc::clone(&server.provider);
    let configure = Box::pin(async move { provider.configure(&ctx, config).await });
    call::run("configure", state, configure).await.split().1
}

/// ConfigureProvider at the protocol's edge: the block decoded, [`configure`].
pub(super) async fn configure_provider<P: Provider>(
    server: &Server<P>,
    request: pb::configure_provider::Request,
) -> pb::configure_provider::Response {
    let found = match decode(request.config.as_ref(), &server.provider_type) {
        Ok(config) => configure(server, config).await,
        Err(error) => error.into(),
    };
    answer(Default::default(), found)
}
