//! ReadDataSource: the configuration read into the model, the provider's read, the result
//! back, wholly known.

use std::sync::Arc;

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::Value;

use super::{Server, answer, call, decode, encode, known, noted};
use crate::Provider;
use crate::proto::tfplugin6 as pb;
use crate::registry::DataSourceHandler;

/// Reads the data source `config` configures: its state, wholly known, when the read worked.
pub(crate) async fn read<P: Provider>(
    server: &Server<P>,
    data_source: Arc<dyn DataSourceHandler<P>>,
    config: Value,
) -> (Option<Value>, Diagnostics) {
    let (ctx, state) = server.context(Vec::new());
    let (read, mut found) = call::run("read", state, data_source.read(ctx, config))
        .await
        .split();
    let state = read.map(|read| known::checked("read", read, &mut found));
    (state, found)
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
    let (state, mut found) = read(server, data_source, config).await;
    if let Some(state) = state {
        response.state = noted(encode(&state, &ty), &mut found);
    }
    answer(response, found)
}
