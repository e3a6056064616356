//! Input variables as Terraform evaluates them: `variable` blocks, value sources and their
//! precedence, `-var` parsing by type, nullable, required and undeclared variables.

use tfsdk_core::tftypes::Value;
use tfsdk_typeexpr::console;
use tfsdk_typeexpr::vars::{Evaluation, Inputs, Module, ParseMode, Severity, evaluate};

const MAIN_TF: &str = r#"
variable "name" {
  type = string
}

variable "count_of" {
  type    = number
  default = 1
}

variable "tags" {
  type    = map(string)
  default = {}
}

variable "untyped" {
  default = "x"
}

variable "maybe" {
  type     = string
  default  = "fallback"
  nullable = false
}

resource "null_resource" "ignored" {}
"#;

fn module() -> Module {
    Module::from_sources([("main.tf", MAIN_TF)]).unwrap()
}

fn rendered(evaluation: &Evaluation, name: &str) -> String {
    console::render(
        evaluation
            .value(name)
            .unwrap_or_else(|| panic!("{name} has no value: {evaluation:?}")),
    )
}

fn errors(evaluation: &Evaluation) -> Vec<String> {
    evaluation
        .diagnostics
        .iter()
        .chain(evaluation.variables.iter().flat_map(|v| &v.diagnostics))
        .filter(|d| d.is_error())
        .map(|d| format!("{}: {}", d.summary, d.detail))
        .collect()
}

#[test]
fn variable_blocks_give_type_default_nullable_and_parse_mode() {
    let m = module();
    let names: Vec<&str> = m.variables().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["count_of", "maybe", "name", "tags", "untyped"]);
    let name = m.variable("name").unwrap();
    assert!(name.is_required());
    assert_eq!(name.parse_mode, ParseMode::Literal);
    assert_eq!(name.decl_range.to_string(), "main.tf:2,1-16");
    let tags = m.variable("tags").unwrap();
    assert_eq!(tags.constraint.to_string(), "map(string)");
    assert_eq!(tags.parse_mode, ParseMode::Hcl);
    assert_eq!(console::render(tags.default.as_ref().unwrap()), "tomap({})");
    assert_eq!(m.variable("untyped").unwrap().constraint.to_string(), "any");
    assert_eq!(
        m.variable("untyped").unwrap().parse_mode,
        ParseMode::Literal
    );
    assert!(!m.variable("maybe").unwrap().nullable);
}

#[test]
fn a_missing_required_value_is_an_error() {
    let evaluation = evaluate(&module(), &Inputs::new());
    assert!(evaluation.has_errors());
    assert_eq!(
        errors(&evaluation),
        [
            "No value for required variable: The root module input variable \"name\" is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable."
        ]
    );
    assert_eq!(rendered(&evaluation, "count_of"), "1");
}

