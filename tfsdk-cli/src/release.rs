//! `tfsdk release`: a provider's release files as registries, mirrors and
//! `terraform providers mirror` lay them out:
//!
//! ```text
//! terraform-provider-NAME_VERSION_OS_ARCH.zip      (one per target; holds terraform-provider-NAME_vVERSION)
//! terraform-provider-NAME_VERSION_manifest.json    (terraform-registry-manifest.json: protocol 6.0)
//! terraform-provider-NAME_VERSION_SHA256SUMS       (sha256sum format, of every file above)
//! terraform-provider-NAME_VERSION_SHA256SUMS.sig   (with --gpg-key: a detached signature)
//! ```
//!
//! The archives are reproducible: entries carry a fixed timestamp and mode 0755.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value as Json;
use sha2::{Digest, Sha256};

/// A Rust target and the `OS_ARCH` Terraform calls it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Platform {
    /// The Rust target triple, e.g. `x86_64-unknown-linux-gnu`.
    pub triple: String,
    /// Terraform's operating system name: `linux`, `darwin`, `windows`, `freebsd`.
    pub os: &'static str,
    /// Terraform's architecture name: `amd64`, `arm64`, `386`, `arm`.
    pub arch: &'static str,
}

impl Platform {
    /// The platform of a Rust target triple.
    ///
    /// # Errors
    /// A triple whose operating system or architecture Terraform has no release for.
    pub fn of(triple: &str) -> Result<Platform, String> {
        let arch = match triple.split('-').next().unwrap_or_default() {
            "x86_64" => "amd64",
            "aarch64" => "arm64",
            "i686" | "i586" => "386",
            arm if arm.starts_with("arm") => "arm",
            other => {
                return Err(format!(
                    "{triple}: Terraform has no release for the architecture {other:?} (it knows \
                     amd64, arm64, 386 and arm)"
                ));
            }
        };
        let os = if triple.contains("-linux-") {
            "linux"
        } else if triple.contains("-apple-darwin") {
            "darwin"
        } else if triple.contains("-windows-") {
            "windows"
        } else if triple.contains("-freebsd") {
            "freebsd"
        } else if triple.contains("-openbsd") {
            "openbsd"
        } else {
            return Err(format!(
                "{triple}: Terraform has no release for this operating system (it knows linux, \
                 darwin, windows, freebsd and openbsd)"
            ));
        };
        Ok(Platform {
            triple: triple.to_owned(),
            os,
            arch,
        })
    }

    /// `linux_amd64`.
    #[must_use]
    pub fn os_arch(&self) -> String {
        format!("{}_{}", self.os, self.arch)
    }

    pub fn executable_suffix(&self) -> &'static str {
        if self.os == "windows" { ".exe" } else { "" }
    }
}

/// What to release.
#[derive(Clone, Debug)]
pub struct Release {
    /// The provider's name: `files` for `terraform-provider-files`.
    pub name: String,
    /// Its version, without a `v`: `0.1.0`.
    pub version: String,
}

impl Release {
    /// `terraform-provider-files_0.1.0`.
    fn prefix(&self) -> String {
        format!("terraform-provider-{}_{}", self.name, self.version)
    }

    /// The archive's file name for `platform`.
    #[must_use]
    pub fn archive_name(&self, platform: &Platform) -> String {
        format!("{}_{}.zip", self.prefix(), platform.os_arch())
    }

    /// The name of the binary inside the archive: `terraform-provider-files_v0.1.0`.
    #[must_use]
    pub fn binary_name(&self, platform: &Platform) -> String {
        format!(
            "terraform-provider-{}_v{}{}",
            self.name,
            self.version,
            platform.executable_suffix()
        )
    }

    /// `terraform-provider-files_0.1.0_SHA256SUMS`.
    #[must_use]
    pub fn sums_name(&self) -> String {
        format!("{}_SHA256SUMS", self.prefix())
    }

    /// `terraform-provider-files_0.1.0_manifest.json`.
    #[must_use]
    pub fn manifest_name(&self) -> String {
        format!("{}_manifest.json", self.prefix())
    }
}

/// `terraform-registry-manifest.json`: the plugin protocol versions the provider speaks.
pub const MANIFEST: &str =
    "{\n  \"version\": 1,\n  \"metadata\": {\n    \"protocol_versions\": [\"6.0\"]\n  }\n}\n";

