//! What the example provider offers since Terraform 1.8, through `tfsdk-testing`: functions
//! (a call, an error naming its argument, a variadic call, null and unknown arguments), the
//! ephemeral resource `files_secret` (opened, renewed when its lease runs out, closed) feeding
//! the write-only `content_wo` of `files_file` (written, never in plan or state, written again
//! when `content_wo_version` changes), what Terraform's schema JSON says of them, and the
//! clear error an older Terraform gets for a write-only value.

use std::fs;
use std::path::Path;
use std::time::Duration;

use serde_json::Value as Json;
use tfsdk_testing::{
    Output, PlannedAction, ProviderTest, ResourceInstance, Step, TerraformVersion,
};

use terraform_provider_files::provider::{FilesProvider, TestSwitches};
use terraform_provider_files::resource::File;

fn files() -> ProviderTest {
    ProviderTest::new("example/files", FilesProvider::default).file("out/.keep", "")
}

fn config(body: &str) -> String {
    format!("provider \"files\" {{\n  base_dir = \"${{path.cwd}}/out\"\n}}\n{body}")
}

fn out(dir: &Path, name: &str) -> std::path::PathBuf {
    dir.join("out").join(name)
}

fn line_of(text: &str, part: &str) -> usize {
    text.lines()
        .position(|line| line.contains(part))
        .unwrap_or_else(|| panic!("{part:?} is not in the configuration"))
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
    files()
        .min_terraform("1.8")
        .step(
            // At plan time `files_file.a.id` is not known: the function gets it unknown and
            // returns an unknown count.
            Step::apply(config(FUNCTIONS))
                .plan_check(Output::new("lines_of_unknown").of::<i64>().is_unknown())
                .plan_check(Output::new("lines").equals(2_i64))
                .state_check(Output::new("checksum").equals(
                    "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824".to_owned(),
                ))
                .state_check(Output::new("mode").equals(0o750_i64))
                .state_check(Output::new("default_mode").equals("0644".to_owned()))
                .state_check(Output::new("path").equals("etc/app/config.toml".to_owned()))
                .state_check(Output::new("lines").equals(2_i64))
                // a.txt's id is its path: one line.
                .state_check(Output::new("lines_of_unknown").equals(1_i64)),
        )
        .run();
}

#[test]
fn a_function_error_names_the_argument_and_its_line() {
    let text = config(
        r#"
output "mode" {
  value = provider::files::parse_mode("0999")
}
"#,
    );
    let line = line_of(&text, "parse_mode(\"0999\")");
    files()
        .min_terraform("1.8")
        .step(
            Step::plan(text).expect_error(&format!(
                "Error: Invalid function argument on main\\.tf line {line}, in output \"mode\":.* \
                 Invalid value for \"mode\" parameter: \"0999\" is not an octal mode such as \"0644\""
            )),
        )
        .run();
}

