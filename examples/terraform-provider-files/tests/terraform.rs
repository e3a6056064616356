//! The example provider under real Terraform (1.15.5 and 1.0.3) through `tfsdk-testing`, the
//! provider served in the test process: plan, apply, in-place update, replacement, drift,
//! import (command and block), a data source, values unknown at plan time, configuration
//! errors, destroy, and the schema Terraform received. After every apply the testing crate
//! checks by itself that the next plan is empty. Checks read Terraform's JSON and the files
//! the provider left.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use tfsdk_core::TfSchema;
use tfsdk_testing::{
    Output, PlannedAction, ProviderTest, ResourceInstance, Step, TerraformVersion,
};

use terraform_provider_files::data_source::FileData;
use terraform_provider_files::provider::{FilesConfig, FilesProvider};
use terraform_provider_files::resource::File;

/// The provider under test, its files in the working directory's `out/`.
fn files() -> ProviderTest {
    ProviderTest::new("example/files", FilesProvider::default).file("out/.keep", "")
}

/// `body` after the provider block: relative paths start in `out/`.
fn config(body: &str) -> String {
    format!("provider \"files\" {{\n  base_dir = \"${{path.cwd}}/out\"\n}}\n{body}")
}

fn out(dir: &Path, name: &str) -> std::path::PathBuf {
    dir.join("out").join(name)
}

