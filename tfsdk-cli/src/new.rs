//! `tfsdk new NAME`: a provider crate to start from, outside any workspace, the way an author
//! starts: `Cargo.toml` on the published crates, `src/main.rs` serving the provider, a resource
//! and a data source on derived models, a function, acceptance tests on `tfsdk-testing`,
//! `examples/` and the registry pages under `docs/` they make, a release workflow, `.gitignore`
//! and a README.
//!
//! With `--services a,b` the provider is laid out as large providers are: one crate per service
//! (`crates/NAME-a`, `crates/NAME-b`, each registering its own types), the provider type in
//! `crates/NAME-provider`, and the binary listing the services. An edit then recompiles one
//! service and relinks, and the services compile in parallel (README, "A provider of a thousand
//! resources").
//!
//! The files are the templates under `templates/new/`, with `{{key}}` placeholders filled in.

use std::path::{Path, PathBuf};

/// What to generate.
#[derive(Clone, Debug)]
pub struct Options {
    /// The provider's name: `demo` for `terraform-provider-demo`, the prefix of its type names.
    pub name: String,
    /// The registry namespace of its source address (`NAMESPACE/NAME`).
    pub namespace: String,
    /// Service crates, when the provider is split into them.
    pub services: Vec<String>,
    /// The version requirement on the tfsdk crates (this CLI's version by default).
    pub tfsdk_version: String,
    /// Start from an existing Go provider: a Rust front serving beside it.
    pub beside_go: Option<BesideGo>,
}

/// The Go provider a new front serves beside (`tfsdk new NAME --beside-go go-schema.json`).
#[derive(Clone, Debug)]
pub struct BesideGo {
    /// Its source address, from its schema.
    pub address: String,
    /// `terraform providers schema -json` for it, kept in the crate as `go-schema.json`.
    pub schema_json: String,
    /// The models `tfsdk schema import --type provider` writes, by path under `src/models`.
    pub models: std::collections::BTreeMap<PathBuf, String>,
}

/// The tfsdk crates' version requirement that matches this CLI: `0.1` for 0.1.x.
pub fn default_tfsdk_version() -> String {
    let version = env!("CARGO_PKG_VERSION");
    let mut parts = version.split('.');
    match (parts.next(), parts.next()) {
        (Some("0"), Some(minor)) => format!("0.{minor}"),
        (Some(major), _) => major.to_owned(),
        _ => version.to_owned(),
    }
}

/// Checks a provider or service name: lower-case letters and digits, starting with a letter
/// (Terraform's type names are `NAME_thing`; a dash or an underscore would blur them).
///
/// # Errors
/// What is wrong with it.
pub fn check_name(what: &str, name: &str) -> Result<(), String> {
    let mut chars = name.chars();
    let starts_with_letter = chars.next().is_some_and(|c| c.is_ascii_lowercase());
    if !starts_with_letter || !chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()) {
        return Err(format!(
            "the {what} name {name:?} must be lower-case letters and digits, starting with a \
             letter (it prefixes Terraform type names: {name}_thing)"
        ));
    }
    Ok(())
}

/// The provider's name in CamelCase: `Demo` for `demo`.
fn camel(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_ascii_uppercase().to_string() + chars.as_str()
    })
}

/// `template` with each `{{key}}` of `values` replaced; other braces are left alone (the
/// release workflow has GitHub's `${{ ... }}`).
fn render(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = template.to_owned();
    for (key, value) in values {
        out = out.replace(&format!("{{{{{key}}}}}"), value);
    }
    out
}

