//! Input variables beyond literals: `.tf.json` declarations, expressions in `.tfvars`,
//! `validation` rules, and the caps on hostile input.

use tfsdk_typeexpr::console;
use tfsdk_typeexpr::vars::{Evaluation, Inputs, Module, Severity, evaluate};

fn rendered(evaluation: &Evaluation, name: &str) -> String {
    console::render(
        evaluation
            .value(name)
            .unwrap_or_else(|| panic!("{name} has no value: {evaluation:#?}")),
    )
}

fn messages(evaluation: &Evaluation) -> Vec<String> {
    evaluation
        .diagnostics
        .iter()
        .chain(evaluation.variables.iter().flat_map(|v| &v.diagnostics))
        .map(|d| {
            format!(
                "{}: {}: {} @ {}",
                if d.is_error() { "error" } else { "warning" },
                d.summary,
                d.detail,
                d.range.as_ref().map(|r| r.to_string()).unwrap_or_default()
            )
        })
        .collect()
}

fn run(tf: &[(&str, &str)], tfvars: &str) -> Evaluation {
    let module = Module::from_sources(tf.iter().copied()).unwrap();
    let mut inputs = Inputs::new();
    inputs.add_file_text("terraform.tfvars", tfvars, false);
    evaluate(&module, &inputs)
}

#[test]
fn tf_json_variables_mix_with_tf_files() {
    let evaluation = run(
        &[
            ("a.tf", "variable \"native\" {\n  type = number\n}\n"),
            (
                "b.tf.json",
                r#"{
  "variable": {
    "ports": {"type": "list(number)", "default": [80, "443"]},
    "name": {"type": "string"}
  }
}"#,
            ),
        ],
        "native = 1\nname = \"x\"\n",
    );
    assert!(!evaluation.has_errors(), "{:?}", messages(&evaluation));
    assert_eq!(
        rendered(&evaluation, "ports"),
        "tolist([\n  80,\n  443,\n])"
    );
    assert_eq!(rendered(&evaluation, "name"), "\"x\"");
}

#[test]
fn a_tf_json_declaration_is_named_by_its_opening_brace() {
    let evaluation = run(
        &[(
            "main.tf.json",
            "{\n  \"variable\": {\n    \"req\": {\n      \"type\": \"string\"\n    }\n  }\n}\n",
        )],
        "",
    );
    assert_eq!(
        messages(&evaluation),
        [
            "error: No value for required variable: The root module input variable \"req\" is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable. @ main.tf.json:3,12-13"
        ]
    );
}

#[test]
fn a_bad_type_in_tf_json_points_into_the_string() {
    let e = Module::from_sources([(
        "main.tf.json",
        r#"{"variable": {"x": {"type": "list(strng)"}}}"#,
    )])
    .unwrap_err();
    assert_eq!(e.0[0].summary, "Invalid type specification");
    assert_eq!(
        e.0[0].range.as_ref().unwrap().to_string(),
        "main.tf.json:1,34-39"
    );
}

#[test]
fn tfvars_values_may_be_expressions() {
    let evaluation = run(
        &[(
            "main.tf",
            "variable \"a\" {}\nvariable \"b\" {}\nvariable \"c\" {}\nvariable \"d\" {}\nvariable \"e\" {}\n",
        )],
        r#"a = 1 + 2 * 3
b = [for x in [1, 2, 3] : x * 2 if x > 1]
c = { for k, v in { a = 1, b = 2 } : v => k }
d = "x${1 + 1}y%{ for x in [1, 2] ~} ${x} %{~ endfor }"
e = (1 / 3 > 0.3 ? <<-EOT
    yes
      indented
    EOT
  : "no")
"#,
    );
    assert!(!evaluation.has_errors(), "{:?}", messages(&evaluation));
    assert_eq!(rendered(&evaluation, "a"), "7");
    assert_eq!(rendered(&evaluation, "b"), "[\n  4,\n  6,\n]");
    assert_eq!(
        rendered(&evaluation, "c"),
        "{\n  \"1\" = \"a\"\n  \"2\" = \"b\"\n}"
    );
    assert_eq!(rendered(&evaluation, "d"), "\"x2y12\"");
    assert_eq!(
        evaluation.value("e").and_then(|v| v.as_str()),
        Some("yes\n  indented\n")
    );
}

#[test]
fn references_and_calls_in_tfvars_are_refused_with_terraforms_words() {
    let evaluation = run(
        &[(
            "main.tf",
            "variable \"a\" {}\nvariable \"b\" {}\nvariable \"c\" {\n  default = 1\n}\n",
        )],
        "a = var.x\nb = upper(\"x\")\nc = [for x in [1] : y]\n",
    );
    assert_eq!(
        messages(&evaluation),
        [
            "error: Variables not allowed: Variables may not be used here. @ terraform.tfvars:1,5-8",
            "error: Function calls not allowed: Functions may not be called here. @ terraform.tfvars:2,5-15",
            "error: Unknown variable: There is no variable named \"y\". Did you mean \"x\"? @ terraform.tfvars:3,21-22",
            "error: No value for required variable: The root module input variable \"a\" is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable. @ main.tf:1,1-13",
            "error: No value for required variable: The root module input variable \"b\" is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable. @ main.tf:2,1-13",
        ]
    );
    // A value that failed leaves the default in place, as in Terraform.
    assert_eq!(rendered(&evaluation, "c"), "1");
}

