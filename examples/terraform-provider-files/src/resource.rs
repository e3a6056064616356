//! Resource `files_file`: a text file on disk.

use tfsdk_core::convert::{FromValue, TerraformType, ToValue};
use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::tftypes::Value;
use tfsdk_core::{TfObject, types};
use tfsdk_server::{
    Config, Context, CreateRequest, Failed, MovedState, PlannedChange, Resource, ResourceIdentity,
    UpdateRequest,
};

use crate::disk;
use crate::provider::{FilesProvider, TEST_PANIC_ON_PATH};

/// A text file on the local disk.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(resource))]
pub struct File {
    /// The file's path, as configured.
    #[tfsdk(name = "id", computed, stable)]
    pub id: types::String,
    /// Where the file is written. Changing it replaces the file.
    #[tfsdk(name = "path", required, force_new, length = 1..)]
    pub path: String,
    /// The file's text. Set exactly one of `content`, `sensitive_content` and `content_wo`.
    #[tfsdk(
        name = "content",
        optional,
        exactly_one_of(sensitive_content, content_wo)
    )]
    pub content: types::String,
    /// The file's text, hidden in plan output.
    #[tfsdk(name = "sensitive_content", optional, sensitive)]
    pub sensitive_content: types::String,
    /// The file's text, only in configuration (Terraform 1.11 and newer): written, never kept
    /// in plan or state. Change `content_wo_version` to write a new text.
    #[tfsdk(name = "content_wo", optional, sensitive, write_only)]
    pub content_wo: Option<String>,
    /// A number to change when `content_wo` changes: Terraform cannot see a write-only value
    /// change, so this says when to write it again.
    #[tfsdk(name = "content_wo_version", optional, required_with(content_wo))]
    pub content_wo_version: Option<i64>,
    /// The file's mode bits, in octal.
    #[tfsdk(
        name = "permissions",
        optional,
        default = "0644",
        validate = disk::check_permissions
    )]
    pub permissions: Option<String>,
    /// SHA-256 of the file's text, in hex; known at plan time whenever the text is.
    #[tfsdk(name = "checksum", computed)]
    pub checksum: types::String,
    /// Who the file belongs to (kept in `<path>.meta.json`).
    #[tfsdk(name = "owner", optional)]
    pub owner: Option<Owner>,
    /// Labels (kept in `<path>.meta.json`).
    #[tfsdk(name = "labels", optional)]
    pub labels: Option<Vec<Label>>,
}

/// What identifies a file for good: its path (Terraform 1.12 and newer keep it beside the
/// state; `import { to = files_file.x, identity = { path = "x.txt" } }` imports by it).
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(identity))]
pub struct FileIdentity {
    /// The file's path, relative to the provider's base directory.
    #[tfsdk(name = "path", required)]
    pub path: String,
}

/// The file's owner.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema)]
pub struct Owner {
    /// The owner's name.
    #[tfsdk(name = "name", required, length = 1..)]
    pub name: String,
    /// Where to reach them.
    #[tfsdk(name = "email", optional)]
    pub email: Option<String>,
}

/// One label.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema)]
pub struct Label {
    /// The label's key.
    #[tfsdk(name = "key", required, length = 1..)]
    pub key: String,
    /// Its value, empty by default.
    #[tfsdk(name = "value", optional, default = "")]
    pub value: Option<String>,
}

/// What the sidecar `<path>.meta.json` holds: the Terraform JSON of the owner and labels.
#[derive(TfObject, Clone, Debug, Default, PartialEq)]
pub struct Meta {
    #[tfsdk(name = "owner")]
    owner: Option<Owner>,
    #[tfsdk(name = "labels")]
    labels: Option<Vec<Label>>,
}

impl Meta {
    /// The sidecar's text; `None` when there is nothing to keep.
    fn to_json(&self) -> Result<Option<String>, Diagnostics> {
        if *self == Meta::default() {
            return Ok(None);
        }
        let value = self.to_value(&Meta::terraform_type())?;
        value.to_json(value.ty()).map(Some).map_err(|error| {
            Diagnostic::error("Cannot write file metadata", error.to_string()).into()
        })
    }

    /// The metadata in a sidecar's text.
    fn from_json(text: &str) -> Result<Meta, Diagnostics> {
        let value = Value::from_json(text, &Meta::terraform_type())
            .map_err(|error| Diagnostic::error("Cannot read file metadata", error.to_string()))?;
        Ok(Meta::from_value(value)?)
    }
}

