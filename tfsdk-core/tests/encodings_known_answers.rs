//! Known answers for the two wire encodings: byte strings written out by hand from the msgpack
//! spec and terraform-plugin-go's encoder, the conformance file terraform-plugin-go wrote, and
//! input nested far too deep.

use tfsdk_core::tftypes::{Number, Type, Value};

fn n(text: &str) -> Value {
    Value::number(text.parse::<Number>().unwrap())
}

/// Asserts both directions: `value` encodes as `bytes`, `bytes` decode as `value`.
fn msgpack_both_ways(value: &Value, ty: &Type, bytes: &[u8]) {
    assert_eq!(
        value.to_msgpack(ty).unwrap(),
        bytes,
        "encoding {value:?} as {ty}"
    );
    assert_eq!(
        &Value::from_msgpack(bytes, ty).unwrap(),
        value,
        "decoding {bytes:02x?} as {ty}"
    );
}

fn json_both_ways(value: &Value, ty: &Type, json: &str) {
    assert_eq!(
        value.to_json(ty).unwrap(),
        json,
        "encoding {value:?} as {ty}"
    );
    assert_eq!(
        &Value::from_json(json, ty).unwrap(),
        value,
        "decoding {json} as {ty}"
    );
}

#[test]
fn msgpack_object_with_a_null_and_an_unknown_attribute() {
    let ty = Type::object([("a", Type::String), ("b", Type::Number)]);
    let value = Value::object(
        ty.clone(),
        [
            ("a", Value::null(Type::String)),
            ("b", Value::unknown(Type::Number)),
        ],
    )
    .unwrap();
    // fixmap(2) "a" nil "b" fixext1(type 0, data 0)
    msgpack_both_ways(
        &value,
        &ty,
        &[0x82, 0xa1, 0x61, 0xc0, 0xa1, 0x62, 0xd4, 0x00, 0x00],
    );
}

