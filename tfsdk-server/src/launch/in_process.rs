//! A provider served inside the calling process, on a loopback port of its own, for Terraform
//! started with `TF_REATTACH_PROVIDERS`: tests (the testing crate starts one per Terraform
//! command, as Terraform starts one process per command) and debuggers.

use std::net::{Ipv4Addr, SocketAddr};
use std::thread::JoinHandle;

use tokio::net::TcpListener;

use super::controller::{Exit, Shutdown};
use super::debug;
use super::{LaunchError, serve_on};
use crate::{Provider, Server};

/// A provider served by a thread of this process until [`stop`](InProcess::stop) or drop.
///
/// Terraform reaches it through the environment variable `TF_REATTACH_PROVIDERS` set to
/// [`reattach_providers`](InProcess::reattach_providers); it then neither starts nor ends a
/// provider process (the reattach configuration says `"Test": true`), so one server answers
/// every provider instance of the Terraform commands that use it. The connection is plaintext
/// on 127.0.0.1.
///
/// ```no_run
/// use tfsdk_server::{InProcess, NoConfig, Provider, Registry};
///
/// #[derive(Default)]
/// struct Empty;
///
/// impl Provider for Empty {
///     type Config = NoConfig;
///     fn register(&self, _registry: &mut Registry<Self>) {}
/// }
///
/// let served = InProcess::start("example/empty", Empty)?;
/// let status = std::process::Command::new("terraform")
///     .arg("plan")
///     .env("TF_REATTACH_PROVIDERS", served.reattach_providers())
///     .status()?;
/// served.stop()?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct InProcess {
    address: SocketAddr,
    reattach: String,
    shutdown: Shutdown,
    thread: Option<JoinHandle<Result<(), LaunchError>>>,
}

impl InProcess {
    /// Starts serving `provider` under `provider_address` (its source address as
    /// configurations require it, e.g. `example/files` or
    /// `registry.terraform.io/example/files`) and returns once the port is listening.
    ///
    /// # Errors
    /// The async runtime, the thread or the listener could not be started.
    pub fn start<P: Provider>(provider_address: &str, provider: P) -> std::io::Result<InProcess> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("tfsdk-provider")
            .enable_all()
            .build()?;
        let listener = runtime.block_on(TcpListener::bind((Ipv4Addr::LOCALHOST, 0)))?;
        let address = listener.local_addr()?;
        // Terraform never calls the controller's Shutdown on a reattached provider; should
        // anything else, it stops this server and leaves the process alone.
        let shutdown = Shutdown::new(Exit::with(|| {}));
        let routes = tonic::service::Routes::new(Server::new(provider).service());
        let serving = shutdown.clone();
        let thread = std::thread::Builder::new()
            .name("tfsdk-in-process".into())
            .spawn(move || runtime.block_on(serve_on(listener, None, routes, serving)))?;
        let reattach = debug::reattach_value(provider_address, std::process::id(), address);
        Ok(InProcess {
            address,
            reattach,
            shutdown,
            thread: Some(thread),
        })
    }

    /// The value of `TF_REATTACH_PROVIDERS` that makes Terraform use this server, e.g.
    /// `{"example/files":{"Protocol":"grpc","ProtocolVersion":6,"Pid":...,"Test":true,"Addr":{...}}}`.
    #[must_use]
    pub fn reattach_providers(&self) -> &str {
        &self.reattach
    }

    /// The loopback address it listens on.
    #[must_use]
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// Stops serving and waits for the server's thread (connections still open get a few
    /// milliseconds to close).
    ///
    /// # Errors
    /// The gRPC transport failed while serving, or the server's thread panicked.
    pub fn stop(mut self) -> std::io::Result<()> {
        self.finish()
    }

    fn finish(&mut self) -> std::io::Result<()> {
        self.shutdown.trigger();
        let Some(thread) = self.thread.take() else {
            return Ok(());
        };
        match thread.join() {
            Ok(result) => result.map_err(std::io::Error::other),
            Err(_) => Err(std::io::Error::other(
                "the in-process provider's thread panicked",
            )),
        }
    }
}

impl std::fmt::Debug for InProcess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("InProcess")
            .field("address", &self.address)
            .field("reattach", &self.reattach)
            .finish_non_exhaustive()
    }
}

impl Drop for InProcess {
    fn drop(&mut self) {
        let _ = self.finish();
    }
}
