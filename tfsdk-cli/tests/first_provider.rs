//! The README's "Your first provider", done as a reader does it: every block marked
//! `<!-- first-provider: ... -->` is run (a shell block) or written to its file, in a directory
//! outside this workspace, in order; then the provider is applied by Terraform through the
//! block's `dev_overrides`, under both Terraforms.
//!
//! The one thing a reader would not do is the `[patch.crates-io]` this test adds, which points
//! the published crates' names at this workspace's crates as `cargo package` packs them.

use tfsdk_testing::{Terraform, TerraformVersion, Workdir};

mod support;

use support::{patch, target, workspace};

const README: &str = include_str!("../../README.md");

/// The README's marked blocks, in order: (what the marker names, the block's text).
fn blocks() -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut lines = README.lines();
    while let Some(line) = lines.next() {
        let Some(name) = line
            .strip_prefix("<!-- first-provider: ")
            .and_then(|rest| rest.strip_suffix(" -->"))
        else {
            continue;
        };
        let fence = lines.next().unwrap_or_default();
        assert!(fence.starts_with("```"), "no code block after {line:?}");
        let body: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
        found.push((name.to_owned(), body.join("\n") + "\n"));
    }
    found
}

#[test]
fn the_readme_first_provider_builds_tests_and_applies() {
    let parent = tempfile::tempdir().expect("a temporary directory");
    let mut dir = parent.path().to_path_buf();
    let mut cli_config = None;
    let mut main_tf = None;
    let mut applied = false;
    let mut tested = false;
    for (name, text) in blocks() {
        match name.as_str() {
            "shell" => {
                for line in text.lines() {
                    let command = line.split('#').next().unwrap_or_default().trim();
                    let words: Vec<&str> = command.split_whitespace().collect();
                    match words.as_slice() {
                        ["cargo", "new", crate_name] => {
                            support::cargo(&dir, &["new", "--vcs", "none", crate_name], &[]);
                        }
                        ["cd", sub] => dir = dir.join(sub),
                        ["cargo", "build"] => {
                            support::cargo(&dir, &["build"], &[]);
                        }
                        ["cargo", "test"] => {
                            // Formatted as rustfmt writes it, as a reader's editor would keep it.
                            support::cargo(&dir, &["fmt", "--check"], &[]);
                            let output = support::cargo(&dir, &["test"], &[]);
                            assert!(output.contains("test result: ok. 1 passed"), "{output}");
                            tested = true;
                        }
                        ["TF_CLI_CONFIG_FILE=dev.tfrc", "terraform", "apply"] => {
                            let expected = line.split('#').nth(1).unwrap_or_default().trim();
                            apply(
                                cli_config
                                    .as_deref()
                                    .expect("the dev.tfrc block comes first"),
                                main_tf.as_deref().expect("the main.tf block comes first"),
                                expected,
                            );
                            applied = true;
                        }
                        _ => panic!("a command this test does not know: {line:?}"),
                    }
                }
            }
            "Cargo.toml" => {
                // `cargo new` ends the manifest with an empty `[dependencies]`: the block
                // takes its place.
                let manifest = dir.join("Cargo.toml");
                let written = std::fs::read_to_string(&manifest).expect("cargo new wrote it");
                let package = written
                    .trim_end()
                    .strip_suffix("[dependencies]")
                    .expect("cargo new ends with [dependencies]");
                std::fs::write(&manifest, format!("{package}{text}{}", patch()))
                    .expect("Cargo.toml written");
                std::fs::copy(workspace().join("Cargo.lock"), dir.join("Cargo.lock"))
                    .expect("Cargo.lock copied");
            }
            "dev.tfrc" => cli_config = Some(text),
            "main.tf" => main_tf = Some(text),
            file => {
                let path = dir.join(file);
                std::fs::create_dir_all(path.parent().expect("a folder")).expect("folder");
                std::fs::write(&path, text).expect("file written");
            }
        }
    }
    assert!(
        tested && applied,
        "the README's walk-through lost its test or its apply"
    );
}

/// `terraform apply` of `main_tf` with the CLI configuration `cli_config` (its provider folder
/// made the crate's build folder), under each Terraform; the output must include `expected`.
fn apply(cli_config: &str, main_tf: &str, expected: &str) {
    let build = target().join("debug");
    let cli_config = cli_config.replace(
        "/path/to/terraform-provider-hello/target/debug",
        &build.display().to_string(),
    );
    assert!(
        build.join("terraform-provider-hello").is_file(),
        "no build in {build:?}"
    );
    for version in TerraformVersion::ALL {
        let workdir = Workdir::new(Terraform::get(version));
        workdir.set_cli_config(&cli_config);
        workdir.write("main.tf", main_tf);
        let run = workdir.run(&["apply", "-auto-approve", "-input=false", "-no-color"]);
        run.assert_success();
        assert!(
            run.stdout.contains(expected),
            "{expected:?} missing:\n{run}"
        );
        workdir
            .run(&["destroy", "-auto-approve", "-input=false", "-no-color"])
            .assert_success();
    }
}
