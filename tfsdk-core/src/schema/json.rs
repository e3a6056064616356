//! Schemas as JSON, in the shape of the `block` of `terraform providers schema -json`.
//!
//! The shape follows Terraform's `jsonprovider` package: an attribute has its `type` as type JSON
//! (`"string"`, `["list","string"]`) or, for nested attributes, a `nested_type` with its own
//! `attributes` and `nesting_mode`; a single nested object that is neither computed nor
//! sensitive is a nested block under `block_types` (see [`Attribute::served_as_block`]);
//! `description_kind` is always written; the flags `required`,
//! `optional`, `computed` and `sensitive` appear only when true, as Go's `omitempty` writes them.
//! Plan-time behaviours (`default`, `force_new`, `diff_suppress`) are plan modifiers, not part
//! of this document, exactly as in Terraform's output.

use std::collections::BTreeMap;

use serde_json::{Map, Value as Json, json};

use super::{Attribute, NestedAttributes, Schema};

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
    ///     r#"{"attributes":{"name":{"description_kind":"plain","required":true,"type":"string"}},"description_kind":"plain"}"#
    /// );
    /// ```
    pub fn to_json_block(&self) -> Json {
        block_json(&self.attributes, self.description.as_deref())
    }

    /// [`Schema::to_json_block`] as indented text, the form a snapshot file holds.
    pub fn to_json_block_pretty(&self) -> String {
        // Writing a `serde_json::Value` to a `String` cannot fail.
        serde_json::to_string_pretty(&self.to_json_block()).unwrap_or_default()
    }
}

/// A block: its attributes, and its single nested objects as `block_types` (see
/// [`Attribute::served_as_block`]).
fn block_json(attributes: &BTreeMap<String, Attribute>, description: Option<&str>) -> Json {
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
    block.insert("description_kind".into(), Json::from("plain"));
    Json::Object(block)
}

/// A single nested object served as a block: required is one block exactly.
fn block_type_json(attribute: &Attribute) -> Json {
    let attributes = attribute.nested.as_ref().map(|nested| &nested.attributes);
    let empty = BTreeMap::new();
    let mut out = Map::new();
    out.insert("nesting_mode".into(), Json::from("single"));
    out.insert(
        "block".into(),
        block_json(
            attributes.unwrap_or(&empty),
            attribute.description.as_deref(),
        ),
    );
    if attribute.required {
        out.insert("min_items".into(), Json::from(1));
        out.insert("max_items".into(), Json::from(1));
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
    out.insert("description_kind".into(), Json::from("plain"));
    for (flag, set) in [
        ("required", attribute.required),
        ("optional", attribute.optional),
        ("computed", attribute.computed_for_terraform()),
        ("sensitive", attribute.sensitive),
    ] {
        if set {
            out.insert(flag.into(), Json::Bool(true));
        }
    }
    Json::Object(out)
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
    use crate::schema::NestingMode;
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
                        "description_kind": "plain",
                        "nested_type": {
                            "attributes": {
                                "key": {
                                    "description_kind": "plain",
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
                "description_kind": "plain",
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
