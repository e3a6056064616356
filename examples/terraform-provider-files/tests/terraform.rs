//! The example provider under real Terraform (1.15.5 and 1.0.3, installed under `target/` by
//! the harness): plan, apply, no-change plan, in-place update, replacement, drift, import, a
//! data source, values unknown at plan time, configuration errors, destroy, the schema
//! Terraform received, a panicking resource method, and graceful shutdown of every provider
//! process. Each step is checked on Terraform's output and on the files it left.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use tfsdk_core::TfSchema;
use tfsdk_testing::{Run, Terraform, TerraformVersion, Workdir};

use terraform_provider_files::data_source::FileData;
use terraform_provider_files::provider::FilesConfig;
use terraform_provider_files::resource::File;

const VERSIONS: [TerraformVersion; 2] = [TerraformVersion::V1_15, TerraformVersion::V1_0];

/// The directory holding the provider binary Cargo built for these tests.
fn provider_dir() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_terraform-provider-files"))
        .parent()
        .expect("the binary has a directory")
        .to_path_buf()
}

/// A working directory for `version` that uses the freshly built provider.
fn workdir(version: TerraformVersion) -> Workdir {
    let mut workdir = Workdir::new(Terraform::get(version));
    workdir.dev_override("example/files", &provider_dir());
    workdir
}

/// `main.tf`: the provider block (paths relative to the working directory's `out/`) and `body`.
fn configure(workdir: &Workdir, body: &str) {
    let base = workdir.path().join("out");
    fs::create_dir_all(&base).unwrap();
    workdir.write(
        "main.tf",
        format!(
            "terraform {{\n  required_providers {{\n    files = {{ source = \"example/files\" }}\n  }}\n}}\n\n\
             provider \"files\" {{\n  base_dir = \"{}\"\n}}\n\n{body}",
            base.display()
        ),
    );
}

fn out(workdir: &Workdir, name: &str) -> PathBuf {
    workdir.path().join("out").join(name)
}

fn read(workdir: &Workdir, name: &str) -> String {
    fs::read_to_string(out(workdir, name))
        .unwrap_or_else(|e| panic!("{name} in {}: {e}", workdir.path().display()))
}

fn plan(workdir: &Workdir) -> Run {
    workdir.run(&["plan", "-no-color", "-input=false"])
}

fn apply(workdir: &Workdir) -> Run {
    workdir.run(&["apply", "-auto-approve", "-no-color", "-input=false"])
}

fn assert_contains(run: &Run, text: &str) {
    assert!(
        run.stdout.contains(text) || run.stderr.contains(text),
        "expected {text:?} in Terraform's output:\n--- stdout\n{}\n--- stderr\n{}",
        run.stdout,
        run.stderr
    );
}

