//! The registry documentation under `docs/` is what the schema Terraform receives and the
//! configurations under `examples/` make of it (`TFSDK_UPDATE_DOCS=1 cargo test -p
//! terraform-provider-files --test docs` writes it), and those configurations work: all of
//! them together apply (importing by identity, triggering the action), plan nothing more and
//! destroy under Terraform 1.15.5, and the list resource's query finds what they made.

use std::fs;
use std::path::Path;

use tfsdk_testing::{ProviderTest, Step};

use terraform_provider_files::provider::FilesProvider;

fn files() -> ProviderTest {
    ProviderTest::new("example/files", FilesProvider::default)
}

#[test]
fn the_registry_docs_are_up_to_date() {
    files().check_docs("docs", "examples");
}

/// Every file under `dir` whose name ends with `suffix`, in path order.
fn configurations(dir: &Path, suffix: &str, out: &mut Vec<String>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            configurations(&path, suffix, out);
        } else if path.to_string_lossy().ends_with(suffix) {
            out.push(fs::read_to_string(&path).unwrap());
        }
    }
}

#[test]
fn the_documented_examples_apply() {
    let mut all = Vec::new();
    configurations(Path::new("examples"), ".tf", &mut all);
    assert!(all.len() >= 11, "{} example files", all.len());
    let mut queries = Vec::new();
    configurations(Path::new("examples"), ".tfquery.hcl", &mut queries);
    assert_eq!(queries.len(), 1);
    files()
        // Import by identity needs 1.12, actions and queries 1.14.
        .min_terraform("1.14")
        .file("out/motd.txt", "Welcome!\n")
        .file("out/db-password.txt", "s3cr3t")
        .env("TF_VAR_token", "t0ken")
        .step(
            Step::apply(all.join("\n"))
                .expect_output("files_file\\.motd: Import complete")
                .expect_output("Action complete: action\\.files_touch\\.notes"),
        )
        .step(Step::query(queries.join("\n")).expect_listed(
            "list.files_file.texts",
            ["db-password.txt", "motd.txt", "notes.txt", "token.txt"],
        ))
        .run();
}
