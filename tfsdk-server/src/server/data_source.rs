//! ReadDataSource: the configuration read into the model, the provider's read, the result
//! back, wholly known.

use super::{Server, call, decode, diagnostics, encode, known, reported};
use crate::Provider;
use crate::proto::tfplugin6 as pb;

pub(super) async fn read_data_source<P: Provider>(
    server: &Server<P>,
    request: pb::read_data_source::Request,
) -> pb::read_data_source::Response {
    let mut response = pb::read_data_source::Response::default();
    let Some(data_source) = reported(
        server.data_source(&request.type_name),
        &mut response.diagnostics,
    ) else {
        return response;
    };
    let ty = data_source.object_type().clone();
    let Some(config) = reported(
        decode(request.config.as_ref(), &ty),
        &mut response.diagnostics,
    ) else {
        return response;
    };
    let (ctx, state) = server.context(Vec::new());
    let (read, mut found) = call::run("read", state, data_source.read(ctx, config))
        .await
        .split();
    if let Some(read) = read {
        let state = match known::require_known("read", read) {
            Ok(state) => state,
            Err((repaired, errors)) => {
                found.append(errors);
                repaired
            }
        };
        match encode(&state, &ty) {
            Ok(encoded) => response.state = Some(encoded),
            Err(error) => found.push(error),
        }
    }
    response.diagnostics = diagnostics(&found);
    response
}
