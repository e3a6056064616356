//! msgpack bytes → struct and struct → bytes: the derive's direct codec
//! ([`tfsdk_core::msgpack_direct`], no value tree) and the value-tree route (decode the `Value`,
//! then convert it; convert, then encode) against rmp-serde on the serde twin reading and
//! writing the same bytes (target: at least as fast). `value_only` is the value tree's codec
//! alone: msgpack → `Value` and `Value` → msgpack, without the struct step.
//! `cargo bench -p tfsdk-benches --bench msgpack`

use std::hint::black_box;

use criterion::{Criterion, criterion_group};
use tfsdk_benches::serde_model::{
    SerdeResource, check_against_ours, ours_from_msgpack, ours_to_msgpack,
};
use tfsdk_benches::{
    CountingAllocator, ProfileRequest, Resource, count_allocations, criterion_config,
    report_allocations, sample_size,
};
use tfsdk_core::convert::TerraformType;
use tfsdk_core::msgpack_direct;
use tfsdk_core::tftypes::Value;

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

const SIZES: [usize; 2] = [10, 1000];

fn rmp_decode(bytes: &[u8]) -> SerdeResource {
    rmp_serde::from_slice(bytes).expect("rmp-serde decodes")
}

fn rmp_encode(resource: &SerdeResource) -> Vec<u8> {
    rmp_serde::encode::to_vec_named(resource).expect("rmp-serde encodes")
}

fn direct_decode(bytes: &[u8]) -> Resource {
    msgpack_direct::from_slice(bytes).expect("the direct codec decodes")
}

fn direct_encode(resource: &Resource) -> Vec<u8> {
    msgpack_direct::to_vec(resource).expect("the direct codec encodes")
}

fn report() {
    for n in SIZES {
        let resource = Resource::sample(n);
        check_against_ours(&resource);
        let twin = SerdeResource::from_resource(&resource);
        let bytes = ours_to_msgpack(&resource);
        println!("msgpack size    N={n}: {} bytes", bytes.len());
        report_allocations(
            &format!("msgpack_decode/N={n}/value_tree"),
            count_allocations(|| ours_from_msgpack(&bytes)),
        );
        let ty = Resource::terraform_type();
        let value = Value::from_msgpack(&bytes, &ty).expect("decodes");
        report_allocations(
            &format!("msgpack_decode/N={n}/value_only"),
            count_allocations(|| Value::from_msgpack(&bytes, &ty)),
        );
        report_allocations(
            &format!("msgpack_encode/N={n}/value_only"),
            count_allocations(|| value.to_msgpack(&ty)),
        );
        report_allocations(
            &format!("msgpack_decode/N={n}/rmp_serde"),
            count_allocations(|| rmp_decode(&bytes)),
        );
        report_allocations(
            &format!("msgpack_encode/N={n}/value_tree"),
            count_allocations(|| ours_to_msgpack(&resource)),
        );
        report_allocations(
            &format!("msgpack_encode/N={n}/rmp_serde"),
            count_allocations(|| rmp_encode(&twin)),
        );
        assert!(direct_decode(&bytes) == resource, "direct decode differs");
        assert_eq!(direct_encode(&resource), bytes, "direct encode differs");
        report_allocations(
            &format!("msgpack_decode/N={n}/direct"),
            count_allocations(|| direct_decode(&bytes)),
        );
        report_allocations(
            &format!("msgpack_encode/N={n}/direct"),
            count_allocations(|| direct_encode(&resource)),
        );
    }
}

fn msgpack(c: &mut Criterion) {
    report();
    for n in SIZES {
        let resource = Resource::sample(n);
        let twin = SerdeResource::from_resource(&resource);
        let bytes = ours_to_msgpack(&resource);
        let ty = Resource::terraform_type();
        let value = Value::from_msgpack(&bytes, &ty).expect("decodes");

        let mut group = c.benchmark_group(format!("msgpack_decode/N={n}"));
        group.sample_size(sample_size(n));
        group.bench_function("value_tree", |b| {
            b.iter(|| ours_from_msgpack(black_box(&bytes)))
        });
        group.bench_function("value_only", |b| {
            b.iter(|| Value::from_msgpack(black_box(&bytes), black_box(&ty)))
        });
        group.bench_function("rmp_serde", |b| b.iter(|| rmp_decode(black_box(&bytes))));
        group.bench_function("direct", |b| b.iter(|| direct_decode(black_box(&bytes))));
        group.finish();

        let mut group = c.benchmark_group(format!("msgpack_encode/N={n}"));
        group.sample_size(sample_size(n));
        group.bench_function("value_tree", |b| {
            b.iter(|| ours_to_msgpack(black_box(&resource)))
        });
        group.bench_function("value_only", |b| {
            b.iter(|| black_box(&value).to_msgpack(black_box(&ty)))
        });
        group.bench_function("rmp_serde", |b| b.iter(|| rmp_encode(black_box(&twin))));
        group.bench_function("direct", |b| b.iter(|| direct_encode(black_box(&resource))));
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = criterion_config();
    targets = msgpack
}
/// `TFSDK_BENCH_PROFILE=<name>`: run one operation for a profiler instead (see
/// [`ProfileRequest`]).
fn profile(request: &ProfileRequest) {
    for n in SIZES {
        let resource = Resource::sample(n);
        let twin = SerdeResource::from_resource(&resource);
        let bytes = ours_to_msgpack(&resource);
        let ty = Resource::terraform_type();
        let value = Value::from_msgpack(&bytes, &ty).expect("decodes");
        request.run(
            &format!("msgpack_decode/N={n}/value_tree"),
            || (),
            |()| ours_from_msgpack(&bytes),
        );
        // The two halves of the value-tree route.
        request.run(
            &format!("msgpack_decode/N={n}/value_only"),
            || (),
            |()| Value::from_msgpack(&bytes, &ty),
        );
        request.run(
            &format!("msgpack_encode/N={n}/value_only"),
            || (),
            |()| value.to_msgpack(&ty),
        );
        request.run(
            &format!("msgpack_decode/N={n}/direct"),
            || (),
            |()| direct_decode(&bytes),
        );
        request.run(
            &format!("msgpack_encode/N={n}/direct"),
            || (),
            |()| direct_encode(&resource),
        );
        request.run(
            &format!("msgpack_decode/N={n}/rmp_serde"),
            || (),
            |()| rmp_decode(&bytes),
        );
        request.run(
            &format!("msgpack_encode/N={n}/value_tree"),
            || (),
            |()| ours_to_msgpack(&resource),
        );
        request.run(
            &format!("msgpack_encode/N={n}/rmp_serde"),
            || (),
            |()| rmp_encode(&twin),
        );
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
