//! Launching as Terraform expects: handshake, TLS, controller, signals, debug mode.
//!
//! Terraform starts the provider binary with a magic cookie, the plugin protocol versions it
//! speaks, a port range and (for mutual TLS) its client certificate in the environment. The
//! provider listens on 127.0.0.1, prints one handshake line on stdout, serves gRPC (TLS with
//! only Terraform's certificate accepted), ignores SIGINT (Ctrl-C arrives as `StopProvider`)
//! and exits when the controller's `Shutdown` is called. In `--debug` mode it needs none of
//! the environment, serves in plaintext and prints a `TF_REATTACH_PROVIDERS` line instead.
//!
//! One concern per module: [`handshake`] (environment, listener, handshake line), [`tls`]
//! (certificates, the pinned client verifier, accepted TLS connections), [`controller`]
//! (`plugin.GRPCController` and the exit), [`signals`] (SIGINT), [`debug`] (reattach line).
//! [`serve_on`] is the part that needs no process: [`in_process`] serves a provider from a
//! thread of the caller for tests and debuggers.
#![allow(dead_code)] // Called by the server entry point.

mod controller;
mod debug;
mod handshake;
mod in_process;
mod signals;
#[cfg(test)]
mod tests;
mod tls;

use std::future::Future;
use std::io::Write;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio_stream::StreamExt;
use tokio_stream::wrappers::TcpListenerStream;
use tonic::transport::server::Connected;

use controller::{Exit, Shutdown};
pub(crate) use handshake::{MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE};
pub use in_process::InProcess;
pub(crate) use tls::{crypto_provider, server_certificate};

/// How to launch.
pub(crate) struct LaunchOptions {
    /// e.g. "registry.terraform.io/example/files", used in the reattach line.
    pub provider_address: String,
    /// `--debug`: no cookie, no TLS, print TF_REATTACH_PROVIDERS.
    pub debug: bool,
}

/// Why the provider could not start or serve. The server's entry point prints it on stderr
/// and exits with code 1.
#[derive(Debug, thiserror::Error)]
pub(crate) enum LaunchError {
    /// Started without Terraform's magic cookie (by hand, most likely).
    #[error(
        "This program is a Terraform provider plugin: Terraform starts it and talks to it over \
         the plugin protocol, so running it by hand does nothing.\n\
         To use it, run terraform with the provider installed (or found through a \
         dev_overrides block in the Terraform CLI configuration).\n\
         To debug it, start it with --debug and run terraform with the TF_REATTACH_PROVIDERS \
         value it prints."
    )]
    NotLaunchedByTerraform,
    /// Terraform offers no plugin protocol version this provider speaks.
    #[error(
        "Terraform offers plugin protocol versions {offered:?}, but this provider speaks \
         protocol 6 only, which needs Terraform 1.0 or newer"
    )]
    NoCommonProtocol {
        /// `PLUGIN_PROTOCOL_VERSIONS` as given.
        offered: String,
    },
    /// `PLUGIN_MIN_PORT` or `PLUGIN_MAX_PORT` is not a port number.
    #[error("{name}={value:?} is not a port number")]
    InvalidPort {
        /// The variable.
        name: &'static str,
        /// Its value.
        value: String,
    },
    /// `PLUGIN_MIN_PORT` is above `PLUGIN_MAX_PORT`.
    #[error("PLUGIN_MIN_PORT={min} is greater than PLUGIN_MAX_PORT={max}")]
    PortRange {
        /// `PLUGIN_MIN_PORT`.
        min: u16,
        /// `PLUGIN_MAX_PORT`.
        max: u16,
    },
    /// No port of the range could be bound.
    #[error("cannot listen on 127.0.0.1 at any port from {min} to {max}: {source}")]
    NoFreePort {
        /// First port tried.
        min: u16,
        /// Last port tried.
        max: u16,
        /// Why the last one failed.
        source: std::io::Error,
    },
    /// Binding or querying the listener failed.
    #[error("cannot listen on 127.0.0.1: {0}")]
    Listen(std::io::Error),
    /// `PLUGIN_CLIENT_CERT` holds no PEM certificate.
    #[error("PLUGIN_CLIENT_CERT does not hold a PEM certificate: {0}")]
    ClientCertificate(String),
    /// Generating the server certificate or building the TLS configuration failed.
    #[error("TLS set-up failed: {0}")]
    Tls(String),
    /// Taking over SIGINT failed.
    #[error("cannot handle SIGINT: {0}")]
    Signal(std::io::Error),
    /// Writing the handshake (or reattach) line to stdout failed.
    #[error("cannot write the handshake line to stdout: {0}")]
    Handshake(std::io::Error),
    /// The gRPC transport failed.
    #[error("gRPC server failed: {0}")]
    Transport(tonic::transport::Error),
}

/// After shutdown is requested, how long the server waits for connections to close before
/// [`serve_on`] returns anyway. Terraform hangs up as soon as it has `Shutdown`'s answer.
const DRAIN: Duration = Duration::from_millis(20);