#[test]
fn later_sources_override_earlier_ones_in_terraforms_order() {
    let mut inputs = Inputs::new();
    inputs.add_env([
        ("TF_VAR_name".to_owned(), "from-env".to_owned()),
        ("TF_VAR_count_of".to_owned(), "7".to_owned()),
        ("HOME".to_owned(), "/root".to_owned()),
    ]);
    inputs.add_file_text("terraform.tfvars", "name = \"from-tfvars\"\n", false);
    inputs.add_file_text("terraform.tfvars.json", r#"{"name": "from-json"}"#, false);
    inputs.add_file_text("b.auto.tfvars", "tags = { a = \"1\" }\n", false);
    inputs.add_var("name=from-cli");
    inputs.add_file_text("later.tfvars", "name = \"from-later-file\"\n", true);
    let evaluation = evaluate(&module(), &inputs);
    assert!(!evaluation.has_errors(), "{evaluation:?}");
    assert_eq!(rendered(&evaluation, "name"), "\"from-later-file\"");
    assert_eq!(rendered(&evaluation, "count_of"), "7");
    assert_eq!(
        rendered(&evaluation, "tags"),
        "tomap({\n  \"a\" = \"1\"\n})"
    );
}

#[test]
fn var_text_is_a_string_for_primitive_types_and_hcl_for_the_others() {
    let mut inputs = Inputs::new();
    inputs.add_var("name=[1, 2]");
    inputs.add_var("untyped={ a = 1 }");
    inputs.add_var("tags={ env = \"prod\", n = 3 }");
    inputs.add_var("count_of=0x10");
    let evaluation = evaluate(&module(), &inputs);
    assert_eq!(rendered(&evaluation, "name"), "\"[1, 2]\"");
    assert_eq!(rendered(&evaluation, "untyped"), "\"{ a = 1 }\"");
    assert_eq!(
        rendered(&evaluation, "tags"),
        "tomap({\n  \"env\" = \"prod\"\n  \"n\" = \"3\"\n})"
    );
    // The string "0x10" is a number for go's strconv, as in the reference.
    assert!(evaluation.value("count_of").is_some() || evaluation.has_errors());
}

#[test]
fn a_var_with_a_bad_expression_is_an_error_for_that_variable() {
    let mut inputs = Inputs::new();
    inputs.add_var("name=n");
    inputs.add_var("tags={ env = ");
    let evaluation = evaluate(&module(), &inputs);
    let tags = evaluation.variable("tags").unwrap();
    assert!(tags.value.is_none());
    assert_eq!(tags.diagnostics[0].summary, "Invalid syntax");
    assert_eq!(
        tags.diagnostics[0].range.as_ref().unwrap().filename,
        "<value for var.tags>"
    );
}

#[test]
fn an_unsuitable_value_names_the_variable_and_where_it_came_from() {
    let mut inputs = Inputs::new();
    inputs.add_var("name=n");
    inputs.add_var("count_of=many");
    inputs.add_file_text("x.tfvars", "tags = { a = [] }\n", true);
    let evaluation = evaluate(&module(), &inputs);
    assert_eq!(
        errors(&evaluation),
        [
            "Invalid value for input variable: Unsuitable value for var.count_of set using -var=\"count_of=...\": a number is required.",
            "Invalid value for input variable: The given value is not suitable for var.tags declared at main.tf:11,1-16: element \"a\": string required, but have tuple.",
        ]
    );
    let tags = &evaluation.variable("tags").unwrap().diagnostics[0];
    assert_eq!(tags.range.as_ref().unwrap().to_string(), "x.tfvars:1,8-18");
    assert_eq!(tags.path.as_deref(), Some("var.tags[\"a\"]"));
}

#[test]
fn null_for_a_non_nullable_variable_takes_its_default_or_is_an_error() {
    let mut inputs = Inputs::new();
    inputs.add_var("name=n");
    inputs.add_file_text("terraform.tfvars", "maybe = null\n", false);
    let evaluation = evaluate(&module(), &inputs);
    assert_eq!(rendered(&evaluation, "maybe"), "\"fallback\"");

    let strict = Module::from_sources([(
        "main.tf",
        "variable \"must\" {\n  type     = string\n  nullable = false\n}\n",
    )])
    .unwrap();
    let mut inputs = Inputs::new();
    inputs.add_file_text("terraform.tfvars", "must = null\n", false);
    let evaluation = evaluate(&strict, &inputs);
    assert_eq!(
        errors(&evaluation),
        [
            "Required variable not set: The given value is not suitable for var.must defined at main.tf:1,1-16: required variable may not be set to null."
        ]
    );
}

#[test]
fn null_for_a_nullable_variable_stays_null() {
    let mut inputs = Inputs::new();
    inputs.add_var("name=n");
    inputs.add_file_text("terraform.tfvars", "tags = null\n", false);
    let evaluation = evaluate(&module(), &inputs);
    assert_eq!(rendered(&evaluation, "tags"), "tomap(null) /* of string */");
}

#[test]
fn undeclared_values_are_an_error_on_the_command_line_and_a_warning_in_files() {
    let mut inputs = Inputs::new();
    inputs.add_var("name=n");
    inputs.add_var("nope=1");
    inputs.add_file_text("terraform.tfvars", "a = 1\nb = 2\nc = 3\nd = 4\n", false);
    inputs.add_env([("TF_VAR_global".to_owned(), "ignored".to_owned())]);
    let evaluation = evaluate(&module(), &inputs);
    let found: Vec<(Severity, &str)> = evaluation
        .diagnostics
        .iter()
        .map(|d| (d.severity, d.summary.as_str()))
        .collect();
    assert_eq!(
        found,
        [
            (Severity::Error, "Value for undeclared variable"),
            (Severity::Warning, "Value for undeclared variable"),
            (Severity::Warning, "Value for undeclared variable"),
            (Severity::Warning, "Values for undeclared variables"),
        ]
    );
    assert!(
        evaluation.diagnostics[3]
            .detail
            .contains("2 other variable(s)")
    );
}

#[test]
fn bad_variable_blocks_are_reported_together() {
    let e = Module::from_sources([(
        "bad.tf",
        r#"variable "a" {
  type = "string"
}
variable "b" {
  type    = list(strng)
}
variable "c" {
  type    = number
  default = "ten"
}
variable "d" {
  nullable = false
  default  = null
}
variable "count" {}
variable "e" {
  colour = "blue"
}
variable "e" {}
"#,
    )])
    .unwrap_err();
    let summaries: Vec<&str> = e.0.iter().map(|d| d.summary.as_str()).collect();
    assert_eq!(
        summaries,
        [
            "Invalid quoted type constraints",
            "Invalid type specification",
            "Invalid variable name",
            "Unsupported argument",
            "Duplicate variable declaration",
            "Invalid default value for variable",
            "Invalid default value for variable",
        ]
    );
    assert_eq!(
        e.0[1].range.as_ref().unwrap().to_string(),
        "bad.tf:5,18-23",
        "the type error points into the file"
    );
    assert_eq!(
        e.0[5].detail,
        "This default value is not compatible with the variable's type constraint: a number is required."
    );
}

