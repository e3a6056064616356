//! The launch environment (magic cookie, protocol versions, port range, client certificate),
//! the listener, and the handshake line that tells Terraform where to connect.

use std::io::Write;
use std::net::{Ipv4Addr, SocketAddr};

use base64::Engine;
use base64::engine::general_purpose::STANDARD_NO_PAD;
use tokio::net::TcpListener;

use super::LaunchError;

/// The variable whose value says Terraform started the process.
pub(crate) const MAGIC_COOKIE_KEY: &str = "TF_PLUGIN_MAGIC_COOKIE";
/// Terraform's magic cookie.
pub(crate) const MAGIC_COOKIE_VALUE: &str =
    "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";
/// The plugin protocol versions Terraform speaks, comma-separated.
const PROTOCOL_VERSIONS_KEY: &str = "PLUGIN_PROTOCOL_VERSIONS";
/// The certificate (PEM) Terraform presents when it wants mutual TLS.
const CLIENT_CERT_KEY: &str = "PLUGIN_CLIENT_CERT";
/// go-plugin's own protocol version: the handshake line's first field.
const CORE_PROTOCOL_VERSION: u32 = 1;
/// The plugin protocol this server speaks.
pub(crate) const PROTOCOL_VERSION: u32 = 6;

/// What Terraform says through the environment.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Environment {
    /// `PLUGIN_MIN_PORT` (0 when unset: any port).
    pub(crate) min_port: u16,
    /// `PLUGIN_MAX_PORT` (0 when unset).
    pub(crate) max_port: u16,
    /// `PLUGIN_CLIENT_CERT`: mutual TLS with exactly this certificate when present.
    pub(crate) client_certificate: Option<String>,
}

impl Environment {
    /// This process's environment.
    pub(crate) fn from_process() -> Result<Environment, LaunchError> {
        Environment::from_lookup(|name| std::env::var(name).ok())
    }

    /// Debug mode: no cookie needed, any port, no TLS.
    pub(crate) fn debug() -> Environment {
        Environment::default()
    }

