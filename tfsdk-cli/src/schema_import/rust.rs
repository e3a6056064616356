//! Rust source for one type's schema: a `#[derive(TfObject)]` struct per block, nested block,
//! nested attribute object and object type, whose options serve the schema they were read from.
//!
//! Field types hold null and unknown at every level, whatever the flags say, so that any
//! configuration, plan or state Terraform sends converts: `types::String`, `types::Number`,
//! `types::Bool`, `types::Dynamic`, `types::List<_>` / `Set<_>` / `Map<_>` of those, and
//! `types::Object<S>` for an object type; nested attributes are `Maybe<S>`, `Maybe<Vec<S>>`,
//! `Maybe<HashSet<S>>` and `Maybe<BTreeMap<String, S>>`; nested blocks `Option<S>` (or `S` when
//! required), `Vec<S>` and `HashSet<S>`.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use serde_json::Value as Json;

use super::json::{Attribute, Block, BlockType, IdentitySchema, NestedType};

/// The block a top-level struct is the schema of: the derive's `schema(ROLE)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    Provider,
    Resource,
    DataSource,
    Ephemeral,
}

impl Role {
    /// The derive's name for it.
    fn option(self) -> &'static str {
        match self {
            Role::Provider => "provider",
            Role::Resource => "resource",
            Role::DataSource => "data_source",
            Role::Ephemeral => "ephemeral",
        }
    }

    /// How the header names it.
    fn noun(self) -> &'static str {
        match self {
            Role::Provider => "provider configuration",
            Role::Resource => "managed resource",
            Role::DataSource => "data source",
            Role::Ephemeral => "ephemeral resource",
        }
    }
}

/// What writing one type's module found: the text, and what the models serve differently
/// from the schema read (each a sentence naming the attribute).
pub(crate) struct Written {
    pub text: String,
    pub differences: Vec<String>,
}

/// One type's module.
pub(crate) struct TypeSource<'a> {
    /// The provider's source address, for the header.
    pub address: &'a str,
    /// The type's name (`petstore_tag`), or `provider`.
    pub type_name: &'a str,
    pub role: Role,
    /// The top-level struct's name.
    pub struct_name: String,
    pub version: i64,
    pub block: &'a Block,
    pub identity: Option<&'a IdentitySchema>,
}

/// Writes the module of `source`, or says why the derive cannot serve its schema.
pub(crate) fn write_module(source: &TypeSource<'_>) -> Result<Written, String> {
    let mut writer = Writer {
        type_name: source.type_name,
        structs: Vec::new(),
        names: BTreeSet::new(),
        differences: Vec::new(),
        errors: Vec::new(),
        uses_hash_set: false,
        uses_map: false,
        uses_maybe: false,
    };
    writer.names.insert(source.struct_name.clone());
    writer.schema_struct(
        &source.struct_name,
        Some(source.role),
        source.block,
        source.type_name,
    )?;
    if let Some(identity) = source.identity
        && let Err(problem) =
            writer.identity_struct(&format!("{}Identity", source.struct_name), identity)
    {
        writer.errors.push(problem);
    }
    if !writer.errors.is_empty() {
        return Err(writer.errors.join("\n  "));
    }
    let mut text = header(source);
    text.push_str(&writer.uses());
    if source.role == Role::Resource {
        let _ = write!(
            text,
            "\n/// The version of this schema Terraform stores with each state \
             (`Resource::SCHEMA_VERSION`).\npub const SCHEMA_VERSION: i64 = {};\n",
            source.version
        );
    }
    if let Some(identity) = source.identity {
        let _ = write!(
            text,
            "\n/// The version of the identity schema (`ResourceIdentity::IDENTITY_VERSION`).\n\
             pub const IDENTITY_VERSION: i64 = {};\n",
            identity.version
        );
    }
    for item in &writer.structs {
        text.push('\n');
        text.push_str(item);
    }
    Ok(Written {
        text,
        differences: writer.differences,
    })
}

