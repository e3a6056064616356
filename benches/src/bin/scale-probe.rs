//! Start-up of a provider binary as Terraform sees it, for `scripts/scale.py`: launches the
//! binary with Terraform's plugin environment, times spawn → handshake line, then over gRPC
//! `GetMetadata`, `GetProviderSchema` and one `ValidateResourceConfig` of the given resource
//! type (the request a launch for one resource's plan starts with when Terraform already has
//! the schema), and reads the process's peak resident memory (VmHWM) and what is resident at the
//! handshake and at the end, pages of the binary apart from the rest. Prints the medians of
//! `--runs` launches as one JSON object.
//!
//! `scale-probe BINARY RESOURCE_TYPE [--runs N]`
//!
//! `SCALE_PROBE_SMAPS=1` lists the resident mappings at the end of each launch;
//! `SCALE_PROBE_HOLD=1` keeps the provider alive there, printing its pid to stderr, until a line
//! arrives on stdin (for a tool that reads which of the binary's pages are resident).

use std::io::{BufRead, BufReader};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use tfsdk_server::proto::tfplugin6 as pb;
use tfsdk_server::proto::tfplugin6::provider_client::ProviderClient;

const MAGIC_COOKIE: &str = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";

/// What one launch measured.
struct Launch {
    handshake: Duration,
    metadata: Duration,
    /// From the request to the last byte of the answer.
    schema: Duration,
    /// Reading the answer into protocol structs, after it arrived (the client's work).
    schema_decode: Duration,
    validate: Duration,
    schema_bytes: usize,
    types: usize,
    max_rss_kb: u64,
    /// Resident memory at the handshake, before any request.
    start: Memory,
    /// Resident memory after the requests: what stays.
    end: Memory,
}

/// Resident memory of a process from `/proc/PID/status`, in KiB: the binary's pages
/// (`RssFile`: code and data read from the executable) and the rest (`RssAnon`: heap,
/// stacks and relocated data).
#[derive(Clone, Copy, Default)]
struct Memory {
    file_kb: u64,
    anon_kb: u64,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(binary), Some(resource_type)) = (args.first(), args.get(1)) else {
        eprintln!("usage: scale-probe BINARY RESOURCE_TYPE [--runs N]");
        return ExitCode::from(2);
    };
    let runs = args
        .iter()
        .position(|a| a == "--runs")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(5usize);
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("scale-probe: {error}");
            return ExitCode::FAILURE;
        }
    };
    let mut launches = Vec::new();
    for _ in 0..runs {
        match runtime.block_on(launch(binary, resource_type)) {
            Ok(launch) => launches.push(launch),
            Err(error) => {
                eprintln!("scale-probe: {error}");
                return ExitCode::FAILURE;
            }
        }
    }
    let median_ms = |f: &dyn Fn(&Launch) -> Duration| {
        let mut v: Vec<f64> = launches.iter().map(|l| f(l).as_secs_f64() * 1e3).collect();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let max_rss = launches.iter().map(|l| l.max_rss_kb).max().unwrap_or(0);
    let mb = |kb: u64| kb as f64 / 1024.0;
    let last = launches
        .last()
        .map_or((Memory::default(), Memory::default()), |l| (l.start, l.end));
    println!(
        "{{\"handshake_ms\": {:.2}, \"metadata_ms\": {:.2}, \"schema_ms\": {:.2}, \
         \"schema_decode_ms\": {:.2}, \"validate_ms\": {:.2}, \"schema_bytes\": {}, \"types\": {}, \"max_rss_mb\": {:.1}, \
         \"start_file_mb\": {:.1}, \"start_anon_mb\": {:.1}, \"end_file_mb\": {:.1}, \
         \"end_anon_mb\": {:.1}}}",
        median_ms(&|l| l.handshake),
        median_ms(&|l| l.metadata),
        median_ms(&|l| l.schema),
        median_ms(&|l| l.schema_decode),
        median_ms(&|l| l.validate),
        launches.first().map_or(0, |l| l.schema_bytes),
        launches.first().map_or(0, |l| l.types),
        mb(max_rss),
        mb(last.0.file_kb),
        mb(last.0.anon_kb),
        mb(last.1.file_kb),
        mb(last.1.anon_kb),
    );
    ExitCode::SUCCESS
}

