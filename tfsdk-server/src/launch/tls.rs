//! Mutual TLS as Terraform asks for it: a fresh self-signed server certificate per launch, and
//! only the exact client certificate Terraform handed over (an ECDSA P-521 certificate, which
//! is why the crypto is aws-lc-rs: ring cannot verify P-521 signatures).

use std::sync::Arc;

use rustls::client::danger::HandshakeSignatureValid;
use rustls::crypto::{CryptoProvider, WebPkiSupportedAlgorithms};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer, UnixTime};
use rustls::server::danger::{ClientCertVerified, ClientCertVerifier};
use rustls::{CertificateError, DigitallySignedStruct, DistinguishedName, SignatureScheme};
use tokio_rustls::TlsAcceptor;

use super::LaunchError;

/// The server side of TLS for one launch.
pub(crate) struct Tls {
    /// Accepts connections from Terraform only.
    pub(crate) acceptor: TlsAcceptor,
    /// The server certificate (DER), announced in the handshake line.
    pub(crate) certificate: CertificateDer<'static>,
}

/// The process-wide crypto provider: aws-lc-rs.
fn crypto() -> Arc<CryptoProvider> {
    if let Some(provider) = CryptoProvider::get_default() {
        return Arc::clone(provider);
    }
    // Another thread may install it first; either way one provider serves the process.
    let _ = rustls::crypto::aws_lc_rs::default_provider().install_default();
    CryptoProvider::get_default()
        .cloned()
        .unwrap_or_else(|| Arc::new(rustls::crypto::aws_lc_rs::default_provider()))
}

/// TLS that presents a fresh certificate and accepts only `client_pem`'s certificate.
pub(crate) fn server_config(client_pem: &str) -> Result<Tls, LaunchError> {
    let provider = crypto();
    let client = CertificateDer::from_pem_slice(client_pem.as_bytes())
        .map_err(|error| LaunchError::Tls(format!("PLUGIN_CLIENT_CERT is not a PEM certificate: {error}")))?;
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
    Ok(Tls {
        acceptor: TlsAcceptor::from(Arc::new(config)),
        certificate,
    })
}

/// A self-signed certificate for `localhost` with a P-256 key, shaped like go-plugin's own
/// (CA flag, signing and server/client auth usages), which Terraform pins from the handshake.
pub(crate) fn server_certificate()
-> Result<(CertificateDer<'static>, PrivateKeyDer<'static>), LaunchError> {
    let tls_error = |error: rcgen::Error| LaunchError::Tls(error.to_string());
    let key = rcgen::KeyPair::generate_for(&rcgen::PKCS_ECDSA_P256_SHA256).map_err(tls_error)?;
    let mut params = rcgen::CertificateParams::new(vec!["localhost".to_owned()]).map_err(tls_error)?;
    params
        .distinguished_name
        .push(rcgen::DnType::CommonName, "localhost");
    params
        .distinguished_name
        .push(rcgen::DnType::OrganizationName, "tfsdk-server");
    params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    params.key_usages = vec![
        rcgen::KeyUsagePurpose::DigitalSignature,
        rcgen::KeyUsagePurpose::KeyEncipherment,
        rcgen::KeyUsagePurpose::KeyCertSign,
    ];
    params.extended_key_usages = vec![
        rcgen::ExtendedKeyUsagePurpose::ServerAuth,
        rcgen::ExtendedKeyUsagePurpose::ClientAuth,
    ];
    let certificate = params.self_signed(&key).map_err(tls_error)?;
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der()));
    Ok((certificate.der().clone(), key))
}

/// Accepts exactly one client certificate, byte for byte, and checks that the client holds its
/// key (the handshake signature).
#[derive(Debug)]
struct PinnedClientCertificate {
    pinned: CertificateDer<'static>,
    algorithms: WebPkiSupportedAlgorithms,
}

impl ClientCertVerifier for PinnedClientCertificate {
    fn root_hint_subjects(&self) -> &[DistinguishedName] {
        &[]
    }

    fn verify_client_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _now: UnixTime,
    ) -> Result<ClientCertVerified, rustls::Error> {
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
