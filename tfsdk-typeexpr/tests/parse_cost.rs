//! How hcl-edit's parse time grows with operands nested after operators, the measurements
//! behind `MAX_OPERAND_NESTING`. Run in release:
//! `cargo test --release -p tfsdk-typeexpr --test parse_cost -- --ignored --nocapture`.

use std::time::{Duration, Instant};

/// The time hcl-edit alone (no limits checked) takes to parse `src`: the fastest of three
/// parses, or one when it is slow.
fn parse_time(src: &str) -> Duration {
    let once = || {
        let start = Instant::now();
        let _ = hcl_edit::parser::parse_expr(src);
        start.elapsed()
    };
    let first = once();
    if first > Duration::from_millis(50) {
        return first;
    }
    (0..2).map(|_| once()).fold(first, Duration::min)
}

fn ms(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64() * 1000.0)
}

#[test]
#[ignore = "a measurement: run in release with --nocapture"]
fn parse_time_by_operand_depth() {
    println!("depth | a*b*({{ .. 0 | a*b*\"${{ .. 0 | a+b*c-d*({{ .. 0 | 32 KiB array at depth");
    for depth in 0..=16 {
        let objects = format!("{}0", "a*b*({".repeat(depth));
        let strings = format!("{}0", "a*b*\"${".repeat(depth));
        let more_operators = format!("{}0", "a+b*c-d*({".repeat(depth));
        let wide = format!("{}[{}1]", "a*b*({x=".repeat(depth), "1,".repeat(16 * 1024));
        let times = if depth <= 10 {
            ms(parse_time(&wide))
        } else {
            "-".into()
        };
        println!(
            "{depth:5} | {} | {} | {} | {times}",
            ms(parse_time(&objects)),
            ms(parse_time(&strings)),
            ms(parse_time(&more_operators)),
        );
    }
    // Operators before a single operand do not add up: only the nesting does.
    for operators in [2, 8, 32, 100] {
        let chain = "a*".repeat(operators);
        let src = format!("{}0", format!("{chain}({{x=").repeat(10));
        println!(
            "{operators} operators per level, 10 levels: {} ms",
            ms(parse_time(&src))
        );
    }
    let known = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tfsdk-core/tests/data/fuzz/constraint_parse/slow-operands-nested-17-deep"
    ))
    .unwrap();
    println!(
        "known slow input ({} bytes), its literals beyond f64 masked: {} ms unchecked",
        known.len(),
        ms(parse_time(&mask_exponents(&known)))
    );
    let start = Instant::now();
    let e = tfsdk_typeexpr::parse(&known).unwrap_err();
    println!(
        "  through parse: {:?}, {}",
        start.elapsed(),
        e.diagnostics[0].detail
    );
}

/// `1e8388` → `1e0000`, as the parser's retries do one literal at a time.
fn mask_exponents(src: &str) -> String {
    let mut out = src.as_bytes().to_vec();
    for i in 1..out.len() {
        if matches!(out[i], b'e' | b'E') && out[i - 1].is_ascii_digit() {
            let mut j = i + 1;
            while j < out.len() && out[j].is_ascii_digit() {
                out[j] = b'0';
                j += 1;
            }
        }
    }
    String::from_utf8(out).unwrap()
}

/// The slowest accepted shapes through `tfsdk_typeexpr::parse` (limits checked): 32 KiB with
/// the heaviest operand accepted at each depth, a parse error at its innermost level.
#[test]
#[ignore = "a measurement: run in release with --nocapture"]
fn parse_time_at_the_limits() {
    let limit = tfsdk_typeexpr::MAX_EXPRESSION_LEN;
    for depth in [1, 2, 4, 6, 8] {
        let shape = |items: usize| format!("{}[{}1]", "a*b*({x=".repeat(depth), "1,".repeat(items));
        let refused = |items: usize| {
            let e = tfsdk_typeexpr::parse(&shape(items)).unwrap_err();
            e.diagnostics[0].detail.contains("operand")
        };
        let (mut accepted, mut over) = (0, 16 * 1024);
        while over - accepted > 1 {
            let mid = (accepted + over) / 2;
            if refused(mid) {
                over = mid;
            } else {
                accepted = mid;
            }
        }
        let heaviest = shape(accepted);
        let filler = (limit - heaviest.len() - 2) / 2;
        let src = format!("[{}{heaviest}", "1,".repeat(filler));
        let start = Instant::now();
        let e = tfsdk_typeexpr::parse(&src).unwrap_err();
        println!(
            "depth {depth}: operand of {} bytes in {} bytes: {} ms ({})",
            heaviest.len(),
            src.len(),
            ms(start.elapsed()),
            e.diagnostics[0].detail
        );
    }
}

/// Literals beyond `f64` are masked one per parse (hcl-edit stops at each): quadratic.
#[test]
#[ignore = "a measurement: run in release with --nocapture"]
fn parse_time_with_literals_beyond_f64() {
    for literals in [100, 1000, 5000] {
        let src = format!("[{}1]", "1e999,".repeat(literals));
        let start = Instant::now();
        let r = tfsdk_typeexpr::parse(&src);
        println!(
            "{literals} literals beyond f64 ({} bytes): {} ms, {}",
            src.len(),
            ms(start.elapsed()),
            r.is_ok()
        );
    }
}
