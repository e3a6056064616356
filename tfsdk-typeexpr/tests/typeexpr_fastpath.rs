//! `typeexpr::convert` takes a single pass (defaults applied while converting) for common
//! values; it must give exactly what applying the defaults and then converting gives, value,
//! type and error alike. Checked on every conformance line's input and on variations of the
//! documented `buckets` example.

use serde_json::Value as Json;
use tfsdk_core::tftypes::Value;
use tfsdk_typeexpr::{
    self as typeexpr, TypeConstraint, apply_defaults, convert_to_type, json_value,
};

fn two_pass(value: Value, constraint: &TypeConstraint) -> Result<Value, typeexpr::ConversionError> {
    let value = apply_defaults(value, constraint);
    convert_to_type(value, constraint.ty())
}

fn check(constraint: &TypeConstraint, value: &Value, what: &str) {
    let fast = typeexpr::convert(value.clone(), constraint);
    let reference = two_pass(value.clone(), constraint);
    assert_eq!(fast, reference, "{what}");
    if let (Ok(a), Ok(b)) = (&fast, &reference) {
        assert_eq!(a.ty().to_string(), b.ty().to_string(), "{what}");
    }
}

#[test]
fn single_pass_matches_defaults_then_conversion_on_conformance_inputs() {
    let data = include_str!("data/typeconv.jsonl");
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        let case: Json = serde_json::from_str(line).expect("conformance lines are JSON");
        let id = case["id"].as_str().unwrap_or("?");
        let Ok(constraint) = typeexpr::parse(case["type"].as_str().expect("type")) else {
            continue;
        };
        let Ok(value) = json_value::from_json(&case["value"]) else {
            continue;
        };
        check(&constraint, &value, id);
    }
}

const BUCKETS: &str = r#"list(object({
    name    = string
    enabled = optional(bool, true)
    website = optional(object({
      index_document = optional(string, "index.html")
      error_document = optional(string, "error.html")
      routing_rules  = optional(string)
    }), {})
  }))"#;

#[test]
fn single_pass_matches_defaults_then_conversion_on_buckets() {
    let constraint = typeexpr::parse(BUCKETS).expect("parses");
    let inputs = [
        r#"[{"name":"a","website":{"routing_rules":"r"}},{"name":"b","enabled":false},{"name":"c","website":{"index_document":"i","error_document":"e"}}]"#,
        r#"[{"name":"a","enabled":null,"website":null}]"#,
        r#"[{"name":"a","enabled":"false","website":{"index_document":null,"routing_rules":null}}]"#,
        r#"[{"name":1,"enabled":"1"},{"name":true,"enabled":"0"}]"#,
        r#"[{"name":"a","extra":1}]"#,
        r#"[{"enabled":true}]"#,
        r#"[{"name":"a","enabled":"yes"}]"#,
        r#"[{"name":"a","website":{"index_document":[]}}]"#,
        r#"[{"name":"a","website":"x"}]"#,
        r#"[{"name":"a"}, 1]"#,
        r#"[null]"#,
        r#"[{"name":"a"},{"name":"b"},null,{"name":"c"}]"#,
        r#"[{"name":"a"},{"name":"b","extra":1},{"name":"c"}]"#,
        r#"[{"name":"a"},{"name":"b","enabled":"yes"},{"name":"c","website":1}]"#,
        r#"[{"name":"a"},{"name":"b","enabled":"yes"},{"name":"c","enabled":"no"}]"#,
        r#"[{"name":"a"},{"enabled":true},{"name":"c","website":[]}]"#,
        r#"[{"name":"a"},{"name":"b","website":{"index_document":"x","extra":[1]}}]"#,
        r#"[{"name":"a"},{"name":"b","website":{"index_document":{"deep":[[[[1]]]]}}}]"#,
        r#"[{"name":"a"},"x",{"name":"c"}]"#,
        r#"[{"name":"a"},[],{"name":"c"}]"#,
        r#"[]"#,
        r#"null"#,
        r#"{"name":"a"}"#,
    ];
    for input in inputs {
        let value = json_value::parse_json(input).expect("JSON");
        check(&constraint, &value, input);
    }
    for (ty, input) in [
        (
            "object({a=optional(number, 1), b=optional(string)})",
            r#"{"b":null}"#,
        ),
        (
            "object({a=optional(number, 1), b=optional(string)})",
            r#"{"a":"7"}"#,
        ),
        (
            "object({a=optional(number, 1), b=optional(string)})",
            r#"{"a":"x"}"#,
        ),
        ("object({a=optional(bool), b=string})", r#"{"b":2}"#),
        ("object({a=optional(list(string), [\"x\"])})", r#"{}"#),
        (
            "object({a=optional(list(string), [\"x\"])})",
            r#"{"a":[1,"y"]}"#,
        ),
        ("list(string)", r#"[1, true, "x"]"#),
        ("list(number)", r#"["1", 2]"#),
        ("list(object({a=string}))", r#"[{"a":"x"},{"a":1}]"#),
        (
            "list(object({a=string}))",
            r#"[{"a":"x"},{"a":{}}, {"b":1}]"#,
        ),
        ("list(object({a=string}))", r#"[{"a":"x"},{"a":"y","b":1}]"#),
        ("list(number)", r#"[1, "2", "x", []]"#),
        ("list(number)", r#"[1, "2", null, "3"]"#),
        ("list(list(number))", r#"[[1], [2, "3"], [null], ["x"]]"#),
        (
            "list(object({a=optional(list(object({b=optional(number, 7)})))}))",
            r#"[{"a":[{}]},{"a":[{"b":"8"}, {}]},{}]"#,
        ),
        (
            "list(object({a=optional(list(object({b=optional(number, 7)})))}))",
            r#"[{"a":[{}]},{"a":[{"b":"z"}]},{"a":[{"b":[]}]}]"#,
        ),
    ] {
        let constraint = typeexpr::parse(ty).expect("parses");
        let value = json_value::parse_json(input).expect("JSON");
        check(&constraint, &value, &format!("{ty} {input}"));
    }
}

#[test]
fn single_pass_matches_defaults_then_conversion_on_deep_elements() {
    let constraint = typeexpr::parse("list(object({a=optional(string, \"x\")}))").expect("parses");
    for levels in [120, 126, 127, 128, 129, 140] {
        let mut deep = Value::from(1);
        for _ in 0..levels {
            deep = Value::tuple_of([deep]);
        }
        let ok = Value::object_of([("a", Value::from("y"))]);
        for value in [
            Value::tuple_of([ok.clone(), Value::object_of([("a", deep.clone())])]),
            Value::tuple_of([
                ok.clone(),
                Value::object_of([("b", deep.clone())]),
                Value::object_of([("a", Value::from(1))]),
            ]),
            Value::tuple_of([ok.clone(), deep.clone()]),
        ] {
            check(&constraint, &value, &format!("deep {levels}"));
        }
    }
}
