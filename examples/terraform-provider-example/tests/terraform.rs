//! Seed 002's examples as a provider under real Terraform (1.15.5 and 1.0.3, installed under
//! `target/` by the harness): the provider block's `DefaultFunc` regions, a required argument
//! the provider reports missing, Terraform's plan rules (a revision the API bumps, stable ids,
//! a case-only change suppressed, a real change replacing, a default planned back), each
//! followed by an empty plan, the declarative validation rules pointing at their lines, nested
//! blocks, and the schema Terraform receives (descriptions from doc comments, deprecation).
//! Checks read Terraform's console output and its JSON (`show -json`, `output -json`).

use std::path::{Path, PathBuf};

use serde_json::Value as Json;
use tfsdk_core::TfSchema;
use tfsdk_testing::{Run, Terraform, TerraformVersion, Workdir};

use terraform_provider_example::instance::Instance;
use terraform_provider_example::provider::ExampleConfig;
use terraform_provider_example::volume::Volume;

const VERSIONS: [TerraformVersion; 2] = [TerraformVersion::V1_15, TerraformVersion::V1_0];

/// The directory holding the provider binary Cargo built for these tests.
fn provider_dir() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_terraform-provider-example"))
        .parent()
        .expect("the binary has a directory")
        .to_path_buf()
}

/// A working directory for `version` that uses the freshly built provider.
fn workdir(version: TerraformVersion) -> Workdir {
    let mut workdir = Workdir::new(Terraform::get(version));
    workdir.dev_override("example/example", &provider_dir());
    workdir
}

/// `main.tf`: the provider block (`provider` lines inside it, the cloud in the working
/// directory's `cloud/`) and `body`. Returns the file's text.
fn configure(workdir: &Workdir, provider: &str, body: &str) -> String {
    let cloud = workdir.path().join("cloud");
    let text = format!(
        "terraform {{\n  required_providers {{\n    example = {{ source = \"example/example\" }}\n  }}\n}}\n\n\
         provider \"example\" {{\n  endpoint = \"{}\"\n{provider}}}\n\n{body}",
        cloud.display()
    );
    workdir.write("main.tf", &text);
    text
}

/// The environment of every run: an API key, and no region from the test's own environment.
const BASE_ENV: [(&str, &str); 3] = [
    ("EXAMPLE_API_KEY", "test-key"),
    ("PROVIDER_REGION", ""),
    ("PROVIDER_BACKUP_REGION", ""),
];

fn terraform(workdir: &Workdir, args: &[&str], env: &[(&str, &str)]) -> Run {
    let mut all: Vec<(&str, &str)> = BASE_ENV.to_vec();
    all.extend_from_slice(env);
    workdir.run_with_env(args, &all)
}

fn plan(workdir: &Workdir) -> Run {
    terraform(workdir, &["plan", "-no-color", "-input=false"], &[])
}

fn apply(workdir: &Workdir) -> Run {
    terraform(
        workdir,
        &["apply", "-auto-approve", "-no-color", "-input=false"],
        &[],
    )
}

fn assert_contains(run: &Run, text: &str) {
    assert!(
        run.stdout.contains(text) || run.stderr.contains(text),
        "expected {text:?} in Terraform's output:\n{run}"
    );
}

fn assert_lacks(run: &Run, text: &str) {
    assert!(
        !run.stdout.contains(text) && !run.stderr.contains(text),
        "did not expect {text:?} in Terraform's output:\n{run}"
    );
}

/// Plans, and checks that Terraform sees nothing to change.
fn assert_empty_plan(workdir: &Workdir) {
    let run = terraform(
        workdir,
        &["plan", "-no-color", "-input=false", "-detailed-exitcode"],
        &[],
    );
    assert_eq!(run.code(), Some(0), "the plan must be empty:\n{run}");
    assert_contains(&run, "No changes.");
}

/// The state's resource `address` (`example_instance.web`) as Terraform shows it.
fn resource_values(workdir: &Workdir, address: &str) -> Json {
    let run = terraform(workdir, &["show", "-json"], &[]);
    run.assert_success();
    let state: Json = serde_json::from_str(run.stdout.trim())
        .unwrap_or_else(|e| panic!("show -json: {e}\n{run}"));
    state["values"]["root_module"]["resources"]
        .as_array()
        .and_then(|resources| resources.iter().find(|r| r["address"] == address))
        .map(|resource| resource["values"].clone())
        .unwrap_or_else(|| panic!("no {address} in the state:\n{}", run.stdout))
}

/// The one-based line of `main.tf` holding `text`.
fn line_of(main_tf: &str, text: &str) -> usize {
    main_tf
        .lines()
        .position(|line| line.contains(text))
        .unwrap_or_else(|| panic!("{text:?} is not in main.tf"))
        + 1
}

const SETTINGS: &str = r#"
data "example_settings" "current" {}

