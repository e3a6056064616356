//! Resource `files_file`: a text file on disk.

use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::path::AttributePath;
use tfsdk_core::tftypes::Value;
use tfsdk_core::{TfObject, types};
use tfsdk_server::{Config, Context, PlannedChange, Resource};

use crate::disk::{self, Meta};
use crate::provider::FilesProvider;

/// A file managed by Terraform.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema, description = "A text file on the local disk.")]
pub struct File {
    #[tfsdk(name = "id", computed, description = "The file's path, as configured.")]
    pub id: types::String,
    #[tfsdk(
        name = "path",
        required,
        force_new,
        description = "Where the file is written. Changing it replaces the file."
    )]
    pub path: String,
    #[tfsdk(
        name = "content",
        optional,
        description = "The file's text. Set exactly one of content and sensitive_content."
    )]
    pub content: types::String,
    #[tfsdk(
        name = "sensitive_content",
        optional,
        sensitive,
        description = "The file's text, hidden in plan output."
    )]
    pub sensitive_content: types::String,
    #[tfsdk(
        name = "permissions",
        optional,
        default = "0644",
        description = "The file's mode bits, in octal."
    )]
    pub permissions: Option<String>,
    #[tfsdk(
        name = "checksum",
        computed,
        description = "SHA-256 of the file's text, in hex."
    )]
    pub checksum: types::String,
    #[tfsdk(
        name = "owner",
        optional,
        description = "Who the file belongs to (kept in <path>.meta.json)."
    )]
    pub owner: Option<Owner>,
    #[tfsdk(
        name = "labels",
        optional,
        description = "Labels (kept in <path>.meta.json)."
    )]
    pub labels: Option<Vec<Label>>,
}

/// The file's owner.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema)]
pub struct Owner {
    #[tfsdk(name = "name", required)]
    pub name: String,
    #[tfsdk(name = "email", optional)]
    pub email: Option<String>,
}

/// One label.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema)]
pub struct Label {
    #[tfsdk(name = "key", required)]
    pub key: String,
    #[tfsdk(name = "value", optional, default = "")]
    pub value: Option<String>,
}

/// The `files_file` resource type.
pub struct FileResource;

/// Set by the end-to-end tests only: a create of the file whose path ends with this value
/// panics, to show that a panic fails that request and nothing else.
const TEST_PANIC_ON_PATH: &str = "FILES_PROVIDER_TEST_PANIC_ON_PATH";

impl File {
    /// The text to write: `content` or `sensitive_content`, whichever is set.
    fn body(&self) -> Result<&str, Diagnostic> {
        self.content
            .get()
            .or_else(|| self.sensitive_content.get())
            .ok_or_else(|| {
                Diagnostic::error("Missing file content", "Set content or sensitive_content.")
                    .with_path(AttributePath::root("content"))
            })
    }

    fn mode(&self) -> Result<u32, Diagnostic> {
        let text = self.permissions.as_deref().unwrap_or("0644");
        disk::parse_permissions(text).ok_or_else(|| invalid_permissions(text))
    }

    fn meta(&self) -> Meta {
        Meta {
            owner: self
                .owner
                .as_ref()
                .map(|owner| (owner.name.clone(), owner.email.clone())),
            labels: self.labels.as_ref().map(|labels| {
                labels
                    .iter()
                    .map(|label| (label.key.clone(), label.value.clone().unwrap_or_default()))
                    .collect()
            }),
        }
    }

    /// Writes the file and returns the state: id and checksum set.
    fn write(mut self, provider: &FilesProvider) -> Result<File, Diagnostics> {
        let body = self.body()?.to_owned();
        let mode = self.mode()?;
        let path = provider.resolve(&self.path);
        disk::write(&path, &body, mode, &self.meta())
            .map_err(|error| io_error("write", &self.path, &error))?;
        self.id = types::String::new(self.path.clone());
        self.checksum = types::String::new(disk::checksum(&body));
        Ok(self)
    }
}

fn invalid_permissions(text: &str) -> Diagnostic {
    Diagnostic::error(
        "Invalid permissions",
        format!("{text:?} is not an octal mode such as \"0644\"."),
    )
    .with_path(AttributePath::root("permissions"))
}

fn io_error(action: &str, path: &str, error: &std::io::Error) -> Diagnostics {
    Diagnostic::error(
        format!("Cannot {action} file"),
        format!("{action} {path}: {error}"),
    )
    .with_path(AttributePath::root("path"))
    .into()
}

