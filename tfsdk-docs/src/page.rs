//! The Markdown of each page: front matter, title, description, example, schema lists and
//! nested schemas, as the Terraform Registry lays out provider documentation.

use std::fmt::Write as _;
use std::path::Path;

use serde_json::Value as Json;

use crate::schema::{self, Attribute, Block, Group, NestedBlock};
use crate::{DocsError, Examples};

/// The kinds of pages besides the index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Resource,
    DataSource,
    EphemeralResource,
    ListResource,
    Action,
    Function,
}

impl Kind {
    pub(crate) const ALL: [Kind; 6] = [
        Kind::Resource,
        Kind::DataSource,
        Kind::EphemeralResource,
        Kind::ListResource,
        Kind::Action,
        Kind::Function,
    ];

    /// The key of the provider's entry in `providers schema -json`.
    pub(crate) fn schema_key(self) -> &'static str {
        match self {
            Kind::Resource => "resource_schemas",
            Kind::DataSource => "data_source_schemas",
            Kind::EphemeralResource => "ephemeral_resource_schemas",
            Kind::ListResource => "list_resource_schemas",
            Kind::Action => "action_schemas",
            Kind::Function => "functions",
        }
    }

    /// The docs folder of its pages, also the examples folder of its examples.
    pub(crate) fn folder(self) -> &'static str {
        match self {
            Kind::Resource => "resources",
            Kind::DataSource => "data-sources",
            Kind::EphemeralResource => "ephemeral-resources",
            Kind::ListResource => "list-resources",
            Kind::Action => "actions",
            Kind::Function => "functions",
        }
    }

    /// `Resource`, `Data Source`, `Ephemeral`: the title's parenthesis.
    fn label(self) -> &'static str {
        match self {
            Kind::Resource => "Resource",
            Kind::DataSource => "Data Source",
            Kind::EphemeralResource => "Ephemeral",
            Kind::ListResource => "List Resource",
            Kind::Action => "Action",
            Kind::Function => "function",
        }
    }

    /// The example's file name in its type's examples folder.
    fn example_file(self) -> &'static str {
        match self {
            Kind::Resource => "resource.tf",
            Kind::DataSource => "data-source.tf",
            Kind::EphemeralResource => "ephemeral-resource.tf",
            Kind::ListResource => "list-resource.tfquery.hcl",
            Kind::Action => "action.tf",
            Kind::Function => "function.tf",
        }
    }
}

/// `---` front matter: the page title and its description for the registry's listings.
fn front_matter(out: &mut String, title: &str, description: Option<&str>) {
    out.push_str("---\n");
    let _ = writeln!(out, "page_title: {}", Json::from(title));
    out.push_str("subcategory: \"\"\n");
    out.push_str("description: |-\n");
    for line in description.unwrap_or("").lines() {
        if line.is_empty() {
            out.push('\n');
        } else {
            let _ = writeln!(out, "  {line}");
        }
    }
    if description.is_none_or(str::is_empty) {
        out.push_str("  \n");
    }
    out.push_str("---\n\n");
}

fn example(out: &mut String, language: &str, heading: &str, text: Option<String>) {
    if let Some(text) = text {
        let _ = write!(out, "## {heading}\n\n```{language}\n{text}\n```\n\n");
    }
}

/// `docs/index.md`.
pub(crate) fn provider(
    name: &str,
    block: &Block,
    examples: &Examples<'_>,
) -> Result<String, DocsError> {
    let mut out = String::new();
    front_matter(
        &mut out,
        &format!("{name} Provider"),
        block.description.as_deref(),
    );
    let _ = write!(out, "# {name} Provider\n\n");
    if let Some(description) = &block.description {
        let _ = write!(out, "{description}\n\n");
    }
    example(
        &mut out,
        "terraform",
        "Example Usage",
        examples.read(Path::new("provider/provider.tf"))?,
    );
    schema_section(&mut out, block);
    Ok(finish(out))
}