output "region" {
  value = data.example_settings.current.region
}

output "backup_region" {
  value = data.example_settings.current.backup_region
}
"#;

/// The two outputs after an apply with `env`.
fn regions(workdir: &Workdir, env: &[(&str, &str)]) -> (String, String) {
    let applied = terraform(
        workdir,
        &["apply", "-auto-approve", "-no-color", "-input=false"],
        env,
    );
    applied.assert_success();
    let outputs = terraform(workdir, &["output", "-json"], env);
    outputs.assert_success();
    let outputs: Json = serde_json::from_str(outputs.stdout.trim()).unwrap();
    let text = |name: &str| {
        outputs[name]["value"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    };
    (text("region"), text("backup_region"))
}

#[test]
fn the_provider_block_takes_its_regions_from_configuration_then_environment_then_default() {
    for version in VERSIONS {
        let workdir = workdir(version);
        configure(&workdir, "", SETTINGS);
        // Unset: the seed's DefaultFunc falls back to us-west (required) and us-east
        // (optional).
        assert_eq!(
            regions(&workdir, &[]),
            ("us-west".into(), "us-east".into()),
            "{version:?}"
        );
        // From the environment.
        let env = [
            ("PROVIDER_REGION", "eu-north"),
            ("PROVIDER_BACKUP_REGION", "eu-south"),
        ];
        assert_eq!(
            regions(&workdir, &env),
            ("eu-north".into(), "eu-south".into()),
            "{version:?}"
        );
        // Configured values win over the environment.
        configure(
            &workdir,
            "  region        = \"ap-south\"\n  backup_region = \"ap-east\"\n",
            SETTINGS,
        );
        assert_eq!(
            regions(&workdir, &env),
            ("ap-south".into(), "ap-east".into()),
            "{version:?}"
        );
        let run = terraform(
            &workdir,
            &["plan", "-no-color", "-input=false", "-detailed-exitcode"],
            &env,
        );
        assert_eq!(run.code(), Some(0), "{run}");
    }
}

#[test]
fn a_required_argument_whose_default_function_gives_nothing_is_missing() {
    for version in VERSIONS {
        let workdir = workdir(version);
        configure(&workdir, "", SETTINGS);
        let run = terraform(
            &workdir,
            &["plan", "-no-color", "-input=false"],
            &[("EXAMPLE_API_KEY", "")],
        );
        run.assert_failure();
        assert_contains(&run, "Missing required argument");
        assert_contains(
            &run,
            "The argument \"api_key\" is required, but no definition was found.",
        );
    }
}

const INSTANCE: &str = r#"
resource "example_instance" "bastion" {
  name       = "bastion host"
  base_image = "ubuntu_17.10"

  disk {
    size_gb = 10
  }
  disk {
    size_gb = 20
    label   = "data"
  }
}
"#;

fn instance_lifecycle(version: TerraformVersion) {
    let workdir = workdir(version);
    configure(&workdir, "", INSTANCE);
    let run = plan(&workdir);
    run.assert_success();
    assert_contains(&run, "Plan: 1 to add, 0 to change, 0 to destroy.");
    assert_contains(&run, "instance_type = \"small\"");
    apply(&workdir).assert_success();
    let created = resource_values(&workdir, "example_instance.bastion");
    assert_eq!(created["revision"], 1);
    assert_eq!(created["id"], "i-0001");
    assert_eq!(created["disk"][1]["label"], "data");
    assert_empty_plan(&workdir);

    // Seed 002: the API accepts any capitalisation; a change of case alone is no change, and
    // the object is kept.
    configure(
        &workdir,
        "",
        &INSTANCE.replace("\"ubuntu_17.10\"", "\"UBunTu_17.10\""),
    );
    assert_empty_plan(&workdir);
    apply(&workdir).assert_success();
    assert_eq!(
        resource_values(&workdir, "example_instance.bastion")["id"],
        "i-0001"
    );

    // An update: the API bumps the revision, which the plan says it cannot know; the id and
    // the creation time are stable.
    configure(
        &workdir,
        "",
        &INSTANCE.replace("bastion host", "bastion host 2"),
    );
    let run = plan(&workdir);
    run.assert_success();
    assert_contains(&run, "~ update in-place");
    assert_contains(&run, "~ revision      = 1 -> (known after apply)");
    assert_lacks(&run, "id            = (known after apply)");
    assert_lacks(&run, "created_at    = (known after apply)");
    let run = apply(&workdir);
    run.assert_success();
    assert_contains(&run, "Resources: 0 added, 1 changed, 0 destroyed.");
    let updated = resource_values(&workdir, "example_instance.bastion");
    assert_eq!(updated["revision"], 2);
    assert_eq!(updated["id"], created["id"]);
    assert_eq!(updated["created_at"], created["created_at"]);
    assert_empty_plan(&workdir);

    // A real change of the image replaces the instance.
    let replaced_config = INSTANCE
        .replace("bastion host", "bastion host 2")
        .replace("\"ubuntu_17.10\"", "\"ubuntu_18.04\"");
    configure(&workdir, "", &replaced_config);
    let run = plan(&workdir);
    run.assert_success();
    assert_contains(&run, "must be replaced");
    assert_contains(&run, "# forces replacement");
    assert_contains(&run, "Plan: 1 to add, 0 to change, 1 to destroy.");
    apply(&workdir).assert_success();
    let replaced = resource_values(&workdir, "example_instance.bastion");
    assert_eq!(replaced["id"], "i-0002");
    assert_eq!(replaced["revision"], 1);
    assert_empty_plan(&workdir);

    // One disk fewer: an update of the list of blocks.
    configure(
        &workdir,
        "",
        &replaced_config.replace("  disk {\n    size_gb = 10\n  }\n", ""),
    );
    apply(&workdir).assert_success();
    let fewer = resource_values(&workdir, "example_instance.bastion");
    assert_eq!(fewer["disk"].as_array().map(Vec::len), Some(1));
    assert_empty_plan(&workdir);

    let run = terraform(
        &workdir,
        &["destroy", "-auto-approve", "-no-color", "-input=false"],
        &[],
    );
    run.assert_success();
    assert_contains(&run, "Destroy complete! Resources: 1 destroyed.");
}

#[test]
fn an_instance_lives_by_terraforms_plan_rules_under_terraform_1_15() {
    instance_lifecycle(TerraformVersion::V1_15);
}

#[test]
fn an_instance_lives_by_terraforms_plan_rules_under_terraform_1_0() {
    instance_lifecycle(TerraformVersion::V1_0);
}

const VOLUME: &str = r#"
resource "example_volume" "swap" {
  name      = "swap volume"
  size_gb   = 8
  zone      = "a"
  encrypted = true
}
"#;

#[test]
fn removing_an_attribute_with_a_default_plans_the_default_back() {
    for version in VERSIONS {
        let workdir = workdir(version);
        configure(&workdir, "", VOLUME);
        apply(&workdir).assert_success();
        assert_eq!(
            resource_values(&workdir, "example_volume.swap")["encrypted"],
            true
        );
        assert_empty_plan(&workdir);
        configure(&workdir, "", &VOLUME.replace("  encrypted = true\n", ""));
        let run = plan(&workdir);
        run.assert_success();
        assert_contains(&run, "~ encrypted = true -> false");
        apply(&workdir).assert_success();
        assert_eq!(
            resource_values(&workdir, "example_volume.swap")["encrypted"],
            false
        );
        assert_empty_plan(&workdir);
    }
}

/// One resource per rule, each breaking it once.
const BROKEN: &str = r#"
resource "example_instance" "one_of" {
  name          = "a"
  base_image    = "ubuntu"
  instance_type = "huge"
}

resource "example_instance" "range" {
  name       = "b"
  base_image = "ubuntu"
  cpus       = 65
}

resource "example_instance" "length" {
  name       = ""
  base_image = "ubuntu"
}

resource "example_instance" "conflicts" {
  name       = "c"
  base_image = "ubuntu"
  ssh_key    = "ssh-ed25519 AAAA"
  password   = "hunter2"
}

resource "example_instance" "required_with" {
  name       = "d"
  base_image = "ubuntu"
  private_ip = "10.0.0.5"
}

resource "example_instance" "validate" {
  name       = "e"
  base_image = "ubuntu 17.10"
}

resource "example_instance" "size" {
  name       = "f"
  base_image = "ubuntu"
  tags       = { a = "1", b = "2", c = "3", d = "4", e = "5", f = "6", g = "7", h = "8", i = "9", j = "10", k = "11" }
}

resource "example_instance" "nested_range" {
  name       = "g"
  base_image = "ubuntu"
  disk {
    size_gb = 0
  }
}

resource "example_volume" "exactly_one_of" {
  name        = "h"
  size_gb     = 8
  snapshot_id = "snap-1"
  zone        = "a"
}

resource "example_volume" "at_least_one_of" {
  name    = "i"
  size_gb = 8
}
"#;

fn rules_point_at_their_lines(version: TerraformVersion) {
    let workdir = workdir(version);
    let main_tf = configure(&workdir, "", BROKEN);
    let run = plan(&workdir);
    run.assert_failure();
    let expect = |summary: &str, detail: &str, resource: &str, line_text: &str| {
        assert_contains(&run, summary);
        assert_contains(&run, detail);
        let line = line_of(&main_tf, line_text);
        let (kind, name) = resource.split_once('.').unwrap();
        assert_contains(
            &run,
            &format!("on main.tf line {line}, in resource \"{kind}\" \"{name}\":"),
        );
    };
    expect(
        "Invalid Attribute Value Match",
        r#"Attribute instance_type value must be one of: ["small" "medium""#,
        "example_instance.one_of",
        "instance_type = \"huge\"",
    );
    expect(
        "Invalid Attribute Value",
        "Attribute cpus value must be between 1 and 64, got: 65",
        "example_instance.range",
        "cpus       = 65",
    );
    expect(
        "Invalid Attribute Value Length",
        "Attribute name string length must be between 1 and 63, got: 0",
        "example_instance.length",
        "name       = \"\"",
    );
    expect(
        "Invalid Attribute Combination",
        "Attribute \"password\" cannot be specified when \"ssh_key\" is specified",
        "example_instance.conflicts",
        "ssh_key    = \"ssh-ed25519 AAAA\"",
    );
    expect(
        "Invalid Attribute Combination",
        "Attribute \"subnet_id\" must be specified when \"private_ip\" is",
        "example_instance.required_with",
        "private_ip = \"10.0.0.5\"",
    );
    expect(
        "Invalid Attribute Value",
        "\"ubuntu 17.10\" is not an image name",
        "example_instance.validate",
        "base_image = \"ubuntu 17.10\"",
    );
    expect(
        "Invalid Attribute Value",
        "Attribute tags map must contain at most 10 elements, got: 11",
        "example_instance.size",
        "tags       = {",
    );
    expect(
        "Invalid Attribute Value",
        "Attribute disk[0].size_gb value must be between 1 and 16384, got: 0",
        "example_instance.nested_range",
        "size_gb = 0",
    );
    expect(
        "Invalid Attribute Combination",
        "2 attributes specified when one (and only one) of [size_gb,snapshot_id] is",
        "example_volume.exactly_one_of",
        "size_gb     = 8",
    );
    expect(
        "Invalid Attribute Combination",
        "At least one attribute out of [zone,placement_group] must be specified",
        "example_volume.at_least_one_of",
        "resource \"example_volume\" \"at_least_one_of\"",
    );
}

#[test]
fn every_rule_points_at_its_line_under_terraform_1_15() {
    rules_point_at_their_lines(TerraformVersion::V1_15);
}

#[test]
fn every_rule_points_at_its_line_under_terraform_1_0() {
    rules_point_at_their_lines(TerraformVersion::V1_0);
}

#[test]
fn setting_a_deprecated_attribute_warns_with_its_message() {
    for version in VERSIONS {
        let workdir = workdir(version);
        let main_tf = configure(
            &workdir,
            "",
            r#"
resource "example_instance" "old" {
  name       = "old"
  base_image = "ubuntu"
  flavor     = "small"
}
"#,
        );
        let run = plan(&workdir);
        run.assert_success();
        assert_contains(&run, "Attribute Deprecated");
        assert_contains(&run, "Use `instance_type` instead.");
        assert_contains(
            &run,
            &format!(
                "on main.tf line {}, in resource \"example_instance\" \"old\":",
                line_of(&main_tf, "flavor     = \"small\"")
            ),
        );
    }
}

#[test]
fn terraform_receives_descriptions_from_doc_comments_and_the_deprecated_flag() {
    for version in VERSIONS {
        let workdir = workdir(version);
        configure(&workdir, "", "");
        let run = terraform(&workdir, &["providers", "schema", "-json"], &[]);
        run.assert_success();
        let printed: Json = serde_json::from_str(run.stdout.trim())
            .unwrap_or_else(|e| panic!("schema JSON: {e}\n{}", run.stdout));
        let provider = &printed["provider_schemas"]["registry.terraform.io/example/example"];
        let instance = &provider["resource_schemas"]["example_instance"]["block"];
        assert_eq!(instance, &Instance::schema().to_json_block(), "{version:?}");
        assert_eq!(
            instance["description"],
            "A virtual machine of the example cloud."
        );
        assert_eq!(instance["description_kind"], "markdown");
        assert!(
            instance["attributes"]["base_image"]["description"]
                .as_str()
                .is_some_and(|d| d.starts_with("The image to boot. The API accepts any")),
            "{}",
            instance["attributes"]["base_image"]
        );
        assert_eq!(instance["attributes"]["flavor"]["deprecated"], true);
        assert_eq!(instance["block_types"]["disk"]["nesting_mode"], "list");
        assert_eq!(
            provider["resource_schemas"]["example_volume"]["block"],
            Volume::schema().to_json_block()
        );
        let config = &provider["provider"]["block"];
        assert_eq!(config, &ExampleConfig::schema().to_json_block());
        // Seed 002's `region`: required with a DefaultFunc, so Terraform is told it is
        // optional.
        assert_eq!(config["attributes"]["region"]["optional"], true);
        assert_eq!(config["attributes"]["region"].get("required"), None);
    }
}