/// The name of a forwarded Go provider's executable in the archive,
/// `terraform-provider-NAME-go`: what `tfsdk_server::Forward::default()` starts from beside the
/// provider, and a name Terraform never takes for the provider (it starts only
/// `terraform-provider-NAME` followed by nothing, `_` or `.`).
pub fn go_executable_name(release: &Release, platform: &Platform) -> String {
    format!(
        "terraform-provider-{}-go{}",
        release.name,
        platform.executable_suffix()
    )
}

/// Writes the zip of `binary` for `platform` into `out_dir`, with the forwarded Go provider's
/// executable `go` beside it when given; returns its path.
///
/// # Errors
/// An executable cannot be read, or the archive cannot be written.
pub fn write_archive(
    release: &Release,
    platform: &Platform,
    binary: &Path,
    go: Option<&Path>,
    out_dir: &Path,
) -> Result<PathBuf, String> {
    let mut entries = vec![(release.binary_name(platform), binary)];
    if let Some(go) = go {
        entries.push((go_executable_name(release, platform), go));
    }
    let path = out_dir.join(release.archive_name(platform));
    let file = std::fs::File::create(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut zip = zip::ZipWriter::new(file);
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .unix_permissions(0o755)
        .last_modified_time(zip::DateTime::default());
    for (entry, source) in entries {
        let bytes = std::fs::read(source).map_err(|e| format!("{}: {e}", source.display()))?;
        zip.start_file(entry.as_str(), options)
            .map_err(|e| e.to_string())
            .and_then(|()| zip.write_all(&bytes).map_err(|e| e.to_string()))
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    zip.finish()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path)
}

/// The SHA-256 of a file, in lowercase hex.
///
/// # Errors
/// The file cannot be read.
pub fn sha256_hex(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut hex = String::with_capacity(64);
    for byte in Sha256::digest(&bytes) {
        let _ = write!(hex, "{byte:02x}");
    }
    Ok(hex)
}

/// The archives of `release` in `dir` (one per platform, as `tfsdk release --target` wrote
/// them on each platform's machine), copied into `out_dir` when that is another directory.
///
/// # Errors
/// `dir` cannot be read, holds no archive of the release, or a copy fails.
pub fn existing_archives(
    release: &Release,
    dir: &Path,
    out_dir: &Path,
) -> Result<Vec<PathBuf>, String> {
    let prefix = format!("{}_", release.prefix());
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut archives = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| format!("{}: {e}", dir.display()))?.path();
        let file_name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if file_name.starts_with(&prefix) && file_name.ends_with(".zip") {
            let target = out_dir.join(file_name);
            if target != path {
                std::fs::copy(&path, &target)
                    .map_err(|e| format!("cannot copy {}: {e}", path.display()))?;
            }
            archives.push(target);
        }
    }
    if archives.is_empty() {
        return Err(format!(
            "{} holds no archive of {} ({prefix}OS_ARCH.zip)",
            dir.display(),
            release.prefix()
        ));
    }
    archives.sort();
    Ok(archives)
}

/// Writes the manifest and the checksums of `files` (and of the manifest) into `out_dir`, in
/// `sha256sum`'s format (`HASH  NAME`, sorted by name); returns the checksums file's path.
///
/// # Errors
/// A file cannot be read or written.
pub fn write_sums(release: &Release, files: &[PathBuf], out_dir: &Path) -> Result<PathBuf, String> {
    let manifest = out_dir.join(release.manifest_name());
    std::fs::write(&manifest, MANIFEST).map_err(|e| format!("{}: {e}", manifest.display()))?;
    let mut lines = Vec::new();
    for file in files.iter().chain([&manifest]) {
        let name = file
            .file_name()
            .and_then(|name| name.to_str())
            .ok_or_else(|| format!("{}: not a file name", file.display()))?;
        lines.push(format!("{}  {name}\n", sha256_hex(file)?));
    }
    lines.sort_by(|a, b| a[66..].cmp(&b[66..]));
    let sums = out_dir.join(release.sums_name());
    std::fs::write(&sums, lines.concat()).map_err(|e| format!("{}: {e}", sums.display()))?;
    Ok(sums)
}