const CARGO_TOML: &str = include_str!("../templates/new/Cargo.toml.tmpl");
const SERVICES_CARGO_TOML: &str = include_str!("../templates/new/services.Cargo.toml.tmpl");
const MEMBER_CARGO_TOML: &str = include_str!("../templates/new/member.Cargo.toml.tmpl");
const MAIN_RS: &str = include_str!("../templates/new/main.rs.tmpl");
const BUILD_RS: &str = include_str!("../templates/new/build.rs.tmpl");
const LIB_RS: &str = include_str!("../templates/new/lib.rs.tmpl");
const SERVICES_LIB_RS: &str = include_str!("../templates/new/services.lib.rs.tmpl");
const SERVICE_LIB_RS: &str = include_str!("../templates/new/service.lib.rs.tmpl");
const THING_RS: &str = include_str!("../templates/new/thing.rs.tmpl");
const FUNCTIONS_RS: &str = include_str!("../templates/new/functions.rs.tmpl");
const ACCEPTANCE_RS: &str = include_str!("../templates/new/acceptance.rs.tmpl");
const PROVIDER_TF: &str = include_str!("../templates/new/provider.tf.tmpl");
const RESOURCE_TF: &str = include_str!("../templates/new/resource.tf.tmpl");
const DATA_SOURCE_TF: &str = include_str!("../templates/new/data-source.tf.tmpl");
const FUNCTION_TF: &str = include_str!("../templates/new/function.tf.tmpl");
const TRY_TF: &str = include_str!("../templates/new/try.tf.tmpl");
const README_MD: &str = include_str!("../templates/new/README.md.tmpl");
const GITIGNORE: &str = include_str!("../templates/new/gitignore.tmpl");
const RELEASE_YML: &str = include_str!("../templates/new/release.yml.tmpl");
const DOCS_INDEX: &str = include_str!("../templates/new/docs/index.md.tmpl");
const DOCS_RESOURCE: &str = include_str!("../templates/new/docs/resource.md.tmpl");
const DOCS_DATA_SOURCE: &str = include_str!("../templates/new/docs/data-source.md.tmpl");
const DOCS_FUNCTION: &str = include_str!("../templates/new/docs/function.md.tmpl");

const GO_CARGO_TOML: &str = include_str!("../templates/new/beside-go/Cargo.toml.tmpl");
const GO_MAIN_RS: &str = include_str!("../templates/new/beside-go/main.rs.tmpl");
const GO_LIB_RS: &str = include_str!("../templates/new/beside-go/lib.rs.tmpl");
const GO_PROVIDER_SCHEMA_RS: &str =
    include_str!("../templates/new/beside-go/provider_schema.rs.tmpl");
const GO_README_MD: &str = include_str!("../templates/new/beside-go/README.md.tmpl");

/// The files of a Rust front for an existing Go provider: the crate serving beside it, its
/// provider configuration imported from the Go schema, no types yet, a test that both sides
/// declare the same provider schema, and the README's porting steps.
fn beside_go_files(options: &Options, go: &BesideGo) -> Vec<(PathBuf, String)> {
    let name = options.name.as_str();
    let camel_name = camel(name);
    let krate = format!("terraform_provider_{name}");
    let values = [
        ("name", name),
        ("Name", camel_name.as_str()),
        ("namespace", options.namespace.as_str()),
        ("version", options.tfsdk_version.as_str()),
        ("crate", krate.as_str()),
        ("address", go.address.as_str()),
        ("workspace", ""),
    ];
    let mut out: Vec<(PathBuf, String)> = [
        ("Cargo.toml", GO_CARGO_TOML),
        ("src/main.rs", GO_MAIN_RS),
        ("src/lib.rs", GO_LIB_RS),
        ("tests/provider_schema.rs", GO_PROVIDER_SCHEMA_RS),
        ("README.md", GO_README_MD),
        (".gitignore", GITIGNORE),
    ]
    .into_iter()
    .map(|(path, template)| (PathBuf::from(path), render(template, &values)))
    .collect();
    out.push((PathBuf::from("go-schema.json"), go.schema_json.clone()));
    for (path, text) in &go.models {
        out.push((Path::new("src/models").join(path), text.clone()));
    }
    out
}

