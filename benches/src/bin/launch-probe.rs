//! The reference provider as a binary, for the start-up bench (`benches/startup.rs`): Terraform
//! would launch it like this. With `--print-only` it prints a handshake-shaped line and exits
//! without serving: the bench's baseline, the cost of starting a process at all.

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    if std::env::args().any(|argument| argument == "--print-only") {
        let mut stdout = std::io::stdout().lock();
        let _ = writeln!(stdout, "1|6|tcp|127.0.0.1:1|grpc|");
        let _ = stdout.flush();
        return ExitCode::SUCCESS;
    }
    tfsdk_server::serve(
        "registry.terraform.io/example/bench",
        tfsdk_benches::provider::Bench,
    )
}
