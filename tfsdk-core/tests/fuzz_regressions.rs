//! Every input the fuzz targets (`fuzz/`) ever crashed on, replayed with the target's own
//! checks: `tests/data/fuzz/<target>/` holds the inputs, byte for byte as libFuzzer wrote them
//! (plus a seed or two, so that each check is exercised). The checks mirror
//! `fuzz/fuzz_targets/*.rs`; see `fuzz/README.md` for the input formats.

use std::collections::BTreeMap;
use std::fs;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use tfsdk_core::TfObject;
use tfsdk_core::convert::{FromValue, TerraformType, ToValue};
use tfsdk_core::tftypes::{JsonOptions, ObjectType, Type, Value};
use tfsdk_core::typeexpr::{self, json_value, parse};
use tfsdk_core::types;

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

// --- The type code of fuzz/src/lib.rs ---

const MAX_TYPE_DEPTH: usize = 6;
const NAMES: [&str; 5] = ["a", "b", "", "ü", "x y"];

fn type_from_bytes(data: &[u8]) -> (Type, &[u8]) {
    let mut data = data;
    let ty = type_code(&mut data, 1);
    (ty, data)
}

fn byte(data: &mut &[u8]) -> u8 {
    match data.split_first() {
        Some((b, rest)) => {
            *data = rest;
            *b
        }
        None => 0,
    }
}

fn type_code(data: &mut &[u8], depth: usize) -> Type {
    let b = byte(data);
    let code = if depth >= MAX_TYPE_DEPTH {
        b % 4
    } else {
        b % 9
    };
    match code {
        0 => Type::String,
        1 => Type::Number,
        2 => Type::Bool,
        3 => Type::Dynamic,
        4 => Type::list(type_code(data, depth + 1)),
        5 => Type::set(type_code(data, depth + 1)),
        6 => Type::map(type_code(data, depth + 1)),
        7 => {
            let n = byte(data);
            let count = usize::from(n & 7).min(NAMES.len());
            let mut attributes = Vec::new();
            let mut optional = Vec::new();
            for (i, name) in NAMES.iter().take(count).enumerate() {
                attributes.push((*name, type_code(data, depth + 1)));
                if n & (1 << (3 + i)) != 0 {
                    optional.push(*name);
                }
            }
            Type::from_object(ObjectType::new(attributes).with_optional(optional))
        }
        _ => {
            let count = byte(data) % 5;
            Type::tuple(
                (0..count)
                    .map(|_| type_code(data, depth + 1))
                    .collect::<Vec<_>>(),
            )
        }
    }
}

// --- The targets' checks ---

fn msgpack_decode(data: &[u8]) {
    let (ty, bytes) = type_from_bytes(data);
    let Ok(value) = Value::from_msgpack(bytes, &ty) else {
        return;
    };
    let encoded = value.to_msgpack(&ty).expect("a decoded value encodes");
    let again = Value::from_msgpack(&encoded, &ty).expect("an encoded value decodes");
    assert_eq!(again, value);
    assert_eq!(again.to_msgpack(&ty).unwrap(), encoded);
}

fn json_decode(data: &[u8]) {
    let Some((flags, rest)) = data.split_first() else {
        return;
    };
    let options = JsonOptions::default().ignore_undefined_attributes(flags & 1 != 0);
    let (ty, json) = type_from_bytes(rest);
    let Ok(value) = Value::from_json_with(json, &ty, options) else {
        return;
    };
    let encoded = value.to_json(&ty).expect("a decoded value encodes");
    let again = Value::from_json(&encoded, &ty).expect("an encoded value decodes");
    assert_eq!(again, value);
    assert_eq!(again.to_json(&ty).unwrap(), encoded);
}

fn constraint_parse(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(constraint) = parse(text) else {
        return;
    };
    let rendered = constraint.to_string();
    let again = parse(&rendered).unwrap_or_else(|e| panic!("{rendered:?}: {e}"));
    assert_eq!(again, constraint);
    assert_eq!(again.to_string(), rendered);
}

