//! The example provider names its attributes once, in the derive's `name = "..."` options:
//! everywhere else it uses the models' fields, typed views and typed paths. This test reads its
//! sources and fails on a string literal that is an attribute name.

use std::collections::BTreeSet;
use std::fs;

use tfsdk_core::TfSchema;
use tfsdk_core::schema::Attribute;

use terraform_provider_files::data_source::FileData;
use terraform_provider_files::provider::FilesConfig;
use terraform_provider_files::resource::File;
use terraform_provider_files::secret::Secret;

fn names(attributes: &std::collections::BTreeMap<String, Attribute>, out: &mut BTreeSet<String>) {
    for (name, attribute) in attributes {
        out.insert(name.clone());
        if let Some(nested) = &attribute.nested {
            names(&nested.attributes, out);
        }
    }
}

/// The string literals of `source` with the text before each on its line.
fn literals(source: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for line in source.lines() {
        let code = line.trim_start();
        if code.starts_with("//") {
            continue;
        }
        let mut rest = line;
        while let Some(start) = rest.find('"') {
            let before = rest[..start].to_owned();
            let after = &rest[start + 1..];
            let mut end = None;
            let mut escaped = false;
            for (i, c) in after.char_indices() {
                match c {
                    '\\' if !escaped => escaped = true,
                    '"' if !escaped => {
                        end = Some(i);
                        break;
                    }
                    _ => escaped = false,
                }
            }
            let Some(end) = end else { break };
            found.push((before, after[..end].to_owned()));
            rest = &after[end + 1..];
        }
    }
    found
}

#[test]
fn attribute_names_appear_only_in_the_derive_name_options() {
    let mut attributes = BTreeSet::new();
    names(&File::schema().attributes, &mut attributes);
    names(&FileData::schema().attributes, &mut attributes);
    names(&FilesConfig::schema().attributes, &mut attributes);
    names(&Secret::schema().attributes, &mut attributes);
    assert!(attributes.contains("sensitive_content") && attributes.contains("base_dir"));

    let mut offenders = Vec::new();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let source = fs::read_to_string(&path).unwrap();
        for (before, literal) in literals(&source) {
            if attributes.contains(&literal) && !before.trim_end().ends_with("name =") {
                offenders.push(format!("{}: \"{literal}\"", path.display()));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "attribute names as strings outside `name = \"...\"`: {offenders:#?}"
    );
}
