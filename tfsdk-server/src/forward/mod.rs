//! Serving beside another provider: the types this provider serves are answered here, every
//! other call goes, unchanged, to another provider executable (a Go provider being moved to
//! Rust one type at a time) that runs as this process's child.
//!
//! The rules are terraform-plugin-mux's: both providers declare the same provider schema;
//! each resource, data source, ephemeral resource, list resource, action and function type is
//! served by one of them; `GetMetadata`, `GetProviderSchema`, `GetFunctions` and
//! `GetResourceIdentitySchemas` answer the union; provider validation, configuration and
//! `StopProvider` reach both; every other call reaches the provider of its type.
//!
//! The child is started only when a call needs it. What it serves (its metadata and schemas)
//! is kept in a cache file ([`catalog`]), keyed by the executable's path, size and modification
//! time, so that a run that touches only this provider's types starts no child at all. Provider
//! validation and configuration are recorded and replayed when the child starts.
//!
//! The child may speak plugin protocol 6 or 5 (terraform-plugin-sdk/v2); Terraform always sees
//! protocol 6, and [`client`] translates.
//!
//! One concern per module: [`child`] (launching and ending the child), [`client`] (its
//! provider service in the protocol it chose), [`tls`] (mutual TLS as the client), [`catalog`] (what the child serves, cached), [`merge`] (the union and its
//! rules), [`front`] (the protocol service that routes each call).

mod catalog;
mod child;
mod client;
mod failure;
mod front;
mod merge;
mod tls;

use std::path::{Path, PathBuf};
use std::time::Duration;

use tfsdk_core::diag::Diagnostic;

pub(crate) use child::end_all;
pub(crate) use front::Front;

/// The environment variable that names the forwarded provider's executable, over what the
/// provider's code says.
pub const FORWARD_EXECUTABLE_VARIABLE: &str = "TFSDK_FORWARD_EXECUTABLE";
/// The environment variable that sets how long the forwarded provider may take to start
/// (Go's duration syntax, e.g. `30s`).
pub const FORWARD_START_TIMEOUT_VARIABLE: &str = "TFSDK_FORWARD_START_TIMEOUT";
/// The environment variable that names the directory of the schema cache; `off` turns the
/// cache off.
pub const FORWARD_CACHE_VARIABLE: &str = "TFSDK_FORWARD_CACHE_DIR";

/// The default time a forwarded provider may take from its start to a working connection.
const DEFAULT_START_TIMEOUT: Duration = Duration::from_secs(30);

/// Where the provider that serves the types this one does not is, and how to start it: the
/// argument of [`serve_beside`](crate::serve_beside).
///
/// By default it is the executable `terraform-provider-TYPE-go` in the directory of the
/// running provider (TYPE from the provider's address). Terraform picks a provider's
/// executable as the file whose name is `terraform-provider-TYPE` followed by nothing, `_` or
/// `.`, so this name is never mistaken for the provider itself. The environment variable
/// [`TFSDK_FORWARD_EXECUTABLE`](crate::FORWARD_EXECUTABLE_VARIABLE) overrides the path.
///
/// ```
/// use std::time::Duration;
/// use tfsdk_server::Forward;
///
/// let forward = Forward::beside("terraform-provider-petstore-go")
///     .start_timeout(Duration::from_secs(10));
/// # let _ = forward;
/// ```
#[derive(Clone, Debug, Default)]
pub struct Forward {
    executable: Option<Executable>,
    start_timeout: Option<Duration>,
    cache: Option<Option<PathBuf>>,
}

#[derive(Clone, Debug)]
enum Executable {
    Beside(String),
    At(PathBuf),
}

impl Forward {
    /// The executable `file_name` in the directory of the running provider's executable.
    pub fn beside(file_name: impl Into<String>) -> Forward {
        Forward {
            executable: Some(Executable::Beside(file_name.into())),
            ..Forward::default()
        }
    }

    /// The executable at `path`.
    pub fn at(path: impl Into<PathBuf>) -> Forward {
        Forward {
            executable: Some(Executable::At(path.into())),
            ..Forward::default()
        }
    }

    /// How long the forwarded provider may take from its start to a working connection
    /// (default 30 s; [`TFSDK_FORWARD_START_TIMEOUT`](crate::FORWARD_START_TIMEOUT_VARIABLE) overrides it).
    #[must_use]
    pub fn start_timeout(mut self, timeout: Duration) -> Forward {
        self.start_timeout = Some(timeout);
        self
    }