/// The `gpg` command that signs `sums` with `key`, writing `sums.sig` (binary, detached), as
/// the Terraform Registry expects.
#[must_use]
pub fn signing_command(sums: &Path, key: &str) -> Command {
    let mut command = Command::new("gpg");
    command
        .args(["--batch", "--yes", "--local-user", key, "--output"])
        .arg(sums.with_file_name(format!(
            "{}.sig",
            sums.file_name().and_then(|n| n.to_str()).unwrap_or("SHA256SUMS")
        )))
        .arg("--detach-sign")
        .arg(sums);
    command
}

/// What `cargo metadata` says of the package: its name, version, provider binary and target
/// directory.
#[derive(Debug)]
pub struct Package {
    /// The binary's name, `terraform-provider-NAME`.
    pub binary: String,
    /// The package version.
    pub version: String,
    /// Cargo's target directory.
    pub target_dir: PathBuf,
    /// The package's `Cargo.toml`.
    pub manifest: PathBuf,
}

/// Reads the package at `manifest` with `cargo metadata`: the one binary named
/// `terraform-provider-*` (or `bin`). Without `manifest`, the package of the current directory,
/// as cargo takes it (`cargo locate-project`): inside one provider package of a workspace, that
/// package; at the root of a workspace without a package of its own, every member.
///
/// # Errors
/// Cargo fails, or the package has no such binary or several.
pub fn package(manifest: Option<&Path>, bin: Option<&str>) -> Result<Package, String> {
    let current = match manifest {
        Some(_) => None,
        None => current_manifest()?,
    };
    let found = binaries(manifest.or(current.as_deref()), bin)?;
    match (found, &current) {
        // The current directory's manifest is a workspace's root without a package.
        (found, Some(_)) if found.is_empty() => one_binary(binaries(None, bin)?, bin),
        (found, _) => one_binary(found, bin),
    }
}

