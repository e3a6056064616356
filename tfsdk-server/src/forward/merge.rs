//! The union of what this provider and the forwarded one serve, under terraform-plugin-mux's
//! rules: the same provider (and provider_meta) schema on both sides, each type served by one
//! side only. A broken rule is an error diagnostic in the answer that shows it, naming the
//! difference or the type.

use std::collections::BTreeMap;
use std::collections::hash_map::Entry;

use tfsdk_core::diag::{Diagnostic, Diagnostics};

use crate::proto::tfplugin6 as pb;
use crate::wire::diagnostics::diagnostics_to_proto;

/// The two sides' names, for messages.
const RUST: &str = "the Rust provider";
const FORWARDED: &str = "the forwarded provider";

/// Server capabilities of the pair: a capability of either side, except that the schema is
/// optional only when both say so. (A destroy plan for a side without `plan_destroy` is
/// answered by the front, see `front`.)
pub(crate) fn capabilities(
    rust: Option<&pb::ServerCapabilities>,
    forwarded: Option<&pb::ServerCapabilities>,
) -> pb::ServerCapabilities {
    let (rust, forwarded) = (
        rust.cloned().unwrap_or_default(),
        forwarded.cloned().unwrap_or_default(),
    );
    pb::ServerCapabilities {
        plan_destroy: rust.plan_destroy || forwarded.plan_destroy,
        get_provider_schema_optional: rust.get_provider_schema_optional
            && forwarded.get_provider_schema_optional,
        move_resource_state: rust.move_resource_state || forwarded.move_resource_state,
        generate_resource_config: rust.generate_resource_config
            || forwarded.generate_resource_config,
    }
}

/// `GetMetadata` of the pair.
pub(crate) fn metadata(
    mut rust: pb::get_metadata::Response,
    forwarded: pb::get_metadata::Response,
) -> pb::get_metadata::Response {
    let mut found = Diagnostics::new();
    rust.server_capabilities = Some(capabilities(
        rust.server_capabilities.as_ref(),
        forwarded.server_capabilities.as_ref(),
    ));
    macro_rules! union {
        ($field:ident, $kind:literal, $name:ident) => {{
            let served: Vec<String> = rust
                .$field
                .iter()
                .map(|entry| entry.$name.clone())
                .collect();
            for entry in forwarded.$field {
                if served.contains(&entry.$name) {
                    found.push(served_twice($kind, &entry.$name));
                } else {
                    rust.$field.push(entry);
                }
            }
        }};
    }
    union!(resources, "resource", type_name);
    union!(data_sources, "data source", type_name);
    union!(ephemeral_resources, "ephemeral resource", type_name);
    union!(list_resources, "list resource", type_name);
    union!(actions, "action", type_name);
    union!(state_stores, "state store", type_name);
    union!(functions, "function", name);
    rust.diagnostics.extend(forwarded.diagnostics);
    rust.diagnostics.extend(diagnostics_to_proto(&found));
    rust
}

