//! The type-constraint parser: every error names its position and what was expected, and
//! constraints survive parse → render → parse (a property test over random constraints).

use proptest::prelude::*;
use serde_json::Value as Json;
use tfsdk_core::tftypes::Value;
use tfsdk_typeexpr::{
    self as typeexpr, ObjectAttribute, Pos, TypeConstraint, json_value, parse, parse_at,
};
use unicode_normalization::UnicodeNormalization;

fn error(src: &str) -> String {
    match parse(src) {
        Ok(c) => panic!("{src:?} parsed as {c}"),
        Err(e) => e.to_string(),
    }
}

const NOT_A_TYPE: &str = "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).";

#[test]
fn a_syntax_error_names_the_offending_character() {
    assert_eq!(
        error("list("),
        "type.tf:1,5-6: Invalid expression; Unexpected token."
    );
    assert_eq!(
        error("set(any"),
        "type.tf:1,7-8: Invalid expression; Expected `)` or expression."
    );
    assert_eq!(
        error("list(string))"),
        "type.tf:1,13-14: Invalid expression; Unexpected token."
    );
}

#[test]
fn an_unknown_keyword_is_named() {
    assert_eq!(
        error("strin"),
        "type.tf:1,1-6: Invalid type specification; The keyword \"strin\" is not a valid type specification."
    );
}

#[test]
fn constructors_without_their_argument_say_what_it_must_be() {
    assert_eq!(
        error("set"),
        "type.tf:1,1-4: Invalid type specification; The set type constructor requires one argument specifying the element type."
    );
    assert_eq!(
        error("object"),
        "type.tf:1,1-7: Invalid type specification; The object type constructor requires one argument specifying the attribute types and values as a map."
    );
    assert_eq!(
        error("tuple"),
        "type.tf:1,1-6: Invalid type specification; The tuple type constructor requires one argument specifying the element types as a list."
    );
    assert_eq!(
        error("map()"),
        "type.tf:1,4-6: Invalid type specification; The map type constructor requires one argument specifying the element type."
    );
}

#[test]
fn extra_arguments_are_pointed_at() {
    assert_eq!(
        error("list(string, number)"),
        "type.tf:1,14-20: Invalid type specification; The list type constructor requires one argument specifying the element type."
    );
}

#[test]
fn keywords_take_no_arguments() {
    assert_eq!(
        error("string(1)"),
        "type.tf:1,7-10: Invalid type specification; Primitive type keyword \"string\" does not expect arguments."
    );
    assert_eq!(
        error("any(x)"),
        "type.tf:1,4-7: Invalid type specification; Type constraint keyword \"any\" does not expect arguments."
    );
}

#[test]
fn tuple_needs_a_list_and_object_a_map() {
    assert_eq!(
        error("tuple(string)"),
        "type.tf:1,7-13: Invalid type specification; Tuple type constructor requires a list of element types."
    );
    assert_eq!(
        error("object([string])"),
        "type.tf:1,8-16: Invalid type specification; Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types."
    );
}