/// The module's documentation: where it came from and what the schema JSON cannot say.
fn header(source: &TypeSource<'_>) -> String {
    let version = if source.role == Role::Resource {
        format!(", schema version {}", source.version)
    } else {
        String::new()
    };
    format!(
        "//! `{}`: the model of the {} as `{}` serves it{version}.\n\
         //!\n\
         //! Written by `tfsdk schema import` from `terraform providers schema -json`, which \
         holds\n\
         //! names, types, nesting, flags, descriptions and deprecations but no plan \
         modifiers,\n\
         //! defaults or validators: add the Go type's (`stable` for `UseStateForUnknown`,\n\
         //! `force_new` for `RequiresReplace`, `default = ...`, rules) before serving it. \
         Importing\n\
         //! again overwrites this file.\n\
         #![allow(missing_docs, rustdoc::all)]\n",
        source.type_name,
        source.role.noun(),
        source.address,
    )
}

struct Writer<'a> {
    type_name: &'a str,
    /// The structs written so far, the top-level one first.
    structs: Vec<String>,
    /// The struct names taken.
    names: BTreeSet<String>,
    differences: Vec<String>,
    /// What the derive cannot express, each naming the attribute; all are reported.
    errors: Vec<String>,
    uses_hash_set: bool,
    uses_map: bool,
    uses_maybe: bool,
}

