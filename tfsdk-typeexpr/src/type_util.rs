//! Small facts about types that the conversion rules need: optional attributes stripped, the
//! reference's friendly names, and null/unknown result types.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

use tfsdk_core::tftypes::{ObjectType, Type, Value};

/// True when an optional attribute appears anywhere in the type.
pub(crate) fn has_optional(ty: &Type) -> bool {
    match ty {
        Type::String | Type::Number | Type::Bool | Type::Dynamic => false,
        Type::List(e) | Type::Set(e) | Type::Map(e) => has_optional(e),
        Type::Tuple(elements) => elements.iter().any(has_optional),
        Type::Object(o) => !o.optional().is_empty() || o.attributes().values().any(has_optional),
    }
}

/// The type with every attribute made required (go-cty's `WithoutOptionalAttributesDeep`):
/// the type of a value built for a constraint.
pub(crate) fn without_optional(ty: &Type) -> Type {
    if !has_optional(ty) {
        return ty.clone();
    }
    match ty {
        Type::List(e) => Type::list(without_optional(e)),
        Type::Set(e) => Type::set(without_optional(e)),
        Type::Map(e) => Type::map(without_optional(e)),
        Type::Tuple(elements) => Type::tuple(elements.iter().map(without_optional)),
        Type::Object(o) => Type::Object(Arc::new(ObjectType::new(
            o.attributes()
                .iter()
                .map(|(k, t)| (k.clone(), without_optional(t))),
        ))),
        other => other.clone(),
    }
}

/// A hasher for the address-keyed caches below: addresses are already unique, so a multiply
/// spreads them well, at a fraction of SipHash's cost (these lookups run once per converted
/// element of a long list).
#[derive(Default)]
pub(crate) struct AddressHasher(u64);

impl Hasher for AddressHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// A `HashMap` keyed by addresses, hashed with [`AddressHasher`].
pub(crate) type AddressMap<K, V> = HashMap<K, V, BuildHasherDefault<AddressHasher>>;

thread_local! {
    /// `without_optional` results by the address of the constraint type they were computed
    /// for. Converting a long list builds one value per element for the same constraint types;
    /// handing out one shared type for all of them saves the allocations and makes later
    /// equality checks pointer comparisons. Entries are validated against a clone of the key
    /// type (a pointer comparison when it is the same type), so a reused address is harmless.
    static VALUE_TYPES: RefCell<AddressMap<usize, (Type, Type)>> =
        RefCell::new(AddressMap::default());
}

/// [`without_optional`], shared: equal calls for the same constraint type return clones of one
/// type, and nested parts are shared too.
pub(crate) fn value_type_of(out: &Type) -> Type {
    let key = out as *const Type as usize;
    let cached = VALUE_TYPES.with(|cache| {
        cache
            .borrow()
            .get(&key)
            .and_then(|(o, r)| (o == out).then(|| r.clone()))
    });
    if let Some(ty) = cached {
        return ty;
    }
    let computed = match out {
        Type::String | Type::Number | Type::Bool | Type::Dynamic => return out.clone(),
        Type::List(e) => Type::list(value_type_of(e)),
        Type::Set(e) => Type::set(value_type_of(e)),
        Type::Map(e) => Type::map(value_type_of(e)),
        Type::Tuple(elements) => Type::tuple(elements.iter().map(value_type_of)),
        Type::Object(o) => Type::Object(Arc::new(ObjectType::new(
            o.attributes()
                .iter()
                .map(|(k, t)| (k.clone(), value_type_of(t))),
        ))),
    };
    VALUE_TYPES.with(|cache| {
        let mut cache = cache.borrow_mut();
        if cache.len() > 4096 {
            cache.clear();
        }
        cache.insert(key, (out.clone(), computed.clone()));
    });
    computed
}

