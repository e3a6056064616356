//! An example of moving a Go provider to Rust one type at a time.
//!
//! The petstore provider was written in Go on terraform-plugin-framework
//! (`tests/go-providers/framework`). This crate is its Rust front: it serves `petstore_owner`
//! (a type that exists only in Rust) and, in its second build, `petstore_tag` (ported from Go,
//! with the schema the Go provider served, so the state Go wrote needs no change); every other
//! type, data source and function is forwarded to the Go provider, which runs as the front's
//! child ([`tfsdk_server::serve_beside`]).
//!
//! Both sides keep their objects as JSON files in one directory (the provider's `directory`,
//! or `PETSTORE_DIR`): `DIR/KIND/ID.json`.

pub mod models;
pub mod owner;
pub mod store;
pub mod tag;

use std::sync::OnceLock;

use tfsdk_core::TfObject;
use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_server::{Context, Provider, Registry};

/// The provider's configuration: the same schema as the Go provider's, as serving beside it
/// requires.
///
/// A pet store kept in a directory of JSON files.
#[derive(TfObject, Clone, Debug, Default)]
#[tfsdk(schema, description_kind = "plain")]
pub struct PetstoreConfig {
    /// Where the store keeps its objects (default: PETSTORE_DIR).
    #[tfsdk(name = "directory", optional)]
    pub directory: Option<String>,
}

/// The Rust front of the petstore provider.
#[derive(Debug, Default)]
pub struct Petstore {
    /// Whether `petstore_tag` is served here (the build after the move) or by Go.
    pub serves_tag: bool,
    directory: OnceLock<String>,
}

impl Petstore {
    /// The front of the build where Go still serves `petstore_tag`.
    pub fn front() -> Petstore {
        Petstore::default()
    }

    /// The front of the build where `petstore_tag` has moved to Rust.
    pub fn with_tag() -> Petstore {
        Petstore {
            serves_tag: true,
            ..Petstore::default()
        }
    }

    /// The store the configuration named.
    ///
    /// # Errors
    /// The provider was not configured.
    pub fn store(&self) -> Result<store::Store, Diagnostic> {
        self.directory
            .get()
            .map(store::Store::new)
            .ok_or_else(|| Diagnostic::error("Provider not configured", "No store directory."))
    }
}

impl Provider for Petstore {
    type Config = PetstoreConfig;

    async fn configure(
        &self,
        _: &Context<Self>,
        config: PetstoreConfig,
    ) -> Result<(), Diagnostics> {
        let directory = config
            .directory
            .or_else(|| std::env::var("PETSTORE_DIR").ok())
            .filter(|directory| !directory.is_empty())
            .ok_or_else(|| {
                Diagnostic::error("No store directory", "Set `directory` or PETSTORE_DIR.")
            })?;
        let _ = self.directory.set(directory);
        Ok(())
    }

    fn register(&self, registry: &mut Registry<Self>) {
        registry.resource(owner::OwnerResource);
        if self.serves_tag {
            registry.resource(tag::TagResource);
        }
    }
}