/// `GetProviderSchema` of the pair.
pub(crate) fn provider_schema(
    mut rust: pb::get_provider_schema::Response,
    forwarded: pb::get_provider_schema::Response,
) -> pb::get_provider_schema::Response {
    let mut found = Diagnostics::new();
    for (block, ours, theirs) in [
        ("provider", &rust.provider, &forwarded.provider),
        (
            "provider_meta",
            &rust.provider_meta,
            &forwarded.provider_meta,
        ),
    ] {
        if let Some(difference) = schema_difference(ours.as_ref(), theirs.as_ref()) {
            found.push(Diagnostic::error(
                "Provider schemas differ",
                format!(
                    "The {block} schema of {RUST} and of {FORWARDED} must be the same, as \
                     Terraform configures both with one block, but {difference}. Declare the \
                     same attributes, types and flags on both sides."
                ),
            ));
        }
    }
    rust.server_capabilities = Some(capabilities(
        rust.server_capabilities.as_ref(),
        forwarded.server_capabilities.as_ref(),
    ));
    union_map(
        &mut rust.resource_schemas,
        forwarded.resource_schemas,
        "resource",
        &mut found,
    );
    union_map(
        &mut rust.data_source_schemas,
        forwarded.data_source_schemas,
        "data source",
        &mut found,
    );
    union_map(
        &mut rust.functions,
        forwarded.functions,
        "function",
        &mut found,
    );
    union_map(
        &mut rust.ephemeral_resource_schemas,
        forwarded.ephemeral_resource_schemas,
        "ephemeral resource",
        &mut found,
    );
    union_map(
        &mut rust.list_resource_schemas,
        forwarded.list_resource_schemas,
        "list resource",
        &mut found,
    );
    union_map(
        &mut rust.state_store_schemas,
        forwarded.state_store_schemas,
        "state store",
        &mut found,
    );
    union_map(
        &mut rust.action_schemas,
        forwarded.action_schemas,
        "action",
        &mut found,
    );
    rust.diagnostics.extend(forwarded.diagnostics);
    rust.diagnostics.extend(diagnostics_to_proto(&found));
    rust
}

/// `GetResourceIdentitySchemas` of the pair.
pub(crate) fn identity_schemas(
    mut rust: pb::get_resource_identity_schemas::Response,
    forwarded: pb::get_resource_identity_schemas::Response,
) -> pb::get_resource_identity_schemas::Response {
    let mut found = Diagnostics::new();
    union_map(
        &mut rust.identity_schemas,
        forwarded.identity_schemas,
        "resource",
        &mut found,
    );
    rust.diagnostics.extend(forwarded.diagnostics);
    rust.diagnostics.extend(diagnostics_to_proto(&found));
    rust
}

/// `GetFunctions` of the pair.
pub(crate) fn functions(
    mut rust: pb::get_functions::Response,
    forwarded: pb::get_functions::Response,
) -> pb::get_functions::Response {
    let mut found = Diagnostics::new();
    union_map(
        &mut rust.functions,
        forwarded.functions,
        "function",
        &mut found,
    );
    rust.diagnostics.extend(forwarded.diagnostics);
    rust.diagnostics.extend(diagnostics_to_proto(&found));
    rust
}

fn union_map<T>(
    ours: &mut std::collections::HashMap<String, T>,
    theirs: std::collections::HashMap<String, T>,
    kind: &str,
    found: &mut Diagnostics,
) {
    // Sorted, so that the diagnostics come in a stable order.
    for (name, entry) in theirs.into_iter().collect::<BTreeMap<_, _>>() {
        match ours.entry(name) {
            Entry::Occupied(occupied) => found.push(served_twice(kind, occupied.key())),
            Entry::Vacant(vacant) => {
                vacant.insert(entry);
            }
        }
    }
}

fn served_twice(kind: &str, name: &str) -> Diagnostic {
    Diagnostic::error(
        format!("The {kind} type {name:?} is served twice"),
        format!(
            "Both {RUST} and {FORWARDED} serve the {kind} type {name:?}; each type must be served \
             by one of them. When a type has moved to Rust, remove it from the forwarded \
             provider."
        ),
    )
}

/// The first difference that matters to Terraform between two schemas (attribute names,
/// types, nesting and flags, versions), worded as "X in the Rust provider, Y in the forwarded
/// one"; `None` when they agree. Descriptions and deprecation texts are documentation and may
/// differ (the Rust side's is served).
pub(crate) fn schema_difference(
    rust: Option<&pb::Schema>,
    forwarded: Option<&pb::Schema>,
) -> Option<String> {
    let empty = pb::Schema::default();
    let (rust, forwarded) = (rust.unwrap_or(&empty), forwarded.unwrap_or(&empty));
    if rust.version != forwarded.version {
        return Some(format!(
            "its version is {} in {RUST} and {} in {FORWARDED}",
            rust.version, forwarded.version
        ));
    }
    let empty = pb::schema::Block::default();
    block_difference(
        "",
        rust.block.as_ref().unwrap_or(&empty),
        forwarded.block.as_ref().unwrap_or(&empty),
    )
}

