//! The forwarded provider as a child process, launched the way Terraform launches a plugin
//! (go-plugin's contract): the magic cookie, the protocol versions this front speaks, the port
//! range, and a client certificate for automatic mutual TLS in the environment; one handshake
//! line read from its standard output; a gRPC connection over TLS (TCP or a Unix socket, as
//! the line says); its standard output and error relayed to this process's standard error,
//! which Terraform reads as the provider's log.
//!
//! A child never outlives this process: on Linux it is told to die with it
//! (`PR_SET_PDEATHSIG`), and [`end_all`] kills every live child when the provider exits.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::STANDARD_NO_PAD;
use hyper_util::rt::TokioIo;
use rustls::pki_types::{CertificateDer, ServerName};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, BufReader};
use tokio::process::Command;
use tonic::transport::{Channel, Endpoint};

use super::StartError;
use super::client::{ChildClient, Protocol};
use super::tls::ClientIdentity;
use crate::launch::{MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE};
use crate::proto::plugin;
use crate::proto::plugin::grpc_controller_client::GrpcControllerClient;
use crate::proto::plugin::grpc_stdio_client::GrpcStdioClient;

/// The plugin protocol versions offered to the child: it chooses the newest it speaks, 5 for
/// terraform-plugin-sdk/v2 providers, 6 for terraform-plugin-framework ones.
const PROTOCOL_VERSIONS: &str = "5,6";

/// How long [`Child::end`] waits for the controller's `Shutdown` before killing.
const SHUTDOWN_GRACE: Duration = Duration::from_millis(500);

/// A running child provider and the connection to it.
pub(crate) struct Child {
    /// The executable, for messages.
    pub(crate) executable: PathBuf,
    /// Its process id.
    pub(crate) pid: u32,
    /// The plugin protocol it chose.
    pub(crate) protocol: Protocol,
    /// Its provider service, in protocol 6's messages whatever it speaks.
    pub(crate) provider: ChildClient,
    controller: GrpcControllerClient<Channel>,
    process: Mutex<Option<tokio::process::Child>>,
}

/// The live children's process ids, for [`end_all`].
static LIVE: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// Kills every child still running, at once: called on the way out of the process (after
/// Terraform's `Shutdown`), when there is no time to ask politely.
pub(crate) fn end_all() {
    let pids = std::mem::take(&mut *LIVE.lock().unwrap_or_else(PoisonError::into_inner));
    for pid in pids {
        kill(pid);
    }
}

/// Kills the child and every process it started: the child leads a process group of its own
/// ([`spawn`]), so a wrapper script's provider, or anything else the child left behind, goes
/// with it (such a process would hold Terraform's log pipe open, and Terraform would wait).
fn kill(pid: u32) {
    // Never 0 (or negative): kill(2) would signal this process's own group.
    #[cfg(unix)]
    if let Ok(pid) = libc::pid_t::try_from(pid)
        && pid > 0
    {
        // SAFETY: kill(2) on the process group this process created for its child, and on
        // the child; a group or process already gone makes it fail with ESRCH, which is fine.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
            libc::kill(pid, libc::SIGKILL);
        }
    }
}

