//! A provider's start-up to its handshake line, launched the way Terraform launches it: the
//! magic cookie, protocol 6, a port range and, for mutual TLS, Terraform's P-521 client
//! certificate (so the server makes a fresh key and certificate). The baseline is the same
//! binary printing a handshake-shaped line without serving: what starting a process costs.
//! `cargo bench -p tfsdk-benches --bench startup`

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use tfsdk_benches::criterion_config;

const PROBE: &str = env!("CARGO_BIN_EXE_launch-probe");
const MAGIC_COOKIE: &str = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";
/// A certificate shaped like the one Terraform makes for each run (ECDSA P-521, CA flag).
const CLIENT_CERT: &str = include_str!("../data/terraform-client-p521.pem");

/// How the probe is started.
#[derive(Clone, Copy)]
enum Launch {
    /// `--print-only`: prints a line and exits, no server.
    ProcessOnly,
    /// Terraform's environment without a client certificate: plaintext gRPC.
    Plaintext,
    /// Terraform's environment with its client certificate: mutual TLS.
    MutualTls,
}

/// Starts the probe and returns the time until its first stdout line; the process is then
/// killed and reaped outside the measurement.
fn start_to_first_line(launch: Launch) -> Duration {
    let mut command = Command::new(PROBE);
    command
        .env_clear()
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    match launch {
        Launch::ProcessOnly => {
            command.arg("--print-only");
        }
        Launch::Plaintext | Launch::MutualTls => {
            command
                .env("TF_PLUGIN_MAGIC_COOKIE", MAGIC_COOKIE)
                .env("PLUGIN_PROTOCOL_VERSIONS", "6")
                .env("PLUGIN_MIN_PORT", "10000")
                .env("PLUGIN_MAX_PORT", "25000");
        }
    }
    if let Launch::MutualTls = launch {
        command.env("PLUGIN_CLIENT_CERT", CLIENT_CERT);
    }
    let started = Instant::now();
    let mut child = command.spawn().expect("the probe starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("piped stdout"))
        .read_line(&mut line)
        .expect("a handshake line");
    let elapsed = started.elapsed();
    assert!(line.starts_with("1|6|tcp|127.0.0.1:"), "{line:?}");
    match launch {
        Launch::MutualTls => assert!(line.trim_end().len() > 60, "a certificate: {line:?}"),
        _ => assert!(line.trim_end().ends_with("|grpc|"), "{line:?}"),
    }
    let _ = child.kill();
    let _ = child.wait();
    elapsed
}

fn startup(c: &mut Criterion) {
    let mut group = c.benchmark_group("startup");
    for (name, launch) in [
        ("process_only_baseline", Launch::ProcessOnly),
        ("handshake_plaintext", Launch::Plaintext),
        ("handshake_mutual_tls", Launch::MutualTls),
    ] {
        group.bench_function(name, |b| {
            b.iter_custom(|iterations| (0..iterations).map(|_| start_to_first_line(launch)).sum())
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = criterion_config();
    targets = startup
}

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