/// The files of the new provider, by path relative to its directory.
pub fn files(options: &Options) -> Vec<(PathBuf, String)> {
    let name = options.name.as_str();
    let camel_name = camel(name);
    let upper = name.to_ascii_uppercase();
    let krate = format!("terraform_provider_{name}");
    let common = [
        ("name", name),
        ("Name", camel_name.as_str()),
        ("NAME", upper.as_str()),
        ("namespace", options.namespace.as_str()),
        ("version", options.tfsdk_version.as_str()),
        ("crate", krate.as_str()),
        // Filled in by the test of this command, to build against unpublished crates.
        ("workspace", ""),
    ];
    let fill = |template: &str, extra: &[(&str, &str)]| {
        let values: Vec<(&str, &str)> = common.iter().chain(extra).copied().collect();
        render(template, &values)
    };

    let mut out: Vec<(PathBuf, String)> = Vec::new();
    let mut add = |path: &str, text: String| out.push((PathBuf::from(path), text));

    // What both layouts share: the binary, tests, examples of the provider and its function,
    // the README, .gitignore and the release workflow.
    let first_type = match options.services.first() {
        Some(service) => format!("{name}_{service}_thing"),
        None => format!("{name}_thing"),
    };
    let thing_path = match options.services.first() {
        Some(service) => format!("{name}_{service}::thing"),
        None => format!("{krate}::thing"),
    };
    add("src/main.rs", fill(MAIN_RS, &[]));
    add(
        "tests/acceptance.rs",
        fill(
            ACCEPTANCE_RS,
            &[("type", &first_type), ("thing_path", &thing_path)],
        ),
    );
    add("examples/provider/provider.tf", fill(PROVIDER_TF, &[]));
    add(
        "examples/functions/slug/function.tf",
        fill(FUNCTION_TF, &[]),
    );
    add("try/main.tf", fill(TRY_TF, &[("type", &first_type)]));
    add(".gitignore", GITIGNORE.to_owned());
    add(".github/workflows/release.yml", fill(RELEASE_YML, &[]));
    add("docs/index.md", fill(DOCS_INDEX, &[]));
    add("docs/functions/slug.md", fill(DOCS_FUNCTION, &[]));
    let layout = if options.services.is_empty() {
        String::new()
    } else {
        let list: Vec<String> = (options.services.iter())
            .map(|s| format!("- `crates/{name}-{s}`: the {s} service (`{name}_{s}_thing`)\n"))
            .collect();
        format!(
            "## Layout\n\nOne crate per service, as large providers are laid out: an edit \
             recompiles one service and relinks, and services compile in parallel.\n\n\
             - `src/`: the binary, which lists the services (`src/lib.rs`)\n\
             - `crates/{name}-provider`: the provider type, its configuration and functions\n{}\
             - `build.rs`: on Linux the binary is linked at a fixed address, as Go links \
             providers: the schema tables of many resources then cost nothing at start-up\n\
             \nA new service is a crate under `crates/` with a `register` function, listed in \
             `src/lib.rs` and in `Cargo.toml`.\n\n",
            list.concat()
        )
    };
    add(
        "README.md",
        fill(README_MD, &[("type", &first_type), ("layout", &layout)]),
    );

    // Each service's (or the one crate's) resource and data source, their examples and pages.
    let things: Vec<(String, String)> = if options.services.is_empty() {
        vec![(format!("{name}_thing"), "src".to_owned())]
    } else {
        (options.services.iter())
            .map(|s| {
                (
                    format!("{name}_{s}_thing"),
                    format!("crates/{name}-{s}/src"),
                )
            })
            .collect()
    };
    let provider_path = if options.services.is_empty() {
        "crate".to_owned()
    } else {
        format!("{name}_provider")
    };
    for (ty, src) in &things {
        let extra = [
            ("type", ty.as_str()),
            ("provider_path", provider_path.as_str()),
        ];
        add(&format!("{src}/thing.rs"), fill(THING_RS, &extra));
        add(
            &format!("examples/resources/{ty}/resource.tf"),
            fill(RESOURCE_TF, &extra),
        );
        add(
            &format!("examples/data-sources/{ty}/data-source.tf"),
            fill(DATA_SOURCE_TF, &extra),
        );
        let page = ty.strip_prefix(&format!("{name}_")).unwrap_or(ty);
        add(
            &format!("docs/resources/{page}.md"),
            fill(DOCS_RESOURCE, &extra),
        );
        add(
            &format!("docs/data-sources/{page}.md"),
            fill(DOCS_DATA_SOURCE, &extra),
        );
    }

    if options.services.is_empty() {
        let register = "        registry\n            .resource(thing::ThingResource)\n            \
                        .data_source(thing::ThingDataSource)\n            \
                        .function(functions::slug::function());";
        let provider_fn = format!(
            "\n/// The provider as the binary serves it.\npub fn provider() -> {camel_name}Provider \
             {{\n    {camel_name}Provider::default()\n}}\n"
        );
        add("Cargo.toml", fill(CARGO_TOML, &[]));
        add(
            "src/lib.rs",
            fill(
                LIB_RS,
                &[
                    (
                        "crate_doc",
                        &format!(
                            "//! `terraform-provider-{name}`: the {name} Terraform provider.\n//!\n\
                             //! - resource `{name}_thing` and data source `{name}_thing` ([`thing`]);\n\
                             //! - function `provider::{name}::slug` ([`functions`], Terraform 1.8 and newer).\n//!"
                        ),
                    ),
                    ("modules", "pub mod functions;\npub mod thing;"),
                    ("services_field", ""),
                    ("register", register),
                    ("provider_fn_item", &provider_fn),
                ],
            ),
        );
        add("src/functions.rs", fill(FUNCTIONS_RS, &[]));
        return out;
    }

    // One crate per service, the provider type in its own crate, the binary listing them.
    let dependencies: Vec<String> = (options.services.iter())
        .map(|s| format!("{name}-{s} = {{ path = \"crates/{name}-{s}\" }}\n"))
        .collect();
    let used: Vec<String> = (options.services.iter())
        .map(|s| format!("{name}-{s}.workspace = true\n"))
        .collect();
    let registers: Vec<String> = (options.services.iter())
        .map(|s| format!("{name}_{s}::register"))
        .collect();
    add(
        "Cargo.toml",
        fill(
            SERVICES_CARGO_TOML,
            &[
                ("service_dependencies", &dependencies.concat()),
                ("service_dependencies_used", &used.concat()),
            ],
        ),
    );
    // Many resources: link settings for their tables (see the template).
    add("build.rs", BUILD_RS.to_owned());
    add(
        "src/lib.rs",
        fill(
            SERVICES_LIB_RS,
            &[
                ("provider_path", &provider_path),
                ("service_registers", &registers.join(", ")),
            ],
        ),
    );
    let common_dir = format!("crates/{name}-provider");
    add(
        &format!("{common_dir}/Cargo.toml"),
        fill(
            MEMBER_CARGO_TOML,
            &[
                ("package", &format!("{name}-provider")),
                (
                    "description",
                    &format!("The {name} provider's type, configuration and functions"),
                ),
                ("member_dependencies", ""),
            ],
        ),
    );
    let with_services = format!(
        "\nimpl {camel_name}Provider {{\n    \
         /// The provider with the types of `services` (each service crate's `register`).\n    \
         pub fn with_services(services: Vec<fn(&mut Registry<Self>)>) -> Self {{\n        \
         {camel_name}Provider {{\n            services,\n            \
         ..{camel_name}Provider::default()\n        }}\n    }}\n}}\n"
    );
    let register = String::from(
        "        for register in &self.services {\n            register(registry);\n        }\n        \
         registry.function(functions::slug::function());",
    );
    add(
        &format!("{common_dir}/src/lib.rs"),
        fill(
            LIB_RS,
            &[
                (
                    "crate_doc",
                    &format!(
                        "//! The {name} provider's type, its configuration and its functions: what every\n\
                         //! service crate of `terraform-provider-{name}` registers into.\n//!"
                    ),
                ),
                ("modules", "pub mod functions;"),
                (
                    "services_field",
                    &format!(
                        "\n    /// Each service crate's `register`, listed by the binary.\n    \
                         services: Vec<fn(&mut Registry<{camel_name}Provider>)>,"
                    ),
                ),
                ("register", &register),
                ("provider_fn_item", &with_services),
            ],
        ),
    );
    add(
        &format!("{common_dir}/src/functions.rs"),
        fill(FUNCTIONS_RS, &[]),
    );
    for (service, (ty, _)) in options.services.iter().zip(&things) {
        let dir = format!("crates/{name}-{service}");
        add(
            &format!("{dir}/Cargo.toml"),
            fill(
                MEMBER_CARGO_TOML,
                &[
                    ("package", &format!("{name}-{service}")),
                    (
                        "description",
                        &format!("The {service} service of the {name} provider"),
                    ),
                    (
                        "member_dependencies",
                        &format!("{name}-provider.workspace = true\n"),
                    ),
                ],
            ),
        );
        add(
            &format!("{dir}/src/lib.rs"),
            fill(
                SERVICE_LIB_RS,
                &[
                    ("service", service),
                    ("type", ty),
                    ("provider_path", &provider_path),
                ],
            ),
        );
    }
    out
}