/// A gRPC channel to the address of a handshake line: TCP (`127.0.0.1:1234`, as this
/// toolkit's servers listen) or a Unix socket (as Go's go-plugin listens on Linux).
async fn channel(
    network: &str,
    address: &str,
) -> Result<tonic::transport::Channel, Box<dyn std::error::Error>> {
    if network != "unix" {
        return Ok(
            tonic::transport::Endpoint::from_shared(format!("http://{address}"))?
                .connect()
                .await?,
        );
    }
    let path = address.to_owned();
    let connector = tower::service_fn(move |_: tonic::transport::Uri| {
        let path = path.clone();
        async move {
            let stream = tokio::net::UnixStream::connect(path).await?;
            Ok::<_, std::io::Error>(hyper_util::rt::TokioIo::new(stream))
        }
    });
    // The URI is not used: the connector goes to the socket.
    Ok(tonic::transport::Endpoint::from_static("http://[::1]:1")
        .connect_with_connector(connector)
        .await?)
}

async fn launch(binary: &str, resource_type: &str) -> Result<Launch, Box<dyn std::error::Error>> {
    let started = Instant::now();
    let mut child = Command::new(binary)
        .env_clear()
        .env("TF_PLUGIN_MAGIC_COOKIE", MAGIC_COOKIE)
        .env("PLUGIN_PROTOCOL_VERSIONS", "6")
        .env("PLUGIN_MIN_PORT", "10000")
        .env("PLUGIN_MAX_PORT", "25000")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()?;
    let mut line = String::new();
    let stdout = child.stdout.take().ok_or("no stdout")?;
    BufReader::new(stdout).read_line(&mut line)?;
    let handshake = started.elapsed();
    let start = memory(child.id());
    let fields: Vec<&str> = line.trim_end().split('|').collect();
    let (Some(network), Some(address)) = (fields.get(2), fields.get(3)) else {
        return Err(format!("not a handshake line: {line:?}").into());
    };
    let (network, address) = ((*network).to_owned(), (*address).to_owned());
    let result = async {
        let client_channel = channel(&network, &address).await?;
        let mut client = ProviderClient::new(client_channel.clone());
        let before = Instant::now();
        let metadata = client
            .get_metadata(pb::get_metadata::Request {})
            .await?
            .into_inner();
        let metadata_time = before.elapsed();
        // The schema's time is the provider's: from the request to the last byte of the
        // answer. Reading the answer into protocol structs is the client's own work (Terraform
        // does it in Go), timed apart.
        let before = Instant::now();
        let mut grpc =
            tonic::client::Grpc::new(client_channel.clone()).max_decoding_message_size(usize::MAX);
        grpc.ready().await?;
        let encoded = grpc
            .unary(
                tonic::Request::new(()),
                tonic::codegen::http::uri::PathAndQuery::from_static(
                    "/tfplugin6.Provider/GetProviderSchema",
                ),
                RawCodec,
            )
            .await?
            .into_inner();
        let schema_time = before.elapsed();
        let before = Instant::now();
        let schema: pb::get_provider_schema::Response = prost::Message::decode(encoded.as_slice())?;
        let decode_time = before.elapsed();
        // A schema answered with errors is no schema: say so rather than time it.
        if let Some(error) = schema.diagnostics.iter().find(|d| d.severity == 1) {
            return Err(format!(
                "GetProviderSchema answered an error: {}: {}",
                error.summary, error.detail
            )
            .into());
        }
        let schema_bytes = encoded.len();
        // A null configuration of the resource's type: validation walks its schema.
        let before = Instant::now();
        client
            .validate_resource_config(pb::validate_resource_config::Request {
                type_name: resource_type.to_owned(),
                config: Some(pb::DynamicValue {
                    msgpack: vec![0xc0],
                    json: Vec::new(),
                }),
                client_capabilities: None,
            })
            .await?;
        let validate = before.elapsed();
        Ok::<_, Box<dyn std::error::Error>>((
            metadata_time,
            schema_time,
            decode_time,
            validate,
            schema_bytes,
            metadata.resources.len() + metadata.data_sources.len(),
        ))
    }
    .await;
    let max_rss_kb = status_kb(child.id(), "VmHWM:");
    if std::env::var_os("SCALE_PROBE_SMAPS").is_some() {
        print_mappings(child.id());
    }
    if std::env::var_os("SCALE_PROBE_HOLD").is_some() {
        // For a tool that reads the process's page map: it learns the pid on stderr and says
        // when it is done with a line on stdin.
        eprintln!("holding pid {}", child.id());
        let _ = std::io::stdin().read_line(&mut String::new());
    }
    let end = memory(child.id());
    let _ = child.kill();
    let _ = child.wait();
    let (metadata, schema, schema_decode, validate, schema_bytes, types) = result?;
    Ok(Launch {
        handshake,
        metadata,
        schema,
        schema_decode,
        validate,
        schema_bytes,
        types,
        max_rss_kb,
        start,
        end,
    })
}