/// A resource's, data source's, ephemeral resource's, list resource's or action's page; a
/// resource's with its identity schema (`resource_identity_schemas`) when it has one.
pub(crate) fn block(
    provider: &str,
    kind: Kind,
    type_name: &str,
    block: &Block,
    identity: Option<&Json>,
    examples: &Examples<'_>,
) -> Result<String, DocsError> {
    let mut out = String::new();
    front_matter(
        &mut out,
        &format!("{type_name} {} - {provider}", kind.label()),
        block.description.as_deref(),
    );
    let _ = write!(out, "# {type_name} ({})\n\n", kind.label());
    if block.deprecated {
        out.push_str("~> **Deprecated** This type is deprecated.\n\n");
    }
    if let Some(description) = &block.description {
        let _ = write!(out, "{description}\n\n");
    }
    let folder = Path::new(kind.folder()).join(type_name);
    example(
        &mut out,
        "terraform",
        "Example Usage",
        examples.read(&folder.join(kind.example_file()))?,
    );
    schema_section(&mut out, block);
    if let Some(identity) = identity {
        identity_section(&mut out, identity);
    }
    if kind == Kind::Resource {
        import_section(&mut out, &folder, examples)?;
    }
    Ok(finish(out))
}

/// `### Identity Schema`: the attributes an `import` block's `identity` takes (Terraform 1.12
/// and later), required ones first.
fn identity_section(out: &mut String, identity: &Json) {
    let Some(attributes) = identity.get("attributes").and_then(Json::as_object) else {
        return;
    };
    if !out.ends_with("\n\n") {
        out.push('\n');
    }
    out.push_str("### Identity Schema\n\n");
    for (title, flag) in [
        ("Required", "required_for_import"),
        ("Optional", "optional_for_import"),
    ] {
        let listed: Vec<_> = attributes
            .iter()
            .filter(|(_, attribute)| attribute.get(flag).and_then(Json::as_bool) == Some(true))
            .collect();
        if listed.is_empty() {
            continue;
        }
        let _ = write!(out, "#### {title}\n\n");
        for (name, attribute) in listed {
            let ty = attribute
                .get("type")
                .map_or_else(|| "Dynamic".into(), schema::type_name);
            let _ = write!(out, "- `{name}` ({ty})");
            if let Some(description) = description_of(attribute) {
                let _ = write!(out, " {description}");
            }
            out.push('\n');
        }
        out.push('\n');
    }
}

/// `## Import`: the `import` block by identity (`import-by-identity.tf`, Terraform 1.12 and
/// later) and the command line by id (`import.sh`), each when its example exists.
fn import_section(
    out: &mut String,
    folder: &Path,
    examples: &Examples<'_>,
) -> Result<(), DocsError> {
    let by_identity = examples.read(&folder.join("import-by-identity.tf"))?;
    let by_id = examples.read(&folder.join("import.sh"))?;
    if by_identity.is_none() && by_id.is_none() {
        return Ok(());
    }
    out.push_str("## Import\n\n");
    if let Some(block) = by_identity {
        let _ = write!(
            out,
            "In Terraform 1.12 and later, an `import` block can name the resource by its identity:\n\n```terraform\n{block}\n```\n\n"
        );
    }
    if let Some(import) = by_id {
        let _ = write!(
            out,
            "Import is supported using the following syntax:\n\n```shell\n{import}\n```\n\n"
        );
    }
    Ok(())
}

