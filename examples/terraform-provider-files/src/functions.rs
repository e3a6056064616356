//! The provider's functions (Terraform 1.8 and newer): `provider::files::checksum(text)`, and
//! the like.

use tfsdk_core::types;
use tfsdk_server::{Arg, FunctionError, function};

use crate::disk;

/// The SHA-256 checksum of a text, in hex, as `files_file` reports it.
#[function]
pub fn checksum(
    /// The text.
    text: String,
) -> String {
    disk::checksum(&text)
}

/// Parses an octal file mode such as `"0644"` into its number.
#[function]
pub fn parse_mode(
    /// The mode, in octal: at most four digits from 0 to 7.
    mode: Arg<String>,
) -> Result<i64, FunctionError> {
    match disk::parse_permissions(&mode) {
        Some(bits) => Ok(i64::from(bits)),
        // Terraform ends the message with a period of its own.
        None => Err(mode.error(format!("{:?} is not an octal mode such as \"0644\"", *mode))),
    }
}

/// A mode as octal text, `"0644"` when it is null.
#[function]
pub fn mode_string(
    /// The mode's bits, or null.
    mode: Option<i64>,
) -> Result<String, FunctionError> {
    match mode {
        None => Ok("0644".to_owned()),
        Some(bits @ 0..=0o7777) => Ok(format!("{bits:04o}")),
        Some(bits) => Err(FunctionError::argument(
            0,
            format!("{bits} is not a file mode"),
        )),
    }
}

/// Joins path segments with `/`, skipping empty ones.
#[function]
pub fn join_path(
    /// The segments, in order.
    #[variadic]
    segments: Vec<String>,
) -> String {
    segments
        .into_iter()
        .filter(|segment| !segment.is_empty())
        .collect::<Vec<_>>()
        .join("/")
}

/// The number of lines of a text; unknown while the text is.
#[function]
pub fn line_count(
    /// The text, which may not be known yet (never null: Terraform refuses a null argument
    /// for a parameter without `#[allow_null]`).
    #[allow_unknown]
    text: types::String,
) -> types::Int64 {
    match text.get() {
        Some(text) => types::Int64::new(text.lines().count() as i64),
        None => types::Int64::unknown(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_functions_are_plain_rust_functions() {
        assert_eq!(
            join_path(vec!["a".into(), String::new(), "b".into()]),
            "a/b"
        );
        assert_eq!(mode_string(None), Ok("0644".to_owned()));
        assert_eq!(mode_string(Some(0o600)), Ok("0600".to_owned()));
        assert_eq!(
            line_count(types::String::new("a\nb\n")),
            types::Int64::new(2)
        );
        assert!(line_count(types::String::unknown()).is_unknown());
    }
}
