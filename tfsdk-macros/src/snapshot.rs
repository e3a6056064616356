//! The expansion snapshot: what the derive writes for a resource model of the shape a large
//! provider has (`snapshots/thing.input.rs`, 25 attributes and a nested block of five),
//! pretty-printed and compared with `snapshots/thing.expanded.rs`. A change to the generated
//! code shows in review as a change to that file; `TFSDK_UPDATE_SNAPSHOTS=1 cargo test -p
//! tfsdk-macros` rewrites it. The same expansion gives the generated lines per attribute, the
//! measure of build cost per model that BENCHMARKS.md (section 7) tracks.

use std::path::PathBuf;

use crate::{check, expand};

/// Each `#[derive(TfObject)]` struct of `source`, expanded as the derive expands it, after a
/// comment naming the struct; pretty-printed. The direct msgpack codec (an opt-in feature) is
/// left out so the snapshot is the same under `cargo test -p tfsdk-macros` and `--workspace`.
fn expand_all(source: &str) -> String {
    let file: syn::File = syn::parse_str(source).expect("the snapshot input parses");
    let mut out = String::new();
    for item in file.items {
        let syn::Item::Struct(item) = item else {
            continue;
        };
        let input: syn::DeriveInput = item.into();
        let container = match check::read(&input) {
            Ok(container) => container,
            Err(errors) => panic!("the snapshot input is refused: {errors}"),
        };
        // Without the direct codec, whatever features this build unified.
        let tokens = expand::impls_with(&container, false);
        let expanded: syn::File = syn::parse2(tokens).expect("the expansion parses as items");
        out.push_str(&format!("// #[derive(TfObject)] on {}\n", input.ident));
        out.push_str(&prettyplease::unparse(&expanded));
        out.push('\n');
    }
    out
}

fn snapshots() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("snapshots")
}

/// Lines that are code: not blank, not only a brace or a comment.
fn code_lines(text: &str) -> usize {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with("//") && !line.starts_with("///"))
        .count()
}

#[test]
fn the_expansion_of_a_resource_model_matches_its_snapshot() {
    let input = std::fs::read_to_string(snapshots().join("thing.input.rs")).expect("input");
    let expanded = expand_all(&input);
    let path = snapshots().join("thing.expanded.rs");
    if std::env::var_os("TFSDK_UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, &expanded).expect("snapshot written");
        return;
    }
    let snapshot = std::fs::read_to_string(&path).unwrap_or_default();
    if snapshot != expanded {
        let first = snapshot
            .lines()
            .zip(expanded.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| snapshot.lines().count().min(expanded.lines().count()));
        panic!(
            "the derive's expansion changed (first difference at line {}): review it and run \
             `TFSDK_UPDATE_SNAPSHOTS=1 cargo test -p tfsdk-macros` to accept it\n  snapshot: {:?}\n  now:      {:?}",
            first + 1,
            snapshot.lines().nth(first),
            expanded.lines().nth(first),
        );
    }
}

/// The generated code per attribute of the reference model: the budget that keeps a provider
/// of a thousand resources buildable (BENCHMARKS.md, section 7): 118.6 pretty-printed lines per
/// attribute when the schema became a table, 97.1 once views shared their model's table, 82.7
/// with one builder call per option given (92.4 at 3e8f28bb, before the tables); the bound
/// catches a regression.
#[test]
fn a_resource_model_expands_to_few_lines_per_attribute() {
    let input = std::fs::read_to_string(snapshots().join("thing.input.rs")).expect("input");
    let expanded = expand_all(&input);
    let attributes = 25 + 5;
    let per_attribute = code_lines(&expanded) as f64 / f64::from(attributes);
    println!(
        "{} lines of code for {attributes} attributes: {per_attribute:.1} per attribute",
        code_lines(&expanded)
    );
    assert!(
        per_attribute <= 90.0,
        "{per_attribute:.1} generated lines per attribute"
    );
}
