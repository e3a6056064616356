//! `tfsdk new`: the provider crate it writes, in a directory outside this workspace, is
//! formatted, builds and passes its own acceptance tests under real Terraform (1.15.5 and 1.0.3),
//! exactly as generated;
//! the layout with one crate per service builds and passes its tests too; and so does the front
//! `--beside-go` starts for an existing Go provider, which then runs beside that provider under
//! Terraform.
//!
//! The generated `Cargo.toml` depends on the published tfsdk crates by version; the one thing a
//! user would not have is the `[patch.crates-io]` this test adds, pointing them at the crates
//! as `cargo package --workspace` packs them (unpacked from their `.crate` files). The crates build in their own target directory (the running `cargo test`
//! holds the workspace's), with this workspace's `Cargo.lock` so that they resolve to the
//! versions the workspace was tested with.

use std::path::{Path, PathBuf};
use std::process::Command;

mod support;

use support::{patch, target, workspace};

/// Runs `tfsdk new demo --namespace acme ARGS` in a fresh directory outside the workspace and
/// points the new crate at this workspace's crates; returns the crate's directory.
fn new_provider(parent: &Path, args: &[&str]) -> PathBuf {
    new_named(parent, "demo", &[&["--namespace", "acme"], args].concat())
}

/// Runs `tfsdk new NAME ARGS` in `parent`, patched as [`new_provider`] says.
fn new_named(parent: &Path, name: &str, args: &[&str]) -> PathBuf {
    let dir = parent.join(format!("terraform-provider-{name}"));
    let output = Command::new(env!("CARGO_BIN_EXE_tfsdk"))
        .args(["new", name, "--path"])
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
    let patch = patch();
    let manifest = dir.join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest).expect("Cargo.toml written");
    std::fs::write(&manifest, text + &patch).expect("Cargo.toml patched");
    std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).expect("Cargo.lock copied");
    dir
}

/// Runs cargo in `dir` on the shared target directory; panics with its output on failure.
fn cargo(dir: &Path, args: &[&str]) -> String {
    support::cargo(dir, args, &[])
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

    // The same tests with the author's own Terraform, named by TF_ACC_TERRAFORM_PATH: here
    // a `terraform` script that runs the 1.15.5 this workspace installed. Nothing is installed:
    // the install root the tests would use stays empty.
    let own = tempfile::tempdir().expect("a temporary directory");
    let terraform = own_terraform(own.path());
    let untouched = own.path().join("install-root");
    std::fs::create_dir(&untouched).expect("install root");
    let tests = support::cargo(
        &dir,
        &["test", "--", "--nocapture"],
        &[
            ("TF_ACC_TERRAFORM_PATH", terraform.as_os_str()),
            ("TFSDK_TERRAFORM_DIR", untouched.as_os_str()),
        ],
    );
    assert!(
        tests.contains("test result: ok. 4 passed"),
        "the acceptance tests did not all run:\n{tests}"
    );
    assert!(tests.contains("Terraform 1.15.5: "), "{tests}");
    assert!(!tests.contains("Terraform 1.0.3"), "{tests}");
    assert!(!tests.contains("installing Terraform"), "{tests}");
    let installed: Vec<_> = std::fs::read_dir(&untouched).expect("readable").collect();
    assert!(
        installed.is_empty(),
        "something was installed: {installed:?}"
    );

    // `terraform apply` of `try/main.tf` as the README says: the build, through dev_overrides.
    cargo(&dir, &["build"]);
    for version in tfsdk_testing::TerraformVersion::ALL {
        let mut workdir = tfsdk_testing::Workdir::new(tfsdk_testing::Terraform::get(version));
        workdir.dev_override("acme/demo", &target().join("debug"));
        workdir.write(
            "main.tf",
            std::fs::read_to_string(dir.join("try/main.tf")).expect("try/main.tf"),
        );
        let apply = workdir.run(&["apply", "-auto-approve", "-input=false", "-no-color"]);
        apply.assert_success();
        assert!(apply.stdout.contains(r#"id = "thing-example""#), "{apply}");
        assert!(
            apply.combined().contains("Provider development overrides"),
            "{apply}"
        );
        workdir
            .run(&["destroy", "-auto-approve", "-input=false", "-no-color"])
            .assert_success();
    }
}

/// A `terraform` executable in `dir`: a script running the Terraform 1.15.5 that
/// tfsdk-testing installed for this workspace, as an author's own binary would run.
fn own_terraform(dir: &Path) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;

    let installed = tfsdk_testing::Terraform::get(tfsdk_testing::TerraformVersion::V1_15);
    let command = installed.command();
    let quote =
        |text: &std::ffi::OsStr| format!("'{}'", text.to_string_lossy().replace('\'', r"'\''"));
    let words: Vec<String> = std::iter::once(quote(command.get_program()))
        .chain(command.get_args().map(quote))
        .collect();
    let script = dir.join("terraform");
    std::fs::write(
        &script,
        format!("#!/bin/sh\nexec {} \"$@\"\n", words.join(" ")),
    )
    .expect("script written");
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("mode");
    script
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

/// `tfsdk new petstore --beside-go go-schema.json` (the petstore example's Go provider): the
/// front is formatted, builds, passes its provider-schema test, and, installed beside the Go
/// provider, serves the Go provider's types to Terraform 1.15.5.
#[test]
fn a_front_for_an_existing_go_provider_builds_and_serves_the_go_types() {
    let go_schema = workspace().join("examples/terraform-provider-petstore/go-schema.json");
    let parent = tempfile::tempdir().expect("a temporary directory");
    let dir = new_named(
        parent.path(),
        "petstore",
        &[
            "--namespace",
            "example",
            "--beside-go",
            go_schema.to_str().unwrap(),
        ],
    );
    assert!(dir.join("src/models/provider.rs").is_file());
    cargo(&dir, &["fmt", "--check"]);
    let tests = cargo(&dir, &["test"]);
    assert!(
        tests.contains("the_provider_schema_is_the_go_providers ... ok"),
        "{tests}"
    );
    cargo(&dir, &["build"]);
    let Some(go) = tfsdk_testing::GoProvider::new(workspace().join("tests/go-providers/framework"))
        .build(&parent.path().join("plugins/terraform-provider-petstore-go"))
    else {
        return;
    };
    let plugins = go.parent().expect("the plugins directory").to_path_buf();
    std::fs::copy(
        target().join("debug/terraform-provider-petstore"),
        plugins.join("terraform-provider-petstore"),
    )
    .expect("the front installed");
    let mut workdir = tfsdk_testing::Workdir::new(tfsdk_testing::Terraform::get(
        tfsdk_testing::TerraformVersion::V1_15,
    ));
    workdir.dev_override("example/petstore", &plugins);
    workdir.write(
        "main.tf",
        "terraform {\n  required_providers {\n    petstore = { source = \"example/petstore\" }\n  }\n}\n\n\
         provider \"petstore\" {\n  directory = \"${path.cwd}/store\"\n}\n\n\
         resource \"petstore_pet\" \"rex\" {\n  name = \"Rex\"\n}\n",
    );
    let apply = workdir.run(&["apply", "-auto-approve", "-input=false", "-no-color"]);
    apply.assert_success();
    assert!(apply.stdout.contains("Resources: 1 added"), "{apply}");
    workdir
        .run(&["destroy", "-auto-approve", "-input=false", "-no-color"])
        .assert_success();
}
