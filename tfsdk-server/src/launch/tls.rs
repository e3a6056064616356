//! Mutual TLS as Terraform asks for it: a fresh self-signed server certificate per launch, and
//! only the exact client certificate Terraform handed over.
//!
//! Two crypto libraries share the work. Terraform's client certificate is ECDSA P-521, which
//! ring cannot verify, so the client's signature is checked with aws-lc-rs. Everything the
//! server does itself (its key, the key exchange, randomness) runs on ring: AWS-LC seeds its
//! random generator on first use, which costs about 30 ms at every launch, and a provider
//! process lives for one Terraform operation.
//!
//! TLS completes before a connection is handed to the gRPC server, so a client that fails it
//! never reaches a service.

use std::io;
use std::pin::Pin;
use std::sync::{Arc, OnceLock};
use std::task::{Context, Poll};
use std::time::Duration;

use ring::rand::SystemRandom;
use ring::signature::{ECDSA_P256_SHA256_ASN1_SIGNING, EcdsaKeyPair, KeyPair as _};
use rustls::client::danger::HandshakeSignatureValid;
use rustls::crypto::{CryptoProvider, WebPkiSupportedAlgorithms};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer, UnixTime};
use rustls::server::danger::{ClientCertVerified, ClientCertVerifier};
use rustls::{CertificateError, DigitallySignedStruct, DistinguishedName, SignatureScheme};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_rustls::TlsAcceptor;
use tokio_rustls::server::TlsStream;
use tokio_stream::wrappers::ReceiverStream;

use super::LaunchError;

/// How long a connection may take to complete the TLS handshake before it is dropped.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// The crypto provider of the server's TLS: ring for the server's own operations, aws-lc-rs's
/// signature verification (P-521 included) for the client's.
///
/// Building it also installs aws-lc-rs as the process default when nothing is installed yet:
/// with both libraries compiled in, rustls could not pick one for other TLS users in the
/// provider (an HTTP client, say) and would panic.
pub(crate) fn crypto_provider() -> Arc<CryptoProvider> {
    static PROVIDER: OnceLock<Arc<CryptoProvider>> = OnceLock::new();
    Arc::clone(PROVIDER.get_or_init(|| {
        // Fails only when a default is already installed, which is as good.
        let _ = rustls::crypto::aws_lc_rs::default_provider().install_default();
        // rustls 0.23.48 deprecates ring's provider for want of post-quantum key exchange,
        // which a connection over loopback to the Terraform that launched the process does not
        // need; aws-lc-rs for every operation would cost about 30 ms of start-up (README,
        // dependencies).
        #[allow(deprecated)]
        let ring = rustls::crypto::ring::default_provider();
        Arc::new(CryptoProvider {
            signature_verification_algorithms: rustls::crypto::aws_lc_rs::default_provider()
                .signature_verification_algorithms,
            ..ring
        })
    }))
}

fn verifies_p521(provider: &CryptoProvider) -> bool {
    provider
        .signature_verification_algorithms
        .supported_schemes()
        .contains(&SignatureScheme::ECDSA_NISTP521_SHA512)
}

/// The server side of TLS for one launch.
pub(crate) struct ServerTls {
    /// TLS 1.2 and 1.3, ALPN `h2`, the fresh certificate, Terraform's certificate only.
    pub(crate) config: Arc<rustls::ServerConfig>,
    /// The fresh server certificate (DER), for the handshake line.
    pub(crate) certificate: CertificateDer<'static>,
}

impl ServerTls {
    /// TLS that presents a fresh certificate and accepts only the certificate in `client_pem`.
    pub(crate) fn pinned_to(client_pem: &str) -> Result<ServerTls, LaunchError> {
        let client = CertificateDer::from_pem_slice(client_pem.as_bytes())
            .map_err(|error| LaunchError::ClientCertificate(error.to_string()))?;
        let provider = crypto_provider();
        let (certificate, key) = server_certificate()?;
        let verifier = PinnedClientCertificate {
            pinned: client.into_owned(),
            algorithms: provider.signature_verification_algorithms,
        };
        let mut config = rustls::ServerConfig::builder_with_provider(provider)
            .with_protocol_versions(&[&rustls::version::TLS13, &rustls::version::TLS12])
            .map_err(|error| LaunchError::Tls(error.to_string()))?
            .with_client_cert_verifier(Arc::new(verifier))
            .with_single_cert(vec![certificate.clone()], key)
            .map_err(|error| LaunchError::Tls(error.to_string()))?;
        config.alpn_protocols = vec![b"h2".to_vec()];
        Ok(ServerTls {
            config: Arc::new(config),
            certificate,
        })
    }
}