/// Kills what is left of the process group of a child that has exited (and been reaped, so
/// its own pid is no longer ours to signal; the group id stays taken while any member lives).
fn kill_group(pid: u32) {
    #[cfg(unix)]
    if let Ok(pid) = libc::pid_t::try_from(pid)
        && pid > 0
    {
        // SAFETY: kill(2) on the process group this process created for its child; a group
        // with no member left makes it fail with ESRCH, which is fine.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
}

impl Child {
    /// Starts `executable` and connects to it within `timeout`.
    pub(crate) async fn start(executable: &Path, timeout: Duration) -> Result<Child, StartError> {
        let identity = ClientIdentity::generate().map_err(StartError::Tls)?;
        let mut process = spawn(executable, &identity.pem)?;
        // A child just spawned and not yet waited for has an id.
        let pid = process.id().ok_or_else(|| StartError::Spawn {
            executable: executable.to_owned(),
            reason: "it exited before it could be tracked".to_owned(),
        })?;
        LIVE.lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(pid);
        let stdout = process.stdout.take().ok_or_else(|| StartError::Spawn {
            executable: executable.to_owned(),
            reason: "its standard output could not be read".to_owned(),
        })?;
        let connected = tokio::time::timeout(timeout, handshake(executable, stdout, identity));
        let connected = match connected.await {
            Ok(Ok(connected)) => connected,
            Ok(Err(HandshakeFailure::Exited)) => {
                let status = process.wait().await.ok();
                forget(pid);
                return Err(StartError::NotAPlugin {
                    executable: executable.to_owned(),
                    status: status.map(|status| status.to_string()),
                });
            }
            Ok(Err(HandshakeFailure::Refused(error))) => {
                end_process(&mut process, pid).await;
                return Err(error);
            }
            Err(_elapsed) => {
                end_process(&mut process, pid).await;
                return Err(StartError::Timeout {
                    executable: executable.to_owned(),
                    timeout,
                });
            }
        };
        let Connected {
            channel,
            protocol,
            stdout,
        } = connected;
        tokio::spawn(relay(stdout));
        tokio::spawn(stream_stdio(GrpcStdioClient::new(channel.clone())));
        let provider = ChildClient::new(channel.clone(), protocol);
        Ok(Child {
            executable: executable.to_owned(),
            pid,
            protocol,
            provider,
            controller: GrpcControllerClient::new(channel),
            process: Mutex::new(Some(process)),
        })
    }

    /// Ends the child: the controller's `Shutdown`, as Terraform ends a plugin, then a kill if
    /// it has not exited within [`SHUTDOWN_GRACE`].
    pub(crate) async fn end(&self) {
        let mut controller = self.controller.clone();
        let _ = tokio::time::timeout(SHUTDOWN_GRACE, controller.shutdown(plugin::Empty {})).await;
        let process = self
            .process
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(mut process) = process {
            if tokio::time::timeout(SHUTDOWN_GRACE, process.wait())
                .await
                .is_err()
            {
                end_process(&mut process, self.pid).await;
            } else {
                // The child has exited; what it started may not have.
                kill_group(self.pid);
            }
            forget(self.pid);
        }
    }
}

impl Child {
    /// How the child ended, if it has.
    pub(crate) fn exit_status(&self) -> Option<std::process::ExitStatus> {
        let mut process = self.process.lock().unwrap_or_else(PoisonError::into_inner);
        let status = process.as_mut()?.try_wait().ok().flatten()?;
        // Reaped: its pid may be reused, so it is no longer ours to kill.
        forget(self.pid);
        Some(status)
    }

    /// How the child ended, waiting up to `patience` for it to end: a call can fail because
    /// the connection broke a moment before the process is gone.
    pub(crate) async fn exit_status_within(
        &self,
        patience: Duration,
    ) -> Option<std::process::ExitStatus> {
        let deadline = tokio::time::Instant::now() + patience;
        loop {
            if let Some(status) = self.exit_status() {
                return Some(status);
            }
            if tokio::time::Instant::now() >= deadline {
                return None;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        // Still ours (not reaped) only while listed.
        let live = LIVE
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .contains(&self.pid);
        if live {
            kill(self.pid);
            forget(self.pid);
        }
    }
}

fn forget(pid: u32) {
    LIVE.lock()
        .unwrap_or_else(PoisonError::into_inner)
        .retain(|live| *live != pid);
}

async fn end_process(process: &mut tokio::process::Child, pid: u32) {
    kill(pid);
    let _ = process.start_kill();
    let _ = process.wait().await;
    forget(pid);
}

/// Starts the process with the launch environment. Its standard error is this process's (the
/// log Terraform reads); its standard output is read for the handshake line.
fn spawn(executable: &Path, client_pem: &str) -> Result<tokio::process::Child, StartError> {
    let mut command = Command::new(executable);
    command
        .env(MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE)
        .env("PLUGIN_PROTOCOL_VERSIONS", PROTOCOL_VERSIONS)
        .env("PLUGIN_CLIENT_CERT", client_pem)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .kill_on_drop(true);
    // A process group of its own, which `kill` ends as a whole.
    #[cfg(unix)]
    command.process_group(0);
    #[cfg(target_os = "linux")]
    // SAFETY: prctl is async-signal-safe; between fork and exec it only sets the signal the
    // child gets when this process ends.
    unsafe {
        command.pre_exec(|| {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            Ok(())
        });
    }
    command.spawn().map_err(|error| {
        if error.kind() == std::io::ErrorKind::NotFound {
            StartError::Missing {
                executable: executable.to_owned(),
            }
        } else {
            StartError::Spawn {
                executable: executable.to_owned(),
                reason: error.to_string(),
            }
        }
    })
}

/// A child after its handshake.
struct Connected {
    channel: Channel,
    protocol: Protocol,
    stdout: BufReader<tokio::process::ChildStdout>,
}

enum HandshakeFailure {
    /// Standard output closed before a line: the process exited (not a plugin, or it failed).
    Exited,
    /// A line that is not a handshake this front can use, or a failed connection.
    Refused(StartError),
}

/// Reads the handshake line and connects as it says.
async fn handshake(
    executable: &Path,
    stdout: tokio::process::ChildStdout,
    identity: ClientIdentity,
) -> Result<Connected, HandshakeFailure> {
    let mut stdout = BufReader::new(stdout);
    let mut line = String::new();
    let read = stdout.read_line(&mut line).await;
    if matches!(read, Ok(0) | Err(_)) {
        return Err(HandshakeFailure::Exited);
    }
    let refused = |reason: String| {
        HandshakeFailure::Refused(StartError::Handshake {
            executable: executable.to_owned(),
            line: line.trim_end().to_owned(),
            reason,
        })
    };
    let handshake = HandshakeLine::parse(line.trim_end()).map_err(refused)?;
    let channel = connect(&handshake, identity).await.map_err(refused)?;
    Ok(Connected {
        channel,
        protocol: handshake.protocol,
        stdout,
    })
}

/// go-plugin's handshake line: `CORE|PROTOCOL|NETWORK|ADDRESS|grpc|SERVER-CERT`.
#[derive(Debug, PartialEq)]
pub(crate) struct HandshakeLine {
    pub(crate) protocol: Protocol,
    pub(crate) network: Network,
    pub(crate) certificate: Option<Vec<u8>>,
}

/// Where the child listens.
#[derive(Debug, PartialEq)]
pub(crate) enum Network {
    Tcp(String),
    Unix(PathBuf),
}

impl HandshakeLine {
    pub(crate) fn parse(line: &str) -> Result<HandshakeLine, String> {
        let fields: Vec<&str> = line.split('|').collect();
        let [core, protocol, network, address, kind, rest @ ..] = fields.as_slice() else {
            return Err("it has fewer than five `|`-separated fields".to_owned());
        };
        if *core != "1" {
            return Err(format!("core protocol {core:?} is not go-plugin's 1"));
        }
        let protocol: u32 = protocol
            .parse()
            .map_err(|_| format!("plugin protocol {protocol:?} is not a number"))?;
        let protocol = Protocol::of(protocol).ok_or_else(|| {
            format!(
                "the provider chose plugin protocol {protocol}, and this front offered {PROTOCOL_VERSIONS}"
            )
        })?;
        if *kind != "grpc" {
            return Err(format!(
                "protocol {kind:?} is not grpc (net/rpc plugins are not providers)"
            ));
        }
        let network = match *network {
            "tcp" => Network::Tcp((*address).to_owned()),
            "unix" => Network::Unix(PathBuf::from(address)),
            other => return Err(format!("network {other:?} is neither tcp nor unix")),
        };
        let certificate = match rest.first().copied().unwrap_or_default() {
            "" => None,
            encoded => Some(
                STANDARD_NO_PAD
                    .decode(encoded.trim_end_matches('='))
                    .map_err(|error| format!("its server certificate is not base64: {error}"))?,
            ),
        };
        Ok(HandshakeLine {
            protocol,
            network,
            certificate,
        })
    }
}

/// A gRPC channel to the child over mutual TLS.
async fn connect(handshake: &HandshakeLine, identity: ClientIdentity) -> Result<Channel, String> {
    let certificate = handshake.certificate.clone().ok_or_else(|| {
        "it printed no server certificate, though it was given a client certificate (automatic \
         mutual TLS)"
            .to_owned()
    })?;
    let config = identity.client_config(CertificateDer::from(certificate))?;
    let connector = tokio_rustls::TlsConnector::from(config);
    let network = match &handshake.network {
        Network::Tcp(address) => Network::Tcp(address.clone()),
        Network::Unix(path) => Network::Unix(path.clone()),
    };
    let network = Arc::new(network);
    let service = tower::service_fn(move |_uri| {
        let connector = connector.clone();
        let network = Arc::clone(&network);
        async move {
            let name = ServerName::try_from("localhost").map_err(std::io::Error::other)?;
            let stream: Box<dyn Stream> = match &*network {
                Network::Tcp(address) => {
                    let stream = tokio::net::TcpStream::connect(address).await?;
                    stream.set_nodelay(true)?;
                    Box::new(connector.connect(name, stream).await?)
                }
                Network::Unix(path) => {
                    let stream = tokio::net::UnixStream::connect(path).await?;
                    Box::new(connector.connect(name, stream).await?)
                }
            };
            Ok::<_, std::io::Error>(TokioIo::new(stream))
        }
    });
    Endpoint::from_static("http://localhost")
        .connect_with_connector(service)
        .await
        .map_err(|error| format!("cannot connect: {}", error_chain(&error)))
}

/// A connected stream of either kind.
trait Stream: tokio::io::AsyncRead + tokio::io::AsyncWrite + Send + Unpin {}
impl<T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Send + Unpin> Stream for T {}

/// An error with its sources, `: `-separated.
fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

/// Copies what the child writes on standard output after the handshake to this process's
/// standard error.
async fn relay(mut stdout: impl AsyncRead + Unpin) {
    let mut buffer = vec![0u8; 8192];
    while let Ok(read) = stdout.read(&mut buffer).await {
        if read == 0 {
            return;
        }
        let _ = std::io::stderr().write_all(&buffer[..read]);
    }
}

/// go-plugin's stdio stream: what the child's Go code writes to `os.Stdout` and `os.Stderr`
/// after the handshake (its logs among it), written to this process's standard error.
async fn stream_stdio(mut client: GrpcStdioClient<Channel>) {
    let Ok(response) = client.stream_stdio(plugin::Empty {}).await else {
        return;
    };
    let mut stream = response.into_inner();
    while let Ok(Some(data)) = stream.message().await {
        let _ = std::io::stderr().write_all(&data.data);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_plugins_handshake_lines_are_read() {
        let line = HandshakeLine::parse("1|6|unix|/tmp/plugin123|grpc|AAEC").unwrap();
        assert_eq!(
            line,
            HandshakeLine {
                protocol: Protocol::V6,
                network: Network::Unix(PathBuf::from("/tmp/plugin123")),
                certificate: Some(vec![0, 1, 2]),
            }
        );
        let line = HandshakeLine::parse("1|6|tcp|127.0.0.1:1234|grpc|").unwrap();
        assert_eq!(line.network, Network::Tcp("127.0.0.1:1234".to_owned()));
        assert_eq!(line.certificate, None);
        // go-plugin's seventh field (multiplexing) is ignored.
        assert!(HandshakeLine::parse("1|6|tcp|127.0.0.1:1|grpc||true").is_ok());
    }

    #[test]
    fn other_lines_say_what_is_wrong() {
        let error = |line| HandshakeLine::parse(line).unwrap_err();
        assert!(error("hello").contains("fewer than five"));
        assert!(error("2|6|tcp|a|grpc|").contains("core protocol \"2\""));
        assert!(error("1|4|tcp|a|grpc|").contains("chose plugin protocol 4"));
        assert!(error("1|6|tcp|a|netrpc|").contains("not grpc"));
        assert!(error("1|6|udp|a|grpc|").contains("neither tcp nor unix"));
        assert!(error("1|6|tcp|a|grpc|!!").contains("not base64"));
    }
}
