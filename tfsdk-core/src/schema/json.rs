//! Schemas as JSON, in the shape of the `block` of `terraform providers schema -json`.
//!
//! The shape follows Terraform's `jsonprovider` package: an attribute has its `type` as type JSON
//! (`"string"`, `["list","string"]`) or, for nested attributes, a `nested_type` with its own
//! `attributes` and `nesting_mode`; a single nested object that is neither computed nor
//! sensitive is a nested block under `block_types` (see [`Attribute::served_as_block`]);
//! `description_kind` is always written (`markdown` unless the derive was told `plain`, see
//! [`DescriptionKind`]); the flags `deprecated`, `required`, `optional`, `computed`, `sensitive` and
//! `write_only` appear only when true, as Go's `omitempty` writes them (with
//! `deprecation_message` beside `deprecated`, as Terraform 1.15 writes it), and say what
//! Terraform was told (a `required` attribute with a `default_fn` is served optional, see
//! [`Attribute::required_for_terraform`]).
//! Plan-time behaviours (`default`, `force_new`, `diff_suppress`) are plan modifiers, not part
//! of this document, exactly as in Terraform's output.

use std::collections::BTreeMap;

use serde_json::{Map, Value as Json, json};

use super::{Attribute, DescriptionKind, NestedAttributes, NestingMode, Schema};

impl Schema {
    /// The schema as the `block` object of `terraform providers schema -json`.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use tfsdk_core::schema::{Attribute, Schema};
    /// use tfsdk_core::tftypes::Type;
    ///
    /// let mut name = Attribute::new(Type::String);
    /// name.required = true;
    /// let schema = Schema::new(BTreeMap::from([("name".to_string(), name)]));
    /// assert_eq!(
    ///     schema.to_json_block().to_string(),
    ///     r#"{"attributes":{"name":{"description_kind":"markdown","required":true,"type":"string"}},"description_kind":"markdown"}"#
    /// );
    /// ```
    pub fn to_json_block(&self) -> Json {
        block_json(
            &self.attributes,
            self.description.as_deref(),
            self.description_kind,
        )
    }

    /// [`Schema::to_json_block`] as indented text, the form a snapshot file holds.
    pub fn to_json_block_pretty(&self) -> String {
        // Writing a `serde_json::Value` to a `String` cannot fail.
        serde_json::to_string_pretty(&self.to_json_block()).unwrap_or_default()
    }
}

/// A block: its attributes, and its nested blocks as `block_types` (see
/// [`Attribute::served_as_block`]).
fn block_json(
    attributes: &BTreeMap<String, Attribute>,
    description: Option<&str>,
    kind: DescriptionKind,
) -> Json {
    let mut block = Map::new();
    let (blocks, plain): (Vec<_>, Vec<_>) = attributes
        .iter()
        .partition(|(_, attribute)| attribute.served_as_block());
    if !plain.is_empty() {
        block.insert("attributes".into(), attributes_json(plain));
    }
    if !blocks.is_empty() {
        let types = blocks
            .into_iter()
            .map(|(name, attribute)| (name.clone(), block_type_json(attribute)))
            .collect();
        block.insert("block_types".into(), Json::Object(types));
    }
    if let Some(description) = description {
        block.insert("description".into(), Json::from(description));
    }
    block.insert("description_kind".into(), Json::from(kind.as_str()));
    Json::Object(block)
}

/// A nested object, or a list or set of them, served as a block (see
/// [`Attribute::block_items`]).
fn block_type_json(attribute: &Attribute) -> Json {
    let empty = BTreeMap::new();
    let (nesting, attributes) = match &attribute.nested {
        Some(nested) => (nested.nesting, &nested.attributes),
        None => (NestingMode::Single, &empty),
    };
    let mut out = Map::new();
    out.insert("nesting_mode".into(), Json::from(nesting.as_str()));
    let mut block = block_json(
        attributes,
        attribute.description.as_deref(),
        attribute.description_kind,
    );
    if attribute.deprecation.is_some()
        && let Json::Object(block) = &mut block
    {
        block.insert("deprecated".into(), Json::Bool(true));
        insert_deprecation_message(block, attribute);
    }
    out.insert("block".into(), block);
    let (min, max) = attribute.block_items();
    if min > 0 {
        out.insert("min_items".into(), Json::from(min));
    }
    if max > 0 {
        out.insert("max_items".into(), Json::from(max));
    }
    Json::Object(out)
}

