//! ListResource and ValidateListResourceConfig: `terraform query`. The list resource runs in a
//! task of its own and streams each object as it is found; its errors and warnings end the
//! stream as one last event.

use std::sync::Arc;

use tokio::sync::mpsc;
use tokio_stream::StreamExt;

use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::tftypes::{Type, Value};

use super::{Server, Stream, answer, call, decode, diagnostic, encode};
use crate::Provider;
use crate::list::ListEvent;
use crate::proto::tfplugin6 as pb;
use crate::registry::{ListHandler, ListSink, ResourceHandler};

/// Events waiting for Terraform before the list resource waits in `push`.
const BUFFERED_EVENTS: usize = 64;

/// Lists the objects `config` asks for through `list` (of `resource`'s type) into `sender`,
/// in a task of its own; the listing's own errors and warnings end it as one last event.
pub(crate) fn list<P: Provider>(
    server: &Server<P>,
    list: Arc<dyn ListHandler<P>>,
    resource: Arc<dyn ResourceHandler<P>>,
    config: Value,
    sink: ListSink,
) {
    let sender = sink.sender.clone();
    let (ctx, state) = server.context(Vec::new());
    tokio::spawn(async move {
        let outcome = call::run("list", state, list.list(ctx, config, resource, sink)).await;
        let (_, found) = outcome.split();
        if !found.is_empty() {
            let event = ListEvent::Diagnostics {
                display_name: String::new(),
                diagnostics: found,
            };
            let _ = sender.send(event).await;
        }
    });
}

/// ListResource at the protocol's edge: the configuration decoded, [`list`], each event
/// encoded as it comes.
pub(super) fn list_resource<P: Provider>(
    server: &Server<P>,
    request: pb::list_resource::Request,
) -> Stream<pb::list_resource::Event> {
    let (sender, receiver) = mpsc::channel(BUFFERED_EVENTS);
    let handlers = server.list_resource(&request.type_name).and_then(|list| {
        let resource = server.resource(&request.type_name)?;
        let config = decode(request.config.as_ref(), list.object_type())?;
        Ok((list, resource, config))
    });
    let (list_handler, resource, config) = match handlers {
        Ok(handlers) => handlers,
        Err(error) => {
            let event = pb::list_resource::Event {
                diagnostic: diagnostic(error),
                ..Default::default()
            };
            return Box::pin(tokio_stream::once(Ok(event)));
        }
    };
    let types = (resource.object_type().clone(), resource.identity_type());
    let sink = ListSink {
        sender,
        include_resource: request.include_resource_object,
        limit: usize::try_from(request.limit)
            .ok()
            .filter(|limit| *limit > 0),
    };
    list(server, list_handler, resource, config, sink);
    let events = tokio_stream::wrappers::ReceiverStream::new(receiver);
    Box::pin(events.map(move |event| Ok(list_event_to_proto(event, &types.0, types.1.as_ref()))))
}

/// A listing's event as the protocol's: values encoded (a value that does not encode is an
/// error diagnostic instead).
fn list_event_to_proto(
    event: ListEvent,
    ty: &Type,
    identity_ty: Option<&Type>,
) -> pb::list_resource::Event {
    let (display_name, found) = match event {
        ListEvent::Object {
            display_name,
            object,
        } => {
            let identity_ty = identity_ty.unwrap_or(ty);
            let encoded = (|| {
                let identity = (object.identity.as_ref())
                    .map(|identity| encode(identity, identity_ty))
                    .transpose()?;
                let state = (object.state.as_ref())
                    .map(|state| encode(state, ty))
                    .transpose()?;
                Ok::<_, Diagnostic>((identity, state))
            })();
            match encoded {
                Ok((identity, state)) => {
                    return pb::list_resource::Event {
                        identity: identity.map(|identity_data| pb::ResourceIdentityData {
                            identity_data: Some(identity_data),
                        }),
                        display_name,
                        resource_object: state,
                        diagnostic: Vec::new(),
                    };
                }
                Err(error) => (display_name, Diagnostics::from(error)),
            }
        }
        ListEvent::Diagnostics {
            display_name,
            diagnostics,
        } => (display_name, diagnostics),
    };
    pb::list_resource::Event {
        display_name,
        diagnostic: super::diagnostics(&found),
        ..Default::default()
    }
}

pub(super) fn validate<P: Provider>(
    server: &Server<P>,
    request: pb::validate_list_resource_config::Request,
) -> pb::validate_list_resource_config::Response {
    let found = server.list_resource(&request.type_name).and_then(|list| {
        let config = decode(request.config.as_ref(), list.object_type())?;
        Ok(list.validate(config))
    });
    answer(Default::default(), found.unwrap_or_else(Diagnostics::from))
}
