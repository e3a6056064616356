//! Ephemeral resource `files_secret` (Terraform 1.10 and newer): a file's text read for one
//! run, handed to whatever needs it (a write-only attribute, a provider block) and never
//! stored in plan or state. Each read is a "lease" the run holds: opened, renewed while it
//! lasts, closed at the end, each step noted in `.files-secret-leases.log` in the base
//! directory.

use std::fs;
use std::io::Write;
use std::time::{Duration, SystemTime};

use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::{TfObject, types};
use tfsdk_server::{Context, EphemeralResource, Opened};

use crate::disk;
use crate::provider::FilesProvider;

/// A file's text read for one Terraform run, never stored.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(ephemeral))]
pub struct Secret {
    /// The file to read.
    #[tfsdk(name = "path", required, length = 1..)]
    pub path: String,
    /// How long a lease on the file lasts, in seconds; renewed while the run needs it. Unset,
    /// a lease lasts the whole run.
    #[tfsdk(name = "lease_seconds", optional, range = 1..=86400)]
    pub lease_seconds: Option<u64>,
    /// The file's text.
    #[tfsdk(name = "content", computed, sensitive)]
    pub content: types::String,
    /// SHA-256 of the text, in hex.
    #[tfsdk(name = "checksum", computed)]
    pub checksum: types::String,
}

/// The `files_secret` ephemeral resource type.
pub struct SecretResource;

/// The log of leases, in the base directory.
const LEASES: &str = ".files-secret-leases.log";

impl FilesProvider {
    /// Notes a step of a lease in the log.
    fn note_lease(&self, step: &str, path: &str) -> Result<(), Diagnostic> {
        let log = self.resolve(LEASES);
        fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&log)
            .and_then(|mut file| writeln!(file, "{step} {path}"))
            .map_err(|error| {
                Diagnostic::error(
                    "Cannot note the lease",
                    format!("{}: {error}", log.display()),
                )
            })
    }
}

/// The private state of a lease: the path and the lease's length in seconds.
fn private_state(path: &str, seconds: Option<u64>) -> Vec<u8> {
    format!("{}\n{path}", seconds.unwrap_or(0)).into_bytes()
}

fn lease_of(private: &[u8]) -> (Option<u64>, String) {
    let text = String::from_utf8_lossy(private);
    let (seconds, path) = text.split_once('\n').unwrap_or(("0", &text));
    let seconds = seconds.parse().ok().filter(|s| *s > 0);
    (seconds, path.to_owned())
}

fn renew_time(seconds: Option<u64>) -> Option<SystemTime> {
    seconds.map(|seconds| SystemTime::now() + Duration::from_secs(seconds))
}

impl EphemeralResource for SecretResource {
    type Provider = FilesProvider;
    type Model = Secret;
    const TYPE_NAME: &'static str = "files_secret";

    async fn open(
        &self,
        ctx: &Context<FilesProvider>,
        mut secret: Secret,
    ) -> Result<Opened<Secret>, Diagnostics> {
        let provider = ctx.provider();
        let found = disk::read(&provider.resolve(&secret.path))
            .map_err(|error| error.to_string())
            .and_then(|found| found.ok_or_else(|| "no such file".to_owned()))
            .map_err(|reason| {
                Diagnostic::error("Cannot read secret", format!("{}: {reason}", secret.path))
                    .with_path(Secret::paths().path())
            })?;
        provider.note_lease("open", &secret.path)?;
        ctx.set_private_state(private_state(&secret.path, secret.lease_seconds));
        secret.checksum = types::String::new(disk::checksum(&found.body));
        secret.content = types::String::new(found.body);
        let renew_at = renew_time(secret.lease_seconds);
        let opened = Opened::new(secret);
        Ok(match renew_at {
            Some(at) => opened.renew_at(at),
            None => opened,
        })
    }

    async fn renew(&self, ctx: &Context<FilesProvider>) -> Result<Option<SystemTime>, Diagnostics> {
        let (seconds, path) = lease_of(&ctx.private_state());
        ctx.provider().note_lease("renew", &path)?;
        Ok(renew_time(seconds))
    }

    async fn close(&self, ctx: &Context<FilesProvider>) -> Result<(), Diagnostics> {
        let (_, path) = lease_of(&ctx.private_state());
        ctx.provider().note_lease("close", &path)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_private_state_keeps_the_path_and_the_lease() {
        assert_eq!(
            lease_of(&private_state("a/b.txt", Some(5))),
            (Some(5), "a/b.txt".into())
        );
        assert_eq!(
            lease_of(&private_state("c.txt", None)),
            (None, "c.txt".into())
        );
    }
}