fn block_difference(
    at: &str,
    rust: &pb::schema::Block,
    forwarded: &pb::schema::Block,
) -> Option<String> {
    let ours: BTreeMap<&str, &pb::schema::Attribute> = rust
        .attributes
        .iter()
        .map(|a| (a.name.as_str(), a))
        .collect();
    let theirs: BTreeMap<&str, &pb::schema::Attribute> = forwarded
        .attributes
        .iter()
        .map(|a| (a.name.as_str(), a))
        .collect();
    if let Some(difference) = names_difference(at, "attribute", &ours, &theirs) {
        return Some(difference);
    }
    for (name, attribute) in &ours {
        let path = format!("{at}{name}");
        if let Some(difference) = attribute_difference(&path, attribute, theirs[name]) {
            return Some(difference);
        }
    }
    let ours: BTreeMap<&str, &pb::schema::NestedBlock> = rust
        .block_types
        .iter()
        .map(|b| (b.type_name.as_str(), b))
        .collect();
    let theirs: BTreeMap<&str, &pb::schema::NestedBlock> = forwarded
        .block_types
        .iter()
        .map(|b| (b.type_name.as_str(), b))
        .collect();
    if let Some(difference) = names_difference(at, "block", &ours, &theirs) {
        return Some(difference);
    }
    for (name, block) in &ours {
        let other = theirs[name];
        let path = format!("{at}{name}");
        if (block.nesting, block.min_items, block.max_items)
            != (other.nesting, other.min_items, other.max_items)
        {
            return Some(format!(
                "block {path:?} is nested as {} in {RUST} and as {} in {FORWARDED}",
                nesting(block),
                nesting(other)
            ));
        }
        let empty = pb::schema::Block::default();
        if let Some(difference) = block_difference(
            &format!("{path}."),
            block.block.as_ref().unwrap_or(&empty),
            other.block.as_ref().unwrap_or(&empty),
        ) {
            return Some(difference);
        }
    }
    None
}

fn nesting(block: &pb::schema::NestedBlock) -> String {
    let mode = pb::schema::nested_block::NestingMode::try_from(block.nesting)
        .map(|mode| mode.as_str_name().to_lowercase())
        .unwrap_or_else(|_| block.nesting.to_string());
    format!("{mode} ({}..{})", block.min_items, block.max_items)
}

fn names_difference<T>(
    at: &str,
    kind: &str,
    ours: &BTreeMap<&str, T>,
    theirs: &BTreeMap<&str, T>,
) -> Option<String> {
    if let Some(name) = ours.keys().find(|name| !theirs.contains_key(*name)) {
        return Some(format!("{kind} \"{at}{name}\" is in {RUST} only"));
    }
    if let Some(name) = theirs.keys().find(|name| !ours.contains_key(*name)) {
        return Some(format!("{kind} \"{at}{name}\" is in {FORWARDED} only"));
    }
    None
}