/// A function's page: its signature and arguments.
pub(crate) fn function(
    provider: &str,
    name: &str,
    json: &Json,
    examples: &Examples<'_>,
) -> Result<String, DocsError> {
    let text = |key: &str| {
        json.get(key)
            .and_then(Json::as_str)
            .map(str::trim)
            .filter(|text| !text.is_empty())
    };
    let summary = text("summary");
    let description = text("description");
    let mut out = String::new();
    front_matter(
        &mut out,
        &format!("{name} function - {provider}"),
        summary.or(description),
    );
    let _ = write!(out, "# function: {name}\n\n");
    if let Some(message) = text("deprecation_message") {
        let _ = write!(out, "~> **Deprecated** {message}\n\n");
    }
    if let Some(description) = description.or(summary) {
        let _ = write!(out, "{description}\n\n");
    }
    example(
        &mut out,
        "terraform",
        "Example Usage",
        examples.read(&Path::new("functions").join(name).join("function.tf"))?,
    );
    let parameters: Vec<&Json> = json
        .get("parameters")
        .and_then(Json::as_array)
        .into_iter()
        .flatten()
        .collect();
    let variadic = json.get("variadic_parameter");
    let mut signature: Vec<String> = parameters
        .iter()
        .map(|parameter| parameter_signature(parameter, ""))
        .collect();
    signature.extend(variadic.map(|parameter| parameter_signature(parameter, "...")));
    let result = json
        .get("return_type")
        .map_or_else(|| "dynamic".to_owned(), schema::type_constraint);
    let _ = write!(
        out,
        "## Signature\n\n```text\n{name}({}) {result}\n```\n\n",
        signature.join(", ")
    );
    if !signature.is_empty() {
        out.push_str("## Arguments\n\n");
        let all = parameters
            .iter()
            .map(|p| (*p, false))
            .chain(variadic.map(|p| (p, true)));
        for (number, (parameter, is_variadic)) in all.enumerate() {
            let mut facts = Vec::new();
            if is_variadic {
                facts.push("Variadic".to_owned());
            }
            facts.push(
                parameter
                    .get("type")
                    .map_or_else(|| "Dynamic".into(), schema::type_name),
            );
            if parameter.get("is_nullable").and_then(Json::as_bool) == Some(true) {
                facts.push("Nullable".to_owned());
            }
            let _ = write!(
                out,
                "{}. `{}` ({})",
                number + 1,
                parameter
                    .get("name")
                    .and_then(Json::as_str)
                    .unwrap_or("arg"),
                facts.join(", ")
            );
            if let Some(description) = description_of(parameter) {
                let _ = write!(out, " {description}");
            }
            out.push('\n');
        }
        out.push('\n');
    }
    Ok(finish(out))
}

fn parameter_signature(parameter: &Json, suffix: &str) -> String {
    format!(
        "{} {}{suffix}",
        parameter
            .get("name")
            .and_then(Json::as_str)
            .unwrap_or("arg"),
        parameter
            .get("type")
            .map_or_else(|| "dynamic".to_owned(), schema::type_constraint)
    )
}

/// The `description` of a schema JSON object, trimmed, when it has a non-empty one.
fn description_of(json: &Json) -> Option<&str> {
    json.get("description")
        .and_then(Json::as_str)
        .map(str::trim)
        .filter(|d| !d.is_empty())
}

/// One line per page end: the text with a single trailing newline.
fn finish(out: String) -> String {
    format!("{}\n", out.trim_end())
}

/// A nested schema still to describe: its anchor, its path for the heading, and what it holds.
enum Pending<'a> {
    Block(String, String, &'a Block),
    Object(String, String, &'a serde_json::Map<String, Json>),
}

/// `## Schema`: the block's lists, then each nested schema, depth first.
fn schema_section(out: &mut String, block: &Block) {
    if block.attributes.is_empty() && block.blocks.is_empty() {
        return;
    }
    out.push_str("## Schema\n\n");
    let mut pending = Vec::new();
    lists(out, block, "", true, &mut pending);
    while !pending.is_empty() {
        let mut next = Vec::new();
        for item in pending {
            match item {
                Pending::Block(anchor, path, block) => {
                    let _ = write!(
                        out,
                        "<a id=\"{anchor}\"></a>\n### Nested Schema for `{path}`\n\n"
                    );
                    lists(out, block, &path, false, &mut next);
                }
                Pending::Object(anchor, path, attributes) => {
                    let _ = write!(
                        out,
                        "<a id=\"{anchor}\"></a>\n### Nested Schema for `{path}`\n\n"
                    );
                    out.push_str("Read-Only:\n\n");
                    for (name, ty) in attributes {
                        let _ = writeln!(out, "- `{name}` ({})", schema::type_name(ty));
                    }
                    out.push('\n');
                }
            }
        }
        pending = next;
    }
}

/// The Required / Optional / Read-Only lists of one block; nested schemas go to `pending`.
fn lists<'a>(
    out: &mut String,
    block: &'a Block,
    path: &str,
    top: bool,
    pending: &mut Vec<Pending<'a>>,
) {
    let place = Place { path };
    for group in Group::ALL {
        let attributes = block.attributes.iter().filter(|a| a.group() == group);
        let blocks = block.blocks.iter().filter(|b| b.group() == group);
        let mut entries: Vec<(String, String)> = attributes
            .map(|attribute| attribute_entry(attribute, place, pending))
            .collect();
        entries.extend(blocks.map(|nested| block_entry(nested, place, pending)));
        if entries.is_empty() {
            continue;
        }
        if top {
            let _ = write!(out, "### {}\n\n", group.title());
        } else {
            let _ = write!(out, "{}:\n\n", group.title());
        }
        entries.sort();
        for (_, line) in entries {
            out.push_str(&line);
        }
        out.push('\n');
    }
}