/// The `files_file` resource type.
pub struct FileResource;

/// Waits as the tests' switch says, before a write.
async fn test_write_delay(provider: &FilesProvider) {
    if let Some(delay) = provider.switches().write_delay {
        tokio::time::sleep(delay).await;
    }
}

/// Which attribute of the state holds a file's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TextIn {
    /// `content`.
    Content,
    /// `sensitive_content`.
    Sensitive,
    /// Neither: it came from the write-only `content_wo`, which no state keeps.
    Nowhere,
}

impl File {
    /// Where this state keeps the text.
    fn text_in(&self) -> TextIn {
        if !self.content.is_null() {
            TextIn::Content
        } else if !self.sensitive_content.is_null() {
            TextIn::Sensitive
        } else {
            TextIn::Nowhere
        }
    }

    /// The text to write: `content` or `sensitive_content`, else the configuration's write-only
    /// `content_wo` (validation made sure one is set).
    fn body(&self, config: &Config<File>) -> Result<String, Diagnostics> {
        if let Some(text) = self.content.get().or_else(|| self.sensitive_content.get()) {
            return Ok(text.to_owned());
        }
        config.view()?.content_wo.into_inner().ok_or_else(|| {
            Diagnostic::error("Missing file text", "The file has no text to write.")
                .with_path(File::paths().content())
                .into()
        })
    }

    fn mode(&self) -> Result<u32, Diagnostic> {
        let text = self.permissions.as_deref().unwrap_or("0644");
        disk::parse_permissions(text).ok_or_else(|| {
            Diagnostic::error(
                "Invalid permissions",
                disk::check_permissions(text).err().unwrap_or_default(),
            )
            .with_path(File::paths().permissions())
        })
    }

    fn meta(&self) -> Meta {
        Meta {
            owner: self.owner.clone(),
            labels: self.labels.clone(),
        }
    }

    /// Writes the file and returns the state: id and checksum set.
    fn write(
        mut self,
        provider: &FilesProvider,
        config: &Config<File>,
    ) -> Result<File, Diagnostics> {
        let body = self.body(config)?;
        let mode = self.mode()?;
        let meta = self.meta().to_json()?;
        let path = provider.resolve(&self.path);
        disk::write(&path, &body, mode, meta.as_deref())
            .map_err(|error| io_error("write", &self.path, &error))?;
        tracing::debug!(path = %self.path, bytes = body.len(), mode = format!("{mode:o}"), "wrote file");
        self.id = types::String::new(self.path.clone());
        self.checksum = types::String::new(disk::checksum(&body));
        Ok(self)
    }
}

fn io_error(action: &str, path: &str, error: &std::io::Error) -> Diagnostics {
    Diagnostic::error(
        format!("Cannot {action} file"),
        format!("{action} {path}: {error}"),
    )
    .with_path(File::paths().path())
    .into()
}

/// The state of the file found at `path` on disk, the text in the attribute `text_in` says;
/// `content_wo_version` as the prior state had it.
fn from_disk(
    path: String,
    on_disk: disk::OnDisk,
    text_in: TextIn,
    content_wo_version: Option<i64>,
) -> Result<File, Diagnostics> {
    let text = types::String::new(on_disk.body.clone());
    let (content, sensitive_content) = match text_in {
        TextIn::Content => (text, types::String::null()),
        TextIn::Sensitive => (types::String::null(), text),
        TextIn::Nowhere => (types::String::null(), types::String::null()),
    };
    let meta = match &on_disk.meta {
        Some(text) => Meta::from_json(text)?,
        None => Meta::default(),
    };
    Ok(File {
        id: types::String::new(path.clone()),
        path,
        content,
        sensitive_content,
        content_wo: None,
        content_wo_version,
        permissions: Some(on_disk.permissions),
        checksum: types::String::new(disk::checksum(&on_disk.body)),
        owner: meta.owner,
        labels: meta.labels,
    })
}

impl Resource for FileResource {
    type Provider = FilesProvider;
    type Model = File;
    const TYPE_NAME: &'static str = "files_file";

    async fn create(
        &self,
        ctx: &Context<FilesProvider>,
        request: CreateRequest<File>,
    ) -> Result<File, Failed<File>> {
        let planned = request.planned;
        if let Some(suffix) = &ctx.provider().switches().panic_on_path
            && planned.path.ends_with(suffix.as_str())
        {
            panic!("test switch {TEST_PANIC_ON_PATH} hit for {}", planned.path);
        }
        test_write_delay(ctx.provider()).await;
        Ok(planned.write(ctx.provider(), &request.config)?)
    }

