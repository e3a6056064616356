//! ListResource and ValidateListResourceConfig: `terraform query`. The list resource runs in a
//! task of its own and streams each object as it is found; its errors and warnings end the
//! stream as one last event.

use tokio::sync::mpsc;

use tfsdk_core::diag::Diagnostics;

use super::{Server, Stream, answer, call, decode, diagnostic, diagnostics};
use crate::Provider;
use crate::proto::tfplugin6 as pb;
use crate::registry::ListSink;

/// Events waiting for Terraform before the list resource waits in `push`.
const BUFFERED_EVENTS: usize = 64;

pub(super) fn list_resource<P: Provider>(
    server: &Server<P>,
    request: pb::list_resource::Request,
) -> Stream<pb::list_resource::Event> {
    let (sender, receiver) = mpsc::channel(BUFFERED_EVENTS);
    let stream = Box::pin(tokio_stream::wrappers::ReceiverStream::new(receiver));
    let handlers = server.list_resource(&request.type_name).and_then(|list| {
        let resource = server.resource(&request.type_name)?;
        let config = decode(request.config.as_ref(), list.object_type())?;
        Ok((list, resource, config))
    });
    let (list, resource, config) = match handlers {
        Ok(handlers) => handlers,
        Err(error) => {
            let event = pb::list_resource::Event {
                diagnostic: diagnostic(error),
                ..Default::default()
            };
            // The channel is fresh and has room: the event waits for Terraform.
            let _ = sender.try_send(Ok(event));
            return stream;
        }
    };
    let sink = ListSink {
        sender: sender.clone(),
        include_resource: request.include_resource_object,
        limit: usize::try_from(request.limit)
            .ok()
            .filter(|limit| *limit > 0),
    };
    let (ctx, state) = server.context(Vec::new());
    tokio::spawn(async move {
        let outcome = call::run("list", state, list.list(ctx, config, resource, sink)).await;
        let (_, found) = outcome.split();
        if !found.is_empty() {
            let event = pb::list_resource::Event {
                diagnostic: diagnostics(&found),
                ..Default::default()
            };
            let _ = sender.send(Ok(event)).await;
        }
    });
    stream
}

pub(super) fn validate<P: Provider>(
    server: &Server<P>,
    request: pb::validate_list_resource_config::Request,
) -> pb::validate_list_resource_config::Response {
    let found = server.list_resource(&request.type_name).and_then(|list| {
        let config = decode(request.config.as_ref(), list.object_type())?;
        Ok(list.validate(config))
    });
    answer(Default::default(), found.map_err(Diagnostics::from))
}
