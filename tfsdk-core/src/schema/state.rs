//! What a state (or plan) Terraform receives must look like, whatever provider code returned:
//! lists and sets of nested blocks are never null (configuration without any block is an empty
//! collection, and Terraform rejects a plan that says null: "attribute representing a list of
//! nested blocks must be empty to indicate no blocks, not null"; a model field
//! `Option<Vec<T>>` reads that empty list as `Some(vec![])`, but provider code may still return
//! `None`), and write-only attributes are always null. The server passes every state through
//! [`Schema::normalize_state`].

use std::collections::BTreeMap;

use super::pairing::map_paired_elements;
use super::plan::empty_collection;
use super::{Attribute, Schema};
use crate::tftypes::Value;

impl Schema {
    /// True when some attribute, at any depth, is a list or set of nested blocks or write-only:
    /// states need [`Schema::normalize_state`].
    pub fn needs_normalizing(&self) -> bool {
        needs_normalizing(&self.attributes)
    }

    /// `value` (an object of this schema's type) with every null list or set of nested blocks
    /// replaced by the empty collection and every write-only attribute null. Values without
    /// such attributes come back as they are.
    pub fn normalize_state(&self, value: Value) -> Value {
        if !self.needs_normalizing() {
            return value;
        }
        object(&self.attributes, value)
    }
}

fn needs_normalizing(attributes: &BTreeMap<String, Attribute>) -> bool {
    attributes.values().any(|attribute| {
        attribute.is_collection_block()
            || attribute.write_only
            || attribute
                .nested
                .as_ref()
                .is_some_and(|n| needs_normalizing(&n.attributes))
    })
}

fn object(schema: &BTreeMap<String, Attribute>, value: Value) -> Value {
    map_attributes(schema, value, |_, attribute, value| {
        attribute_value(attribute, value)
    })
}

/// `value`, an object of the schema's type, with each attribute's value replaced by `f`'s
/// (given its position, its schema and its value); anything else as it is.
pub(super) fn map_attributes(
    schema: &BTreeMap<String, Attribute>,
    value: Value,
    mut f: impl FnMut(usize, &Attribute, Value) -> Value,
) -> Value {
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
        .enumerate()
        .map(|(i, (attribute, value))| f(i, attribute, value))
        .collect();
    Value::object_values_unchecked(ty, values)
}

fn attribute_value(attribute: &Attribute, value: Value) -> Value {
    if attribute.write_only {
        return Value::null(value.ty().clone());
    }
    if value.is_null() && attribute.is_collection_block() {
        return empty_collection(&attribute.ty).unwrap_or(value);
    }
    let Some(nested) = &attribute.nested else {
        return value;
    };
    if !value.is_known() || !needs_normalizing(&nested.attributes) {
        return value;
    }
    // Each element normalised where it is (the one walk over elements, with nothing to pair
    // them with).
    map_paired_elements(nested, None, value, |_, element| {
        object(&nested.attributes, element)
    })
}
