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

const SINGLE_CRATE_DOC: &str = include_str!("../templates/new/parts/single.crate_doc.tmpl");
const SINGLE_REGISTER: &str = include_str!("../templates/new/parts/single.register.tmpl");
const SINGLE_PROVIDER_FN: &str = include_str!("../templates/new/parts/single.provider_fn.tmpl");
const SERVICES_CRATE_DOC: &str = include_str!("../templates/new/parts/services.crate_doc.tmpl");
const SERVICES_FIELD: &str = include_str!("../templates/new/parts/services.field.tmpl");
const SERVICES_REGISTER: &str = include_str!("../templates/new/parts/services.register.tmpl");
const SERVICES_WITH_SERVICES: &str =
    include_str!("../templates/new/parts/services.with_services.tmpl");
const SERVICES_LAYOUT_MD: &str = include_str!("../templates/new/parts/services.layout.md.tmpl");

/// The files of the new provider, by path relative to its directory.
pub fn files(options: &Options) -> Vec<(PathBuf, String)> {
    let mut scaffold = Scaffold::new(options);
    scaffold.shared();
    scaffold.things();
    if options.services.is_empty() {
        scaffold.single_crate();
    } else {
        scaffold.services();
    }
    scaffold.out
}

/// The files being made: the values every template is filled with, and the files so far. One
/// method per part: what both layouts share, each type's files, then one per layout.
struct Scaffold<'a> {
    options: &'a Options,
    common: Vec<(&'static str, String)>,
    out: Vec<(PathBuf, String)>,
}

impl<'a> Scaffold<'a> {
    fn new(options: &'a Options) -> Scaffold<'a> {
        let name = options.name.as_str();
        let common = vec![
            ("name", name.to_owned()),
            ("Name", camel(name)),
            ("NAME", name.to_ascii_uppercase()),
            ("namespace", options.namespace.clone()),
            ("version", options.tfsdk_version.clone()),
            ("crate", format!("terraform_provider_{name}")),
            // Filled in by the test of this command, to build against unpublished crates.
            ("workspace", String::new()),
        ];
        Scaffold {
            options,
            common,
            out: Vec::new(),
        }
    }

    fn name(&self) -> &'a str {
        &self.options.name
    }

    /// `template` filled with the common values and `extra`.
    fn fill(&self, template: &str, extra: &[(&str, &str)]) -> String {
        let common = self.common.iter().map(|(k, v)| (*k, v.as_str()));
        let values: Vec<(&str, &str)> = common.chain(extra.iter().copied()).collect();
        render(template, &values)
    }

    /// Adds the file at `path`: `template` filled with the common values and `extra`.
    fn add(&mut self, path: impl Into<PathBuf>, template: &str, extra: &[(&str, &str)]) {
        let text = self.fill(template, extra);
        self.out.push((path.into(), text));
    }

    /// The first type (the one the acceptance test and `try/` use), and the path of its module.
    fn first_type(&self) -> (String, String) {
        let name = self.name();
        match self.options.services.first() {
            Some(service) => (
                format!("{name}_{service}_thing"),
                format!("{name}_{service}::thing"),
            ),
            None => (
                format!("{name}_thing"),
                format!("terraform_provider_{name}::thing"),
            ),
        }
    }

    /// The path of the crate that holds the provider type, as the types' modules name it.
    fn provider_path(&self) -> String {
        match self.options.services.is_empty() {
            true => "crate".to_owned(),
            false => format!("{}_provider", self.name()),
        }
    }

    /// What both layouts share: the binary, tests, examples of the provider and its function,
    /// the README, .gitignore, the release workflow and the provider's pages.
    fn shared(&mut self) {
        let (first_type, thing_path) = self.first_type();
        let first = [("type", first_type.as_str()), ("thing_path", &thing_path)];
        self.add("src/main.rs", MAIN_RS, &[]);
        self.add("tests/acceptance.rs", ACCEPTANCE_RS, &first);
        self.add("examples/provider/provider.tf", PROVIDER_TF, &[]);
        self.add("examples/functions/slug/function.tf", FUNCTION_TF, &[]);
        self.add("try/main.tf", TRY_TF, &first);
        self.out
            .push((PathBuf::from(".gitignore"), GITIGNORE.to_owned()));
        self.add(".github/workflows/release.yml", RELEASE_YML, &[]);
        self.add("docs/index.md", DOCS_INDEX, &[]);
        self.add("docs/functions/slug.md", DOCS_FUNCTION, &[]);
        let layout = match self.options.services.is_empty() {
            true => String::new(),
            false => {
                let name = self.name();
                let list: String = (self.options.services.iter())
                    .map(|s| {
                        format!("- `crates/{name}-{s}`: the {s} service (`{name}_{s}_thing`)\n")
                    })
                    .collect();
                self.fill(SERVICES_LAYOUT_MD, &[("service_list", &list)])
            }
        };
        self.add(
            "README.md",
            README_MD,
            &[("type", &first_type), ("layout", &layout)],
        );
    }

