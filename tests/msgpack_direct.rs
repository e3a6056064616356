//! The direct msgpack codec (`tfsdk_core::msgpack_direct`) against the value route
//! (`Value::from_msgpack` + `FromValue`, `ToValue` + `Value::to_msgpack`): the same structs, the
//! same bytes, the same errors with their paths.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use tfsdk_core::convert::{FromValue, TerraformType};
use tfsdk_core::msgpack_direct::{
    self, Error, MsgpackDecode, MsgpackEncode, from_slice, from_slice_via_value, to_vec,
    to_vec_via_value,
};
use tfsdk_core::tftypes::{Number, Type, Value};
use tfsdk_core::{TfObject, types};

use crate::support::null_and_unknown_variants;

// ---------------------------------------------------------------------------------------------
// Models

/// Direct fields of every kind, framework types (null and unknown), and fields that take the
/// value-route fallback (`types::List`, `types::Object`, `tftypes::Value`, sets).
#[derive(TfObject, Clone, Debug, PartialEq)]
struct Account {
    #[tfsdk(name = "name")]
    name: String,
    #[tfsdk(name = "id")]
    id: types::String,
    #[tfsdk(name = "quota")]
    quota: types::Int64,
    #[tfsdk(name = "ratio")]
    ratio: types::Float64,
    #[tfsdk(name = "active")]
    active: types::Bool,
    #[tfsdk(name = "exact")]
    exact: types::Number,
    #[tfsdk(name = "small")]
    small: types::Int32,
    #[tfsdk(name = "tiny")]
    tiny: types::Float32,
    #[tfsdk(name = "count")]
    count: Option<u16>,
    #[tfsdk(name = "offset")]
    offset: Option<i64>,
    #[tfsdk(name = "weight")]
    weight: Option<f64>,
    #[tfsdk(name = "enabled")]
    enabled: Option<bool>,
    #[tfsdk(name = "tags")]
    tags: Option<Vec<Option<String>>>,
    #[tfsdk(name = "labels")]
    labels: Option<BTreeMap<String, Option<String>>>,
    #[tfsdk(name = "limits")]
    limits: Option<HashMap<String, Option<i64>>>,
    #[tfsdk(name = "zones")]
    zones: Option<BTreeSet<String>>,
    #[tfsdk(name = "buckets")]
    buckets: Option<Vec<Option<Bucket>>>,
    #[tfsdk(name = "primary")]
    primary: Option<Box<Bucket>>,
    #[tfsdk(name = "extra")]
    extra: types::List<types::String>,
    #[tfsdk(name = "meta")]
    meta: types::Object<Website>,
    #[tfsdk(name = "anything")]
    anything: Value,
    #[tfsdk(skip)]
    cache: Option<String>,
}

#[derive(TfObject, Clone, Debug, PartialEq)]
struct Bucket {
    #[tfsdk(name = "name")]
    name: String,
    #[tfsdk(name = "size")]
    size: types::Int64,
    #[tfsdk(name = "website")]
    website: Option<Website>,
}

#[derive(TfObject, Clone, Debug, PartialEq)]
struct Website {
    #[tfsdk(name = "index_document")]
    index_document: types::String,
    #[tfsdk(name = "error_document")]
    error_document: Option<String>,
}

/// Flattened attributes interleave with the struct's own in name order.
#[derive(TfObject, Clone, Debug, PartialEq, Default)]
struct Flat {
    #[tfsdk(name = "m")]
    m: String,
    #[tfsdk(flatten)]
    common: Common,
    #[tfsdk(name = "b")]
    b: i64,
    #[tfsdk(skip)]
    note: String,
}

#[derive(TfObject, Clone, Debug, PartialEq, Default)]
struct Common {
    #[tfsdk(name = "z")]
    z: bool,
    #[tfsdk(name = "a")]
    a: Option<String>,
    #[tfsdk(flatten)]
    deeper: Deeper,
}

#[derive(TfObject, Clone, Debug, PartialEq, Default)]
struct Deeper {
    #[tfsdk(name = "n")]
    n: types::Int64,
}

/// Generic fields take the value route; the rest stays direct.
#[derive(TfObject, Clone, Debug, PartialEq)]
struct Generic<T> {
    #[tfsdk(name = "item")]
    item: T,
    #[tfsdk(name = "items")]
    items: Vec<T>,
    #[tfsdk(name = "label")]
    label: String,
}

/// Nested lists in nested structs, for depth. (Rust types nested 128 deep overflow the
/// compiler's recursion limits, so the direct route's own limit is tested in tfsdk-core's unit
/// tests; here the input is what nests too deeply.)
#[derive(TfObject, Clone, Debug, PartialEq)]
struct Deep {
    #[tfsdk(name = "inner")]
    inner: Vec<Vec<Vec<Deeper2>>>,
    #[tfsdk(name = "any")]
    any: Value,
}

#[derive(TfObject, Clone, Debug, PartialEq)]
struct Deeper2 {
    #[tfsdk(name = "lists")]
    lists: Vec<Vec<String>>,
}

/// Plain natives: null and unknown are errors where they cannot be held.
#[derive(TfObject, Clone, Debug, PartialEq)]
struct Strict {
    #[tfsdk(name = "name")]
    name: String,
    #[tfsdk(name = "port")]
    port: u8,
    #[tfsdk(name = "scale")]
    scale: f64,
    #[tfsdk(name = "ids")]
    ids: Vec<i64>,
    #[tfsdk(name = "env")]
    env: BTreeMap<String, String>,
    #[tfsdk(name = "buckets")]
    buckets: Vec<Bucket>,
}