/// go-cty's `FriendlyNameForConstraint`: like [`Type::friendly_name`] but `any` reads as "any
/// type" and a collection of `any` as "list of any single type".
pub(crate) fn friendly_name_for_constraint(ty: &Type) -> String {
    match ty {
        Type::Dynamic => "any type".into(),
        Type::List(e) => format!("list of {}", element_name(e)),
        Type::Set(e) => format!("set of {}", element_name(e)),
        Type::Map(e) => format!("map of {}", element_name(e)),
        other => other.friendly_name(),
    }
}

fn element_name(e: &Type) -> String {
    if e.is_dynamic() {
        "any single type".into()
    } else {
        friendly_name_for_constraint(e)
    }
}

/// go-cty's `dynamicReplace`: the `out` type with each `any` replaced by the matching part of
/// `in`, used for the type of a null or unknown result.
pub(crate) fn dynamic_replace(input: &Type, out: &Type) -> Type {
    if input.is_dynamic() {
        return out.clone();
    }
    match out {
        Type::Dynamic => input.clone(),
        Type::String | Type::Number | Type::Bool => out.clone(),
        Type::Map(oe) => {
            let element = match input {
                Type::Map(ie) => dynamic_replace(ie, oe),
                Type::Object(o) => {
                    let types: Vec<Type> = o.attributes().values().cloned().collect();
                    match super::unify::unify(&types, true) {
                        Some(u) => dynamic_replace(&u, oe),
                        None => (**oe).clone(),
                    }
                }
                _ => (**oe).clone(),
            };
            Type::map(element)
        }
        Type::Object(oo) => {
            let attrs = oo.attributes().iter().map(|(name, aty)| {
                let replaced = match input {
                    Type::Map(ie) => dynamic_replace(ie, aty),
                    Type::Object(io) => match io.attribute(name) {
                        Some(iaty) => dynamic_replace(iaty, aty),
                        None => aty.clone(),
                    },
                    _ => aty.clone(),
                };
                (name.clone(), replaced)
            });
            Type::object(attrs.collect::<Vec<_>>())
        }
        Type::Set(oe) | Type::List(oe) => {
            let element = match input {
                Type::Set(ie) | Type::List(ie) => dynamic_replace(ie, oe),
                Type::Tuple(ts) => match super::unify::unify(ts, true) {
                    Some(u) => dynamic_replace(&u, oe),
                    None => (**oe).clone(),
                },
                _ => (**oe).clone(),
            };
            if matches!(out, Type::Set(_)) {
                Type::set(element)
            } else {
                Type::list(element)
            }
        }
        Type::Tuple(oes) => {
            let ies = input.tuple_elements().unwrap_or(&[]);
            Type::tuple(oes.iter().enumerate().map(|(i, oe)| match ies.get(i) {
                Some(ie) => dynamic_replace(ie, oe),
                None => oe.clone(),
            }))
        }
    }
}

/// True when the value nests deeper than `limit` levels; iterative, so any depth is safe.
pub(crate) fn value_deeper_than(value: &Value, limit: usize) -> bool {
    let mut stack: Vec<(&Value, usize)> = vec![(value, 1)];
    while let Some((v, depth)) = stack.pop() {
        if depth > limit {
            return true;
        }
        if let Some(elements) = v.as_elements() {
            stack.extend(elements.iter().map(|e| (e, depth + 1)));
        } else if let Some(attributes) = v.as_attributes() {
            stack.extend(attributes.values().map(|e| (e, depth + 1)));
        }
    }
    false
}

/// True when the type nests deeper than `limit` levels; iterative, so any depth is safe.
pub(crate) fn type_deeper_than(ty: &Type, limit: usize) -> bool {
    let mut stack: Vec<(&Type, usize)> = vec![(ty, 1)];
    while let Some((t, depth)) = stack.pop() {
        if depth > limit {
            return true;
        }
        match t {
            Type::List(e) | Type::Set(e) | Type::Map(e) => stack.push((e, depth + 1)),
            Type::Tuple(es) => stack.extend(es.iter().map(|e| (e, depth + 1))),
            Type::Object(o) => stack.extend(o.attributes().values().map(|e| (e, depth + 1))),
            _ => {}
        }
    }
    false
}