#[test]
fn msgpack_dynamic_value_is_type_json_as_bin_then_the_value() {
    // An object attribute declared `any` holding a list of strings.
    let ty = Type::object([("v", Type::Dynamic)]);
    let value = Value::object(
        ty.clone(),
        [(
            "v",
            Value::list(Type::String, [Value::from("a"), Value::from("b")]).unwrap(),
        )],
    )
    .unwrap();
    let mut bytes = vec![0x81, 0xa1, b'v']; // fixmap(1) "v"
    bytes.push(0x92); // fixarray(2)
    bytes.extend_from_slice(&[0xc4, 17]); // bin8, 17 bytes
    bytes.extend_from_slice(br#"["list","string"]"#);
    bytes.extend_from_slice(&[0x92, 0xa1, b'a', 0xa1, b'b']); // ["a", "b"]
    msgpack_both_ways(&value, &ty, &bytes);
}

#[test]
fn msgpack_dynamic_null_and_unknown() {
    // No type: bare nil and bare unknown.
    msgpack_both_ways(&Value::null(Type::Dynamic), &Type::Dynamic, &[0xc0]);
    msgpack_both_ways(
        &Value::unknown(Type::Dynamic),
        &Type::Dynamic,
        &[0xd4, 0x00, 0x00],
    );
    // A concrete type travels with them, as tftypes writes it.
    let mut bytes = vec![0x92, 0xc4, 6];
    bytes.extend_from_slice(b"\"bool\"");
    bytes.push(0xc0);
    msgpack_both_ways(&Value::null(Type::Bool), &Type::Dynamic, &bytes);
}

#[test]
fn msgpack_big_number_is_its_decimal_text() {
    // 2^64 + 1 neither fits i64 nor is a float64: its 20 digits as a fixstr.
    let mut bytes = vec![0xa0 | 20];
    bytes.extend_from_slice(b"18446744073709551617");
    msgpack_both_ways(&n("18446744073709551617"), &Type::Number, &bytes);
    // A long fraction: str8.
    let text = "3.14159265358979323846264338327950288";
    let mut bytes = vec![0xd9, text.len() as u8];
    bytes.extend_from_slice(text.as_bytes());
    msgpack_both_ways(&n(text), &Type::Number, &bytes);
}

#[test]
fn msgpack_floats_and_integers() {
    // 0.75 is exactly a float64: cb + IEEE 754 big-endian.
    msgpack_both_ways(
        &n("0.75"),
        &Type::Number,
        &[0xcb, 0x3f, 0xe8, 0, 0, 0, 0, 0, 0],
    );
    // 6.5e-5 is not a float64 (5^6 does not divide 65): fixstr of its plain decimal.
    let mut bytes = vec![0xa8];
    bytes.extend_from_slice(b"0.000065");
    msgpack_both_ways(&n("6.5e-5"), &Type::Number, &bytes);
    msgpack_both_ways(&Value::from(3), &Type::Number, &[0x03]);
    msgpack_both_ways(&Value::from(8000), &Type::Number, &[0xcd, 0x1f, 0x40]);
    msgpack_both_ways(&Value::from(-200), &Type::Number, &[0xd1, 0xff, 0x38]);
    // 2^63: too big for i64, exactly a float64.
    msgpack_both_ways(
        &n("9223372036854775808"),
        &Type::Number,
        &[0xcb, 0x43, 0xe0, 0, 0, 0, 0, 0, 0],
    );
    // An f32 on the wire: 0.1f32 reads as 0.1.
    assert_eq!(
        Value::from_msgpack(&[0xca, 0x3d, 0xcc, 0xcc, 0xcd], &Type::Number).unwrap(),
        n("0.1")
    );
}

#[test]
fn json_known_answers() {
    let ty = Type::object([
        ("any", Type::Dynamic),
        ("big", Type::Number),
        ("ids", Type::set(Type::String)),
        ("none", Type::map(Type::Bool)),
        ("pair", Type::tuple([Type::Bool, Type::Number])),
    ]);
    let value = Value::object(
        ty.clone(),
        [
            ("any", Value::map(Type::Number, [("x", n("0.1"))]).unwrap()),
            ("big", n("18446744073709551617")),
            (
                "ids",
                Value::set(Type::String, [Value::from("b"), Value::from("a")]).unwrap(),
            ),
            ("none", Value::null(Type::map(Type::Bool))),
            (
                "pair",
                Value::tuple([Type::Bool, Type::Number], [Value::from(true), n("-2.5")]).unwrap(),
            ),
        ],
    )
    .unwrap();
    json_both_ways(
        &value,
        &ty,
        r#"{"any":{"value":{"x":0.1},"type":["map","number"]},"big":18446744073709551617,"ids":["b","a"],"none":null,"pair":[true,-2.5]}"#,
    );
    // A set is written in the order given, and reads back equal from any order.
    let reordered = r#"{"any":{"value":{"x":0.1},"type":["map","number"]},"big":18446744073709551617,"ids":["a","b"],"none":null,"pair":[true,-2.5]}"#;
    assert_eq!(Value::from_json(reordered, &ty).unwrap(), value);
}

// ---------------------------------------------------------------------------------------------
// Conformance: bytes written by terraform-plugin-go.

const MODEL_TYPE: &str = include_str!("data/conformance/msgpack/model.type.json");
const MODEL_BYTES: &[u8] = include_bytes!("data/conformance/msgpack/model-n10.msgpack");

/// The value `../shared/conformance/README.md` describes, built by hand.
fn conformance_model(ty: &Type) -> Value {
    let object = ty.as_object().unwrap();
    let item_ty = object
        .attribute("items")
        .unwrap()
        .element_type()
        .unwrap()
        .clone();
    let items: Vec<Value> = (0..10)
        .map(|i| {
            Value::object(
                item_ty.clone(),
                [
                    ("name", Value::from(format!("item-{i}"))),
                    ("port", Value::from(8000 + i)),
                    ("weight", Value::number(quarter(i))),
                    ("enabled", Value::from(i % 2 == 0)),
                    (
                        "note",
                        if i % 3 == 0 {
                            Value::unknown(Type::String)
                        } else {
                            Value::null(Type::String)
                        },
                    ),
                ],
            )
            .unwrap()
        })
        .collect();
    Value::object(
        ty.clone(),
        [
            ("id", Value::from("i-0123456789")),
            ("name", Value::from("web")),
            ("description", Value::from("a web server")),
            ("count", Value::from(3)),
            ("ratio", n("0.75")),
            ("enabled", Value::from(true)),
            ("region", Value::from("eu-west-1")),
            ("size", Value::null(Type::Number)),
            (
                "aliases",
                Value::list(Type::String, ["a", "b", "c"].map(Value::from)).unwrap(),
            ),
            (
                "tags",
                Value::map(
                    Type::String,
                    [("env", Value::from("prod")), ("team", Value::from("core"))],
                )
                .unwrap(),
            ),
            (
                "settings",
                Value::object(
                    object.attribute("settings").unwrap().clone(),
                    [("kind", Value::from("fast")), ("level", Value::from(2))],
                )
                .unwrap(),
            ),
            ("items", Value::list(item_ty.clone(), items).unwrap()),
        ],
    )
    .unwrap()
}

/// i / 4 as an exact decimal.
fn quarter(i: i64) -> Number {
    format!("{}.{:02}", i / 4, (i % 4) * 25).parse().unwrap()
}

#[test]
fn conformance_model_decodes_to_the_described_value() {
    let ty = Type::from_json(MODEL_TYPE.trim()).unwrap();
    let decoded = Value::from_msgpack(MODEL_BYTES, &ty).unwrap();
    assert_eq!(decoded, conformance_model(&ty));
    // Spot checks, in case the hand-built value and the decoder agree on a mistake.
    let items = decoded.attribute("items").unwrap().as_elements().unwrap();
    assert!(items[0].attribute("note").unwrap().is_unknown());
    assert!(items[1].attribute("note").unwrap().is_null());
    assert_eq!(items[9].attribute("weight").unwrap(), &n("2.25"));
    assert_eq!(items[4].attribute("port").unwrap(), &Value::from(8004));
}

#[test]
fn conformance_model_encodes_to_the_reference_bytes_with_map_keys_sorted() {
    let ty = Type::from_json(MODEL_TYPE.trim()).unwrap();
    let encoded = conformance_model(&ty).to_msgpack(&ty).unwrap();
    // Go iterates maps in random order: the reference file happens to hold `tags` as
    // {team, env}. Our encoder sorts map keys (as it sorts object attributes, like tftypes), so
    // the expected bytes are the reference with that one map's entries in sorted order.
    let as_written: &[u8] = b"\xa4tags\x82\xa4team\xa4core\xa3env\xa4prod";
    let sorted: &[u8] = b"\xa4tags\x82\xa3env\xa4prod\xa4team\xa4core";
    let at = MODEL_BYTES
        .windows(as_written.len())
        .position(|w| w == as_written)
        .expect("the reference holds tags as team, env");
    let mut expected = MODEL_BYTES.to_vec();
    expected[at..at + sorted.len()].copy_from_slice(sorted);
    assert_eq!(encoded, expected);
    // And those bytes decode to the same value as the reference.
    assert_eq!(
        Value::from_msgpack(&encoded, &ty).unwrap(),
        Value::from_msgpack(MODEL_BYTES, &ty).unwrap()
    );
}

#[test]
fn conformance_model_cannot_be_json_while_it_holds_unknowns() {
    let ty = Type::from_json(MODEL_TYPE.trim()).unwrap();
    let value = conformance_model(&ty);
    let err = value.to_json(&ty).unwrap_err();
    assert_eq!(err.path.to_string(), "items[0].note");
}

// ---------------------------------------------------------------------------------------------
// Depth: far too deep input is an error on the default 2 MiB test thread, never a crash.

/// `list(list(…(string)…))` nested `levels` times.
fn nested_list_type(levels: usize) -> Type {
    (0..levels).fold(Type::String, |ty, _| Type::list(ty))
}

#[test]
fn ten_thousand_nested_msgpack_arrays_are_an_error() {
    let mut bytes = vec![0x91; 10_000];
    bytes.push(0xc0);
    // Against a list type deeper than the limit,
    let err = Value::from_msgpack(&bytes, &nested_list_type(200)).unwrap_err();
    assert!(err.message.contains("deeper than 128"), "{err}");
    // against `any` with a type description nested 10,000 deep,
    let json = format!(
        "{}\"string\"{}",
        "[\"list\",".repeat(10_000),
        "]".repeat(10_000)
    );
    let mut wrapped = vec![0x92, 0xc6];
    wrapped.extend_from_slice(&(json.len() as u32).to_be_bytes());
    wrapped.extend_from_slice(json.as_bytes());
    wrapped.extend_from_slice(&bytes);
    let err = Value::from_msgpack(&wrapped, &Type::Dynamic).unwrap_err();
    assert!(err.message.contains("deeper than 128"), "{err}");
    // and against shallow types.
    assert!(Value::from_msgpack(&bytes, &Type::Dynamic).is_err());
    assert!(Value::from_msgpack(&bytes, &Type::String).is_err());
}

#[test]
fn ten_thousand_nested_json_arrays_are_an_error() {
    let text = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let err = Value::from_json(&text, &nested_list_type(200)).unwrap_err();
    assert!(err.message.contains("deeper than 128"), "{err}");
    assert!(Value::from_json(&text, &Type::Dynamic).is_err());
    assert!(Value::from_json(&text, &Type::String).is_err());
    // A dynamic value whose type is nested 10,000 deep.
    let ty = "[\"list\",".repeat(10_000);
    let err = Value::from_json(format!(r#"{{"type":{ty}"#), &Type::Dynamic).unwrap_err();
    assert!(err.message.contains("deeper than 128"), "{err}");
    // A dynamic value whose value comes first and is nested 10,000 deep: skipped without
    // recursion, then read against its type, which stops at the limit.
    let json = format!(
        r#"{{"value":{text},"type":{}"string"{}}}"#,
        "[\"list\",".repeat(200),
        "]".repeat(200)
    );
    let err = Value::from_json(&json, &Type::Dynamic).unwrap_err();
    assert!(err.message.contains("deeper than 128"), "{err}");
    // Objects, as state holds them.
    let text = format!("{}{}", r#"{"a":"#.repeat(10_000), "}".repeat(10_000));
    assert!(Value::from_json(&text, &Type::Dynamic).is_err());
    assert!(Value::from_json(&text, &Type::map(Type::String)).is_err());
}

#[test]
fn values_nested_beyond_the_limit_do_not_encode() {
    let mut value = Value::from("x");
    let mut ty = Type::String;
    for _ in 0..150 {
        value = Value::list(ty.clone(), [value]).unwrap();
        ty = Type::list(ty);
    }
    assert!(
        value
            .to_msgpack(&ty)
            .unwrap_err()
            .message
            .contains("deeper than 128")
    );
    assert!(
        value
            .to_json(&ty)
            .unwrap_err()
            .message
            .contains("deeper than 128")
    );
    // Declared `any`, the type is not too deep but the value is.
    let err = value.to_msgpack(&Type::Dynamic).unwrap_err();
    assert!(err.message.contains("deeper than 128"), "{err}");
}