fn attributes_json<'a>(attributes: impl IntoIterator<Item = (&'a String, &'a Attribute)>) -> Json {
    Json::Object(
        attributes
            .into_iter()
            .map(|(name, attribute)| (name.clone(), attribute_json(attribute)))
            .collect(),
    )
}

fn attribute_json(attribute: &Attribute) -> Json {
    let mut out = Map::new();
    match &attribute.nested {
        Some(nested) => {
            out.insert("nested_type".into(), nested_json(nested));
        }
        None => {
            out.insert("type".into(), type_json(&attribute.ty));
        }
    }
    if let Some(description) = &attribute.description {
        out.insert("description".into(), Json::from(description.as_str()));
    }
    out.insert(
        "description_kind".into(),
        Json::from(attribute.description_kind.as_str()),
    );
    for (flag, set) in [
        ("deprecated", attribute.deprecation.is_some()),
        ("required", attribute.required_for_terraform()),
        ("optional", attribute.optional_for_terraform()),
        ("computed", attribute.computed_for_terraform()),
        ("sensitive", attribute.sensitive),
        ("write_only", attribute.write_only),
    ] {
        if set {
            out.insert(flag.into(), Json::Bool(true));
        }
    }
    insert_deprecation_message(&mut out, attribute);
    Json::Object(out)
}

/// The `deprecation_message` Terraform 1.15 writes beside `deprecated` (older versions write
/// the flag only); an empty message is left out, as Go's `omitempty` does.
fn insert_deprecation_message(out: &mut Map<String, Json>, attribute: &Attribute) {
    if let Some(message) = attribute.deprecation.as_deref().filter(|m| !m.is_empty()) {
        out.insert("deprecation_message".into(), Json::from(message));
    }
}

fn nested_json(nested: &NestedAttributes) -> Json {
    json!({
        "attributes": attributes_json(&nested.attributes),
        "nesting_mode": nested.nesting.as_str(),
    })
}

/// A type's JSON form as a JSON value. Schema types are static types the crate built itself,
/// far shallower than the depth limit, so the writer cannot fail here; should it ever, the
/// type's constraint text is the most useful thing to show.
fn type_json(ty: &crate::tftypes::Type) -> Json {
    ty.to_json()
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_else(|| Json::from(ty.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tftypes::Type;

    #[test]
    fn nested_attributes_have_a_nested_type_and_no_type() {
        let mut inner = Attribute::new(Type::String);
        inner.optional = true;
        inner.sensitive = true;
        let mut outer = Attribute::new(Type::list(Type::object([("key", Type::String)])));
        outer.computed = true;
        outer.description = Some("Keys.".into());
        outer.nested = Some(NestedAttributes {
            nesting: NestingMode::List,
            attributes: BTreeMap::from([("key".to_string(), inner)]),
            config_validators: Vec::new(),
        });
        let mut schema = Schema::new(BTreeMap::from([("keys".to_string(), outer)]));
        schema.description = Some("A thing.".into());
        assert_eq!(
            schema.to_json_block(),
            json!({
                "attributes": {
                    "keys": {
                        "computed": true,
                        "description": "Keys.",
                        "description_kind": "markdown",
                        "nested_type": {
                            "attributes": {
                                "key": {
                                    "description_kind": "markdown",
                                    "optional": true,
                                    "sensitive": true,
                                    "type": "string",
                                },
                            },
                            "nesting_mode": "list",
                        },
                    },
                },
                "description": "A thing.",
                "description_kind": "markdown",
            })
        );
    }

    #[test]
    fn collection_types_are_written_as_type_json() {
        let mut tags = Attribute::new(Type::map(Type::String));
        tags.optional = true;
        let schema = Schema::new(BTreeMap::from([("tags".to_string(), tags)]));
        assert_eq!(
            schema.to_json_block()["attributes"]["tags"]["type"],
            json!(["map", "string"])
        );
    }
}
