//! Defaults of optional object attributes, applied to a value before conversion (HCL's
//! `typeexpr.Defaults`).
//!
//! A [`Defaults`] tree mirrors the constraint: each node holds the default values of the
//! optional attributes of an object type, and child nodes for the types nested inside (key
//! `""` for a collection's element type, the index for a tuple element, the name for an object
//! attribute). Applying it walks the value top-down: a missing or null attribute with a default
//! gets the default (with the defaults nested under that attribute applied to it in turn), then
//! the walk goes on into the attribute values and elements.

use std::collections::BTreeMap;

use crate::tftypes::{Type, Value, ValueData};

use super::convert::{apply as apply_conversion, conversion_exists};
use super::unify::unify_detailed;

/// The defaults of a type constraint, one node per type that has any below it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Defaults {
    pub(crate) ty: Type,
    pub(crate) values: BTreeMap<String, Value>,
    pub(crate) children: BTreeMap<String, Defaults>,
}

impl Defaults {
    /// The type this node belongs to.
    pub fn ty(&self) -> &Type {
        &self.ty
    }

    /// Default values of this object type's optional attributes, by attribute name (already
    /// converted to the attribute's type).
    pub fn values(&self) -> &BTreeMap<String, Value> {
        &self.values
    }

    /// Defaults of nested types: key `""` for a collection's elements, the index (`"0"`) for a
    /// tuple element, the attribute name for an object attribute.
    pub fn children(&self) -> &BTreeMap<String, Defaults> {
        &self.children
    }

    /// A node for `ty` with these default values and children, or `None` when both are empty
    /// (the reference only keeps nodes that carry something).
    pub(crate) fn node(
        ty: Type,
        values: BTreeMap<String, Value>,
        children: BTreeMap<String, Defaults>,
    ) -> Option<Defaults> {
        if values.is_empty() && children.is_empty() {
            None
        } else {
            Some(Defaults {
                ty,
                values,
                children,
            })
        }
    }

    /// Applies the defaults to `value` (HCL's `Defaults.Apply`). Never fails: a value that does
    /// not fit the shape is left for the conversion to report.
    pub fn apply(&self, value: Value) -> Value {
        if !value.is_known() {
            return value;
        }
        if self.values.is_empty() && self.children.is_empty() {
            return value;
        }
        let (ty, data) = value.into_parts();
        match data {
            ValueData::List(elements) | ValueData::Set(elements) | ValueData::Tuple(elements) => {
                let is_set = matches!(ty, Type::Set(_));
                let is_list = matches!(ty, Type::List(_));
                let values: Vec<Value> = elements
                    .into_iter()
                    .enumerate()
                    .map(|(i, e)| match self.child_at_index(i) {
                        Some(child) => child.apply(e),
                        None => e,
                    })
                    .collect();
                if is_set || is_list {
                    if values.is_empty() {
                        let data = if is_set {
                            ValueData::Set(values)
                        } else {
                            ValueData::List(values)
                        };
                        return Value::from_parts_unchecked(ty.clone(), data);
                    }
                    if let Some((ety, converted)) = unify_values(values.clone()) {
                        let (cty, data) = if is_set {
                            (Type::set(ety), ValueData::Set(dedupe(converted)))
                        } else {
                            (Type::list(ety), ValueData::List(converted))
                        };
                        return Value::from_parts_unchecked(cty, data);
                    }
                }
                Value::tuple_of(values)
            }
            ValueData::Map(entries) | ValueData::Object(entries) => {
                let is_map = matches!(ty, Type::Map(_));
                let mut values: BTreeMap<String, Value> = entries
                    .into_iter()
                    .map(|(k, e)| {
                        let e = match self.child_at_key(&k) {
                            Some(child) => child.apply(e),
                            None => e,
                        };
                        (k, e)
                    })
                    .collect();
                for (key, default) in &self.values {
                    let missing = values.get(key).is_none_or(Value::is_null);
                    if missing {
                        let filled = match self.children.get(key) {
                            Some(child) => child.apply(default.clone()),
                            None => default.clone(),
                        };
                        values.insert(key.clone(), filled);
                    }
                }
                if is_map {
                    if values.is_empty() {
                        return Value::from_parts_unchecked(ty, ValueData::Map(values));
                    }
                    let keys: Vec<String> = values.keys().cloned().collect();
                    let list: Vec<Value> = values.values().cloned().collect();
                    if let Some((ety, converted)) = unify_values(list) {
                        return Value::__map_unchecked(
                            ety,
                            keys.into_iter().zip(converted).collect(),
                        );
                    }
                }
                Value::object_of(values)
            }
            other => Value::from_parts_unchecked(ty, other),
        }
    }

    /// The defaults for element `i`: by index under a tuple type, else the element defaults.
    fn child_at_index(&self, i: usize) -> Option<&Defaults> {
        if matches!(self.ty, Type::Tuple(_)) {
            self.children.get(&i.to_string())
        } else {
            self.children.get("")
        }
    }

    /// The defaults for key `k`: by name under an object type, else the element defaults.
    fn child_at_key(&self, key: &str) -> Option<&Defaults> {
        if matches!(self.ty, Type::Object(_)) {
            self.children.get(key)
        } else {
            self.children.get("")
        }
    }
}

/// Unifies the values' types and converts each (HCL's `unifyAsSlice`); `None` when there is no
/// common type or a conversion fails, and the caller falls back to a tuple or object.
fn unify_values(values: Vec<Value>) -> Option<(Type, Vec<Value>)> {
    let types: Vec<Type> = values.iter().map(|v| v.ty().clone()).collect();
    let unified = unify_detailed(&types, true)?;
    let mut converted = Vec::with_capacity(values.len());
    let mut path = crate::path::AttributePath::empty();
    for v in values {
        if *v.ty() == unified.ty {
            converted.push(v);
        } else if unified.all_dynamic {
            // The reference's conversions to "all dynamic" give unknown values.
            converted.push(Value::unknown(Type::Dynamic));
        } else if conversion_exists(v.ty(), &unified.ty, true) {
            converted.push(apply_conversion(v, &unified.ty, true, &mut path).ok()?);
        } else {
            return None;
        }
    }
    Some((unified.ty, converted))
}

fn dedupe(values: Vec<Value>) -> Vec<Value> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::with_capacity(values.len());
    for v in values {
        if !v.is_wholly_known() || seen.insert(v.clone()) {
            out.push(v);
        }
    }
    out
}
