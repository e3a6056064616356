//! ValidateActionConfig, PlanAction and InvokeAction: an action's configuration checked, its
//! plan-time check, and the run itself, streaming progress and ending with its diagnostics.

use tokio::sync::mpsc;

use tfsdk_core::diag::Diagnostics;

use super::{Found, Server, Stream, answer, call, decode, diagnostics};
use crate::proto::tfplugin6 as pb;
use crate::{Progress, Provider};

pub(super) fn validate<P: Provider>(
    server: &Server<P>,
    request: pb::validate_action_config::Request,
) -> pb::validate_action_config::Response {
    let found = server.action(&request.action_type).and_then(|action| {
        let config = decode(request.config.as_ref(), action.object_type())?;
        Ok(action.validate(config))
    });
    answer(Default::default(), found.map_err(Diagnostics::from))
}

pub(super) async fn plan<P: Provider>(
    server: &Server<P>,
    request: pb::plan_action::Request,
) -> pb::plan_action::Response {
    let found = plan_with(server, request).await;
    answer(Default::default(), found)
}

async fn plan_with<P: Provider>(server: &Server<P>, request: pb::plan_action::Request) -> Found {
    let action = server.action(&request.action_type)?;
    let config = decode(request.config.as_ref(), action.object_type())?;
    let (ctx, state) = server.context(Vec::new());
    let (_, found) = call::run("action plan", state, action.plan(ctx, config))
        .await
        .split();
    Ok(found)
}

fn completed(found: &Diagnostics) -> pb::invoke_action::Event {
    pb::invoke_action::Event {
        r#type: Some(pb::invoke_action::event::Type::Completed(
            pb::invoke_action::event::Completed {
                diagnostics: diagnostics(found),
            },
        )),
    }
}

pub(super) fn invoke<P: Provider>(
    server: &Server<P>,
    request: pb::invoke_action::Request,
) -> Stream<pb::invoke_action::Event> {
    let (sender, receiver) = mpsc::unbounded_channel();
    let stream = Box::pin(tokio_stream::wrappers::UnboundedReceiverStream::new(
        receiver,
    ));
    let prepared = server.action(&request.action_type).and_then(|action| {
        let config = decode(request.config.as_ref(), action.object_type())?;
        Ok((action, config))
    });
    let (action, config) = match prepared {
        Ok(prepared) => prepared,
        Err(error) => {
            let _ = sender.send(Ok(completed(&error.into())));
            return stream;
        }
    };
    let (ctx, state) = server.context(Vec::new());
    let progress = Progress::new(sender.clone());
    tokio::spawn(async move {
        let outcome = call::run("action", state, action.invoke(ctx, config, progress)).await;
        let (_, found) = outcome.split();
        let _ = sender.send(Ok(completed(&found)));
    });
    stream
}
