//! The spec's reference model for every benchmark, its twins, and what the benches share.
//!
//! - [`Resource`]: a resource model of 12 fields (strings, int64, float64, bool, framework
//!   `types::String` and `types::Int64`, a list of strings, a map of strings, one nested object,
//!   a list of N nested objects of 5 fields each) with `#[derive(TfObject)]`.
//! - [`hand`]: the same conversions written by hand against the `Value` API, with the same
//!   checks: the practical limit for the value ↔ struct route.
//! - [`serde_model`]: the equivalent serde structs for `rmp-serde`, the approach other Rust
//!   provider crates take.
//! - [`provider`]: the reference model as a resource of a provider served by `tfsdk-server`,
//!   for the request-path and start-up benches.
//! - [`collections`]: resources holding a set, a list or a map of many nested objects.
//! - [`CountingAllocator`]: a global allocator that counts allocations, for the per-operation
//!   counts the benches print; [`PeakAllocator`] the same for peak memory.
//!
//! The benches live in `benches/`; `BENCHMARKS.md` at the repository root has the numbers.

use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};

use tfsdk_core::TfObject;
use tfsdk_core::types;

pub mod collections;
pub mod hand;
pub mod provider;
pub mod serde_model;

/// The reference model: a resource of 12 attributes. The nested list has N elements.
#[derive(TfObject, Clone, Debug, PartialEq)]
pub struct Resource {
    /// A required string.
    #[tfsdk(name = "name")]
    pub name: String,
    /// A string that may be null.
    #[tfsdk(name = "description")]
    pub description: Option<String>,
    /// Another string.
    #[tfsdk(name = "region")]
    pub region: String,
    /// An int64.
    #[tfsdk(name = "size")]
    pub size: i64,
    /// A float64.
    #[tfsdk(name = "ratio")]
    pub ratio: f64,
    /// A bool.
    #[tfsdk(name = "enabled")]
    pub enabled: bool,
    /// A framework string (null, unknown or known).
    #[tfsdk(name = "id")]
    pub id: types::String,
    /// A framework int64 (null, unknown or known).
    #[tfsdk(name = "max_items")]
    pub max_items: types::Int64,
    /// A list of strings.
    #[tfsdk(name = "aliases")]
    pub aliases: Vec<String>,
    /// A map of strings.
    #[tfsdk(name = "labels")]
    pub labels: BTreeMap<String, String>,
    /// One nested object.
    #[tfsdk(name = "settings")]
    pub settings: Settings,
    /// A list of N nested objects of 5 attributes.
    #[tfsdk(name = "rules")]
    pub rules: Vec<Rule>,
}

/// The nested object.
#[derive(TfObject, Clone, Debug, PartialEq)]
pub struct Settings {
    /// A string.
    #[tfsdk(name = "mode")]
    pub mode: String,
    /// An int64.
    #[tfsdk(name = "retries")]
    pub retries: i64,
    /// A bool.
    #[tfsdk(name = "verbose")]
    pub verbose: bool,
}

/// An element of the nested list: 5 attributes.
#[derive(TfObject, Clone, Debug, PartialEq)]
pub struct Rule {
    /// A string.
    #[tfsdk(name = "name")]
    pub name: String,
    /// An int64.
    #[tfsdk(name = "priority")]
    pub priority: i64,
    /// A float64.
    #[tfsdk(name = "weight")]
    pub weight: f64,
    /// A bool.
    #[tfsdk(name = "enabled")]
    pub enabled: bool,
    /// A string that may be null (every other rule has none).
    #[tfsdk(name = "comment")]
    pub comment: Option<String>,
}

