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

/// The ```` ```ignore ```` blocks of tfsdk-core's `derive.md` that follow `after`: the first is
/// the struct, the second what the page says the derive writes for it.
fn documented_expansion(after: &str) -> (String, String) {
    let page = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tfsdk-core/src/derive.md"),
    )
    .expect("derive.md");
    let rest = &page[page.find(after).expect("the section")..];
    let mut blocks = rest.split("```ignore\n").skip(1).map(|block| {
        block
            .split_once("\n```")
            .map_or(block, |(code, _)| code)
            .to_owned()
    });
    let input = blocks.next().expect("the struct");
    let expansion = blocks.next().expect("the expansion");
    (input, expansion)
}

/// The tokens of `item` with the facade's paths written as the page writes them (`String`
/// for `::tfsdk_core::__private::String`, `__private::x` for the rest) and without
/// `#[automatically_derived]`: what the page and the derive must agree on.
fn comparable(item: &syn::Item) -> String {
    let mut item = item.clone();
    if let syn::Item::Impl(implementation) = &mut item {
        implementation
            .attrs
            .retain(|attribute| !attribute.path().is_ident("automatically_derived"));
    }
    let text = quote::quote!(#item).to_string();
    let text = text.replace(":: tfsdk_core :: __private :: ", "__private :: ");
    // Prelude names the page leaves bare, lint allowances and trailing commas it leaves out.
    let text = [
        "String", "Option", "Some", "None", "Result", "Ok", "Err", "Box", "Vec",
    ]
    .iter()
    .fold(text, |text, name| {
        text.replace(&format!("__private :: {name} "), &format!("{name} "))
    });
    let text = [
        ("Option :: Some", "Some"),
        ("Result :: Ok", "Ok"),
        ("Result :: Err", "Err"),
    ]
    .iter()
    .fold(text, |text, (long, short)| text.replace(long, short));
    [", )", ", ]", ", }", " ,)", " ,]", " ,}"]
        .iter()
        .fold(without_allow(&text), |text, comma| {
            text.replace(comma, &comma[2..])
        })
}

/// `text` (tokens as `quote` prints them) without its `# [allow (...)]` attributes.
fn without_allow(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("# [allow (") {
        out.push_str(&rest[..start]);
        let after = &rest[start..];
        let end = after.find(")] ").map_or(after.len(), |end| end + 3);
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// What an item implements, for matching the page's items with the derive's.
fn header(item: &syn::Item) -> String {
    match item {
        syn::Item::Impl(implementation) => {
            let self_ty = &implementation.self_ty;
            match &implementation.trait_ {
                Some((trait_, _)) => comparable(&syn::parse_quote!(impl #trait_ for #self_ty {})),
                None => comparable(&syn::parse_quote!(impl #self_ty {})),
            }
        }
        other => comparable(other),
    }
}

/// `derive.md` shows what the derive writes for its `Volume` example: every item it shows is,
/// token for token (comments aside), an item of the real expansion.
#[test]
fn the_documented_expansion_is_the_real_one() {
    let (input, documented) = documented_expansion("# What it generates");
    let input: syn::DeriveInput = syn::parse_str(&input).expect("the example struct parses");
    let container = check::read(&input).unwrap_or_else(|e| panic!("refused: {e}"));
    let real: syn::File =
        syn::parse2(expand::impls_with(&container, false)).expect("the expansion parses");
    let documented = documented.replace("__private::", "::tfsdk_core::__private::");
    let documented: syn::File = syn::parse_str(&documented).expect("the page's expansion parses");
    assert!(!documented.items.is_empty());
    for item in &documented.items {
        let found = real
            .items
            .iter()
            .find(|candidate| header(candidate) == header(item))
            .unwrap_or_else(|| {
                panic!(
                    "derive.md shows an item the derive does not write: {}",
                    header(item)
                )
            });
        assert_eq!(
            comparable(item),
            comparable(found),
            "derive.md's {} differs from the derive's",
            header(item)
        );
    }
}
