//! ReadDataSource: the configuration read into the model, the provider's read, the result
//! back, wholly known.

use std::sync::Arc;

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::Value;

use super::{
    Server, answer, call, decode, deferral_allowed, deferred_to_proto, encode, known, noted,
};
use crate::proto::tfplugin6 as pb;
use crate::registry::DataSourceHandler;
use crate::{DeferredReason, Provider, deferral};

/// What a data source read answers.
#[derive(Debug, Default)]
pub(crate) struct DataSourceRead {
    /// The state, wholly known unless the read is deferred; `None` when the read failed.
    pub(crate) state: Option<Value>,
    /// The read is put off to a later run.
    pub(crate) deferred: Option<DeferredReason>,
    /// Errors and warnings.
    pub(crate) diagnostics: Diagnostics,
}

/// Reads the data source `config` configures; `deferral_allowed` is Terraform's client
/// capability.
pub(crate) async fn read<P: Provider>(
    server: &Server<P>,
    data_source: Arc<dyn DataSourceHandler<P>>,
    config: Value,
    deferral_allowed: bool,
) -> DataSourceRead {
    // The provider deferred in `configure`: an unknown object, as Go's framework sends.
    if let Some(reason) = server.provider_deferral(deferral_allowed) {
        return DataSourceRead {
            state: Some(Value::unknown(data_source.object_type().clone())),
            deferred: Some(reason),
            diagnostics: Diagnostics::new(),
        };
    }
    let (ctx, state) = server.deferrable_context(Vec::new(), deferral_allowed);
    let mut outcome = call::run("read", state, data_source.read(ctx, config)).await;
    let deferred = outcome.deferred.take();
    let (read, mut found) = outcome.split();
    let deferred = deferral::accepted(deferred, deferral_allowed, "read", &mut found);
    let state = match deferred {
        // A deferred read may hold what is not known yet.
        Some(_) => read,
        None => read.map(|read| known::checked("read", read, &mut found)),
    };
    DataSourceRead {
        state,
        deferred,
        diagnostics: found,
    }
}

/// ReadDataSource at the protocol's edge: the configuration decoded, [`read`], the state
/// encoded.
pub(super) async fn read_data_source<P: Provider>(
    server: &Server<P>,
    request: pb::read_data_source::Request,
) -> pb::read_data_source::Response {
    let mut response = pb::read_data_source::Response::default();
    let decoded = server
        .data_source(&request.type_name)
        .and_then(|data_source| {
            let config = decode(request.config.as_ref(), data_source.object_type())?;
            Ok((data_source, config))
        });
    let (data_source, config) = match decoded {
        Ok(decoded) => decoded,
        Err(error) => return answer(response, error.into()),
    };
    let ty = data_source.object_type().clone();
    let allowed = deferral_allowed(request.client_capabilities.as_ref());
    let read = read(server, data_source, config, allowed).await;
    let mut found = read.diagnostics;
    response.deferred = deferred_to_proto(read.deferred);
    if let Some(state) = read.state {
        response.state = noted(encode(&state, &ty), &mut found);
    }
    answer(response, found)
}
