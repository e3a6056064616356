//! go-plugin's controller service: Terraform ends each provider process with `Shutdown`, and
//! waits up to two seconds before killing it. The answer goes out, then the server stops.

use tokio::sync::watch;

use crate::proto::plugin;

/// The controller, which requests shutdown through `shutdown`.
pub(crate) fn service(
    shutdown: watch::Sender<bool>,
) -> plugin::grpc_controller_server::GrpcControllerServer<Controller> {
    plugin::grpc_controller_server::GrpcControllerServer::new(Controller { shutdown })
}

/// The `plugin.GRPCController` service.
pub(crate) struct Controller {
    shutdown: watch::Sender<bool>,
}

#[tonic::async_trait]
impl plugin::grpc_controller_server::GrpcController for Controller {
    async fn shutdown(
        &self,
        _request: tonic::Request<plugin::Empty>,
    ) -> Result<tonic::Response<plugin::Empty>, tonic::Status> {
        self.shutdown.send_replace(true);
        Ok(tonic::Response::new(plugin::Empty {}))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plugin::grpc_controller_server::GrpcController;

    #[tokio::test]
    async fn shutdown_answers_and_requests_the_stop() {
        let (sender, mut receiver) = watch::channel(false);
        let controller = Controller { shutdown: sender };
        controller
            .shutdown(tonic::Request::new(plugin::Empty {}))
            .await
            .unwrap();
        receiver.wait_for(|stop| *stop).await.unwrap();
    }
}
