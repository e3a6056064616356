//! `tfsdk schema import`: derived Rust models from the output of `terraform providers schema
//! -json`, one module per type, that serve the schema they were read from, so that a type
//! ported from Go keeps its schema and the states Go wrote.
//!
//! The models land under `OUT/`: `provider.rs`, `resources/TYPE.rs`, `data_sources/TYPE.rs`,
//! `ephemeral_resources/TYPE.rs` (TYPE without the provider's prefix), with a `mod.rs` per
//! folder. What a model cannot serve as the schema said (a single block's item limits, a
//! deprecation without a message) is listed on standard error; what the derive
//! cannot express at all (tuple types, a set of objects inside a set of objects) is an error
//! naming the attribute, all of them in one run.

mod json;
mod rust;

use std::collections::BTreeMap;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use json::{Document, ProviderSchemas, Schema};
use rust::{Role, TypeSource, camel_case, module_ident};

/// What `tfsdk schema import` was asked.
pub(crate) struct Options {
    /// The schema JSON; standard input when `None` or `-`.
    pub input: Option<PathBuf>,
    /// Where the modules go.
    pub out: PathBuf,
    /// The provider's source address (or its last part) when the document has several.
    pub provider: Option<String>,
    /// Only these types (`provider` for the provider's configuration); all when empty.
    pub types: Vec<String>,
    /// Write nothing; exit 1 when the files differ from what the import writes.
    pub check: bool,
}

/// Runs the import; problems with the input are errors, differences are listed.
pub(crate) fn run(options: &Options) -> io::Result<ExitCode> {
    let text = read_input(options.input.as_deref())?;
    let document: Document = serde_json::from_str(&text).map_err(|e| {
        io::Error::other(format!(
            "{}: not the output of `terraform providers schema -json`: {e}",
            input_name(options.input.as_deref())
        ))
    })?;
    let (address, schemas) = choose_provider(&document, options.provider.as_deref())?;
    let files = files(address, schemas, &options.types)?;
    let files = files
        .into_iter()
        .map(|(path, text)| (path, format_source(&text)))
        .collect::<BTreeMap<_, _>>();
    if options.check {
        let stale: Vec<String> = files
            .iter()
            .filter(|(path, text)| {
                std::fs::read_to_string(options.out.join(path))
                    .ok()
                    .as_ref()
                    != Some(*text)
            })
            .map(|(path, _)| options.out.join(path).display().to_string())
            .collect();
        if stale.is_empty() {
            return Ok(ExitCode::SUCCESS);
        }
        eprintln!(
            "not what `tfsdk schema import` writes: {}",
            stale.join(", ")
        );
        return Ok(ExitCode::FAILURE);
    }
    for (path, text) in &files {
        let path = options.out.join(path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&path, text)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    }
    eprintln!(
        "wrote {} files for {address} to {}",
        files.len(),
        options.out.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// What `tfsdk new NAME --beside-go FILE` starts from: the Go provider named NAME in `file`
/// (the output of `terraform providers schema -json`), and its provider block's models.
pub(crate) fn front_of(file: &Path, name: &str) -> io::Result<crate::new::BesideGo> {
    let text = read_input(Some(file))?;
    let document: Document = serde_json::from_str(&text).map_err(|e| {
        io::Error::other(format!(
            "{}: not the output of `terraform providers schema -json`: {e}",
            file.display()
        ))
    })?;
    let (address, schemas) = choose_provider(&document, Some(name))?;
    if schemas.provider.is_none() {
        return Err(io::Error::other(format!(
            "{}: {address} has no provider block schema",
            file.display()
        )));
    }
    let models = files(address, schemas, &["provider".to_owned()])?
        .into_iter()
        .map(|(path, text)| (path, format_source(&text)))
        .collect();
    Ok(crate::new::BesideGo {
        address: address.to_owned(),
        schema_json: text,
        models,
    })
}

fn input_name(input: Option<&Path>) -> String {
    match input {
        Some(path) if path != Path::new("-") => path.display().to_string(),
        _ => "standard input".to_owned(),
    }
}

fn read_input(input: Option<&Path>) -> io::Result<String> {
    match input {
        Some(path) if path != Path::new("-") => std::fs::read_to_string(path)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display()))),
        _ => {
            let mut text = String::new();
            io::stdin().read_to_string(&mut text)?;
            Ok(text)
        }
    }
}

/// The provider the import is for: the one in the document, or the one `wanted` names (its
/// whole address or its last part).
fn choose_provider<'a>(
    document: &'a Document,
    wanted: Option<&str>,
) -> io::Result<(&'a str, &'a ProviderSchemas)> {
    let found: Vec<_> = document
        .provider_schemas
        .iter()
        .filter(|(address, _)| match wanted {
            Some(wanted) => {
                address.as_str() == wanted || address.rsplit('/').next() == Some(wanted)
            }
            None => true,
        })
        .collect();
    match found.as_slice() {
        [(address, schemas)] => Ok((address.as_str(), schemas)),
        _ => {
            let addresses: Vec<&str> = document
                .provider_schemas
                .keys()
                .map(String::as_str)
                .collect();
            Err(io::Error::other(match (wanted, found.is_empty()) {
                (Some(wanted), true) => format!(
                    "no provider {wanted:?} in the schema; it has: {}",
                    addresses.join(", ")
                ),
                _ => format!(
                    "the schema has several providers: choose one with --provider ({})",
                    addresses.join(", ")
                ),
            }))
        }
    }
}

