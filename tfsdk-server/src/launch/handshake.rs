//! The launch contract: the environment Terraform starts a provider with (magic cookie,
//! protocol versions, port range, client certificate), the listener, and the handshake line.

use std::net::{Ipv4Addr, SocketAddr};

use base64::Engine;
use base64::engine::general_purpose::STANDARD_NO_PAD;
use tokio::net::TcpListener;

/// The variable and value that say Terraform started the process.
pub(crate) const MAGIC_COOKIE_KEY: &str = "TF_PLUGIN_MAGIC_COOKIE";
/// Terraform's magic cookie value.
pub(crate) const MAGIC_COOKIE_VALUE: &str =
    "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";
/// go-plugin's own protocol version, the first field of the handshake line.
const CORE_PROTOCOL_VERSION: u32 = 1;
/// The plugin protocol this server speaks.
pub(crate) const PROTOCOL_VERSION: u32 = 6;

/// Why the provider could not start.
#[derive(Debug, thiserror::Error)]
pub(crate) enum LaunchError {
    /// Started by hand.
    #[error(
        "This program is a Terraform provider plugin: Terraform starts it and talks to it over \
         the plugin protocol; it is not meant to be run by hand.\n\
         To use it, configure Terraform to find it (e.g. a dev_overrides block in the CLI \
         configuration) and run terraform.\n\
         To debug it, start it with --debug and export the TF_REATTACH_PROVIDERS line it prints."
    )]
    NotLaunchedByTerraform,
    /// Terraform offers only protocol versions this server does not speak.
    #[error(
        "Terraform offers plugin protocol versions {0:?}, but this provider speaks version 6 \
         only (Terraform 1.0 or newer)"
    )]
    NoCommonProtocol(String),
    /// A malformed port range.
    #[error("invalid {name}={value:?}: expected a port number")]
    InvalidPort {
        /// The variable.
        name: &'static str,
        /// Its value.
        value: String,
    },
    /// No port of the range could be bound.
    #[error("cannot listen on 127.0.0.1 in the port range {min}-{max}: {source}")]
    NoPort {
        /// First port tried.
        min: u16,
        /// Last port tried.
        max: u16,
        /// The last failure.
        source: std::io::Error,
    },
    /// The listener failed.
    #[error("listener: {0}")]
    Listen(std::io::Error),
    /// The client certificate or the server's TLS set-up.
    #[error("TLS set-up: {0}")]
    Tls(String),
    /// Printing the handshake line failed.
    #[error("cannot print the handshake line: {0}")]
    Handshake(std::io::Error),
    /// The gRPC transport failed.
    #[error("gRPC server: {0}")]
    Transport(tonic::transport::Error),
}

/// What Terraform told the provider through its environment.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Environment {
    /// First port to try (0: any).
    pub(crate) min_port: u16,
    /// Last port to try.
    pub(crate) max_port: u16,
    /// The client certificate (PEM) Terraform will present: mutual TLS when present.
    pub(crate) client_certificate: Option<String>,
}

impl Environment {
    /// The environment of this process.
    pub(crate) fn from_process() -> Result<Environment, LaunchError> {
        Environment::from_lookup(|name| std::env::var(name).ok())
    }

    /// Debug mode: any port, no TLS, no cookie.
    pub(crate) fn debug() -> Environment {
        Environment::default()
    }

    /// The environment as `lookup` reports it.
    pub(crate) fn from_lookup(
        lookup: impl Fn(&str) -> Option<String>,
    ) -> Result<Environment, LaunchError> {
        if lookup(MAGIC_COOKIE_KEY).as_deref() != Some(MAGIC_COOKIE_VALUE) {
            return Err(LaunchError::NotLaunchedByTerraform);
        }
        if let Some(versions) = lookup("PLUGIN_PROTOCOL_VERSIONS")
            && !versions
                .split(',')
                .any(|v| v.trim() == PROTOCOL_VERSION.to_string())
        {
            return Err(LaunchError::NoCommonProtocol(versions));
        }
        let port = |name: &'static str| -> Result<u16, LaunchError> {
            match lookup(name) {
                None => Ok(0),
                Some(value) if value.trim().is_empty() => Ok(0),
                Some(value) => value
                    .trim()
                    .parse()
                    .map_err(|_| LaunchError::InvalidPort { name, value }),
            }
        };
        let min_port = port("PLUGIN_MIN_PORT")?;
        let max_port = port("PLUGIN_MAX_PORT")?;
        let client_certificate = lookup("PLUGIN_CLIENT_CERT").filter(|pem| !pem.trim().is_empty());
        Ok(Environment {
            min_port,
            max_port,
            client_certificate,
        })
    }
}

