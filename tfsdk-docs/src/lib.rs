//! Registry documentation for a Terraform provider, generated from the schema Terraform
//! receives and a folder of example configurations, in the layout the Terraform Registry
//! (and OpenTofu's) reads:
//!
//! | page | from |
//! | --- | --- |
//! | `docs/index.md` | the provider block's schema, `examples/provider/provider.tf` |
//! | `docs/resources/NAME.md` | each resource's schema and identity schema, `examples/resources/TYPE/resource.tf`, `import-by-identity.tf`, `import.sh` |
//! | `docs/data-sources/NAME.md` | each data source's schema, `examples/data-sources/TYPE/data-source.tf` |
//! | `docs/ephemeral-resources/NAME.md` | each ephemeral resource's schema, `examples/ephemeral-resources/TYPE/ephemeral-resource.tf` |
//! | `docs/list-resources/NAME.md` | each list resource's schema, `examples/list-resources/TYPE/list-resource.tfquery.hcl` |
//! | `docs/actions/NAME.md` | each action's schema, `examples/actions/TYPE/action.tf` |
//! | `docs/functions/NAME.md` | each function's signature, `examples/functions/NAME/function.tf` |
//!
//! (`NAME` is the type name without the provider's prefix: `files_file` → `file.md`.) The
//! schema is the provider's entry of `terraform providers schema -json`; in a test,
//! `tfsdk_testing::ProviderTest::schema_json` gives it, and `tfsdk docs` reads it from a file.
//! Each attribute goes under Required, Optional or Read-Only with its type, `Sensitive`,
//! `Write-only` and `Deprecated`, its description, and a section for each nested schema, as
//! the registry shows them.
//!
//! ```
//! use std::path::Path;
//!
//! let schema = serde_json::json!({
//!     "provider": {"version": 0, "block": {"description": "Manages files."}},
//!     "resource_schemas": {"files_file": {"version": 0, "block": {
//!         "description": "A file.",
//!         "attributes": {
//!             "path": {"type": "string", "required": true, "description": "Where it is."},
//!             "id": {"type": "string", "computed": true}
//!         }
//!     }}}
//! });
//! let docs = tfsdk_docs::render("files", &schema, Path::new("no-examples-here")).unwrap();
//! let page = &docs.files()[Path::new("resources/file.md")];
//! assert!(page.contains("# files_file (Resource)"));
//! assert!(page.contains("### Required\n\n- `path` (String) Where it is."));
//! assert!(page.contains("### Read-Only\n\n- `id` (String)"));
//! ```

mod page;
mod schema;

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use serde_json::Value as Json;

/// The generated pages, by path relative to the docs folder (`index.md`,
/// `resources/file.md`, ...).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Docs {
    files: BTreeMap<PathBuf, String>,
}

/// Why documentation could not be made or written.
#[derive(Debug)]
pub enum DocsError {
    /// The schema JSON is not what Terraform prints: what was expected where.
    Schema(String),
    /// An example or a page could not be read or written.
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        error: std::io::Error,
    },
}

impl fmt::Display for DocsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DocsError::Schema(message) => write!(f, "unexpected schema JSON: {message}"),
            DocsError::Io { path, error } => write!(f, "{}: {error}", path.display()),
        }
    }
}

impl std::error::Error for DocsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DocsError::Schema(_) => None,
            DocsError::Io { error, .. } => Some(error),
        }
    }
}

/// The pages of provider `name` (`files`) from `schema` (the provider's entry of
/// `terraform providers schema -json`: `provider`, `resource_schemas`, ...) and the example
/// configurations under `examples` (a folder that may be missing: pages then have no example).
///
/// # Errors
/// A schema that is not Terraform's JSON, or an example that cannot be read.
pub fn render(name: &str, schema: &Json, examples: &Path) -> Result<Docs, DocsError> {
    let examples = Examples(examples);
    let mut files = BTreeMap::new();
    let provider = schema
        .get("provider")
        .and_then(|provider| provider.get("block"))
        .cloned()
        .unwrap_or(Json::Object(serde_json::Map::new()));
    files.insert(
        PathBuf::from("index.md"),
        page::provider(
            name,
            &schema::Block::read(&provider, "provider")?,
            &examples,
        )?,
    );
    for kind in page::Kind::ALL {
        let Some(entries) = schema.get(kind.schema_key()).and_then(Json::as_object) else {
            continue;
        };
        for (type_name, entry) in entries {
            let text = if kind == page::Kind::Function {
                page::function(name, type_name, entry, &examples)?
            } else {
                let block = entry.get("block").ok_or_else(|| {
                    DocsError::Schema(format!("{}.{type_name} has no block", kind.schema_key()))
                })?;
                let identity = (kind == page::Kind::Resource)
                    .then(|| schema.get("resource_identity_schemas")?.get(type_name))
                    .flatten();
                page::block(
                    name,
                    kind,
                    type_name,
                    &schema::Block::read(block, type_name)?,
                    identity,
                    &examples,
                )?
            };
            let short = type_name
                .strip_prefix(&format!("{name}_"))
                .unwrap_or(type_name);
            files.insert(Path::new(kind.folder()).join(format!("{short}.md")), text);
        }
    }
    Ok(Docs { files })
}

