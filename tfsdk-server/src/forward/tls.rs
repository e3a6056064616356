//! Mutual TLS as the client of a plugin, the way Terraform (go-plugin's AutoMTLS) does it: a
//! fresh client certificate handed to the plugin in `PLUGIN_CLIENT_CERT`, and only the server
//! certificate the plugin printed in its handshake line accepted.
//!
//! go-plugin's server certificate is ECDSA P-521, so its signatures are checked with the
//! aws-lc-rs algorithms of [`crypto_provider`]; the client's own key is a ring P-256 key, made
//! like the server certificate Terraform gets from this crate.

use std::sync::Arc;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::WebPkiSupportedAlgorithms;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName, UnixTime};
use rustls::{CertificateError, DigitallySignedStruct, SignatureScheme};

use crate::launch::{crypto_provider, server_certificate};

/// The client's certificate and key for one child, and the PEM the child is given.
pub(crate) struct ClientIdentity {
    certificate: CertificateDer<'static>,
    key: PrivateKeyDer<'static>,
    /// `PLUGIN_CLIENT_CERT`'s value.
    pub(crate) pem: String,
}

impl ClientIdentity {
    /// A fresh self-signed certificate, shaped like go-plugin's (CA flag, server and client
    /// authentication), which go-plugin's server accepts as its own root.
    pub(crate) fn generate() -> Result<ClientIdentity, String> {
        let (certificate, key) = server_certificate().map_err(|error| error.to_string())?;
        let pem = pem("CERTIFICATE", certificate.as_ref());
        Ok(ClientIdentity {
            certificate,
            key,
            pem,
        })
    }

    /// TLS 1.2 and 1.3 with ALPN `h2` (gRPC-Go refuses TLS without it), presenting this
    /// identity and accepting only `server` (the DER of the handshake line's certificate).
    pub(crate) fn client_config(
        self,
        server: CertificateDer<'static>,
    ) -> Result<Arc<rustls::ClientConfig>, String> {
        let provider = crypto_provider();
        let verifier = PinnedServerCertificate {
            pinned: server,
            algorithms: provider.signature_verification_algorithms,
        };
        let mut config = rustls::ClientConfig::builder_with_provider(provider)
            .with_protocol_versions(&[&rustls::version::TLS13, &rustls::version::TLS12])
            .map_err(|error| error.to_string())?
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(verifier))
            .with_client_auth_cert(vec![self.certificate], self.key)
            .map_err(|error| error.to_string())?;
        config.alpn_protocols = vec![b"h2".to_vec()];
        Ok(Arc::new(config))
    }
}

/// `der` in PEM armour, 64 characters a line.
fn pem(label: &str, der: &[u8]) -> String {
    let base64 = STANDARD.encode(der);
    let mut out = format!("-----BEGIN {label}-----\n");
    for line in base64.as_bytes().chunks(64) {
        out.push_str(&String::from_utf8_lossy(line));
        out.push('\n');
    }
    out.push_str(&format!("-----END {label}-----\n"));
    out
}

/// Accepts exactly the certificate the plugin announced, byte for byte, and checks that the
/// plugin holds its key (the handshake signature).
#[derive(Debug)]
struct PinnedServerCertificate {
    pinned: CertificateDer<'static>,
    algorithms: WebPkiSupportedAlgorithms,
}

impl ServerCertVerifier for PinnedServerCertificate {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        if end_entity.as_ref() == self.pinned.as_ref() {
            Ok(ServerCertVerified::assertion())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_client_certificate_is_given_as_pem() {
        let identity = ClientIdentity::generate().unwrap();
        assert!(identity.pem.starts_with("-----BEGIN CERTIFICATE-----\n"));
        assert!(identity.pem.ends_with("-----END CERTIFICATE-----\n"));
        assert!(identity.pem.lines().all(|line| line.len() <= 64));
        let parsed = <CertificateDer as rustls::pki_types::pem::PemObject>::from_pem_slice(
            identity.pem.as_bytes(),
        )
        .unwrap();
        assert_eq!(parsed.as_ref(), identity.certificate.as_ref());
    }

    #[test]
    fn only_the_announced_server_certificate_is_accepted() {
        let (announced, _) = server_certificate().unwrap();
        let (other, _) = server_certificate().unwrap();
        let verifier = PinnedServerCertificate {
            pinned: announced.clone(),
            algorithms: crypto_provider().signature_verification_algorithms,
        };
        let name = ServerName::try_from("localhost").unwrap();
        let now = UnixTime::now();
        assert!(
            verifier
                .verify_server_cert(&announced, &[], &name, &[], now)
                .is_ok()
        );
        assert!(
            verifier
                .verify_server_cert(&other, &[], &name, &[], now)
                .is_err()
        );
    }
}