fn constraint_convert(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Some((type_text, json)) = text.split_once('\0') else {
        return;
    };
    let Ok(constraint) = parse(type_text) else {
        return;
    };
    let Ok(input) = json_value::parse_json(json) else {
        return;
    };
    let Ok(value) = typeexpr::convert(input, &constraint) else {
        return;
    };
    assert!(value.ty().usable_as(&constraint.value_type()));
    value.check_type(value.ty()).expect("well formed");
    let again = typeexpr::convert(value.clone(), &constraint).expect("converts again");
    assert_eq!(again, value);
}

#[derive(TfObject, Debug, Clone, PartialEq)]
struct Resource {
    #[tfsdk(name = "id")]
    id: String,
    #[tfsdk(name = "count")]
    count: i64,
    #[tfsdk(name = "ratio")]
    ratio: f64,
    #[tfsdk(name = "enabled")]
    enabled: Option<bool>,
    #[tfsdk(name = "name")]
    name: types::String,
    #[tfsdk(name = "size")]
    size: types::Int64,
    #[tfsdk(name = "weight")]
    weight: types::Float64,
    #[tfsdk(name = "tags")]
    tags: Option<BTreeMap<String, String>>,
    #[tfsdk(name = "ports")]
    ports: Vec<Option<u16>>,
    #[tfsdk(name = "nested")]
    nested: Option<Nested>,
    #[tfsdk(name = "items")]
    items: Vec<Item>,
    #[tfsdk(name = "framework_items")]
    framework_items: types::List<types::Object<Item>>,
    #[tfsdk(name = "labels")]
    labels: types::Map<types::String>,
    #[tfsdk(name = "zones")]
    zones: types::Set<types::String>,
    #[tfsdk(name = "extra")]
    extra: types::Dynamic,
    #[tfsdk(skip)]
    skipped: u8,
}

#[derive(TfObject, Debug, Clone, PartialEq)]
struct Nested {
    #[tfsdk(name = "flag")]
    flag: types::Bool,
    #[tfsdk(name = "note")]
    note: Option<String>,
    #[tfsdk(name = "item")]
    item: Item,
}

#[derive(TfObject, Debug, Clone, PartialEq)]
struct Item {
    #[tfsdk(name = "key")]
    key: String,
    #[tfsdk(name = "value")]
    value: types::String,
    #[tfsdk(name = "amount")]
    amount: Option<i32>,
}

/// The target's first half (the msgpack bytes; the `arbitrary` half needs the fuzz crate).
fn derived_struct(data: &[u8]) {
    let ty = Resource::terraform_type();
    let Ok(value) = Value::from_msgpack(data, &ty) else {
        return;
    };
    let Ok(resource) = Resource::from_value(value.clone()) else {
        return;
    };
    let back = resource.to_value(&ty).expect("converts back");
    assert_eq!(back, value);
    let bytes = back.to_msgpack(&ty).expect("encodes");
    let decoded = Value::from_msgpack(&bytes, &ty).expect("decodes");
    assert_eq!(decoded, back);
    assert_eq!(Resource::from_value(decoded).expect("converts"), resource);
}

#[test]
fn msgpack_decode_inputs_decode_or_fail_cleanly_and_round_trip() {
    replay("msgpack_decode", msgpack_decode);
}

#[test]
fn json_decode_inputs_decode_or_fail_cleanly_and_round_trip() {
    replay("json_decode", json_decode);
}

#[test]
fn constraint_parse_inputs_parse_or_fail_cleanly_and_render_back() {
    replay("constraint_parse", constraint_parse);
}

#[test]
fn constraint_convert_inputs_convert_or_fail_cleanly_and_conform() {
    replay("constraint_convert", constraint_convert);
}

#[test]
fn derived_struct_inputs_round_trip_through_the_struct() {
    replay("derived_struct", derived_struct);
}
