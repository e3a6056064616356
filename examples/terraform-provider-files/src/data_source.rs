//! Data source `files_file`: reads a file.

use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::{TfObject, types};
use tfsdk_server::{Context, DataSource};

use crate::disk;
use crate::provider::FilesProvider;

/// Reads a text file from the local disk.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(data_source))]
pub struct FileData {
    /// The file to read.
    #[tfsdk(name = "path", required, length = 1..)]
    pub path: String,
    /// The file's text.
    #[tfsdk(name = "content", computed)]
    pub content: types::String,
    /// SHA-256 of the text, in hex.
    #[tfsdk(name = "checksum", computed)]
    pub checksum: types::String,
    /// The text's length in bytes.
    #[tfsdk(name = "size", computed)]
    pub size: types::Int64,
}

/// The `files_file` data source type.
pub struct FileDataSource;

impl DataSource for FileDataSource {
    type Provider = FilesProvider;
    type Model = FileData;
    const TYPE_NAME: &'static str = "files_file";

    async fn read(
        &self,
        ctx: &Context<FilesProvider>,
        config: FileData,
    ) -> Result<FileData, Diagnostics> {
        let path = ctx.provider().resolve(&config.path);
        let on_disk = disk::read(&path)
            .map_err(|error| error.to_string())
            .and_then(|found| found.ok_or_else(|| "no such file".to_owned()))
            .map_err(|reason| {
                Diagnostic::error("Cannot read file", format!("{}: {reason}", config.path))
                    .with_path(FileData::paths().path())
            })?;
        Ok(FileData {
            content: types::String::new(on_disk.body.clone()),
            checksum: types::String::new(disk::checksum(&on_disk.body)),
            size: types::Int64::new(on_disk.body.len() as i64),
            path: config.path,
        })
    }
}
