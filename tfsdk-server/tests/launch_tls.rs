//! The launch contract end to end, on a real process started the way Terraform starts a
//! provider: environment in, handshake line out, mutual TLS with a P-521 client certificate,
//! the refusals, SIGINT ignored, `Shutdown` ending the process; `--debug` and its reattach
//! line; a binary run by hand. Everything listens on 127.0.0.1 only.
//!
//! The provider process is this test binary itself: started again with [`CHILD`] set, its
//! `provider_process` test calls [`tfsdk_server::serve`] and exits. libtest writes its
//! "running 1 test" banner first, so the parent skips that; everything else on stdout must be
//! the provider's single line.
//!
//! `cargo test -p tfsdk-server --test launch_tls -- --nocapture` prints the start-up timings.

use std::io::{self, BufRead, BufReader, Read};
use std::net::SocketAddr;
use std::process::{Child, Command, ExitCode, ExitStatus, Stdio};
use std::sync::Arc;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use base64::Engine;
use base64::engine::general_purpose::STANDARD_NO_PAD;
use hyper_util::rt::TokioIo;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::CryptoProvider;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer, ServerName, UnixTime};
use rustls::{DigitallySignedStruct, SignatureScheme};
use tfsdk_server::proto::plugin;
use tfsdk_server::proto::plugin::grpc_controller_client::GrpcControllerClient;
use tfsdk_server::proto::tfplugin6;
use tfsdk_server::proto::tfplugin6::provider_client::ProviderClient;
use tokio::net::TcpStream;
use tonic::codegen::http;
use tonic::transport::{Channel, Endpoint};

/// Set in the provider process's environment.
const CHILD: &str = "TFSDK_LAUNCH_TEST_CHILD";
const COOKIE_KEY: &str = "TF_PLUGIN_MAGIC_COOKIE";
const COOKIE: &str = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";
const ADDRESS: &str = "registry.terraform.io/example/launch";
/// How long Terraform gives a provider to exit after `Shutdown`, here: well under its 2 s.
const EXIT_BUDGET: Duration = Duration::from_millis(100);
/// Long enough for a process that was (wrongly) asked to shut down to have exited.
const WOULD_HAVE_EXITED: Duration = Duration::from_millis(250);

/// A provider without resources: the launch is what is under test.
struct Launched;

impl tfsdk_server::Provider for Launched {
    type Config = tfsdk_server::NoConfig;

    fn register(&self, _registry: &mut tfsdk_server::Registry<Self>) {}
}

/// The provider process's `main`; a no-op in the test run itself.
#[test]
fn provider_process() {
    if std::env::var_os(CHILD).is_none() {
        return;
    }
    let code = tfsdk_server::serve(ADDRESS, Launched);
    std::process::exit(if code == ExitCode::SUCCESS { 0 } else { 1 });
}