const VALIDATED: &str = r#"
variable "name" {
  type = string
  validation {
    condition     = length(var.name) > 3 && can(regex("^[a-z]+$", var.name))
    error_message = "The name must be lowercase and longer than 3, not ${var.name}."
  }
}
variable "cidr" {
  type    = string
  default = "10.0.0.0/16"
  validation {
    condition     = cidrhost(var.cidr, 1) == "10.0.0.1" && cidrnetmask(var.cidr) == "255.255.0.0"
    error_message = "Bad network."
  }
}
variable "odd" {
  type    = string
  default = "x"
  validation {
    condition     = base64encode(var.odd) == "eA=="
    error_message = "Not checked here."
  }
}
"#;

#[test]
fn a_failing_rule_prints_its_error_message_where_terraform_does() {
    let evaluation = run(&[("main.tf", VALIDATED)], "name = \"AB\"\n");
    let name = evaluation.variable("name").unwrap();
    assert!(name.value.is_none());
    assert_eq!(
        messages(&evaluation)[0],
        "error: Invalid value for variable: The name must be lowercase and longer than 3, not AB.\n\nThis was checked by the validation rule at main.tf:4,3-13. @ terraform.tfvars:1,8-12"
    );
    assert_eq!(rendered(&evaluation, "cidr"), "\"10.0.0.0/16\"");
}

#[test]
fn a_rule_calling_an_unknown_function_is_not_checked_and_says_so() {
    let evaluation = run(&[("main.tf", VALIDATED)], "name = \"abcd\"\n");
    assert!(!evaluation.has_errors(), "{:?}", messages(&evaluation));
    let odd = evaluation.variable("odd").unwrap();
    assert_eq!(odd.diagnostics.len(), 1);
    assert_eq!(odd.diagnostics[0].severity, Severity::Warning);
    assert_eq!(odd.diagnostics[0].summary, "Validation rule not checked");
    assert!(odd.diagnostics[0].detail.contains("\"base64encode\""));
}

#[test]
fn a_condition_must_refer_to_its_variable() {
    let e = Module::from_sources([(
        "main.tf",
        "variable \"x\" {\n  validation {\n    condition     = true\n    error_message = \"m\"\n  }\n}\n",
    )])
    .unwrap_err();
    let summaries: Vec<&str> = e.0.iter().map(|d| d.summary.as_str()).collect();
    assert_eq!(
        summaries,
        [
            "Invalid validation expression",
            "Invalid variable validation condition"
        ]
    );
}

#[test]
fn tf_json_validation_rules_are_templates() {
    let evaluation = run(
        &[(
            "main.tf.json",
            r#"{"variable": {"v": {"type": "number", "validation": [{"condition": "${var.v > 10}", "error_message": "v too small: ${var.v}."}]}}}"#,
        )],
        "v = 5\n",
    );
    assert_eq!(
        messages(&evaluation),
        [
            "error: Invalid value for variable: v too small: 5.\n\nThis was checked by the validation rule at main.tf.json:1,53-54. @ terraform.tfvars:1,5-6"
        ]
    );
}

#[test]
fn a_100000_deep_tfvars_is_an_error_not_a_stack_overflow() {
    let deep = format!("a = {}{}\n", "[".repeat(100_000), "]".repeat(100_000));
    let evaluation = run(
        &[("main.tf", "variable \"a\" {\n  default = 1\n}\n")],
        &deep,
    );
    let found = messages(&evaluation);
    assert!(
        found[0].contains("nesting depth") && found[0].starts_with("error: Invalid syntax"),
        "{found:?}"
    );
    let deep_json = format!("{{\"a\": {}{}}}", "[".repeat(100_000), "]".repeat(100_000));
    let module =
        Module::from_sources([("main.tf", "variable \"a\" {\n  default = 1\n}\n")]).unwrap();
    let mut inputs = Inputs::new();
    inputs.add_file_text("terraform.tfvars.json", &deep_json, false);
    assert!(evaluate(&module, &inputs).has_errors());
    let deep_tf_json = format!(
        "{{\"variable\": {{\"a\": {{\"default\": {}{}}}}}}}",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let e = Module::from_sources([("main.tf.json", deep_tf_json.as_str())]).unwrap_err();
    assert!(e.0[0].detail.contains("nests more than"), "{e}");
}

#[test]
fn expressions_that_would_build_huge_values_stop_at_the_budget() {
    let evaluation = run(
        &[("main.tf", "variable \"a\" {\n  default = 1\n}\n")],
        "a = [for a in [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32] : [for b in [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32] : [for c in [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32] : [for d in [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32] : [for e in [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32] : e]]]]]\n",
    );
    let found = messages(&evaluation);
    assert!(found[0].contains("Expression too complex"), "{found:?}");
}

#[test]
fn a_huge_variables_file_is_refused_by_its_size_before_it_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.tfvars");
    let file = std::fs::File::create(&path).unwrap();
    // A sparse 500 MB file: nothing is written, so the test costs no disk or memory.
    file.set_len(500 * 1024 * 1024).unwrap();
    let mut inputs = Inputs::new();
    inputs.add_var_file(&path);
    let d = &inputs.diagnostics()[0];
    assert_eq!(d.summary, "File too large");
    assert!(d.detail.contains("524288000 bytes"), "{d}");
}