/// Listens, prints the handshake line, serves `routes` (the tfplugin6 Provider service, already
/// added by the caller) plus the controller service, until Shutdown.
///
/// Under Terraform, `Shutdown` returns from here within [`DRAIN`], and ends the process
/// [`controller::EXIT_DELAY`] after the answer should nothing else have ended it by then. In
/// debug mode Ctrl-C does the same.
///
/// # Errors
/// Not started by Terraform, no protocol version in common, a bad port range or no free port,
/// a bad client certificate, TLS set-up, SIGINT handling, stdout, or the transport.
pub(crate) async fn run(
    routes: tonic::service::Routes,
    options: LaunchOptions,
) -> Result<(), LaunchError> {
    let environment = if options.debug {
        handshake::Environment::debug()
    } else {
        handshake::Environment::from_process()?
    };
    // The certificate before the listener: a bad PEM fails without ever listening.
    let tls = environment
        .client_certificate
        .as_deref()
        .map(tls::ServerTls::pinned_to)
        .transpose()?;
    let listener = handshake::listen(&environment).await?;
    let address = listener.local_addr().map_err(LaunchError::Listen)?;
    let shutdown = Shutdown::new(Exit::process());

    let mut stdout = std::io::stdout().lock();
    if options.debug {
        signals::shutdown_on_interrupt(shutdown.clone()).map_err(LaunchError::Signal)?;
        let pid = std::process::id();
        writeln!(
            stdout,
            "{}",
            debug::reattach_line(&options.provider_address, pid, address)
        )
        .and_then(|()| stdout.flush())
        .map_err(LaunchError::Handshake)?;
        eprintln!("{}", debug::explanation(&options.provider_address));
    } else {
        signals::ignore_interrupt().map_err(LaunchError::Signal)?;
        let certificate = tls.as_ref().map(|tls| tls.certificate.as_ref());
        handshake::write_line(&mut stdout, address, certificate).map_err(LaunchError::Handshake)?;
        stdout_to_stderr();
    }
    drop(stdout);

    serve_on(listener, tls.map(|tls| tls.config), routes, shutdown).await
}

/// Points standard output at standard error: after the handshake line Terraform reads nothing
/// more from stdout, and what provider code prints there belongs in the log.
fn stdout_to_stderr() {
    #[cfg(unix)]
    // SAFETY: dup2 on the process's own standard descriptors, which stay open; Rust's stdout
    // handle (locked by the caller, flushed) keeps writing to descriptor 1.
    unsafe {
        libc::dup2(2, 1);
    }
}

/// Serves `routes` plus the controller service on `listener` (through mutual TLS when `tls` is
/// given) until `shutdown` is triggered, by the controller's `Shutdown` or by its owner; then
/// lets connections close for at most [`DRAIN`] and returns.
pub(crate) async fn serve_on(
    listener: TcpListener,
    tls: Option<Arc<rustls::ServerConfig>>,
    routes: tonic::service::Routes,
    shutdown: Shutdown,
) -> Result<(), LaunchError> {
    let routes = routes.add_service(controller::service(shutdown.clone()));
    match tls {
        Some(config) => {
            let incoming = tls::accept(listener, config);
            serve_incoming(routes, incoming, &shutdown).await
        }
        None => {
            let incoming = TcpListenerStream::new(listener).map(|stream| {
                let stream = stream?;
                // Small gRPC frames on loopback: Nagle's delay would dominate.
                stream.set_nodelay(true)?;
                Ok::<_, std::io::Error>(stream)
            });
            serve_incoming(routes, incoming, &shutdown).await
        }
    }
}

/// The server over one kind of connection.
async fn serve_incoming<I, IO>(
    routes: tonic::service::Routes,
    incoming: I,
    shutdown: &Shutdown,
) -> Result<(), LaunchError>
where
    I: tokio_stream::Stream<Item = Result<IO, std::io::Error>>,
    IO: tokio::io::AsyncRead + tokio::io::AsyncWrite + Connected + Unpin + Send + 'static,
{
    let server = tonic::transport::Server::builder()
        .add_routes(routes)
        .serve_with_incoming_shutdown(incoming, shutdown.requested());
    finish_within(server, shutdown.requested(), DRAIN).await
}

/// Runs `server` to its end, but once `requested` has resolved waits at most `drain` more.
async fn finish_within(
    server: impl Future<Output = Result<(), tonic::transport::Error>>,
    requested: impl Future<Output = ()>,
    drain: Duration,
) -> Result<(), LaunchError> {
    tokio::pin!(server);
    tokio::select! {
        result = &mut server => return result.map_err(LaunchError::Transport),
        () = requested => {}
    }
    match tokio::time::timeout(drain, server).await {
        Ok(result) => result.map_err(LaunchError::Transport),
        // A connection still open: the answer has gone out, stop waiting for the peer.
        Err(_elapsed) => Ok(()),
    }
}
