//! List resource `files_file` (Terraform 1.14 and newer): the files of a directory, for
//! `terraform query` (`list "files_file" "all" { provider = files  config { ... } }`).

use tfsdk_core::TfObject;
use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_server::{Context, ListResource, Listing};

use crate::provider::FilesProvider;
use crate::resource::{FileResource, existing};

/// Which files to list.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(list))]
pub struct FileFilter {
    /// The directory, relative to the provider's base directory; the base directory itself
    /// when unset.
    #[tfsdk(name = "directory", optional)]
    pub directory: Option<String>,
    /// Only files whose name ends with this, e.g. `.txt`.
    #[tfsdk(name = "suffix", optional)]
    pub suffix: Option<String>,
}

/// Lists the files of a directory: not its subdirectories, nor hidden files, nor the
/// `.meta.json` sidecars `files_file` writes.
pub struct FilesList;

impl ListResource for FilesList {
    type Provider = FilesProvider;
    type Resource = FileResource;
    type Config = FileFilter;

    async fn list(
        &self,
        ctx: &Context<FilesProvider>,
        filter: FileFilter,
        results: &mut Listing<FileResource>,
    ) -> Result<(), Diagnostics> {
        let directory = filter.directory.unwrap_or_default();
        let entries = std::fs::read_dir(ctx.provider().resolve(&directory)).map_err(|error| {
            Diagnostic::error("Cannot list files", format!("{directory}: {error}"))
        })?;
        let mut names: Vec<String> = entries
            .filter_map(Result::ok)
            .filter(|entry| entry.file_type().is_ok_and(|kind| kind.is_file()))
            .filter_map(|entry| entry.file_name().into_string().ok())
            .filter(|name| !name.starts_with('.') && !name.ends_with(".meta.json"))
            .filter(|name| {
                filter
                    .suffix
                    .as_deref()
                    .is_none_or(|suffix| name.ends_with(suffix))
            })
            .collect();
        names.sort();
        tracing::debug!(directory = %directory, found = names.len(), "listing files");
        for name in names {
            let path = if directory.is_empty() || directory == "." {
                name
            } else {
                format!("{}/{name}", directory.trim_end_matches('/'))
            };
            // A file removed since the directory was read is skipped.
            let Some(file) = existing(ctx.provider(), &path)? else {
                continue;
            };
            if !results.push(path, file).await {
                break;
            }
        }
        Ok(())
    }
}