/// A self-signed certificate for `localhost`, shaped like go-plugin's own (CA flag, digital
/// signature and certificate signing, server and client authentication), with a P-256 key
/// because it is generated at every launch (a P-521 key takes milliseconds).
pub(crate) fn server_certificate()
-> Result<(CertificateDer<'static>, PrivateKeyDer<'static>), LaunchError> {
    let tls_error = |error: rcgen::Error| LaunchError::Tls(error.to_string());
    let key = RingP256Key::generate()?;
    let mut params =
        rcgen::CertificateParams::new(vec!["localhost".to_owned()]).map_err(tls_error)?;
    params
        .distinguished_name
        .push(rcgen::DnType::CommonName, "localhost");
    params
        .distinguished_name
        .push(rcgen::DnType::OrganizationName, "tfsdk-server");
    params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    params.key_usages = vec![
        rcgen::KeyUsagePurpose::DigitalSignature,
        rcgen::KeyUsagePurpose::KeyCertSign,
    ];
    params.extended_key_usages = vec![
        rcgen::ExtendedKeyUsagePurpose::ServerAuth,
        rcgen::ExtendedKeyUsagePurpose::ClientAuth,
    ];
    // Set here rather than left to rcgen, which derives them only with its own crypto backend
    // (not compiled in): a random positive serial, and the key identifier as RFC 7093 method 1
    // (the leftmost 160 bits of the SHA-256 of the public key info).
    let mut serial = [0u8; 16];
    ring::rand::SecureRandom::fill(&key.random, &mut serial)
        .map_err(|_| LaunchError::Tls("no randomness for the certificate serial".to_owned()))?;
    serial[0] &= 0x7f;
    params.serial_number = Some(rcgen::SerialNumber::from_slice(&serial));
    let public_key_info = rcgen::PublicKeyData::subject_public_key_info(&key);
    let key_digest = ring::digest::digest(&ring::digest::SHA256, &public_key_info);
    params.key_identifier_method =
        rcgen::KeyIdMethod::PreSpecified(key_digest.as_ref()[..20].to_vec());
    let certificate = params.self_signed(&key).map_err(tls_error)?;
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.pkcs8));
    Ok((certificate.der().clone(), key))
}

/// The server's ECDSA P-256 key, made and used by ring (see the module documentation for why
/// not aws-lc-rs); rcgen signs the certificate through it.
struct RingP256Key {
    pair: EcdsaKeyPair,
    pkcs8: Vec<u8>,
    random: SystemRandom,
}

impl RingP256Key {
    fn generate() -> Result<RingP256Key, LaunchError> {
        let random = SystemRandom::new();
        let key_error = |error: &dyn std::fmt::Display| {
            LaunchError::Tls(format!("cannot make the server key: {error}"))
        };
        let pkcs8 = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_ASN1_SIGNING, &random)
            .map_err(|error| key_error(&error))?;
        let pair =
            EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_ASN1_SIGNING, pkcs8.as_ref(), &random)
                .map_err(|error| key_error(&error))?;
        Ok(RingP256Key {
            pair,
            pkcs8: pkcs8.as_ref().to_vec(),
            random,
        })
    }
}

impl rcgen::PublicKeyData for RingP256Key {
    fn der_bytes(&self) -> &[u8] {
        self.pair.public_key().as_ref()
    }

    fn algorithm(&self) -> &'static rcgen::SignatureAlgorithm {
        &rcgen::PKCS_ECDSA_P256_SHA256
    }
}

impl rcgen::SigningKey for RingP256Key {
    fn sign(&self, message: &[u8]) -> Result<Vec<u8>, rcgen::Error> {
        self.pair
            .sign(&self.random, message)
            .map(|signature| signature.as_ref().to_vec())
            .map_err(|_| rcgen::Error::RemoteKeyError)
    }
}

/// Accepts exactly one client certificate, byte for byte, and checks that the client holds its
/// key (the handshake signature, with the provider's algorithms: P-521 included).
#[derive(Debug)]
struct PinnedClientCertificate {
    pinned: CertificateDer<'static>,
    algorithms: WebPkiSupportedAlgorithms,
}

impl ClientCertVerifier for PinnedClientCertificate {
    fn root_hint_subjects(&self) -> &[DistinguishedName] {
        &[]
    }

    fn client_auth_mandatory(&self) -> bool {
        true
    }

    fn verify_client_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _now: UnixTime,
    ) -> Result<ClientCertVerified, rustls::Error> {
        // Intermediates do not matter: the end entity is pinned, and the handshake signature
        // is checked against its key.
        if end_entity.as_ref() == self.pinned.as_ref() {
            Ok(ClientCertVerified::assertion())
        } else {
            Err(rustls::Error::InvalidCertificate(
                CertificateError::ApplicationVerificationFailure,
            ))
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        certificate: &CertificateDer<'_>,
        signature: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, certificate, signature, &self.algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        certificate: &CertificateDer<'_>,
        signature: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, certificate, signature, &self.algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.algorithms.supported_schemes()
    }
}