/// Where a block's lists are: the dotted path of its attributes, which names their anchors.
#[derive(Clone, Copy)]
struct Place<'p> {
    path: &'p str,
}

impl Place<'_> {
    /// The path of the attribute `name` here.
    fn join(self, name: &str) -> String {
        if self.path.is_empty() {
            name.to_owned()
        } else {
            format!("{}.{name}", self.path)
        }
    }

    /// The anchor of the nested schema of `name` here, of `kind` (`nestedatt`, `nestedblock`).
    fn anchor(self, kind: &str, name: &str) -> String {
        format!("{kind}--{}", self.join(name).replace('.', "--"))
    }
}

/// An attribute's line (by name, for sorting); its nested schema, if any, goes to `pending`.
fn attribute_entry<'a>(
    attribute: &'a Attribute,
    place: Place<'_>,
    pending: &mut Vec<Pending<'a>>,
) -> (String, String) {
    let (mut facts, link) = match (&attribute.nested, &attribute.ty) {
        (Some((nesting, nested)), _) => {
            let anchor = place.anchor("nestedatt", &attribute.name);
            let kind = match nesting.as_str() {
                "list" => "Attributes List",
                "set" => "Attributes Set",
                "map" => "Attributes Map",
                _ => "Attributes",
            };
            pending.push(Pending::Block(
                anchor.clone(),
                place.join(&attribute.name),
                nested,
            ));
            (vec![kind.to_owned()], Some(anchor))
        }
        (None, Some(ty)) => {
            let link = schema::object_attributes(ty).map(|object| {
                let anchor = place.anchor("nestedobjatt", &attribute.name);
                pending.push(Pending::Object(
                    anchor.clone(),
                    place.join(&attribute.name),
                    object,
                ));
                anchor
            });
            (vec![schema::type_name(ty)], link)
        }
        (None, None) => (vec!["Dynamic".to_owned()], None),
    };
    if attribute.sensitive {
        facts.push("Sensitive".into());
    }
    if attribute.write_only {
        facts.push(
            "[Write-only](https://developer.hashicorp.com/terraform/language/resources/ephemeral#write-only-arguments)"
                .into(),
        );
    }
    if attribute.deprecated {
        facts.push("Deprecated".into());
    }
    let line = entry(
        &attribute.name,
        &facts,
        link.as_deref(),
        attribute.description.as_deref(),
    );
    (attribute.name.clone(), line)
}

/// A nested block's line (by name, for sorting); its schema goes to `pending`.
fn block_entry<'a>(
    nested: &'a NestedBlock,
    place: Place<'_>,
    pending: &mut Vec<Pending<'a>>,
) -> (String, String) {
    let kind = match nested.nesting.as_str() {
        "list" => "Block List",
        "set" => "Block Set",
        "map" => "Block Map",
        _ => "Block",
    };
    let mut facts = vec![kind.to_owned()];
    if nested.min_items > 0 {
        facts.push(format!("Min: {}", nested.min_items));
    }
    if nested.max_items > 0 {
        facts.push(format!("Max: {}", nested.max_items));
    }
    if nested.block.deprecated {
        facts.push("Deprecated".into());
    }
    let anchor = place.anchor("nestedblock", &nested.name);
    pending.push(Pending::Block(
        anchor.clone(),
        place.join(&nested.name),
        &nested.block,
    ));
    let line = entry(
        &nested.name,
        &facts,
        Some(&anchor),
        nested.block.description.as_deref(),
    );
    (nested.name.clone(), line)
}

/// ``- `name` (Facts) Description (see [below for nested schema](#anchor))``.
fn entry(name: &str, facts: &[String], link: Option<&str>, description: Option<&str>) -> String {
    let mut line = format!("- `{name}` ({})", facts.join(", "));
    if let Some(description) = description {
        line.push(' ');
        line.push_str(&description.replace('\n', "\n  "));
    }
    if let Some(anchor) = link {
        let _ = write!(line, " (see [below for nested schema](#{anchor}))");
    }
    line.push('\n');
    line
}
