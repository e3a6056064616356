//! What the example provider offers since Terraform 1.12, through `tfsdk-testing`: a file's
//! identity (its path) in the state and an import by it; `terraform query` listing the files
//! of a directory, and the configuration it generates planning nothing but imports; a `moved`
//! block from the older `files_legacy_file` type with no destroy; the action `files_touch`
//! invoked; and the provider's log lines in Terraform's log (`TF_LOG_PROVIDER=debug`).

use std::fs;
use std::path::Path;

use tfsdk_testing::{PlannedAction, ProviderTest, ResourceInstance, Step};

use terraform_provider_files::legacy::LegacyFile;
use terraform_provider_files::provider::FilesProvider;
use terraform_provider_files::resource::{File, FileIdentity};

fn files() -> ProviderTest {
    ProviderTest::new("example/files", FilesProvider::default).file("out/.keep", "")
}

fn config(body: &str) -> String {
    format!("provider \"files\" {{\n  base_dir = \"${{path.cwd}}/out\"\n}}\n{body}")
}

fn out(dir: &Path, name: &str) -> std::path::PathBuf {
    dir.join("out").join(name)
}

const A: &str = r#"
resource "files_file" "a" {
  path    = "a.txt"
  content = "hello"
}
"#;

#[test]
fn a_file_has_an_identity_and_is_imported_by_it() {
    let a = ResourceInstance::<File>::new("files_file.a");
    let path = |path: &str| FileIdentity {
        path: path.to_owned(),
    };
    files()
        .min_terraform("1.12")
        .step(Step::apply(config(A)).state_check(a.has_identity(path("a.txt"))))
        .step(Step::import_by_identity(&a, path("a.txt")).expect_action(&a, PlannedAction::NoOp))
        .step(
            Step::import_by_identity(&a, path("missing.txt"))
                .without_verify()
                .expect_error("Cannot import file There is no file at missing\\.txt\\."),
        )
        .run();
}

#[test]
fn terraform_query_lists_the_files_and_generates_configuration_that_plans_cleanly() {
    let query = r#"
list "files_file" "all" {
  provider = files
  config {
    suffix = ".txt"
  }
}

list "files_file" "logs" {
  provider = files
  include_resource = true
  config {
    directory = "logs"
  }
}
"#;
    files()
        .min_terraform("1.14")
        .file("out/notes.txt", "found, not managed\n")
        .file("out/skipped.md", "not a .txt")
        .file("out/logs/app.log", "a log line\n")
        .step(Step::apply(config(A)))
        .step(
            Step::query(query)
                .expect_listed("list.files_file.all", ["a.txt", "notes.txt"])
                .expect_listed("list.files_file.logs", ["logs/app.log"])
                .generate_config(),
        )
        .step(
            Step::query(
                "list \"files_file\" \"gone\" {\n  provider = files\n  config {\n    directory = \"nope\"\n  }\n}\n",
            )
            .expect_error("Cannot list files nope:"),
        )
        .run();
}

const LEGACY: &str = r#"
resource "files_legacy_file" "old" {
  filename = "old.txt"
  text     = "written by the older type"
}
"#;

const MOVED: &str = r#"
resource "files_file" "old" {
  path    = "old.txt"
  content = "written by the older type"
}

moved {
  from = files_legacy_file.old
  to   = files_file.old
}
"#;

#[test]
fn a_moved_block_hands_a_legacy_file_over_without_destroying_it() {
    let legacy = ResourceInstance::<LegacyFile>::new("files_legacy_file.old");
    let moved = ResourceInstance::<File>::new("files_file.old");
    files()
        .min_terraform("1.8")
        .step(Step::apply(config(LEGACY)).state_check(legacy.exists()))
        .step(
            Step::apply(config(MOVED))
                .before(|step| {
                    // Changed behind Terraform's back: the move must not rewrite it.
                    fs::write(out(step.workdir(), "old.txt"), "written by the older type").unwrap();
                })
                .expect_action(&moved, PlannedAction::NoOp)
                .state_check(legacy.is_absent())
                .state_check(
                    moved
                        .attribute(|f| f.content())
                        .equals("written by the older type"),
                )
                .state_check(moved.attribute(|f| f.permissions()).equals("0644")),
        )
        .run();
}

#[test]
fn an_action_touches_a_file_when_invoked() {
    let action = r#"
action "files_touch" "stamp" {
  config {
    path = "stamp.txt"
  }
}
"#;
    let both = config(&format!("{A}{action}"));
    files()
        .min_terraform("1.14")
        // `-invoke` runs the action alone: the configuration is applied first.
        .step(Step::apply(both.clone()))
        .step(
            Step::apply(both.clone())
                .invoke("action.files_touch.stamp")
                .expect_output(
                    "Action action\\.files_touch\\.stamp \\(triggered by CLI\\): creating stamp\\.txt",
                )
                .expect_output("Action complete: action\\.files_touch\\.stamp")
                .after(|step| {
                    let stamp = out(step.workdir(), "stamp.txt");
                    assert_eq!(fs::read_to_string(stamp).unwrap(), "", "touch creates it empty");
                }),
        )
        .step(
            Step::apply(both)
                .invoke("action.files_touch.stamp")
                .expect_output("updating the modification time of stamp\\.txt"),
        )
        .run();
}

#[test]
fn provider_logs_reach_terraforms_log() {
    // The built binary: Terraform reads its log lines from the process's stderr.
    ProviderTest::binary(
        "example/files",
        env!("CARGO_BIN_EXE_terraform-provider-files"),
    )
    .file("out/.keep", "")
    .step(
        Step::apply(config(A))
            .env("TF_LOG_PROVIDER", "debug")
            .expect_output(
                "\\[DEBUG\\] provider\\.terraform-provider-files: wrote file: .*path=a\\.txt",
            ),
    )
    .run();
}
