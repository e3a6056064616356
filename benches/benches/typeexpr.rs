//! Type-constraint conversion: the documented `buckets` constraint over 10,000 elements (and 1,000
//! and 100,000, to show it is linear), in elements per second.
//! `cargo bench -p tfsdk-benches --bench typeexpr`

use std::hint::black_box;
use std::time::Instant;

use criterion::{BatchSize, Criterion, Throughput, criterion_group};
use tfsdk_benches::{
    CountingAllocator, ProfileRequest, count_allocations_consuming, criterion_config,
    report_allocations,
};
use tfsdk_core::tftypes::Value;
use tfsdk_typeexpr::{self as typeexpr, TypeConstraint, json_value};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// The documented `variable "buckets"` type.
const BUCKETS: &str = r#"list(object({
    name    = string
    enabled = optional(bool, true)
    website = optional(object({
      index_document = optional(string, "index.html")
      error_document = optional(string, "error.html")
      routing_rules  = optional(string)
    }), {})
  }))"#;

const SIZES: [usize; 3] = [1_000, 10_000, 100_000];

/// `n` buckets cycling through the documented example's three shapes (a website with routing rules only;
/// `enabled = false` and no website; both documents set), as JSON gives them: a tuple of
/// objects of different types.
fn input(n: usize) -> Value {
    let elements: Vec<String> = (0..n)
        .map(|i| match i % 3 {
            0 => format!(
                r#"{{"name": "production-{i}", "website": {{"routing_rules": "[{{\"Condition\": {{\"KeyPrefixEquals\": \"img/\"}}}}]"}}}}"#
            ),
            1 => format!(r#"{{"name": "archived-{i}", "enabled": false}}"#),
            _ => format!(
                r#"{{"name": "docs-{i}", "website": {{"index_document": "index.txt", "error_document": "error.txt"}}}}"#
            ),
        })
        .collect();
    json_value::parse_json(&format!("[{}]", elements.join(","))).expect("valid JSON")
}

fn constraint() -> TypeConstraint {
    typeexpr::parse(BUCKETS).expect("the constraint parses")
}

fn convert(value: Value, constraint: &TypeConstraint) -> Value {
    typeexpr::convert(value, constraint).expect("converts")
}

fn report(constraint: &TypeConstraint) {
    for n in SIZES {
        let value = input(n);
        let converted = convert(value.clone(), constraint);
        assert_eq!(converted.as_elements().map(<[Value]>::len), Some(n));
        let start = Instant::now();
        drop(convert(value.clone(), constraint));
        println!(
            "typeexpr        N={n}: one conversion {:?}",
            start.elapsed()
        );
        report_allocations(
            &format!("typeexpr_buckets/N={n}"),
            count_allocations_consuming(|| value.clone(), |v| convert(v, constraint)),
        );
    }
}

fn typeexpr_buckets(c: &mut Criterion) {
    let constraint = constraint();
    report(&constraint);
    let mut group = c.benchmark_group("typeexpr_buckets");
    group.sample_size(10);
    for n in SIZES {
        let value = input(n);
        group.throughput(Throughput::Elements(n as u64));
        group.bench_function(format!("N={n}"), |b| {
            b.iter_batched(
                || value.clone(),
                |v| convert(black_box(v), &constraint),
                BatchSize::LargeInput,
            )
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = criterion_config();
    targets = typeexpr_buckets
}
/// `TFSDK_BENCH_PROFILE=<name>`: run one operation for a profiler instead (see
/// [`ProfileRequest`]).
fn profile(request: &ProfileRequest) {
    let constraint = constraint();
    for n in SIZES {
        let name = format!("typeexpr_buckets/N={n}");
        if request.name == name {
            let value = input(n);
            request.run(&name, || value.clone(), |v| convert(v, &constraint));
        }
    }
}

fn main() {
    if let Some(request) = ProfileRequest::from_env() {
        profile(&request);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
