//! What the forwarded provider serves: its answers to `GetMetadata`, `GetProviderSchema`,
//! `GetResourceIdentitySchemas` and `GetFunctions`, asked once and kept in a cache file so that
//! later launches know them without starting the child.
//!
//! The file is named after the executable's canonical path, size and modification time (a
//! rebuilt or replaced executable is asked again) and holds the four messages,
//! length-delimited, after a format tag. A file that cannot be read or decoded is ignored;
//! one that cannot be written costs only the next launch a start.

use std::hash::BuildHasher;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use prost::Message;

use crate::proto::tfplugin6 as pb;

/// The first bytes of a cache file: the format, and the protocol it holds.
const TAG: &[u8] = b"tfsdk-forward-catalog 1 tfplugin6\n";

/// The forwarded provider's description of itself.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Catalog {
    pub(crate) metadata: pb::get_metadata::Response,
    pub(crate) schema: pb::get_provider_schema::Response,
    pub(crate) identity_schemas: pb::get_resource_identity_schemas::Response,
    pub(crate) functions: pb::get_functions::Response,
}

impl Catalog {
    /// The catalog cached for `executable` in `directory`, when there is a valid one.
    pub(crate) fn cached(directory: &Path, executable: &Path) -> Option<Catalog> {
        let bytes = std::fs::read(cache_file(directory, executable)?).ok()?;
        Catalog::decode(&bytes)
    }

    /// Keeps this catalog for `executable` in `directory`; failures are ignored (the cache is
    /// an optimisation).
    pub(crate) fn store(&self, directory: &Path, executable: &Path) {
        let Some(file) = cache_file(directory, executable) else {
            return;
        };
        if std::fs::create_dir_all(directory).is_err() {
            return;
        }
        // Written aside and renamed: a concurrent launch reads the old file or the new one.
        let temporary = file.with_extension(format!("tmp{}", std::process::id()));
        if std::fs::write(&temporary, self.encode()).is_ok()
            && std::fs::rename(&temporary, &file).is_err()
        {
            let _ = std::fs::remove_file(&temporary);
        }
    }

    fn encode(&self) -> Vec<u8> {
        let mut bytes = TAG.to_vec();
        // Encoding into a Vec cannot fail.
        let _ = self.metadata.encode_length_delimited(&mut bytes);
        let _ = self.schema.encode_length_delimited(&mut bytes);
        let _ = self.identity_schemas.encode_length_delimited(&mut bytes);
        let _ = self.functions.encode_length_delimited(&mut bytes);
        bytes
    }

    fn decode(bytes: &[u8]) -> Option<Catalog> {
        let mut rest = bytes.strip_prefix(TAG)?;
        let catalog = Catalog {
            metadata: Message::decode_length_delimited(&mut rest).ok()?,
            schema: Message::decode_length_delimited(&mut rest).ok()?,
            identity_schemas: Message::decode_length_delimited(&mut rest).ok()?,
            functions: Message::decode_length_delimited(&mut rest).ok()?,
        };
        rest.is_empty().then_some(catalog)
    }
}

/// The cache file of `executable`: its canonical path, size and modification time hashed.
fn cache_file(directory: &Path, executable: &Path) -> Option<PathBuf> {
    let path = executable.canonicalize().ok()?;
    let metadata = std::fs::metadata(&path).ok()?;
    let modified = metadata
        .modified()
        .ok()?
        .duration_since(UNIX_EPOCH)
        .ok()?
        .as_nanos();
    // A fixed-seed hash: the same key in every process.
    let key = foldhash::fast::FixedState::with_seed(0x7f5d_c0de).hash_one((
        path,
        metadata.len(),
        modified,
    ));
    Some(directory.join(format!("{key:016x}.catalog")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog() -> Catalog {
        Catalog {
            metadata: pb::get_metadata::Response {
                resources: vec![pb::get_metadata::ResourceMetadata {
                    type_name: "petstore_pet".to_owned(),
                }],
                ..Default::default()
            },
            ..Default::default()
        }
    }

    #[test]
    fn a_catalog_is_read_back_for_the_same_executable_only() {
        let directory = tempfile::tempdir().unwrap();
        let executable = directory.path().join("provider");
        std::fs::write(&executable, b"one").unwrap();
        let cache = directory.path().join("cache");
        assert_eq!(Catalog::cached(&cache, &executable), None);
        catalog().store(&cache, &executable);
        assert_eq!(Catalog::cached(&cache, &executable), Some(catalog()));
        // Rebuilt: another size (and time).
        std::fs::write(&executable, b"rebuilt").unwrap();
        assert_eq!(Catalog::cached(&cache, &executable), None);
    }

    #[test]
    fn a_damaged_file_is_ignored() {
        let bytes = catalog().encode();
        assert_eq!(Catalog::decode(&bytes), Some(catalog()));
        assert_eq!(Catalog::decode(&bytes[..bytes.len() - 1]), None);
        assert_eq!(Catalog::decode(b"something else"), None);
    }
}
