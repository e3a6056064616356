//! Value → struct and struct → value: the derive against the hand-written conversion of the
//! same model (target: the derive within 1.2× of it). `cargo bench -p tfsdk-benches --bench convert`

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group};
use tfsdk_benches::{
    CountingAllocator, ProfileRequest, Resource, count_allocations, count_allocations_consuming,
    criterion_config, hand, report_allocations, sample_size,
};
use tfsdk_core::convert::{FromValue, TerraformType, ToValue};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

const SIZES: [usize; 2] = [10, 1000];

fn report() {
    for n in SIZES {
        let resource = Resource::sample(n);
        hand::check_against_derived(&resource);
        let ty = Resource::terraform_type();
        let value = resource.to_value(&ty).expect("converts");
        report_allocations(
            &format!("value_to_struct/N={n}/derived"),
            count_allocations_consuming(|| value.clone(), Resource::from_value),
        );
        report_allocations(
            &format!("value_to_struct/N={n}/hand"),
            count_allocations_consuming(|| value.clone(), hand::resource_from_value),
        );
        report_allocations(
            &format!("struct_to_value/N={n}/derived"),
            count_allocations(|| resource.to_value(&ty)),
        );
        report_allocations(
            &format!("struct_to_value/N={n}/hand"),
            count_allocations(|| hand::resource_to_value(&resource, &ty)),
        );
    }
}

fn convert(c: &mut Criterion) {
    report();
    for n in SIZES {
        let resource = Resource::sample(n);
        let ty = Resource::terraform_type();
        let value = resource.to_value(&ty).expect("converts");
        let batch = if n >= 1000 {
            BatchSize::LargeInput
        } else {
            BatchSize::SmallInput
        };

        let mut group = c.benchmark_group(format!("value_to_struct/N={n}"));
        group.sample_size(sample_size(n));
        group.bench_function("derived", |b| {
            b.iter_batched(
                || value.clone(),
                |v| Resource::from_value(black_box(v)),
                batch,
            )
        });
        group.bench_function("hand", |b| {
            b.iter_batched(
                || value.clone(),
                |v| hand::resource_from_value(black_box(v)),
                batch,
            )
        });
        group.finish();

        let mut group = c.benchmark_group(format!("struct_to_value/N={n}"));
        group.sample_size(sample_size(n));
        group.bench_function("derived", |b| {
            b.iter(|| black_box(&resource).to_value(black_box(&ty)))
        });
        group.bench_function("hand", |b| {
            b.iter(|| hand::resource_to_value(black_box(&resource), black_box(&ty)))
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = criterion_config();
    targets = convert
}
/// `TFSDK_BENCH_PROFILE=<name>`: run one operation for a profiler instead (see
/// [`ProfileRequest`]).
fn profile(request: &ProfileRequest) {
    for n in SIZES {
        let resource = Resource::sample(n);
        let ty = Resource::terraform_type();
        let value = resource.to_value(&ty).expect("converts");
        request.run(
            &format!("value_to_struct/N={n}/derived"),
            || value.clone(),
            Resource::from_value,
        );
        request.run(
            &format!("value_to_struct/N={n}/hand"),
            || value.clone(),
            hand::resource_from_value,
        );
        request.run(
            &format!("struct_to_value/N={n}/derived"),
            || (),
            |()| resource.to_value(&ty),
        );
        request.run(
            &format!("struct_to_value/N={n}/hand"),
            || (),
            |()| hand::resource_to_value(&resource, &ty),
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
