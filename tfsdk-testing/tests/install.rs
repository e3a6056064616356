//! Installs and runs both real Terraform versions on a configuration without
//! providers.

use std::time::Instant;

use tfsdk_testing::{Terraform, TerraformVersion, Workdir};

const CONFIG: &str = r#"
variable "name" {
  type    = string
  default = "world"
}

output "x" {
  value = 1 + 1
}

output "greeting" {
  value = "hello ${var.name}"
}
"#;

fn prints_its_version(version: TerraformVersion, expected: &str) {
    let started = Instant::now();
    let terraform = Terraform::get(version);
    eprintln!("Terraform {version}: ready in {:?}", started.elapsed());
    assert_eq!(terraform.version(), version);
    let workdir = Workdir::new(terraform);
    let run = workdir.run(&["version"]);
    run.assert_success();
    assert!(run.stdout.starts_with(&format!("{expected}\n")), "{run}");
    // The CLI configuration is the workdir's: no warning about a missing one.
    assert!(!run.output_contains("CLI configuration"), "{run}");
    eprintln!("Terraform {version}: `version` took {:?}", run.elapsed());
}

fn applies_a_configuration(version: TerraformVersion) {
    let terraform = Terraform::get(version);
    let workdir = Workdir::new(terraform);
    workdir.write("main.tf", CONFIG);

    let init = workdir.run(&["init", "-no-color"]);
    init.assert_success();
    assert!(
        init.output_contains("Terraform has been successfully initialized!"),
        "{init}"
    );

    let apply = workdir.run(&["apply", "-auto-approve", "-no-color"]);
    apply.assert_success();
    assert!(
        apply.output_contains("Apply complete! Resources: 0 added, 0 changed, 0 destroyed."),
        "{apply}"
    );
    assert!(apply.stdout.contains("x = 2"), "{apply}");
    assert!(
        apply.stdout.contains(r#"greeting = "hello world""#),
        "{apply}"
    );
    assert!(workdir.path().join("terraform.tfstate").is_file());

    let output = workdir.run(&["output", "-json"]);
    output.assert_success();
    let text: String = output.stdout.split_whitespace().collect();
    assert!(
        text.contains(r#""x":{"sensitive":false,"type":"number","value":2}"#),
        "{output}"
    );
    assert!(
        text.contains(r#""greeting":{"sensitive":false,"type":"string","value":"helloworld"}"#),
        "{output}"
    );

    // Variables from the environment given to the run (inherited TF_VAR_*
    // ones are dropped).
    let apply = workdir.run_with_env(
        &["apply", "-auto-approve", "-no-color"],
        &[("TF_VAR_name", "there")],
    );
    apply.assert_success();
    assert!(
        apply.stdout.contains(r#"greeting = "hello there""#),
        "{apply}"
    );

    // Exit codes come through: 2 for changes with -detailed-exitcode, 1 for
    // errors.
    let plan = workdir.run(&["plan", "-detailed-exitcode", "-no-color"]);
    assert_eq!(plan.code(), Some(2), "{plan}");
    workdir.write("broken.tf", "output \"y\" {\n");
    let validate = workdir.run(&["validate", "-no-color"]);
    validate.assert_failure();
    assert_eq!(validate.code(), Some(1), "{validate}");
    assert!(validate.stderr.contains("Error: "), "{validate}");

    eprintln!(
        "Terraform {version}: init {:?}, apply {:?}, output {:?}, plan {:?}, validate {:?}",
        init.elapsed(),
        apply.elapsed(),
        output.elapsed(),
        plan.elapsed(),
        validate.elapsed()
    );
}

#[test]
fn terraform_1_15_prints_its_version() {
    prints_its_version(TerraformVersion::V1_15, "Terraform v1.15.5");
}

#[test]
fn terraform_1_0_prints_its_version() {
    prints_its_version(TerraformVersion::V1_0, "Terraform v1.0.3");
}

#[test]
fn terraform_1_15_applies_a_configuration() {
    applies_a_configuration(TerraformVersion::V1_15);
}

#[test]
fn terraform_1_0_applies_a_configuration() {
    applies_a_configuration(TerraformVersion::V1_0);
}

#[test]
fn dev_overrides_are_in_the_cli_configuration() {
    let terraform = Terraform::get(TerraformVersion::V1_15);
    let mut workdir = Workdir::new(terraform);
    let provider_dir = workdir.path().join("provider");
    workdir.dev_override("example/files", &provider_dir);
    let config = std::fs::read_to_string(workdir.cli_config_path()).unwrap();
    assert_eq!(
        config,
        format!(
            "provider_installation {{\n  dev_overrides {{\n    \"example/files\" = \"{}\"\n  }}\n  direct {{}}\n}}\n",
            provider_dir.display()
        )
    );
    // Terraform reads it: it warns about the override.
    workdir.write("main.tf", CONFIG);
    let plan = workdir.run(&["plan", "-no-color"]);
    plan.assert_success();
    assert!(
        plan.output_contains("Provider development overrides are in effect"),
        "{plan}"
    );
    assert!(
        plan.output_contains(&format!("example/files in {}", provider_dir.display())),
        "{plan}"
    );
}

#[test]
fn inherited_tf_log_is_dropped_and_given_one_is_kept() {
    // (That inherited TF_* variables are dropped shows in the version tests:
    // no warning about an inherited TF_CLI_CONFIG_FILE that does not exist.)
    let terraform = Terraform::get(TerraformVersion::V1_0);
    let workdir = Workdir::new(terraform);
    workdir.write("main.tf", CONFIG);
    let run = workdir.run_with_env(&["validate", "-no-color"], &[("TF_LOG", "TRACE")]);
    run.assert_success();
    assert!(run.stderr.contains("[TRACE]"), "{run}");
}

#[test]
fn a_workdir_is_kept_when_its_test_panics() {
    let terraform = Terraform::get(TerraformVersion::V1_0);
    let kept = std::sync::Mutex::new(None);
    let result = std::panic::catch_unwind(|| {
        let workdir = Workdir::new(terraform);
        *kept.lock().unwrap() = Some(workdir.path().to_path_buf());
        workdir.run(&["validate", "-no-color"]).assert_success();
        panic!("on purpose: tfsdk-testing keeps this test's workdir");
    });
    assert!(result.is_err());
    let path = kept.into_inner().unwrap().unwrap();
    assert!(path.is_dir());
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();

    let workdir = Workdir::new(terraform);
    let path = workdir.path().to_path_buf();
    drop(workdir);
    assert!(!path.exists());
}