impl Docs {
    /// The pages, by path relative to the docs folder.
    #[must_use]
    pub fn files(&self) -> &BTreeMap<PathBuf, String> {
        &self.files
    }

    /// Writes the pages under `dir` (creating folders), and removes the `.md` pages of the
    /// generated folders that are no longer generated.
    ///
    /// # Errors
    /// A folder or file that cannot be made, written or removed.
    pub fn write(&self, dir: &Path) -> Result<(), DocsError> {
        for stale in self.stale_pages(dir)? {
            std::fs::remove_file(&stale).map_err(|error| DocsError::Io { path: stale, error })?;
        }
        for (name, text) in &self.files {
            let path = dir.join(name);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).map_err(|error| DocsError::Io {
                    path: parent.to_path_buf(),
                    error,
                })?;
            }
            std::fs::write(&path, text).map_err(|error| DocsError::Io { path, error })?;
        }
        Ok(())
    }

    /// What differs between these pages and the ones under `dir`: one line per page that is
    /// missing, different (with its first differing line) or no longer generated. Empty when
    /// the folder is up to date.
    ///
    /// # Errors
    /// A page that exists but cannot be read.
    pub fn differences(&self, dir: &Path) -> Result<Vec<String>, DocsError> {
        let mut differences = Vec::new();
        for (name, text) in &self.files {
            let path = dir.join(name);
            match std::fs::read_to_string(&path) {
                Ok(written) if &written == text => {}
                Ok(written) => {
                    let (line, (old, new)) = written
                        .lines()
                        .chain(std::iter::repeat(""))
                        .zip(text.lines().chain(std::iter::repeat("")))
                        .enumerate()
                        .find(|(_, (old, new))| old != new)
                        .unwrap_or((0, ("", "")));
                    differences.push(format!(
                        "{} differs from line {}: {old:?} should be {new:?}",
                        name.display(),
                        line + 1
                    ));
                }
                Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                    differences.push(format!("{} is missing", name.display()));
                }
                Err(error) => return Err(DocsError::Io { path, error }),
            }
        }
        for stale in self.stale_pages(dir)? {
            let name = stale.strip_prefix(dir).unwrap_or(&stale);
            differences.push(format!("{} is no longer generated", name.display()));
        }
        Ok(differences)
    }

    /// `.md` files of the generated folders (`index.md` and one level of kind folders) that
    /// these pages do not have.
    fn stale_pages(&self, dir: &Path) -> Result<Vec<PathBuf>, DocsError> {
        let mut stale = Vec::new();
        for folder in page::Kind::ALL.map(page::Kind::folder) {
            let folder = dir.join(folder);
            let entries = match std::fs::read_dir(&folder) {
                Ok(entries) => entries,
                Err(error) if error.kind() == std::io::ErrorKind::NotFound => continue,
                Err(error) => {
                    return Err(DocsError::Io {
                        path: folder,
                        error,
                    });
                }
            };
            for entry in entries {
                let path = entry
                    .map_err(|error| DocsError::Io {
                        path: folder.clone(),
                        error,
                    })?
                    .path();
                let relative = path.strip_prefix(dir).unwrap_or(&path).to_path_buf();
                if path.extension().is_some_and(|ext| ext == "md")
                    && !self.files.contains_key(&relative)
                {
                    stale.push(path);
                }
            }
        }
        stale.sort();
        Ok(stale)
    }
}

/// The examples folder: `provider/provider.tf`, `resources/TYPE/resource.tf`, ...
pub(crate) struct Examples<'a>(&'a Path);

impl Examples<'_> {
    /// The file's text, trimmed at the end; `None` when it does not exist.
    pub(crate) fn read(&self, relative: &Path) -> Result<Option<String>, DocsError> {
        let path = self.0.join(relative);
        match std::fs::read_to_string(&path) {
            Ok(text) => Ok(Some(text.trim_end().to_owned())),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(error) => Err(DocsError::Io { path, error }),
        }
    }
}

#[cfg(test)]
mod tests;
