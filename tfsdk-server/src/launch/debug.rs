//! Debug mode's reattach line: Terraform run with `TF_REATTACH_PROVIDERS` set to it uses the
//! running process instead of starting one.

use std::net::SocketAddr;

use serde_json::json;

use super::handshake::PROTOCOL_VERSION;

/// `TF_REATTACH_PROVIDERS='{...}'`, ready to paste into a shell.
pub(crate) fn reattach_line(provider_address: &str, pid: u32, address: SocketAddr) -> String {
    let value = json!({
        provider_address: {
            "Protocol": "grpc",
            "ProtocolVersion": PROTOCOL_VERSION,
            "Pid": pid,
            "Test": true,
            "Addr": {"Network": "tcp", "String": address.to_string()},
        }
    });
    format!("TF_REATTACH_PROVIDERS='{value}'")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reattach_line_names_the_provider_process_and_address() {
        let line = reattach_line(
            "registry.terraform.io/example/files",
            42,
            "127.0.0.1:5000".parse().unwrap(),
        );
        assert_eq!(
            line,
            r#"TF_REATTACH_PROVIDERS='{"registry.terraform.io/example/files":{"Addr":{"Network":"tcp","String":"127.0.0.1:5000"},"Pid":42,"Protocol":"grpc","ProtocolVersion":6,"Test":true}}'"#
        );
    }
}