/// Connections on `listener` that completed the TLS handshake with `config`. Handshakes run
/// concurrently; a failed or stalled one is dropped without a trace in the stream. Accepting
/// stops when the stream is dropped.
pub(crate) fn accept(
    listener: TcpListener,
    config: Arc<rustls::ServerConfig>,
) -> ReceiverStream<io::Result<TlsConnection>> {
    let acceptor = TlsAcceptor::from(config);
    let (sender, receiver) = mpsc::channel(16);
    tokio::spawn(async move {
        loop {
            let accepted = tokio::select! {
                accepted = listener.accept() => accepted,
                () = sender.closed() => return,
            };
            let stream = match accepted {
                Ok((stream, _peer)) => stream,
                Err(error) => {
                    // Per-connection failures (the peer reset, too many open files): tonic
                    // skips them; keep accepting.
                    if sender.send(Err(error)).await.is_err() {
                        return;
                    }
                    continue;
                }
            };
            // Small gRPC frames on loopback: Nagle's delay would dominate.
            let _ = stream.set_nodelay(true);
            let acceptor = acceptor.clone();
            let sender = sender.clone();
            tokio::spawn(async move {
                let handshake = tokio::time::timeout(HANDSHAKE_TIMEOUT, acceptor.accept(stream));
                if let Ok(Ok(stream)) = handshake.await {
                    let _ = sender.send(Ok(TlsConnection(stream))).await;
                }
            });
        }
    });
    ReceiverStream::new(receiver)
}

/// A connection after a successful mutual-TLS handshake.
pub(crate) struct TlsConnection(TlsStream<TcpStream>);

impl tonic::transport::server::Connected for TlsConnection {
    type ConnectInfo = ();

    fn connect_info(&self) -> Self::ConnectInfo {}
}

impl AsyncRead for TlsConnection {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().0).poll_read(cx, buf)
    }
}

impl AsyncWrite for TlsConnection {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().0).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().0).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.0.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().0).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().0).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client_pem() -> String {
        let key = rcgen::KeyPair::generate_for(&rcgen::PKCS_ECDSA_P521_SHA512).unwrap();
        let mut params = rcgen::CertificateParams::new(vec!["localhost".to_owned()]).unwrap();
        params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
        params.self_signed(&key).unwrap().pem()
    }

    #[test]
    fn the_provider_verifies_p521_and_installs_a_process_default() {
        let provider = crypto_provider();
        assert!(verifies_p521(&provider));
        assert!(CryptoProvider::get_default().is_some());
        assert!(Arc::ptr_eq(&provider, &crypto_provider()), "one provider");
    }

    #[test]
    fn the_server_certificate_is_fresh_and_shaped_like_go_plugins() {
        let (first, _) = server_certificate().unwrap();
        let (second, _) = server_certificate().unwrap();
        assert_ne!(first, second, "a new certificate per launch");
        // The DER of the extensions (no parser among the dependencies).
        let der = first.as_ref();
        let has = |what: &str, bytes: &[u8]| {
            assert!(
                der.windows(bytes.len()).any(|window| window == bytes),
                "{what} missing"
            );
        };
        has("CA flag", &[0x30, 0x03, 0x01, 0x01, 0xff]);
        has("SAN localhost", b"\x82\x09localhost");
        // digitalSignature (bit 0) and keyCertSign (bit 5), nothing else.
        has("key usage", &[0x03, 0x02, 0x02, 0x84]);
        has(
            "serverAuth",
            &[0x2b, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x01],
        );
        has(
            "clientAuth",
            &[0x2b, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x02],
        );
        // An id-ecPublicKey key on prime256v1 (P-256).
        has(
            "P-256 key",
            &[0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07],
        );
    }

    #[test]
    fn the_configuration_speaks_h2_and_the_verifier_requires_a_certificate() {
        let tls = ServerTls::pinned_to(&client_pem()).unwrap();
        assert_eq!(tls.config.alpn_protocols, vec![b"h2".to_vec()]);
        let verifier = PinnedClientCertificate {
            pinned: tls.certificate.clone(),
            algorithms: crypto_provider().signature_verification_algorithms,
        };
        assert!(verifier.offer_client_auth() && verifier.client_auth_mandatory());
    }

    #[test]
    fn a_bad_client_certificate_is_a_launch_error() {
        for pem in ["", "not a certificate", "-----BEGIN CERTIFICATE-----\n"] {
            assert!(
                matches!(
                    ServerTls::pinned_to(pem),
                    Err(LaunchError::ClientCertificate(_))
                ),
                "{pem:?}"
            );
        }
    }

    #[test]
    fn the_verifier_accepts_the_pinned_certificate_only() {
        let pinned = CertificateDer::from_pem_slice(client_pem().as_bytes()).unwrap();
        let other = CertificateDer::from_pem_slice(client_pem().as_bytes()).unwrap();
        let verifier = PinnedClientCertificate {
            pinned: pinned.clone(),
            algorithms: crypto_provider().signature_verification_algorithms,
        };
        let now = UnixTime::now();
        assert!(verifier.verify_client_cert(&pinned, &[], now).is_ok());
        assert!(verifier.verify_client_cert(&other, &[], now).is_err());
        assert!(
            verifier
                .supported_verify_schemes()
                .contains(&SignatureScheme::ECDSA_NISTP521_SHA512)
        );
    }
}
