//! [`serve_on`] in-process on 127.0.0.1, driven by tonic clients over tokio-rustls the way
//! Terraform drives a provider: mutual TLS with a P-521 client certificate, calls, `Shutdown`,
//! and the refusals (no certificate, another certificate, plaintext) before any service runs.

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use hyper_util::rt::TokioIo;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer, ServerName, UnixTime};
use rustls::{DigitallySignedStruct, SignatureScheme, SupportedProtocolVersion};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;
use tonic::codegen::http;
use tonic::transport::{Channel, Endpoint};

use super::controller::{EXIT_DELAY, Exit, Shutdown};
use super::tls::{ServerTls, crypto_provider};
use super::{DRAIN, LaunchError, serve_on};
use crate::proto::plugin;
use crate::proto::plugin::grpc_controller_client::GrpcControllerClient;

/// What the probe service answers, so a test can tell "reached the service" from any failure.
const PROBE_REACHED: &str = "probe reached";

/// A tiny service standing in for the provider: counts the calls that reach it.
#[derive(Clone)]
struct Probe(Arc<AtomicUsize>);

impl tonic::server::NamedService for Probe {
    const NAME: &'static str = "tfsdk.test.Probe";
}

impl tonic::codegen::Service<http::Request<tonic::body::Body>> for Probe {
    type Response = http::Response<tonic::body::Body>;
    type Error = std::convert::Infallible;
    type Future = std::future::Ready<Result<Self::Response, Self::Error>>;

    fn poll_ready(
        &mut self,
        _cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Result<(), Self::Error>> {
        std::task::Poll::Ready(Ok(()))
    }

    fn call(&mut self, _request: http::Request<tonic::body::Body>) -> Self::Future {
        self.0.fetch_add(1, Ordering::SeqCst);
        let status = tonic::Status::failed_precondition(PROBE_REACHED);
        std::future::ready(Ok(status.into_http()))
    }
}

/// A certificate and key as Terraform makes them for each run: ECDSA P-521, the CA flag set
/// (go-plugin's `generateCert`).
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
    params
        .distinguished_name
        .push(rcgen::DnType::OrganizationName, "HashiCorp");
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

/// A provider server running [`serve_on`] in this process.
struct Running {
    address: SocketAddr,
    /// The server certificate the handshake line would announce.
    certificate: Option<CertificateDer<'static>>,
    probe_calls: Arc<AtomicUsize>,
    exits: Arc<AtomicUsize>,
    shutdown: Shutdown,
    task: JoinHandle<Result<(), LaunchError>>,
}

impl Running {
    async fn start(client_pem: Option<&str>) -> Running {
        let tls = client_pem.map(|pem| ServerTls::pinned_to(pem).unwrap());
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let probe_calls = Arc::new(AtomicUsize::new(0));
        let exits = Arc::new(AtomicUsize::new(0));
        let counted = Arc::clone(&exits);
        let shutdown = Shutdown::new(Exit::with(move || {
            counted.fetch_add(1, Ordering::SeqCst);
        }));
        let routes = tonic::service::Routes::new(Probe(Arc::clone(&probe_calls)));
        let certificate = tls.as_ref().map(|tls| tls.certificate.clone());
        let task = tokio::spawn(serve_on(
            listener,
            tls.map(|tls| tls.config),
            routes,
            shutdown.clone(),
        ));
        Running {
            address,
            certificate,
            probe_calls,
            exits,
            shutdown,
            task,
        }
    }

    fn server_certificate(&self) -> CertificateDer<'static> {
        self.certificate.clone().unwrap()
    }

    /// Nothing reached a service, and nothing asked the process to end.
    fn assert_untouched(&self) {
        assert_eq!(self.probe_calls.load(Ordering::SeqCst), 0, "probe invoked");
        assert!(!self.shutdown.is_requested(), "controller invoked");
        assert_eq!(self.exits.load(Ordering::SeqCst), 0);
        assert!(!self.task.is_finished(), "the server stopped");
    }
}

