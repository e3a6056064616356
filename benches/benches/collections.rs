//! One resource holding 10,000 or 100,000 nested objects as a set, a list or a map
//! (`bench_set`, `bench_list`, `bench_map`: `benches/src/collections.rs`), through the
//! requests Terraform sends for it: ValidateResourceConfig, PlanResourceChange (create),
//! ApplyResourceChange (create) and ReadResource, in-process without gRPC as in the server
//! bench. Before timing, each request's growth from 10,000 to 100,000 elements (the exponent
//! of time ∝ size^k, from the fastest of 7 runs at each size, the sizes taken in turn) and its
//! peak memory against the encoded size of the collection are printed.
//! `cargo bench -p tfsdk-benches --bench collections`

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use prost::Message;
use tfsdk_benches::collections::{Collection, ListOf, MapOf, SetOf};
use tfsdk_benches::provider::Bench;
use tfsdk_benches::{
    PeakAllocator, ProfileRequest, criterion_config, dynamic_value as dynamic, peak_bytes,
};
use tfsdk_core::convert::ToValue;
use tfsdk_core::tftypes::Value;
use tfsdk_core::types;
use tfsdk_server::Server;
use tfsdk_server::proto::tfplugin6 as pb;
use tfsdk_server::proto::tfplugin6::provider_server::Provider as _;

#[global_allocator]
static ALLOCATOR: PeakAllocator = PeakAllocator;

const SIZES: [usize; 2] = [10_000, 100_000];

/// The requests for one resource of `n` elements, as bytes, and the collection's encoded size.
struct Requests {
    validate: Vec<u8>,
    plan_create: Vec<u8>,
    apply_create: Vec<u8>,
    read: Vec<u8>,
    encoded: usize,
}

fn requests<M: Collection + ToValue>(n: usize) -> Requests {
    let ty = M::terraform_type();
    let value = |id: types::String| M::sample(n, id).to_value(&ty).expect("converts");
    let config = value(types::String::null());
    let planned = value(types::String::unknown());
    let state = value(types::String::new("collection-1"));
    let null = Value::null(ty.clone());
    let type_name = M::TYPE_NAME.to_owned();
    let encoded = config.to_msgpack(&ty).expect("encodes").len();
    Requests {
        validate: pb::validate_resource_config::Request {
            type_name: type_name.clone(),
            config: dynamic(&config, &ty),
            ..Default::default()
        }
        .encode_to_vec(),
        plan_create: pb::plan_resource_change::Request {
            type_name: type_name.clone(),
            prior_state: dynamic(&null, &ty),
            proposed_new_state: dynamic(&config, &ty),
            config: dynamic(&config, &ty),
            ..Default::default()
        }
        .encode_to_vec(),
        apply_create: pb::apply_resource_change::Request {
            type_name: type_name.clone(),
            prior_state: dynamic(&null, &ty),
            planned_state: dynamic(&planned, &ty),
            config: dynamic(&config, &ty),
            ..Default::default()
        }
        .encode_to_vec(),
        read: pb::read_resource::Request {
            type_name,
            current_state: dynamic(&state, &ty),
            ..Default::default()
        }
        .encode_to_vec(),
        encoded,
    }
}

/// The four calls, each from request bytes to response bytes; each asserts that the answer
/// has no diagnostics.
#[derive(Clone, Copy, Debug)]
enum Call {
    Validate,
    PlanCreate,
    ApplyCreate,
    Read,
}

impl Call {
    const ALL: [Call; 4] = [
        Call::Validate,
        Call::PlanCreate,
        Call::ApplyCreate,
        Call::Read,
    ];