/// The state of the file found at `path` on disk; `sensitive` says which attribute holds the
/// text.
fn from_disk(path: String, on_disk: disk::OnDisk, sensitive: bool) -> File {
    let text = types::String::new(on_disk.body.clone());
    let (content, sensitive_content) = if sensitive {
        (types::String::null(), text)
    } else {
        (text, types::String::null())
    };
    File {
        id: types::String::new(path.clone()),
        path,
        content,
        sensitive_content,
        permissions: Some(on_disk.permissions),
        checksum: types::String::new(disk::checksum(&on_disk.body)),
        owner: on_disk
            .meta
            .owner
            .map(|(name, email)| Owner { name, email }),
        labels: on_disk.meta.labels.map(|labels| {
            labels
                .into_iter()
                .map(|(key, value)| Label {
                    key,
                    value: Some(value),
                })
                .collect()
        }),
    }
}

impl Resource for FileResource {
    type Provider = FilesProvider;
    type Model = File;
    const TYPE_NAME: &'static str = "files_file";

    async fn create(
        &self,
        ctx: &Context<FilesProvider>,
        planned: File,
    ) -> Result<File, Diagnostics> {
        if let Ok(suffix) = std::env::var(TEST_PANIC_ON_PATH)
            && !suffix.is_empty()
            && planned.path.ends_with(&suffix)
        {
            panic!("test switch {TEST_PANIC_ON_PATH} hit for {}", planned.path);
        }
        planned.write(ctx.provider())
    }

    async fn read(
        &self,
        ctx: &Context<FilesProvider>,
        state: File,
    ) -> Result<Option<File>, Diagnostics> {
        let path = ctx.provider().resolve(&state.path);
        match disk::read(&path) {
            Ok(Some(on_disk)) => {
                let sensitive = !state.sensitive_content.is_null();
                Ok(Some(from_disk(state.path, on_disk, sensitive)))
            }
            // Deleted outside Terraform: the next plan creates it again.
            Ok(None) => Ok(None),
            Err(error) => Err(io_error("read", &state.path, &error)),
        }
    }

    async fn update(
        &self,
        ctx: &Context<FilesProvider>,
        _prior: File,
        planned: File,
    ) -> Result<File, Diagnostics> {
        planned.write(ctx.provider())
    }

    async fn delete(&self, ctx: &Context<FilesProvider>, state: File) -> Result<(), Diagnostics> {
        let path = ctx.provider().resolve(&state.path);
        disk::remove(&path).map_err(|error| io_error("delete", &state.path, &error))
    }

    async fn import(&self, ctx: &Context<FilesProvider>, id: String) -> Result<File, Diagnostics> {
        let path = ctx.provider().resolve(&id);
        match disk::read(&path) {
            Ok(Some(on_disk)) => Ok(from_disk(id, on_disk, false)),
            Ok(None) => Err(Diagnostic::error(
                "Cannot import file",
                format!("There is no file at {id}."),
            )
            .into()),
            Err(error) => Err(io_error("read", &id, &error)),
        }
    }

    /// The checksum is known at plan time whenever the content is: computed here so that a
    /// change of content shows the new checksum, and an unknown content an unknown one.
    async fn modify_plan(
        &self,
        _ctx: &Context<FilesProvider>,
        plan: &mut PlannedChange<File>,
    ) -> Result<(), Diagnostics> {
        let body = [plan.planned("content"), plan.planned("sensitive_content")]
            .into_iter()
            .flatten()
            .find(|value| !value.is_null())
            .cloned();
        let checksum = match body.as_ref().map(|body| (body.is_unknown(), body.as_str())) {
            Some((false, Some(text))) => Value::from(disk::checksum(text)),
            _ => Value::unknown(tfsdk_core::tftypes::Type::String),
        };
        plan.set("checksum", checksum)?;
        Ok(())
    }

    fn validate_config(&self, config: &Config<File>, diagnostics: &mut Diagnostics) {
        let content = config.attribute("content");
        let sensitive = config.attribute("sensitive_content");
        let null = |value: Option<&Value>| value.is_none_or(Value::is_null);
        if !null(content) && !null(sensitive) {
            diagnostics.push(
                Diagnostic::error(
                    "Conflicting file content",
                    "Set only one of content and sensitive_content.",
                )
                .with_path(AttributePath::root("sensitive_content")),
            );
        } else if null(content) && null(sensitive) {
            diagnostics.push(
                Diagnostic::error("Missing file content", "Set content or sensitive_content.")
                    .with_path(AttributePath::root("content")),
            );
        }
        if let Some(text) = config.attribute("permissions").and_then(Value::as_str)
            && disk::parse_permissions(text).is_none()
        {
            diagnostics.push(invalid_permissions(text));
        }
    }
}
