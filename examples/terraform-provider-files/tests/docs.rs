//! The registry documentation under `docs/` is what the schema Terraform receives and the
//! configurations under `examples/` make of it (`TFSDK_UPDATE_DOCS=1 cargo test -p
//! terraform-provider-files --test docs` writes it), and those configurations work: all of
//! them together apply, plan nothing more and destroy under Terraform 1.15.5.

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

/// Every `.tf` file under `dir`, in path order.
fn configurations(dir: &Path, out: &mut Vec<String>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            configurations(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "tf") {
            out.push(fs::read_to_string(&path).unwrap());
        }
    }
}

#[test]
fn the_documented_examples_apply() {
    let mut all = Vec::new();
    configurations(Path::new("examples"), &mut all);
    assert!(all.len() >= 9, "{} example files", all.len());
    files()
        .min_terraform("1.11")
        .file("out/motd.txt", "Welcome!\n")
        .file("out/db-password.txt", "s3cr3t")
        .step(Step::apply(all.join("\n")).env("TF_VAR_token", "t0ken"))
        .run();
}
