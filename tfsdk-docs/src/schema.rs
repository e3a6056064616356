//! A block of Terraform's schema JSON (`providers schema -json`), read into what the pages
//! show: attributes and nested blocks with their behaviours, types and descriptions.

use serde_json::Value as Json;

use crate::DocsError;

/// A block: the provider's, a resource's, or a nested one.
#[derive(Debug, Default)]
pub(crate) struct Block {
    pub description: Option<String>,
    pub deprecated: bool,
    pub attributes: Vec<Attribute>,
    pub blocks: Vec<NestedBlock>,
}

/// An attribute, possibly with nested attributes of its own (`nested_type`).
#[derive(Debug)]
pub(crate) struct Attribute {
    pub name: String,
    /// The type as Terraform prints it (`"string"`, `["list", "string"]`), absent for a
    /// nested attribute.
    pub ty: Option<Json>,
    pub description: Option<String>,
    pub required: bool,
    pub optional: bool,
    pub sensitive: bool,
    pub deprecated: bool,
    pub write_only: bool,
    /// `nested_type`: how its objects nest, and their attributes.
    pub nested: Option<(String, Block)>,
}

/// A nested block (`block_types`).
#[derive(Debug)]
pub(crate) struct NestedBlock {
    pub name: String,
    pub nesting: String,
    pub min_items: u64,
    pub max_items: u64,
    pub block: Block,
}

/// Where an attribute or a block is listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Group {
    Required,
    Optional,
    ReadOnly,
}

impl Group {
    pub(crate) const ALL: [Group; 3] = [Group::Required, Group::Optional, Group::ReadOnly];

    pub(crate) fn title(self) -> &'static str {
        match self {
            Group::Required => "Required",
            Group::Optional => "Optional",
            Group::ReadOnly => "Read-Only",
        }
    }
}

impl Attribute {
    pub(crate) fn group(&self) -> Group {
        if self.required {
            Group::Required
        } else if self.optional {
            Group::Optional
        } else {
            Group::ReadOnly
        }
    }
}

impl NestedBlock {
    pub(crate) fn group(&self) -> Group {
        if self.min_items > 0 {
            Group::Required
        } else if self.block.is_read_only() {
            Group::ReadOnly
        } else {
            Group::Optional
        }
    }
}

fn text(json: &Json, key: &str) -> Option<String> {
    json.get(key)
        .and_then(Json::as_str)
        .map(str::trim)
        .filter(|text| !text.is_empty())
        .map(str::to_owned)
}

fn flag(json: &Json, key: &str) -> bool {
    json.get(key).and_then(Json::as_bool).unwrap_or(false)
}

impl Block {
    /// Reads a `block` object; `at` names it in errors.
    pub(crate) fn read(json: &Json, at: &str) -> Result<Block, DocsError> {
        if !json.is_object() {
            return Err(DocsError::Schema(format!("{at}: a block is an object")));
        }
        let mut attributes = Vec::new();
        for (name, attribute) in json
            .get("attributes")
            .and_then(Json::as_object)
            .into_iter()
            .flatten()
        {
            attributes.push(Attribute::read(name, attribute, &format!("{at}.{name}"))?);
        }
        let mut blocks = Vec::new();
        for (name, nested) in json
            .get("block_types")
            .and_then(Json::as_object)
            .into_iter()
            .flatten()
        {
            let at = format!("{at}.{name}");
            let block = nested
                .get("block")
                .ok_or_else(|| DocsError::Schema(format!("{at}: a block type has a block")))?;
            blocks.push(NestedBlock {
                name: name.clone(),
                nesting: nested
                    .get("nesting_mode")
                    .and_then(Json::as_str)
                    .unwrap_or("single")
                    .to_owned(),
                min_items: nested.get("min_items").and_then(Json::as_u64).unwrap_or(0),
                max_items: nested.get("max_items").and_then(Json::as_u64).unwrap_or(0),
                block: Block::read(block, &at)?,
            });
        }
        Ok(Block {
            description: text(json, "description"),
            deprecated: flag(json, "deprecated"),
            attributes,
            blocks,
        })
    }

    /// Every attribute and block is read-only.
    fn is_read_only(&self) -> bool {
        self.attributes.iter().all(|a| a.group() == Group::ReadOnly)
            && self.blocks.iter().all(|b| b.group() == Group::ReadOnly)
    }
}

impl Attribute {
    fn read(name: &str, json: &Json, at: &str) -> Result<Attribute, DocsError> {
        let nested = match json.get("nested_type") {
            None => None,
            Some(nested) => Some((
                nested
                    .get("nesting_mode")
                    .and_then(Json::as_str)
                    .unwrap_or("single")
                    .to_owned(),
                Block::read(nested, at)?,
            )),
        };
        let ty = json.get("type").cloned();
        if ty.is_none() && nested.is_none() {
            return Err(DocsError::Schema(format!(
                "{at}: an attribute has a type or a nested_type"
            )));
        }
        Ok(Attribute {
            name: name.to_owned(),
            ty,
            description: text(json, "description"),
            required: flag(json, "required"),
            optional: flag(json, "optional"),
            sensitive: flag(json, "sensitive"),
            deprecated: flag(json, "deprecated"),
            write_only: flag(json, "write_only"),
            nested,
        })
    }
}

/// A type for a reader: `String`, `List of Number`, `Map of Object`.
pub(crate) fn type_name(ty: &Json) -> String {
    match ty {
        Json::String(name) => match name.as_str() {
            "string" => "String".into(),
            "number" => "Number".into(),
            "bool" => "Boolean".into(),
            "dynamic" => "Dynamic".into(),
            other => other.to_owned(),
        },
        Json::Array(parts) => match (parts.first().and_then(Json::as_str), parts.get(1)) {
            (Some("list"), Some(element)) => format!("List of {}", type_name(element)),
            (Some("set"), Some(element)) => format!("Set of {}", type_name(element)),
            (Some("map"), Some(element)) => format!("Map of {}", type_name(element)),
            (Some("object"), _) => "Object".into(),
            (Some("tuple"), _) => "Tuple".into(),
            _ => ty.to_string(),
        },
        _ => ty.to_string(),
    }
}

/// The object type inside a type, if any (`["list", ["object", {...}]]` → its attributes).
pub(crate) fn object_attributes(ty: &Json) -> Option<&serde_json::Map<String, Json>> {
    match ty {
        Json::Array(parts) => match parts.first().and_then(Json::as_str) {
            Some("object") => parts.get(1).and_then(Json::as_object),
            Some("list" | "set" | "map") => parts.get(1).and_then(object_attributes),
            _ => None,
        },
        _ => None,
    }
}

/// A type in the configuration language's syntax: `string`, `list(number)`,
/// `object({ a = string })`.
pub(crate) fn type_constraint(ty: &Json) -> String {
    match ty {
        Json::String(name) => name.clone(),
        Json::Array(parts) => match (parts.first().and_then(Json::as_str), parts.get(1)) {
            (Some(kind @ ("list" | "set" | "map")), Some(element)) => {
                format!("{kind}({})", type_constraint(element))
            }
            (Some("object"), Some(Json::Object(attributes))) => {
                let inner: Vec<String> = attributes
                    .iter()
                    .map(|(name, ty)| format!("{name} = {}", type_constraint(ty)))
                    .collect();
                format!("object({{ {} }})", inner.join(", "))
            }
            (Some("tuple"), Some(Json::Array(elements))) => {
                let inner: Vec<String> = elements.iter().map(type_constraint).collect();
                format!("tuple([{}])", inner.join(", "))
            }
            _ => ty.to_string(),
        },
        _ => ty.to_string(),
    }
}