    /// Each type (the thing of each service, or of the one crate): its resource and data
    /// source, their examples and pages.
    fn things(&mut self) {
        let provider_path = self.provider_path();
        for (ty, src) in self.thing_types() {
            let extra = [
                ("type", ty.as_str()),
                ("provider_path", provider_path.as_str()),
            ];
            let page = ty.strip_prefix(&format!("{}_", self.name())).unwrap_or(&ty);
            self.add(format!("{src}/thing.rs"), THING_RS, &extra);
            self.add(
                format!("examples/resources/{ty}/resource.tf"),
                RESOURCE_TF,
                &extra,
            );
            self.add(
                format!("examples/data-sources/{ty}/data-source.tf"),
                DATA_SOURCE_TF,
                &extra,
            );
            self.add(format!("docs/resources/{page}.md"), DOCS_RESOURCE, &extra);
            self.add(
                format!("docs/data-sources/{page}.md"),
                DOCS_DATA_SOURCE,
                &extra,
            );
        }
    }

    /// (type name, source directory) of each thing.
    fn thing_types(&self) -> Vec<(String, String)> {
        let name = self.name();
        if self.options.services.is_empty() {
            return vec![(format!("{name}_thing"), "src".to_owned())];
        }
        (self.options.services.iter())
            .map(|s| {
                (
                    format!("{name}_{s}_thing"),
                    format!("crates/{name}-{s}/src"),
                )
            })
            .collect()
    }

    /// One crate: the manifest, the provider in `src/lib.rs` registering the thing, the
    /// function.
    fn single_crate(&mut self) {
        let parts = [
            ("crate_doc", self.fill(SINGLE_CRATE_DOC, &[])),
            ("modules", "pub mod functions;\npub mod thing;".to_owned()),
            ("services_field", String::new()),
            ("register", SINGLE_REGISTER.to_owned()),
            ("provider_fn_item", self.fill(SINGLE_PROVIDER_FN, &[])),
        ];
        self.add("Cargo.toml", CARGO_TOML, &[]);
        self.add("src/lib.rs", LIB_RS, &as_values(&parts));
        self.add("src/functions.rs", FUNCTIONS_RS, &[]);
    }

    /// One crate per service, the provider type in its own crate, the binary listing them.
    fn services(&mut self) {
        let name = self.name();
        let services = &self.options.services;
        let dependencies: String = (services.iter())
            .map(|s| format!("{name}-{s} = {{ path = \"crates/{name}-{s}\" }}\n"))
            .collect();
        let used: String = (services.iter())
            .map(|s| format!("{name}-{s}.workspace = true\n"))
            .collect();
        let registers: Vec<String> = (services.iter())
            .map(|s| format!("{name}_{s}::register"))
            .collect();
        let manifest = [
            ("service_dependencies", dependencies.as_str()),
            ("service_dependencies_used", &used),
        ];
        self.add("Cargo.toml", SERVICES_CARGO_TOML, &manifest);
        // Many resources: link settings for their tables (see the template).
        self.out
            .push((PathBuf::from("build.rs"), BUILD_RS.to_owned()));
        let provider_path = self.provider_path();
        let lib = [
            ("provider_path", provider_path.as_str()),
            ("service_registers", &registers.join(", ")),
        ];
        self.add("src/lib.rs", SERVICES_LIB_RS, &lib);
        self.provider_crate();
        let types = self.thing_types();
        for (service, (ty, _)) in services.iter().zip(&types) {
            self.service_crate(service, ty, &provider_path);
        }
    }

    /// `crates/NAME-provider`: the provider type, its configuration and functions.
    fn provider_crate(&mut self) {
        let name = self.name();
        let dir = format!("crates/{name}-provider");
        let manifest = [
            ("package", format!("{name}-provider")),
            (
                "description",
                format!("The {name} provider's type, configuration and functions"),
            ),
            ("member_dependencies", String::new()),
        ];
        self.add(
            format!("{dir}/Cargo.toml"),
            MEMBER_CARGO_TOML,
            &as_values(&manifest),
        );
        let parts = [
            ("crate_doc", self.fill(SERVICES_CRATE_DOC, &[])),
            ("modules", "pub mod functions;".to_owned()),
            ("services_field", self.fill(SERVICES_FIELD, &[])),
            ("register", SERVICES_REGISTER.to_owned()),
            ("provider_fn_item", self.fill(SERVICES_WITH_SERVICES, &[])),
        ];
        self.add(format!("{dir}/src/lib.rs"), LIB_RS, &as_values(&parts));
        self.add(format!("{dir}/src/functions.rs"), FUNCTIONS_RS, &[]);
    }

    /// `crates/NAME-SERVICE`: a service registering its thing (`ty`).
    fn service_crate(&mut self, service: &str, ty: &str, provider_path: &str) {
        let name = self.name();
        let dir = format!("crates/{name}-{service}");
        let manifest = [
            ("package", format!("{name}-{service}")),
            (
                "description",
                format!("The {service} service of the {name} provider"),
            ),
            (
                "member_dependencies",
                format!("{name}-provider.workspace = true\n"),
            ),
        ];
        self.add(
            format!("{dir}/Cargo.toml"),
            MEMBER_CARGO_TOML,
            &as_values(&manifest),
        );
        let lib = [
            ("service", service),
            ("type", ty),
            ("provider_path", provider_path),
        ];
        self.add(format!("{dir}/src/lib.rs"), SERVICE_LIB_RS, &lib);
    }
}

/// Owned values as the `(key, value)` pairs [`render`] takes.
fn as_values<'v>(values: &'v [(&'v str, String)]) -> Vec<(&'v str, &'v str)> {
    values.iter().map(|(k, v)| (*k, v.as_str())).collect()
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
