//! Action `files_touch` (Terraform 1.14 and newer): sets a file's modification time to now,
//! creating it empty when it does not exist, as `touch` does.

use std::fs::{File, OpenOptions};
use std::time::SystemTime;

use tfsdk_core::TfObject;
use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_server::{Action, Context, Progress};

use crate::provider::FilesProvider;

/// The file to touch.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(action))]
pub struct Touch {
    /// The file's path, relative to the provider's base directory.
    #[tfsdk(name = "path", required, length = 1..)]
    pub path: String,
}

/// The `files_touch` action.
pub struct TouchAction;

impl Action for TouchAction {
    type Provider = FilesProvider;
    type Config = Touch;
    const TYPE_NAME: &'static str = "files_touch";

    async fn invoke(
        &self,
        ctx: &Context<FilesProvider>,
        touch: Touch,
        progress: &Progress,
    ) -> Result<(), Diagnostics> {
        let path = ctx.provider().resolve(&touch.path);
        let failed = |error: std::io::Error| {
            Diagnostics::from(
                Diagnostic::error("Cannot touch file", format!("{}: {error}", touch.path))
                    .with_path(Touch::paths().path()),
            )
        };
        if path.exists() {
            progress.report(format!("updating the modification time of {}", touch.path));
            let file = OpenOptions::new()
                .append(true)
                .open(&path)
                .map_err(failed)?;
            file.set_modified(SystemTime::now()).map_err(failed)?;
        } else {
            progress.report(format!("creating {}", touch.path));
            File::create(&path).map_err(failed)?;
        }
        tracing::info!(path = %touch.path, "touched file");
        progress.report(format!("touched {}", touch.path));
        Ok(())
    }
}