/// Trusts exactly the server certificate of the handshake line, as Terraform does.
#[derive(Debug)]
struct PinnedServer(CertificateDer<'static>);

impl ServerCertVerifier for PinnedServer {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        _ocsp: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        assert_eq!(server_name.to_str(), "localhost");
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
        let algorithms = crypto_provider().signature_verification_algorithms;
        rustls::crypto::verify_tls12_signature(message, certificate, signature, &algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        certificate: &CertificateDer<'_>,
        signature: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        let algorithms = crypto_provider().signature_verification_algorithms;
        rustls::crypto::verify_tls13_signature(message, certificate, signature, &algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        crypto_provider()
            .signature_verification_algorithms
            .supported_schemes()
    }
}

const TLS_1_2_AND_1_3: &[&SupportedProtocolVersion] =
    &[&rustls::version::TLS13, &rustls::version::TLS12];

fn client_config(
    server: CertificateDer<'static>,
    identity: Option<&Identity>,
    versions: &[&'static SupportedProtocolVersion],
) -> Arc<rustls::ClientConfig> {
    // Terraform's side signs with its P-521 key: aws-lc-rs, which the server's ring cannot.
    let builder = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::aws_lc_rs::default_provider(),
    ))
    .with_protocol_versions(versions)
    .unwrap()
    .dangerous()
    .with_custom_certificate_verifier(Arc::new(PinnedServer(server)));
    let mut config = match identity {
        Some(identity) => builder
            .with_client_auth_cert(vec![identity.der.clone()], identity.key.clone_key())
            .unwrap(),
        None => builder.with_no_client_auth(),
    };
    config.alpn_protocols = vec![b"h2".to_vec()];
    Arc::new(config)
}

/// A gRPC channel over tokio-rustls with `config`; it checks that ALPN chose h2.
fn tls_channel(address: SocketAddr, config: Arc<rustls::ClientConfig>) -> Channel {
    let connector = tower::service_fn(move |_uri: http::Uri| {
        let connector = tokio_rustls::TlsConnector::from(Arc::clone(&config));
        async move {
            let tcp = TcpStream::connect(address).await?;
            let name = ServerName::try_from("localhost").map_err(io::Error::other)?;
            let tls = connector.connect(name, tcp).await?;
            assert_eq!(tls.get_ref().1.alpn_protocol(), Some(&b"h2"[..]));
            Ok::<_, io::Error>(TokioIo::new(tls))
        }
    });
    endpoint("http://localhost").connect_with_connector_lazy(connector)
}

/// A plaintext (h2c) gRPC channel.
fn plain_channel(address: SocketAddr) -> Channel {
    endpoint(&format!("http://{address}")).connect_lazy()
}

fn endpoint(uri: &str) -> Endpoint {
    Endpoint::from_shared(uri.to_owned())
        .unwrap()
        .connect_timeout(Duration::from_secs(5))
        .timeout(Duration::from_secs(5))
}

/// Calls the probe; `Ok` when the call reached it.
async fn call_probe(channel: Channel) -> Result<(), tonic::Status> {
    let mut grpc = tonic::client::Grpc::new(channel);
    grpc.ready()
        .await
        .map_err(|error| tonic::Status::unavailable(error.to_string()))?;
    let codec = tonic_prost::ProstCodec::<plugin::Empty, plugin::Empty>::default();
    let path = http::uri::PathAndQuery::from_static("/tfsdk.test.Probe/Call");
    match grpc
        .unary(tonic::Request::new(plugin::Empty {}), path, codec)
        .await
    {
        Err(status) if status.message() == PROBE_REACHED => Ok(()),
        Err(status) => Err(status),
        Ok(_) => panic!("the probe never answers OK"),
    }
}

async fn call_shutdown(channel: Channel) -> Result<plugin::Empty, tonic::Status> {
    let answer = GrpcControllerClient::new(channel)
        .shutdown(plugin::Empty {})
        .await?;
    Ok(answer.into_inner())
}

/// After a successful `Shutdown`: the server stops within [`DRAIN`], and the exit is called
/// once, [`EXIT_DELAY`] after the call. Returns how long `serve_on` took to return.
async fn assert_shut_down(running: Running, answered: Instant) -> Duration {
    let result = tokio::time::timeout(Duration::from_secs(2), running.task)
        .await
        .expect("serve_on returns after Shutdown");
    result.unwrap().unwrap();
    let returned = answered.elapsed();
    assert!(
        returned <= DRAIN + Duration::from_millis(30),
        "serve_on returned {returned:?} after the answer"
    );
    tokio::time::sleep(EXIT_DELAY + Duration::from_millis(30)).await;
    assert_eq!(running.exits.load(Ordering::SeqCst), 1, "exit called once");
    returned
}

#[tokio::test]
async fn terraforms_p521_client_completes_calls_and_shutdown_ends_the_server() {
    let terraform = terraform_identity();
    let running = Running::start(Some(&terraform.pem)).await;
    let config = client_config(
        running.server_certificate(),
        Some(&terraform),
        TLS_1_2_AND_1_3,
    );
    let channel = tls_channel(running.address, config);

    call_probe(channel.clone()).await.unwrap();
    call_probe(channel.clone()).await.unwrap();
    assert_eq!(running.probe_calls.load(Ordering::SeqCst), 2);
    assert_eq!(running.exits.load(Ordering::SeqCst), 0);

    // The channel stays open: the server must not wait for Terraform to hang up.
    let answer = call_shutdown(channel.clone()).await.unwrap();
    let answered = Instant::now();
    assert_eq!(answer, plugin::Empty {});
    assert_eq!(
        running.exits.load(Ordering::SeqCst),
        0,
        "not before the answer"
    );
    let returned = assert_shut_down(running, answered).await;
    println!("serve_on returned {returned:?} after Shutdown was answered");
    drop(channel);
}

#[tokio::test]
async fn tls_1_2_is_accepted_too() {
    let terraform = terraform_identity();
    let running = Running::start(Some(&terraform.pem)).await;
    let tls12 = &[&rustls::version::TLS12];
    let config = client_config(running.server_certificate(), Some(&terraform), tls12);
    call_probe(tls_channel(running.address, config))
        .await
        .unwrap();
    assert_eq!(running.probe_calls.load(Ordering::SeqCst), 1);
}

/// Each refused client tries both the probe and `Shutdown`; neither runs, the server keeps
/// serving, and Terraform's own client still gets through afterwards.
async fn assert_refused(running: &Running, channel: impl Fn() -> Channel, who: &str) {
    let probe = call_probe(channel()).await;
    let status = probe.expect_err(who);
    println!("{who}: the probe call failed with {:?}", status.code());
    let shutdown = call_shutdown(channel()).await;
    assert!(shutdown.is_err(), "{who}: Shutdown went through");
    running.assert_untouched();
}

/// What a client sees on the raw connection after its TLS handshake: the server's alert.
async fn raw_tls_outcome(address: SocketAddr, config: Arc<rustls::ClientConfig>) -> String {
    let tcp = TcpStream::connect(address).await.unwrap();
    let name = ServerName::try_from("localhost").unwrap();
    let connector = tokio_rustls::TlsConnector::from(config);
    let mut tls = match connector.connect(name, tcp).await {
        Ok(tls) => tls,
        Err(error) => return error.to_string(),
    };
    // TLS 1.3: the client finishes first; the server's verdict comes with the first read.
    let _ = tls
        .write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\0\0\0\x04\0\0\0\0\0")
        .await;
    let mut buffer = [0_u8; 64];
    match tls.read(&mut buffer).await {
        Ok(0) => "closed".to_owned(),
        Ok(read) => format!("server sent {read} bytes"),
        Err(error) => error.to_string(),
    }
}

async fn assert_still_serving_terraform(running: &Running, terraform: &Identity) {
    let config = client_config(
        running.server_certificate(),
        Some(terraform),
        TLS_1_2_AND_1_3,
    );
    call_probe(tls_channel(running.address, config))
        .await
        .unwrap();
    assert_eq!(running.probe_calls.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn a_client_without_a_certificate_is_refused_before_any_service() {
    let terraform = terraform_identity();
    let running = Running::start(Some(&terraform.pem)).await;
    let config = client_config(running.server_certificate(), None, TLS_1_2_AND_1_3);

    let outcome = raw_tls_outcome(running.address, Arc::clone(&config)).await;
    assert!(outcome.contains("CertificateRequired"), "{outcome}");
    let address = running.address;
    assert_refused(
        &running,
        || tls_channel(address, Arc::clone(&config)),
        "no certificate",
    )
    .await;
    assert_still_serving_terraform(&running, &terraform).await;
}

#[tokio::test]
async fn a_client_with_another_certificate_is_refused_before_any_service() {
    let terraform = terraform_identity();
    let running = Running::start(Some(&terraform.pem)).await;
    // Made exactly like Terraform's, but not the one Terraform announced.
    let impostor = terraform_identity();
    for versions in [TLS_1_2_AND_1_3, &[&rustls::version::TLS12]] {
        let config = client_config(running.server_certificate(), Some(&impostor), versions);
        let outcome = raw_tls_outcome(running.address, Arc::clone(&config)).await;
        // The verifier's "not the pinned certificate" is rustls's access_denied alert.
        assert!(outcome.contains("AccessDenied"), "{outcome}");
        let address = running.address;
        assert_refused(
            &running,
            || tls_channel(address, Arc::clone(&config)),
            "another certificate",
        )
        .await;
    }
    assert_still_serving_terraform(&running, &terraform).await;
}

#[tokio::test]
async fn plaintext_h2c_is_refused_before_any_service() {
    let terraform = terraform_identity();
    let running = Running::start(Some(&terraform.pem)).await;
    let address = running.address;
    assert_refused(&running, || plain_channel(address), "plaintext h2c").await;
    assert_still_serving_terraform(&running, &terraform).await;
}

#[tokio::test]
async fn without_tls_it_serves_h2c_and_shuts_down() {
    // Debug mode, or Terraform run with TF_DISABLE_PLUGIN_TLS.
    let running = Running::start(None).await;
    call_probe(plain_channel(running.address)).await.unwrap();
    assert_eq!(running.probe_calls.load(Ordering::SeqCst), 1);
    call_shutdown(plain_channel(running.address)).await.unwrap();
    assert_shut_down(running, Instant::now()).await;
}

#[tokio::test]
async fn triggering_the_switch_stops_the_server_like_shutdown() {
    // Debug mode's Ctrl-C pulls the same switch.
    let running = Running::start(None).await;
    running.shutdown.trigger();
    assert_shut_down(running, Instant::now()).await;
}
