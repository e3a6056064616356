//! The files on disk: the body, its permissions, and the sidecar `<path>.meta.json` that keeps
//! the owner and labels.

use std::fs;
use std::io;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use serde_json::json;
use sha2::{Digest, Sha256};

/// The owner and labels as the sidecar stores them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Meta {
    /// `(name, email)`.
    pub owner: Option<(String, Option<String>)>,
    /// `(key, value)` pairs in order.
    pub labels: Option<Vec<(String, String)>>,
}

/// Everything the provider knows of one file on disk.
#[derive(Clone, Debug, PartialEq)]
pub struct OnDisk {
    pub body: String,
    pub permissions: String,
    pub meta: Meta,
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

fn sidecar(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".meta.json");
    PathBuf::from(name)
}

/// Writes the file, its permissions and its sidecar (removed when there is no metadata).
pub fn write(path: &Path, body: &str, permissions: u32, meta: &Meta) -> io::Result<()> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        fs::create_dir_all(parent)?;
    }
    fs::write(path, body)?;
    fs::set_permissions(path, fs::Permissions::from_mode(permissions))?;
    let sidecar = sidecar(path);
    if meta == &Meta::default() {
        remove_if_present(&sidecar)
    } else {
        let owner = meta
            .owner
            .as_ref()
            .map(|(name, email)| json!({"name": name, "email": email}));
        let labels = meta.labels.as_ref().map(|labels| {
            labels
                .iter()
                .map(|(key, value)| json!({"key": key, "value": value}))
                .collect::<Vec<_>>()
        });
        let text = json!({"owner": owner, "labels": labels}).to_string();
        fs::write(sidecar, text)
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
        Ok(text) => parse_meta(&text)?,
        Err(error) if error.kind() == io::ErrorKind::NotFound => Meta::default(),
        Err(error) => return Err(error),
    };
    Ok(Some(OnDisk {
        body,
        permissions: format!("{mode:04o}"),
        meta,
    }))
}

fn parse_meta(text: &str) -> io::Result<Meta> {
    let bad = |what: &str| io::Error::new(io::ErrorKind::InvalidData, format!("sidecar: {what}"));
    let json: serde_json::Value = serde_json::from_str(text).map_err(|e| bad(&e.to_string()))?;
    let text_of = |value: &serde_json::Value| value.as_str().map(str::to_owned);
    let owner = match &json["owner"] {
        serde_json::Value::Null => None,
        owner => Some((
            text_of(&owner["name"]).ok_or_else(|| bad("owner without a name"))?,
            text_of(&owner["email"]),
        )),
    };
    let labels = match &json["labels"] {
        serde_json::Value::Null => None,
        serde_json::Value::Array(labels) => Some(
            labels
                .iter()
                .map(|label| {
                    Ok((
                        text_of(&label["key"]).ok_or_else(|| bad("label without a key"))?,
                        text_of(&label["value"]).unwrap_or_default(),
                    ))
                })
                .collect::<io::Result<Vec<_>>>()?,
        ),
        _ => return Err(bad("labels is not a list")),
    };
    Ok(Meta { owner, labels })
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
    }

    #[test]
    fn a_file_and_its_sidecar_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/a.txt");
        let meta = Meta {
            owner: Some(("ops".into(), None)),
            labels: Some(vec![("env".into(), "dev".into())]),
        };
        write(&path, "hi", 0o600, &meta).unwrap();
        let read = read(&path).unwrap().unwrap();
        assert_eq!(read.body, "hi");
        assert_eq!(read.permissions, "0600");
        assert_eq!(read.meta, meta);
        remove(&path).unwrap();
        assert_eq!(super::read(&path).unwrap(), None);
    }
}
