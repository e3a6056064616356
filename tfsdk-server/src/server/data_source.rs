//! ReadDataSource: the configuration read into the model, the provider's read, the result
//! back, wholly known.

use super::{Found, Server, answer, call, decode, encode, known, noted};
use crate::Provider;
use crate::proto::tfplugin6 as pb;

pub(super) async fn read_data_source<P: Provider>(
    server: &Server<P>,
    request: pb::read_data_source::Request,
) -> pb::read_data_source::Response {
    let mut response = pb::read_data_source::Response::default();
    let found = read(server, request, &mut response).await;
    answer(response, found)
}

async fn read<P: Provider>(
    server: &Server<P>,
    request: pb::read_data_source::Request,
    response: &mut pb::read_data_source::Response,
) -> Found {
    let data_source = server.data_source(&request.type_name)?;
    let ty = data_source.object_type().clone();
    let config = decode(request.config.as_ref(), &ty)?;
    let (ctx, state) = server.context(Vec::new());
    let (read, mut found) = call::run("read", state, data_source.read(ctx, config))
        .await
        .split();
    let Some(read) = read else {
        return Err(found);
    };
    let state = known::checked("read", read, &mut found);
    response.state = noted(encode(&state, &ty), &mut found);
    Ok(found)
}
