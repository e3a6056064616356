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

/// Removes what earlier runs of `cargo package` left: the verification reads the packaged
/// crates through a local registry made of the `.crate` files in `target/package` (a new one
/// is moved there only once verified) and unpacked under cargo's
/// `registry/src/-HASH/NAME-VERSION` once for each version, so a second run of the same version
/// would build against the sources of the first (and cargo reuses a registry crate's build
/// whatever its sources say).
fn forget_earlier_packages(target: &Path) {
    let _ = std::fs::remove_dir_all(target.join("package"));
    // Crates from a registry are never rebuilt for changed sources: their builds go too.
    for folder in [".fingerprint", "deps", "build"] {
        let Ok(entries) = std::fs::read_dir(target.join("debug").join(folder)) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().replace('-', "_");
            if name.starts_with("tfsdk_") || name.starts_with("libtfsdk_") {
                let path = entry.path();
                let removed = if path.is_dir() {
                    std::fs::remove_dir_all(&path)
                } else {
                    std::fs::remove_file(&path)
                };
                removed.expect("an earlier package's build removed");
            }
        }
    }
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".cargo")));
    let Some(sources) = home.map(|home| home.join("registry").join("src")) else {
        return;
    };
    let Ok(registries) = std::fs::read_dir(&sources) else {
        return;
    };
    for registry in registries.flatten() {
        // Local registries have no host in their name: `-HASH`.
        if !registry.file_name().to_string_lossy().starts_with('-') {
            continue;
        }
        for name in PUBLISHED {
            let unpacked = registry.path().join(format!("{name}-{VERSION}"));
            if unpacked.exists() {
                std::fs::remove_dir_all(&unpacked).expect("an earlier package's sources removed");
            }
        }
    }
}

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
        forget_earlier_packages(&target);
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
            // `m`: the files get the time of unpacking, not the one the `.crate` records, so
            // that cargo sees them newer than a build of an earlier package.
            let status = Command::new("tar")
                .arg("xzmf")
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