fn attribute_difference(
    path: &str,
    rust: &pb::schema::Attribute,
    forwarded: &pb::schema::Attribute,
) -> Option<String> {
    let flags = |a: &pb::schema::Attribute| {
        let mut flags = Vec::new();
        for (set, name) in [
            (a.required, "required"),
            (a.optional, "optional"),
            (a.computed, "computed"),
            (a.sensitive, "sensitive"),
            (a.write_only, "write-only"),
        ] {
            if set {
                flags.push(name);
            }
        }
        flags.join(", ")
    };
    if flags(rust) != flags(forwarded) {
        return Some(format!(
            "attribute {path:?} is {} in {RUST} and {} in {FORWARDED}",
            flags(rust),
            flags(forwarded)
        ));
    }
    if rust.r#type != forwarded.r#type {
        return Some(format!(
            "attribute {path:?} has type {} in {RUST} and {} in {FORWARDED}",
            String::from_utf8_lossy(&rust.r#type),
            String::from_utf8_lossy(&forwarded.r#type)
        ));
    }
    match (&rust.nested_type, &forwarded.nested_type) {
        (None, None) => None,
        (Some(ours), Some(theirs)) => {
            if ours.nesting != theirs.nesting {
                return Some(format!(
                    "attribute {path:?} is nested differently in {RUST} and {FORWARDED}"
                ));
            }
            let block = |object: &pb::schema::Object| pb::schema::Block {
                attributes: object.attributes.clone(),
                ..Default::default()
            };
            block_difference(&format!("{path}."), &block(ours), &block(theirs))
        }
        _ => Some(format!(
            "attribute {path:?} has nested attributes on one side only"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attribute(name: &str, optional: bool) -> pb::schema::Attribute {
        pb::schema::Attribute {
            name: name.to_owned(),
            r#type: b"\"string\"".to_vec(),
            optional,
            required: !optional,
            ..Default::default()
        }
    }

    fn schema(attributes: Vec<pb::schema::Attribute>) -> pb::Schema {
        pb::Schema {
            version: 0,
            block: Some(pb::schema::Block {
                attributes,
                ..Default::default()
            }),
        }
    }

    #[test]
    fn schemas_that_differ_only_in_documentation_agree() {
        let mut documented = attribute("region", true);
        documented.description = "Where.".to_owned();
        documented.description_kind = pb::StringKind::Markdown as i32;
        let ours = schema(vec![documented]);
        let theirs = schema(vec![attribute("region", true)]);
        assert_eq!(schema_difference(Some(&ours), Some(&theirs)), None);
        assert_eq!(schema_difference(None, Some(&pb::Schema::default())), None);
    }

    #[test]
    fn the_difference_is_named() {
        let ours = schema(vec![attribute("region", true)]);
        let required = schema(vec![attribute("region", false)]);
        assert_eq!(
            schema_difference(Some(&ours), Some(&required)).unwrap(),
            "attribute \"region\" is optional in the Rust provider and required in the \
             forwarded provider"
        );
        let other = schema(vec![attribute("zone", true)]);
        assert_eq!(
            schema_difference(Some(&ours), Some(&other)).unwrap(),
            "attribute \"region\" is in the Rust provider only"
        );
        assert_eq!(
            schema_difference(Some(&ours), None).unwrap(),
            "attribute \"region\" is in the Rust provider only"
        );
    }

    #[test]
    fn a_type_served_twice_is_refused_and_the_rest_is_the_union() {
        let resource = |name: &str| pb::get_metadata::ResourceMetadata {
            type_name: name.to_owned(),
        };
        let ours = pb::get_metadata::Response {
            resources: vec![resource("x_owner"), resource("x_tag")],
            ..Default::default()
        };
        let theirs = pb::get_metadata::Response {
            resources: vec![resource("x_pet"), resource("x_tag")],
            ..Default::default()
        };
        let merged = metadata(ours, theirs);
        let names: Vec<&str> = merged
            .resources
            .iter()
            .map(|r| r.type_name.as_str())
            .collect();
        assert_eq!(names, ["x_owner", "x_tag", "x_pet"]);
        assert_eq!(merged.diagnostics.len(), 1);
        assert_eq!(
            merged.diagnostics[0].summary,
            "The resource type \"x_tag\" is served twice"
        );
    }

    #[test]
    fn capabilities_combine() {
        let ours = pb::ServerCapabilities {
            plan_destroy: true,
            get_provider_schema_optional: true,
            move_resource_state: true,
            generate_resource_config: false,
        };
        let theirs = pb::ServerCapabilities {
            plan_destroy: false,
            get_provider_schema_optional: false,
            move_resource_state: false,
            generate_resource_config: true,
        };
        assert_eq!(
            capabilities(Some(&ours), Some(&theirs)),
            pb::ServerCapabilities {
                plan_destroy: true,
                get_provider_schema_optional: false,
                move_resource_state: true,
                generate_resource_config: true,
            }
        );
    }
}