#[test]
fn object_keys_must_be_attribute_names_and_unique() {
    assert_eq!(
        error(r#"object({"a b"=string})"#),
        "type.tf:1,9-14: Invalid type specification; Object constructor map keys must be attribute names."
    );
    assert_eq!(
        error("object({a=string, a=number})"),
        "type.tf:1,19-20: Invalid expression; Invalid object item; expected unique object key; found redefined object key."
    );
}

#[test]
fn unknown_constructors_and_misplaced_optional_are_errors() {
    assert_eq!(
        error("foo(string)"),
        "type.tf:1,1-12: Invalid type specification; Keyword \"foo\" is not a valid type constructor."
    );
    assert_eq!(
        error("optional(string)"),
        "type.tf:1,1-9: Invalid type specification; Keyword \"optional\" is valid only as a modifier for object type attributes."
    );
}

#[test]
fn optional_takes_a_type_and_at_most_a_default() {
    assert_eq!(
        error("object({a=optional()})"),
        "type.tf:1,19-21: Invalid type specification; Optional attribute modifier requires the attribute type as its argument."
    );
    assert_eq!(
        error(r#"object({a=optional(string, "x", 1)})"#),
        "type.tf:1,19-35: Invalid type specification; Optional attribute modifier expects at most two arguments: the attribute type, and a default value."
    );
}

#[test]
fn defaults_must_be_literal_and_compatible() {
    assert_eq!(
        error("object({a=optional(string, var.x)})"),
        "type.tf:1,28-33: Invalid expression; Only literal values (strings, numbers, bools, null, lists and objects of those) are allowed here."
    );
    assert_eq!(
        error(r#"object({a=optional(number, "x")})"#),
        "type.tf:1,28-31: Invalid default value for optional attribute; This default value is not compatible with the attribute's type constraint: a number is required."
    );
}

#[test]
fn values_and_quoted_names_are_not_types() {
    assert_eq!(
        error(r#""string""#),
        format!("type.tf:1,1-9: Invalid type specification; {NOT_A_TYPE}")
    );
    assert_eq!(
        error("1"),
        format!("type.tf:1,1-2: Invalid type specification; {NOT_A_TYPE}")
    );
    assert_eq!(
        error("list(x...)"),
        format!("type.tf:1,1-11: Invalid type specification; {NOT_A_TYPE}")
    );
}

#[test]
fn nesting_too_deep_is_an_error_not_a_crash() {
    let deep = format!("{}string{}", "list(".repeat(65), ")".repeat(65));
    assert!(error(&deep).contains("nests too deeply"));
    let very_deep = format!("{}string{}", "list(".repeat(100_000), ")".repeat(100_000));
    assert!(parse(&very_deep).is_err());
}

#[test]
fn an_expression_longer_than_the_limit_is_an_error_before_parsing() {
    use tfsdk_typeexpr::MAX_EXPRESSION_LEN;
    let long = format!(
        "tuple([{}string])",
        "string,".repeat(MAX_EXPRESSION_LEN / 7)
    );
    assert!(long.len() > MAX_EXPRESSION_LEN);
    let e = error(&long);
    assert!(e.starts_with("type.tf:1,1-"), "{e}");
    assert!(e.ends_with("; at most 32768 are accepted."), "{e}");
    // Just under the limit parses.
    let fits = format!(
        "tuple([{}string])",
        "string,".repeat(MAX_EXPRESSION_LEN / 7 - 3)
    );
    assert!(fits.len() <= MAX_EXPRESSION_LEN);
    assert!(parse(&fits).is_ok());
}

#[test]
fn an_object_with_more_attributes_than_the_limit_is_an_error_before_parsing() {
    // The expression parser is quadratic in the items of one object (8,000 attributes took
    // 0.6 s in release, 20,000 took minutes under the fuzzer); the limit keeps parsing fast.
    use tfsdk_typeexpr::MAX_OBJECT_ITEMS;
    let attributes = |n: usize| {
        (0..n)
            .map(|i| format!("a{i}=number"))
            .collect::<Vec<_>>()
            .join(",")
    };
    let too_many = format!("list(object({{{}}}))", attributes(MAX_OBJECT_ITEMS + 1));
    assert_eq!(
        error(&too_many),
        "type.tf:1,13-14: Invalid expression; This object has more than 1024 attributes; at most 1024 are accepted."
    );
    let at_limit = format!("list(object({{{}}}))", attributes(MAX_OBJECT_ITEMS));
    assert_eq!(
        parse(&at_limit).unwrap().to_string().matches('=').count(),
        MAX_OBJECT_ITEMS
    );
    // Separators inside string literals (with escaped quotes) do not count.
    let in_strings = format!(
        r#"object({{a = optional(string, "\"{}"), b = optional(map(string), {{k = "{}"}})}})"#,
        "=".repeat(2000),
        ":".repeat(2000)
    );
    assert!(parse(&in_strings).is_ok(), "{}", error(&in_strings));
}

#[test]
fn every_problem_is_reported_in_source_order() {
    let e = parse("object({a=string, b=list(set), c=bogus})").unwrap_err();
    let found: Vec<String> = e.diagnostics.iter().map(|d| d.to_string()).collect();
    assert_eq!(
        found,
        [
            "type.tf:1,26-29: Invalid type specification; The set type constructor requires one argument specifying the element type.",
            "type.tf:1,34-39: Invalid type specification; The keyword \"bogus\" is not a valid type specification.",
        ]
    );
    assert_eq!(
        e.to_string(),
        "type.tf:1,26-29: Invalid type specification; The set type constructor requires one argument specifying the element type., and 1 other diagnostic(s)"
    );
}

#[test]
fn positions_count_lines_and_characters_from_where_the_text_starts() {
    let src = "object({\n  name = strng\n})";
    let e = parse_at(
        src,
        "variables.tf",
        Pos {
            line: 3,
            column: 10,
            byte: 40,
        },
    )
    .unwrap_err();
    let d = &e.diagnostics[0];
    assert_eq!(d.range.to_string(), "variables.tf:4,10-15");
    assert_eq!(d.range.start.byte, 40 + 18);
    assert_eq!(d.summary, "Invalid type specification");
}

#[test]
fn canonical_rendering_sorts_attributes_and_drops_spaces() {
    let c = parse("object({ z = list( string ), a = optional( number , 1 ) })").unwrap();
    assert_eq!(
        c.to_string(),
        "object({a=optional(number, 1),z=list(string)})"
    );
}

// --- Round trips ---

fn primitive() -> impl Strategy<Value = (TypeConstraint, Option<Value>)> {
    prop_oneof![
        // Strings read from text are NFC (as Terraform's are), so only NFC defaults round-trip.
        any::<Option<String>>().prop_map(|d| (
            TypeConstraint::string(),
            d.map(|d| Value::from(d.nfc().collect::<String>()))
        )),
        any::<Option<i64>>().prop_map(|d| (TypeConstraint::number(), d.map(Value::from))),
        any::<Option<bool>>().prop_map(|d| (TypeConstraint::bool(), d.map(Value::from))),
        Just((TypeConstraint::any(), None)),
    ]
}

fn constraint() -> impl Strategy<Value = TypeConstraint> {
    let leaf = primitive().prop_map(|(c, _)| c);
    leaf.prop_recursive(5, 48, 4, |inner| {
        let attribute = prop_oneof![
            primitive().prop_map(|(c, d)| (c, d)),
            inner.clone().prop_map(|c| (c, None)),
        ];
        prop_oneof![
            inner.clone().prop_map(TypeConstraint::list),
            inner.clone().prop_map(TypeConstraint::set),
            inner.clone().prop_map(TypeConstraint::map),
            prop::collection::vec(inner.clone(), 0..4).prop_map(TypeConstraint::tuple),
            prop::collection::btree_map("[a-z_][a-z0-9_-]{0,6}", (attribute, 0..3u8), 0..4)
                .prop_map(|attributes| {
                    TypeConstraint::object(attributes.into_iter().map(|(name, ((c, d), role))| {
                        match (role, d) {
                            (0, _) => ObjectAttribute::required(name, c),
                            (1, Some(d)) => ObjectAttribute::optional_with_default(name, c, d),
                            _ => ObjectAttribute::optional(name, c),
                        }
                    }))
                    .expect("defaults of the attribute's own type convert")
                }),
        ]
    })
}

proptest! {
    #[test]
    fn parse_render_parse_is_the_identity(c in constraint()) {
        let text = c.to_string();
        let parsed = parse(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(&parsed, &c, "{}", text);
        prop_assert_eq!(parsed.to_string(), text);
    }

    #[test]
    fn parsing_any_text_never_panics(src in ".{0,80}") {
        let _ = parse(&src);
    }

    #[test]
    fn converting_any_json_to_any_constraint_never_panics(c in constraint(), json in json()) {
        if let Ok(value) = json_value::from_json(&json) {
            let _ = typeexpr::convert(value, &c);
        }
    }
}

fn json() -> impl Strategy<Value = Json> {
    let leaf = prop_oneof![
        Just(Json::Null),
        any::<bool>().prop_map(Json::Bool),
        any::<i32>().prop_map(Json::from),
        prop_oneof![Just("true"), Just("1.5"), Just("x"), Just("")].prop_map(Json::from),
    ];
    leaf.prop_recursive(4, 32, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Json::Array),
            prop::collection::btree_map("[a-z_][a-z0-9_-]{0,6}", inner, 0..4)
                .prop_map(|m| Json::Object(m.into_iter().collect())),
        ]
    })
}
