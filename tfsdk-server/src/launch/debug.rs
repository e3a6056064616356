//! Debug mode's reattach line: Terraform run with `TF_REATTACH_PROVIDERS` set to its value
//! talks to the running process (under a debugger, say) instead of starting one.

use std::net::SocketAddr;

use serde_json::Value;

use super::handshake::PROTOCOL_VERSION;

/// `TF_REATTACH_PROVIDERS='{...}'`, ready to paste into a POSIX shell. The keys are in the
/// order Terraform's own documentation shows them.
pub(crate) fn reattach_line(provider_address: &str, pid: u32, address: SocketAddr) -> String {
    format!(
        "TF_REATTACH_PROVIDERS='{}'",
        reattach_value(provider_address, pid, address)
    )
}

/// The value of `TF_REATTACH_PROVIDERS`: one provider, in test mode (Terraform neither starts
/// nor ends the process), over plaintext TCP.
pub(crate) fn reattach_value(provider_address: &str, pid: u32, address: SocketAddr) -> String {
    let provider = Value::from(provider_address);
    let address = Value::from(address.to_string());
    format!(
        "{{{provider}:{{\"Protocol\":\"grpc\",\
         \"ProtocolVersion\":{PROTOCOL_VERSION},\"Pid\":{pid},\"Test\":true,\
         \"Addr\":{{\"Network\":\"tcp\",\"String\":{address}}}}}}}"
    )
}

/// What to do with the line, for a human, printed on stderr.
pub(crate) fn explanation(provider_address: &str) -> String {
    format!(
        "Provider {provider_address} started in debug mode, without TLS and without \
         Terraform's launch environment.\n\
         Set the TF_REATTACH_PROVIDERS line above in the environment of the terraform \
         commands (e.g. export it in their shell): they will use this process instead of \
         starting the provider.\n\
         Ctrl-C stops the provider."
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reattach_line_names_the_provider_process_and_address() {
        let line = reattach_line(
            "registry.terraform.io/example/files",
            4242,
            "127.0.0.1:50123".parse().unwrap(),
        );
        assert_eq!(
            line,
            r#"TF_REATTACH_PROVIDERS='{"registry.terraform.io/example/files":{"Protocol":"grpc","ProtocolVersion":6,"Pid":4242,"Test":true,"Addr":{"Network":"tcp","String":"127.0.0.1:50123"}}}'"#
        );
    }

    #[test]
    fn the_reattach_value_is_the_json_terraform_reads() {
        let line = reattach_line(
            "registry.terraform.io/a\"b/c",
            7,
            "127.0.0.1:1".parse().unwrap(),
        );
        let value = line
            .strip_prefix("TF_REATTACH_PROVIDERS='")
            .and_then(|rest| rest.strip_suffix('\''))
            .unwrap();
        let json: Value = serde_json::from_str(value).unwrap();
        let provider = &json["registry.terraform.io/a\"b/c"];
        assert_eq!(provider["Protocol"], "grpc");
        assert_eq!(provider["ProtocolVersion"], 6);
        assert_eq!(provider["Pid"], 7);
        assert_eq!(provider["Test"], true);
        assert_eq!(provider["Addr"]["Network"], "tcp");
        assert_eq!(provider["Addr"]["String"], "127.0.0.1:1");
    }

    #[test]
    fn the_explanation_says_how_to_use_and_stop_it() {
        let text = explanation("registry.terraform.io/example/files");
        assert!(text.contains("registry.terraform.io/example/files"));
        assert!(text.contains("TF_REATTACH_PROVIDERS") && text.contains("Ctrl-C"));
    }
}
