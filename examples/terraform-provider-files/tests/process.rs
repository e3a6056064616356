//! What only a provider process shows, under real Terraform (1.15.5 and 1.0.3) starting the
//! built binary as in real use: a panicking resource method fails its request while the
//! process keeps serving, and every provider process Terraform starts exits by itself, soon
//! after Terraform's Close (read from Terraform's trace log).

use std::fs;
use std::path::{Path, PathBuf};

use tfsdk_testing::{Run, Terraform, TerraformVersion, Workdir};

/// A working directory for `version` that uses the built provider binary.
fn workdir(version: TerraformVersion) -> Workdir {
    let binary = Path::new(env!("CARGO_BIN_EXE_terraform-provider-files"));
    let mut workdir = Workdir::new(Terraform::get(version));
    workdir.dev_override("example/files", binary.parent().expect("a directory"));
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

#[test]
fn a_panicking_create_is_an_error_diagnostic_and_the_provider_keeps_serving() {
    for version in TerraformVersion::ALL {
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
    for version in TerraformVersion::ALL {
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

/// The generic run every provider binary of the project passes under both Terraforms: plan,
/// apply, an empty second plan, destroy, and every provider process exiting by itself.
#[test]
fn a_generic_run_leaves_no_provider_process_behind() {
    tfsdk_testing::ProviderTest::binary(
        "example/files",
        env!("CARGO_BIN_EXE_terraform-provider-files"),
    )
    .check_shutdown()
    .file("out/.keep", "")
    .step(tfsdk_testing::Step::apply(
        "provider \"files\" {\n  base_dir = \"${path.cwd}/out\"\n}\n\
         resource \"files_file\" \"a\" {\n  path    = \"a.txt\"\n  content = \"a\"\n}\n",
    ))
    .run();
}
