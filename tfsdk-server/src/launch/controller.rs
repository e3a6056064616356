//! go-plugin's controller service. Terraform ends every provider process it starts (about 15
//! per plan and apply) with `Shutdown`, then waits up to two seconds for the process to exit
//! before killing it. So `Shutdown` answers, stops the server, and ends the process shortly
//! after, without waiting for Terraform to hang up.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

use crate::proto::plugin;
use crate::proto::plugin::grpc_controller_server::{GrpcController, GrpcControllerServer};

/// Between `Shutdown` and the forced exit: time for the answer to reach Terraform (loopback:
/// microseconds) and for the normal way out (the server stops, `main` returns) to win.
pub(crate) const EXIT_DELAY: Duration = Duration::from_millis(50);

/// What ends the process. Injectable, so tests can observe it instead of exiting.
#[derive(Clone)]
pub(crate) struct Exit(Arc<dyn Fn() + Send + Sync>);

impl Exit {
    /// Ends this process with status 0.
    pub(crate) fn process() -> Exit {
        Exit(Arc::new(|| {
            // A forwarded provider does not outlive its front.
            crate::forward::end_all();
            std::process::exit(0)
        }))
    }

    /// Calls `hook` instead.
    pub(crate) fn with(hook: impl Fn() + Send + Sync + 'static) -> Exit {
        Exit(Arc::new(hook))
    }
}

/// The switch that ends serving: `Shutdown`, or Ctrl-C in debug mode.
#[derive(Clone)]
pub(crate) struct Shutdown {
    requested: watch::Sender<bool>,
    exit: Exit,
}

impl Shutdown {
    /// Not yet triggered; `exit` ends the process once it is.
    pub(crate) fn new(exit: Exit) -> Shutdown {
        Shutdown {
            requested: watch::Sender::new(false),
            exit,
        }
    }

    /// Stops the server and calls the exit [`EXIT_DELAY`] later, from a thread of its own so
    /// that a runtime busy or blocked elsewhere cannot hold it up. Only the first call counts.
    pub(crate) fn trigger(&self) {
        let first = self
            .requested
            .send_if_modified(|requested| !std::mem::replace(requested, true));
        if !first {
            return;
        }
        let exit = self.exit.clone();
        let spawned = std::thread::Builder::new()
            .name("tfsdk-exit".to_owned())
            .spawn(move || {
                std::thread::sleep(EXIT_DELAY);
                (exit.0)();
            });
        // Without the thread the server still stops and `main` returns: the usual way out.
        drop(spawned);
    }

    /// Resolves once shutdown is triggered.
    pub(crate) fn requested(&self) -> impl Future<Output = ()> + Send + 'static {
        let mut requested = self.requested.subscribe();
        async move {
            // The sender lives in `self`'s clones; an error means none is left to trigger.
            let _ = requested.wait_for(|requested| *requested).await;
        }
    }

    /// Whether shutdown was triggered.
    pub(crate) fn is_requested(&self) -> bool {
        *self.requested.borrow()
    }
}

/// The `plugin.GRPCController` service, ending the process through `shutdown`.
pub(crate) fn service(shutdown: Shutdown) -> GrpcControllerServer<Controller> {
    GrpcControllerServer::new(Controller { shutdown })
}

/// `plugin.GRPCController`.
pub(crate) struct Controller {
    shutdown: Shutdown,
}

#[tonic::async_trait]
impl GrpcController for Controller {
    async fn shutdown(
        &self,
        _request: tonic::Request<plugin::Empty>,
    ) -> Result<tonic::Response<plugin::Empty>, tonic::Status> {
        self.shutdown.trigger();
        Ok(tonic::Response::new(plugin::Empty {}))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;
    use std::time::Instant;

    use super::*;

    #[tokio::test]
    async fn shutdown_answers_then_stops_the_server_and_exits_once() {
        let (exited, exits) = mpsc::channel();
        let shutdown = Shutdown::new(Exit::with(move || exited.send(Instant::now()).unwrap()));
        let requested = shutdown.requested();
        let controller = Controller {
            shutdown: shutdown.clone(),
        };

        let started = Instant::now();
        let answer = controller
            .shutdown(tonic::Request::new(plugin::Empty {}))
            .await;
        assert_eq!(answer.unwrap().into_inner(), plugin::Empty {});
        assert!(shutdown.is_requested());
        tokio::time::timeout(Duration::from_secs(1), requested)
            .await
            .expect("the server is told to stop");

        let exited_at = exits
            .recv_timeout(Duration::from_secs(1))
            .expect("the exit is called");
        let delay = exited_at - started;
        assert!(
            delay >= EXIT_DELAY,
            "{delay:?}: not before the answer can go out"
        );
        assert!(delay < Duration::from_millis(100), "{delay:?}");

        // A second Shutdown (or Ctrl-C after it) answers too and does not exit again.
        controller
            .shutdown(tonic::Request::new(plugin::Empty {}))
            .await
            .unwrap();
        shutdown.trigger();
        assert!(exits.recv_timeout(EXIT_DELAY * 3).is_err());
    }

    #[tokio::test]
    async fn nothing_happens_before_shutdown() {
        let (exited, exits) = mpsc::channel();
        let shutdown = Shutdown::new(Exit::with(move || exited.send(()).unwrap()));
        assert!(!shutdown.is_requested());
        let requested = tokio::time::timeout(EXIT_DELAY, shutdown.requested()).await;
        assert!(requested.is_err());
        assert!(exits.try_recv().is_err());
    }
}