    /// The environment as `lookup` reports it. The cookie is checked first, so a binary run by
    /// hand says so whatever else is set.
    pub(crate) fn from_lookup(
        lookup: impl Fn(&str) -> Option<String>,
    ) -> Result<Environment, LaunchError> {
        if lookup(MAGIC_COOKIE_KEY).as_deref() != Some(MAGIC_COOKIE_VALUE) {
            return Err(LaunchError::NotLaunchedByTerraform);
        }
        // Unset means a go-plugin client that does not negotiate; Terraform 1.x always sets it.
        if let Some(offered) = lookup(PROTOCOL_VERSIONS_KEY) {
            let wanted = PROTOCOL_VERSION.to_string();
            if !offered.split(',').any(|version| version.trim() == wanted) {
                return Err(LaunchError::NoCommonProtocol { offered });
            }
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
        if min_port > max_port {
            return Err(LaunchError::PortRange {
                min: min_port,
                max: max_port,
            });
        }
        let client_certificate = lookup(CLIENT_CERT_KEY).filter(|pem| !pem.trim().is_empty());
        Ok(Environment {
            min_port,
            max_port,
            client_certificate,
        })
    }
}

/// Listens on 127.0.0.1 at the first free port from `min_port` to `max_port`, as go-plugin
/// does; any free port when `min_port` is 0.
pub(crate) async fn listen(environment: &Environment) -> Result<TcpListener, LaunchError> {
    let (min, max) = (environment.min_port, environment.max_port);
    if min == 0 {
        return TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
            .await
            .map_err(LaunchError::Listen);
    }
    let mut last_error = None;
    for port in min..=max {
        match TcpListener::bind((Ipv4Addr::LOCALHOST, port)).await {
            Ok(listener) => return Ok(listener),
            Err(error) => last_error = Some(error),
        }
    }
    Err(LaunchError::NoFreePort {
        min,
        max,
        source: last_error.unwrap_or_else(|| std::io::Error::other("empty port range")),
    })
}

/// `1|6|tcp|127.0.0.1:PORT|grpc|CERT`, where CERT is the server certificate's DER in standard
/// base64 without padding, empty without TLS.
pub(crate) fn line(address: SocketAddr, certificate: Option<&[u8]>) -> String {
    let certificate = certificate
        .map(|der| STANDARD_NO_PAD.encode(der))
        .unwrap_or_default();
    format!("{CORE_PROTOCOL_VERSION}|{PROTOCOL_VERSION}|tcp|{address}|grpc|{certificate}")
}

/// Writes the handshake line to `out` and flushes it: Terraform waits for it.
pub(crate) fn write_line(
    out: &mut impl Write,
    address: SocketAddr,
    certificate: Option<&[u8]>,
) -> std::io::Result<()> {
    writeln!(out, "{}", line(address, certificate))?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    const COOKIE: (&str, &str) = (MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE);

    fn environment(pairs: &[(&str, &str)]) -> Result<Environment, LaunchError> {
        let map: HashMap<&str, &str> = pairs.iter().copied().collect();
        Environment::from_lookup(|name| map.get(name).map(|value| (*value).to_owned()))
    }

    #[test]
    fn a_missing_or_wrong_cookie_means_not_launched_by_terraform() {
        assert!(matches!(
            environment(&[]),
            Err(LaunchError::NotLaunchedByTerraform)
        ));
        assert!(matches!(
            environment(&[(MAGIC_COOKIE_KEY, "d602bf8f")]),
            Err(LaunchError::NotLaunchedByTerraform)
        ));
        // Even with everything else set.
        assert!(matches!(
            environment(&[
                (PROTOCOL_VERSIONS_KEY, "6"),
                ("PLUGIN_MIN_PORT", "10000"),
                ("PLUGIN_MAX_PORT", "25000"),
            ]),
            Err(LaunchError::NotLaunchedByTerraform)
        ));
    }

    #[test]
    fn the_not_launched_message_names_terraform_and_debug_mode() {
        let message = LaunchError::NotLaunchedByTerraform.to_string();
        assert!(message.contains("Terraform provider plugin"), "{message}");
        assert!(message.contains("--debug"), "{message}");
        assert!(message.contains("TF_REATTACH_PROVIDERS"), "{message}");
    }

    #[test]
    fn protocol_6_must_be_offered() {
        assert_eq!(
            environment(&[COOKIE, (PROTOCOL_VERSIONS_KEY, "5,6")]).unwrap(),
            Environment::default()
        );
        assert!(environment(&[COOKIE, (PROTOCOL_VERSIONS_KEY, "6")]).is_ok());
        assert!(environment(&[COOKIE, (PROTOCOL_VERSIONS_KEY, " 5, 6 ")]).is_ok());
        assert!(environment(&[COOKIE]).is_ok());
        for offered in ["4,5", "5", "", "60", "x"] {
            match environment(&[COOKIE, (PROTOCOL_VERSIONS_KEY, offered)]) {
                Err(LaunchError::NoCommonProtocol { offered: got }) => assert_eq!(got, offered),
                other => panic!("{offered:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn the_port_range_is_parsed() {
        let env = environment(&[
            COOKIE,
            ("PLUGIN_MIN_PORT", "10000"),
            ("PLUGIN_MAX_PORT", "25000"),
        ])
        .unwrap();
        assert_eq!((env.min_port, env.max_port), (10000, 25000));
        let unset = environment(&[COOKIE, ("PLUGIN_MIN_PORT", "")]).unwrap();
        assert_eq!((unset.min_port, unset.max_port), (0, 0));
        for (name, value) in [
            ("PLUGIN_MIN_PORT", "x"),
            ("PLUGIN_MAX_PORT", "-1"),
            ("PLUGIN_MAX_PORT", "65536"),
        ] {
            match environment(&[COOKIE, (name, value)]) {
                Err(LaunchError::InvalidPort { name: n, value: v }) => {
                    assert_eq!((n, v.as_str()), (name, value));
                }
                other => panic!("{name}={value}: {other:?}"),
            }
        }
        assert!(matches!(
            environment(&[
                COOKIE,
                ("PLUGIN_MIN_PORT", "25000"),
                ("PLUGIN_MAX_PORT", "10000"),
            ]),
            Err(LaunchError::PortRange {
                min: 25000,
                max: 10000
            })
        ));
    }

    #[test]
    fn the_client_certificate_is_read_when_not_blank() {
        let env = environment(&[COOKIE, (CLIENT_CERT_KEY, "-----BEGIN CERTIFICATE-----")]);
        assert_eq!(
            env.unwrap().client_certificate.as_deref(),
            Some("-----BEGIN CERTIFICATE-----")
        );
        let blank = environment(&[COOKIE, (CLIENT_CERT_KEY, " \n")]).unwrap();
        assert_eq!(blank.client_certificate, None);
    }

    #[test]
    fn the_handshake_line_has_unpadded_base64_and_an_empty_field_without_tls() {
        let address: SocketAddr = "127.0.0.1:1234".parse().unwrap();
        assert_eq!(line(address, None), "1|6|tcp|127.0.0.1:1234|grpc|");
        // Padded, these would be "AQ==" and "AQI=".
        assert_eq!(line(address, Some(&[1])), "1|6|tcp|127.0.0.1:1234|grpc|AQ");
        assert_eq!(
            line(address, Some(&[1, 2])),
            "1|6|tcp|127.0.0.1:1234|grpc|AQI"
        );
        assert_eq!(
            line(address, Some(&[1, 2, 3])),
            "1|6|tcp|127.0.0.1:1234|grpc|AQID"
        );
        let mut out = Vec::new();
        write_line(&mut out, address, Some(&[0xfb, 0xff])).unwrap();
        assert_eq!(out, b"1|6|tcp|127.0.0.1:1234|grpc|+/8\n");
    }

    #[tokio::test]
    async fn it_listens_on_loopback_inside_the_port_range() {
        let any = listen(&Environment::default()).await.unwrap();
        let any = any.local_addr().unwrap();
        assert_eq!(any.ip(), Ipv4Addr::LOCALHOST);
        // Hold one port, then ask for a range that starts there: the next free one is taken.
        let held = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).await.unwrap();
        let held_port = held.local_addr().unwrap().port();
        let Some(max) = held_port.checked_add(50) else {
            return;
        };
        let ranged = Environment {
            min_port: held_port,
            max_port: max,
            client_certificate: None,
        };
        let bound = listen(&ranged).await.unwrap().local_addr().unwrap();
        assert!(bound.port() > held_port && bound.port() <= max, "{bound}");
        let full = Environment {
            min_port: held_port,
            max_port: held_port,
            client_certificate: None,
        };
        assert!(matches!(
            listen(&full).await,
            Err(LaunchError::NoFreePort { .. })
        ));
    }
}
