//! The `tfsdk` command-line tool: Terraform type constraints and input variables.
//!
//! ```text
//! tfsdk vars DIR [--var-file FILE]... [--var NAME=VALUE]...
//!     Evaluates the input variables a module declares in DIR/*.tf, with values from TF_VAR_*
//!     environment variables, DIR/terraform.tfvars, DIR/terraform.tfvars.json,
//!     DIR/*.auto.tfvars(.json), then every --var-file and --var in command-line order
//!     (Terraform's precedence, lowest first). Prints `name = <value>` per variable as
//!     `terraform console` prints values, problems on stderr; exit status 1 on any error.
//!
//!     With --json, prints one JSON document instead: {"variables": {NAME: {"sensitive",
//!     "type", "value"}}, "diagnostics": [{"severity", "summary", "detail", "range"}]}.
//!     Module files may be .tf or .tf.json; .tfvars values may be expressions (no references
//!     or function calls, as in Terraform); validation rules are checked.
//!
//! tfsdk convert --type EXPR --value JSON
//!     Converts a JSON value to a type constraint as Terraform converts an input variable and
//!     prints the result as the console does; errors on stderr, exit status 1.
//!
//! tfsdk convert --json-lines
//!     Reads `{"type": "...", "value": <json>}` per line on stdin and writes one line per input
//!     line: `{"ok": true, "type": "<canonical type>", "value": <json>, "console": "..."}` or
//!     `{"ok": false, "error": "...", "path": "..."}`. A bad line gives an error line; the
//!     batch goes on. Exit status 0 unless reading or writing fails.
//!
//! tfsdk docs --schema FILE --name NAME [--examples DIR] [--out DIR] [--check]
//!     Writes a provider's registry documentation (index.md, resources/, data-sources/,
//!     ephemeral-resources/, functions/) into DIR (default `docs`) from FILE, the output of
//!     `terraform providers schema -json` (or the provider's entry of it), and the example
//!     configurations under --examples (default `examples`). With --check, writes nothing and
//!     exits with status 1 when the folder is not up to date.
//!
//! tfsdk new NAME [--path DIR] [--namespace NS] [--services a,b] [--beside-go FILE]
//!     Writes a provider crate to start from. With --beside-go FILE (`terraform providers
//!     schema -json` of an existing Go provider), a Rust front serving beside that provider:
//!     its provider block imported, no types ported yet.
//!
//! tfsdk schema import [FILE] [--out src/models] [--provider ADDRESS] [--type NAME]... [--check]
//!     Reads FILE (standard input when absent or `-`), the output of `terraform providers
//!     schema -json`, and writes derived models serving the same schema: OUT/mod.rs,
//!     OUT/provider.rs, OUT/resources/TYPE.rs, OUT/data_sources/TYPE.rs,
//!     OUT/ephemeral_resources/TYPE.rs (TYPE without the provider's prefix), formatted by
//!     rustfmt. Names, types, nesting (blocks and nested attributes), required / optional /
//!     computed / sensitive / write-only, descriptions (doc comments, with their
//!     description_kind), deprecations, schema versions and identity schemas are kept; what
//!     cannot be served the same way is a warning, what the derive cannot express an error.
//!     With --check, writes nothing and exits with status 1 when the files differ.
//!
//! tfsdk release [--manifest-path Cargo.toml] [--bin NAME] [--target TRIPLE]...
//!               [--profile release] [--out-dir dist] [--go-executable PATH] [--gpg-key KEY]
//!     Builds the provider binary (`terraform-provider-NAME`) for each target (the host when
//!     none is given) and writes terraform-provider-NAME_VERSION_OS_ARCH.zip for each,
//!     terraform-provider-NAME_VERSION_manifest.json (protocol 6.0) and
//!     terraform-provider-NAME_VERSION_SHA256SUMS, signed into SHA256SUMS.sig with
//!     `gpg --detach-sign` when --gpg-key is given; with --go-executable PATH, the archive
//!     also holds that Go provider as terraform-provider-NAME-go, which a provider served with
//!     `serve_beside` forwards to: the layout registries, network mirrors and
//!     `terraform providers mirror` use. VERSION is the package's.
//! ```

use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{ArgMatches, CommandFactory, FromArgMatches, Parser, Subcommand};
use serde_json::Value as Json;
use tfsdk_typeexpr::vars::{Inputs, Module, evaluate};
use tfsdk_typeexpr::{self as typeexpr, console, json_lines, json_value};

mod new;
mod release;
mod schema_import;
mod vars_json;