// ---------------------------------------------------------------------------------------------
// Helpers

fn n(text: &str) -> Value {
    Value::number(text.parse::<Number>().unwrap())
}

fn website(index: &str) -> Value {
    Value::object_of([
        ("index_document", Value::from(index)),
        ("error_document", Value::from("404.html")),
    ])
}

fn bucket(name: &str, size: i64) -> Value {
    Value::object_of([
        ("name", Value::from(name)),
        ("size", Value::from(size)),
        ("website", website("index.html")),
    ])
}

fn account() -> Value {
    let bucket_type = Bucket::terraform_type();
    Value::object(
        Account::terraform_type(),
        [
            ("name", Value::from("acme")),
            ("id", Value::from("acc-1")),
            ("quota", Value::from(1_000_000)),
            ("ratio", n("0.25")),
            ("active", Value::from(true)),
            ("exact", n("18446744073709551617.5")),
            ("small", Value::from(-7)),
            ("tiny", n("1.5")),
            ("count", Value::from(65535)),
            ("offset", Value::from(i64::MIN)),
            ("weight", n("0.3")),
            ("enabled", Value::from(false)),
            (
                "tags",
                Value::list(Type::String, [Value::from("a"), Value::from("b")]).unwrap(),
            ),
            (
                "labels",
                Value::map(
                    Type::String,
                    [("z", Value::from("1")), ("a", Value::from("2"))],
                )
                .unwrap(),
            ),
            (
                "limits",
                Value::map(
                    Type::Number,
                    [("cpu", Value::from(4)), ("mem", Value::from(300))],
                )
                .unwrap(),
            ),
            (
                "zones",
                Value::set(Type::String, [Value::from("eu"), Value::from("us")]).unwrap(),
            ),
            (
                "buckets",
                Value::list(
                    bucket_type,
                    [bucket("docs", 10), bucket("logs", 20), bucket("www", 30)],
                )
                .unwrap(),
            ),
            ("primary", bucket("main", 1)),
            (
                "extra",
                Value::list(Type::String, [Value::from("x")]).unwrap(),
            ),
            ("meta", website("meta.html")),
            (
                "anything",
                Value::list(Type::Number, [Value::from(1)]).unwrap(),
            ),
        ],
    )
    .unwrap()
}

/// Both routes on the same bytes: equal results, or equal errors.
fn compare_decode<T>(bytes: &[u8]) -> Result<T, Error>
where
    T: MsgpackDecode + MsgpackEncode + PartialEq + std::fmt::Debug,
{
    let (direct, via) = decode_both::<T>(bytes);
    match (&direct, &via) {
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "errors differ"),
        _ => return direct,
    }
    direct
}

/// Both routes on the same bytes: equal results (and encodings), or both an error.
fn decode_both<T>(bytes: &[u8]) -> (Result<T, Error>, Result<T, Error>)
where
    T: MsgpackDecode + MsgpackEncode + PartialEq + std::fmt::Debug,
{
    let direct = from_slice::<T>(bytes);
    let via = from_slice_via_value::<T>(bytes);
    match (&direct, &via) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a, b, "decoded structs differ for {bytes:02x?}");
            assert_eq!(
                to_vec(a).unwrap(),
                to_vec_via_value(a).unwrap(),
                "encodings differ for {a:?}"
            );
        }
        (Err(_), Err(_)) => {}
        _ => panic!("the routes disagree on {bytes:02x?}: direct {direct:?}, value {via:?}"),
    }
    (direct, via)
}

/// A value's bytes through both routes; the re-encoded bytes are the original bytes.
fn round_trip<T>(value: &Value) -> Result<T, Error>
where
    T: MsgpackDecode + MsgpackEncode + PartialEq + std::fmt::Debug,
{
    let ty = T::terraform_type();
    let bytes = value.to_msgpack(&ty).unwrap();
    let decoded = compare_decode::<T>(&bytes)?;
    assert_eq!(to_vec(&decoded).unwrap(), bytes, "bytes changed");
    Ok(decoded)
}

fn err<T: MsgpackDecode + std::fmt::Debug>(bytes: &[u8]) -> String {
    from_slice::<T>(bytes).unwrap_err().to_string()
}

/// msgpack for hand-built inputs: a map of `(key, value bytes)`.
fn map(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut out = vec![0x80 | entries.len() as u8];
    for (key, value) in entries {
        out.push(0xa0 | key.len() as u8);
        out.extend_from_slice(key.as_bytes());
        out.extend_from_slice(value);
    }
    out
}

fn str_bytes(s: &str) -> Vec<u8> {
    let mut out = vec![0xa0 | s.len() as u8];
    out.extend_from_slice(s.as_bytes());
    out
}

// ---------------------------------------------------------------------------------------------
// Same results

#[test]
fn a_full_model_reads_and_writes_as_the_value_route_does() {
    let account = round_trip::<Account>(&account()).unwrap();
    assert_eq!(account.name, "acme");
    assert_eq!(account.buckets.as_ref().unwrap().len(), 3);
    assert_eq!(account.weight, Some(0.3));
    assert_eq!(account.cache, None);
}

#[test]
fn null_and_unknown_at_every_level_match_the_value_route() {
    let value = account();
    let variants = null_and_unknown_variants(&value);
    assert!(variants.len() > 100, "{}", variants.len());
    let (mut ok, mut failed) = (0, 0);
    for (path, variant) in variants {
        match round_trip::<Account>(&variant) {
            Ok(_) => ok += 1,
            Err(error) => {
                // Only the natives that cannot hold the state refuse it, at its path (a set
                // element is named by its new value).
                if !path.to_string().starts_with("zones[") {
                    assert_eq!(error.path(), &path, "{error}");
                }
                failed += 1;
            }
        }
    }
    assert!(ok > 60 && failed > 10, "{ok} {failed}");
}

