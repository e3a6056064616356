//! ConfigureProvider: the provider block with its defaults applied (a `required` attribute
//! whose `default_fn` gives nothing is an error here), read into the provider's configuration
//! model, handed to `Provider::configure`. A provider that defers there (its configuration is
//! not known yet) defers every change of the run.

use std::sync::{Arc, PoisonError};

use tfsdk_core::convert::FromValue;
use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::Value;

use super::{Server, answer, call, decode, deferral_allowed};
use crate::proto::tfplugin6 as pb;
use crate::{Provider, deferral};

/// Configures the provider with the provider block `config`; `deferral_allowed` is Terraform's
/// client capability.
pub(crate) async fn configure<P: Provider>(
    server: &Server<P>,
    config: Value,
    deferral_allowed: bool,
) -> Diagnostics {
    let (value, found) = server.provider_schema.with_defaults(&config);
    if found.has_error() {
        return found;
    }
    let config = match P::Config::from_value(value) {
        Ok(config) => config,
        Err(error) => return error.into(),
    };
    let (ctx, state) = server.deferrable_context(Vec::new(), deferral_allowed);
    let provider = Arc::clone(&server.provider);
    let configure = Box::pin(async move { provider.configure(&ctx, config).await });
    let mut outcome = call::run("configure", state, configure).await;
    let deferred = outcome.deferred.take();
    let mut found = outcome.split().1;
    if deferred.is_some() && !deferral_allowed {
        found.push(deferral::refused_for_provider());
        return found;
    }
    *server
        .deferred
        .lock()
        .unwrap_or_else(PoisonError::into_inner) = deferred;
    found
}

/// ConfigureProvider at the protocol's edge: the block decoded, [`configure`].
pub(super) async fn configure_provider<P: Provider>(
    server: &Server<P>,
    request: pb::configure_provider::Request,
) -> pb::configure_provider::Response {
    let found = match decode(request.config.as_ref(), &server.provider_type) {
        Ok(config) => {
            let allowed = deferral_allowed(request.client_capabilities.as_ref());
            configure(server, config, allowed).await
        }
        Err(error) => error.into(),
    };
    answer(Default::default(), found)
}