impl Resource {
    /// A resource with `n` rules. It has nulls (an `Option`, a framework `Int64`, every other
    /// rule's comment) but no unknowns, so that `rmp-serde` can read its msgpack too. Floats
    /// have fractional parts, which both encoders write as float64.
    pub fn sample(n: usize) -> Resource {
        Resource {
            name: "bench-resource".to_owned(),
            description: Some("the reference model of the benchmarks".to_owned()),
            region: "eu-central-1".to_owned(),
            size: 1_048_576,
            ratio: 0.75,
            enabled: true,
            id: types::String::new("res-0123456789abcdef"),
            max_items: types::Int64::null(),
            aliases: vec!["primary".to_owned(), "main".to_owned(), "bench".to_owned()],
            labels: BTreeMap::from([
                ("env".to_owned(), "prod".to_owned()),
                ("team".to_owned(), "platform".to_owned()),
                ("tier".to_owned(), "gold".to_owned()),
            ]),
            settings: Settings {
                mode: "fast".to_owned(),
                retries: 3,
                verbose: false,
            },
            rules: (0..n).map(Rule::sample).collect(),
        }
    }
}

impl Rule {
    /// The `i`th rule of [`Resource::sample`].
    pub fn sample(i: usize) -> Rule {
        Rule {
            name: format!("rule-{i:05}"),
            priority: i as i64 * 7,
            weight: i as f64 + 0.5,
            enabled: !i.is_multiple_of(3),
            comment: i.is_multiple_of(2).then(|| format!("comment on rule {i}")),
        }
    }
}

/// `value` as the protocol's `DynamicValue` (msgpack of type `ty`), as Terraform sends it.
///
/// # Panics
/// If `value` is not of type `ty` (a mistake in the bench).
pub fn dynamic_value(
    value: &tfsdk_core::tftypes::Value,
    ty: &tfsdk_core::tftypes::Type,
) -> Option<tfsdk_server::proto::tfplugin6::DynamicValue> {
    Some(tfsdk_server::proto::tfplugin6::DynamicValue {
        msgpack: value.to_msgpack(ty).expect("encodes"),
        json: Vec::new(),
    })
}

/// A [`GlobalAlloc`] over [`System`] that counts allocations (and reallocations), so a bench
/// can report how many one operation makes. Install it with `#[global_allocator]`.
pub struct CountingAllocator;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every call is forwarded to `System` unchanged; only a counter is added.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract is `System`'s.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: as above.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
}

/// A [`GlobalAlloc`] over [`System`] that tracks the bytes in use and their peak, so a bench can
/// report the most memory one operation holds at once. Install it with `#[global_allocator]`
/// (in a bench of its own: the bookkeeping costs a little on every allocation).
pub struct PeakAllocator;

static IN_USE: AtomicU64 = AtomicU64::new(0);
static PEAK: AtomicU64 = AtomicU64::new(0);

impl PeakAllocator {
    fn grew(bytes: usize) {
        let now = IN_USE.fetch_add(bytes as u64, Ordering::Relaxed) + bytes as u64;
        PEAK.fetch_max(now, Ordering::Relaxed);
    }

    fn shrank(bytes: usize) {
        IN_USE.fetch_sub(bytes as u64, Ordering::Relaxed);
    }
}

// SAFETY: every call is forwarded to `System` unchanged; only counters are added.
unsafe impl GlobalAlloc for PeakAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is `System`'s.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            PeakAllocator::grew(layout.size());
        }
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as above.
        let ptr = unsafe { System.alloc_zeroed(layout) };
        if !ptr.is_null() {
            PeakAllocator::grew(layout.size());
        }
        ptr
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as above.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            PeakAllocator::shrank(layout.size());
            PeakAllocator::grew(new_size);
        }
        new
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) };
        PeakAllocator::shrank(layout.size());
    }
}

/// Runs `f` once and returns the most bytes in use at any moment during it beyond those in
/// use when it started (its result dropped outside the measure). Meaningful only where
/// [`PeakAllocator`] is the global allocator.
pub fn peak_bytes<R>(f: impl FnOnce() -> R) -> u64 {
    let start = IN_USE.load(Ordering::Relaxed);
    PEAK.store(start, Ordering::Relaxed);
    let result = f();
    let peak = PEAK.load(Ordering::Relaxed);
    drop(result);
    peak - start
}

