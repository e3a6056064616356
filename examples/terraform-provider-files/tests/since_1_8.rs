//! What the example provider offers since Terraform 1.8, under real Terraform 1.15.5:
//! functions (a call, an error naming its argument, a variadic call, null and unknown
//! arguments), the ephemeral resource `files_secret` (opened, renewed when its lease runs out,
//! closed) feeding the write-only `content_wo` of `files_file` (written, never in plan or
//! state, written again when `content_wo_version` changes), and what Terraform's schema JSON
//! says of them. Checks read Terraform's output, its JSON and the state file.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value as Json;
use tfsdk_testing::{Run, Terraform, TerraformVersion, Workdir};

fn provider_dir() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_terraform-provider-files"))
        .parent()
        .expect("the binary has a directory")
        .to_path_buf()
}

fn workdir() -> Workdir {
    let mut workdir = Workdir::new(Terraform::get(TerraformVersion::V1_15));
    workdir.dev_override("example/files", &provider_dir());
    workdir
}

/// `main.tf`: the provider block (paths relative to `out/`) and `body`; returns its text.
fn configure(workdir: &Workdir, body: &str) -> String {
    let base = workdir.path().join("out");
    fs::create_dir_all(&base).unwrap();
    let text = format!(
        "terraform {{\n  required_providers {{\n    files = {{ source = \"example/files\" }}\n  }}\n}}\n\n\
         provider \"files\" {{\n  base_dir = \"{}\"\n}}\n\n{body}",
        base.display()
    );
    workdir.write("main.tf", &text);
    text
}

fn out(workdir: &Workdir, name: &str) -> PathBuf {
    workdir.path().join("out").join(name)
}

fn run(workdir: &Workdir, args: &[&str]) -> Run {
    workdir.run(args)
}

fn assert_contains(run: &Run, text: &str) {
    assert!(
        run.stdout.contains(text) || run.stderr.contains(text),
        "expected {text:?} in Terraform's output:\n{run}"
    );
}

fn line_of(main_tf: &str, text: &str) -> usize {
    main_tf
        .lines()
        .position(|line| line.contains(text))
        .unwrap_or_else(|| panic!("{text:?} is not in main.tf"))
        + 1
}

const FUNCTIONS: &str = r#"
resource "files_file" "a" {
  path    = "a.txt"
  content = "one\ntwo\n"
}

output "checksum" {
  value = provider::files::checksum("hello")
}

output "mode" {
  value = provider::files::parse_mode("0750")
}

output "default_mode" {
  value = provider::files::mode_string(null)
}

output "path" {
  value = provider::files::join_path("etc", "", "app", "config.toml")
}

output "lines" {
  value = provider::files::line_count(files_file.a.content)
}

output "lines_of_unknown" {
  value = provider::files::line_count(files_file.a.id)
}
"#;

#[test]
fn functions_are_called_with_their_arguments() {
    let workdir = workdir();
    configure(&workdir, FUNCTIONS);
    // At plan time, `files_file.a.id` is not known yet: the function gets it unknown and
    // returns an unknown count.
    let plan = run(&workdir, &["plan", "-no-color", "-input=false"]);
    plan.assert_success();
    assert_contains(&plan, "+ lines_of_unknown = (known after apply)");
    assert_contains(&plan, "+ lines            = 2");
    run(
        &workdir,
        &["apply", "-auto-approve", "-no-color", "-input=false"],
    )
    .assert_success();
    let outputs = run(&workdir, &["output", "-json"]);
    outputs.assert_success();
    let outputs: Json = serde_json::from_str(outputs.stdout.trim()).unwrap();
    let value = |name: &str| outputs[name]["value"].clone();
    assert_eq!(
        value("checksum"),
        "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824"
    );
    assert_eq!(value("mode"), 0o750);
    assert_eq!(value("default_mode"), "0644");
    assert_eq!(value("path"), "etc/app/config.toml");
    assert_eq!(value("lines"), 2);
    assert_eq!(
        value("lines_of_unknown"),
        1,
        "a.txt's id is its path: one line"
    );
}

#[test]
fn a_function_error_names_the_argument_and_its_line() {
    let workdir = workdir();
    let main_tf = configure(
        &workdir,
        r#"
output "mode" {
  value = provider::files::parse_mode("0999")
}
"#,
    );
    let plan = run(&workdir, &["plan", "-no-color", "-input=false"]);
    plan.assert_failure();
    assert_contains(&plan, "Invalid function argument");
    assert_contains(&plan, "Invalid value for \"mode\" parameter");
    // Terraform wraps the message at 78 columns: the part before the break.
    assert_contains(
        &plan,
        "\"mode\" parameter: \"0999\" is not an octal mode such as",
    );
    assert_contains(
        &plan,
        &format!(
            "on main.tf line {}, in output \"mode\":",
            line_of(&main_tf, "parse_mode(\"0999\")")
        ),
    );
}

const SECRET_COPY: &str = r#"
ephemeral "files_secret" "db" {
  path          = "secret.txt"
  lease_seconds = 1
}

resource "files_file" "copy" {
  path               = "copy.txt"
  content_wo         = ephemeral.files_secret.db.content
  content_wo_version = VERSION
}
"#;

