//! The store both implementations share: each object a JSON file, `DIR/KIND/ID.json`.

use std::path::PathBuf;

use serde::Serialize;
use serde::de::DeserializeOwned;
use tfsdk_core::diag::Diagnostic;

/// A directory of objects.
#[derive(Clone, Debug)]
pub struct Store {
    directory: PathBuf,
}

impl Store {
    /// The store in `directory`.
    pub fn new(directory: impl Into<PathBuf>) -> Store {
        Store {
            directory: directory.into(),
        }
    }

    fn path(&self, kind: &str, id: &str) -> PathBuf {
        self.directory.join(kind).join(format!("{id}.json"))
    }

    /// A new id of `kind`, as the Go provider makes them (`KIND-` and eight hex digits).
    pub fn new_id(&self, kind: &str) -> String {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|elapsed| elapsed.subsec_nanos() ^ std::process::id().rotate_left(16))
            .unwrap_or_default();
        format!("{kind}-{nanos:08x}")
    }

    /// Writes an object.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn put(&self, kind: &str, id: &str, object: &impl Serialize) -> Result<(), Diagnostic> {
        let fail = |error: &dyn std::fmt::Display| {
            Diagnostic::error(format!("Cannot store the {kind}"), error.to_string())
        };
        std::fs::create_dir_all(self.directory.join(kind)).map_err(|e| fail(&e))?;
        let json = serde_json::to_vec_pretty(object).map_err(|e| fail(&e))?;
        std::fs::write(self.path(kind, id), json).map_err(|e| fail(&e))
    }

    /// Reads an object; `None` when it does not exist.
    ///
    /// # Errors
    /// The file cannot be read or holds no such object.
    pub fn get<T: DeserializeOwned>(&self, kind: &str, id: &str) -> Result<Option<T>, Diagnostic> {
        let fail = |error: &dyn std::fmt::Display| {
            Diagnostic::error(format!("Cannot read the {kind}"), error.to_string())
        };
        match std::fs::read(self.path(kind, id)) {
            Ok(bytes) => serde_json::from_slice(&bytes)
                .map(Some)
                .map_err(|e| fail(&e)),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(error) => Err(fail(&error)),
        }
    }

    /// Removes an object (gone already is fine).
    ///
    /// # Errors
    /// The file cannot be removed.
    pub fn remove(&self, kind: &str, id: &str) -> Result<(), Diagnostic> {
        match std::fs::remove_file(self.path(kind, id)) {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => Err(Diagnostic::error(
                format!("Cannot delete the {kind}"),
                error.to_string(),
            )),
            _ => Ok(()),
        }
    }
}