/// Writes the new provider into `dir`, which must not exist or be empty; returns the files
/// written.
///
/// # Errors
/// The directory holds files already, or a file cannot be written.
pub fn generate(options: &Options, dir: &Path) -> Result<Vec<PathBuf>, String> {
    check_name("provider", &options.name)?;
    for service in &options.services {
        check_name("service", service)?;
        if service == "provider" {
            return Err(
                "a service cannot be named \"provider\": crates/NAME-provider holds \
                        the provider type"
                    .to_owned(),
            );
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    if let Some(twice) = options.services.iter().find(|s| !seen.insert(*s)) {
        return Err(format!("the service {twice:?} is listed twice"));
    }
    if dir
        .read_dir()
        .is_ok_and(|mut entries| entries.next().is_some())
    {
        return Err(format!(
            "{} already exists and is not empty: choose another directory with --path",
            dir.display()
        ));
    }
    let files = match &options.beside_go {
        Some(_) if !options.services.is_empty() => {
            return Err("--beside-go starts a single crate: leave out --services".to_owned());
        }
        Some(go) => beside_go_files(options, go),
        None => files(options),
    };
    let mut written = Vec::new();
    for (path, text) in files {
        let path = dir.join(path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        written.push(path);
    }
    format_sources(&written);
    Ok(written)
}

/// Formats the Rust files written with `rustfmt`, when it is installed (names of any length
/// change where rustfmt breaks lines): the new crate passes `cargo fmt --check` from the start.
/// Without rustfmt the files stay as written, valid but not always formatted.
fn format_sources(written: &[PathBuf]) {
    let sources: Vec<&PathBuf> = written
        .iter()
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .collect();
    let _ = std::process::Command::new("rustfmt")
        .args(["--edition", "2024"])
        .args(sources)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(services: &[&str]) -> Options {
        Options {
            name: "demo".into(),
            namespace: "acme".into(),
            services: services.iter().map(|s| (*s).to_owned()).collect(),
            tfsdk_version: "0.1".into(),
            beside_go: None,
        }
    }

    /// Every placeholder is filled: no `{{key}}` of ours is left (GitHub's `${{ ... }}` stays).
    fn assert_filled(files: &[(PathBuf, String)]) {
        for (path, text) in files {
            let mut rest = text.as_str();
            while let Some(start) = rest.find("{{") {
                let end = rest[start..]
                    .find("}}")
                    .map_or(rest.len(), |e| start + e + 2);
                let placeholder = &rest[start..end];
                assert!(
                    placeholder.contains(' ') && rest[..start].ends_with('$'),
                    "{}: {placeholder} left unfilled",
                    path.display()
                );
                rest = &rest[end..];
            }
        }
    }

    #[test]
    fn one_crate_has_the_files_an_author_starts_from() {
        let files = files(&options(&[]));
        let paths: Vec<String> = files
            .iter()
            .map(|(p, _)| p.to_string_lossy().into_owned())
            .collect();
        for expected in [
            "Cargo.toml",
            "src/main.rs",
            "src/lib.rs",
            "src/thing.rs",
            "src/functions.rs",
            "tests/acceptance.rs",
            "examples/provider/provider.tf",
            "examples/resources/demo_thing/resource.tf",
            "examples/data-sources/demo_thing/data-source.tf",
            "examples/functions/slug/function.tf",
            "try/main.tf",
            "docs/index.md",
            "docs/resources/thing.md",
            "docs/data-sources/thing.md",
            "docs/functions/slug.md",
            ".github/workflows/release.yml",
            ".gitignore",
            "README.md",
        ] {
            assert!(paths.contains(&expected.to_owned()), "{expected} missing");
        }
        assert_filled(&files);
        let cargo = &files
            .iter()
            .find(|(p, _)| p == Path::new("Cargo.toml"))
            .unwrap()
            .1;
        assert!(cargo.contains("tfsdk-server = \"0.1\""), "{cargo}");
        assert!(
            !cargo.contains("tfsdk-core = {"),
            "published crates only: {cargo}"
        );
    }

    #[test]
    fn services_are_crates_of_their_own() {
        let files = files(&options(&["compute", "storage"]));
        let paths: Vec<String> = files
            .iter()
            .map(|(p, _)| p.to_string_lossy().into_owned())
            .collect();
        for expected in [
            "crates/demo-provider/Cargo.toml",
            "crates/demo-provider/src/lib.rs",
            "crates/demo-compute/src/thing.rs",
            "crates/demo-storage/src/lib.rs",
            "examples/resources/demo_storage_thing/resource.tf",
            "docs/resources/compute_thing.md",
            "build.rs",
        ] {
            assert!(paths.contains(&expected.to_owned()), "{expected} missing");
        }
        assert_filled(&files);
        let lib = &files
            .iter()
            .find(|(p, _)| p == Path::new("src/lib.rs"))
            .unwrap()
            .1;
        assert!(
            lib.contains("with_services(vec![demo_compute::register, demo_storage::register])"),
            "{lib}"
        );
    }

    #[test]
    fn names_are_checked() {
        assert!(check_name("provider", "demo2").is_ok());
        for bad in ["", "Demo", "2demo", "my-cloud", "my_cloud"] {
            let error = check_name("provider", bad).unwrap_err();
            assert!(error.contains("lower-case letters and digits"), "{error}");
        }
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("keep.txt"), "").unwrap();
        let error = generate(&options(&[]), dir.path()).unwrap_err();
        assert!(error.contains("not empty"), "{error}");
        let error = generate(&options(&["a", "a"]), &dir.path().join("new")).unwrap_err();
        assert!(error.contains("listed twice"), "{error}");
        let error = generate(&options(&["provider"]), &dir.path().join("new")).unwrap_err();
        assert!(error.contains("cannot be named"), "{error}");
    }

    #[test]
    fn the_default_version_is_this_cli_s() {
        assert_eq!(default_tfsdk_version(), "0.1");
    }
}