/// The lease log's lines.
fn leases(workdir: &Workdir) -> Vec<String> {
    fs::read_to_string(out(workdir, ".files-secret-leases.log"))
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn an_ephemeral_secret_feeds_a_write_only_attribute_and_nothing_of_it_is_stored() {
    let workdir = workdir();
    configure(&workdir, &SECRET_COPY.replace("VERSION", "1"));
    fs::write(out(&workdir, "secret.txt"), "first secret").unwrap();

    // Each write waits 2.5 s: longer than the secret's 1 s lease, which Terraform renews.
    let apply = workdir.run_with_env(
        &["apply", "-auto-approve", "-no-color", "-input=false"],
        &[("FILES_PROVIDER_TEST_WRITE_DELAY_MS", "2500")],
    );
    apply.assert_success();
    assert_contains(&apply, "Resources: 1 added, 0 changed, 0 destroyed.");
    assert_eq!(
        fs::read_to_string(out(&workdir, "copy.txt")).unwrap(),
        "first secret"
    );
    let leases = leases(&workdir);
    for step in ["open secret.txt", "renew secret.txt", "close secret.txt"] {
        assert!(
            leases.iter().any(|l| l == step),
            "no {step:?} in {leases:?}"
        );
    }
    let opens = leases.iter().filter(|l| l.starts_with("open")).count();
    let closes = leases.iter().filter(|l| l.starts_with("close")).count();
    assert_eq!(opens, closes, "every lease opened is closed: {leases:?}");

    // Nothing of the secret in the state file, nor in what Terraform shows of it.
    let state = workdir.read("terraform.tfstate");
    assert!(!state.contains("first secret"), "{state}");
    let state: Json = serde_json::from_str(&state).unwrap();
    let types: Vec<&str> = state["resources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|resource| resource["type"].as_str().unwrap())
        .collect();
    assert_eq!(types, ["files_file"], "no ephemeral resource in the state");
    let shown = run(&workdir, &["show", "-json"]);
    shown.assert_success();
    let shown: Json = serde_json::from_str(shown.stdout.trim()).unwrap();
    let copy = &shown["values"]["root_module"]["resources"][0];
    assert_eq!(copy["address"], "files_file.copy");
    assert_eq!(copy["values"]["content_wo"], Json::Null);
    assert_eq!(copy["values"]["content_wo_version"], 1);
    assert!(!shown.to_string().contains("first secret"));

    let plan = run(
        &workdir,
        &["plan", "-no-color", "-input=false", "-detailed-exitcode"],
    );
    assert_eq!(
        plan.code(),
        Some(0),
        "the plan after apply is empty:\n{plan}"
    );

    // A new secret and a new version: the file is written again.
    fs::write(out(&workdir, "secret.txt"), "second secret").unwrap();
    configure(&workdir, &SECRET_COPY.replace("VERSION", "2"));
    let plan = run(&workdir, &["plan", "-no-color", "-input=false"]);
    plan.assert_success();
    assert_contains(&plan, "~ content_wo_version = 1 -> 2");
    assert_contains(&plan, "Plan: 0 to add, 1 to change, 0 to destroy.");
    run(
        &workdir,
        &["apply", "-auto-approve", "-no-color", "-input=false"],
    )
    .assert_success();
    assert_eq!(
        fs::read_to_string(out(&workdir, "copy.txt")).unwrap(),
        "second secret"
    );
    assert!(!workdir.read("terraform.tfstate").contains("second secret"));
}

#[test]
fn terraform_receives_the_functions_the_ephemeral_resource_and_write_only() {
    let workdir = workdir();
    configure(&workdir, "");
    let run = run(&workdir, &["providers", "schema", "-json"]);
    run.assert_success();
    let printed: Json = serde_json::from_str(run.stdout.trim()).unwrap();
    let provider = &printed["provider_schemas"]["registry.terraform.io/example/files"];
    let functions = &provider["functions"];
    assert_eq!(
        functions["parse_mode"]["parameters"][0]["name"], "mode",
        "{functions}"
    );
    assert_eq!(functions["parse_mode"]["return_type"], "number");
    assert_eq!(
        functions["join_path"]["variadic_parameter"]["name"],
        "segments"
    );
    assert_eq!(
        functions["mode_string"]["parameters"][0]["is_nullable"],
        true
    );
    let secret = &provider["ephemeral_resource_schemas"]["files_secret"]["block"];
    assert_eq!(secret["attributes"]["content"]["sensitive"], true);
    let file = &provider["resource_schemas"]["files_file"]["block"];
    assert_eq!(file["attributes"]["content_wo"]["write_only"], true);
}

#[test]
fn terraform_1_0_gets_a_clear_error_for_a_write_only_value() {
    let mut workdir = Workdir::new(Terraform::get(TerraformVersion::V1_0));
    workdir.dev_override("example/files", &provider_dir());
    let main_tf = configure(
        &workdir,
        r#"
resource "files_file" "copy" {
  path       = "copy.txt"
  content_wo = "not for an old Terraform"
}
"#,
    );
    let plan = run(&workdir, &["plan", "-no-color", "-input=false"]);
    plan.assert_failure();
    assert_contains(&plan, "WriteOnly Attribute Not Allowed");
    assert_contains(
        &plan,
        "Write-only attributes are only supported in Terraform 1.11",
    );
    assert_contains(
        &plan,
        &format!(
            "on main.tf line {}, in resource \"files_file\" \"copy\":",
            line_of(&main_tf, "content_wo = ")
        ),
    );
    assert!(!out(&workdir, "copy.txt").exists());
}
