//! `tfsdk new`: the provider crate it writes, in a directory outside this workspace, is
//! formatted, builds and passes its own acceptance tests under real Terraform (1.15.5 and 1.0.3),
//! exactly as generated;
//! the layout with one crate per service builds and passes its tests too.
//!
//! The generated `Cargo.toml` depends on the published tfsdk crates by version; the one line a
//! user would not have is the `[patch.crates-io]` this test adds, pointing them at this
//! workspace's crates. The crates build in their own target directory (the running `cargo test`
//! holds the workspace's), with this workspace's `Cargo.lock` so that they resolve to the
//! versions the workspace was tested with.

use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

/// The generated crates' target directory, shared by the tests of this file.
fn target() -> PathBuf {
    workspace().join("target").join("tfsdk-new")
}

/// Runs `tfsdk new demo --namespace acme ARGS` in a fresh directory outside the workspace and
/// points the new crate at this workspace's crates; returns the crate's directory.
fn new_provider(parent: &Path, args: &[&str]) -> PathBuf {
    let dir = parent.join("terraform-provider-demo");
    let output = Command::new(env!("CARGO_BIN_EXE_tfsdk"))
        .args(["new", "demo", "--namespace", "acme", "--path"])
        .arg(&dir)
        .args(args)
        .output()
        .expect("tfsdk runs");
    assert!(
        output.status.success(),
        "tfsdk new failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let root = workspace();
    let patch = format!(
        "\n[patch.crates-io]\n\
         tfsdk-core = {{ path = {core:?} }}\n\
         tfsdk-server = {{ path = {server:?} }}\n\
         tfsdk-testing = {{ path = {testing:?} }}\n",
        core = root.join("tfsdk-core"),
        server = root.join("tfsdk-server"),
        testing = root.join("tfsdk-testing"),
    );
    let manifest = dir.join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest).expect("Cargo.toml written");
    std::fs::write(&manifest, text + &patch).expect("Cargo.toml patched");
    std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).expect("Cargo.lock copied");
    dir
}

/// Runs cargo in `dir` on the shared target directory; panics with its output on failure.
fn cargo(dir: &Path, args: &[&str]) -> String {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args(args)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target())
        .output()
        .expect("cargo runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        output.status.success(),
        "cargo {} failed in {}:\n{text}",
        args.join(" "),
        dir.display()
    );
    text
}

#[test]
fn a_new_provider_builds_alone_and_passes_its_tests() {
    let parent = tempfile::tempdir().expect("a temporary directory");
    let dir = new_provider(parent.path(), &[]);
    cargo(&dir, &["fmt", "--check"]);
    let tests = cargo(&dir, &["test"]);
    assert!(
        tests.contains("test result: ok. 4 passed"),
        "the acceptance tests did not all run:\n{tests}"
    );
}

#[test]
fn a_provider_split_into_service_crates_builds_and_passes_its_tests() {
    let parent = tempfile::tempdir().expect("a temporary directory");
    let dir = new_provider(parent.path(), &["--services", "compute,storage"]);
    for crate_dir in [
        "crates/demo-provider",
        "crates/demo-compute",
        "crates/demo-storage",
    ] {
        assert!(
            dir.join(crate_dir).join("Cargo.toml").is_file(),
            "{crate_dir}"
        );
    }
    cargo(&dir, &["fmt", "--all", "--check"]);
    let tests = cargo(&dir, &["test", "--workspace"]);
    assert!(
        tests.contains("test result: ok. 4 passed"),
        "the acceptance tests did not all run:\n{tests}"
    );
}
