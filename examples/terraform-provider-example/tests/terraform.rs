//! Seed 002's examples as a provider under real Terraform (1.15.5 and 1.0.3) through
//! `tfsdk-testing`: the provider block's `DefaultFunc` regions and a required argument the
//! provider reports missing (the built binary, whose environment Terraform sets), Terraform's
//! plan rules (a revision the API bumps, stable ids, a case-only change suppressed, a real
//! change replacing, a default planned back), the declarative validation rules pointing at
//! their lines, a deprecation warning, and the schema Terraform receives (in-process). After
//! every apply the testing crate checks that the next plan is empty.

use tfsdk_core::TfSchema;
use tfsdk_testing::{
    Output, PlannedAction, ProviderTest, ResourceInstance, Step, TerraformVersion,
};

use terraform_provider_example::bucket::Bucket;
use terraform_provider_example::instance::Instance;
use terraform_provider_example::provider::{ExampleConfig, ExampleProvider};
use terraform_provider_example::volume::Volume;

/// The provider served in the test process; its configuration comes from the provider block
/// (see [`config`]), not from the test's environment.
fn example() -> ProviderTest {
    ProviderTest::new("example/example", ExampleProvider::default)
}

/// The provider block (the cloud in the working directory's `cloud/`, `provider` lines inside
/// it) and `body`.
fn config_with(provider: &str, body: &str) -> String {
    format!(
        "provider \"example\" {{\n  endpoint = \"${{path.cwd}}/cloud\"\n  api_key  = \"test-key\"\n{provider}}}\n{body}"
    )
}

/// The provider block with the regions set, so that the test's environment does not matter.
fn config(body: &str) -> String {
    config_with(
        "  region        = \"us-west\"\n  backup_region = \"us-east\"\n",
        body,
    )
}

/// The one-based line of `text` holding `part`.
fn line_of(text: &str, part: &str) -> usize {
    text.lines()
        .position(|line| line.contains(part))
        .unwrap_or_else(|| panic!("{part:?} is not in the configuration"))
        + 1
}