    fn name(self) -> &'static str {
        match self {
            Call::Validate => "validate",
            Call::PlanCreate => "plan_create",
            Call::ApplyCreate => "apply_create",
            Call::Read => "read",
        }
    }

    fn bytes(self, requests: &Requests) -> &[u8] {
        match self {
            Call::Validate => &requests.validate,
            Call::PlanCreate => &requests.plan_create,
            Call::ApplyCreate => &requests.apply_create,
            Call::Read => &requests.read,
        }
    }

    fn run(
        self,
        runtime: &tokio::runtime::Runtime,
        server: &Server<Bench>,
        bytes: &[u8],
    ) -> Vec<u8> {
        macro_rules! call {
            ($module:ident, $method:ident) => {{
                let request = pb::$module::Request::decode(bytes).expect("decodes");
                let response = runtime
                    .block_on(server.$method(tonic::Request::new(request)))
                    .expect("answers")
                    .into_inner();
                assert!(
                    response.diagnostics.is_empty(),
                    "{:?}",
                    response.diagnostics
                );
                response.encode_to_vec()
            }};
        }
        match self {
            Call::Validate => call!(validate_resource_config, validate_resource_config),
            Call::PlanCreate => call!(plan_resource_change, plan_resource_change),
            Call::ApplyCreate => call!(apply_resource_change, apply_resource_change),
            Call::Read => call!(read_resource, read_resource),
        }
    }
}

/// The plan of a create has the id unknown and every element; the apply's state and the read
/// answer have the id and every element.
fn check<M: Collection + ToValue>(
    runtime: &tokio::runtime::Runtime,
    server: &Server<Bench>,
    n: usize,
    requests: &Requests,
) {
    let ty = M::terraform_type();
    let planned = pb::plan_resource_change::Response::decode(&*Call::PlanCreate.run(
        runtime,
        server,
        &requests.plan_create,
    ))
    .unwrap();
    let planned = Value::from_msgpack(&planned.planned_state.unwrap().msgpack, &ty).unwrap();
    assert_eq!(
        planned,
        M::sample(n, types::String::unknown())
            .to_value(&ty)
            .unwrap()
    );
    let state = M::sample(n, types::String::new("collection-1"))
        .to_value(&ty)
        .unwrap();
    let applied = pb::apply_resource_change::Response::decode(&*Call::ApplyCreate.run(
        runtime,
        server,
        &requests.apply_create,
    ))
    .unwrap();
    assert_eq!(
        Value::from_msgpack(&applied.new_state.unwrap().msgpack, &ty).unwrap(),
        state
    );
    let read =
        pb::read_resource::Response::decode(&*Call::Read.run(runtime, server, &requests.read))
            .unwrap();
    assert_eq!(
        Value::from_msgpack(&read.new_state.unwrap().msgpack, &ty).unwrap(),
        state
    );
}