impl Writer<'_> {
    /// The `use` lines the structs need.
    fn uses(&self) -> String {
        let collections: Vec<&str> = [("BTreeMap", self.uses_map), ("HashSet", self.uses_hash_set)]
            .into_iter()
            .filter_map(|(name, used)| used.then_some(name))
            .collect();
        let mut text = String::from("\n");
        if !collections.is_empty() {
            let _ = writeln!(
                text,
                "use std::collections::{{{}}};\n",
                collections.join(", ")
            );
        }
        if self.uses_maybe {
            text.push_str("use tfsdk_core::view::Maybe;\n");
        }
        text.push_str("use tfsdk_core::{TfObject, types};\n");
        text
    }

    /// A fresh struct name from `parent` and an attribute name: `TagRule` for `rule` in `Tag`.
    fn child_name(&mut self, parent: &str, attribute: &str) -> String {
        let base = format!("{parent}{}", camel_case(attribute));
        let mut name = base.clone();
        let mut n = 2;
        while !self.names.insert(name.clone()) {
            name = format!("{base}{n}");
            n += 1;
        }
        name
    }

    /// A schema struct for `block`: its attributes, then its nested blocks. `role` is set for
    /// the top-level struct, whose doc comment is the block's description.
    fn schema_struct(
        &mut self,
        name: &str,
        role: Option<Role>,
        block: &Block,
        at: &str,
    ) -> Result<(), String> {
        let kinds = block
            .attributes
            .values()
            .map(|a| kind_of(a.description_kind.as_deref()))
            .chain(
                block
                    .block_types
                    .values()
                    .map(|b| kind_of(b.block.description_kind.as_deref())),
            );
        let default_kind = match role {
            Some(_) => kind_of(block.description_kind.as_deref()),
            None => majority(kinds),
        };
        // Each field with the kind of its description: attributes first, then blocks.
        let mut written = Vec::new();
        for (attribute_name, attribute) in &block.attributes {
            let path = format!("{at}.{attribute_name}");
            let field = self.attribute_field(name, attribute_name, attribute, &path);
            written.push((field, kind_of(attribute.description_kind.as_deref())));
        }
        for (block_name, block_type) in &block.block_types {
            let path = format!("{at}.{block_name}");
            let field = self.block_field(name, block_name, block_type, &path);
            written.push((field, kind_of(block_type.block.description_kind.as_deref())));
        }
        let mut fields = Vec::new();
        let mut hashable = true;
        for (field, kind) in written {
            match field {
                Ok((field, set)) => {
                    hashable &= !set;
                    fields.push(with_kind(field, kind, default_kind));
                }
                Err(problem) => self.errors.push(problem),
            }
        }
        let mut text = String::new();
        match role {
            Some(_) => text.push_str(&doc_lines(block.description.as_deref(), "")),
            None => {
                let _ = writeln!(text, "// `{at}`.");
            }
        }
        let _ = writeln!(text, "{}", derives(hashable));
        let role_option = role.map_or("schema".to_owned(), |r| format!("schema({})", r.option()));
        let kind_option = if default_kind == "plain" {
            ", description_kind = \"plain\""
        } else {
            ""
        };
        // A description a doc comment would not give back is an option.
        let description_option =
            match (role, block.description.as_deref().filter(|d| !d.is_empty())) {
                (Some(_), Some(description)) if !doc_comment_keeps(description) => {
                    format!(", description = {description:?}")
                }
                _ => String::new(),
            };
        let _ = writeln!(
            text,
            "#[tfsdk({role_option}{kind_option}{description_option})]"
        );
        let _ = writeln!(text, "pub struct {name} {{");
        for field in fields {
            text.push_str(&field.render());
        }
        text.push_str("}\n");
        self.insert_struct(role.is_some(), text);
        Ok(())
    }

    /// Keeps the top-level struct first, and the others in the order they were finished.
    fn insert_struct(&mut self, top: bool, text: String) {
        if top {
            self.structs.insert(0, text);
        } else {
            self.structs.push(text);
        }
    }

    /// The field of an attribute, and whether its type is a `HashSet` (so the struct cannot
    /// be hashed).
    fn attribute_field(
        &mut self,
        parent: &str,
        name: &str,
        attribute: &Attribute,
        path: &str,
    ) -> Result<(Field, bool), String> {
        let mut options = vec![format!("name = {name:?}")];
        options.extend(role_flags(
            attribute.required,
            attribute.optional,
            attribute.computed,
        ));
        if attribute.sensitive {
            options.push("sensitive".into());
        }
        if attribute.write_only {
            options.push("write_only".into());
        }
        if attribute.deprecated {
            options.push(self.deprecation(attribute.deprecation_message.as_deref(), path));
        }
        let (ty, set) = match (&attribute.nested_type, &attribute.ty) {
            (Some(nested), _) => {
                options.push("nested_attribute".into());
                self.nested_attribute_type(parent, name, nested, path)?
            }
            (None, Some(ty)) => (self.value_type(parent, name, ty, path)?, false),
            (None, None) => {
                return Err(format!(
                    "{path}: an attribute with neither type nor nested_type"
                ));
            }
        };
        Ok((
            Field {
                name: name.to_owned(),
                description: attribute.description.clone(),
                options,
                ty,
            },
            set,
        ))
    }

    /// `Maybe<S>`, `Maybe<Vec<S>>`, `Maybe<HashSet<S>>` or `Maybe<BTreeMap<String, S>>` for
    /// nested attributes, writing `S`.
    fn nested_attribute_type(
        &mut self,
        parent: &str,
        name: &str,
        nested: &NestedType,
        path: &str,
    ) -> Result<(String, bool), String> {
        self.uses_maybe = true;
        let child = self.child_name(parent, name);
        let block = Block {
            attributes: nested.attributes.clone(),
            ..Block::default()
        };
        let inner = match nested.nesting_mode.as_str() {
            "single" => child.clone(),
            "list" => format!("Vec<{child}>"),
            "set" => {
                self.uses_hash_set = true;
                self.require_hashable(&block, path)?;
                format!("HashSet<{child}>")
            }
            "map" => {
                self.uses_map = true;
                format!("BTreeMap<String, {child}>")
            }
            other => return Err(format!("{path}: unknown nesting mode {other:?}")),
        };
        self.schema_struct(&child, None, &block, path)?;
        Ok((format!("Maybe<{inner}>"), inner.starts_with("HashSet")))
    }

    /// The field of a nested block, and whether it is a set.
    fn block_field(
        &mut self,
        parent: &str,
        name: &str,
        block_type: &BlockType,
        path: &str,
    ) -> Result<(Field, bool), String> {
        let child = self.child_name(parent, name);
        let (min, max) = (block_type.min_items, block_type.max_items);
        let mut options = vec![format!("name = {name:?}")];
        let required = min > 0;
        options.push(if required { "required" } else { "optional" }.into());
        options.push("block".into());
        let block = &block_type.block;
        if block.deprecated {
            options.push(self.deprecation(block.deprecation_message.as_deref(), path));
        }
        let ty = match block_type.nesting_mode.as_str() {
            "single" | "group" => {
                if (min, max) != (0, 0) && (min, max) != (1, 1) && (min, max) != (0, 1) {
                    self.differ(path, &format!("min_items {min} and max_items {max}"));
                }
                if required {
                    child.clone()
                } else {
                    format!("Option<{child}>")
                }
            }
            "list" | "set" => {
                // `required` gives at least one; SDKv2's MinItems and MaxItems say more.
                if min > 1 {
                    options.push(format!("min_items = {min}"));
                }
                if max > 0 {
                    options.push(format!("max_items = {max}"));
                }
                if block_type.nesting_mode == "set" {
                    self.uses_hash_set = true;
                    self.require_hashable(block, path)?;
                    format!("HashSet<{child}>")
                } else {
                    format!("Vec<{child}>")
                }
            }
            other => {
                return Err(format!(
                    "{path}: a block nested as {other:?}, which the derive cannot serve \
                     (blocks are single, list or set)"
                ));
            }
        };
        let set = ty.starts_with("HashSet");
        self.schema_struct(&child, None, block, path)?;
        Ok((
            Field {
                name: name.to_owned(),
                description: block.description.clone(),
                options,
                ty,
            },
            set,
        ))
    }

    /// Elements of a set are hashed: a set may not hold another set of nested objects.
    fn require_hashable(&self, block: &Block, path: &str) -> Result<(), String> {
        let nested_set = block.block_types.values().any(|b| b.nesting_mode == "set")
            || block.attributes.values().any(|a| {
                a.nested_type
                    .as_ref()
                    .is_some_and(|n| n.nesting_mode == "set")
            });
        if nested_set {
            return Err(format!(
                "{path}: a set of nested objects inside a set of nested objects is not \
                 supported by schema import yet"
            ));
        }
        Ok(())
    }

    /// The framework type of a value of Terraform type `ty` (type JSON), writing a struct for
    /// each object type.
    fn value_type(
        &mut self,
        parent: &str,
        name: &str,
        ty: &Json,
        path: &str,
    ) -> Result<String, String> {
        match ty {
            Json::String(primitive) => match primitive.as_str() {
                "string" => Ok("types::String".into()),
                "number" => Ok("types::Number".into()),
                "bool" => Ok("types::Bool".into()),
                "dynamic" => Ok("types::Dynamic".into()),
                other => Err(format!("{path}: unknown type {other:?}")),
            },
            Json::Array(parts) => match (parts.first().and_then(Json::as_str), &parts[1..]) {
                (Some(kind @ ("list" | "set" | "map")), [element]) => {
                    let element = self.value_type(parent, name, element, path)?;
                    let collection = match kind {
                        "list" => "List",
                        "set" => "Set",
                        _ => "Map",
                    };
                    Ok(format!("types::{collection}<{element}>"))
                }
                (Some("object"), [Json::Object(attributes)]) => {
                    let child = self.child_name(parent, name);
                    self.object_struct(&child, attributes, path)?;
                    Ok(format!("types::Object<{child}>"))
                }
                (Some("object"), [_, _]) => Err(format!(
                    "{path}: an object type with optional attributes, which a schema \
                     cannot declare"
                )),
                _ => Err(format!(
                    "{path}: type {ty} is not supported by schema import (tuples are not)"
                )),
            },
            _ => Err(format!("{path}: {ty} is not type JSON")),
        }
    }

    /// A plain struct for an object type: one field per attribute, no flags.
    fn object_struct(
        &mut self,
        name: &str,
        attributes: &serde_json::Map<String, Json>,
        path: &str,
    ) -> Result<(), String> {
        let mut fields = Vec::new();
        let mut hashable = true;
        for (attribute_name, ty) in attributes {
            if !valid_name(attribute_name) {
                return Err(format!(
                    "{path}: object attribute {attribute_name:?} is not a name the derive \
                     accepts (^[a-z][a-z0-9_]*$)"
                ));
            }
            let ty = self.value_type(
                name,
                attribute_name,
                ty,
                &format!("{path}.{attribute_name}"),
            )?;
            hashable &= !ty.contains("HashSet");
            fields.push(Field {
                name: attribute_name.clone(),
                description: None,
                options: vec![format!("name = {attribute_name:?}")],
                ty,
            });
        }
        let mut text = format!("// The object type of `{path}`.\n{}\n", derives(hashable));
        let _ = writeln!(text, "pub struct {name} {{");
        for field in fields {
            text.push_str(&field.render());
        }
        text.push_str("}\n");
        self.structs.push(text);
        Ok(())
    }

    /// The identity struct: `required` for attributes import by identity requires, else
    /// `optional`.
    fn identity_struct(&mut self, name: &str, identity: &IdentitySchema) -> Result<(), String> {
        let mut fields = Vec::new();
        for (attribute_name, attribute) in &identity.attributes {
            let path = format!("{} identity.{attribute_name}", self.type_name);
            let Some(ty) = &attribute.ty else {
                return Err(format!("{path}: an identity attribute without a type"));
            };
            let ty = self.value_type(name, attribute_name, ty, &path)?;
            let role = if attribute.required_for_import {
                "required"
            } else {
                "optional"
            };
            fields.push(Field {
                name: attribute_name.clone(),
                description: attribute.description.clone(),
                options: vec![format!("name = {attribute_name:?}"), role.into()],
                ty,
            });
        }
        self.names.insert(name.to_owned());
        let mut text = format!(
            "/// The identity of `{}`.\n{}\n#[tfsdk(schema(identity))]\npub struct {name} {{\n",
            self.type_name,
            derives(true)
        );
        for field in fields {
            text.push_str(&field.render());
        }
        text.push_str("}\n");
        self.structs.push(text);
        Ok(())
    }

    /// The `deprecated = "..."` option; Terraform before 1.15 prints no message.
    fn deprecation(&mut self, message: Option<&str>, path: &str) -> String {
        let message = match message.filter(|m| !m.is_empty()) {
            Some(message) => message.to_owned(),
            None => {
                self.differ(
                    path,
                    "a deprecation without a message (Terraform before 1.15 prints none): \
                     the model says \"Deprecated.\"",
                );
                "Deprecated.".to_owned()
            }
        };
        format!("deprecated = {message:?}")
    }

    fn differ(&mut self, path: &str, what: &str) {
        self.differences.push(format!("{path}: {what}"));
    }
}

