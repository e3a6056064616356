//! The provider server's request path: request bytes → provider code → response bytes, for
//! PlanResourceChange (create and no-change) and ApplyResourceChange (create) on the reference
//! model at N = 10 and N = 1000, and CallFunction of a function taking the N rules, in-process
//! without gRPC, as the Go anchor in the spec was measured.
//! `cargo bench -p tfsdk-benches --bench server`

use std::hint::black_box;

use criterion::{Criterion, criterion_group};
use prost::Message;
use tfsdk_benches::provider::{Bench, Model, Rule};
use tfsdk_benches::{
    CountingAllocator, count_allocations, criterion_config, dynamic_value as dynamic,
    report_allocations, sample_size,
};
use tfsdk_core::convert::{TerraformType, ToValue};
use tfsdk_core::tftypes::{Type, Value};
use tfsdk_core::{TfSchema, types};
use tfsdk_server::Server;
use tfsdk_server::proto::tfplugin6 as pb;
use tfsdk_server::proto::tfplugin6::provider_server::Provider as _;

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

const SIZES: [usize; 2] = [10, 1000];

/// The requests Terraform sends for one resource of `n` rules, as bytes, and a call of a
/// function taking the `n` rules.
struct Requests {
    plan_create: Vec<u8>,
    plan_no_change: Vec<u8>,
    apply_create: Vec<u8>,
    call_function: Vec<u8>,
}

fn requests(n: usize) -> Requests {
    let ty = Model::terraform_type();
    let config = Model::sample(n, types::String::null())
        .to_value(&ty)
        .expect("converts");
    let state = Model::sample(n, types::String::new("thing-1"))
        .to_value(&ty)
        .expect("converts");
    let planned = Model::sample(n, types::String::unknown())
        .to_value(&ty)
        .expect("converts");
    let null = Value::null(ty.clone());
    let plan_create = pb::plan_resource_change::Request {
        type_name: "bench_thing".into(),
        prior_state: dynamic(&null, &ty),
        proposed_new_state: dynamic(&config, &ty),
        config: dynamic(&config, &ty),
        ..Default::default()
    };
    let plan_no_change = pb::plan_resource_change::Request {
        type_name: "bench_thing".into(),
        prior_state: dynamic(&state, &ty),
        proposed_new_state: dynamic(&state, &ty),
        config: dynamic(&config, &ty),
        ..Default::default()
    };
    let apply_create = pb::apply_resource_change::Request {
        type_name: "bench_thing".into(),
        prior_state: dynamic(&null, &ty),
        planned_state: dynamic(&planned, &ty),
        config: dynamic(&config, &ty),
        ..Default::default()
    };
    let rules_type = Type::list(Rule::terraform_type());
    let rules = Model::sample(n, types::String::null())
        .rules
        .to_value(&rules_type)
        .expect("converts");
    let call_function = pb::call_function::Request {
        name: "heaviest_rule".into(),
        arguments: dynamic(&rules, &rules_type).into_iter().collect(),
    };
    Requests {
        plan_create: plan_create.encode_to_vec(),
        plan_no_change: plan_no_change.encode_to_vec(),
        apply_create: apply_create.encode_to_vec(),
        call_function: call_function.encode_to_vec(),
    }
}

fn call(runtime: &tokio::runtime::Runtime, server: &Server<Bench>, bytes: &[u8]) -> Vec<u8> {
    let request = pb::call_function::Request::decode(bytes).expect("decodes");
    let response = runtime
        .block_on(server.call_function(tonic::Request::new(request)))
        .expect("answers")
        .into_inner();
    assert!(response.error.is_none(), "{:?}", response.error);
    response.encode_to_vec()
}

/// The hand-written floor of a function call: decode the request and its argument, encode a
/// string result and the response; no conversion to Rust, no function.
fn call_codec_floor(bytes: &[u8]) -> Vec<u8> {
    let request = pb::call_function::Request::decode(bytes).expect("decodes");
    let rules_type = Type::list(Rule::terraform_type());
    let rules = Value::from_msgpack(&request.arguments[0].msgpack, &rules_type).expect("decodes");
    let name = rules
        .as_elements()
        .and_then(|rules| rules.first())
        .and_then(|rule| rule.attribute("name"))
        .cloned()
        .unwrap_or_else(|| Value::null(Type::String));
    pb::call_function::Response {
        result: dynamic(&name, &Type::String),
        error: None,
    }
    .encode_to_vec()
}

/// One request through the server: decode, handle, encode.
fn plan(runtime: &tokio::runtime::Runtime, server: &Server<Bench>, bytes: &[u8]) -> Vec<u8> {
    let request = pb::plan_resource_change::Request::decode(bytes).expect("decodes");
    let response = runtime
        .block_on(server.plan_resource_change(tonic::Request::new(request)))
        .expect("answers")
        .into_inner();
    assert!(
        response.diagnostics.is_empty(),
        "{:?}",
        response.diagnostics
    );
    response.encode_to_vec()
}