#[test]
fn override_files_replace_the_arguments_they_set() {
    let m = Module::from_sources([
        (
            "main.tf",
            "variable \"x\" {\n  type = string\n  default = \"a\"\n}\n",
        ),
        ("z_override.tf", "variable \"x\" {\n  default = \"b\"\n}\n"),
    ])
    .unwrap();
    let x = m.variable("x").unwrap();
    assert_eq!(x.default, Some(Value::from("b")));
    assert_eq!(x.constraint.to_string(), "string");
}

#[test]
fn defaults_get_their_optional_attribute_defaults_when_the_module_loads() {
    let m = Module::from_sources([(
        "main.tf",
        r#"variable "o" {
  type    = object({ a = optional(number, 5), b = optional(string) })
  default = {}
}
"#,
    )])
    .unwrap();
    let evaluation = evaluate(&m, &Inputs::new());
    assert_eq!(
        rendered(&evaluation, "o"),
        "{\n  \"a\" = 5\n  \"b\" = tostring(null)\n}"
    );
}

#[test]
fn syntax_errors_in_variables_files_have_positions() {
    let mut inputs = Inputs::new();
    inputs.add_file_text("broken.tfvars", "name = \"x\"\ntags = {\n", true);
    inputs.add_file_text("broken.tfvars.json", "{\"name\": ", true);
    inputs.add_file_text("block.tfvars", "thing {}\n", true);
    let summaries: Vec<&str> = inputs
        .diagnostics()
        .iter()
        .map(|d| d.summary.as_str())
        .collect();
    assert_eq!(
        summaries,
        [
            "Invalid syntax",
            "Invalid JSON variables file",
            "Unexpected \"thing\" block"
        ]
    );
    assert!(
        inputs.diagnostics()[0]
            .range
            .as_ref()
            .unwrap()
            .to_string()
            .starts_with("broken.tfvars:2,")
    );
}

#[test]
fn module_load_reads_tf_files_from_a_directory() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.tf"), "variable \"x\" {}\n").unwrap();
    std::fs::write(dir.path().join("b.tf"), "variable \"y\" { default = 1 }\n").unwrap();
    std::fs::write(dir.path().join("notes.txt"), "variable \"z\" {}\n").unwrap();
    std::fs::write(dir.path().join("terraform.tfvars"), "x = \"hi\"\n").unwrap();
    let m = Module::load(dir.path()).unwrap();
    assert_eq!(m.variables().count(), 2);
    let evaluation = evaluate(&m, &Inputs::with_defaults(dir.path(), []));
    assert!(!evaluation.has_errors(), "{evaluation:?}");
    assert_eq!(rendered(&evaluation, "x"), "\"hi\"");
    assert!(Module::load(dir.path().join("missing")).is_err());
}
