//! Each crate's modules form layers: a module may use the modules of its own layer and those
//! below, never one above. These tests read every path into tfsdk-core and tfsdk-server and
//! check it against the crate's table (tfsdk-core's is in its crate docs, "Layers";
//! tfsdk-server's in its `lib.rs`).

mod functions;
mod reader;

use std::path::Path;

use reader::{Exceptions, Layers};

/// tfsdk-core, bottom to top.
const CORE: Layers = &[
    (
        "the wire value model",
        &["schema_text", "tftypes", "path", "diag", "schema"],
    ),
    ("the attribute traits", &["attr"]),
    ("the built-in types", &["types"]),
    ("the conversion rules and typed views", &["convert", "view"]),
    ("object support for the derive", &["object"]),
    ("the direct msgpack codec", &["msgpack_direct"]),
    ("the derive's runtime facade", &["__private"]),
];

/// tfsdk-server, bottom to top.
const SERVER: Layers = &[
    (
        "the protocol and its encodings",
        &["proto", "wire", "logging"],
    ),
    (
        "what provider code is given, and how it runs",
        &[
            "context",
            "config",
            "raw_state",
            "plan_change",
            "call",
            "timeouts",
        ],
    ),
    (
        "the author's traits",
        &[
            "provider",
            "resource",
            "identity",
            "data_source",
            "ephemeral",
            "function",
            "list",
            "action",
        ],
    ),
    (
        "the registry: the traits type-erased, schemas built on first use",
        &["registry", "lazy_schema", "schema_checks"],
    ),
    ("the protocol handlers", &["server"]),
    (
        "the launch contract, and the forwarded provider launched as a child",
        &["launch", "forward"],
    ),
    ("the runtime facade of #[function]", &["__private"]),
];

/// tfsdk-server's one use of a higher layer: the entry point of the author's traits,
/// `Provider::register`, fills a `Registry`, which erases those traits.
const SERVER_EXCEPTIONS: Exceptions = &[(
    "provider.rs",
    "registry",
    "Provider::register(&self, registry: &mut Registry<Self>) is the author's entry point",
)];

fn check(crate_name: &str, layers: Layers, exceptions: Exceptions) {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(crate_name);
    let violations = reader::violations(&crate_dir, layers, exceptions);
    assert!(
        violations.is_empty(),
        "{crate_name}: layering broken:\n  {}",
        violations.join("\n  ")
    );
}

#[test]
fn tfsdk_core_modules_use_only_their_own_layer_and_those_below() {
    check("tfsdk-core", CORE, &[]);
}

#[test]
fn tfsdk_server_modules_use_only_their_own_layer_and_those_below() {
    check("tfsdk-server", SERVER, SERVER_EXCEPTIONS);
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