#[test]
fn a_null_argument_is_refused_unless_the_parameter_allows_it() {
    // `line_count`'s `text` is a `types::String`, which could hold null, but is not marked
    // `#[allow_null]`: as for Go's parameters, Terraform refuses the null before any call.
    let text = config(
        r#"
output "lines" {
  value = provider::files::line_count(null)
}
"#,
    );
    let line = line_of(&text, "line_count(null)");
    files()
        .min_terraform("1.8")
        .step(Step::plan(text).expect_error(&format!(
            "Error: Invalid function argument on main\\.tf line {line}, in output \"lines\":.* \
             Invalid value for \"text\" parameter: argument must not be null"
        )))
        .run();
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
fn leases(dir: &Path) -> Vec<String> {
    fs::read_to_string(out(dir, ".files-secret-leases.log"))
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Nothing of `secret` in the state file, and no ephemeral resource either.
fn state_lacks(dir: &Path, secret: &str) {
    let state = fs::read_to_string(dir.join("terraform.tfstate")).unwrap();
    assert!(!state.contains(secret), "{state}");
    let state: Json = serde_json::from_str(&state).unwrap();
    let types: Vec<&str> = state["resources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|resource| resource["type"].as_str().unwrap())
        .collect();
    assert_eq!(types, ["files_file"], "no ephemeral resource in the state");
}

#[test]
fn an_ephemeral_secret_feeds_a_write_only_attribute_and_nothing_of_it_is_stored() {
    let copy = ResourceInstance::<File>::new("files_file.copy");
    // Each write waits 2.5 s: longer than the secret's 1 s lease, which Terraform renews.
    let slow = || {
        FilesProvider::with_switches(TestSwitches {
            write_delay: Some(Duration::from_millis(2500)),
            ..TestSwitches::default()
        })
    };
    ProviderTest::new("example/files", slow)
        .min_terraform("1.11")
        .file("out/secret.txt", "first secret")
        .step(
            Step::apply(config(&SECRET_COPY.replace("VERSION", "1")))
                .expect_action(&copy, PlannedAction::Create)
                .plan_check(copy.attribute(|f| f.content_wo()).is_null())
                .state_check(copy.attribute(|f| f.content_wo()).is_null())
                .state_check(copy.attribute(|f| f.content_wo_version()).equals(1))
                .after(|step| {
                    let dir = step.workdir();
                    assert_eq!(
                        fs::read_to_string(out(dir, "copy.txt")).unwrap(),
                        "first secret"
                    );
                    let leases = leases(dir);
                    for event in ["open secret.txt", "renew secret.txt", "close secret.txt"] {
                        assert!(
                            leases.iter().any(|l| l == event),
                            "no {event:?} in {leases:?}"
                        );
                    }
                    let opens = leases.iter().filter(|l| l.starts_with("open")).count();
                    let closes = leases.iter().filter(|l| l.starts_with("close")).count();
                    assert_eq!(opens, closes, "every lease opened is closed: {leases:?}");
                    state_lacks(dir, "first secret");
                }),
        )
        .step(
            // A new secret and a new version: the file is written again.
            Step::apply(config(&SECRET_COPY.replace("VERSION", "2")))
                .before(|step| {
                    fs::write(out(step.workdir(), "secret.txt"), "second secret").unwrap()
                })
                .expect_action(&copy, PlannedAction::Update)
                .plan_check(copy.attribute(|f| f.content_wo_version()).equals(2))
                .after(|step| {
                    let dir = step.workdir();
                    assert_eq!(
                        fs::read_to_string(out(dir, "copy.txt")).unwrap(),
                        "second secret"
                    );
                    state_lacks(dir, "second secret");
                }),
        )
        .run();
}

#[test]
fn terraform_receives_the_functions_the_ephemeral_resource_and_write_only() {
    let provider = files().schema_json(TerraformVersion::V1_15);
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
    assert_eq!(
        functions["line_count"]["parameters"][0]["is_nullable"],
        Json::Null,
        "{}",
        functions["line_count"]
    );
    let secret = &provider["ephemeral_resource_schemas"]["files_secret"]["block"];
    assert_eq!(secret["attributes"]["content"]["sensitive"], true);
    let file = &provider["resource_schemas"]["files_file"]["block"];
    assert_eq!(file["attributes"]["content_wo"]["write_only"], true);
}

#[test]
fn an_older_terraform_gets_a_clear_error_for_a_write_only_value() {
    let text = config(
        r#"
resource "files_file" "copy" {
  path       = "copy.txt"
  content_wo = "not for an old Terraform"
}
"#,
    );
    let line = line_of(&text, "content_wo = ");
    files()
        .max_terraform("1.10")
        .step(Step::plan(text).expect_error(&format!(
            "Error: WriteOnly Attribute Not Allowed with files_file\\.copy, on main\\.tf line \
             {line}, in resource \"files_file\" \"copy\":.* Write-only attributes are only \
             supported in Terraform 1\\.11"
        )))
        .run();
}
