//! Every example and rule of the language's "Type Constraints" documentation as a test: primitive and complex
//! conversions, `any`, optional attributes with and without defaults, the `buckets` example
//! (its console output character for character) and the conditional `null` override.

use tfsdk_core::tftypes::{Type, Value};
use tfsdk_typeexpr::vars::{Inputs, Module, evaluate};
use tfsdk_typeexpr::{self as typeexpr, ConversionError, console, json_value, parse};

/// Converts a JSON value (decoded with its implied type) to a type expression, as Terraform
/// evaluates an input variable.
fn conv(type_expr: &str, json: &str) -> Result<Value, ConversionError> {
    let constraint = parse(type_expr).unwrap_or_else(|e| panic!("{type_expr}: {e}"));
    typeexpr::convert(json_value::parse_json(json).unwrap(), &constraint)
}

fn ok(type_expr: &str, json: &str) -> (String, String) {
    let v = conv(type_expr, json).unwrap_or_else(|e| panic!("{type_expr} <- {json}: {e}"));
    (v.ty().to_string(), console::render(&v))
}

fn err(type_expr: &str, json: &str) -> String {
    match conv(type_expr, json) {
        Ok(v) => panic!("{type_expr} <- {json}: expected an error, got {v:?}"),
        Err(e) => e.to_string(),
    }
}

// --- Primitive types and their conversions ---