fn assert_lacks(run: &Run, text: &str) {
    assert!(
        !run.stdout.contains(text) && !run.stderr.contains(text),
        "did not expect {text:?} in Terraform's output:\n--- stdout\n{}\n--- stderr\n{}",
        run.stdout,
        run.stderr
    );
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

fn lifecycle(version: TerraformVersion) {
    let workdir = workdir(version);
    configure(&workdir, FIRST);
    fs::write(out(&workdir, "seed.txt"), "seeded by the test").unwrap();

    // Plan of new resources: computed attributes unknown, the sensitive one hidden, the value
    // that comes from another resource unknown, the default filled in.
    let run = plan(&workdir);
    run.assert_success();
    assert_contains(&run, "Plan: 3 to add, 0 to change, 0 to destroy.");
    assert_contains(&run, "id                = (known after apply)");
    assert_contains(&run, "sensitive_content = (sensitive value)");
    assert_contains(&run, "content     = (known after apply)");
    assert_contains(&run, "permissions = \"0644\"");
    // The checksum is known at plan time when the content is (the resource's plan
    // modification): SHA-256 of "hello".
    assert_contains(
        &run,
        "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824",
    );
    assert!(
        !out(&workdir, "a.txt").exists(),
        "plan must not write files"
    );

    // Apply: the files, their permissions and the sidecar are on disk.
    let run = apply(&workdir);
    run.assert_success();
    assert_contains(
        &run,
        "Apply complete! Resources: 3 added, 0 changed, 0 destroyed.",
    );
    assert_contains(&run, "seed = \"seeded by the test\"");
    assert_contains(&run, "seed_size = 18");
    assert_eq!(read(&workdir, "a.txt"), "hello");
    assert_eq!(read(&workdir, "b.txt"), "a.txt");
    assert_eq!(read(&workdir, "secret.txt"), "s3cr3t");
    let mode = |name: &str| {
        fs::metadata(out(&workdir, name))
            .unwrap()
            .permissions()
            .mode()
            & 0o777
    };
    assert_eq!(mode("a.txt"), 0o644);
    assert_eq!(mode("secret.txt"), 0o600);
    let meta: serde_json::Value = serde_json::from_str(&read(&workdir, "a.txt.meta.json")).unwrap();
    assert_eq!(
        meta,
        serde_json::json!({
            "owner": {"name": "ops", "email": null},
            "labels": [{"key": "env", "value": "dev"}, {"key": "tier", "value": ""}]
        })
    );
    assert!(!out(&workdir, "b.txt.meta.json").exists());

    // Nothing changed: no changes.
    let run = plan(&workdir);
    run.assert_success();
    assert_contains(&run, "No changes.");

    // In-place update of a's content; b's content (a.id) stays.
    configure(
        &workdir,
        &FIRST.replace("content = \"hello\"", "content = \"hello again\""),
    );
    let run = plan(&workdir);
    run.assert_success();
    assert_contains(&run, "~ update in-place");
    assert_contains(&run, "~ content     = \"hello\" -> \"hello again\"");
    assert_contains(&run, "Plan: 0 to add, 1 to change, 0 to destroy.");
    let run = apply(&workdir);
    run.assert_success();
    assert_contains(&run, "Resources: 0 added, 1 changed, 0 destroyed.");
    assert_eq!(read(&workdir, "a.txt"), "hello again");

    // A force-new attribute: b's path. Replaced on apply.
    let second = FIRST
        .replace("content = \"hello\"", "content = \"hello again\"")
        .replace("path    = \"b.txt\"", "path    = \"b2.txt\"");
    configure(&workdir, &second);
    let run = plan(&workdir);
    run.assert_success();
    assert_contains(&run, "# files_file.b must be replaced");
    assert_contains(&run, "# forces replacement");
    assert_contains(&run, "Plan: 1 to add, 0 to change, 1 to destroy.");
    let run = apply(&workdir);
    run.assert_success();
    assert_contains(&run, "Resources: 1 added, 0 changed, 1 destroyed.");
    assert!(!out(&workdir, "b.txt").exists());
    assert_eq!(read(&workdir, "b2.txt"), "a.txt");

    // Drift: the file changed outside Terraform; the next plan puts it back.
    fs::write(out(&workdir, "a.txt"), "tampered").unwrap();
    let run = plan(&workdir);
    run.assert_success();
    assert_contains(&run, "~ content     = \"tampered\" -> \"hello again\"");
    assert_contains(&run, "Plan: 0 to add, 1 to change, 0 to destroy.");
    apply(&workdir).assert_success();
    assert_eq!(read(&workdir, "a.txt"), "hello again");

    // Destroy: everything is gone, sidecar included; the seed file is not ours.
    let run = workdir.run(&["destroy", "-auto-approve", "-no-color", "-input=false"]);
    run.assert_success();
    assert_contains(&run, "Destroy complete! Resources: 3 destroyed.");
    for name in ["a.txt", "a.txt.meta.json", "b2.txt", "secret.txt"] {
        assert!(!out(&workdir, name).exists(), "{name} should be deleted");
    }
    assert!(out(&workdir, "seed.txt").exists());
}

#[test]
fn lifecycle_under_terraform_1_15() {
    lifecycle(TerraformVersion::V1_15);
}

#[test]
fn lifecycle_under_terraform_1_0() {
    lifecycle(TerraformVersion::V1_0);
}

const IMPORTED: &str = r#"
resource "files_file" "existing" {
  path    = "existing.txt"
  content = "was here first"
}
"#;

fn import_command(version: TerraformVersion) {
    let workdir = workdir(version);
    configure(&workdir, IMPORTED);
    let existing = out(&workdir, "existing.txt");
    fs::write(&existing, "was here first").unwrap();
    fs::set_permissions(&existing, fs::Permissions::from_mode(0o644)).unwrap();
    let run = workdir.run(&[
        "import",
        "-no-color",
        "-input=false",
        "files_file.existing",
        "existing.txt",
    ]);
    run.assert_success();
    assert_contains(&run, "Import successful!");
    let run = plan(&workdir);
    run.assert_success();
    assert_contains(&run, "No changes.");
}

#[test]
fn import_command_under_terraform_1_15() {
    import_command(TerraformVersion::V1_15);
}

#[test]
fn import_command_under_terraform_1_0() {
    import_command(TerraformVersion::V1_0);
}

#[test]
fn import_block_under_terraform_1_15() {
    let workdir = workdir(TerraformVersion::V1_15);
    configure(
        &workdir,
        &format!(
            "{IMPORTED}\nimport {{\n  to = files_file.existing\n  id = \"existing.txt\"\n}}\n"
        ),
    );
    fs::write(out(&workdir, "existing.txt"), "was here first").unwrap();
    fs::set_permissions(
        out(&workdir, "existing.txt"),
        fs::Permissions::from_mode(0o644),
    )
    .unwrap();
    let run = plan(&workdir);
    run.assert_success();
    assert_contains(
        &run,
        "Plan: 1 to import, 0 to add, 0 to change, 0 to destroy.",
    );
    let run = apply(&workdir);
    run.assert_success();
    assert_contains(
        &run,
        "Apply complete! Resources: 1 imported, 0 added, 0 changed, 0 destroyed.",
    );
    let run = plan(&workdir);
    run.assert_success();
    assert_contains(&run, "No changes.");
}

fn configuration_errors(version: TerraformVersion) {
    let workdir = workdir(version);
    // The provider block takes lines 1-10. Line 11: the resource without its required path;
    // line 18: a list where a string goes; line 23: the model's `exactly_one_of` rule (two
    // contents at once), pointed at the attribute that carries it.
    configure(
        &workdir,
        r#"resource "files_file" "no_path" {
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
    let run = plan(&workdir);
    run.assert_failure();
    assert_contains(&run, "Missing required argument");
    assert_contains(
        &run,
        "The argument \"path\" is required, but no definition was found.",
    );
    assert_contains(
        &run,
        "on main.tf line 11, in resource \"files_file\" \"no_path\":",
    );
    assert_contains(&run, "Incorrect attribute value type");
    assert_contains(
        &run,
        "on main.tf line 18, in resource \"files_file\" \"bad_type\":",
    );
    assert_contains(&run, "Invalid Attribute Combination");
    assert_contains(
        &run,
        "on main.tf line 23, in resource \"files_file\" \"both\":",
    );
    assert_contains(&run, "2 attributes specified when one (and only one) of");
    assert!(!out(&workdir, "bad.txt").exists());
}

#[test]
fn configuration_errors_point_at_the_argument_under_terraform_1_15() {
    configuration_errors(TerraformVersion::V1_15);
}

#[test]
fn configuration_errors_point_at_the_argument_under_terraform_1_0() {
    configuration_errors(TerraformVersion::V1_0);
}

fn schema_matches_the_models(version: TerraformVersion) {
    let workdir = workdir(version);
    configure(&workdir, "");
    let run = workdir.run(&["providers", "schema", "-json"]);
    run.assert_success();
    let printed: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap_or_else(|e| {
        panic!("schema JSON: {e}\n{}", run.stdout);
    });
    let provider = &printed["provider_schemas"]["registry.terraform.io/example/files"];
    assert_eq!(
        provider["provider"]["block"],
        FilesConfig::schema().to_json_block()
    );
    assert_eq!(provider["provider"]["version"], 0);
    let mut file = File::schema().to_json_block();
    if version == TerraformVersion::V1_0 {
        // Terraform 1.0 does not know write-only attributes: it shows content_wo without the
        // flag (and a configuration cannot set it there; see the write-only tests).
        strip_write_only(&mut file);
    }
    assert_eq!(provider["resource_schemas"]["files_file"]["block"], file);
    assert_eq!(provider["resource_schemas"]["files_file"]["version"], 0);
    assert_eq!(
        provider["data_source_schemas"]["files_file"]["block"],
        FileData::schema().to_json_block()
    );
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

#[test]
fn terraform_receives_the_schema_derived_from_the_models_1_15() {
    schema_matches_the_models(TerraformVersion::V1_15);
}

#[test]
fn terraform_receives_the_schema_derived_from_the_models_1_0() {
    schema_matches_the_models(TerraformVersion::V1_0);
}

#[test]
fn a_panicking_create_is_an_error_diagnostic_and_the_provider_keeps_serving() {
    for version in VERSIONS {
        let workdir = workdir(version);
        configure(
            &workdir,
            r#"
resource "files_file" "fine" {
  path    = "fine.txt"
  content = "fine"
}

resource "files_file" "boom" {
  path    = "boom.txt"
  content = "boom"
}
"#,
        );
        let run = workdir.run_with_env(
            &["apply", "-auto-approve", "-no-color", "-input=false"],
            &[
                ("FILES_PROVIDER_TEST_PANIC_ON_PATH", "boom.txt"),
                ("TF_LOG", "trace"),
            ],
        );
        run.assert_failure();
        assert_contains(&run, "Provider panicked");
        // Terraform wraps the detail at 78 columns: match the part before the break.
        assert_contains(
            &run,
            "The provider's create panicked: test switch FILES_PROVIDER_TEST_PANIC_ON_PATH",
        );
        // The same process served the other create and, after the panic, the controller's
        // Shutdown: it exited by itself rather than being killed.
        assert_eq!(read(&workdir, "fine.txt"), "fine");
        assert!(!out(&workdir, "boom.txt").exists());
        assert_lacks(&run, "plugin failed to exit gracefully");
        assert_lacks(&run, "Error: Plugin did not respond");
    }
}

#[test]
fn every_provider_process_exits_gracefully_on_shutdown() {
    for version in VERSIONS {
        let workdir = workdir(version);
        configure(
            &workdir,
            "resource \"files_file\" \"a\" {\n  path    = \"a.txt\"\n  content = \"a\"\n}\n",
        );
        let trace = [("TF_LOG", "trace")];
        for args in [
            &["plan", "-no-color", "-input=false"][..],
            &["apply", "-auto-approve", "-no-color", "-input=false"][..],
            &["destroy", "-auto-approve", "-no-color", "-input=false"][..],
        ] {
            let run = workdir.run_with_env(args, &trace);
            run.assert_success();
            let log = run.combined();
            let started = log.matches("plugin started").count();
            let exited = log.matches("plugin process exited").count();
            assert!(
                started > 0,
                "{version:?} {args:?}: no provider started?\n{log}"
            );
            assert_eq!(
                started, exited,
                "{version:?} {args:?}: every provider process must exit"
            );
            assert_lacks(&run, "plugin failed to exit gracefully");
            assert_lacks(&run, "killed");
            let waits = close_to_exit_millis(&run.stderr);
            assert_eq!(
                waits.len(),
                exited,
                "{version:?} {args:?}: every exit follows a Close\n{log}"
            );
            let slowest = waits.iter().copied().max().unwrap_or(0);
            println!(
                "{version:?} {args:?}: {exited} provider processes, Close to exit at most {slowest} ms"
            );
            assert!(
                slowest <= 100,
                "{version:?} {args:?}: a provider took {slowest} ms to exit after Close\n{log}"
            );
        }
    }
}

/// Milliseconds of a trace line's timestamp (`2026-11-25T11:46:20.808Z [TRACE] ...`) since
/// midnight; `None` for lines without one (continuations).
fn log_millis(line: &str) -> Option<u64> {
    let time = line.get(11..23)?; // HH:MM:SS.mmm
    if line.get(23..24)? != "Z" {
        return None;
    }
    let number = |range: std::ops::Range<usize>| time.get(range)?.parse::<u64>().ok();
    Some(((number(0..2)? * 60 + number(3..5)?) * 60 + number(6..8)?) * 1000 + number(9..12)?)
}

/// For each "plugin process exited" line of Terraform's trace log, the time since the
/// "GRPCProvider.v6: Close" line before it: Terraform logs that line, then sends the
/// controller's `Shutdown` and waits for the process to exit.
fn close_to_exit_millis(log: &str) -> Vec<u64> {
    let mut pending_closes = std::collections::VecDeque::new();
    let mut waits = Vec::new();
    for line in log.lines() {
        if line.contains("GRPCProvider.v6: Close") {
            pending_closes.extend(log_millis(line));
        } else if line.contains("plugin process exited")
            && let Some(exit) = log_millis(line)
            && let Some(close) = pending_closes.pop_front()
        {
            waits.push(exit.saturating_sub(close));
        }
    }
    waits
}