#[test]
fn natives_refuse_null_and_unknown_with_the_value_routes_error() {
    let value = Value::object(
        Strict::terraform_type(),
        [
            ("name", Value::from("x")),
            ("port", Value::from(80)),
            ("scale", n("0.5")),
            ("ids", Value::list(Type::Number, [Value::from(1)]).unwrap()),
            (
                "env",
                Value::map(Type::String, [("k", Value::from("v"))]).unwrap(),
            ),
            (
                "buckets",
                Value::list(Bucket::terraform_type(), [bucket("a", 1)]).unwrap(),
            ),
        ],
    )
    .unwrap();
    round_trip::<Strict>(&value).unwrap();
    let mut errors = Vec::new();
    for (path, variant) in null_and_unknown_variants(&value) {
        if let Err(error) = round_trip::<Strict>(&variant) {
            errors.push(format!("{path} -> {error}"));
        }
    }
    let text = errors.join("\n");
    assert!(
        text.contains(
            "buckets[0].name -> buckets[0].name: received a null value, but `String` cannot hold null"
        ),
        "{text}"
    );
    assert!(
        text.contains("ids -> ids: received an unknown value, but `Vec<i64>` cannot hold unknown"),
        "{text}"
    );
    assert!(
        text.contains(
            "buckets[0] -> buckets[0]: received a null value, but `Bucket` cannot hold null"
        ),
        "{text}"
    );
    assert!(
        text.contains(" -> received an unknown value, but `Strict` cannot hold unknown"),
        "{text}"
    );
}

#[test]
fn flattened_attributes_are_written_in_name_order() {
    let value = Value::object_of([
        ("a", Value::from("x")),
        ("b", Value::from(2)),
        ("m", Value::from("y")),
        ("n", Value::unknown(Type::Number)),
        ("z", Value::from(true)),
    ]);
    let flat = round_trip::<Flat>(&value).unwrap();
    assert_eq!(flat.common.deeper.n, types::Int64::unknown());
    assert_eq!(flat.note, "");
    let bytes = to_vec(&flat).unwrap();
    assert_eq!(&bytes[..3], &[0x85, 0xa1, b'a']);
    // Any key order reads.
    let shuffled = map(&[
        ("z", &[0xc3]),
        ("n", &[0xd4, 0, 0]),
        ("m", &str_bytes("y")),
        ("b", &[0x02]),
        ("a", &str_bytes("x")),
    ]);
    assert_eq!(from_slice::<Flat>(&shuffled).unwrap(), flat);
    // A flattened attribute missing is the mismatch error.
    let missing = map(&[
        ("z", &[0xc3]),
        ("m", &str_bytes("y")),
        ("b", &[0x02]),
        ("a", &[0xc0]),
    ]);
    assert_eq!(
        err::<Flat>(&missing),
        "mismatch between struct and object: Struct defines fields not found in object: n."
    );
}

#[test]
fn generic_structs_work_with_any_field_type() {
    let ty = Generic::<types::String>::terraform_type();
    let value = Value::object(
        ty,
        [
            ("item", Value::unknown(Type::String)),
            (
                "items",
                Value::list(Type::String, [Value::null(Type::String), Value::from("b")]).unwrap(),
            ),
            ("label", Value::from("l")),
        ],
    )
    .unwrap();
    let generic = round_trip::<Generic<types::String>>(&value).unwrap();
    assert!(generic.item.is_unknown());
    let numbers = Value::object_of([
        ("item", Value::from(1)),
        (
            "items",
            Value::list(Type::Number, [Value::from(2)]).unwrap(),
        ),
        ("label", Value::from("l")),
    ]);
    assert_eq!(round_trip::<Generic<u32>>(&numbers).unwrap().items, [2]);
    let nested = Value::object_of([
        ("item", bucket("a", 1)),
        ("items", Value::list(Bucket::terraform_type(), []).unwrap()),
        ("label", Value::from("l")),
    ]);
    round_trip::<Generic<Bucket>>(&nested).unwrap();
    assert_eq!(
        err::<Generic<u8>>(&map(&[
            ("item", &[0xcd, 1, 0]),
            ("items", &[0x90]),
            ("label", &[0xa0])
        ])),
        "item: 256 does not fit in `u8` (overflow: `u8` holds 0 to 255); use a wider type (`i64`, `i128`, `BigInt`) or `types::Number`"
    );
}