/// `required`, `optional`, `computed` or `optional, computed`.
fn role_flags(required: bool, optional: bool, computed: bool) -> Vec<String> {
    let mut flags = Vec::new();
    if required {
        flags.push("required".to_owned());
    }
    if optional {
        flags.push("optional".to_owned());
    }
    if computed {
        flags.push("computed".to_owned());
    }
    flags
}

/// The derives of a generated struct: `Eq` and `Hash` too unless it holds a `HashSet`.
fn derives(hashable: bool) -> &'static str {
    if hashable {
        "#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]"
    } else {
        "#[derive(TfObject, Clone, Debug, PartialEq, Eq)]"
    }
}

/// `plain` or `markdown`; Terraform always writes one, the derive's default is Markdown.
fn kind_of(kind: Option<&str>) -> &'static str {
    match kind {
        Some("plain") => "plain",
        _ => "markdown",
    }
}

/// The kind most of `kinds` are (Markdown on a tie, and when there are none).
fn majority(kinds: impl Iterator<Item = &'static str>) -> &'static str {
    let (plain, markdown) = kinds.fold((0, 0), |(p, m), kind| {
        if kind == "plain" {
            (p + 1, m)
        } else {
            (p, m + 1)
        }
    });
    if plain > markdown {
        "plain"
    } else {
        "markdown"
    }
}

/// `field` with a `description_kind` option when its kind is not the struct's.
fn with_kind(mut field: Field, kind: &str, default: &str) -> Field {
    if kind != default {
        field.options.push(format!("description_kind = {kind:?}"));
    }
    field
}

/// One field as written.
struct Field {
    name: String,
    description: Option<String>,
    options: Vec<String>,
    ty: String,
}

impl Field {
    fn render(&self) -> String {
        let mut options = self.options.clone();
        let mut text = String::new();
        match self.description.as_deref().filter(|d| !d.is_empty()) {
            Some(description) if doc_comment_keeps(description) => {
                text.push_str(&doc_lines(Some(description), "    "));
            }
            Some(description) => options.insert(1, format!("description = {description:?}")),
            None => {}
        }
        let _ = writeln!(text, "    #[tfsdk({})]", options.join(", "));
        let _ = writeln!(text, "    pub {}: {},", field_ident(&self.name), self.ty);
        text
    }
}

/// `///` lines for `description`, indented by `indent`.
fn doc_lines(description: Option<&str>, indent: &str) -> String {
    let Some(description) = description.filter(|d| doc_comment_keeps(d)) else {
        return String::new();
    };
    description
        .lines()
        .map(|line| {
            if line.is_empty() {
                format!("{indent}///\n")
            } else {
                format!("{indent}/// {line}\n")
            }
        })
        .collect()
}

/// Whether a doc comment gives back exactly `description` (the derive trims it, and reads it
/// line by line).
fn doc_comment_keeps(description: &str) -> bool {
    !description.is_empty()
        && description.trim() == description
        && !description.contains('\r')
        && !description.contains("*/")
}

/// The field's identifier: the attribute's name, raw when it is a keyword.
fn field_ident(name: &str) -> String {
    match name {
        "self" | "super" | "crate" | "Self" => format!("{name}_"),
        _ if is_keyword(name) => format!("r#{name}"),
        _ => name.to_owned(),
    }
}

/// A module name for `name`: keywords get a trailing underscore.
pub(crate) fn module_ident(name: &str) -> String {
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        format!("_{name}")
    } else if is_keyword(name) {
        format!("{name}_")
    } else {
        name.to_owned()
    }
}

