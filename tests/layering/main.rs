//! Each crate's modules form layers: a module may use the modules of its own layer and those
//! below, never one above. These tests read the table of layers from the crate's own docs
//! (tfsdk-core's `src/lib.md`, tfsdk-server's `lib.rs`, "Layers"), so the table readers see is
//! the one checked, and every path into tfsdk-core and tfsdk-server against it. And no function
//! of any crate is longer than [`LONGEST_FUNCTION`] lines.

mod functions;
mod reader;

use std::path::Path;

use reader::{Exceptions, layers_from_docs};

/// tfsdk-server's one use of a higher layer: the entry point of the author's traits,
/// `Provider::register`, fills a `Registry`, which erases those traits.
const SERVER_EXCEPTIONS: Exceptions = &[(
    "provider.rs",
    "registry",
    "Provider::register(&self, registry: &mut Registry<Self>) is the author's entry point",
)];

fn check(crate_name: &str, docs: &str, exceptions: Exceptions) {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(crate_name);
    let layers = layers_from_docs(&std::fs::read_to_string(crate_dir.join(docs)).unwrap());
    assert!(
        layers.len() > 3,
        "{crate_name}: no table of layers under `# Layers` in {docs}"
    );
    let violations = reader::violations(&crate_dir, &layers, exceptions);
    assert!(
        violations.is_empty(),
        "{crate_name}: layering broken:\n  {}",
        violations.join("\n  ")
    );
}

#[test]
fn tfsdk_core_modules_use_only_their_own_layer_and_those_below() {
    check("tfsdk-core", "src/lib.md", &[]);
}

#[test]
fn tfsdk_server_modules_use_only_their_own_layer_and_those_below() {
    check("tfsdk-server", "src/lib.rs", SERVER_EXCEPTIONS);
}

/// `__private` modules are the derive's and `#[function]`'s runtime facades: only the code
/// tfsdk-macros generates may use them. No crate reaches into another's hidden API.
#[test]
fn only_generated_code_uses_a_crate_s_private_facade() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = Vec::new();
    for krate in [
        "tfsdk-core",
        "tfsdk-server",
        "tfsdk-typeexpr",
        "tfsdk-testing",
        "tfsdk-docs",
        "tfsdk-cli",
    ] {
        for (file, code) in reader::crate_sources(&root.join(krate)) {
            for facade in ["tfsdk_core::__private", "tfsdk_server::__private"] {
                let own = facade.starts_with(&krate.replace('-', "_"));
                if !own && code.contains(facade) {
                    found.push(format!("{krate}/src/{file} uses {facade}"));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "hidden API used across crates:\n  {}",
        found.join("\n  ")
    );
}

/// The crates whose functions are measured.
const CRATES: &[&str] = &[
    "tfsdk-core",
    "tfsdk-macros",
    "tfsdk-typeexpr",
    "tfsdk-cli",
    "tfsdk-server",
    "tfsdk-testing",
    "tfsdk-docs",
];

/// The most lines a function takes.
const LONGEST_FUNCTION: usize = 120;

/// Small functions everywhere: none over [`LONGEST_FUNCTION`] lines, unit tests included. The
/// longest of each crate is printed (`cargo test -p tfsdk-tests --test layering -- --nocapture
/// functions`), the figure the issue tracker asks for before and after a change.
#[test]
fn no_function_is_longer_than_the_limit() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut too_long = Vec::new();
    for name in CRATES {
        let mut found = functions::functions(&root.join(name));
        found.sort_by_key(|f| std::cmp::Reverse(f.lines));
        for f in found.iter().take(3) {
            println!(
                "{name:>15} {:>4} lines  {}:{} {}",
                f.lines, f.file, f.line, f.name
            );
        }
        too_long.extend(
            found
                .iter()
                .filter(|f| f.lines > LONGEST_FUNCTION)
                .map(|f| {
                    format!(
                        "{name}/src/{}:{} {} ({} lines)",
                        f.file, f.line, f.name, f.lines
                    )
                }),
        );
    }
    assert!(
        too_long.is_empty(),
        "functions over {LONGEST_FUNCTION} lines:\n  {}",
        too_long.join("\n  ")
    );
}

/// tfsdk-server's files stay small enough to read whole: none over 600 lines.
#[test]
fn no_server_file_is_longer_than_600_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tfsdk-server/src");
    let mut files = Vec::new();
    reader::rust_files(&src, &mut files);
    let long: Vec<String> = files
        .iter()
        .filter_map(|file| {
            let lines = std::fs::read_to_string(file).unwrap().lines().count();
            (lines > 600).then(|| format!("{} ({lines} lines)", file.display()))
        })
        .collect();
    assert!(long.is_empty(), "files over 600 lines: {long:?}");
}

/// The typed core: below the protocol handlers (the registry, the author's traits and what
/// provider code is given), no module of tfsdk-server names a protocol message; the handlers'
/// edges decode and encode them.
#[test]
fn only_the_protocol_edge_names_protocol_messages() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tfsdk-server");
    let edge = [
        "server/", "forward/", "launch/", "wire/", "proto.rs", "lib.rs",
    ];
    let offenders: Vec<String> = reader::crate_sources(&crate_dir)
        .into_iter()
        .filter(|(file, _)| !edge.iter().any(|prefix| file.starts_with(prefix)))
        .filter(|(_, code)| code.contains("proto::") || code.contains("tfplugin6"))
        .map(|(file, _)| file)
        .collect();
    assert!(
        offenders.is_empty(),
        "modules below the handlers that name protocol messages: {offenders:?}"
    );
}
