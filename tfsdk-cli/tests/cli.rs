//! The `tfsdk` binary as a user runs it: real files in a temporary directory, real processes.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::Value as Json;

fn tfsdk(args: &[&str], cwd: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tfsdk"))
        .args(args)
        .current_dir(cwd)
        .env_remove("TF_VAR_region")
        .env_remove("TF_VAR_size")
        .output()
        .expect("the tfsdk binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

const VARIABLES_TF: &str = r#"variable "region" {
  type = string
}

variable "size" {
  type    = number
  default = 1
}

variable "tags" {
  type    = map(string)
  default = {}
}

variable "buckets" {
  type = list(object({
    name    = string
    enabled = optional(bool, true)
  }))
  default = []
}

variable "secret" {
  type      = string
  default   = "hunter2"
  sensitive = true
}
"#;

fn module_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("variables.tf"), VARIABLES_TF).unwrap();
    std::fs::write(
        dir.path().join("terraform.tfvars"),
        "region = \"eu-west-1\"\nsize = 2\nbuckets = [{ name = \"logs\" }]\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("terraform.tfvars.json"),
        r#"{"size": 3, "tags": {"env": "prod"}}"#,
    )
    .unwrap();
    dir
}

#[test]
fn vars_prints_every_variable_from_tf_tfvars_json_and_var() {
    let dir = module_dir();
    let out = tfsdk(
        &["vars", ".", "--var", "tags={ team = \"core\", n = 1 }"],
        dir.path(),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        r#"buckets = tolist([
  {
    "enabled" = true
    "name" = "logs"
  },
])
region = "eu-west-1"
secret = (sensitive value)
size = 3
tags = tomap({
  "n" = "1"
  "team" = "core"
})
"#
    );
    assert_eq!(stderr(&out), "");
}

#[test]
fn var_files_and_vars_apply_in_command_line_order() {
    let dir = module_dir();
    std::fs::write(dir.path().join("a.tfvars"), "size = 10\n").unwrap();
    std::fs::write(dir.path().join("b.tfvars.json"), r#"{"size": 20}"#).unwrap();
    let run = |args: &[&str]| {
        let out = tfsdk(args, dir.path());
        assert!(out.status.success(), "{}", stderr(&out));
        stdout(&out)
            .lines()
            .find(|l| l.starts_with("size = "))
            .unwrap()
            .to_owned()
    };
    assert_eq!(
        run(&["vars", ".", "--var", "size=5", "--var-file", "a.tfvars"]),
        "size = 10"
    );
    assert_eq!(
        run(&["vars", ".", "--var-file", "a.tfvars", "--var", "size=5"]),
        "size = 5"
    );
    assert_eq!(
        run(&[
            "vars",
            ".",
            "--var-file",
            "a.tfvars",
            "--var-file",
            "b.tfvars.json"
        ]),
        "size = 20"
    );
}

#[test]
fn environment_variables_have_the_lowest_precedence() {
    let dir = module_dir();
    std::fs::remove_file(dir.path().join("terraform.tfvars")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tfsdk"))
        .args(["vars", "."])
        .current_dir(dir.path())
        .env("TF_VAR_region", "from-env")
        .env("TF_VAR_size", "99")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("region = \"from-env\"\n"), "{text}");
    assert!(text.contains("size = 3\n"), "{text}");
}

#[test]
fn vars_reports_errors_and_exits_with_status_1() {
    let dir = module_dir();
    std::fs::remove_file(dir.path().join("terraform.tfvars")).unwrap();
    let out = tfsdk(
        &["vars", ".", "--var", "size=big", "--var", "nope=1"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("Error: Value for undeclared variable"),
        "{err}"
    );
    assert!(err.contains("Error: No value for required variable\n  on variables.tf:1,1-18\n  The root module input variable \"region\" is not set"), "{err}");
    assert!(
        err.contains(
            "Unsuitable value for var.size set using -var=\"size=...\": a number is required."
        ),
        "{err}"
    );
    // Variables without errors still print.
    assert!(stdout(&out).contains("tags = tomap({\n  \"env\" = \"prod\"\n})"));
}

#[test]
fn vars_reports_a_bad_module_and_exits_with_status_1() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("main.tf"),
        "variable \"x\" {\n  type = lst(string)\n}\n",
    )
    .unwrap();
    let out = tfsdk(&["vars", "."], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "Error: Invalid type specification\n  on main.tf:2,10-21\n  Keyword \"lst\" is not a valid type constructor.\n\n"
    );
}