fn is_keyword(name: &str) -> bool {
    const KEYWORDS: &[&str] = &[
        "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum",
        "extern", "false", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "match", "mod",
        "move", "mut", "pub", "ref", "return", "self", "Self", "static", "struct", "super",
        "trait", "true", "type", "unsafe", "use", "where", "while", "abstract", "become", "box",
        "do", "final", "macro", "override", "priv", "try", "typeof", "unsized", "virtual", "yield",
    ];
    KEYWORDS.contains(&name)
}

/// The names the derive accepts.
fn valid_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// `UpperCamelCase` for a snake-case name: `rule_set` gives `RuleSet`.
pub(crate) fn camel_case(name: &str) -> String {
    name.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|part| !part.is_empty())
        .map(|part| {
            let mut chars = part.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_ascii_uppercase().to_string() + chars.as_str()
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_rust_identifiers() {
        assert_eq!(camel_case("rule_set"), "RuleSet");
        assert_eq!(camel_case("v2_api"), "V2Api");
        assert_eq!(field_ident("type"), "r#type");
        assert_eq!(field_ident("self"), "self_");
        assert_eq!(field_ident("name"), "name");
        assert_eq!(module_ident("type"), "type_");
        assert_eq!(module_ident("3d"), "_3d");
    }

    #[test]
    fn a_doc_comment_is_used_only_where_it_gives_the_description_back() {
        assert!(doc_comment_keeps("The name.\n\nMore."));
        assert!(!doc_comment_keeps(" padded"));
        assert!(!doc_comment_keeps("ends with a newline\n"));
        assert_eq!(doc_lines(Some("a\n\nb"), ""), "/// a\n///\n/// b\n");
    }
}
