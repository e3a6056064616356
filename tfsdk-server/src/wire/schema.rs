//! Schemas as the protocol's `Schema` messages: attributes sorted by name, plain ones with their
//! type in JSON type syntax, nested ones as nested attribute objects (protocol 6) without a
//! type, as terraform-plugin-go sends them; descriptions as Markdown or plain text as the schema
//! says; the flags as Terraform
//! must see them (a default makes an attribute computed, a `required` one with a `default_fn`
//! optional).

use std::collections::BTreeMap;

use tfsdk_core::schema::{Attribute, DescriptionKind, NestedAttributes, NestingMode, Schema};

use super::protobuf::ProtoWriter;
use crate::proto::tfplugin6 as pb;

/// Writes the protocol's `Schema` message for a provider, resource or data source at
/// `version`: the message's fields, for [`ProtoWriter::message`]. Written straight from the
/// schema (see [`ProtoWriter`]), as prost would write the same message.
pub(crate) fn write_schema(w: &mut ProtoWriter<'_>, schema: &Schema, version: i64) {
    let mut json = String::new();
    w.int64(1, version);
    w.message(2, |w| {
        write_block(
            w,
            &mut json,
            &schema.attributes,
            (schema.description.as_deref(), schema.description_kind),
            None,
            version,
        );
    });
}

/// A block: plain and nested attributes, and nested blocks (see [`Attribute::served_as_block`]:
/// by default each single nested object, as Terraform 1.0.0 to 1.0.4 crash on single nested
/// attributes), the shape [`Schema::to_json_block`] shows. `json` is room for type JSON.
fn write_block(
    w: &mut ProtoWriter<'_>,
    json: &mut String,
    attributes: &BTreeMap<String, Attribute>,
    (description, kind): (Option<&str>, DescriptionKind),
    deprecation: Option<&str>,
    version: i64,
) {
    w.int64(1, version);
    for (name, attribute) in attributes.iter().filter(|(_, a)| !a.served_as_block()) {
        w.message(2, |w| write_attribute(w, json, name, attribute));
    }
    for (name, attribute) in attributes.iter().filter(|(_, a)| a.served_as_block()) {
        w.message(3, |w| write_nested_block(w, json, name, attribute));
    }
    w.string(4, description.unwrap_or_default());
    w.enumeration(5, string_kind(kind) as i32);
    w.bool(6, deprecation.is_some());
    w.string(7, deprecation.unwrap_or_default());
}

/// A nested object, or a list or set of them, as a block (`NestedBlock`); a required single
/// block is exactly one block, a required list or set at least one.
fn write_nested_block(
    w: &mut ProtoWriter<'_>,
    json: &mut String,
    name: &str,
    attribute: &Attribute,
) {
    use pb::schema::nested_block::NestingMode as Wire;
    let empty = BTreeMap::new();
    let (nesting, attributes) = match &attribute.nested {
        Some(nested) => (nested.nesting, &nested.attributes),
        None => (NestingMode::Single, &empty),
    };
    let wire = match nesting {
        NestingMode::Single => Wire::Single,
        NestingMode::List => Wire::List,
        NestingMode::Set => Wire::Set,
        NestingMode::Map => Wire::Map,
    };
    let (min_items, max_items) = attribute.block_items();
    w.string(1, name);
    w.message(2, |w| {
        write_block(
            w,
            json,
            attributes,
            (attribute.description.as_deref(), attribute.description_kind),
            attribute.deprecation.as_deref(),
            0,
        );
    });
    w.enumeration(3, wire as i32);
    w.int64(4, i64::try_from(min_items).unwrap_or(i64::MAX));
    w.int64(5, i64::try_from(max_items).unwrap_or(i64::MAX));
}

/// One attribute (`Attribute`): its type JSON, or its nested attributes with no type; its
/// documentation and flags. An attribute with a default is declared computed, since Terraform
/// accepts a planned value for an unset attribute only when it is computed.
fn write_attribute(w: &mut ProtoWriter<'_>, json: &mut String, name: &str, attribute: &Attribute) {
    w.string(1, name);
    if attribute.nested.is_none() {
        json.clear();
        // Schema types are shallow types the toolkit built, far from the depth limit, so the
        // type JSON cannot fail; should it ever, Terraform rejects the empty type by name.
        if attribute.ty.write_json(json).is_err() {
            json.clear();
        }
        w.bytes(2, json.as_bytes());
    }
    w.string(3, attribute.description.as_deref().unwrap_or_default());
    w.bool(4, attribute.required_for_terraform());
    w.bool(5, attribute.optional_for_terraform());
    w.bool(6, attribute.computed_for_terraform());
    w.bool(7, attribute.sensitive);
    w.enumeration(8, string_kind(attribute.description_kind) as i32);
    w.bool(9, attribute.deprecation.is_some());
    if let Some(nested) = &attribute.nested {
        w.message(10, |w| write_nested_attributes(w, json, nested));
    }
    w.bool(11, attribute.write_only);
    w.string(12, attribute.deprecation.as_deref().unwrap_or_default());
}