/// The fastest of 7 timed runs of each call (after one warm-up run each), the calls taken in
/// turn so that a disturbance of the machine (this is a shared virtual machine) falls on all of
/// them alike; the minimum is the run least disturbed.
fn fastest_times(calls: &mut [Box<dyn FnMut() -> Vec<u8> + '_>]) -> Vec<Duration> {
    for call in calls.iter_mut() {
        drop(call());
    }
    let mut best = vec![Duration::MAX; calls.len()];
    for _ in 0..7 {
        for (call, best) in calls.iter_mut().zip(&mut best) {
            let start = Instant::now();
            let out = call();
            *best = (*best).min(start.elapsed());
            drop(out);
        }
    }
    best
}

/// The two sizes the growth is measured between: [`SIZES`], or the two of
/// `TFSDK_BENCH_GROWTH_SIZES` (`100000,1000000`: whether the growth settles once the data no
/// longer fits in the processor's caches).
fn growth_sizes() -> [usize; 2] {
    let Ok(text) = std::env::var("TFSDK_BENCH_GROWTH_SIZES") else {
        return SIZES;
    };
    let sizes: Vec<usize> = text
        .split(',')
        .map(|n| {
            n.trim()
                .parse()
                .expect("TFSDK_BENCH_GROWTH_SIZES: two sizes, `a,b`")
        })
        .collect();
    match sizes[..] {
        [a, b] if a < b => [a, b],
        _ => panic!("TFSDK_BENCH_GROWTH_SIZES: two increasing sizes, `a,b`"),
    }
}

/// Growth and peak memory of each call, printed before the timings.
fn report_growth<M: Collection + ToValue>(
    runtime: &tokio::runtime::Runtime,
    server: &Server<Bench>,
) {
    let sizes = growth_sizes();
    let all: Vec<(usize, Requests)> = sizes.iter().map(|&n| (n, requests::<M>(n))).collect();
    for call in Call::ALL {
        let mut runs: Vec<Box<dyn FnMut() -> Vec<u8> + '_>> = all
            .iter()
            .map(|(_, requests)| {
                let bytes = call.bytes(requests);
                Box::new(move || call.run(runtime, server, bytes)) as Box<dyn FnMut() -> Vec<u8>>
            })
            .collect();
        let times = fastest_times(&mut runs);
        let mut line = format!(
            "growth  {:<24}",
            format!("{}/{}", M::TYPE_NAME, call.name())
        );
        for ((n, requests), time) in all.iter().zip(&times) {
            let peak = peak_bytes(|| call.run(runtime, server, call.bytes(requests)));
            line.push_str(&format!(
                "  N={n}: {:>9.2} ms, peak {:>6.1} MB = {:>4.1}× the {:.1} MB collection",
                time.as_secs_f64() * 1e3,
                peak as f64 / 1e6,
                peak as f64 / requests.encoded as f64,
                requests.encoded as f64 / 1e6,
            ));
        }
        let exponent = (times[1].as_secs_f64() / times[0].as_secs_f64()).ln()
            / (sizes[1] as f64 / sizes[0] as f64).ln();
        println!("{line}  exponent {exponent:.2}");
    }
}

fn bench_shape<M: Collection + ToValue>(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let server = Server::new(Bench);
    for n in SIZES {
        check::<M>(&runtime, &server, n, &requests::<M>(n));
    }
    report_growth::<M>(&runtime, &server);
    for n in SIZES {
        let requests = requests::<M>(n);
        let mut group = c.benchmark_group(format!("collections/{}/N={n}", M::TYPE_NAME));
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(if n >= 100_000 { 10 } else { 3 }));
        group.throughput(criterion::Throughput::Elements(n as u64));
        for call in Call::ALL {
            let bytes = call.bytes(&requests);
            group.bench_function(call.name(), |b| {
                b.iter(|| call.run(&runtime, &server, black_box(bytes)))
            });
        }
        group.finish();
    }
}

fn collections(c: &mut Criterion) {
    bench_shape::<SetOf>(c);
    bench_shape::<ListOf>(c);
    bench_shape::<MapOf>(c);
}

criterion_group! {
    name = benches;
    config = criterion_config();
    targets = collections
}

/// `TFSDK_BENCH_PROFILE=<type>/<call>/N=<n>` (`bench_list/read/N=100000`): run one call for a
/// profiler instead (see [`ProfileRequest`]); `TFSDK_BENCH_GROWTH_SIZES` picks the sizes.
fn profile<M: Collection + ToValue>(request: &ProfileRequest) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let server = Server::new(Bench);
    for n in growth_sizes() {
        if !request.name.starts_with(&format!("{}/", M::TYPE_NAME))
            || !request.name.ends_with(&format!("/N={n}"))
        {
            continue;
        }
        let requests = requests::<M>(n);
        for call in Call::ALL {
            let bytes = call.bytes(&requests);
            request.run(
                &format!("{}/{}/N={n}", M::TYPE_NAME, call.name()),
                || (),
                |()| call.run(&runtime, &server, bytes),
            );
        }
    }
}

fn main() {
    if let Some(request) = ProfileRequest::from_env() {
        profile::<SetOf>(&request);
        profile::<ListOf>(&request);
        profile::<MapOf>(&request);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
