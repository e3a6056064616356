//! The files on disk: the body, its permissions, and the sidecar `<path>.meta.json` that keeps
//! the owner and labels (its bytes are written and parsed by the resource, as the Terraform
//! JSON of its metadata model).

use std::fs;
use std::io;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

/// Everything the provider knows of one file on disk.
#[derive(Clone, Debug, PartialEq)]
pub struct OnDisk {
    /// The file's text.
    pub body: String,
    /// Its mode bits in octal, `0644`.
    pub permissions: String,
    /// The sidecar's text, when there is one.
    pub meta: Option<String>,
}

/// The SHA-256 of `body`, in lowercase hex.
pub fn checksum(body: &str) -> String {
    Sha256::digest(body.as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// Parses `0644`-style octal permissions.
pub fn parse_permissions(text: &str) -> Option<u32> {
    if text.is_empty() || text.len() > 4 {
        return None;
    }
    u32::from_str_radix(text, 8).ok()
}

/// The `permissions` rule: an octal mode of at most four digits.
///
/// # Errors
/// What is wrong with `text`, for the diagnostic at the attribute.
pub fn check_permissions(text: &str) -> Result<(), String> {
    match parse_permissions(text) {
        Some(_) => Ok(()),
        None => Err(format!("{text:?} is not an octal mode such as \"0644\".")),
    }
}

fn sidecar(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".meta.json");
    PathBuf::from(name)
}

/// Writes the file, its permissions and its sidecar (removed when there is no metadata).
pub fn write(path: &Path, body: &str, permissions: u32, meta: Option<&str>) -> io::Result<()> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        fs::create_dir_all(parent)?;
    }
    fs::write(path, body)?;
    fs::set_permissions(path, fs::Permissions::from_mode(permissions))?;
    let sidecar = sidecar(path);
    match meta {
        Some(text) => fs::write(sidecar, text),
        None => remove_if_present(&sidecar),
    }
}

/// Reads the file, or `None` when it does not exist.
pub fn read(path: &Path) -> io::Result<Option<OnDisk>> {
    let body = match fs::read_to_string(path) {
        Ok(body) => body,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(error),
    };
    let mode = fs::metadata(path)?.permissions().mode() & 0o7777;
    let meta = match fs::read_to_string(sidecar(path)) {
        Ok(text) => Some(text),
        Err(error) if error.kind() == io::ErrorKind::NotFound => None,
        Err(error) => return Err(error),
    };
    Ok(Some(OnDisk {
        body,
        permissions: format!("{mode:04o}"),
        meta,
    }))
}

/// Removes the file and its sidecar; a file already gone is fine.
pub fn remove(path: &Path) -> io::Result<()> {
    remove_if_present(path)?;
    remove_if_present(&sidecar(path))
}

fn remove_if_present(path: &Path) -> io::Result<()> {
    match fs::remove_file(path) {
        Err(error) if error.kind() != io::ErrorKind::NotFound => Err(error),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checksum_is_sha256_hex() {
        assert_eq!(
            checksum("hello\n"),
            "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03"
        );
    }

    #[test]
    fn permissions_are_octal() {
        assert_eq!(parse_permissions("0644"), Some(0o644));
        assert_eq!(parse_permissions("755"), Some(0o755));
        assert_eq!(parse_permissions("0964"), None);
        assert_eq!(parse_permissions(""), None);
        assert_eq!(
            check_permissions("0964"),
            Err("\"0964\" is not an octal mode such as \"0644\".".to_owned())
        );
    }

    #[test]
    fn a_file_and_its_sidecar_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/a.txt");
        write(&path, "hi", 0o600, Some("{}")).unwrap();
        let read = read(&path).unwrap().unwrap();
        assert_eq!(read.body, "hi");
        assert_eq!(read.permissions, "0600");
        assert_eq!(read.meta.as_deref(), Some("{}"));
        write(&path, "hi", 0o600, None).unwrap();
        assert_eq!(super::read(&path).unwrap().unwrap().meta, None);
        remove(&path).unwrap();
        assert_eq!(super::read(&path).unwrap(), None);
    }
}