fn apply(runtime: &tokio::runtime::Runtime, server: &Server<Bench>, bytes: &[u8]) -> Vec<u8> {
    let request = pb::apply_resource_change::Request::decode(bytes).expect("decodes");
    let response = runtime
        .block_on(server.apply_resource_change(tonic::Request::new(request)))
        .expect("answers")
        .into_inner();
    assert!(
        response.diagnostics.is_empty(),
        "{:?}",
        response.diagnostics
    );
    response.encode_to_vec()
}

/// The hand-written floor of a plan request: decode the request and its three values, encode
/// the proposed state as the planned one and the response; no provider, no plan semantics.
fn plan_codec_floor(bytes: &[u8], ty: &Type) -> Vec<u8> {
    let request = pb::plan_resource_change::Request::decode(bytes).expect("decodes");
    let value = |dynamic: &Option<pb::DynamicValue>| {
        Value::from_msgpack(&dynamic.as_ref().expect("present").msgpack, ty).expect("decodes")
    };
    let _prior = value(&request.prior_state);
    let proposed = value(&request.proposed_new_state);
    let _config = value(&request.config);
    pb::plan_resource_change::Response {
        planned_state: dynamic(&proposed, ty),
        ..Default::default()
    }
    .encode_to_vec()
}

/// The answers are what Terraform expects: the plan of a create has the id unknown, a
/// no-change plan equals the prior state, the apply's state has the id.
fn check(runtime: &tokio::runtime::Runtime, server: &Server<Bench>, n: usize, requests: &Requests) {
    let ty = Model::terraform_type();
    let planned =
        pb::plan_resource_change::Response::decode(&*plan(runtime, server, &requests.plan_create))
            .unwrap();
    let planned = Value::from_msgpack(&planned.planned_state.unwrap().msgpack, &ty).unwrap();
    assert!(planned.attribute("id").unwrap().is_unknown());
    let unchanged = pb::plan_resource_change::Response::decode(&*plan(
        runtime,
        server,
        &requests.plan_no_change,
    ))
    .unwrap();
    let state = Model::sample(n, types::String::new("thing-1"))
        .to_value(&ty)
        .unwrap();
    assert_eq!(
        Value::from_msgpack(&unchanged.planned_state.unwrap().msgpack, &ty).unwrap(),
        state
    );
    let applied = pb::apply_resource_change::Response::decode(&*apply(
        runtime,
        server,
        &requests.apply_create,
    ))
    .unwrap();
    assert_eq!(
        Value::from_msgpack(&applied.new_state.unwrap().msgpack, &ty).unwrap(),
        state
    );
    let called =
        pb::call_function::Response::decode(&*call(runtime, server, &requests.call_function))
            .unwrap();
    let heaviest = Model::sample(n, types::String::null())
        .rules
        .into_iter()
        .max_by(|a, b| a.weight.total_cmp(&b.weight))
        .map(|rule| rule.name);
    assert_eq!(
        Value::from_msgpack(&called.result.unwrap().msgpack, &Type::String).unwrap(),
        Value::from(heaviest.unwrap())
    );
}

fn server_requests(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let server = Server::new(Bench);
    assert!(Model::schema().attributes.len() == 12);
    for n in SIZES {
        let requests = requests(n);
        check(&runtime, &server, n, &requests);
        report_allocations(
            &format!("server/plan_create/N={n}"),
            count_allocations(|| plan(&runtime, &server, &requests.plan_create)),
        );
        report_allocations(
            &format!("server/apply_create/N={n}"),
            count_allocations(|| apply(&runtime, &server, &requests.apply_create)),
        );
        report_allocations(
            &format!("server/call_function/N={n}"),
            count_allocations(|| call(&runtime, &server, &requests.call_function)),
        );
        let mut group = c.benchmark_group(format!("server/N={n}"));
        group.sample_size(sample_size(n));
        group.throughput(criterion::Throughput::Bytes(
            requests.plan_create.len() as u64
        ));
        group.bench_function("plan_create", |b| {
            b.iter(|| plan(&runtime, &server, black_box(&requests.plan_create)))
        });
        let ty = Model::terraform_type();
        group.bench_function("plan_codec_floor_baseline", |b| {
            b.iter(|| plan_codec_floor(black_box(&requests.plan_create), &ty))
        });
        group.bench_function("plan_no_change", |b| {
            b.iter(|| plan(&runtime, &server, black_box(&requests.plan_no_change)))
        });
        group.bench_function("apply_create", |b| {
            b.iter(|| apply(&runtime, &server, black_box(&requests.apply_create)))
        });
        group.bench_function("call_function", |b| {
            b.iter(|| call(&runtime, &server, black_box(&requests.call_function)))
        });
        group.bench_function("call_codec_floor_baseline", |b| {
            b.iter(|| call_codec_floor(black_box(&requests.call_function)))
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = criterion_config();
    targets = server_requests
}

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
