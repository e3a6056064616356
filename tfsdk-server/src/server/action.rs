//! ValidateActionConfig, PlanAction and InvokeAction: an action's configuration checked, its
//! plan-time check, and the run itself, streaming progress and ending with its diagnostics.

use std::sync::Arc;

use tokio::sync::mpsc;
use tokio_stream::StreamExt;

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::Value;

use super::{Server, Stream, answer, call, decode, diagnostics};
use crate::action::ActionEvent;
use crate::proto::tfplugin6 as pb;
use crate::registry::ActionHandler;
use crate::{Progress, Provider};

pub(super) fn validate<P: Provider>(
    server: &Server<P>,
    request: pb::validate_action_config::Request,
) -> pb::validate_action_config::Response {
    let found = server.action(&request.action_type).and_then(|action| {
        let config = decode(request.config.as_ref(), action.object_type())?;
        Ok(action.validate(config))
    });
    answer(Default::default(), found.unwrap_or_else(Diagnostics::from))
}

/// An action's plan-time check of `config`.
pub(crate) async fn plan<P: Provider>(
    server: &Server<P>,
    action: Arc<dyn ActionHandler<P>>,
    config: Value,
) -> Diagnostics {
    let (ctx, state) = server.context(Vec::new());
    call::run("action plan", state, action.plan(ctx, config))
        .await
        .split()
        .1
}

/// PlanAction at the protocol's edge.
pub(super) async fn plan_action<P: Provider>(
    server: &Server<P>,
    request: pb::plan_action::Request,
) -> pb::plan_action::Response {
    let decoded = server.action(&request.action_type).and_then(|action| {
        let config = decode(request.config.as_ref(), action.object_type())?;
        Ok((action, config))
    });
    let found = match decoded {
        Ok((action, config)) => plan(server, action, config).await,
        Err(error) => error.into(),
    };
    answer(Default::default(), found)
}

/// Runs the action `config` configures in a task of its own: its progress into `sender`, then
/// its end.
pub(crate) fn invoke<P: Provider>(
    server: &Server<P>,
    action: Arc<dyn ActionHandler<P>>,
    config: Value,
    sender: mpsc::UnboundedSender<ActionEvent>,
) {
    let (ctx, state) = server.context(Vec::new());
    let progress = Progress::new(sender.clone());
    tokio::spawn(async move {
        let outcome = call::run("action", state, action.invoke(ctx, config, progress)).await;
        let (_, found) = outcome.split();
        let _ = sender.send(ActionEvent::Completed(found));
    });
}

/// An action's event as the protocol's.
fn action_event_to_proto(event: ActionEvent) -> pb::invoke_action::Event {
    use pb::invoke_action::event::{Completed, Progress, Type};
    let event = match event {
        ActionEvent::Progress(message) => Type::Progress(Progress { message }),
        ActionEvent::Completed(found) => Type::Completed(Completed {
            diagnostics: diagnostics(&found),
        }),
    };
    pb::invoke_action::Event {
        r#type: Some(event),
    }
}

/// InvokeAction at the protocol's edge: the configuration decoded, [`invoke`], each event
/// encoded as it comes.
pub(super) fn invoke_action<P: Provider>(
    server: &Server<P>,
    request: pb::invoke_action::Request,
) -> Stream<pb::invoke_action::Event> {
    let prepared = server.action(&request.action_type).and_then(|action| {
        let config = decode(request.config.as_ref(), action.object_type())?;
        Ok((action, config))
    });
    let (action, config) = match prepared {
        Ok(prepared) => prepared,
        Err(error) => {
            let event = action_event_to_proto(ActionEvent::Completed(error.into()));
            return Box::pin(tokio_stream::once(Ok(event)));
        }
    };
    let (sender, receiver) = mpsc::unbounded_channel();
    invoke(server, action, config, sender);
    let events = tokio_stream::wrappers::UnboundedReceiverStream::new(receiver);
    Box::pin(events.map(|event| Ok(action_event_to_proto(event))))
}