/// The provider process, with only `env` of the launch variables, and `args` for `serve`.
fn command(env: &[(&str, &str)], args: &[&str]) -> Command {
    let mut command = Command::new(std::env::current_exe().unwrap());
    command.args([
        "provider_process",
        "--exact",
        "--nocapture",
        "--test-threads=1",
        "-q",
    ]);
    if !args.is_empty() {
        // After `--`, libtest takes them as extra name filters that match nothing; `serve`
        // finds them in the process's arguments.
        command.arg("--").args(args);
    }
    for name in [
        COOKIE_KEY,
        "PLUGIN_PROTOCOL_VERSIONS",
        "PLUGIN_MIN_PORT",
        "PLUGIN_MAX_PORT",
        "PLUGIN_CLIENT_CERT",
        "RUST_BACKTRACE",
    ] {
        command.env_remove(name);
    }
    command
        .env(CHILD, "1")
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// libtest's own output in the provider process, not the provider's.
fn is_libtest_banner(line: &str) -> bool {
    line.trim().is_empty() || line.starts_with("running 1 test")
}

/// A provider process and its stdout, line by line.
struct Process {
    child: Child,
    lines: mpsc::Receiver<String>,
    stderr: Option<std::thread::JoinHandle<String>>,
    started: Instant,
}

impl Process {
    fn spawn(env: &[(&str, &str)], args: &[&str]) -> Process {
        let started = Instant::now();
        let mut child = command(env, args).spawn().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in stdout.lines() {
                let Ok(line) = line else { return };
                if sender.send(line).is_err() {
                    return;
                }
            }
        });
        let mut stderr = child.stderr.take().unwrap();
        let stderr = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            text
        });
        Process {
            child,
            lines,
            stderr: Some(stderr),
            started,
        }
    }

    /// The provider's first line of stdout, and how long after the spawn it came.
    fn first_line(&self) -> (String, Duration) {
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(20))
                .expect("the provider prints its line");
            if !is_libtest_banner(&line) {
                return (line, self.started.elapsed());
            }
        }
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }

    fn is_running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// Waits for the exit (polling every millisecond) and says when it happened.
    fn wait_exit(&mut self, limit: Duration) -> (ExitStatus, Instant) {
        let deadline = Instant::now() + limit;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return (status, Instant::now());
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("the provider did not exit within {limit:?}");
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// What the process wrote on stdout after its first line, and on stderr.
    fn rest(mut self) -> (Vec<String>, String) {
        let rest = self
            .lines
            .iter()
            .filter(|line| !is_libtest_banner(line))
            .collect();
        let stderr = self.stderr.take().unwrap().join().unwrap();
        (rest, stderr)
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// A certificate and key as Terraform makes them for each run: ECDSA P-521 with the CA flag.
struct Identity {
    pem: String,
    der: CertificateDer<'static>,
    key: PrivateKeyDer<'static>,
}

fn terraform_identity() -> Identity {
    let key = rcgen::KeyPair::generate_for(&rcgen::PKCS_ECDSA_P521_SHA512).unwrap();
    let mut params = rcgen::CertificateParams::new(vec!["localhost".to_owned()]).unwrap();
    params
        .distinguished_name
        .push(rcgen::DnType::CommonName, "localhost");
    params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    params.key_usages = vec![
        rcgen::KeyUsagePurpose::DigitalSignature,
        rcgen::KeyUsagePurpose::KeyEncipherment,
        rcgen::KeyUsagePurpose::KeyAgreement,
        rcgen::KeyUsagePurpose::KeyCertSign,
    ];
    params.extended_key_usages = vec![
        rcgen::ExtendedKeyUsagePurpose::ClientAuth,
        rcgen::ExtendedKeyUsagePurpose::ServerAuth,
    ];
    let certificate = params.self_signed(&key).unwrap();
    Identity {
        pem: certificate.pem(),
        der: certificate.der().clone(),
        key: PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der())),
    }
}

fn aws_lc_rs() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::aws_lc_rs::default_provider())
}