#[test]
fn numbers_follow_the_value_routes_rules() {
    // Every wire form of a number, into every numeric field: same result or same error.
    let mut forms: Vec<Vec<u8>> = Vec::new();
    for i in [
        0i64,
        1,
        -1,
        127,
        128,
        -32,
        -33,
        255,
        256,
        65535,
        65536,
        i64::MAX,
        i64::MIN,
    ] {
        forms.push(to_vec(&i).unwrap());
    }
    forms.push(vec![0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
    for f in [
        0.0f64,
        -0.0,
        0.5,
        0.1,
        1.5,
        -2.0,
        1e15,
        9e15,
        9007199254740993.0,
        1e300,
        5e-324,
        f64::NAN,
        f64::INFINITY,
    ] {
        let mut bytes = vec![0xcb];
        bytes.extend_from_slice(&f.to_bits().to_be_bytes());
        forms.push(bytes);
    }
    for f in [0.1f32, 2.5, 16777218.0, f32::NAN] {
        let mut bytes = vec![0xca];
        bytes.extend_from_slice(&f.to_bits().to_be_bytes());
        forms.push(bytes);
    }
    for text in ["0.1", "1e400", "9007199254740993", "-0", "x", "1.5", "255"] {
        forms.push(str_bytes(text));
    }
    for bytes in &forms {
        let _ = compare_decode::<i64>(bytes);
        let _ = compare_decode::<u8>(bytes);
        let _ = compare_decode::<i8>(bytes);
        let _ = compare_decode::<u64>(bytes);
        let _ = compare_decode::<u128>(bytes);
        let _ = compare_decode::<f64>(bytes);
        let _ = compare_decode::<f32>(bytes);
        let _ = compare_decode::<Number>(bytes);
        let _ = compare_decode::<types::Int64>(bytes);
        let _ = compare_decode::<types::Float64>(bytes);
        let _ = compare_decode::<types::Float32>(bytes);
        let _ = compare_decode::<types::Number>(bytes);
    }
    // Floats come out bit for bit the same on both routes (a negative zero keeps its sign).
    let bits = |result: Result<f64, Error>| result.map(f64::to_bits).ok();
    for bytes in &forms {
        assert_eq!(
            bits(from_slice::<f64>(bytes)),
            bits(from_slice_via_value::<f64>(bytes)),
            "{bytes:02x?}"
        );
    }
    // Writing: the same bytes for the same numbers.
    for f in [
        0.0f64,
        -0.0,
        0.1,
        0.5,
        1e15,
        9e15,
        2f64.powi(60),
        1e300,
        5e-324,
        -1.7,
    ] {
        assert_eq!(to_vec(&f).unwrap(), to_vec_via_value(&f).unwrap(), "{f}");
        let framework = types::Float64::new(f);
        assert_eq!(
            to_vec(&framework).unwrap(),
            to_vec_via_value(&framework).unwrap()
        );
    }
    for f in [0.1f32, 1.5, 16777218.0] {
        assert_eq!(to_vec(&f).unwrap(), to_vec_via_value(&f).unwrap(), "{f}");
    }
    for v in [u64::MAX, 1 << 63, (1 << 63) + 1] {
        assert_eq!(to_vec(&v).unwrap(), to_vec_via_value(&v).unwrap(), "{v}");
    }
    assert_eq!(
        to_vec(&u128::MAX).unwrap(),
        to_vec_via_value(&u128::MAX).unwrap()
    );
    assert_eq!(
        to_vec(&i128::MIN).unwrap(),
        to_vec_via_value(&i128::MIN).unwrap()
    );
}

#[test]
fn number_errors_name_the_rule() {
    let strict = |port: &[u8], scale: &[u8]| {
        map(&[
            ("buckets", &[0x90]),
            ("env", &[0x80]),
            ("ids", &[0x90]),
            ("name", &str_bytes("x")),
            ("port", port),
            ("scale", scale),
        ])
    };
    let half = [0xcb, 0x3f, 0xe0, 0, 0, 0, 0, 0, 0];
    assert_eq!(
        err::<Strict>(&strict(&[0xcd, 0x01, 0x2c], &half)),
        "port: 300 does not fit in `u8` (overflow: `u8` holds 0 to 255); use a wider type (`i64`, `i128`, `BigInt`) or `types::Number`"
    );
    assert_eq!(
        err::<Strict>(&strict(&str_bytes("1.5"), &half)),
        "port: 1.5 cannot be stored in `u8` without losing precision (it is not a whole \
         number); use `f64`, `types::Float64` or `types::Number`"
    );
    assert_eq!(
        err::<Strict>(&strict(&[1], &str_bytes("9007199254740993"))),
        "scale: 9007199254740993 cannot be stored in `f64` without losing precision (the \
         nearest `f64` is 9007199254740992); use `types::Float64`, which keeps the number \
         Terraform gave, or `types::Number` to keep every digit"
    );
    assert_eq!(
        err::<Strict>(&strict(&[1], &str_bytes("1e400"))),
        "scale: 1e400 does not fit in `f64` (overflow: beyond the largest `f64`); use \
         `types::Number` or `tftypes::Number`, which hold any Terraform number"
    );
    assert_eq!(
        err::<Strict>(&strict(&[1], &str_bytes("abc"))),
        r#"scale: invalid number: "abc" is not a number: expected digits"#
    );
    // Writing NaN is the value route's error, at its path.
    let mut model = from_slice::<Strict>(&strict(&[1], &half)).unwrap();
    model.scale = f64::NAN;
    assert_eq!(
        to_vec(&model).unwrap_err().to_string(),
        to_vec_via_value(&model).unwrap_err().to_string()
    );
    assert!(
        to_vec(&model)
            .unwrap_err()
            .to_string()
            .starts_with("scale: `f64` value NaN is not a finite number")
    );
}

// ---------------------------------------------------------------------------------------------
// Errors with their paths

fn buckets_with(third: &[u8]) -> Vec<u8> {
    let good = |name: &str| {
        map(&[
            ("name", &str_bytes(name)),
            ("size", &[0x01]),
            ("website", &[0xc0]),
        ])
    };
    let mut list = vec![0x94];
    list.extend(good("a"));
    list.extend(good("b"));
    list.extend(good("c"));
    list.extend_from_slice(third);
    map(&[
        ("buckets", &list),
        ("env", &[0x80]),
        ("ids", &[0x90]),
        ("name", &str_bytes("x")),
        ("port", &[0x01]),
        ("scale", &[0x01]),
    ])
}

#[test]
fn wrong_msgpack_types_name_the_attribute_path() {
    let third = map(&[("name", &[0x07]), ("size", &[0x01]), ("website", &[0xc0])]);
    let bytes = buckets_with(&third);
    assert_eq!(
        err::<Strict>(&bytes),
        "buckets[3].name: expected string, found integer"
    );
    assert_eq!(
        from_slice::<Strict>(&bytes).unwrap_err().path().to_string(),
        "buckets[3].name"
    );
    compare_decode::<Strict>(&bytes).unwrap_err();
    // Deeper: a website's document.
    let website = map(&[
        ("error_document", &[0xc3]),
        ("index_document", &str_bytes("i")),
    ]);
    let third = map(&[
        ("name", &str_bytes("d")),
        ("size", &[0x01]),
        ("website", &website),
    ]);
    assert_eq!(
        err::<Strict>(&buckets_with(&third)),
        "buckets[3].website.error_document: expected string, found bool"
    );
    // A struct where a string is.
    let third = str_bytes("bucket");
    assert_eq!(
        err::<Strict>(&buckets_with(&third)),
        "buckets[3]: expected object({name=string,size=number,website=object({error_document=string,index_document=string})}), found string"
    );
    compare_decode::<Strict>(&buckets_with(&third)).unwrap_err();
}

#[test]
fn keys_must_be_exactly_the_attribute_names() {
    let website = |entries: &[(&str, &[u8])]| map(entries);
    let missing = website(&[("index_document", &str_bytes("i"))]);
    assert_eq!(
        err::<Website>(&missing),
        "mismatch between struct and object: Struct defines fields not found in object: \
         error_document."
    );
    let extra = website(&[
        ("acl", &str_bytes("private")),
        ("error_document", &[0xc0]),
        ("index_document", &str_bytes("i")),
    ]);
    assert_eq!(
        err::<Website>(&extra),
        "mismatch between struct and object: Object defines fields not found in struct: acl."
    );
    let both = website(&[("index_document", &str_bytes("i")), ("acl", &[0xc0])]);
    assert_eq!(
        err::<Website>(&both),
        "mismatch between struct and object: Struct defines fields not found in object: \
         error_document. Object defines fields not found in struct: acl."
    );
    // The same error as the value route's conversion of such an object.
    let object = Value::object_of([
        ("index_document", Value::from("i")),
        ("acl", Value::null(Type::String)),
    ]);
    assert_eq!(
        Website::from_value(object).unwrap_err().to_string(),
        err::<Website>(&both)
    );
    // Nested, with its path.
    let third = map(&[("name", &str_bytes("d")), ("size", &[0x01])]);
    assert_eq!(
        err::<Strict>(&buckets_with(&third)),
        "buckets[3]: mismatch between struct and object: Struct defines fields not found in \
         object: website."
    );
    let duplicate = website(&[
        ("index_document", &str_bytes("i")),
        ("index_document", &str_bytes("j")),
    ]);
    assert_eq!(
        err::<Website>(&duplicate),
        r#"index_document: duplicate attribute "index_document""#
    );
    compare_decode::<Website>(&duplicate).unwrap_err();
    let duplicate_key = map(&[(
        "env",
        &map(&[("k", &str_bytes("a")), ("k", &str_bytes("b"))]),
    )]);
    assert_eq!(
        from_slice::<BTreeMap<String, BTreeMap<String, String>>>(&duplicate_key)
            .unwrap_err()
            .to_string(),
        r#"["env"]["k"]: duplicate map key "k""#
    );
    assert_eq!(
        err::<Website>(&[0x81, 0x01, 0xc0]),
        "map keys must be strings, found integer at byte 1"
    );
}

#[test]
fn null_and_unknown_objects_cannot_become_bare_structs() {
    assert_eq!(
        err::<Website>(&[0xc0]),
        "received a null value, but `Website` cannot hold null; use `Option<Website>` or \
         `types::Object<Website>` instead"
    );
    assert_eq!(
        err::<Website>(&[0xd4, 0, 0]),
        "received an unknown value, but `Website` cannot hold unknown values; use \
         `types::Object<Website>` (or a type implementing `Unknownable`) instead"
    );
    compare_decode::<Website>(&[0xc0]).unwrap_err();
    compare_decode::<Website>(&[0xd4, 0, 0]).unwrap_err();
    assert_eq!(from_slice::<Option<Website>>(&[0xc0]).unwrap(), None);
    assert!(from_slice::<Option<Website>>(&[0xd4, 0, 0]).is_err());
    assert_eq!(
        err::<Strict>(&buckets_with(&[0xc0])),
        "buckets[3]: received a null value, but `Bucket` cannot hold null; use \
         `Option<Bucket>` or `types::Object<Bucket>` instead"
    );
}

#[test]
fn bad_bytes_are_errors_never_panics() {
    let good = account().to_msgpack(&Account::terraform_type()).unwrap();
    // Every truncation.
    for len in 0..good.len() {
        let direct = from_slice::<Account>(&good[..len]);
        assert!(direct.is_err(), "{len}");
        assert!(from_slice_via_value::<Account>(&good[..len]).is_err());
    }
    assert_eq!(err::<Account>(&[]), "unexpected end of input at byte 0");
    // Trailing bytes.
    let mut trailing = good.clone();
    trailing.push(0xc0);
    assert_eq!(
        err::<Account>(&trailing),
        format!("1 trailing bytes after the value at byte {}", good.len())
    );
    // Every single-byte change: the routes agree on success, and nothing panics.
    for i in 0..good.len() {
        for byte in [
            0x00, 0x7f, 0x80, 0x90, 0xa0, 0xc0, 0xc1, 0xc3, 0xd4, 0xdc, 0xdd, 0xdf, 0xff,
        ] {
            let mut changed = good.clone();
            changed[i] = byte;
            let direct = from_slice::<Account>(&changed);
            let via = from_slice_via_value::<Account>(&changed);
            match (&direct, &via) {
                (Ok(a), Ok(b)) => assert_eq!(a, b),
                (Err(_), Err(_)) => {}
                _ => panic!("at {i} with {byte:02x}: direct {direct:?}, value {via:?}"),
            }
        }
    }
}

#[test]
fn huge_length_prefixes_are_refused_before_allocating() {
    assert_eq!(
        from_slice::<Vec<String>>(&[0xdd, 0xff, 0xff, 0xff, 0xff, 0xc0])
            .unwrap_err()
            .to_string(),
        "an array of 4294967295 claims more than the 1 bytes left at byte 5"
    );
    assert_eq!(
        from_slice::<Vec<Bucket>>(&[0xdd, 0xff, 0xff, 0xff, 0xff, 0xc0])
            .unwrap_err()
            .to_string(),
        "an array of 4294967295 claims more than the 1 bytes left at byte 5"
    );
    assert!(
        err::<Website>(&[0xdf, 0x00, 0x01, 0x00, 0x00, 0xa1, b'a', 0xc0])
            .starts_with("a map of 65536 claims more")
    );
    assert!(from_slice::<String>(&[0xdb, 0xff, 0xff, 0xff, 0xff]).is_err());
    assert_eq!(
        from_slice::<String>(&[0xa2, 0xff, 0xfe])
            .unwrap_err()
            .to_string(),
        "invalid UTF-8 in the string at byte 0"
    );
    // An element that claims 2^32 - 1 elements inside a list, for a fallback field.
    let mut bytes = map(&[("anything", &[0x92, 0xc4, 8])]);
    bytes.extend_from_slice(b"\"string\"");
    bytes.extend_from_slice(&[0xdb, 0xff, 0xff, 0xff, 0xff]);
    assert!(from_slice::<Account>(&bytes).is_err());
}

#[test]
fn nesting_is_limited_to_max_depth() {
    // {"any": <dynamic value>, "inner": [[[{"lists": [["x"]]}]]]}: the dynamic value is a
    // list of number nested `lists` deep, its innermost list empty, at level 2 + lists - 1.
    fn deep(lists: usize) -> Vec<u8> {
        let ty = format!(
            "{}\"number\"{}",
            "[\"list\",".repeat(lists),
            "]".repeat(lists)
        );
        let mut any = vec![0x92, 0xc5];
        any.extend_from_slice(&(ty.len() as u16).to_be_bytes());
        any.extend_from_slice(ty.as_bytes());
        any.extend(std::iter::repeat_n(0x91, lists - 1));
        any.push(0x90);
        let mut inner = vec![0x91, 0x91, 0x91];
        inner.extend(map(&[("lists", &[0x91, 0x91, 0xa1, b'x'])]));
        map(&[("any", &any), ("inner", &inner)])
    }
    // The wrapper is at level 2; its type JSON and value at level 3. 125 lists around a
    // number is a type 126 deep, its deepest part at level 128: the most allowed.
    let deepest = compare_decode::<Deep>(&deep(125)).unwrap();
    assert_eq!(deepest.inner[0][0][0].lists, [["x"]]);
    // One more is too deep, in the type JSON: the same error from both routes.
    let error = compare_decode::<Deep>(&deep(126)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "any: invalid type JSON in a dynamic value at byte 1008: the type is nested deeper than \
         128 levels (tftypes::MAX_DEPTH)"
    );
    // Two more: the value itself (found while finding the field's end: the path is the
    // field's).
    let error = from_slice::<Deep>(&deep(127)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "any: nested deeper than 128 levels (tftypes::MAX_DEPTH)"
    );
    assert!(from_slice_via_value::<Deep>(&deep(127)).is_err());
    // Far deeper input fails the same way, without recursing into it.
    let mut far = map(&[("any", &vec![0x91; 100_000])]);
    far.extend_from_slice(&[0xc0]);
    assert!(from_slice::<Deep>(&far).is_err());
    let mut far = vec![0x81, 0xa5];
    far.extend_from_slice(b"inner");
    far.extend(std::iter::repeat_n(0x91, 100_000));
    assert!(from_slice::<Deep>(&far).is_err());
    // Writing: a value too deep for the limit is refused by both routes alike.
    let mut too_deep = deepest;
    too_deep.any = Value::from_msgpack(&[0x91, 0x01], &Type::list(Type::Number)).unwrap();
    for _ in 0..127 {
        let ty = too_deep.any.ty().clone();
        too_deep.any = Value::list(ty, [too_deep.any]).unwrap();
    }
    assert!(to_vec(&too_deep).is_err());
    assert!(to_vec_via_value(&too_deep).is_err());
}

#[test]
fn writing_appends_and_leaves_the_buffer_on_error() {
    let mut out = vec![7];
    msgpack_direct::write(&true, &mut out).unwrap();
    assert_eq!(out, [7, 0xc3]);
    assert!(msgpack_direct::write(&f64::NAN, &mut out).is_err());
    assert_eq!(out, [7, 0xc3]);
    let error = from_slice::<Website>(&[0xc0]).unwrap_err();
    assert_eq!(error.to_diagnostic().summary, "Value Conversion Error");
    let error = from_slice::<Website>(&[0x01]).unwrap_err();
    assert_eq!(error.to_diagnostic().summary, "Invalid msgpack value");
}

// ---------------------------------------------------------------------------------------------
// Properties

mod properties {
    use proptest::prelude::*;
    use tfsdk_core::convert::TerraformType;
    use tfsdk_core::msgpack_direct::{from_slice, from_slice_via_value, to_vec, to_vec_via_value};
    use tfsdk_core::tftypes::Value;

    use super::{Account, Strict, decode_both};
    use crate::support::arbitrary::known_value_of;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// Random models with null and unknown anywhere: both routes read the same struct (or
        /// the same error) and write the same bytes.
        #[test]
        ///
        /// With several problems in one input the routes may name different ones (the direct
        /// route the first in byte order, the value route the first in field order), so only
        /// the outcome is compared here; single problems are compared by message above. What
        /// the struct writes reads back as the value it was read from (a `BTreeSet` field
        /// writes its elements in its own order, which a set value does not keep to).
        #[test]
        fn both_routes_agree_on_random_models(value in known_value_of(&Account::terraform_type())) {
            let ty = Account::terraform_type();
            let bytes = value.to_msgpack(&ty).unwrap();
            if let (Ok(decoded), _) = decode_both::<Account>(&bytes) {
                let written = to_vec(&decoded).unwrap();
                prop_assert_eq!(Value::from_msgpack(&written, &ty).unwrap(), value);
            }
        }

        #[test]
        fn both_routes_agree_on_random_strict_models(value in known_value_of(&Strict::terraform_type())) {
            let ty = Strict::terraform_type();
            let bytes = value.to_msgpack(&ty).unwrap();
            if let (Ok(decoded), _) = decode_both::<Strict>(&bytes) {
                let written = to_vec(&decoded).unwrap();
                prop_assert_eq!(Value::from_msgpack(&written, &ty).unwrap(), value);
            }
        }

        /// Any float is written as the value route writes it, and reads back the same way.
        #[test]
        fn floats_encode_and_decode_as_the_value_route_does(bits in any::<u64>(), small in -1000i32..1000, scale in 0u32..12) {
            for f in [f64::from_bits(bits), f64::from(small) / f64::from(1u32 << scale), f64::from(small) / 10f64.powi(scale as i32)] {
                let direct = to_vec(&f);
                let via = to_vec_via_value(&f);
                match (&direct, &via) {
                    (Ok(a), Ok(b)) => {
                        prop_assert_eq!(a, b, "{}", f);
                        let back = from_slice::<f64>(a);
                        let back_via = from_slice_via_value::<f64>(a);
                        prop_assert_eq!(back.map(f64::to_bits).ok(), back_via.map(f64::to_bits).ok());
                    }
                    (Err(a), Err(b)) => prop_assert_eq!(a.to_string(), b.to_string()),
                    _ => prop_assert!(false, "{}: {:?} {:?}", f, direct, via),
                }
            }
        }

        /// Random damage to valid bytes: never a panic, and never a different success.
        #[test]
        fn damaged_bytes_never_panic(
            value in known_value_of(&Account::terraform_type()),
            edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..4),
            cut in any::<prop::sample::Index>(),
        ) {
            let mut bytes = value.to_msgpack(&Account::terraform_type()).unwrap();
            for (at, byte) in edits {
                let i = at.index(bytes.len());
                bytes[i] = byte;
            }
            let len = bytes.len();
            bytes.truncate(len - cut.index(len / 4 + 1));
            let direct = from_slice::<Account>(&bytes);
            let via = from_slice_via_value::<Account>(&bytes);
            match (&direct, &via) {
                (Ok(a), Ok(b)) => prop_assert_eq!(a, b),
                (Err(_), Err(_)) => {}
                _ => prop_assert!(false, "direct {:?}, value {:?}", direct, via),
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// A quick measurement (run: cargo test --release -p tfsdk-tests --test integration -- --ignored
// --nocapture msgpack_direct::timing)

mod timing {
    use std::time::{Duration, Instant};

    use serde::{Deserialize, Serialize};
    use tfsdk_core::TfObject;
    use tfsdk_core::msgpack_direct::{from_slice, from_slice_via_value, to_vec, to_vec_via_value};
    use tfsdk_core::types;

    #[derive(TfObject, Clone, Debug, PartialEq)]
    struct Model {
        #[tfsdk(name = "name")]
        name: String,
        #[tfsdk(name = "region")]
        region: String,
        #[tfsdk(name = "size")]
        size: i64,
        #[tfsdk(name = "ratio")]
        ratio: f64,
        #[tfsdk(name = "enabled")]
        enabled: bool,
        #[tfsdk(name = "id")]
        id: types::String,
        #[tfsdk(name = "count")]
        count: types::Int64,
        #[tfsdk(name = "tags")]
        tags: Vec<String>,
        #[tfsdk(name = "labels")]
        labels: std::collections::BTreeMap<String, String>,
        #[tfsdk(name = "settings")]
        settings: Item,
        #[tfsdk(name = "items")]
        items: Vec<Item>,
        #[tfsdk(name = "note")]
        note: Option<String>,
    }

    #[derive(TfObject, Clone, Debug, PartialEq)]
    struct Item {
        #[tfsdk(name = "key")]
        key: String,
        #[tfsdk(name = "value")]
        value: String,
        #[tfsdk(name = "weight")]
        weight: i64,
        #[tfsdk(name = "enabled")]
        enabled: bool,
        #[tfsdk(name = "comment")]
        comment: Option<String>,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    struct SerdeModel {
        enabled: bool,
        count: Option<i64>,
        id: Option<String>,
        items: Vec<SerdeItem>,
        labels: std::collections::BTreeMap<String, String>,
        name: String,
        note: Option<String>,
        ratio: f64,
        region: String,
        settings: SerdeItem,
        size: i64,
        tags: Vec<String>,
    }

    #[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
    struct SerdeItem {
        comment: Option<String>,
        enabled: bool,
        key: String,
        value: String,
        weight: i64,
    }

    fn item(i: usize) -> Item {
        Item {
            key: format!("key-{i}"),
            value: format!("value number {i}"),
            weight: i as i64 * 7,
            enabled: i.is_multiple_of(2),
            comment: i.is_multiple_of(3).then(|| "every third".to_owned()),
        }
    }

    fn serde_item(i: &Item) -> SerdeItem {
        SerdeItem {
            comment: i.comment.clone(),
            enabled: i.enabled,
            key: i.key.clone(),
            value: i.value.clone(),
            weight: i.weight,
        }
    }

    fn model(n: usize) -> Model {
        Model {
            name: "reference".into(),
            region: "eu-west-1".into(),
            size: 123456,
            ratio: 0.5,
            enabled: true,
            id: types::String::new("id-1"),
            count: types::Int64::unknown(),
            tags: vec!["a".into(), "b".into(), "c".into()],
            labels: [
                ("env".to_owned(), "prod".to_owned()),
                ("team".into(), "core".into()),
            ]
            .into_iter()
            .collect(),
            settings: item(0),
            items: (0..n).map(item).collect(),
            note: None,
        }
    }

    /// The fastest of 15 batches of `rounds` calls, per call (the machine may be busy: the
    /// minimum is the least disturbed estimate). The candidates take turns batch by batch.
    fn time_all(rounds: u32, candidates: &mut [(&str, &mut dyn FnMut())]) -> Vec<Duration> {
        let mut best = vec![Duration::MAX; candidates.len()];
        for _ in 0..15 {
            for (i, (_, f)) in candidates.iter_mut().enumerate() {
                let start = Instant::now();
                for _ in 0..rounds {
                    f();
                }
                best[i] = best[i].min(start.elapsed() / rounds);
            }
        }
        for ((what, _), per) in candidates.iter().zip(&best) {
            println!("{what:<40} {per:>12.2?}");
        }
        best
    }

    #[test]
    #[ignore = "a measurement: run in release with --ignored --nocapture"]
    fn direct_vs_value_route_vs_rmp_serde() {
        for n in [10usize, 1000] {
            let rounds = if n == 10 { 2_000 } else { 20 };
            let model = model(n);
            let serde_model = SerdeModel {
                enabled: model.enabled,
                count: model.count.get(),
                id: model.id.get().map(str::to_owned),
                items: model.items.iter().map(serde_item).collect(),
                labels: model.labels.clone(),
                name: model.name.clone(),
                note: model.note.clone(),
                ratio: model.ratio,
                region: model.region.clone(),
                settings: serde_item(&model.settings),
                size: model.size,
                tags: model.tags.clone(),
            };
            let bytes = to_vec(&model).unwrap();
            assert_eq!(bytes, to_vec_via_value(&model).unwrap());
            let serde_bytes = rmp_serde::to_vec_named(&serde_model).unwrap();
            assert_eq!(from_slice::<Model>(&bytes).unwrap(), model);
            assert_eq!(
                rmp_serde::from_slice::<SerdeModel>(&serde_bytes).unwrap(),
                serde_model
            );
            println!(
                "N = {n}: {} bytes (rmp-serde {} bytes)",
                bytes.len(),
                serde_bytes.len()
            );
            let decode = time_all(
                rounds,
                &mut [
                    ("decode direct", &mut || {
                        std::hint::black_box(
                            from_slice::<Model>(std::hint::black_box(&bytes)).unwrap(),
                        );
                    }),
                    ("decode value route", &mut || {
                        std::hint::black_box(
                            from_slice_via_value::<Model>(std::hint::black_box(&bytes)).unwrap(),
                        );
                    }),
                    ("decode rmp-serde", &mut || {
                        std::hint::black_box(
                            rmp_serde::from_slice::<SerdeModel>(std::hint::black_box(&serde_bytes))
                                .unwrap(),
                        );
                    }),
                ],
            );
            let encode = time_all(
                rounds,
                &mut [
                    ("encode direct", &mut || {
                        std::hint::black_box(to_vec(std::hint::black_box(&model)).unwrap());
                    }),
                    ("encode value route", &mut || {
                        std::hint::black_box(
                            to_vec_via_value(std::hint::black_box(&model)).unwrap(),
                        );
                    }),
                    ("encode rmp-serde", &mut || {
                        std::hint::black_box(
                            rmp_serde::to_vec_named(std::hint::black_box(&serde_model)).unwrap(),
                        );
                    }),
                ],
            );
            let (direct_decode, value_decode, serde_decode) = (decode[0], decode[1], decode[2]);
            let (direct_encode, value_encode, serde_encode) = (encode[0], encode[1], encode[2]);
            let ratio = |a: Duration, b: Duration| a.as_secs_f64() / b.as_secs_f64();
            println!(
                "N = {n}: decode direct/rmp-serde {:.2}, value/rmp-serde {:.2}; \
                 encode direct/rmp-serde {:.2}, value/rmp-serde {:.2}",
                ratio(direct_decode, serde_decode),
                ratio(value_decode, serde_decode),
                ratio(direct_encode, serde_encode),
                ratio(value_encode, serde_encode),
            );
        }
    }
}
