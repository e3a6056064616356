//! Every input the fuzz targets (`fuzz/`) ever crashed on, replayed with the target's own
//! checks: `tests/data/fuzz/<target>/` holds the inputs, byte for byte as libFuzzer wrote them
//! (plus a seed or two, so that each check is exercised). The checks are the targets' own,
//! from `fuzz/src/lib.rs`; see `fuzz/README.md` for the input formats.

use std::fs;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The fuzzers ran with `-timeout=5`; a regression input must finish well within that even in
/// a debug build.
const SLOW: Duration = Duration::from_secs(5);

/// The inputs for `target`, with their file names.
fn inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/fuzz")
        .join(target);
    let Ok(entries) = fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut files: Vec<(String, Vec<u8>)> = entries
        .map(|e| {
            let path = e.expect("readable directory").path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read(&path).expect("readable input"))
        })
        .collect();
    files.sort();
    files
}

/// Runs `check` on every input of `target`, each within [`SLOW`].
fn replay(target: &str, check: impl Fn(&[u8])) {
    for (name, data) in inputs(target) {
        let start = Instant::now();
        check(&data);
        let took = start.elapsed();
        assert!(took < SLOW, "{target}/{name} took {took:?}");
    }
}

/// The fuzz targets' own checks (and type code and model), so that a replay checks exactly
/// what the fuzzer did.
#[path = "../../fuzz/src/lib.rs"]
mod fuzz_checks;

use fuzz_checks::{
    check_constraint_convert, check_constraint_parse, check_derived_struct_bytes,
    check_json_decode, check_msgpack_decode,
};

#[test]
fn msgpack_decode_inputs_decode_or_fail_cleanly_and_round_trip() {
    replay("msgpack_decode", check_msgpack_decode);
}

#[test]
fn json_decode_inputs_decode_or_fail_cleanly_and_round_trip() {
    replay("json_decode", check_json_decode);
}

#[test]
fn constraint_parse_inputs_parse_or_fail_cleanly_and_render_back() {
    replay("constraint_parse", check_constraint_parse);
}

#[test]
fn constraint_convert_inputs_convert_or_fail_cleanly_and_conform() {
    replay("constraint_convert", check_constraint_convert);
}

#[test]
fn derived_struct_inputs_round_trip_through_the_struct() {
    replay("derived_struct", check_derived_struct_bytes);
}

#[test]
fn operands_nested_deep_after_operators_are_refused_before_parsing() {
    // Found by fuzzing: brackets 17 deep behind 352 operators took hcl-edit seconds in release,
    // 30 s in a debug build; the check before parsing refuses it at once.
    let (_, data) = inputs("constraint_parse")
        .into_iter()
        .find(|(name, _)| name == "slow-operands-nested-17-deep")
        .expect("the input is kept");
    let text = std::str::from_utf8(&data).unwrap();
    let start = Instant::now();
    let err = tfsdk_typeexpr::parse(text).unwrap_err();
    let took = start.elapsed();
    assert!(took < Duration::from_millis(500), "took {took:?}");
    let detail = &err.diagnostics[0].detail;
    assert!(
        detail.starts_with(&format!(
            "Brackets nest more than {} levels deep as operands of binary operators",
            tfsdk_typeexpr::MAX_OPERAND_NESTING
        )),
        "{detail}"
    );
}