/// One type to write: its role, name, module path and schema.
struct Planned<'a> {
    role: Role,
    type_name: &'a str,
    folder: Option<&'static str>,
    module: String,
    schema: &'a Schema,
}

/// Every file of the import, by path under the output folder, unformatted.
fn files(
    address: &str,
    schemas: &ProviderSchemas,
    only: &[String],
) -> io::Result<BTreeMap<PathBuf, String>> {
    let provider_name = address.rsplit('/').next().unwrap_or(address);
    let prefix = format!("{provider_name}_");
    let mut planned = Vec::new();
    if let Some(provider) = &schemas.provider {
        planned.push(Planned {
            role: Role::Provider,
            type_name: "provider",
            folder: None,
            module: "provider".to_owned(),
            schema: provider,
        });
    }
    for (role, folder, types) in [
        (Role::Resource, "resources", &schemas.resource_schemas),
        (
            Role::DataSource,
            "data_sources",
            &schemas.data_source_schemas,
        ),
        (
            Role::Ephemeral,
            "ephemeral_resources",
            &schemas.ephemeral_resource_schemas,
        ),
    ] {
        for (type_name, schema) in types {
            let short = type_name.strip_prefix(&prefix).unwrap_or(type_name);
            planned.push(Planned {
                role,
                type_name,
                folder: Some(folder),
                module: module_ident(short),
                schema,
            });
        }
    }
    let unknown: Vec<&String> = only
        .iter()
        .filter(|wanted| !planned.iter().any(|p| p.type_name == wanted.as_str()))
        .collect();
    if !unknown.is_empty() {
        return Err(io::Error::other(format!(
            "{address} serves no type named {}",
            unknown
                .iter()
                .map(|name| format!("{name:?}"))
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    planned.retain(|p| only.is_empty() || only.iter().any(|name| name == p.type_name));

    let mut files = BTreeMap::new();
    let mut errors = Vec::new();
    let mut folders: BTreeMap<Option<&str>, Vec<String>> = BTreeMap::new();
    for type_ in &planned {
        let struct_name = match type_.role {
            Role::Provider => "ProviderConfig".to_owned(),
            _ => camel_case(&type_.module),
        };
        let source = TypeSource {
            address,
            type_name: type_.type_name,
            role: type_.role,
            struct_name,
            version: type_.schema.version,
            block: &type_.schema.block,
            identity: (type_.role == Role::Resource)
                .then(|| schemas.resource_identity_schemas.get(type_.type_name))
                .flatten(),
        };
        match rust::write_module(&source) {
            Ok(written) => {
                for difference in written.differences {
                    eprintln!("warning: {difference}");
                }
                let path = match type_.folder {
                    Some(folder) => Path::new(folder).join(format!("{}.rs", type_.module)),
                    None => PathBuf::from(format!("{}.rs", type_.module)),
                };
                files.insert(path, written.text);
                folders
                    .entry(type_.folder)
                    .or_default()
                    .push(type_.module.clone());
            }
            Err(problem) => errors.push(problem),
        }
    }
    if !errors.is_empty() {
        return Err(io::Error::other(format!(
            "the derive cannot serve these parts of the schema:\n  {}",
            errors.join("\n  ")
        )));
    }
    write_module_lists(address, &folders, &mut files);
    for (what, count) in [
        ("list resources", schemas.list_resource_schemas.len()),
        ("actions", schemas.action_schemas.len()),
        ("functions", schemas.functions.len()),
    ] {
        if count > 0 && only.is_empty() {
            eprintln!("note: {count} {what} not imported (their models are written by hand)");
        }
    }
    Ok(files)
}

/// `mod.rs` of the output folder and of each kind's folder.
fn write_module_lists(
    address: &str,
    folders: &BTreeMap<Option<&str>, Vec<String>>,
    files: &mut BTreeMap<PathBuf, String>,
) {
    let mut root =
        format!("//! Models of the schema of `{address}`, written by `tfsdk schema import`.\n\n");
    for (folder, modules) in folders {
        match folder {
            Some(folder) => {
                root.push_str(&format!("pub mod {folder};\n"));
                let mut list = format!("//! The {}.\n\n", folder.replace('_', " "));
                for module in modules {
                    list.push_str(&format!("pub mod {module};\n"));
                }
                files.insert(Path::new(folder).join("mod.rs"), list);
            }
            None => {
                for module in modules {
                    root.push_str(&format!("pub mod {module};\n"));
                }
            }
        }
    }
    files.insert(PathBuf::from("mod.rs"), root);
}

/// `text` as rustfmt writes it (edition 2024), so the files pass `cargo fmt --check`; as is,
/// with a warning, where rustfmt is missing.
fn format_source(text: &str) -> String {
    let child = Command::new("rustfmt")
        .args(["--edition", "2024", "--emit", "stdout", "--quiet"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let formatted = child.and_then(|mut child| {
        if let Some(mut stdin) = child.stdin.take() {
            stdin.write_all(text.as_bytes())?;
        }
        let output = child.wait_with_output()?;
        if output.status.success() {
            String::from_utf8(output.stdout).map_err(io::Error::other)
        } else {
            Err(io::Error::other(
                String::from_utf8_lossy(&output.stderr).into_owned(),
            ))
        }
    });
    match formatted {
        Ok(formatted) => formatted,
        Err(problem) => {
            eprintln!(
                "warning: rustfmt did not format the models ({problem}); written as they are"
            );
            text.to_owned()
        }
    }
}