/// Each mapping of the process with more than 100 KiB resident, to stderr: where the resident
/// memory is (`SCALE_PROBE_SMAPS=1`).
fn print_mappings(pid: u32) {
    let Ok(smaps) = std::fs::read_to_string(format!("/proc/{pid}/smaps")) else {
        return;
    };
    let mut mapping = "";
    for line in smaps.lines() {
        if line
            .split_whitespace()
            .next()
            .is_some_and(|f| f.contains('-') && !f.ends_with(':'))
        {
            mapping = line;
        } else if let Some(rss) = line.strip_prefix("Rss:") {
            let kb: u64 = rss
                .trim()
                .trim_end_matches("kB")
                .trim()
                .parse()
                .unwrap_or(0);
            if kb > 100 {
                eprintln!("{kb:>8} kB  {mapping}");
            }
        }
    }
}

/// The process's resident memory now, by kind.
fn memory(pid: u32) -> Memory {
    Memory {
        file_kb: status_kb(pid, "RssFile:"),
        anon_kb: status_kb(pid, "RssAnon:"),
    }
}

/// A field of `/proc/PID/status` in KiB (`VmHWM:` is the peak resident set); 0 where unknown.
fn status_kb(pid: u32, field: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|l| l.starts_with(field))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse().ok())
        })
        .unwrap_or(0)
}

/// A gRPC codec that sends an empty message (GetProviderSchema's request has no fields) and
/// keeps the answer's bytes as they arrived.
struct RawCodec;

impl tonic::codec::Codec for RawCodec {
    type Encode = ();
    type Decode = Vec<u8>;
    type Encoder = RawCodec;
    type Decoder = RawCodec;

    fn encoder(&mut self) -> RawCodec {
        RawCodec
    }

    fn decoder(&mut self) -> RawCodec {
        RawCodec
    }
}

impl tonic::codec::Encoder for RawCodec {
    type Item = ();
    type Error = tonic::Status;

    fn encode(&mut self, (): (), _: &mut tonic::codec::EncodeBuf<'_>) -> Result<(), tonic::Status> {
        Ok(())
    }
}

impl tonic::codec::Decoder for RawCodec {
    type Item = Vec<u8>;
    type Error = tonic::Status;

    fn decode(
        &mut self,
        src: &mut tonic::codec::DecodeBuf<'_>,
    ) -> Result<Option<Vec<u8>>, tonic::Status> {
        use prost::bytes::Buf;
        let mut bytes = vec![0; src.remaining()];
        src.copy_to_slice(&mut bytes);
        Ok(Some(bytes))
    }
}
