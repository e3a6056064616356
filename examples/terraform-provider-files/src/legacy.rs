//! Resource `files_legacy_file`: the type `files_file` replaces, kept so that configurations
//! written for it keep working, and so that a `moved` block can hand its files over to
//! `files_file` without recreating them.

use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::{TfObject, types};
use tfsdk_server::{Context, CreateRequest, Failed, Resource, UpdateRequest};

use crate::disk;
use crate::provider::FilesProvider;

/// The mode bits of every file this type writes.
pub const MODE: &str = "0644";

/// A text file, the older way. Superseded by `files_file`: move to it with
/// `moved { from = files_legacy_file.NAME  to = files_file.NAME }`.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(resource))]
pub struct LegacyFile {
    /// The file's name, as configured.
    #[tfsdk(name = "id", computed, stable)]
    pub id: types::String,
    /// Where the file is written. Changing it replaces the file.
    #[tfsdk(name = "filename", required, force_new, length = 1..)]
    pub filename: String,
    /// The file's text.
    #[tfsdk(name = "text", required)]
    pub text: String,
}

/// The `files_legacy_file` resource type.
pub struct LegacyFileResource;

fn write(provider: &FilesProvider, mut file: LegacyFile) -> Result<LegacyFile, Diagnostics> {
    let mode = disk::parse_permissions(MODE).unwrap_or(0o644);
    disk::write(&provider.resolve(&file.filename), &file.text, mode, None).map_err(|error| {
        Diagnostic::error("Cannot write file", format!("{}: {error}", file.filename))
    })?;
    file.id = types::String::new(file.filename.clone());
    Ok(file)
}

impl Resource for LegacyFileResource {
    type Provider = FilesProvider;
    type Model = LegacyFile;
    const TYPE_NAME: &'static str = "files_legacy_file";

    async fn create(
        &self,
        ctx: &Context<FilesProvider>,
        request: CreateRequest<LegacyFile>,
    ) -> Result<LegacyFile, Failed<LegacyFile>> {
        Ok(write(ctx.provider(), request.planned)?)
    }

    async fn read(
        &self,
        ctx: &Context<FilesProvider>,
        mut state: LegacyFile,
    ) -> Result<Option<LegacyFile>, Diagnostics> {
        match disk::read(&ctx.provider().resolve(&state.filename)) {
            Ok(Some(on_disk)) => {
                state.text = on_disk.body;
                Ok(Some(state))
            }
            Ok(None) => Ok(None),
            Err(error) => Err(Diagnostic::error(
                "Cannot read file",
                format!("{}: {error}", state.filename),
            )
            .into()),
        }
    }

    async fn update(
        &self,
        ctx: &Context<FilesProvider>,
        request: UpdateRequest<LegacyFile>,
    ) -> Result<LegacyFile, Failed<LegacyFile>> {
        Ok(write(ctx.provider(), request.planned)?)
    }

    async fn delete(
        &self,
        ctx: &Context<FilesProvider>,
        state: LegacyFile,
    ) -> Result<(), Diagnostics> {
        disk::remove(&ctx.provider().resolve(&state.filename)).map_err(|error| {
            Diagnostic::error("Cannot delete file", format!("{}: {error}", state.filename)).into()
        })
    }
}
