//! The `files` provider: where relative paths start.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use tfsdk_core::TfObject;
use tfsdk_core::diag::Diagnostics;
use tfsdk_server::{Context, Provider, Registry};

use crate::data_source::FileDataSource;
use crate::functions;
use crate::legacy::LegacyFileResource;
use crate::list::FilesList;
use crate::resource::FileResource;
use crate::secret::SecretResource;
use crate::touch::TouchAction;

/// Manages files on the local disk.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(provider))]
pub struct FilesConfig {
    /// Directory that relative paths are taken from; `FILES_BASE_DIR` from the environment when
    /// unset, else the working directory.
    #[tfsdk(name = "base_dir", optional, default_fn = base_dir_from_env)]
    pub base_dir: Option<String>,
}

/// The environment's `FILES_BASE_DIR`, when set and not empty.
fn base_dir_from_env() -> Result<Option<String>, std::convert::Infallible> {
    Ok(std::env::var("FILES_BASE_DIR")
        .ok()
        .filter(|dir| !dir.is_empty()))
}

/// The provider: its base directory, set by `configure`, and the tests' switches.
#[derive(Default)]
pub struct FilesProvider {
    base_dir: OnceLock<PathBuf>,
    switches: TestSwitches,
}

/// Misbehaviour on demand, for the end-to-end tests only.
#[derive(Clone, Debug, Default)]
pub struct TestSwitches {
    /// A create of the file whose path ends with this text panics, to show that a panic fails
    /// that request and nothing else.
    pub panic_on_path: Option<String>,
    /// Each write waits this long first, so that a run lasts longer than a secret's lease and
    /// Terraform renews it.
    pub write_delay: Option<std::time::Duration>,
}

/// The environment variable setting [`TestSwitches::panic_on_path`] of the binary.
pub const TEST_PANIC_ON_PATH: &str = "FILES_PROVIDER_TEST_PANIC_ON_PATH";

/// The environment variable setting [`TestSwitches::write_delay`] of the binary, in
/// milliseconds.
pub const TEST_WRITE_DELAY_MS: &str = "FILES_PROVIDER_TEST_WRITE_DELAY_MS";

impl TestSwitches {
    /// The switches the binary's environment sets.
    #[must_use]
    pub fn from_environment() -> TestSwitches {
        TestSwitches {
            panic_on_path: std::env::var(TEST_PANIC_ON_PATH)
                .ok()
                .filter(|suffix| !suffix.is_empty()),
            write_delay: std::env::var(TEST_WRITE_DELAY_MS)
                .ok()
                .and_then(|text| text.parse().ok())
                .map(std::time::Duration::from_millis),
        }
    }
}

impl FilesProvider {
    /// A provider with test switches.
    #[must_use]
    pub fn with_switches(switches: TestSwitches) -> FilesProvider {
        FilesProvider {
            base_dir: OnceLock::new(),
            switches,
        }
    }

    /// The tests' switches.
    #[must_use]
    pub fn switches(&self) -> &TestSwitches {
        &self.switches
    }

    /// `path` resolved against the configured base directory.
    pub fn resolve(&self, path: &str) -> PathBuf {
        match self.base_dir.get() {
            Some(base) => base.join(path),
            None => Path::new(path).to_path_buf(),
        }
    }
}

impl Provider for FilesProvider {
    type Config = FilesConfig;

    fn register(&self, registry: &mut Registry<Self>) {
        registry
            .resource_with_identity(FileResource)
            .resource(LegacyFileResource)
            .list_resource(FilesList)
            .action(TouchAction)
            .data_source(FileDataSource)
            .ephemeral_resource(SecretResource)
            .function(functions::checksum::function())
            .function(functions::parse_mode::function())
            .function(functions::mode_string::function())
            .function(functions::join_path::function())
            .function(functions::line_count::function());
    }

    async fn configure(
        &self,
        _ctx: &Context<Self>,
        config: FilesConfig,
    ) -> Result<(), Diagnostics> {
        if let Some(base_dir) = config.base_dir {
            // Configured once per process; a second configure keeps the first directory.
            let _ = self.base_dir.set(PathBuf::from(base_dir));
        }
        Ok(())
    }
}
