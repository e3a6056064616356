//! Lists and sets of nested blocks are never null: configuration without any block is an empty
//! collection, and Terraform rejects a plan that says null ("attribute representing a list of
//! nested blocks must be empty to indicate no blocks, not null"). A model field `Option<Vec<T>>`
//! reads that empty list as `Some(vec![])`, but provider code may still return `None`; the
//! server passes every state through [`Schema::normalize_blocks`] so that Terraform sees the
//! empty collection.

use std::collections::BTreeMap;

use super::plan::empty_collection;
use super::{Attribute, NestingMode, Schema};
use crate::tftypes::{Value, ValueData, ValueKind};

impl Schema {
    /// True when some attribute, at any depth, is a list or set of nested blocks.
    pub fn has_collection_blocks(&self) -> bool {
        any_collection_blocks(&self.attributes)
    }

    /// `value` (an object of this schema's type) with every null list or set of nested blocks
    /// replaced by the empty collection. Values without such blocks come back as they are.
    pub fn normalize_blocks(&self, value: Value) -> Value {
        if !self.has_collection_blocks() {
            return value;
        }
        object(&self.attributes, value)
    }
}

fn any_collection_blocks(attributes: &BTreeMap<String, Attribute>) -> bool {
    attributes.values().any(|attribute| {
        attribute.is_collection_block()
            || attribute
                .nested
                .as_ref()
                .is_some_and(|n| any_collection_blocks(&n.attributes))
    })
}

fn object(schema: &BTreeMap<String, Attribute>, value: Value) -> Value {
    let (ty, values) = match value.into_object_values() {
        Ok(parts) => parts,
        Err(other) => return other,
    };
    if values.len() != schema.len() {
        return Value::object_values_unchecked(ty, values);
    }
    let values = schema
        .values()
        .zip(values)
        .map(|(attribute, value)| attribute_value(attribute, value))
        .collect();
    Value::object_values_unchecked(ty, values)
}

fn attribute_value(attribute: &Attribute, value: Value) -> Value {
    if value.is_null() && attribute.is_collection_block() {
        return empty_collection(&attribute.ty).unwrap_or(value);
    }
    let Some(nested) = &attribute.nested else {
        return value;
    };
    if !value.is_known() || !any_collection_blocks(&nested.attributes) {
        return value;
    }
    let inner = |element: Value| object(&nested.attributes, element);
    match (nested.nesting, value.kind()) {
        (NestingMode::Single, ValueKind::Object(_)) => inner(value),
        (NestingMode::List | NestingMode::Set | NestingMode::Map, _) => {
            // Rebuilt from its parts, so that a set is put back in canonical order.
            let (ty, data) = value.into_parts();
            let data = match data {
                ValueData::List(elements) => {
                    ValueData::List(elements.into_iter().map(inner).collect())
                }
                ValueData::Set(elements) => {
                    ValueData::Set(elements.into_iter().map(inner).collect())
                }
                ValueData::Map(elements) => ValueData::Map(
                    elements
                        .into_iter()
                        .map(|(key, element)| (key, inner(element)))
                        .collect(),
                ),
                other => other,
            };
            Value::from_parts_unchecked(ty, data)
        }
        _ => value,
    }
}