/// Listens on 127.0.0.1 at the first free port of the range (any port without one).
pub(crate) async fn listen(environment: &Environment) -> Result<TcpListener, LaunchError> {
    let (min, max) = (environment.min_port, environment.max_port);
    if min == 0 || max < min {
        return TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
            .await
            .map_err(LaunchError::Listen);
    }
    let mut last = None;
    for port in min..=max {
        match TcpListener::bind((Ipv4Addr::LOCALHOST, port)).await {
            Ok(listener) => return Ok(listener),
            Err(error) => last = Some(error),
        }
    }
    Err(LaunchError::NoPort {
        min,
        max,
        source: last.unwrap_or_else(|| std::io::Error::other("empty range")),
    })
}

/// `1|6|tcp|127.0.0.1:PORT|grpc|CERT`: CERT is the server certificate's DER in standard base64
/// without padding, empty without TLS.
pub(crate) fn handshake_line(address: SocketAddr, certificate: Option<&[u8]>) -> String {
    let certificate = certificate.map(|der| STANDARD_NO_PAD.encode(der)).unwrap_or_default();
    format!("{CORE_PROTOCOL_VERSION}|{PROTOCOL_VERSION}|tcp|{address}|grpc|{certificate}")
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn environment(pairs: &[(&str, &str)]) -> Result<Environment, LaunchError> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        Environment::from_lookup(|name| map.get(name).cloned())
    }

    const COOKIE: (&str, &str) = (MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE);

    #[test]
    fn without_the_cookie_it_is_not_launched_by_terraform() {
        assert!(matches!(environment(&[]), Err(LaunchError::NotLaunchedByTerraform)));
        assert!(matches!(
            environment(&[(MAGIC_COOKIE_KEY, "wrong")]),
            Err(LaunchError::NotLaunchedByTerraform)
        ));
        let message = LaunchError::NotLaunchedByTerraform.to_string();
        assert!(message.contains("Terraform provider plugin") && message.contains("--debug"));
    }

    #[test]
    fn protocol_6_must_be_offered() {
        assert!(environment(&[COOKIE, ("PLUGIN_PROTOCOL_VERSIONS", "5,6")]).is_ok());
        assert!(matches!(
            environment(&[COOKIE, ("PLUGIN_PROTOCOL_VERSIONS", "4,5")]),
            Err(LaunchError::NoCommonProtocol(v)) if v == "4,5"
        ));
    }

    #[test]
    fn ports_and_certificate_are_read() {
        let env = environment(&[
            COOKIE,
            ("PLUGIN_MIN_PORT", "10000"),
            ("PLUGIN_MAX_PORT", "25000"),
            ("PLUGIN_CLIENT_CERT", "-----BEGIN CERTIFICATE-----"),
        ])
        .unwrap();
        assert_eq!((env.min_port, env.max_port), (10000, 25000));
        assert!(env.client_certificate.is_some());
        assert!(matches!(
            environment(&[COOKIE, ("PLUGIN_MIN_PORT", "x")]),
            Err(LaunchError::InvalidPort { name: "PLUGIN_MIN_PORT", .. })
        ));
    }

    #[test]
    fn the_handshake_line_has_unpadded_base64() {
        let address: SocketAddr = "127.0.0.1:1234".parse().unwrap();
        assert_eq!(handshake_line(address, None), "1|6|tcp|127.0.0.1:1234|grpc|");
        // One byte is "AQ==" padded.
        assert_eq!(handshake_line(address, Some(&[1])), "1|6|tcp|127.0.0.1:1234|grpc|AQ");
    }

    #[tokio::test]
    async fn it_listens_inside_the_port_range() {
        let env = Environment {
            min_port: 0,
            max_port: 0,
            client_certificate: None,
        };
        let any = listen(&env).await.unwrap().local_addr().unwrap();
        assert!(any.ip().is_loopback());
        let port = any.port();
        drop(any);
        let ranged = Environment {
            min_port: port.saturating_add(1),
            max_port: port.saturating_add(200),
            client_certificate: None,
        };
        let bound = listen(&ranged).await.unwrap().local_addr().unwrap().port();
        assert!((ranged.min_port..=ranged.max_port).contains(&bound));
    }
}