/// Terraform type constraints and input variables, as Terraform and OpenTofu evaluate them.
#[derive(Parser, Debug)]
#[command(name = "tfsdk", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print the final value of every input variable of the module in DIR.
    Vars {
        /// The module directory (its *.tf files declare the variables).
        dir: PathBuf,
        /// A variables file (.tfvars, or JSON when the name ends in .json); repeatable.
        #[arg(long = "var-file", value_name = "FILE")]
        var_files: Vec<PathBuf>,
        /// A variable value, NAME=VALUE; repeatable. Later values win.
        #[arg(long = "var", value_name = "NAME=VALUE")]
        vars: Vec<String>,
        /// Ignore TF_VAR_* environment variables.
        #[arg(long)]
        no_env: bool,
        /// Print values and problems as one JSON document on stdout.
        #[arg(long)]
        json: bool,
    },
    /// Convert JSON values to a type constraint.
    Convert {
        /// The type constraint, e.g. 'list(object({name=string}))'.
        #[arg(
            long = "type",
            value_name = "EXPR",
            required_unless_present = "json_lines"
        )]
        type_expr: Option<String>,
        /// The value, as JSON.
        #[arg(long, value_name = "JSON", required_unless_present = "json_lines")]
        value: Option<String>,
        /// Read {"type": ..., "value": ...} lines on stdin, write one result line each.
        #[arg(long, conflicts_with_all = ["type_expr", "value"])]
        json_lines: bool,
    },
    /// Write a provider's registry documentation from its schema and examples.
    Docs {
        /// The output of `terraform providers schema -json`, or the provider's entry of it.
        #[arg(long, value_name = "FILE")]
        schema: PathBuf,
        /// The provider's name: `files` for terraform-provider-files (default: from the
        /// terraform-provider-NAME binary of the package in the current directory).
        #[arg(long)]
        name: Option<String>,
        /// The example configurations (provider/provider.tf, resources/TYPE/resource.tf, ...).
        #[arg(long, value_name = "DIR", default_value = "examples")]
        examples: PathBuf,
        /// Where the pages go.
        #[arg(long, value_name = "DIR", default_value = "docs")]
        out: PathBuf,
        /// Check instead of writing: exit status 1 when the pages are not up to date.
        #[arg(long)]
        check: bool,
    },
    /// Build a provider and write its release archives, manifest and checksums.
    Release {
        /// The provider package's Cargo.toml (default: the current package).
        #[arg(long, value_name = "PATH")]
        manifest_path: Option<PathBuf>,
        /// The provider binary (default: the package's one terraform-provider-* binary).
        #[arg(long)]
        bin: Option<String>,
        /// A Rust target triple to build for; repeatable (default: the host).
        #[arg(long = "target", value_name = "TRIPLE")]
        targets: Vec<String>,
        /// The Cargo profile to build with.
        #[arg(long, default_value = "release")]
        profile: String,
        /// Where the release files go.
        #[arg(long, value_name = "DIR", default_value = "dist")]
        out_dir: PathBuf,
        /// The Go provider this one forwards to (`tfsdk_server::serve_beside`), built for the
        /// target: packed beside the provider as terraform-provider-NAME-go. One target only.
        #[arg(long, value_name = "PATH", conflicts_with = "archives_from")]
        go_executable: Option<PathBuf>,
        /// Sign the checksums with this GnuPG key (`gpg --detach-sign`).
        #[arg(long, value_name = "KEY")]
        gpg_key: Option<String>,
        /// Build nothing: write the manifest and checksums of the archives of this release
        /// already in DIR (made by `tfsdk release --target ...` on each platform's machine).
        #[arg(long, value_name = "DIR", conflicts_with = "targets")]
        archives_from: Option<PathBuf>,
    },
    /// Derived Rust models from a provider's schema (`terraform providers schema -json`).
    Schema {
        #[command(subcommand)]
        command: SchemaCommand,
    },
    /// Start a provider: a crate to build on (with --services, one crate per service).
    New {
        /// The provider's name: `demo` makes terraform-provider-demo, whose types are demo_*.
        name: String,
        /// Where to write it (default: ./terraform-provider-NAME).
        #[arg(long, value_name = "DIR")]
        path: Option<PathBuf>,
        /// The registry namespace of its source address, NAMESPACE/NAME.
        #[arg(long, default_value = "example")]
        namespace: String,
        /// Split the provider into service crates, e.g. `--services compute,storage`.
        #[arg(long, value_delimiter = ',', value_name = "NAME,...")]
        services: Vec<String>,
        /// The version requirement on the tfsdk crates (default: this tool's version).
        #[arg(long, value_name = "REQ")]
        tfsdk_version: Option<String>,
        /// Start from an existing Go provider: a Rust front that serves beside it, from its
        /// `terraform providers schema -json` (FILE), with no types ported yet.
        #[arg(long, value_name = "FILE", conflicts_with = "services")]
        beside_go: Option<PathBuf>,
    },
}