/// Nested attributes (`Object`): their attributes (recursively) and how the objects are
/// arranged; the protocol's `min_items` and `max_items` are deprecated and never set.
fn write_nested_attributes(w: &mut ProtoWriter<'_>, json: &mut String, nested: &NestedAttributes) {
    use pb::schema::object::NestingMode as Wire;
    let nesting = match nested.nesting {
        NestingMode::Single => Wire::Single,
        NestingMode::List => Wire::List,
        NestingMode::Set => Wire::Set,
        NestingMode::Map => Wire::Map,
    };
    for (name, attribute) in &nested.attributes {
        w.message(1, |w| write_attribute(w, json, name, attribute));
    }
    w.enumeration(3, nesting as i32);
}

/// The protocol's name for how a description is written.
fn string_kind(kind: DescriptionKind) -> pb::StringKind {
    match kind {
        DescriptionKind::Markdown => pb::StringKind::Markdown,
        DescriptionKind::Plain => pb::StringKind::Plain,
    }
}

/// A resource's identity schema at `version`: each attribute with its type, whether import by
/// identity needs it (`required`) or may give it (`optional`), and its description.
pub(crate) fn identity_schema_to_proto(
    schema: &Schema,
    version: i64,
) -> pb::ResourceIdentitySchema {
    pb::ResourceIdentitySchema {
        version,
        identity_attributes: schema
            .attributes
            .iter()
            .map(
                |(name, attribute)| pb::resource_identity_schema::IdentityAttribute {
                    name: name.clone(),
                    r#type: attribute.ty.to_json().unwrap_or_default().into_bytes(),
                    required_for_import: attribute.required,
                    optional_for_import: !attribute.required,
                    description: attribute.description.clone().unwrap_or_default(),
                },
            )
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use tfsdk_core::schema::DefaultValue;
    use tfsdk_core::tftypes::{Type, Value};

    use super::*;

    /// The schema as Terraform reads it: what [`write_schema`] wrote, decoded; and written as
    /// prost writes the same message, to the byte.
    fn schema_to_proto(schema: &Schema, version: i64) -> pb::Schema {
        let mut out = Vec::new();
        write_schema(&mut ProtoWriter::new(&mut out), schema, version);
        let decoded: pb::Schema = prost::Message::decode(out.as_slice()).unwrap();
        assert_eq!(prost::Message::encode_to_vec(&decoded), out);
        decoded
    }

    /// A schema with a plain attribute of each kind and a list of nested objects.
    fn schema() -> Schema {
        let mut name = Attribute::new(Type::String);
        name.required = true;
        name.description = Some("The name.".into());
        let mut tags = Attribute::new(Type::map(Type::String));
        tags.optional = true;
        tags.sensitive = true;
        let mut enabled = Attribute::new(Type::Bool);
        enabled.optional = true;
        enabled.default = Some(DefaultValue::new(|| Ok(Some(Value::from(true))), false));
        let mut id = Attribute::new(Type::String);
        id.computed = true;
        let mut port = Attribute::new(Type::Number);
        port.required = true;
        let mut rules = Attribute::new(Type::list(Type::object([("port", Type::Number)])));
        rules.optional = true;
        rules.nested = Some(NestedAttributes::new(
            NestingMode::List,
            BTreeMap::from([("port".to_owned(), port)]),
        ));
        let mut schema = Schema::new(BTreeMap::from([
            ("name".to_owned(), name),
            ("tags".to_owned(), tags),
            ("enabled".to_owned(), enabled),
            ("id".to_owned(), id),
            ("rules".to_owned(), rules),
        ]));
        schema.description = Some("A thing.".into());
        schema
    }

    /// The attribute of `block` named `name`.
    fn attribute<'a>(block: &'a pb::schema::Block, name: &str) -> &'a pb::schema::Attribute {
        block.attributes.iter().find(|a| a.name == name).unwrap()
    }

    #[test]
    fn the_version_and_description_go_on_the_schema_and_its_block() {
        let wire = schema_to_proto(&schema(), 3);
        assert_eq!(wire.version, 3);
        let block = wire.block.unwrap();
        assert_eq!(block.version, 3);
        assert_eq!(block.description, "A thing.");
        assert_eq!(block.description_kind, pb::StringKind::Markdown as i32);
        assert!(block.block_types.is_empty());
    }

    #[test]
    fn plain_descriptions_are_served_as_plain() {
        let mut plain = schema();
        plain.description_kind = DescriptionKind::Plain;
        if let Some(name) = plain.attributes.get_mut("name") {
            name.description_kind = DescriptionKind::Plain;
        }
        let block = schema_to_proto(&plain, 0).block.unwrap();
        assert_eq!(block.description_kind, pb::StringKind::Plain as i32);
        let name = attribute(&block, "name");
        assert_eq!(name.description_kind, pb::StringKind::Plain as i32);
        let id = attribute(&block, "id");
        assert_eq!(id.description_kind, pb::StringKind::Markdown as i32);
    }

    #[test]
    fn attributes_are_sorted_by_name() {
        let block = schema_to_proto(&schema(), 0).block.unwrap();
        let names: Vec<&str> = block.attributes.iter().map(|a| a.name.as_str()).collect();
        assert_eq!(names, ["enabled", "id", "name", "rules", "tags"]);
    }

    #[test]
    fn plain_attributes_carry_their_type_json_description_and_flags() {
        let block = schema_to_proto(&schema(), 0).block.unwrap();
        let name = attribute(&block, "name");
        assert!(name.required && !name.optional && !name.computed && !name.sensitive);
        assert_eq!(name.r#type, br#""string""#);
        assert!(name.nested_type.is_none());
        assert_eq!(name.description, "The name.");
        assert_eq!(name.description_kind, pb::StringKind::Markdown as i32);
        let tags = attribute(&block, "tags");
        assert_eq!(tags.r#type, br#"["map","string"]"#);
        assert!(tags.optional && tags.sensitive && !tags.required);
        let id = attribute(&block, "id");
        assert!(id.computed && !id.optional && !id.required);
    }

    #[test]
    fn an_attribute_with_a_default_is_optional_and_computed() {
        let block = schema_to_proto(&schema(), 0).block.unwrap();
        let enabled = attribute(&block, "enabled");
        assert!(enabled.optional && enabled.computed);
    }

    #[test]
    fn a_single_nested_object_is_a_nested_block() {
        let mut inner = Attribute::new(Type::String);
        inner.required = true;
        let mut owner = Attribute::new(Type::object([("name", Type::String)]));
        owner.required = true;
        owner.description = Some("Who.".into());
        owner.nested = Some(NestedAttributes::new(
            NestingMode::Single,
            BTreeMap::from([("name".to_owned(), inner)]),
        ));
        let schema = Schema::new(BTreeMap::from([("owner".to_owned(), owner)]));
        let block = schema_to_proto(&schema, 0).block.unwrap();
        assert!(block.attributes.is_empty());
        let owner = &block.block_types[0];
        assert_eq!(owner.type_name, "owner");
        assert_eq!(
            owner.nesting,
            pb::schema::nested_block::NestingMode::Single as i32
        );
        assert_eq!((owner.min_items, owner.max_items), (1, 1));
        let inner = owner.block.as_ref().unwrap();
        assert_eq!(inner.description, "Who.");
        assert_eq!(inner.attributes[0].name, "name");
    }

    #[test]
    fn nested_attributes_become_a_nested_object_without_a_type() {
        let block = schema_to_proto(&schema(), 0).block.unwrap();
        let rules = attribute(&block, "rules");
        assert!(rules.r#type.is_empty());
        assert!(rules.optional);
        let nested = rules.nested_type.as_ref().unwrap();
        assert_eq!(nested.nesting, pb::schema::object::NestingMode::List as i32);
        assert_eq!(nested.attributes.len(), 1);
        assert_eq!(nested.attributes[0].name, "port");
        assert_eq!(nested.attributes[0].r#type, br#""number""#);
        assert!(nested.attributes[0].required);
    }

    /// Inside a nested attribute's objects there are no blocks: a single nested object there
    /// stays a nested attribute. (At the top of a block it is a block, tested above.)
    #[test]
    fn nested_attributes_nest_recursively_with_each_collection_nesting_mode() {
        use pb::schema::object::NestingMode as Wire;
        for (nesting, wire) in [
            (NestingMode::List, Wire::List),
            (NestingMode::Set, Wire::Set),
            (NestingMode::Map, Wire::Map),
        ] {
            let mut leaf = Attribute::new(Type::String);
            leaf.optional = true;
            let mut inner = Attribute::new(Type::object([("leaf", Type::String)]));
            inner.optional = true;
            inner.nested = Some(NestedAttributes::new(
                NestingMode::Single,
                BTreeMap::from([("leaf".to_owned(), leaf)]),
            ));
            let mut outer = Attribute::new(Type::Dynamic);
            outer.optional = true;
            outer.nested = Some(NestedAttributes::new(
                nesting,
                BTreeMap::from([("inner".to_owned(), inner)]),
            ));
            let schema = Schema::new(BTreeMap::from([("outer".to_owned(), outer)]));
            let block = schema_to_proto(&schema, 0).block.unwrap();
            let outer = block.attributes[0].nested_type.as_ref().unwrap();
            assert_eq!(outer.nesting, wire as i32);
            let inner = &outer.attributes[0];
            assert_eq!(inner.name, "inner");
            assert!(inner.r#type.is_empty());
            let inner = inner.nested_type.as_ref().unwrap();
            assert_eq!(inner.nesting, Wire::Single as i32);
            assert_eq!(inner.attributes[0].name, "leaf");
            assert_eq!(inner.attributes[0].r#type, br#""string""#);
        }
    }

    #[test]
    fn the_empty_schema_is_an_empty_block_at_version_zero() {
        let wire = schema_to_proto(&Schema::default(), 0);
        assert_eq!(wire.version, 0);
        let block = wire.block.unwrap();
        assert!(block.attributes.is_empty() && block.block_types.is_empty());
        assert!(block.description.is_empty());
    }
}
