//! Defaults of optional object attributes, applied to a value before conversion (HCL's
//! `typeexpr.Defaults`).
//!
//! A [`Defaults`] tree mirrors the constraint: each node holds the default values of the
//! optional attributes of an object type, and child nodes for the types nested inside (key
//! `""` for a collection's element type, the index for a tuple element, the name for an object
//! attribute). Applying it walks the value top-down: a missing or null attribute with a default
//! gets the default (with the defaults nested under that attribute applied to it in turn), then
//! the walk goes on into the attribute values and elements.

use std::cell::RefCell;
use std::collections::BTreeMap;

use tfsdk_core::tftypes::{Type, Value, ValueData};

use super::convert::{apply as apply_conversion, conversion_exists, strip_null};
use super::type_util::{AddressMap, value_type_of};
use super::unify::unify_detailed;

/// The defaults of a type constraint, one node per type that has any below it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Defaults {
    pub(crate) ty: Type,
    pub(crate) values: BTreeMap<String, Value>,
    pub(crate) children: BTreeMap<String, Defaults>,
    /// Each default with the defaults nested under its attribute already applied: what fills
    /// a missing attribute. Computed once, not once per element of a long list.
    filled: BTreeMap<String, Value>,
    /// Each filled default converted to its attribute's type, as the conversion after applying
    /// the defaults would convert it; `None` when that conversion does not exist or fails
    /// (the single pass then leaves the value to the two-pass route).
    converted: BTreeMap<String, Option<Value>>,
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
            let filled = values
                .iter()
                .map(|(key, default)| {
                    let value = match children.get(key) {
                        Some(child) => child.apply(default.clone()),
                        None => default.clone(),
                    };
                    (key.clone(), value)
                })
                .collect();
            let converted = converted_defaults(&ty, &filled);
            Some(Defaults {
                ty,
                values,
                children,
                filled,
                converted,
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
            ValueData::Map(mut values) | ValueData::Object(mut values) => {
                let is_map = matches!(ty, Type::Map(_));
                for (key, element) in values.iter_mut() {
                    if let Some(child) = self.child_at_key(key) {
                        let taken = std::mem::replace(element, Value::null(Type::Dynamic));
                        *element = child.apply(taken);
                    }
                }
                for (key, filled) in &self.filled {
                    let missing = values.get(key).is_none_or(Value::is_null);
                    if missing {
                        values.insert(key.clone(), filled.clone());
                    }
                }
                if is_map {
                    if values.is_empty() {
                        return Value::from_parts_unchecked(ty, ValueData::Map(values));
                    }
                    let keys: Vec<String> = values.keys().cloned().collect();
                    let list: Vec<Value> = values.values().cloned().collect();
                    if let Some((ety, converted)) = unify_values(list) {
                        return Value::map_unchecked(
                            ety,
                            keys.into_iter().zip(converted).collect(),
                        );
                    }
                }
                self.object_with_shared_type(&ty, values)
            }
            other => Value::from_parts_unchecked(ty, other),
        }
    }

    /// The object built from `values`, typed with the type this node produced last time for
    /// an input of the same type when it still fits: long lists of like objects then share
    /// one type instead of allocating one per element.
    fn object_with_shared_type(&self, input: &Type, values: BTreeMap<String, Value>) -> Value {
        let cached = OUTPUT_TYPES.with(|cache| {
            cache
                .borrow()
                .get(&(self as *const Defaults as usize, type_key(input)))
                .and_then(|(i, o)| (i == input).then(|| o.clone()))
        });
        if let Some(ty) = cached
            && fits(&ty, &values)
        {
            return Value::object_unchecked(ty, values);
        }
        let value = Value::object_of(values);
        OUTPUT_TYPES.with(|cache| {
            let mut cache = cache.borrow_mut();
            if cache.len() > 4096 {
                cache.clear();
            }
            cache.insert(
                (self as *const Defaults as usize, type_key(input)),
                (input.clone(), value.ty().clone()),
            );
        });
        value
    }

    /// The defaults for element `i`: by index under a tuple type, else the element defaults.
    fn child_at_index(&self, i: usize) -> Option<&Defaults> {
        if matches!(self.ty, Type::Tuple(_)) {
            self.children.get(&i.to_string())
        } else {
            self.children.get("")
        }
    }

    /// The filled default of attribute `name` converted to the attribute's type: `None` when
    /// the attribute has no default, `Some(None)` when the default does not convert.
    pub(super) fn converted_default(&self, name: &str) -> Option<Option<&Value>> {
        self.converted.get(name).map(Option::as_ref)
    }

    /// The defaults for key `k`: by name under an object type, else the element defaults.
    pub(super) fn child_at_key(&self, key: &str) -> Option<&Defaults> {
        if matches!(self.ty, Type::Object(_)) {
            self.children.get(key)
        } else {
            self.children.get("")
        }
    }
}

thread_local! {
    /// The output type of each defaults node for each input type, by addresses;
    /// validated against the input type (a pointer comparison for shared types) on use.
    static OUTPUT_TYPES: RefCell<AddressMap<(usize, usize), (Type, Type)>> =
        RefCell::new(AddressMap::default());
}

/// The address of the shared part of a type (its `Arc`), which equal input types from one
/// JSON or HCL document share.
fn type_key(ty: &Type) -> usize {
    match ty {
        Type::Object(o) => std::sync::Arc::as_ptr(o) as usize,
        Type::Tuple(t) => std::sync::Arc::as_ptr(t) as *const Type as usize,
        other => other as *const Type as usize,
    }
}

/// True when `ty` is exactly the object type of `values`.
fn fits(ty: &Type, values: &BTreeMap<String, Value>) -> bool {
    ty.as_object().is_some_and(|o| {
        o.attributes().len() == values.len()
            && o.attributes()
                .iter()
                .zip(values.iter())
                .all(|((name, t), (key, v))| name == key && t == v.ty())
    })
}

/// The filled defaults converted to their attributes' types (see [`Defaults::converted`]): what
/// the conversion's object rule makes of each (`apply` when the type differs, then nulls lose
/// optional attributes).
fn converted_defaults(
    ty: &Type,
    filled: &BTreeMap<String, Value>,
) -> BTreeMap<String, Option<Value>> {
    filled
        .iter()
        .map(|(name, value)| {
            let aty = ty.as_object().and_then(|o| o.attribute(name));
            let converted = aty.and_then(|aty| {
                let mut path = tfsdk_core::path::AttributePath::empty();
                let converted = if *value.ty() == value_type_of(aty) {
                    Some(value.clone())
                } else if conversion_exists(value.ty(), aty, true) {
                    apply_conversion(value.clone(), aty, true, &mut path).ok()
                } else {
                    None
                };
                converted.map(strip_null)
            });
            (name.clone(), converted)
        })
        .collect()
}

/// Unifies the values' types and converts each (HCL's `unifyAsSlice`); `None` when there is no
/// common type or a conversion fails, and the caller falls back to a tuple or object.
fn unify_values(values: Vec<Value>) -> Option<(Type, Vec<Value>)> {
    let types: Vec<Type> = values.iter().map(|v| v.ty().clone()).collect();
    let unified = unify_detailed(&types, true)?;
    let mut converted = Vec::with_capacity(values.len());
    let mut path = tfsdk_core::path::AttributePath::empty();
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