/// Trusts exactly the certificate of the handshake line, as Terraform does.
#[derive(Debug)]
struct PinnedServer(CertificateDer<'static>);

impl ServerCertVerifier for PinnedServer {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        if end_entity.as_ref() == self.0.as_ref() {
            Ok(ServerCertVerified::assertion())
        } else {
            Err(rustls::Error::General(
                "not the announced certificate".into(),
            ))
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        certificate: &CertificateDer<'_>,
        signature: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        let algorithms = aws_lc_rs().signature_verification_algorithms;
        rustls::crypto::verify_tls12_signature(message, certificate, signature, &algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        certificate: &CertificateDer<'_>,
        signature: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        let algorithms = aws_lc_rs().signature_verification_algorithms;
        rustls::crypto::verify_tls13_signature(message, certificate, signature, &algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        aws_lc_rs()
            .signature_verification_algorithms
            .supported_schemes()
    }
}

/// A gRPC channel over TLS to the server whose certificate is `server`, presenting `identity`.
fn tls_channel(
    address: SocketAddr,
    server: &CertificateDer<'static>,
    identity: Option<&Identity>,
) -> Channel {
    let builder = rustls::ClientConfig::builder_with_provider(aws_lc_rs())
        .with_safe_default_protocol_versions()
        .unwrap()
        .dangerous()
        .with_custom_certificate_verifier(Arc::new(PinnedServer(server.clone())));
    let mut config = match identity {
        Some(identity) => builder
            .with_client_auth_cert(vec![identity.der.clone()], identity.key.clone_key())
            .unwrap(),
        None => builder.with_no_client_auth(),
    };
    config.alpn_protocols = vec![b"h2".to_vec()];
    let config = Arc::new(config);
    let connector = tower::service_fn(move |_uri: http::Uri| {
        let connector = tokio_rustls::TlsConnector::from(Arc::clone(&config));
        async move {
            let tcp = TcpStream::connect(address).await?;
            let name = ServerName::try_from("localhost").map_err(io::Error::other)?;
            let tls = connector.connect(name, tcp).await?;
            Ok::<_, io::Error>(TokioIo::new(tls))
        }
    });
    endpoint("http://localhost").connect_with_connector_lazy(connector)
}

fn plain_channel(address: SocketAddr) -> Channel {
    endpoint(&format!("http://{address}")).connect_lazy()
}

fn endpoint(uri: &str) -> Endpoint {
    Endpoint::from_shared(uri.to_owned())
        .unwrap()
        .connect_timeout(Duration::from_secs(5))
        .timeout(Duration::from_secs(5))
}

async fn shutdown(channel: Channel) -> Result<(), tonic::Status> {
    GrpcControllerClient::new(channel)
        .shutdown(plugin::Empty {})
        .await
        .map(drop)
}

async fn get_schema(
    channel: Channel,
) -> Result<tfplugin6::get_provider_schema::Response, tonic::Status> {
    ProviderClient::new(channel)
        .get_provider_schema(tfplugin6::get_provider_schema::Request {})
        .await
        .map(tonic::Response::into_inner)
}

/// `1|6|tcp|127.0.0.1:PORT|grpc|CERT`: the address, and the certificate when there is one.
fn parse_handshake(line: &str) -> (SocketAddr, Option<CertificateDer<'static>>) {
    let fields: Vec<&str> = line.split('|').collect();
    assert_eq!(fields.len(), 6, "{line}");
    assert_eq!(fields[..3], ["1", "6", "tcp"], "{line}");
    assert_eq!(fields[4], "grpc", "{line}");
    let address: SocketAddr = fields[3].parse().unwrap();
    assert!(address.ip().is_loopback(), "{line}");
    let certificate = (!fields[5].is_empty()).then(|| {
        assert!(!fields[5].contains('='), "base64 without padding: {line}");
        CertificateDer::from(STANDARD_NO_PAD.decode(fields[5]).unwrap())
    });
    (address, certificate)
}

fn terraform_env(pem: &str) -> Vec<(&'static str, String)> {
    vec![
        (COOKIE_KEY, COOKIE.to_owned()),
        ("PLUGIN_PROTOCOL_VERSIONS", "5,6".to_owned()),
        ("PLUGIN_MIN_PORT", "10000".to_owned()),
        ("PLUGIN_MAX_PORT", "25000".to_owned()),
        ("PLUGIN_CLIENT_CERT", pem.to_owned()),
    ]
}

fn as_refs<'a>(env: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    env.iter()
        .map(|(name, value)| (*name, value.as_str()))
        .collect()
}

#[cfg(unix)]
fn interrupt(pid: u32) {
    let status = Command::new("kill")
        .args(["-INT", &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

#[test]
fn launched_by_terraform_it_serves_only_terraforms_certificate_and_exits_on_shutdown() {
    let terraform = terraform_identity();
    let env = terraform_env(&terraform.pem);
    let mut provider = Process::spawn(&as_refs(&env), &[]);
    let (line, startup) = provider.first_line();
    println!("start-up to handshake line (TLS, fresh server key): {startup:?}");
    let (address, certificate) = parse_handshake(&line);
    assert!((10000..=25000).contains(&address.port()), "{line}");
    let certificate = certificate.expect("a certificate with PLUGIN_CLIENT_CERT");

    let runtime = runtime();
    runtime.block_on(async {
        // Terraform's client: the provider's own service and the controller answer.
        let terraform_channel = tls_channel(address, &certificate, Some(&terraform));
        let schema = get_schema(terraform_channel.clone()).await.unwrap();
        assert!(schema.provider.is_some(), "{schema:?}");

        // The refusals: each tries Shutdown, which would end the process had it run.
        let impostor = terraform_identity();
        let refused = [
            ("no certificate", tls_channel(address, &certificate, None)),
            (
                "another certificate",
                tls_channel(address, &certificate, Some(&impostor)),
            ),
            ("plaintext h2c", plain_channel(address)),
        ];
        for (who, channel) in refused {
            let status = shutdown(channel.clone()).await.expect_err(who);
            println!("{who}: refused ({:?})", status.code());
            assert!(get_schema(channel).await.is_err(), "{who}");
        }
        tokio::time::sleep(WOULD_HAVE_EXITED).await;
        assert!(provider.is_running(), "a refused client reached Shutdown");

        // Ctrl-C in Terraform's terminal reaches the provider too; Terraform handles it.
        #[cfg(unix)]
        {
            interrupt(provider.pid());
            tokio::time::sleep(WOULD_HAVE_EXITED).await;
            assert!(provider.is_running(), "SIGINT ended the provider");
        }

        get_schema(terraform_channel.clone()).await.unwrap();
        shutdown(terraform_channel).await.unwrap();
        let answered = Instant::now();
        let (status, exited) = provider.wait_exit(Duration::from_secs(2));
        let delay = exited - answered;
        println!("Shutdown answered to process exit: {delay:?}");
        assert!(status.success(), "{status}");
        assert!(delay < EXIT_BUDGET, "{delay:?}");
    });

    let (rest, stderr) = provider.rest();
    assert_eq!(
        rest,
        Vec::<String>::new(),
        "stdout after the handshake line"
    );
    assert_eq!(stderr, "", "stderr");
}

#[test]
fn start_up_to_the_handshake_line() {
    // Median of several launches, with and without TLS: the difference is the TLS set-up
    // (fresh P-256 server key and certificate, the pinned verifier).
    let terraform = terraform_identity();
    let with_tls = terraform_env(&terraform.pem);
    let without_tls: Vec<_> = with_tls[..4].to_vec();
    let median = |env: &[(&'static str, String)]| {
        let mut times: Vec<Duration> = (0..9)
            .map(|_| {
                let provider = Process::spawn(&as_refs(env), &[]);
                let (line, startup) = provider.first_line();
                assert!(line.starts_with("1|6|tcp|127.0.0.1:"), "{line}");
                startup
            })
            .collect();
        times.sort();
        times[times.len() / 2]
    };
    let tls = median(&with_tls);
    let plain = median(&without_tls);
    println!(
        "start-up to handshake line, median of 9 (process start and libtest included): \
         with TLS {tls:?}, without {plain:?}"
    );
    assert!(tls < Duration::from_secs(2), "{tls:?}");
}

#[test]
fn without_tls_the_certificate_field_is_empty() {
    // Terraform with TF_DISABLE_PLUGIN_TLS: no PLUGIN_CLIENT_CERT.
    let env = [
        (COOKIE_KEY, COOKIE),
        ("PLUGIN_PROTOCOL_VERSIONS", "6"),
        ("PLUGIN_MIN_PORT", "10000"),
        ("PLUGIN_MAX_PORT", "25000"),
    ];
    let mut provider = Process::spawn(&env, &[]);
    let (line, _) = provider.first_line();
    assert!(line.ends_with("|grpc|"), "{line}");
    let (address, certificate) = parse_handshake(&line);
    assert!(certificate.is_none());
    runtime().block_on(async {
        get_schema(plain_channel(address)).await.unwrap();
        shutdown(plain_channel(address)).await.unwrap();
    });
    let (status, _) = provider.wait_exit(Duration::from_secs(2));
    assert!(status.success(), "{status}");
}

#[test]
fn run_by_hand_it_says_it_is_a_plugin_and_exits_1_without_listening() {
    for env in [
        &[][..],
        &[
            (COOKIE_KEY, "not-the-cookie"),
            ("PLUGIN_PROTOCOL_VERSIONS", "6"),
        ][..],
    ] {
        let mut provider = Process::spawn(env, &[]);
        let (status, _) = provider.wait_exit(Duration::from_secs(10));
        assert_eq!(status.code(), Some(1));
        let (stdout, stderr) = provider.rest();
        assert_eq!(stdout, Vec::<String>::new(), "nothing on stdout");
        assert!(stderr.contains("Terraform"), "{stderr}");
        assert!(stderr.contains("--debug"), "{stderr}");
    }
}

#[test]
fn without_protocol_6_it_exits_1() {
    let env = [(COOKIE_KEY, COOKIE), ("PLUGIN_PROTOCOL_VERSIONS", "4,5")];
    let mut provider = Process::spawn(&env, &[]);
    let (status, _) = provider.wait_exit(Duration::from_secs(10));
    assert_eq!(status.code(), Some(1));
    let (stdout, stderr) = provider.rest();
    assert_eq!(stdout, Vec::<String>::new());
    assert!(stderr.contains("protocol 6"), "{stderr}");
}

/// `TF_REATTACH_PROVIDERS='{...}'`: the address, after checking the rest of the value.
fn parse_reattach(line: &str, pid: u32) -> SocketAddr {
    let value = line
        .strip_prefix("TF_REATTACH_PROVIDERS='")
        .and_then(|rest| rest.strip_suffix('\''))
        .unwrap_or_else(|| panic!("{line}"));
    let json: serde_json::Value = serde_json::from_str(value).unwrap();
    let provider = &json[ADDRESS];
    assert_eq!(provider["Protocol"], "grpc", "{line}");
    assert_eq!(provider["ProtocolVersion"], 6, "{line}");
    assert_eq!(provider["Pid"], pid, "{line}");
    assert_eq!(provider["Test"], true, "{line}");
    assert_eq!(provider["Addr"]["Network"], "tcp", "{line}");
    provider["Addr"]["String"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn debug_mode_prints_the_reattach_line_and_serves_plaintext_until_shutdown() {
    let mut provider = Process::spawn(&[], &["--debug"]);
    let (line, _) = provider.first_line();
    let address = parse_reattach(&line, provider.pid());
    assert!(address.ip().is_loopback());
    runtime().block_on(async {
        get_schema(plain_channel(address)).await.unwrap();
        shutdown(plain_channel(address)).await.unwrap();
    });
    let (status, _) = provider.wait_exit(Duration::from_secs(2));
    assert!(status.success(), "{status}");
    let (_, stderr) = provider.rest();
    assert!(stderr.contains("debug mode"), "{stderr}");
}

#[cfg(unix)]
#[test]
fn debug_mode_stops_on_ctrl_c() {
    let mut provider = Process::spawn(&[], &["--debug"]);
    let (line, _) = provider.first_line();
    let address = parse_reattach(&line, provider.pid());
    runtime().block_on(async {
        get_schema(plain_channel(address)).await.unwrap();
    });
    interrupt(provider.pid());
    let interrupted = Instant::now();
    let (status, exited) = provider.wait_exit(Duration::from_secs(2));
    assert!(status.success(), "{status}");
    assert!(
        exited - interrupted < EXIT_BUDGET,
        "{:?}",
        exited - interrupted
    );
}