    async fn read(
        &self,
        ctx: &Context<FilesProvider>,
        state: File,
    ) -> Result<Option<File>, Diagnostics> {
        let path = ctx.provider().resolve(&state.path);
        match disk::read(&path) {
            Ok(Some(on_disk)) => {
                let text_in = state.text_in();
                from_disk(state.path, on_disk, text_in, state.content_wo_version).map(Some)
            }
            // Deleted outside Terraform: the next plan creates it again.
            Ok(None) => Ok(None),
            Err(error) => Err(io_error("read", &state.path, &error)),
        }
    }

    async fn update(
        &self,
        ctx: &Context<FilesProvider>,
        request: UpdateRequest<File>,
    ) -> Result<File, Failed<File>> {
        test_write_delay(ctx.provider()).await;
        Ok(request.planned.write(ctx.provider(), &request.config)?)
    }

    async fn delete(&self, ctx: &Context<FilesProvider>, state: File) -> Result<(), Diagnostics> {
        let path = ctx.provider().resolve(&state.path);
        disk::remove(&path).map_err(|error| io_error("delete", &state.path, &error))
    }

    async fn import(&self, ctx: &Context<FilesProvider>, id: String) -> Result<File, Diagnostics> {
        existing(ctx.provider(), &id)?.ok_or_else(|| {
            Diagnostic::error("Cannot import file", format!("There is no file at {id}.")).into()
        })
    }

    /// Takes over the files of `files_legacy_file`, the type this one replaces:
    /// `moved { from = files_legacy_file.x  to = files_file.x }` keeps the file (no destroy).
    async fn move_state(
        &self,
        _ctx: &Context<FilesProvider>,
        source: MovedState,
    ) -> Result<Option<File>, Diagnostics> {
        if source.source_type != crate::legacy::LegacyFileResource::TYPE_NAME
            || !source.source_provider.ends_with("/example/files")
        {
            return Ok(None);
        }
        let legacy: crate::legacy::LegacyFile = source.state.decode()?;
        tracing::info!(path = %legacy.filename, "took over a files_legacy_file");
        Ok(Some(File {
            id: types::String::new(legacy.filename.clone()),
            checksum: types::String::new(disk::checksum(&legacy.text)),
            path: legacy.filename,
            content: types::String::new(legacy.text),
            sensitive_content: types::String::null(),
            content_wo: None,
            content_wo_version: None,
            permissions: Some(crate::legacy::MODE.to_owned()),
            owner: None,
            labels: None,
        }))
    }

    /// The checksum is known at plan time whenever the text is: computed here so that a change
    /// of text shows the new checksum, and a text not known yet an unknown one. A write-only
    /// text is not in the plan: its checksum is as Terraform's rules plan it (the prior one
    /// without changes, known after apply with them).
    async fn modify_plan(
        &self,
        _ctx: &Context<FilesProvider>,
        plan: &mut PlannedChange<File>,
    ) -> Result<(), Diagnostics> {
        let planned = plan.planned_mut()?;
        let Some(text) = [&planned.content, &planned.sensitive_content]
            .into_iter()
            .find(|text| !text.is_null())
        else {
            return Ok(());
        };
        planned.checksum = match text.get() {
            Some(text) => types::String::new(disk::checksum(text)),
            None => types::String::unknown(),
        };
        Ok(())
    }
}

impl ResourceIdentity for FileResource {
    type Identity = FileIdentity;

    fn identity(
        &self,
        _ctx: &Context<FilesProvider>,
        file: &File,
    ) -> Result<FileIdentity, Diagnostics> {
        Ok(FileIdentity {
            path: file.path.clone(),
        })
    }

    async fn import_by_identity(
        &self,
        ctx: &Context<FilesProvider>,
        identity: FileIdentity,
    ) -> Result<File, Diagnostics> {
        self.import(ctx, identity.path).await
    }
}

/// The state of the file at `path` (relative to the base directory) on disk, its text in
/// `content`: what an import and a listing give.
pub(crate) fn existing(provider: &FilesProvider, path: &str) -> Result<Option<File>, Diagnostics> {
    match disk::read(&provider.resolve(path)) {
        Ok(Some(on_disk)) => from_disk(path.to_owned(), on_disk, TextIn::Content, None).map(Some),
        Ok(None) => Ok(None),
        Err(error) => Err(io_error("read", path, &error)),
    }
}