    /// Where what the forwarded provider serves is cached (default: `tfsdk/forward` in the
    /// user's cache directory, `$XDG_CACHE_HOME` or `~/.cache`); `None` turns the cache off,
    /// so that every launch that needs the union starts the child.
    /// [`TFSDK_FORWARD_CACHE_DIR`](crate::FORWARD_CACHE_VARIABLE) overrides it (`off` for none).
    #[must_use]
    pub fn schema_cache(mut self, directory: Option<PathBuf>) -> Forward {
        self.cache = Some(directory);
        self
    }

    /// The settings in force for a provider of `type_name`, the environment included.
    pub(crate) fn resolve(&self, type_name: &str) -> Resolved {
        let lookup = |name: &str| std::env::var_os(name).filter(|value| !value.is_empty());
        let executable = match (lookup(crate::FORWARD_EXECUTABLE_VARIABLE), &self.executable) {
            (Some(path), _) => PathBuf::from(path),
            (None, Some(Executable::At(path))) => path.clone(),
            (None, Some(Executable::Beside(name))) => beside_self(name),
            (None, None) => beside_self(&format!("terraform-provider-{type_name}-go")),
        };
        let mut setting = None;
        let from_variable = lookup(crate::FORWARD_START_TIMEOUT_VARIABLE).and_then(|value| {
            let value = value.to_string_lossy().into_owned();
            crate::parse_duration(&value)
                .map_err(|reason| {
                    setting = Some(StartError::Setting {
                        variable: crate::FORWARD_START_TIMEOUT_VARIABLE,
                        value,
                        reason,
                    });
                })
                .ok()
        });
        let start_timeout = from_variable
            .or(self.start_timeout)
            .unwrap_or(DEFAULT_START_TIMEOUT);
        let cache = match lookup(crate::FORWARD_CACHE_VARIABLE) {
            Some(value) if value == "off" => None,
            Some(value) => Some(PathBuf::from(value)),
            None => self.cache.clone().unwrap_or_else(default_cache_directory),
        };
        Resolved {
            executable,
            start_timeout,
            cache,
            setting,
        }
    }
}

/// [`Forward`] with every default and variable applied.
#[derive(Clone, Debug)]
pub(crate) struct Resolved {
    pub(crate) executable: PathBuf,
    pub(crate) start_timeout: Duration,
    pub(crate) cache: Option<PathBuf>,
    /// A variable set to something it cannot mean: the child is not started, and every call
    /// it should have served says why.
    pub(crate) setting: Option<StartError>,
}

/// `name` in the directory of this process's executable (or as given when that is unknown).
fn beside_self(name: &str) -> PathBuf {
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join(name)))
        .unwrap_or_else(|| PathBuf::from(name))
}

fn default_cache_directory() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|value| !value.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".cache")))?;
    Some(base.join("tfsdk").join("forward"))
}

/// Why the forwarded provider could not be started; every call it should have served answers
/// with this as an error diagnostic.
#[derive(Debug, Clone, thiserror::Error)]
pub(crate) enum StartError {
    #[error(
        "There is no executable at {executable}. Build the provider that serves the other types \
         and put it there, or name it with {FORWARD_EXECUTABLE_VARIABLE}."
    )]
    Missing { executable: PathBuf },
    #[error("{executable} cannot be started: {reason}.")]
    Spawn { executable: PathBuf, reason: String },
    #[error(
        "{executable} exited ({}) before its handshake: it is not a Terraform provider plugin, \
         or it failed to start (its output is in Terraform's log, TF_LOG_PROVIDER=debug).",
        status.as_deref().unwrap_or("status unknown")
    )]
    NotAPlugin {
        executable: PathBuf,
        status: Option<String>,
    },
    #[error(
        "{executable} did not complete its handshake within {timeout:?}, and was ended (raise the \
         limit with {FORWARD_START_TIMEOUT_VARIABLE})."
    )]
    Timeout {
        executable: PathBuf,
        timeout: Duration,
    },
    #[error("The handshake of {executable} was refused: {reason}. It printed: {line:?}")]
    Handshake {
        executable: PathBuf,
        line: String,
        reason: String,
    },
    #[error("Mutual TLS with the forwarded provider could not be set up: {0}")]
    Tls(String),
    #[error("{variable}={value:?} cannot be used: {reason}.")]
    Setting {
        variable: &'static str,
        value: String,
        reason: String,
    },
}

impl StartError {
    pub(crate) fn diagnostic(&self) -> Diagnostic {
        Diagnostic::error("Forwarded provider not started", self.to_string())
    }
}
