//! Building a Go provider for a test: the provider a Rust front serves beside
//! ([`tfsdk_server::serve_beside`]), built from its sources with `go build` as a user of the
//! pair builds it.
//!
//! Go is required: where `go` is not found the build panics with how to get it, unless
//! [`SKIP_GO_VARIABLE`] is set, in which case [`GoProvider::build`] says so on standard
//! error and returns `None`, and the test returns without checking anything.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Set to `1` to skip the tests that need Go where it is not installed (they print that they
/// were skipped). Unset, a missing Go fails them.
pub const SKIP_GO_VARIABLE: &str = "TFSDK_SKIP_GO";

/// A Go provider's module, to build for a test.
#[derive(Clone, Debug)]
pub struct GoProvider {
    source: PathBuf,
    tags: Vec<String>,
}

impl GoProvider {
    /// The Go module in `source` (a directory with `go.mod` and `go.sum`; module versions come
    /// from `go.sum`, never updated by the build).
    pub fn new(source: impl Into<PathBuf>) -> GoProvider {
        GoProvider {
            source: source.into(),
            tags: Vec::new(),
        }
    }

    /// Builds with these build tags (`go build -tags a,b`).
    #[must_use]
    pub fn tags(mut self, tags: &[&str]) -> GoProvider {
        self.tags = tags.iter().map(|tag| (*tag).to_owned()).collect();
        self
    }

    /// Builds the executable at `output` and returns its path; `None` when Go is not
    /// installed and [`SKIP_GO_VARIABLE`] says to skip.
    ///
    /// # Panics
    /// When Go is not installed (and skipping was not asked for), or the build fails: with
    /// Go's output.
    #[must_use]
    pub fn build(&self, output: &Path) -> Option<PathBuf> {
        if !go_installed() {
            if std::env::var(SKIP_GO_VARIABLE).is_ok_and(|value| value == "1") {
                eprintln!(
                    "tfsdk-testing: skipped: Go is not installed and {SKIP_GO_VARIABLE}=1 says to \
                     skip the tests that build a Go provider"
                );
                return None;
            }
            panic!(
                "tfsdk-testing: this test builds a Go provider with `go build`, and `go` is not \
                 on the PATH. Install Go 1.25 or newer (https://go.dev/doc/install, or your \
                 system's package manager, e.g. `apt-get install golang`), or set \
                 {SKIP_GO_VARIABLE}=1 to skip such tests."
            );
        }
        if let Some(dir) = output.parent() {
            std::fs::create_dir_all(dir)
                .unwrap_or_else(|e| panic!("tfsdk-testing: cannot make {}: {e}", dir.display()));
        }
        let mut command = Command::new("go");
        command
            .current_dir(&self.source)
            .args(["build", "-mod=readonly", "-trimpath", "-o"])
            .arg(output);
        if !self.tags.is_empty() {
            command.arg("-tags").arg(self.tags.join(","));
        }
        let built = command
            .arg(".")
            .output()
            .unwrap_or_else(|e| panic!("tfsdk-testing: cannot run go build: {e}"));
        assert!(
            built.status.success(),
            "tfsdk-testing: go build in {} failed ({}):\n{}{}",
            self.source.display(),
            built.status,
            String::from_utf8_lossy(&built.stdout),
            String::from_utf8_lossy(&built.stderr)
        );
        Some(output.to_owned())
    }
}

fn go_installed() -> bool {
    Command::new("go")
        .arg("version")
        .output()
        .is_ok_and(|output| output.status.success())
}