/// What `command` (cargo `what`) prints on standard output, or why it failed.
fn cargo_stdout(mut command: Command, what: &str) -> Result<Vec<u8>, String> {
    let output = command
        .output()
        .map_err(|e| format!("cannot run cargo {what}: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "cargo {what} failed:\n{}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(output.stdout)
}

/// The manifest of the package (or workspace root) holding the current directory.
fn current_manifest() -> Result<Option<PathBuf>, String> {
    let mut command = Command::new(cargo());
    command.args(["locate-project", "--message-format", "plain"]);
    let stdout = cargo_stdout(command, "locate-project")
        .map_err(|e| format!("no Cargo.toml in the current directory or above it: {e}"))?;
    let path = String::from_utf8_lossy(&stdout).trim().to_owned();
    Ok((!path.is_empty()).then(|| PathBuf::from(path)))
}

/// The provider binaries (or `bin`) of the package at `manifest`, or of every package of the
/// workspace cargo finds from the current directory.
fn binaries(manifest: Option<&Path>, bin: Option<&str>) -> Result<Vec<Package>, String> {
    let mut command = Command::new(cargo());
    command.args(["metadata", "--format-version", "1", "--no-deps"]);
    if let Some(manifest) = manifest {
        command.arg("--manifest-path").arg(manifest);
    }
    let stdout = cargo_stdout(command, "metadata")?;
    let metadata: Json =
        serde_json::from_slice(&stdout).map_err(|e| format!("cargo metadata: {e}"))?;
    let target_dir = PathBuf::from(metadata["target_directory"].as_str().unwrap_or("target"));
    let wanted_manifest = match manifest {
        Some(manifest) => Some(
            std::fs::canonicalize(manifest).map_err(|e| format!("{}: {e}", manifest.display()))?,
        ),
        None => None,
    };
    let mut found = Vec::new();
    for package in metadata["packages"].as_array().into_iter().flatten() {
        let manifest_path = PathBuf::from(package["manifest_path"].as_str().unwrap_or_default());
        if wanted_manifest.as_ref().is_some_and(|wanted| {
            std::fs::canonicalize(&manifest_path).ok().as_ref() != Some(wanted)
        }) {
            continue;
        }
        for target in package["targets"].as_array().into_iter().flatten() {
            let is_bin = target["kind"]
                .as_array()
                .is_some_and(|kinds| kinds.iter().any(|k| k == "bin"));
            let name = target["name"].as_str().unwrap_or_default();
            let wanted = match bin {
                Some(bin) => name == bin,
                None => name.starts_with("terraform-provider-"),
            };
            if is_bin && wanted {
                found.push(Package {
                    binary: name.to_owned(),
                    version: package["version"].as_str().unwrap_or("0.0.0").to_owned(),
                    target_dir: target_dir.clone(),
                    manifest: manifest_path.clone(),
                });
            }
        }
    }
    Ok(found)
}

/// The one package of `found`, or what is wrong.
fn one_binary(mut found: Vec<Package>, bin: Option<&str>) -> Result<Package, String> {
    match found.len() {
        1 => Ok(found.remove(0)),
        0 => Err(match bin {
            Some(bin) => format!("no binary named {bin:?} in the package"),
            None => "no binary named terraform-provider-NAME in the package (give --bin)".into(),
        }),
        _ => Err(format!(
            "several provider binaries ({}): choose one with --bin",
            found
                .iter()
                .map(|p| p.binary.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// The host's target triple, from `rustc -vV`.
///
/// # Errors
/// `rustc` cannot be run or does not say.
pub fn host_triple() -> Result<String, String> {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let output = Command::new(rustc)
        .arg("-vV")
        .output()
        .map_err(|e| format!("cannot run rustc -vV: {e}"))?;
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .find_map(|line| line.strip_prefix("host: "))
        .map(str::to_owned)
        .ok_or_else(|| "rustc -vV names no host".into())
}

fn cargo() -> std::ffi::OsString {
    std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into())
}

/// Builds the package's provider binary for `target` (the host's when `None`, in Cargo's usual
/// directory) with `profile`; returns the binary's path.
///
/// # Errors
/// Cargo fails.
pub fn build(package: &Package, target: Option<&str>, profile: &str) -> Result<PathBuf, String> {
    let mut command = Command::new(cargo());
    command
        .args(["build", "--profile", profile, "--bin", &package.binary])
        .arg("--manifest-path")
        .arg(&package.manifest);
    if let Some(target) = target {
        command.args(["--target", target]);
    }
    eprintln!(
        "tfsdk release: cargo build --profile {profile} --bin {}{}",
        package.binary,
        target.map(|t| format!(" --target {t}")).unwrap_or_default()
    );
    let status = command
        .status()
        .map_err(|e| format!("cannot run cargo build: {e}"))?;
    if !status.success() {
        return Err(format!("cargo build failed ({status})"));
    }
    let profile_dir = match profile {
        "dev" | "test" => "debug",
        "release" | "bench" => "release",
        other => other,
    };
    let mut dir = package.target_dir.clone();
    if let Some(target) = target {
        dir.push(target);
    }
    dir.push(profile_dir);
    let platform = Platform::of(&target.map_or_else(host_triple, |t| Ok(t.to_owned()))?)?;
    Ok(dir.join(format!(
        "{}{}",
        package.binary,
        platform.executable_suffix()
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rust_targets_are_terraform_platforms() {
        let cases = [
            ("x86_64-unknown-linux-gnu", "linux_amd64"),
            ("x86_64-unknown-linux-musl", "linux_amd64"),
            ("aarch64-unknown-linux-gnu", "linux_arm64"),
            ("armv7-unknown-linux-gnueabihf", "linux_arm"),
            ("i686-unknown-linux-gnu", "linux_386"),
            ("x86_64-apple-darwin", "darwin_amd64"),
            ("aarch64-apple-darwin", "darwin_arm64"),
            ("x86_64-pc-windows-msvc", "windows_amd64"),
            ("x86_64-unknown-freebsd", "freebsd_amd64"),
        ];
        for (triple, os_arch) in cases {
            assert_eq!(Platform::of(triple).unwrap().os_arch(), os_arch, "{triple}");
        }
        assert!(Platform::of("wasm32-unknown-unknown").is_err());
        assert!(Platform::of("riscv64gc-unknown-linux-gnu").is_err());
    }

    #[test]
    fn names_follow_the_registry_layout() {
        let release = Release {
            name: "files".into(),
            version: "1.2.3".into(),
        };
        let windows = Platform::of("x86_64-pc-windows-msvc").unwrap();
        assert_eq!(
            release.archive_name(&windows),
            "terraform-provider-files_1.2.3_windows_amd64.zip"
        );
        assert_eq!(
            release.binary_name(&windows),
            "terraform-provider-files_v1.2.3.exe"
        );
        assert_eq!(
            release.sums_name(),
            "terraform-provider-files_1.2.3_SHA256SUMS"
        );
        assert_eq!(
            release.manifest_name(),
            "terraform-provider-files_1.2.3_manifest.json"
        );
        let manifest: Json = serde_json::from_str(MANIFEST).unwrap();
        assert_eq!(manifest["metadata"]["protocol_versions"][0], "6.0");
    }

    #[test]
    fn a_forwarded_go_provider_rides_in_the_archive_under_a_name_terraform_never_starts() {
        let dir = tempfile::tempdir().unwrap();
        let (binary, go) = (dir.path().join("rust"), dir.path().join("go"));
        std::fs::write(&binary, b"rust").unwrap();
        std::fs::write(&go, b"go").unwrap();
        let release = Release {
            name: "petstore".into(),
            version: "1.0.0".into(),
        };
        let linux = Platform::of("x86_64-unknown-linux-gnu").unwrap();
        let zip = write_archive(&release, &linux, &binary, Some(&go), dir.path()).unwrap();
        let mut archive = zip::ZipArchive::new(std::fs::File::open(&zip).unwrap()).unwrap();
        let mut names = Vec::new();
        for index in 0..archive.len() {
            let mut entry = archive.by_index(index).unwrap();
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(&mut entry, &mut bytes).unwrap();
            assert_eq!(entry.unix_mode(), Some(0o100_755));
            names.push((entry.name().to_owned(), bytes));
        }
        assert_eq!(
            names,
            [
                (
                    "terraform-provider-petstore_v1.0.0".to_owned(),
                    b"rust".to_vec()
                ),
                ("terraform-provider-petstore-go".to_owned(), b"go".to_vec()),
            ]
        );
        let windows = Platform::of("x86_64-pc-windows-msvc").unwrap();
        assert_eq!(
            go_executable_name(&release, &windows),
            "terraform-provider-petstore-go.exe"
        );
    }

    #[test]
    fn archives_are_reproducible_and_summed() {
        let dir = tempfile::tempdir().unwrap();
        let binary = dir.path().join("bin");
        std::fs::write(&binary, b"#!/bin/sh\necho provider\n").unwrap();
        let release = Release {
            name: "files".into(),
            version: "0.1.0".into(),
        };
        let linux = Platform::of("x86_64-unknown-linux-gnu").unwrap();
        let first = dir.path().join("first");
        let second = dir.path().join("second");
        std::fs::create_dir_all(&first).unwrap();
        std::fs::create_dir_all(&second).unwrap();
        let a = write_archive(&release, &linux, &binary, None, &first).unwrap();
        let b = write_archive(&release, &linux, &binary, None, &second).unwrap();
        assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());

        let mut archive = zip::ZipArchive::new(std::fs::File::open(&a).unwrap()).unwrap();
        let entry = archive.by_index(0).unwrap();
        assert_eq!(entry.name(), "terraform-provider-files_v0.1.0");
        assert_eq!(entry.unix_mode().map(|mode| mode & 0o777), Some(0o755));
        drop(entry);

        let sums = write_sums(&release, std::slice::from_ref(&a), &first).unwrap();
        let text = std::fs::read_to_string(&sums).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{text}");
        assert!(lines[0].ends_with("  terraform-provider-files_0.1.0_linux_amd64.zip"));
        assert!(lines[1].ends_with("  terraform-provider-files_0.1.0_manifest.json"));
        assert_eq!(&lines[0][..64], sha256_hex(&a).unwrap());
    }

    #[test]
    fn signing_is_a_detached_gpg_signature_beside_the_sums() {
        let command = signing_command(Path::new("/dist/x_1.0.0_SHA256SUMS"), "ABCD1234");
        let args: Vec<String> = command
            .get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            args,
            [
                "--batch",
                "--yes",
                "--local-user",
                "ABCD1234",
                "--output",
                "/dist/x_1.0.0_SHA256SUMS.sig",
                "--detach-sign",
                "/dist/x_1.0.0_SHA256SUMS"
            ]
        );
    }
}
