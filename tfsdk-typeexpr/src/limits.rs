//! Caps on what `tfsdk vars` reads, so a huge or hostile file ends in a clear error in
//! bounded memory: file sizes (checked before reading, and enforced while reading), nesting
//! (the HCL parser refuses more than 64 levels and 128 chained operators, the JSON readers
//! stop at their own depth), and evaluation work.

use std::io::Read;
use std::path::Path;

use super::vars::Diagnostic;

/// The largest variables file (`.tfvars`, `.tfvars.json`) read, in bytes. The worst case
/// under it (one list of half a million numbers) peaks at about 150 MB in a debug build.
pub const MAX_VARS_FILE_BYTES: usize = 4 * 1024 * 1024;
/// The largest module file (`.tf`, `.tf.json`) read, in bytes (only `variable` blocks are
/// kept, but the whole file is parsed).
pub const MAX_MODULE_FILE_BYTES: usize = 8 * 1024 * 1024;
/// The deepest nesting of a JSON document (`.tf.json`, `.tfvars.json`) read.
pub const MAX_JSON_DEPTH: usize = 64;
/// Evaluation steps one expression may take (values built, elements visited).
pub const MAX_EVAL_STEPS: usize = 2_000_000;
/// The longest string an expression may build, in bytes.
pub const MAX_STRING_BYTES: usize = 16 * 1024 * 1024;
/// How deeply expressions may nest while being evaluated (the parser allows 64 levels).
pub const MAX_EXPR_DEPTH: usize = 100;

/// Why a file was not read.
#[derive(Debug)]
pub(crate) enum ReadError {
    Io(std::io::Error),
    TooLarge(Option<u64>, usize),
    NotUtf8,
}

impl ReadError {
    pub(crate) fn diagnostic(&self, path: &Path) -> Diagnostic {
        match self {
            ReadError::Io(e) => Diagnostic::error(
                "Failed to read file",
                format!("The file {} could not be read: {e}.", path.display()),
            ),
            ReadError::TooLarge(size, cap) => Diagnostic::error(
                "File too large",
                match size {
                    Some(size) => format!(
                        "The file {} is {size} bytes long; this tool reads files of at most {cap} bytes.",
                        path.display()
                    ),
                    None => format!(
                        "The file {} is longer than {cap} bytes, the most this tool reads.",
                        path.display()
                    ),
                },
            ),
            ReadError::NotUtf8 => Diagnostic::error(
                "Invalid file encoding",
                format!("The file {} is not valid UTF-8.", path.display()),
            ),
        }
    }
}

/// Reads a file of at most `cap` bytes: a larger one is refused from its size before any
/// byte is read, and a file that grows (or a device with no size) is cut off at `cap + 1`.
pub(crate) fn read_capped(path: &Path, cap: usize) -> Result<String, ReadError> {
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    let meta = file.metadata().map_err(ReadError::Io)?;
    if meta.len() > cap as u64 {
        return Err(ReadError::TooLarge(Some(meta.len()), cap));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(cap as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() > cap {
        return Err(ReadError::TooLarge(None, cap));
    }
    String::from_utf8(bytes).map_err(|_| ReadError::NotUtf8)
}