#[derive(Subcommand, Debug)]
enum SchemaCommand {
    /// Write one module of derived models per type, serving the schema read: names, types,
    /// nesting, flags, descriptions, deprecations and schema versions.
    Import {
        /// The output of `terraform providers schema -json` (standard input when absent or
        /// `-`).
        file: Option<PathBuf>,
        /// Where the modules go (mod.rs, provider.rs, resources/, data_sources/, ...).
        #[arg(long, value_name = "DIR", default_value = "src/models")]
        out: PathBuf,
        /// The provider, by source address or its last part, when the schema has several.
        #[arg(long)]
        provider: Option<String>,
        /// Import only this type (`provider` for the provider's configuration); repeatable.
        #[arg(long = "type", value_name = "NAME")]
        types: Vec<String>,
        /// Write nothing: exit with status 1 when the files differ from what it would write.
        #[arg(long)]
        check: bool,
    },
}

fn main() -> ExitCode {
    let matches = Cli::command().get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let result = match cli.command {
        Command::Vars {
            dir,
            var_files,
            vars,
            no_env,
            json,
        } => {
            let sub = matches
                .subcommand_matches("vars")
                .expect("clap parsed the vars subcommand");
            let ordered = command_line_order(sub, var_files, vars);
            run_vars(&dir, &ordered, no_env, json)
        }
        Command::Convert {
            json_lines: true, ..
        } => run_json_lines(io::stdin().lock(), io::stdout().lock()),
        Command::Convert {
            type_expr, value, ..
        } => run_convert(
            type_expr.as_deref().unwrap_or_default(),
            value.as_deref().unwrap_or_default(),
        ),
        Command::Docs {
            schema,
            name,
            examples,
            out,
            check,
        } => run_docs(&schema, name, &examples, &out, check),
        Command::Release {
            manifest_path,
            bin,
            targets,
            profile,
            out_dir,
            go_executable,
            gpg_key,
            archives_from,
        } => run_release(&ReleaseRun {
            manifest: manifest_path.as_deref(),
            bin: bin.as_deref(),
            targets: &targets,
            profile: &profile,
            out_dir: &out_dir,
            go_executable: go_executable.as_deref(),
            gpg_key: gpg_key.as_deref(),
            archives_from: archives_from.as_deref(),
        }),
        Command::Schema {
            command:
                SchemaCommand::Import {
                    file,
                    out,
                    provider,
                    types,
                    check,
                },
        } => schema_import::run(&schema_import::Options {
            input: file,
            out,
            provider,
            types,
            check,
        }),
        Command::New {
            name,
            path,
            namespace,
            services,
            tfsdk_version,
            beside_go,
        } => run_new(
            name,
            path,
            namespace,
            services,
            tfsdk_version,
            beside_go.as_deref(),
        ),
    };
    match result {
        Ok(code) => code,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("Error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `tfsdk docs`.
fn run_docs(
    schema: &std::path::Path,
    name: Option<String>,
    examples: &std::path::Path,
    out: &std::path::Path,
    check: bool,
) -> io::Result<ExitCode> {
    let name = match name {
        Some(name) => name,
        // The package in the current directory, as cargo takes it.
        None => {
            let package = release::package(None, None).map_err(io::Error::other)?;
            package
                .binary
                .strip_prefix("terraform-provider-")
                .unwrap_or(&package.binary)
                .to_owned()
        }
    };
    let name = name.as_str();
    let text = std::fs::read_to_string(schema)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", schema.display())))?;
    let json: Json = serde_json::from_str(&text)
        .map_err(|e| io::Error::other(format!("{}: not JSON: {e}", schema.display())))?;
    // The whole `providers schema -json` output: the provider whose address ends in /NAME.
    let provider = match json.get("provider_schemas").and_then(Json::as_object) {
        Some(schemas) => schemas
            .iter()
            .find(|(address, _)| address.rsplit('/').next() == Some(name))
            .map(|(_, schema)| schema.clone())
            .ok_or_else(|| {
                io::Error::other(format!(
                    "{} has no provider named {name:?} (it has {})",
                    schema.display(),
                    schemas.keys().cloned().collect::<Vec<_>>().join(", ")
                ))
            })?,
        None => json,
    };
    let docs = tfsdk_docs::render(name, &provider, examples).map_err(io::Error::other)?;
    if check {
        let differences = docs.differences(out).map_err(io::Error::other)?;
        if differences.is_empty() {
            return Ok(ExitCode::SUCCESS);
        }
        eprintln!(
            "{} is not up to date:\n  - {}",
            out.display(),
            differences.join("\n  - ")
        );
        return Ok(ExitCode::FAILURE);
    }
    docs.write(out).map_err(io::Error::other)?;
    eprintln!("wrote {} pages under {}", docs.files().len(), out.display());
    Ok(ExitCode::SUCCESS)
}

/// What `tfsdk release` was asked.
struct ReleaseRun<'a> {
    manifest: Option<&'a std::path::Path>,
    bin: Option<&'a str>,
    targets: &'a [String],
    profile: &'a str,
    out_dir: &'a std::path::Path,
    go_executable: Option<&'a std::path::Path>,
    gpg_key: Option<&'a str>,
    archives_from: Option<&'a std::path::Path>,
}

/// `tfsdk release`.
fn run_release(run: &ReleaseRun<'_>) -> io::Result<ExitCode> {
    let &ReleaseRun {
        manifest,
        bin,
        targets,
        profile,
        out_dir,
        go_executable,
        gpg_key,
        archives_from,
    } = run;
    if go_executable.is_some() && targets.len() > 1 {
        return Err(io::Error::other(
            "--go-executable packs one Go build: release each platform with its --target and \
             --go-executable, then write the checksums with --archives-from",
        ));
    }
    let package = release::package(manifest, bin).map_err(io::Error::other)?;
    let release_info = release::Release {
        name: package
            .binary
            .strip_prefix("terraform-provider-")
            .unwrap_or(&package.binary)
            .to_owned(),
        version: package.version.clone(),
    };
    std::fs::create_dir_all(out_dir)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", out_dir.display())))?;
    let host = release::host_triple().map_err(io::Error::other)?;
    let builds: Vec<Option<&str>> = if targets.is_empty() {
        vec![None]
    } else {
        targets.iter().map(|t| Some(t.as_str())).collect()
    };
    let mut archives = Vec::new();
    if let Some(dir) = archives_from {
        archives =
            release::existing_archives(&release_info, dir, out_dir).map_err(io::Error::other)?;
    }
    let builds = if archives_from.is_some() {
        Vec::new()
    } else {
        builds
    };
    for target in builds {
        let platform = release::Platform::of(target.unwrap_or(&host)).map_err(io::Error::other)?;
        let binary = release::build(&package, target, profile).map_err(io::Error::other)?;
        let archive =
            release::write_archive(&release_info, &platform, &binary, go_executable, out_dir)
                .map_err(io::Error::other)?;
        println!("{}", archive.display());
        archives.push(archive);
    }
    let sums = release::write_sums(&release_info, &archives, out_dir).map_err(io::Error::other)?;
    println!("{}", out_dir.join(release_info.manifest_name()).display());
    println!("{}", sums.display());
    if let Some(key) = gpg_key {
        let status = release::signing_command(&sums, key).status().map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("cannot run gpg to sign {}: {e}", sums.display()),
            )
        })?;
        if !status.success() {
            return Err(io::Error::other(format!("gpg failed ({status})")));
        }
        println!("{}.sig", sums.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// `tfsdk new`.
fn run_new(
    name: String,
    path: Option<PathBuf>,
    namespace: String,
    services: Vec<String>,
    tfsdk_version: Option<String>,
    beside_go: Option<&std::path::Path>,
) -> io::Result<ExitCode> {
    let dir = path.unwrap_or_else(|| PathBuf::from(format!("terraform-provider-{name}")));
    let beside_go = match beside_go {
        Some(file) => Some(schema_import::front_of(file, &name)?),
        None => None,
    };
    let options = new::Options {
        name,
        namespace,
        services,
        tfsdk_version: tfsdk_version.unwrap_or_else(new::default_tfsdk_version),
        beside_go,
    };
    new::generate(&options, &dir).map_err(io::Error::other)?;
    println!(
        "Created {} ({} service crates). Next: cd {} && cargo test",
        dir.display(),
        options.services.len(),
        dir.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// A `--var-file` or a `--var`, in the order they were given.
enum VarArg {
    File(PathBuf),
    Var(String),
}

/// Terraform applies `-var` and `-var-file` in the order given, interleaved: clap keeps each
/// option's values apart, their indices tell the order back.
fn command_line_order(sub: &ArgMatches, files: Vec<PathBuf>, vars: Vec<String>) -> Vec<VarArg> {
    let file_indices = sub.indices_of("var_files").into_iter().flatten();
    let var_indices = sub.indices_of("vars").into_iter().flatten();
    let mut all: Vec<(usize, VarArg)> = file_indices
        .zip(files.into_iter().map(VarArg::File))
        .chain(var_indices.zip(vars.into_iter().map(VarArg::Var)))
        .collect();
    all.sort_by_key(|(i, _)| *i);
    all.into_iter().map(|(_, a)| a).collect()
}

fn run_vars(
    dir: &std::path::Path,
    args: &[VarArg],
    no_env: bool,
    json: bool,
) -> io::Result<ExitCode> {
    let mut out = BufWriter::new(io::stdout().lock());
    let mut err = io::stderr().lock();
    let module = match Module::load(dir) {
        Ok(m) => m,
        Err(diagnostics) if json => {
            serde_json::to_writer_pretty(&mut out, &vars_json::load_errors(&diagnostics.0))?;
            writeln!(out)?;
            out.flush()?;
            return Ok(ExitCode::FAILURE);
        }
        Err(diagnostics) => {
            for d in &diagnostics.0 {
                writeln!(err, "{d}\n")?;
            }
            return Ok(ExitCode::FAILURE);
        }
    };
    let env: Vec<(String, String)> = if no_env {
        Vec::new()
    } else {
        std::env::vars().collect()
    };
    let mut inputs = Inputs::with_defaults(dir, env);
    for arg in args {
        match arg {
            VarArg::File(path) => inputs.add_var_file(path),
            VarArg::Var(text) => inputs.add_var(text),
        }
    }
    let evaluation = evaluate(&module, &inputs);
    if json {
        vars_json::write_evaluation(&evaluation, &mut out)?;
        writeln!(out)?;
        out.flush()?;
        return Ok(if evaluation.has_errors() {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        });
    }
    for d in &evaluation.diagnostics {
        writeln!(err, "{d}\n")?;
    }
    for variable in &evaluation.variables {
        for d in &variable.diagnostics {
            writeln!(err, "{d}\n")?;
        }
        if let Some(value) = &variable.value {
            if variable.sensitive {
                writeln!(out, "{} = (sensitive value)", variable.name)?;
            } else {
                write!(out, "{} = ", variable.name)?;
                console::write_io(value, &mut out)?;
                writeln!(out)?;
            }
        }
    }
    out.flush()?;
    Ok(if evaluation.has_errors() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// A conversion that failed: the message and the path it is at.
struct Failure {
    error: String,
    path: String,
}

/// Converts one value and renders it as the console does.
fn convert_one(type_expr: &str, value: &Json) -> Result<String, Failure> {
    let fail = |error: String, path: String| Failure { error, path };
    let constraint = typeexpr::parse(type_expr).map_err(|e| fail(e.to_string(), String::new()))?;
    let input = json_value::from_json(value).map_err(|e| fail(e.message, e.path.to_string()))?;
    let converted =
        typeexpr::convert(input, &constraint).map_err(|e| fail(e.message, e.path.to_string()))?;
    // A value with no JSON form (an unknown) is refused, as `--json-lines` refuses it.
    json_value::to_json(&converted).map_err(|e| fail(e.message, e.path.to_string()))?;
    Ok(console::render(&converted))
}

fn run_convert(type_expr: &str, value: &str) -> io::Result<ExitCode> {
    let outcome = serde_json::from_str::<Json>(value)
        .map_err(|e| Failure {
            error: format!("invalid JSON value: {e}"),
            path: String::new(),
        })
        .and_then(|json| convert_one(type_expr, &json));
    match outcome {
        Ok(console) => {
            let mut out = io::stdout().lock();
            writeln!(out, "{console}")?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        Err(failure) => {
            if failure.path.is_empty() {
                eprintln!("Error: {}", failure.error);
            } else {
                eprintln!("Error: {} (at {})", failure.error, failure.path);
            }
            Ok(ExitCode::FAILURE)
        }
    }
}

/// Streams lines: reads one, writes its result, and flushes whenever no more input is waiting
/// (so an interactive peer sees each answer at once and a batch is written in large blocks).
fn run_json_lines(input: impl Read, output: impl Write) -> io::Result<ExitCode> {
    let mut reader = BufReader::new(input);
    let mut writer = BufWriter::new(output);
    let mut line = Vec::new();
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        let text = line.strip_suffix(b"\n").unwrap_or(&line);
        let text = text.strip_suffix(b"\r").unwrap_or(text);
        json_lines::answer(text, &mut writer)?;
        writer.write_all(b"\n")?;
        if reader.buffer().is_empty() {
            writer.flush()?;
        }
    }
    writer.flush()?;
    Ok(ExitCode::SUCCESS)
}
