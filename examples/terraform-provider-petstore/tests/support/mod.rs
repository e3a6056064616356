//! The pair under test: a Rust front and the Go provider it forwards to, installed side by side
//! in a directory Terraform uses through `dev_overrides`.

#![allow(dead_code)] // Each test file uses part of it.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use tfsdk_testing::{GoProvider, Run, Terraform, TerraformVersion, Workdir};

/// The Go provider's module.
pub const GO_SOURCE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/go-providers/framework"
);

/// The Go provider's module on terraform-plugin-sdk/v2 (plugin protocol 5).
pub const SDKV2_SOURCE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/go-providers/sdkv2"
);

/// The front while Go serves `petstore_tag`.
pub const FRONT: &str = env!("CARGO_BIN_EXE_terraform-provider-petstore");
/// The front after `petstore_tag` moved to Rust.
pub const FRONT_WITH_TAG: &str = env!("CARGO_BIN_EXE_petstore-with-tag");

/// The Go provider built with `tags` (once per test process), or `None` when Go tests are
/// skipped.
pub fn go_provider(tags: &[&str]) -> Option<PathBuf> {
    static BUILT: OnceLock<Mutex<HashMap<String, Option<PathBuf>>>> = OnceLock::new();
    let key = tags.join(",");
    let mut built = BUILT.get_or_init(Default::default).lock().unwrap();
    built
        .entry(key.clone())
        .or_insert_with(|| {
            let target = Path::new(FRONT).parent().unwrap();
            let name = if key.is_empty() {
                "default".to_owned()
            } else {
                key.replace(',', "-")
            };
            let output = target
                .join("go-providers")
                .join(name)
                .join("terraform-provider-petstore-go");
            GoProvider::new(GO_SOURCE).tags(tags).build(&output)
        })
        .clone()
}

/// The protocol-5 Go provider (once per test process), or `None` when Go tests are skipped.
pub fn sdkv2_provider() -> Option<PathBuf> {
    static BUILT: OnceLock<Option<PathBuf>> = OnceLock::new();
    BUILT
        .get_or_init(|| {
            let target = Path::new(FRONT).parent().unwrap();
            let output = target
                .join("go-providers")
                .join("sdkv2")
                .join("terraform-provider-petstore-go");
            GoProvider::new(SDKV2_SOURCE).build(&output)
        })
        .clone()
}

/// A directory holding `front` as `terraform-provider-petstore` and, when given, `go` as
/// `terraform-provider-petstore-go` beside it.
pub struct Install {
    dir: tempfile::TempDir,
}

impl Install {
    pub fn new(front: &str, go: Option<&Path>) -> Install {
        let dir = tempfile::tempdir().unwrap();
        std::fs::copy(front, dir.path().join("terraform-provider-petstore")).unwrap();
        if let Some(go) = go {
            std::fs::copy(go, dir.path().join("terraform-provider-petstore-go")).unwrap();
        }
        Install { dir }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Puts `path` in place of the Go provider.
    pub fn replace_go(&self, path: &Path) {
        std::fs::copy(path, self.go()).unwrap();
    }

    pub fn go(&self) -> PathBuf {
        self.dir.path().join("terraform-provider-petstore-go")
    }

    /// The processes running this install's Go provider.
    pub fn go_processes(&self) -> Vec<u32> {
        processes_of(&self.go())
    }
}

/// The processes whose executable, or the script they run, is `path`.
pub fn processes_of(path: &Path) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let pid: u32 = entry.file_name().to_str()?.parse().ok()?;
            let exe = std::fs::read_link(entry.path().join("exe")).ok();
            let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
            let runs_script = cmdline
                .split(|byte| *byte == 0)
                .any(|arg| arg == path.as_os_str().as_encoded_bytes());
            (exe.as_deref() == Some(path) || runs_script).then_some(pid)
        })
        .collect()
}

/// A Terraform working directory using `install`, with a store and a schema cache of its own.
pub struct Pair {
    pub workdir: Workdir,
    pub store: PathBuf,
    pub cache: PathBuf,
    pub starts: PathBuf,
}