#[test]
fn the_primitive_keywords_are_types() {
    assert_eq!(
        ok("string", r#""hello""#),
        ("string".into(), "\"hello\"".into())
    );
    assert_eq!(ok("number", "15"), ("number".into(), "15".into()));
    assert_eq!(
        ok("number", "6.283185"),
        ("number".into(), "6.283185".into())
    );
    assert_eq!(ok("bool", "true"), ("bool".into(), "true".into()));
}

#[test]
fn bools_and_numbers_convert_to_strings_and_back() {
    assert_eq!(ok("string", "true").1, "\"true\"");
    assert_eq!(ok("string", "false").1, "\"false\"");
    assert_eq!(ok("string", "15").1, "\"15\"");
    assert_eq!(ok("bool", r#""true""#).1, "true");
    assert_eq!(ok("bool", r#""false""#).1, "false");
    assert_eq!(ok("number", r#""15""#).1, "15");
}

#[test]
fn strings_convert_only_when_they_are_valid_representations() {
    assert_eq!(err("number", r#""fifteen""#), "a number is required");
    assert_eq!(err("bool", r#""yes""#), "a bool is required");
    // Numbers and bools do not convert into each other.
    assert_eq!(err("bool", "1"), "bool required, but have number");
}

// --- Collection types ---

#[test]
fn a_tuple_of_mixed_primitives_becomes_a_list_of_strings() {
    // The documented example: list(string) given ["a", 15, true] is ["a", "15", "true"].
    let v = conv("list(string)", r#"["a", 15, true]"#).unwrap();
    assert_eq!(v.ty(), &Type::list(Type::String));
    assert_eq!(
        v.as_elements().unwrap(),
        &[Value::from("a"), Value::from("15"), Value::from("true")]
    );
    assert_eq!(
        console::render(&v),
        "tolist([\n  \"a\",\n  \"15\",\n  \"true\",\n])"
    );
}

#[test]
fn a_map_of_strings_rejects_an_object_holding_a_tuple() {
    // The documented example: {name = ["Kristy", "Claudia", "Mary Anne", "Stacey"], age = 12}.
    let e = err(
        "map(string)",
        r#"{"name": ["Kristy", "Claudia", "Mary Anne", "Stacey"], "age": 12}"#,
    );
    assert_eq!(e, "element \"name\": string required, but have tuple");
}

#[test]
fn the_list_and_map_keywords_mean_list_of_any_and_map_of_any() {
    assert_eq!(parse("list").unwrap(), parse("list(any)").unwrap());
    assert_eq!(parse("map").unwrap(), parse("map(any)").unwrap());
    assert_eq!(ok("list", r#"["a", "b"]"#).0, "list(string)");
    assert_eq!(ok("map", r#"{"a": 1}"#).0, "map(number)");
}

#[test]
fn set_requires_its_element_type() {
    assert_eq!(
        parse("set").unwrap_err().to_string(),
        "type.tf:1,1-4: Invalid type specification; The set type constructor requires one argument specifying the element type."
    );
}

#[test]
fn collections_convert_their_elements_recursively() {
    assert_eq!(
        ok("map(list(number))", r#"{"a": ["1", 2]}"#),
        (
            "map(list(number))".into(),
            "tomap({\n  \"a\" = tolist([\n    1,\n    2,\n  ])\n})".into()
        )
    );
}

// --- Structural types ---

#[test]
fn an_object_type_matches_a_value_with_its_attributes() {
    let (ty, console) = ok(
        "object({ name=string, age=number })",
        r#"{"name": "John", "age": 52}"#,
    );
    assert_eq!(ty, "object({age=number,name=string})");
    assert_eq!(console, "{\n  \"age\" = 52\n  \"name\" = \"John\"\n}");
}

#[test]
fn extra_attributes_are_discarded_when_converting_to_an_object() {
    // Like a reference to an aws_vpc resource given to object({id=string, cidr_block=string}).
    let (ty, console) = ok(
        "object({ id=string, cidr_block=string })",
        r#"{"id": "vpc-1", "cidr_block": "10.0.0.0/16", "arn": "arn:aws:…", "tags": {}}"#,
    );
    assert_eq!(ty, "object({cidr_block=string,id=string})");
    assert_eq!(
        console,
        "{\n  \"cidr_block\" = \"10.0.0.0/16\"\n  \"id\" = \"vpc-1\"\n}"
    );
}

#[test]
fn an_object_type_requires_every_attribute() {
    assert_eq!(
        err("object({name=string, age=number})", r#"{"name": "John"}"#),
        "attribute \"age\" is required"
    );
}

#[test]
fn a_tuple_type_matches_elements_position_by_position() {
    assert_eq!(
        ok("tuple([string, number, bool])", r#"["a", 15, true]"#),
        (
            "tuple([string,number,bool])".into(),
            "[\n  \"a\",\n  15,\n  true,\n]".into()
        )
    );
    assert_eq!(
        err("tuple([string, number, bool])", r#"["a", 15]"#),
        "tuple required"
    );
    assert_eq!(
        err("tuple([string, number, bool])", r#"["a", "b", true]"#),
        "a number is required"
    );
}

// --- Conversion between complex types ---

#[test]
fn a_map_or_larger_object_converts_to_an_object_with_its_keys() {
    let c = parse("object({a=string})").unwrap();
    let map = Value::map(
        Type::String,
        [("a", Value::from("x")), ("b", Value::from("y"))],
    )
    .unwrap();
    let v = typeexpr::convert(map, &c).unwrap();
    assert_eq!(console::render(&v), "{\n  \"a\" = \"x\"\n}");
}

#[test]
fn map_to_object_to_map_is_lossy() {
    let v = conv("map(string)", r#"{"a": "x", "b": "y"}"#).unwrap();
    let o = typeexpr::convert(v, &parse("object({a=string})").unwrap()).unwrap();
    let back = typeexpr::convert(o, &parse("map(string)").unwrap()).unwrap();
    assert_eq!(console::render(&back), "tomap({\n  \"a\" = \"x\"\n})");
}

#[test]
fn a_list_converts_to_a_tuple_only_with_exactly_the_required_length() {
    let list = Value::list(Type::String, [Value::from("a"), Value::from("1")]).unwrap();
    let v = typeexpr::convert(list.clone(), &parse("tuple([string, number])").unwrap()).unwrap();
    assert_eq!(console::render(&v), "[\n  \"a\",\n  1,\n]");
    let e = typeexpr::convert(list, &parse("tuple([string])").unwrap()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "tuple of 1 element required, but have list of 2 elements"
    );
}

#[test]
fn a_tuple_or_list_converts_to_a_set_dropping_duplicates() {
    assert_eq!(
        ok("set(string)", r#"["b", "a", "b"]"#),
        (
            "set(string)".into(),
            "toset([\n  \"a\",\n  \"b\",\n])".into()
        )
    );
    let list = Value::list(Type::Number, [Value::from(2), Value::from(2)]).unwrap();
    let set = typeexpr::convert(list, &parse("set(number)").unwrap()).unwrap();
    assert_eq!(set.as_elements().unwrap().len(), 1);
}

#[test]
fn a_set_of_strings_converts_to_a_list_in_lexicographic_order() {
    let set = Value::set(
        Type::String,
        [
            Value::from("pear"),
            Value::from("apple"),
            Value::from("fig"),
        ],
    )
    .unwrap();
    let list = typeexpr::convert(set, &parse("list(string)").unwrap()).unwrap();
    assert_eq!(
        list.as_elements().unwrap(),
        &[
            Value::from("apple"),
            Value::from("fig"),
            Value::from("pear")
        ]
    );
}

// --- any ---

#[test]
fn any_passes_a_value_through_with_its_own_type() {
    // The `settings` example: a module that only jsonencodes the value.
    let (ty, _) = ok("any", r#"{"a": [1, "x"], "b": true}"#);
    assert_eq!(ty, "object({a=tuple([number,string]),b=bool})");
}

#[test]
fn list_of_any_of_strings_is_a_list_of_strings() {
    assert_eq!(ok("list(any)", r#"["a", "b", "c"]"#).0, "list(string)");
}

#[test]
fn list_of_any_unifies_mixed_primitives_to_strings() {
    assert_eq!(
        ok("list(any)", r#"["a", 1, "b"]"#),
        (
            "list(string)".into(),
            "tolist([\n  \"a\",\n  \"1\",\n  \"b\",\n])".into()
        )
    );
}

#[test]
fn list_of_any_rejects_elements_with_no_common_type() {
    assert_eq!(
        err("list(any)", r#"["a", [], "b"]"#),
        "all list elements must have the same type"
    );
}

#[test]
fn map_of_any_and_set_of_any_unify_the_same_way() {
    assert_eq!(ok("map(any)", r#"{"a": "x", "b": 1}"#).0, "map(string)");
    assert_eq!(ok("set(any)", r#"["x", 1]"#).0, "set(string)");
    assert_eq!(
        err("map(any)", r#"{"a": "x", "b": []}"#),
        "all map elements must have the same type"
    );
    assert_eq!(
        err("set(any)", r#"["x", []]"#),
        "all set elements must have the same type"
    );
}

// --- Optional object type attributes ---

const WITH_OPTIONAL: &str = r#"object({
    a = string                # a required attribute
    b = optional(string)      # an optional attribute
    c = optional(number, 127) # an optional attribute with default value
})"#;

#[test]
fn missing_optional_attributes_become_null_or_their_default() {
    assert_eq!(
        ok(WITH_OPTIONAL, r#"{"a": "x"}"#).1,
        "{\n  \"a\" = \"x\"\n  \"b\" = tostring(null)\n  \"c\" = 127\n}"
    );
}

#[test]
fn a_non_null_default_also_replaces_an_explicit_null() {
    assert_eq!(
        ok(WITH_OPTIONAL, r#"{"a": "x", "b": null, "c": null}"#).1,
        "{\n  \"a\" = \"x\"\n  \"b\" = tostring(null)\n  \"c\" = 127\n}"
    );
}

#[test]
fn given_optional_attributes_are_kept() {
    assert_eq!(
        ok(WITH_OPTIONAL, r#"{"a": "x", "b": "y", "c": "5"}"#).1,
        "{\n  \"a\" = \"x\"\n  \"b\" = \"y\"\n  \"c\" = 5\n}"
    );
}

#[test]
fn required_attributes_stay_required() {
    assert_eq!(
        err(WITH_OPTIONAL, r#"{"b": "y"}"#),
        "attribute \"a\" is required"
    );
}

#[test]
fn a_default_must_be_compatible_with_the_attribute_type() {
    let e = parse(r#"object({c = optional(number, "many")})"#).unwrap_err();
    assert_eq!(
        e.to_string(),
        "type.tf:1,30-36: Invalid default value for optional attribute; This default value is not compatible with the attribute's type constraint: a number is required."
    );
}

#[test]
fn optional_is_only_valid_inside_an_object() {
    let e = parse("list(optional(string))").unwrap_err();
    assert_eq!(
        e.to_string(),
        "type.tf:1,6-14: Invalid type specification; Keyword \"optional\" is valid only as a modifier for object type attributes."
    );
}

// --- The buckets example ---

const BUCKETS_TF: &str = r#"variable "buckets" {
  type = list(object({
    name    = string
    enabled = optional(bool, true)
    website = optional(object({
      index_document = optional(string, "index.html")
      error_document = optional(string, "error.html")
      routing_rules  = optional(string)
    }), {})
  }))
}
"#;

const BUCKETS_TFVARS: &str = r#"buckets = [
  {
    name = "production"
    website = {
      routing_rules = <<-EOT
      [
        {
          "Condition" = { "KeyPrefixEquals": "img/" },
          "Redirect"  = { "ReplaceKeyPrefixWith": "images/" }
        }
      ]
      EOT
    }
  },
  {
    name    = "archived"
    enabled = false
  },
  {
    name = "docs"
    website = {
      index_document = "index.txt"
      error_document = "error.txt"
    }
  },
]
"#;

/// What `tofu console` prints for `var.buckets`. The heredoc's value ends with a newline, so
/// the console prints an (indented) empty line before the closing `EOT`, as Terraform's own
/// page on type constraints shows.
const BUCKETS_CONSOLE: &str = r#"tolist([
  {
    "enabled" = true
    "name" = "production"
    "website" = {
      "error_document" = "error.html"
      "index_document" = "index.html"
      "routing_rules" = <<-EOT
      [
        {
          "Condition" = { "KeyPrefixEquals": "img/" },
          "Redirect"  = { "ReplaceKeyPrefixWith": "images/" }
        }
      ]
      
      EOT
    }
  },
  {
    "enabled" = false
    "name" = "archived"
    "website" = {
      "error_document" = "error.html"
      "index_document" = "index.html"
      "routing_rules" = tostring(null)
    }
  },
  {
    "enabled" = true
    "name" = "docs"
    "website" = {
      "error_document" = "error.txt"
      "index_document" = "index.txt"
      "routing_rules" = tostring(null)
    }
  },
])"#;

fn buckets_value() -> Value {
    let module = Module::from_sources([("variables.tf", BUCKETS_TF)]).unwrap();
    let mut inputs = Inputs::new();
    inputs.add_file_text("terraform.tfvars", BUCKETS_TFVARS, false);
    let evaluation = evaluate(&module, &inputs);
    assert!(!evaluation.has_errors(), "{evaluation:?}");
    evaluation.value("buckets").unwrap().clone()
}

#[test]
fn buckets_example_prints_the_expected_console_output() {
    assert_eq!(console::render(&buckets_value()), BUCKETS_CONSOLE);
}

/// A copy of the documented output whose whitespace was lost (leading spaces, repeated
/// spaces, blank lines); compared the same way, ours is identical to it.
#[test]
fn buckets_example_matches_the_documented_text_line_for_line() {
    let documented = include_str!("data/typeexpr/buckets_console_documented.txt");
    let normalise = |text: &str| -> Vec<String> {
        text.lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .filter(|l| !l.is_empty())
            .collect()
    };
    assert_eq!(
        normalise(&console::render(&buckets_value())),
        normalise(documented)
    );
    assert_eq!(normalise(documented).len(), 36);
}

#[test]
fn buckets_example_gives_the_same_value_from_json() {
    let json = r#"[
        {"name": "production", "website": {"routing_rules": "[\n  {\n    \"Condition\" = { \"KeyPrefixEquals\": \"img/\" },\n    \"Redirect\"  = { \"ReplaceKeyPrefixWith\": \"images/\" }\n  }\n]\n"}},
        {"name": "archived", "enabled": false},
        {"name": "docs", "website": {"index_document": "index.txt", "error_document": "error.txt"}}
    ]"#;
    let module = Module::from_sources([("variables.tf", BUCKETS_TF)]).unwrap();
    let constraint = &module.variable("buckets").unwrap().constraint;
    let v = typeexpr::convert(json_value::parse_json(json).unwrap(), constraint).unwrap();
    assert_eq!(v, buckets_value());
    assert_eq!(
        v.ty().to_string(),
        "list(object({enabled=bool,name=string,website=object({error_document=string,index_document=string,routing_rules=string})}))"
    );
}

#[test]
fn defaults_apply_top_down_the_website_default_first_then_its_own_defaults() {
    // `archived` has no website: the default `{}` is used, then its attributes' defaults.
    let v = buckets_value();
    let archived = &v.as_elements().unwrap()[1];
    let website = archived.attribute("website").unwrap();
    assert_eq!(
        website.attribute("index_document"),
        Some(&Value::from("index.html"))
    );
    assert_eq!(
        website.attribute("error_document"),
        Some(&Value::from("error.html"))
    );
    assert!(website.attribute("routing_rules").unwrap().is_null());
}

// --- Conditionally setting an optional attribute ---

const CONDITIONAL_TF: &str = r#"variable "legacy_filenames" {
  type     = bool
  default  = false
  nullable = false
}
"#;

/// The module call's `website` object as `var.legacy_filenames ? "…" : null` evaluates it.
fn maybe_legacy(legacy: bool) -> String {
    let pick = |name: &str| {
        if legacy {
            format!("\"{name}\"")
        } else {
            "null".to_owned()
        }
    };
    format!(
        r#"buckets = [
  {{
    name = "maybe_legacy"
    website = {{
      error_document = {}
      index_document = {}
    }}
  }},
]
"#,
        pick("ERROR.HTM"),
        pick("INDEX.HTM")
    )
}

fn evaluate_maybe_legacy(legacy: bool) -> Value {
    let module = Module::from_sources([("variables.tf", BUCKETS_TF)]).unwrap();
    let mut inputs = Inputs::new();
    inputs.add_file_text("terraform.tfvars", &maybe_legacy(legacy), false);
    let evaluation = evaluate(&module, &inputs);
    assert!(!evaluation.has_errors(), "{evaluation:?}");
    evaluation.value("buckets").unwrap().clone()
}

#[test]
fn a_null_arm_leaves_the_optional_attribute_unset_so_the_default_applies() {
    assert_eq!(
        console::render(&evaluate_maybe_legacy(false)),
        "tolist([\n  {\n    \"enabled\" = true\n    \"name\" = \"maybe_legacy\"\n    \"website\" = {\n      \"error_document\" = \"error.html\"\n      \"index_document\" = \"index.html\"\n      \"routing_rules\" = tostring(null)\n    }\n  },\n])"
    );
}

#[test]
fn a_value_arm_overrides_the_default() {
    let v = evaluate_maybe_legacy(true);
    let website = v.as_elements().unwrap()[0]
        .attribute("website")
        .unwrap()
        .clone();
    assert_eq!(
        website.attribute("error_document"),
        Some(&Value::from("ERROR.HTM"))
    );
    assert_eq!(
        website.attribute("index_document"),
        Some(&Value::from("INDEX.HTM"))
    );
}

#[test]
fn legacy_filenames_is_false_by_default_and_never_null() {
    let module = Module::from_sources([("variables.tf", CONDITIONAL_TF)]).unwrap();
    let evaluation = evaluate(&module, &Inputs::new());
    assert_eq!(
        evaluation.value("legacy_filenames"),
        Some(&Value::from(false))
    );

    // nullable = false: an explicit null takes the default.
    let mut inputs = Inputs::new();
    inputs.add_file_text("terraform.tfvars", "legacy_filenames = null\n", false);
    let evaluation = evaluate(&module, &inputs);
    assert!(!evaluation.has_errors(), "{evaluation:?}");
    assert_eq!(
        evaluation.value("legacy_filenames"),
        Some(&Value::from(false))
    );

    let mut inputs = Inputs::new();
    inputs.add_var("legacy_filenames=true");
    assert_eq!(
        evaluate(&module, &inputs).value("legacy_filenames"),
        Some(&Value::from(true))
    );
}

#[test]
fn a_set_converts_to_a_tuple_in_its_iteration_order() {
    let set = Value::set(Type::String, [Value::from("b"), Value::from("a")]).unwrap();
    let v = typeexpr::convert(set, &parse("tuple([string, string])").unwrap()).unwrap();
    assert_eq!(console::render(&v), "[\n  \"a\",\n  \"b\",\n]");
}

#[test]
fn a_list_of_the_wrong_length_names_both_lengths() {
    let list = Value::list(Type::Number, [Value::from(1), Value::from(2)]).unwrap();
    let e = typeexpr::convert(list, &parse("tuple([number])").unwrap()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "tuple of 1 element required, but have list of 2 elements"
    );
}
