//! Optional attributes whose default is a collection (or holds one) whose element type has
//! optional attributes: the result type never keeps `optional(...)` markers, for every
//! collection kind, nested, with empty, non-empty and null defaults. The expected types are
//! Terraform 1.15's answers (`tests/oracle/regressions.jsonl` in the workspace holds the same
//! cases and checks them against Terraform).

use tfsdk_core::tftypes::Type;
use tfsdk_typeexpr::{self as typeexpr, apply_defaults, convert_to_type, json_value};

/// (constraint, value as JSON, Terraform's result type as JSON)
const CASES: &[(&str, &str, &str)] = &[
    (
        r#"object({r = optional(map(object({w = optional(string)})), {})})"#,
        r#"{}"#,
        r#"["object",{"r":["map",["object",{"w":"string"}]]}]"#,
    ),
    (
        r#"object({r = optional(list(object({w = optional(string)})), [])})"#,
        r#"{}"#,
        r#"["object",{"r":["list",["object",{"w":"string"}]]}]"#,
    ),
    (
        r#"object({r = optional(set(object({w = optional(string)})), [])})"#,
        r#"{}"#,
        r#"["object",{"r":["set",["object",{"w":"string"}]]}]"#,
    ),
    (
        r#"object({r = optional(tuple([object({w = optional(string)}), list(object({w = optional(string)}))]), [{}, []])})"#,
        r#"{}"#,
        r#"["object",{"r":["tuple",[["object",{"w":"string"}],["list",["object",{"w":"string"}]]]]}]"#,
    ),
    (
        r#"object({r = optional(object({l = map(object({w = optional(string)})), s = set(object({w = optional(string)}))}), {l = {}, s = []})})"#,
        r#"{}"#,
        r#"["object",{"r":["object",{"l":["map",["object",{"w":"string"}]],"s":["set",["object",{"w":"string"}]]}]}]"#,
    ),
    (
        r#"object({r = optional(map(list(object({w = optional(string)}))), {a = []})})"#,
        r#"{}"#,
        r#"["object",{"r":["map",["list",["object",{"w":"string"}]]]}]"#,
    ),
    (
        r#"object({r = optional(list(map(object({w = optional(string)}))), [{}])})"#,
        r#"{}"#,
        r#"["object",{"r":["list",["map",["object",{"w":"string"}]]]}]"#,
    ),
    (
        r#"object({r = optional(set(map(object({w = optional(string)}))), [{}])})"#,
        r#"{}"#,
        r#"["object",{"r":["set",["map",["object",{"w":"string"}]]]}]"#,
    ),
    (
        r#"object({r = optional(map(object({w = optional(string)})), {k = {}})})"#,
        r#"{}"#,
        r#"["object",{"r":["map",["object",{"w":"string"}]]}]"#,
    ),
    (
        r#"object({r = optional(list(object({w = optional(string, "x")})), [{}, {w = "y"}])})"#,
        r#"{}"#,
        r#"["object",{"r":["list",["object",{"w":"string"}]]}]"#,
    ),
    (
        r#"object({r = optional(map(object({w = optional(string)})), null)})"#,
        r#"{}"#,
        r#"["object",{"r":["map",["object",{"w":"string"}]]}]"#,
    ),
    (
        r#"object({r = optional(set(object({w = optional(string)})), null)})"#,
        r#"{"r": null}"#,
        r#"["object",{"r":["set",["object",{"w":"string"}]]}]"#,
    ),
    (
        r#"object({r = optional(map(object({w = optional(string)})), {})})"#,
        r#"{"r": {}}"#,
        r#"["object",{"r":["map",["object",{"w":"string"}]]}]"#,
    ),
    (
        r#"object({r = optional(list(object({w = optional(string)})), [])})"#,
        r#"{"r": []}"#,
        r#"["object",{"r":["list",["object",{"w":"string"}]]}]"#,
    ),
    (
        r#"object({r = optional(map(object({w = optional(string)})), {})})"#,
        r#"{"r": {"a": {}}}"#,
        r#"["object",{"r":["map",["object",{"w":"string"}]]}]"#,
    ),
    (
        r#"list(object({r = optional(map(object({w = optional(string)})), {})}))"#,
        r#"[{}, {"r": {"k": {"w": "v"}}}]"#,
        r#"["list",["object",{"r":["map",["object",{"w":"string"}]]}]]"#,
    ),
    (
        r#"map(object({r = optional(set(object({w = optional(number)})), [])}))"#,
        r#"{"a": {}}"#,
        r#"["map",["object",{"r":["set",["object",{"w":"number"}]]}]]"#,
    ),
    (
        r#"object({o = optional(object({r = optional(list(object({w = optional(list(object({x = optional(bool)})), [])})), [{}])}), {})})"#,
        r#"{}"#,
        r#"["object",{"o":["object",{"r":["list",["object",{"w":["list",["object",{"x":"bool"}]]}]]}]}]"#,
    ),
    (
        r#"object({r = optional(map(map(object({w = optional(string)}))), {a = {}})})"#,
        r#"{}"#,
        r#"["object",{"r":["map",["map",["object",{"w":"string"}]]]}]"#,
    ),
    (
        r#"map(object({w = optional(string)}))"#,
        r#"{}"#,
        r#"["map",["object",{"w":"string"}]]"#,
    ),
    (
        r#"set(object({w = optional(string)}))"#,
        r#"[]"#,
        r#"["set",["object",{"w":"string"}]]"#,
    ),
    (
        r#"tuple([map(object({w = optional(string)})), list(object({w = optional(string)}))])"#,
        r#"[{}, []]"#,
        r#"["tuple",[["map",["object",{"w":"string"}]],["list",["object",{"w":"string"}]]]]"#,
    ),
];

#[test]
fn result_types_carry_no_optional_markers() {
    for (constraint, value, want) in CASES {
        let c = typeexpr::parse(constraint).unwrap();
        let want = Type::from_json(want).unwrap();
        let value = json_value::parse_json(value).unwrap();
        let got = typeexpr::convert(value.clone(), &c).unwrap();
        assert_eq!(got.ty(), &want, "{constraint} given {value:?}");
        // The two-pass route (defaults, then conversion) agrees with the single pass.
        let two = convert_to_type(apply_defaults(value, &c), c.ty()).unwrap();
        assert_eq!(two.ty(), &want, "two passes: {constraint}");
        assert_eq!(two, got, "{constraint}");
    }
}

#[test]
fn a_value_typed_with_the_constraint_itself_loses_the_markers() {
    let c = typeexpr::parse("map(object({w = optional(string)}))").unwrap();
    let marked = tfsdk_core::tftypes::Value::map_unchecked(
        c.ty().element_type().unwrap().clone(),
        Default::default(),
    );
    let got = convert_to_type(marked, c.ty()).unwrap();
    assert_eq!(got.ty().to_string(), "map(object({w=string}))");
}