impl Pair {
    pub fn new(version: TerraformVersion, install: &Install) -> Pair {
        let mut workdir = Workdir::new(Terraform::get(version));
        workdir.dev_override("example/petstore", install.path());
        let store = workdir.path().join("store");
        let cache = workdir.path().join("cache");
        let starts = workdir.path().join("go-starts.txt");
        Pair {
            workdir,
            store,
            cache,
            starts,
        }
    }

    /// Points Terraform at another install.
    pub fn use_install(&mut self, install: &Install) {
        self.workdir
            .dev_override("example/petstore", install.path());
    }

    /// Writes `main.tf`: the provider block and `body`.
    pub fn configure(&self, body: &str) {
        self.workdir.write(
            "main.tf",
            format!(
                "terraform {{\n  required_providers {{\n    petstore = {{ source = \"example/petstore\" }}\n  }}\n}}\n\n\
                 provider \"petstore\" {{\n  directory = \"{}\"\n}}\n{body}",
                self.store.display()
            ),
        );
    }

    pub fn run(&self, args: &[&str]) -> Run {
        self.run_with(args, &[])
    }

    pub fn run_with(&self, args: &[&str], env: &[(&str, &str)]) -> Run {
        let cache = self.cache.display().to_string();
        let starts = self.starts.display().to_string();
        let mut all = vec![
            ("TFSDK_FORWARD_CACHE_DIR", cache.as_str()),
            ("PETSTORE_STARTS", starts.as_str()),
        ];
        all.extend_from_slice(env);
        self.workdir.run_with_env(args, &all)
    }

    /// How many Go processes were started so far.
    pub fn go_starts(&self) -> usize {
        std::fs::read_to_string(&self.starts)
            .map(|text| text.lines().count())
            .unwrap_or(0)
    }

    /// The ids of the objects of `kind` in the store.
    pub fn stored(&self, kind: &str) -> Vec<String> {
        let mut ids: Vec<String> = std::fs::read_dir(self.store.join(kind))
            .map(|entries| {
                entries
                    .filter_map(|e| {
                        let name = e.ok()?.file_name().to_string_lossy().into_owned();
                        name.strip_suffix(".json").map(str::to_owned)
                    })
                    .collect()
            })
            .unwrap_or_default();
        ids.sort();
        ids
    }

    /// `terraform plan -detailed-exitcode`: whether the plan is empty.
    pub fn plan_is_empty(&self) -> bool {
        let run = self.run(&["plan", "-detailed-exitcode", "-no-color", "-input=false"]);
        match run.status.code() {
            Some(0) => true,
            Some(2) => {
                eprintln!("non-empty plan:\n{run}");
                false
            }
            _ => panic!("plan failed:\n{run}"),
        }
    }

    /// An output's value after apply.
    pub fn output(&self, name: &str) -> serde_json::Value {
        let run = self.run(&["output", "-json", name]);
        run.assert_success();
        serde_json::from_str(&run.stdout).unwrap()
    }
}

pub const APPLY: &[&str] = &["apply", "-auto-approve", "-no-color", "-input=false"];

/// Asserts `text` is in Terraform's output.
pub fn assert_contains(run: &Run, text: &str) {
    let all = run.combined();
    // Terraform wraps long lines: compare with whitespace runs as single spaces.
    let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat(&all).contains(&flat(text)),
        "expected {text:?} in Terraform's output:\n{run}"
    );
}

/// Checks that `file` holds what `terraform providers schema -json` (1.15.5) prints for the Go
/// provider `go` served alone; `TFSDK_UPDATE_SNAPSHOTS=1` writes it again. `test` names the
/// test file to run for that.
pub fn assert_schema_snapshot(go: &Path, file: &str, test: &str) {
    let alone = Install::new(go.to_str().unwrap(), None);
    let pair = Pair::new(TerraformVersion::V1_15, &alone);
    pair.configure("");
    let run = pair.run(&["providers", "schema", "-json"]);
    run.assert_success();
    let printed: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    if std::env::var_os("TFSDK_UPDATE_SNAPSHOTS").is_some() {
        let text = serde_json::to_string_pretty(&printed).unwrap() + "\n";
        std::fs::write(file, text).unwrap();
    }
    let committed: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    assert_eq!(
        printed, committed,
        "{file} is stale: TFSDK_UPDATE_SNAPSHOTS=1 cargo test -p terraform-provider-petstore \
         --test {test}, then import its models again"
    );
}