#[test]
fn convert_prints_the_console_rendering() {
    let dir = tempfile::tempdir().unwrap();
    let out = tfsdk(
        &[
            "convert",
            "--type",
            "list(string)",
            "--value",
            r#"["a", 15, true]"#,
        ],
        dir.path(),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "tolist([\n  \"a\",\n  \"15\",\n  \"true\",\n])\n"
    );
}

#[test]
fn convert_errors_go_to_stderr_with_status_1() {
    let dir = tempfile::tempdir().unwrap();
    let out = tfsdk(
        &[
            "convert",
            "--type",
            "list(any)",
            "--value",
            r#"["a", [], "b"]"#,
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    assert_eq!(
        stderr(&out),
        "Error: all list elements must have the same type\n"
    );
    let out = tfsdk(
        &[
            "convert",
            "--type",
            "list(number)",
            "--value",
            r#"[1, "x"]"#,
        ],
        dir.path(),
    );
    assert_eq!(stderr(&out), "Error: a number is required (at [1])\n");
    let out = tfsdk(&["convert", "--type", "strng", "--value", "1"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).starts_with("Error: type.tf:1,1-6: Invalid type specification"));
    let out = tfsdk(&["convert", "--type", "string", "--value", "{"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).starts_with("Error: invalid JSON value"));
}

#[test]
fn json_lines_answers_every_line_even_after_a_bad_one() {
    let input = [
        r#"{"type": "list(string)", "value": ["a", 15, true]}"#,
        r#"{"type": "list(string)", "value": "#,
        r#"{"value": 1}"#,
        r#"{"type": "lst(string)", "value": []}"#,
        r#"{"type": "object({a=number})", "value": {"a": "x"}}"#,
        r#"{"type": "set(number)", "value": [3, 1, 3, 2.5]}"#,
        r#"{"type": "string", "value": null}"#,
    ]
    .join("\n");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tfsdk"))
        .args(["convert", "--json-lines"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let lines: Vec<Json> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 7);
    assert_eq!(
        lines[0],
        serde_json::json!({"ok": true, "type": "list(string)", "value": ["a", "15", "true"], "console": "tolist([\n  \"a\",\n  \"15\",\n  \"true\",\n])"})
    );
    assert_eq!(lines[1]["ok"], false);
    assert!(
        lines[1]["error"]
            .as_str()
            .unwrap()
            .starts_with("invalid JSON")
    );
    assert_eq!(
        lines[2],
        serde_json::json!({"ok": false, "error": "missing field \"type\"", "path": ""})
    );
    assert_eq!(lines[3]["ok"], false);
    assert!(
        lines[3]["error"]
            .as_str()
            .unwrap()
            .contains("Keyword \"lst\" is not a valid type constructor")
    );
    assert_eq!(
        lines[4],
        serde_json::json!({"ok": false, "error": "a number is required", "path": "a"})
    );
    assert_eq!(
        lines[5],
        serde_json::json!({"ok": true, "type": "set(number)", "value": [1, 2.5, 3], "console": "toset([\n  1,\n  2.5,\n  3,\n])"})
    );
    assert_eq!(
        lines[6],
        serde_json::json!({"ok": true, "type": "string", "value": null, "console": "tostring(null)"})
    );
}

#[test]
fn json_lines_answers_each_line_before_the_next_arrives() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tfsdk"))
        .args(["convert", "--json-lines"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut reader = std::io::BufReader::new(child.stdout.take().unwrap());
    for n in 0..3 {
        writeln!(stdin, r#"{{"type": "number", "value": "{n}"}}"#).unwrap();
        stdin.flush().unwrap();
        let mut line = String::new();
        std::io::BufRead::read_line(&mut reader, &mut line).unwrap();
        let answer: Json = serde_json::from_str(&line).unwrap();
        assert_eq!(answer["console"], n.to_string());
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}