/// The built binary: Terraform starts it with the environment the steps give.
fn example_binary() -> ProviderTest {
    ProviderTest::binary(
        "example/example",
        env!("CARGO_BIN_EXE_terraform-provider-example"),
    )
    .env("EXAMPLE_API_KEY", "test-key")
    .env("PROVIDER_REGION", "")
    .env("PROVIDER_BACKUP_REGION", "")
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

fn regions(region: &str, backup: &str) -> Vec<tfsdk_testing::Check> {
    vec![
        Output::new("region").equals(region.to_owned()),
        Output::new("backup_region").equals(backup.to_owned()),
    ]
}

fn with_checks(step: Step, checks: Vec<tfsdk_testing::Check>) -> Step {
    checks.into_iter().fold(step, Step::state_check)
}

#[test]
fn the_provider_block_takes_its_regions_from_configuration_then_environment_then_default() {
    let unset = config_with("", SETTINGS);
    let set = config_with(
        "  region        = \"ap-south\"\n  backup_region = \"ap-east\"\n",
        SETTINGS,
    );
    example_binary()
        // Unset: the seed's DefaultFunc falls back to us-west (required) and us-east (optional).
        .step(with_checks(
            Step::apply(&unset),
            regions("us-west", "us-east"),
        ))
        // From the environment.
        .step(with_checks(
            Step::apply(&unset)
                .env("PROVIDER_REGION", "eu-north")
                .env("PROVIDER_BACKUP_REGION", "eu-south"),
            regions("eu-north", "eu-south"),
        ))
        // Configured values win over the environment.
        .step(with_checks(
            Step::apply(&set)
                .env("PROVIDER_REGION", "eu-north")
                .env("PROVIDER_BACKUP_REGION", "eu-south"),
            regions("ap-south", "ap-east"),
        ))
        .run();
}

#[test]
fn a_required_argument_whose_default_function_gives_nothing_is_missing() {
    example_binary()
        .step(
            Step::plan(format!(
                "provider \"example\" {{\n  endpoint = \"${{path.cwd}}/cloud\"\n}}\n{SETTINGS}"
            ))
            .env("EXAMPLE_API_KEY", "")
            .expect_error(
                "Missing required argument .*The argument \"api_key\" is required, but no \
                     definition was found\\.",
            ),
        )
        .run();
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

#[test]
fn an_instance_lives_by_terraforms_plan_rules() {
    let vm = ResourceInstance::<Instance>::new("example_instance.bastion");
    let renamed = INSTANCE.replace("bastion host", "bastion host 2");
    let reimaged = renamed.replace("\"ubuntu_17.10\"", "\"ubuntu_18.04\"");
    let one_disk = reimaged.replace("  disk {\n    size_gb = 10\n  }\n", "");
    example()
        .step(
            Step::apply(config(INSTANCE))
                .expect_action(&vm, PlannedAction::Create)
                .plan_check(vm.attribute(|i| i.instance_type()).equals("small"))
                .state_check(vm.attribute(|i| i.revision()).equals(1))
                .state_check(vm.attribute(|i| i.id()).equals("i-0001"))
                .state_check(vm.attribute(|i| i.disks().at(1).label()).equals("data")),
        )
        .step(
            // Seed 002: the API accepts any capitalisation; a change of case alone is no
            // change, and the object is kept.
            Step::apply(config(
                &INSTANCE.replace("\"ubuntu_17.10\"", "\"UBunTu_17.10\""),
            ))
            .expect_action(&vm, PlannedAction::NoOp)
            .state_check(vm.attribute(|i| i.id()).equals("i-0001")),
        )
        .step(
            // An update: the API bumps the revision, which the plan says it cannot know; the
            // id and the creation time are stable.
            Step::apply(config(&renamed))
                .expect_action(&vm, PlannedAction::Update)
                .plan_check(vm.attribute(|i| i.revision()).is_unknown())
                .plan_check(vm.attribute(|i| i.id()).equals("i-0001"))
                .plan_check(vm.attribute(|i| i.created_at()).is_known())
                .state_check(vm.attribute(|i| i.revision()).equals(2))
                .state_check(vm.attribute(|i| i.id()).equals("i-0001")),
        )
        .step(
            // A real change of the image replaces the instance.
            Step::apply(config(&reimaged))
                .expect_action(&vm, PlannedAction::Replace)
                .plan_check(vm.attribute(|i| i.id()).is_unknown())
                .state_check(vm.attribute(|i| i.id()).equals("i-0002"))
                .state_check(vm.attribute(|i| i.revision()).equals(1)),
        )
        .step(
            // One disk fewer: an update of the list of blocks.
            Step::apply(config(&one_disk))
                .expect_action(&vm, PlannedAction::Update)
                .state_check(vm.satisfies(|view| {
                    let disks = view.disks.get().map_or(0, <[_]>::len);
                    if disks == 1 {
                        Ok(())
                    } else {
                        Err(format!("{disks} disks"))
                    }
                })),
        )
        .run();
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
    let swap = ResourceInstance::<Volume>::new("example_volume.swap");
    example()
        .step(
            Step::apply(config(VOLUME)).state_check(swap.attribute(|v| v.encrypted()).equals(true)),
        )
        .step(
            Step::apply(config(&VOLUME.replace("  encrypted = true\n", "")))
                .expect_action(&swap, PlannedAction::Update)
                .plan_check(swap.attribute(|v| v.encrypted()).equals(false))
                .state_check(swap.attribute(|v| v.encrypted()).equals(false)),
        )
        .run();
}

/// One resource per rule, each breaking it once.
const BROKEN: &str = r#"
resource "example_bucket" "matches" {
  name_prefix = "Logs"
}

resource "example_bucket" "none_of" {
  name_prefix = "admin"
}

resource "example_bucket" "unique" {
  name_prefix = "shared"
  readers     = ["user:ann", "user:ann"]
}

resource "example_bucket" "each" {
  name_prefix = "team"
  readers     = ["user:ann", "group:ops"]
}

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

#[test]
fn every_rule_points_at_its_line() {
    let text = config(BROKEN);
    let expect = |step: Step, summary: &str, detail: &str, resource: &str, line_text: &str| {
        let (kind, name) = resource.split_once('.').unwrap();
        step.expect_error(&format!(
            "Error: {} with {}, on main\\.tf line {}, in resource \"{kind}\" \"{name}\":.*? {}",
            regex_escape(summary),
            regex_escape(resource),
            line_of(&text, line_text),
            regex_escape(detail),
        ))
    };
    let mut step = Step::plan(text.clone());
    for (summary, detail, resource, line_text) in [
        (
            "Invalid Attribute Value Match",
            "Attribute name_prefix value must match regular expression '^[a-z][a-z0-9-]*$', got: Logs",
            "example_bucket.matches",
            "name_prefix = \"Logs\"",
        ),
        (
            "Invalid Attribute Value Match",
            r#"Attribute name_prefix value must be none of: ["admin" "root"], got: "admin""#,
            "example_bucket.none_of",
            "name_prefix = \"admin\"",
        ),
        (
            "Duplicate List Value",
            r#"This attribute contains duplicate values of: "user:ann""#,
            "example_bucket.unique",
            r#"readers     = ["user:ann", "user:ann"]"#,
        ),
        (
            "Invalid Attribute Value Match",
            "Attribute readers[1] value must match regular expression '^user:[a-z]+$', got: group:ops",
            "example_bucket.each",
            r#"readers     = ["user:ann", "group:ops"]"#,
        ),
        (
            "Invalid Attribute Value Match",
            r#"Attribute instance_type value must be one of: ["small" "medium""#,
            "example_instance.one_of",
            "instance_type = \"huge\"",
        ),
        (
            "Invalid Attribute Value",
            "Attribute cpus value must be between 1 and 64, got: 65",
            "example_instance.range",
            "cpus       = 65",
        ),
        (
            "Invalid Attribute Value Length",
            "Attribute name string length must be between 1 and 63, got: 0",
            "example_instance.length",
            "name       = \"\"",
        ),
        (
            "Invalid Attribute Combination",
            "Attribute \"password\" cannot be specified when \"ssh_key\" is specified",
            "example_instance.conflicts",
            "ssh_key    = \"ssh-ed25519 AAAA\"",
        ),
        (
            "Invalid Attribute Combination",
            "Attribute \"subnet_id\" must be specified when \"private_ip\" is",
            "example_instance.required_with",
            "private_ip = \"10.0.0.5\"",
        ),
        (
            "Invalid Attribute Value",
            "\"ubuntu 17.10\" is not an image name",
            "example_instance.validate",
            "base_image = \"ubuntu 17.10\"",
        ),
        (
            "Invalid Attribute Value",
            "Attribute tags map must contain at most 10 elements, got: 11",
            "example_instance.size",
            "tags       = {",
        ),
        (
            "Invalid Attribute Value",
            "Attribute disk[0].size_gb value must be between 1 and 16384, got: 0",
            "example_instance.nested_range",
            "size_gb = 0",
        ),
        (
            "Invalid Attribute Combination",
            "2 attributes specified when one (and only one) of [size_gb,snapshot_id] is",
            "example_volume.exactly_one_of",
            "size_gb     = 8",
        ),
        (
            "Invalid Attribute Combination",
            "At least one attribute out of [zone,placement_group] must be specified",
            "example_volume.at_least_one_of",
            "resource \"example_volume\" \"at_least_one_of\"",
        ),
    ] {
        step = expect(step, summary, detail, resource, line_text);
    }
    example().step(step).run();
}

/// `text` as a pattern that matches it literally.
fn regex_escape(text: &str) -> String {
    text.chars()
        .flat_map(|c| {
            let special = "\\.+*?()|[]{}^$#&-~".contains(c);
            special.then_some('\\').into_iter().chain([c])
        })
        .collect()
}

#[test]
fn setting_a_deprecated_attribute_warns_with_its_message() {
    let text = config(
        r#"
resource "example_instance" "old" {
  name       = "old"
  base_image = "ubuntu"
  flavor     = "small"
}
"#,
    );
    let line = line_of(&text, "flavor     = \"small\"");
    example()
        .step(Step::plan(text).expect_warning(&format!(
            "Warning: Attribute Deprecated with example_instance\\.old, on main\\.tf line {line}, \
             in resource \"example_instance\" \"old\":.* Use `instance_type` instead\\."
        )))
        .run();
}

#[test]
fn terraform_receives_descriptions_from_doc_comments_and_the_deprecated_flag() {
    let test = example();
    for version in TerraformVersion::ALL {
        let provider = test.schema_json(version);
        let instance = &provider["resource_schemas"]["example_instance"]["block"];
        let mut expected = Instance::schema().to_json_block();
        if version == TerraformVersion::V1_0 {
            // Terraform 1.0 writes the `deprecated` flag without its message.
            strip_key(&mut expected, "deprecation_message");
        }
        assert_eq!(instance, &expected, "{version:?}");
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
        if version != TerraformVersion::V1_0 {
            assert_eq!(
                instance["attributes"]["flavor"]["deprecation_message"],
                "Use `instance_type` instead."
            );
        }
        assert_eq!(instance["block_types"]["disk"]["nesting_mode"], "list");
        assert_eq!(
            provider["resource_schemas"]["example_volume"]["block"],
            Volume::schema().to_json_block()
        );
        let block = &provider["provider"]["block"];
        assert_eq!(block, &ExampleConfig::schema().to_json_block());
        // Seed 002's `region`: required with a DefaultFunc, so Terraform is told it is
        // optional.
        assert_eq!(block["attributes"]["region"]["optional"], true);
        assert_eq!(block["attributes"]["region"].get("required"), None);
    }
}

/// `json` without `key` at any depth.
fn strip_key(json: &mut serde_json::Value, key: &str) {
    match json {
        serde_json::Value::Object(object) => {
            object.remove(key);
            object.values_mut().for_each(|value| strip_key(value, key));
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(|value| strip_key(value, key)),
        _ => {}
    }
}

/// The generic run every provider binary of the project passes under both Terraforms: plan,
/// apply, an empty second plan, destroy, and every provider process exiting by itself.
#[test]
fn a_generic_run_leaves_no_provider_process_behind() {
    example_binary()
        .check_shutdown()
        .step(Step::apply(config(VOLUME)))
        .run();
}

const BUCKET: &str = r#"
resource "example_bucket" "store" {
  name_prefix = "logs"
  keepers = {
    release = "r1"
  }
}
"#;

#[test]
fn a_bucket_is_replaced_when_plan_modification_renames_it_or_a_keeper_changes() {
    let bucket = ResourceInstance::<Bucket>::new("example_bucket.store");
    let renamed = BUCKET.replace("\"logs\"", "\"audit\"");
    let released = renamed.replace("\"r1\"", "\"r2\"");
    let unkept = released.replace("\"r2\"", "null");
    example()
        .step(
            Step::apply(config(BUCKET))
                .expect_action(&bucket, PlannedAction::Create)
                // Known at plan time: the resource's plan modification computed it.
                .plan_check(bucket.attribute(|b| b.name()).equals("logs-bucket"))
                .state_check(bucket.attribute(|b| b.id()).equals("b-0001")),
        )
        .step(
            // modify_plan plans a new name; `name` is force_new, so the bucket is replaced
            // without the resource asking for it.
            Step::apply(config(&renamed))
                .expect_action(&bucket, PlannedAction::Replace)
                .plan_check(bucket.attribute(|b| b.name()).equals("audit-bucket"))
                .state_check(bucket.attribute(|b| b.id()).equals("b-0002"))
                .state_check(bucket.attribute(|b| b.name()).equals("audit-bucket")),
        )
        .step(
            // A keeper that changes replaces the bucket (requires_replace_if).
            Step::apply(config(&released))
                .expect_action(&bucket, PlannedAction::Replace)
                .state_check(bucket.attribute(|b| b.id()).equals("b-0003")),
        )
        .step(
            // Every new keeper null: an update in place.
            Step::apply(config(&unkept))
                .expect_action(&bucket, PlannedAction::Update)
                .state_check(bucket.attribute(|b| b.id()).equals("b-0003")),
        )
        .run();
}

/// The buckets the example cloud in `workdir` holds.
fn buckets_in(workdir: &std::path::Path) -> usize {
    std::fs::read_dir(workdir.join("cloud").join("buckets")).map_or(0, |entries| entries.count())
}

#[test]
fn a_create_that_fails_after_making_its_bucket_keeps_it_tainted_and_replaces_it() {
    let bucket = ResourceInstance::<Bucket>::new("example_bucket.flaky");
    let flaky = config(
        r#"
resource "example_bucket" "flaky" {
  name_prefix = "flaky"
}
"#,
    );
    example()
        .step(
            // The API makes b-0001, then it never becomes ready: an error, and the bucket in
            // the state, tainted.
            Step::apply(flaky.clone()).expect_error("did not become ready"),
        )
        .step(
            // The next plan replaces the tainted bucket; the apply deletes b-0001 and makes
            // b-0002: one bucket in the cloud, never two.
            Step::apply(flaky)
                .expect_action(&bucket, PlannedAction::Replace)
                .state_check(bucket.attribute(|b| b.id()).equals("b-0002"))
                .after(|step| {
                    let count = buckets_in(step.workdir());
                    assert_eq!(count, 1, "buckets in the cloud after the replacement");
                }),
        )
        .run();
}

#[test]
fn a_short_create_timeout_ends_a_slow_create_with_the_providers_diagnostic() {
    let slow = config(
        r#"
resource "example_bucket" "slow" {
  name_prefix = "slow"

  timeouts {
    create = "500ms"
  }
}
"#,
    );
    let patient = slow.replace("\"500ms\"", "\"1m\"");
    let bucket = ResourceInstance::<Bucket>::new("example_bucket.slow");
    example()
        .step(
            Step::apply(slow)
                .expect_error("Error: Timeout.*The create did not finish within 500ms.*timeouts"),
        )
        .step(
            Step::apply(patient)
                .expect_action(&bucket, PlannedAction::Create)
                .state_check(bucket.attribute(|b| b.id()).is_known()),
        )
        .run();
}

#[test]
fn a_policy_the_api_reformats_plans_no_change_after_apply_or_refresh() {
    let with_policy = config(
        r#"
resource "example_bucket" "doc" {
  name_prefix = "doc"
  policy      = <<EOT
{ "version": "2012-10-17",
  "allow": [ "read" ] }
EOT
}
"#,
    );
    let bucket = ResourceInstance::<Bucket>::new("example_bucket.doc");
    let reworded = with_policy.replace("\"read\"", "\"write\"");
    example()
        .step(
            // The API stores {"allow":["read"],"version":"2012-10-17"}; the state keeps the
            // configured spelling, so the plan after apply (with its refresh) is empty.
            Step::apply(with_policy.clone())
                .expect_action(&bucket, PlannedAction::Create)
                .state_check(
                    bucket
                        .attribute(|b| b.policy())
                        .equals("{ \"version\": \"2012-10-17\",\n  \"allow\": [ \"read\" ] }\n"),
                ),
        )
        .step(
            // A refresh reads the compact document back; the state keeps its spelling.
            Step::refresh_only().state_check(
                bucket
                    .attribute(|b| b.policy())
                    .equals("{ \"version\": \"2012-10-17\",\n  \"allow\": [ \"read\" ] }\n"),
            ),
        )
        .step(Step::plan(with_policy).expect_action(&bucket, PlannedAction::NoOp))
        .step(
            // A change of meaning is a change.
            Step::apply(reworded).expect_action(&bucket, PlannedAction::Update),
        )
        .run();
}

/// Rewrites the id the example cloud keeps in the record `kind/file.json` (as if the API had
/// moved the object): `from` becomes `to` inside it; the file keeps its name.
fn rename_in_cloud(workdir: &std::path::Path, kind: &str, file: &str, from: &str, to: &str) {
    let file = workdir
        .join("cloud")
        .join(kind)
        .join(format!("{file}.json"));
    let text = std::fs::read_to_string(&file).expect("the record");
    std::fs::write(&file, text.replace(from, to)).expect("the record rewritten");
}

const MOVED: &str = r#"
resource "example_bucket" "kept" {
  name_prefix = "kept"
}

resource "example_volume" "moved" {
  name    = "data"
  size_gb = 8
  zone    = "a"
}
"#;

#[test]
fn a_changed_identity_is_refused_unless_the_resource_declares_it_mutable() {
    let volume = ResourceInstance::<Volume>::new("example_volume.moved");
    example()
        .min_terraform("1.12")
        .step(Step::apply(config(MOVED)))
        .step(
            // The API now answers another id for both: the bucket's identity may not change,
            // the volume's may.
            Step::refresh_only()
                .before(|step| {
                    let workdir = step.workdir();
                    rename_in_cloud(workdir, "buckets", "b-0001", "b-0001", "b-0042");
                    rename_in_cloud(workdir, "volumes", "vol-0001", "vol-0001", "vol-0042");
                })
                .expect_error(
                    "Error: Unexpected Identity Change.*During the read operation.*Current \
                     Identity: \\{\"id\" = \"b-0001\"\\}.*New Identity: \\{\"id\" = \"b-0042\"\\}",
                ),
        )
        .step(
            Step::refresh_only()
                .before(|step| {
                    rename_in_cloud(step.workdir(), "buckets", "b-0001", "b-0042", "b-0001");
                })
                .state_check(volume.attribute(|v| v.id()).equals("vol-0042")),
        )
        .run();
}

#[test]
fn the_generated_docs_show_the_timeouts_block_and_the_semantic_types() {
    let schema = example().schema_json(TerraformVersion::V1_15);
    let examples = tempfile::tempdir().expect("a folder");
    let docs = tfsdk_docs::render("example", &schema, examples.path()).expect("docs");
    let page = docs
        .files()
        .iter()
        .find(|(path, _)| path.ends_with("resources/bucket.md"))
        .map(|(_, text)| text.as_str())
        .expect("the bucket's page");
    for part in [
        "### Nested Schema for `timeouts`",
        "- `create` (String) How long a create may take. A string that can be [parsed as a duration]",
        "- `policy` (String) The bucket's access policy, a JSON document",
        "- `timeouts` (Block) How long each operation may take.",
    ] {
        assert!(page.contains(part), "{part:?} is not in:\n{page}");
    }
}