fn read(dir: &Path, name: &str) -> String {
    fs::read_to_string(out(dir, name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn mode(dir: &Path, name: &str) -> u32 {
    fs::metadata(out(dir, name)).unwrap().permissions().mode() & 0o777
}

/// The one-based line of `text` holding `part`.
fn line_of(text: &str, part: &str) -> usize {
    text.lines()
        .position(|line| line.contains(part))
        .unwrap_or_else(|| panic!("{part:?} is not in the configuration"))
        + 1
}

const FIRST: &str = r#"
resource "files_file" "a" {
  path    = "a.txt"
  content = "hello"
  owner {
    name = "ops"
  }
  labels = [
    { key = "env", value = "dev" },
    { key = "tier" },
  ]
}

resource "files_file" "secret" {
  path              = "secret.txt"
  sensitive_content = "s3cr3t"
  permissions       = "0600"
}

# Its content is a.id: unknown until a is created.
resource "files_file" "b" {
  path    = "b.txt"
  content = files_file.a.id
}

data "files_file" "seed" {
  path = "seed.txt"
}

output "seed" {
  value = data.files_file.seed.content
}

output "seed_size" {
  value = data.files_file.seed.size
}
"#;

const HELLO_SHA256: &str = "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824";

#[test]
fn a_file_lives_through_plan_apply_update_replacement_drift_and_destroy() {
    let a = ResourceInstance::<File>::new("files_file.a");
    let b = ResourceInstance::<File>::new("files_file.b");
    let secret = ResourceInstance::<File>::new("files_file.secret");
    let seed = ResourceInstance::<FileData>::new("data.files_file.seed");
    let again = FIRST.replace("content = \"hello\"", "content = \"hello again\"");
    let moved = again.replace("path    = \"b.txt\"", "path    = \"b2.txt\"");
    files()
        .file("out/seed.txt", "seeded by the test")
        .step(
            // New resources: computed attributes unknown, the sensitive one hidden, the value
            // from another resource unknown, the default filled in, and the checksum known at
            // plan time when the content is (the resource's plan modification).
            Step::plan(config(FIRST))
                .expect_action(&a, PlannedAction::Create)
                .expect_action(&b, PlannedAction::Create)
                .expect_action(&secret, PlannedAction::Create)
                .plan_check(a.attribute(|f| f.id()).is_unknown())
                .plan_check(a.attribute(|f| f.permissions()).equals("0644"))
                .plan_check(a.attribute(|f| f.checksum()).equals(HELLO_SHA256))
                .plan_check(b.attribute(|f| f.content()).is_unknown())
                .plan_check(secret.attribute(|f| f.sensitive_content()).is_sensitive())
                .plan_check(secret.attribute(|f| f.permissions()).equals("0600"))
                .after(|step| {
                    assert!(
                        !out(step.workdir(), "a.txt").exists(),
                        "a plan wrote a file"
                    )
                }),
        )
        .step(
            Step::apply(config(FIRST))
                .state_check(a.attribute(|f| f.id()).equals("a.txt"))
                .state_check(a.attribute(|f| f.labels().at(1).value()).equals(""))
                .state_check(a.attribute(|f| f.owner().name()).equals("ops"))
                .state_check(b.attribute(|f| f.content()).equals("a.txt"))
                .state_check(secret.attribute(|f| f.sensitive_content()).is_sensitive())
                .state_check(seed.attribute(|f| f.size()).equals(18))
                .state_check(Output::new("seed").equals("seeded by the test".to_owned()))
                .state_check(Output::new("seed_size").equals(18_i64))
                .after(|step| {
                    let dir = step.workdir();
                    assert_eq!(read(dir, "a.txt"), "hello");
                    assert_eq!(read(dir, "b.txt"), "a.txt");
                    assert_eq!(read(dir, "secret.txt"), "s3cr3t");
                    assert_eq!(mode(dir, "a.txt"), 0o644);
                    assert_eq!(mode(dir, "secret.txt"), 0o600);
                    let meta: serde_json::Value =
                        serde_json::from_str(&read(dir, "a.txt.meta.json")).unwrap();
                    assert_eq!(
                        meta,
                        serde_json::json!({
                            "owner": {"name": "ops", "email": null},
                            "labels": [{"key": "env", "value": "dev"}, {"key": "tier", "value": ""}]
                        })
                    );
                    assert!(!out(dir, "b.txt.meta.json").exists());
                }),
        )
        .step(
            // In-place update of a's content; b's content (a.id) stays.
            Step::apply(config(&again))
                .expect_action(&a, PlannedAction::Update)
                .expect_action(&b, PlannedAction::NoOp)
                .after(|step| assert_eq!(read(step.workdir(), "a.txt"), "hello again")),
        )
        .step(
            // Import by path gives what the configuration made, but the sidecar's labels and
            // owner, which only the configuration has.
            Step::import(&a, "a.txt"),
        )
        .step(
            // A force-new attribute: b's path.
            Step::apply(config(&moved))
                .expect_action(&b, PlannedAction::Replace)
                .after(|step| {
                    assert!(!out(step.workdir(), "b.txt").exists());
                    assert_eq!(read(step.workdir(), "b2.txt"), "a.txt");
                }),
        )
        .step(
            // Drift: the file changed outside Terraform; the plan puts it back.
            Step::apply(config(&moved))
                .before(|step| fs::write(out(step.workdir(), "a.txt"), "tampered").unwrap())
                .expect_action(&a, PlannedAction::Update)
                .plan_check(a.attribute(|f| f.content()).equals("hello again"))
                .after(|step| assert_eq!(read(step.workdir(), "a.txt"), "hello again")),
        )
        .check_destroy(|step| {
            for name in ["a.txt", "a.txt.meta.json", "b2.txt", "secret.txt"] {
                assert!(
                    !out(step.workdir(), name).exists(),
                    "{name} should be deleted"
                );
            }
            assert!(
                out(step.workdir(), "seed.txt").exists(),
                "the seed is not ours"
            );
        })
        .run();
}

const EXISTING: &str = r#"
resource "files_file" "existing" {
  path    = "existing.txt"
  content = "was here first"
}
"#;

#[test]
fn an_existing_file_is_imported_by_its_path() {
    let existing = ResourceInstance::<File>::new("files_file.existing");
    files()
        .step(Step::apply(config(EXISTING)))
        .step(
            Step::import(&existing, "existing.txt")
                .state_check(existing.attribute(|f| f.content()).equals("was here first")),
        )
        .step(
            Step::import(&existing, "missing.txt")
                .without_verify()
                .expect_error("Cannot import file There is no file at missing\\.txt\\."),
        )
        .run();
}

#[test]
fn an_import_block_adopts_a_file_and_plans_nothing_more() {
    let existing = ResourceInstance::<File>::new("files_file.existing");
    let block = "\nimport {\n  to = files_file.existing\n  id = \"existing.txt\"\n}\n";
    files()
        .min_terraform("1.5")
        .file("out/existing.txt", "was here first")
        .step(
            Step::apply(config(&format!("{EXISTING}{block}")))
                .before(|step| {
                    let file = out(step.workdir(), "existing.txt");
                    fs::set_permissions(file, fs::Permissions::from_mode(0o644)).unwrap();
                })
                .expect_action(&existing, PlannedAction::NoOp)
                .state_check(existing.attribute(|f| f.id()).equals("existing.txt")),
        )
        .run();
}

#[test]
fn configuration_errors_point_at_the_argument() {
    // A resource without its required path; a list where a string goes; the model's
    // `exactly_one_of` rule (two contents at once), pointed at the attribute that carries it.
    let text = config(
        r#"
resource "files_file" "no_path" {
  content = "x"
}

resource "files_file" "bad_type" {
  path        = "bad.txt"
  content     = "x"
  permissions = ["0644"]
}

resource "files_file" "both" {
  path              = "both.txt"
  content           = "x"
  sensitive_content = "y"
}
"#,
    );
    let at = |part: &str, name: &str| {
        format!(
            "on main\\.tf line {}, in resource \"files_file\" \"{name}\":",
            line_of(&text, part)
        )
    };
    files()
        .step(
            Step::plan(text.clone())
                .expect_error(&format!(
                    "Missing required argument {} .*The argument \"path\" is required, but no definition was found\\.",
                    at("resource \"files_file\" \"no_path\"", "no_path")
                ))
                .expect_error(&format!(
                    "Incorrect attribute value type .*{}",
                    at("permissions = [", "bad_type")
                ))
                .expect_error(&format!(
                    "Invalid Attribute Combination .*{} .*2 attributes specified when one \\(and only one\\) of",
                    at("content           = \"x\"", "both")
                )),
        )
        .run();
}

#[test]
fn terraform_receives_the_schema_derived_from_the_models() {
    let test = files();
    for version in TerraformVersion::ALL {
        let provider = test.schema_json(version);
        assert_eq!(
            provider["provider"]["block"],
            FilesConfig::schema().to_json_block()
        );
        assert_eq!(provider["provider"]["version"], 0);
        let mut file = File::schema().to_json_block();
        if version == TerraformVersion::V1_0 {
            // Terraform 1.0 does not know write-only attributes: it shows content_wo without
            // the flag (and a configuration cannot set it there; see since_1_8.rs).
            strip_write_only(&mut file);
        }
        assert_eq!(provider["resource_schemas"]["files_file"]["block"], file);
        assert_eq!(provider["resource_schemas"]["files_file"]["version"], 0);
        assert_eq!(
            provider["data_source_schemas"]["files_file"]["block"],
            FileData::schema().to_json_block()
        );
    }
}

/// `block` without the `write_only` flags.
fn strip_write_only(block: &mut serde_json::Value) {
    match block {
        serde_json::Value::Object(map) => {
            map.remove("write_only");
            map.values_mut().for_each(strip_write_only);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(strip_write_only),
        _ => {}
    }
}
