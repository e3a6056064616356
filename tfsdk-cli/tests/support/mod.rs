//! What the tests of a provider crate outside this workspace share: the crates as
//! `cargo package` packs them, and the `[patch.crates-io]` that points a crate at them.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

/// This workspace's root.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

/// The crates a user gets from crates.io.
const PUBLISHED: [&str; 7] = [
    "tfsdk-core",
    "tfsdk-macros",
    "tfsdk-server",
    "tfsdk-testing",
    "tfsdk-docs",
    "tfsdk-typeexpr",
    "tfsdk-cli",
];

/// Their version.
const VERSION: &str = env!("CARGO_PKG_VERSION");

/// `cargo package --workspace` of the published crates (each verified: built from what its
/// `.crate` holds, nothing from outside it), unpacked; the folder holding `NAME-VERSION/` of
/// each. Once per test binary.
fn packaged_crates() -> &'static Path {
    static PACKAGED: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    PACKAGED.get_or_init(|| {
        let target = workspace().join("target").join("tfsdk-package");
        let mut args = vec!["package", "--workspace", "--allow-dirty"];
        let excluded = [
            "terraform-provider-files",
            "terraform-provider-example",
            "tfsdk-tests",
            "tfsdk-ui-tests",
            "tfsdk-benches",
        ];
        for name in excluded {
            args.extend(["--exclude", name]);
        }
        let package = |offline: bool| {
            let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
            Command::new(cargo)
                .args(&args)
                .args(offline.then_some("--offline"))
                .current_dir(workspace())
                .env("CARGO_TARGET_DIR", &target)
                .output()
                .expect("cargo runs")
        };
        // Offline first: once the workspace is built, cargo's cache usually holds all that the
        // packages need, and a warm `cargo test` must pass with the network unplugged. Else
        // (a cache without some version the verification resolves to) with the network.
        let offline = package(true);
        let output = if offline.status.success() {
            offline
        } else {
            package(false)
        };
        assert!(
            output.status.success(),
            "cargo {} failed:\n{}",
            args.join(" "),
            String::from_utf8_lossy(&output.stderr)
        );
        let unpacked = target.join("unpacked");
        let _ = std::fs::remove_dir_all(&unpacked);
        std::fs::create_dir_all(&unpacked).expect("a folder");
        for name in PUBLISHED {
            let file = target
                .join("package")
                .join(format!("{name}-{VERSION}.crate"));
            let status = Command::new("tar")
                .arg("xzf")
                .arg(&file)
                .arg("-C")
                .arg(&unpacked)
                .status()
                .expect("tar runs");
            assert!(status.success(), "cannot unpack {}", file.display());
        }
        unpacked
    })
}

/// The `[patch.crates-io]` section that points the published crates' names at their packages:
/// the one thing a user's crate would not have.
pub fn patch() -> String {
    let packaged = packaged_crates();
    let entries: String = PUBLISHED
        .iter()
        .filter(|name| **name != "tfsdk-cli")
        .map(|name| {
            let unpacked = packaged.join(format!("{name}-{VERSION}"));
            format!("{name} = {{ path = {unpacked:?} }}\n")
        })
        .collect();
    format!("\n[patch.crates-io]\n{entries}")
}

/// The generated crates' target directory, shared by the tests that build one.
pub fn target() -> PathBuf {
    workspace().join("target").join("tfsdk-new")
}

/// Runs `cargo ARGS` in `dir` (with `env` besides) on the shared target directory, offline: the
/// workspace's Cargo.lock and cargo's cache hold every dependency. Panics with its output when
/// it fails; else returns it.
pub fn cargo(dir: &Path, args: &[&str], env: &[(&str, &OsStr)]) -> String {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args(args)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target())
        .env("CARGO_NET_OFFLINE", "true")
        .envs(env.iter().copied())
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