/// Allocations (including reallocations) counted so far by [`CountingAllocator`].
pub fn allocations() -> u64 {
    ALLOCATIONS.load(Ordering::Relaxed)
}

/// Runs `f` once (after one warm-up run, so lazily built statics are not counted) and returns
/// how many allocations it made. Meaningful only where [`CountingAllocator`] is the global
/// allocator; the result of `f` is dropped outside the count.
pub fn count_allocations<R>(mut f: impl FnMut() -> R) -> u64 {
    drop(f());
    let before = allocations();
    let result = f();
    let after = allocations();
    drop(result);
    after - before
}

/// As [`count_allocations`] for an operation that consumes its input: `setup` builds the input
/// outside the count.
pub fn count_allocations_consuming<I, R>(
    mut setup: impl FnMut() -> I,
    mut f: impl FnMut(I) -> R,
) -> u64 {
    drop(f(setup()));
    let input = setup();
    let before = allocations();
    let result = f(input);
    let after = allocations();
    drop(result);
    after - before
}

/// The criterion settings every bench uses: short runs (the machine is small and shared), and
/// fewer samples for the large inputs.
pub fn criterion_config() -> criterion::Criterion {
    criterion::Criterion::default()
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(3))
        .sample_size(30)
}

/// The sample size for a group over an input of `n` elements.
pub fn sample_size(n: usize) -> usize {
    if n >= 1000 { 10 } else { 30 }
}

/// A request, from the environment, to run one operation of a bench binary many times instead
/// of benchmarking, for a profiler (`valgrind --tool=callgrind`):
/// `TFSDK_BENCH_PROFILE=<operation name>` (as the allocation lines print it),
/// `TFSDK_BENCH_ITERATIONS` (default 100), and `TFSDK_BENCH_SETUP_ONLY=1` to build the inputs
/// without running the operation (subtract that run's instruction count to get the
/// operation's alone).
pub struct ProfileRequest {
    /// The operation to run.
    pub name: String,
    /// How many times.
    pub iterations: usize,
    /// Only build the inputs.
    pub setup_only: bool,
}

impl ProfileRequest {
    /// The request in the environment, if any.
    pub fn from_env() -> Option<ProfileRequest> {
        let name = std::env::var("TFSDK_BENCH_PROFILE").ok()?;
        let iterations = std::env::var("TFSDK_BENCH_ITERATIONS")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(100);
        let setup_only = std::env::var_os("TFSDK_BENCH_SETUP_ONLY").is_some();
        Some(ProfileRequest {
            name,
            iterations,
            setup_only,
        })
    }

    /// Runs `op` on `iterations` inputs built by `setup` beforehand, when `name` is the one
    /// requested.
    pub fn run<I, R>(&self, name: &str, mut setup: impl FnMut() -> I, mut op: impl FnMut(I) -> R) {
        if name != self.name {
            return;
        }
        let inputs: Vec<I> = (0..self.iterations).map(|_| setup()).collect();
        if self.setup_only {
            drop(std::hint::black_box(inputs));
        } else {
            profiled_loop(inputs, &mut op);
        }
        eprintln!("profiled {name}: {} iterations", self.iterations);
    }
}

/// The operations a [`ProfileRequest`] runs, in a function of their own so that a profiler can
/// collect only inside it (`valgrind --tool=callgrind --collect-atstart=no
/// --toggle-collect='*profiled_loop*'`).
#[inline(never)]
fn profiled_loop<I, R>(inputs: Vec<I>, op: &mut impl FnMut(I) -> R) {
    for input in inputs {
        drop(std::hint::black_box(op(std::hint::black_box(input))));
    }
}

/// Prints one line of the allocation table the benches show before timing.
pub fn report_allocations(label: &str, count: u64) {
    println!("allocations/op  {label:<48} {count:>8}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_twins_agree_at_small_n() {
        hand::check_against_derived(&Resource::sample(10));
        serde_model::check_against_ours(&Resource::sample(10));
    }
}
