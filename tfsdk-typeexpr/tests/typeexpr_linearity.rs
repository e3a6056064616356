//! Type-constraint conversion is linear in the number of elements (the `buckets` constraint
//! over 10,000 elements takes a few milliseconds and grows linearly to 1,000,000; the reference
//! is quadratic). Timing tests are unreliable on shared machines, so
//! this one is ignored by default and its bounds are loose; run it in release:
//!
//! ```text
//! cargo test --release -p tfsdk-typeexpr --test typeexpr_linearity -- --ignored --nocapture
//! ```

use std::time::{Duration, Instant};

use tfsdk_core::tftypes::Value;
use tfsdk_typeexpr::{self as typeexpr, TypeConstraint, json_value, parse};

const BUCKETS: &str = r#"list(object({
    name    = string
    enabled = optional(bool, true)
    website = optional(object({
      index_document = optional(string, "index.html")
      error_document = optional(string, "error.html")
      routing_rules  = optional(string)
    }), {})
  }))"#;

/// `n` buckets cycling through the documented example's three shapes (website with routing rules only, no
/// website and disabled, website with both documents), each with its own name.
fn buckets_json(n: usize) -> String {
    let mut out = String::from("[");
    for i in 0..n {
        if i > 0 {
            out.push(',');
        }
        match i % 3 {
            0 => out.push_str(&format!(
                r#"{{"name":"production-{i}","website":{{"routing_rules":"[\n  {{}}\n]\n"}}}}"#
            )),
            1 => out.push_str(&format!(r#"{{"name":"archived-{i}","enabled":false}}"#)),
            _ => out.push_str(&format!(
                r#"{{"name":"docs-{i}","website":{{"index_document":"index.txt","error_document":"error.txt"}}}}"#
            )),
        }
    }
    out.push(']');
    out
}

/// Time this thread has spent on a CPU, when the system says (Linux's schedstat, in ns): on a
/// busy machine, wall time also counts the time other processes ran, which stretches any run
/// longer than a scheduler slice. The kernel updates it at scheduler ticks, so only a total
/// over many milliseconds is accurate.
fn thread_cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns = stat.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Conversions of a fresh copy of `input` (copying is not timed): the fastest run's wall time
/// and, when available, the mean CPU time of the runs.
fn time_convert(
    input: &Value,
    constraint: &TypeConstraint,
    runs: usize,
) -> (Duration, Option<Duration>) {
    time_with(input, constraint, runs, typeexpr::convert)
}

/// The route `convert` took for every value before it had a single pass: apply the defaults,
/// then convert. Timed alongside, under the same load, for comparison.
fn two_pass(value: Value, constraint: &TypeConstraint) -> Result<Value, typeexpr::ConversionError> {
    typeexpr::convert_to_type(typeexpr::apply_defaults(value, constraint), constraint.ty())
}

fn time_with(
    input: &Value,
    constraint: &TypeConstraint,
    runs: usize,
    convert: fn(Value, &TypeConstraint) -> Result<Value, typeexpr::ConversionError>,
) -> (Duration, Option<Duration>) {
    let mut best_wall = Duration::MAX;
    let mut cpu_total = Some(Duration::ZERO);
    for _ in 0..runs {
        let value = input.clone();
        let cpu_start = thread_cpu_time();
        let start = Instant::now();
        let converted = convert(value, constraint).expect("buckets convert");
        let wall = start.elapsed();
        let cpu = cpu_start
            .zip(thread_cpu_time())
            .map(|(a, b)| b.saturating_sub(a));
        assert_eq!(
            converted.as_elements().map(<[Value]>::len),
            input.as_elements().map(<[Value]>::len)
        );
        drop(converted);
        best_wall = best_wall.min(wall);
        cpu_total = cpu_total.zip(cpu).map(|(total, c)| total + c);
    }
    (best_wall, cpu_total.map(|total| total / runs as u32))
}

#[test]
#[ignore = "timing; run in release with --ignored --nocapture"]
fn buckets_conversion_is_linear_in_the_number_of_elements() {
    let constraint = parse(BUCKETS).expect("the buckets constraint parses");
    let mut per_element = Vec::new();
    for (n, runs) in [(1_000, 200), (10_000, 20), (100_000, 3), (1_000_000, 1)] {
        let input = json_value::parse_json(&buckets_json(n)).expect("valid JSON");
        let (wall, cpu) = time_convert(&input, &constraint, runs);
        // CPU time when there is one: it does not count other processes' turns.
        let t = cpu.unwrap_or(wall);
        let ns = t.as_nanos() as f64 / n as f64;
        println!(
            "{n:>9} elements: wall {:>10.3} ms, cpu {:>10} ms, {ns:>8.1} ns/element",
            wall.as_secs_f64() * 1e3,
            cpu.map_or("n/a".to_owned(), |c| format!(
                "{:.3}",
                c.as_secs_f64() * 1e3
            ))
        );
        per_element.push((n, ns));
        let (wall2, cpu2) = time_with(&input, &constraint, runs, two_pass);
        let t2 = cpu2.unwrap_or(wall2);
        println!(
            "{n:>9} elements, two passes: wall {:>10.3} ms, cpu {:>10} ms ({:.1}x the single pass)",
            wall2.as_secs_f64() * 1e3,
            cpu2.map_or("n/a".to_owned(), |c| format!(
                "{:.3}",
                c.as_secs_f64() * 1e3
            )),
            t2.as_secs_f64() / t.as_secs_f64()
        );
    }
    let (_, base) = per_element[1];
    for &(n, ns) in &per_element {
        // Linear means a constant cost per element; allow for caches and allocator effects on
        // a busy machine, but not for the growth of a quadratic algorithm (10x per step).
        assert!(
            ns < base * 4.0,
            "{n} elements cost {ns:.1} ns each, {:.1}x the cost at 10,000",
            ns / base
        );
    }
}
