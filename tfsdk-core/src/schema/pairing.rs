//! Which element of one value of a nested attribute continues which element of another: the
//! one place that pairs them, for every walk over two values of a schema (planning, the
//! replacement judged on a plan, the spelling kept after apply and read). Lists pair by index,
//! maps by key, and sets the way Terraform pairs them: an element continues an earlier one
//! that could have become it ([`continues`]), found by hashing so that large sets pair in
//! linear time. Because every walk asks this module, two walks cannot disagree about which
//! elements match.

use std::collections::{BTreeMap, HashMap};

use super::walk::Here;
use super::{Attribute, NestedAttributes, NestingMode};
use crate::tftypes::{Type, Value, ValueData, ValueKind};

/// The results of a walk over the elements of one value of a nested attribute, in the
/// value's shape, to be put together again with [`Paired::into_value`].
pub(super) enum Paired<T> {
    /// The one object.
    Single(T),
    /// One result per list element, in order.
    List(Vec<T>),
    /// One result per set element, in the set's order.
    Set(Vec<T>),
    /// One result per map element, by key.
    Map(Vec<(String, T)>),
}

impl Paired<Value> {
    /// The value of type `ty` whose elements are these.
    pub(super) fn into_value(self, ty: Type) -> Value {
        let data = match self {
            Paired::Single(value) => return value,
            Paired::List(elements) => ValueData::List(elements),
            Paired::Set(elements) => ValueData::Set(elements),
            Paired::Map(elements) => ValueData::Map(elements.into_iter().collect()),
        };
        Value::from_parts_unchecked(ty, data)
    }
}

/// Calls `f` with each object of `later` (a value of the nested attribute `nested`), its place,
/// and the object of `earlier` it continues (`None` for a new element): lists by index, maps by
/// key, sets by [`SetMatcher`]. `None` when `later` is not a known value of the nesting's shape.
pub(super) fn pair_elements<'e, 'l, T>(
    nested: &NestedAttributes,
    earlier: Option<&'e Value>,
    later: &'l Value,
    here: &Here<'_>,
    mut f: impl FnMut(&Here<'_>, Option<&'e Value>, &'l Value) -> T,
) -> Option<Paired<T>> {
    Some(match (nested.nesting, later.kind()) {
        (NestingMode::Single, ValueKind::Object(_)) => Paired::Single(f(here, earlier, later)),
        (NestingMode::List, ValueKind::List(elements)) => {
            let earlier = earlier.and_then(Value::as_elements).unwrap_or_default();
            let results = elements
                .iter()
                .enumerate()
                .map(|(i, element)| f(&here.index(i), earlier.get(i), element));
            Paired::List(results.collect())
        }
        (NestingMode::Set, ValueKind::Set(elements)) => {
            let earlier = earlier.and_then(Value::as_elements).unwrap_or_default();
            let mut matcher = SetMatcher::new(&nested.attributes, earlier);
            let results = elements.iter().map(|element| {
                let partner = matcher.take_match(element);
                f(&here.element(element), partner, element)
            });
            Paired::Set(results.collect())
        }
        (NestingMode::Map, ValueKind::Map(elements)) => {
            let earlier = earlier.and_then(Value::as_map);
            let results = elements.iter().map(|(key, element)| {
                let partner = earlier.as_ref().and_then(|earlier| earlier.get(key));
                (key.to_owned(), f(&here.key(key), partner, element))
            });
            Paired::Map(results.collect())
        }
        _ => return None,
    })
}

/// [`pair_elements`] for a walk that takes `later` apart and builds a new value from the
/// results (`f` given each object of `later` by value). `later` comes back as it was when it
/// is not a known value of the nesting's shape.
pub(super) fn map_paired_elements(
    nested: &NestedAttributes,
    earlier: Option<&Value>,
    later: Value,
    mut f: impl FnMut(Option<&Value>, Value) -> Value,
) -> Value {
    let partners: Vec<Option<&Value>> = match earlier {
        // Nothing to pair with: every element is new.
        None => Vec::new(),
        Some(_) => match pair_elements(nested, earlier, &later, &Here::ROOT, |_, p, _| p) {
            Some(Paired::Single(partner)) => vec![partner],
            Some(Paired::List(partners) | Paired::Set(partners)) => partners,
            Some(Paired::Map(partners)) => partners.into_iter().map(|(_, p)| p).collect(),
            None => return later,
        },
    };
    let mut partners = partners.into_iter();
    let mut next = |element: Value| f(partners.next().flatten(), element);
    let (ty, data) = later.into_parts();
    let data = match data {
        data @ ValueData::Object(_) => return next(Value::from_parts_unchecked(ty, data)),
        ValueData::List(elements) => ValueData::List(elements.into_iter().map(next).collect()),
        ValueData::Set(elements) => ValueData::Set(elements.into_iter().map(next).collect()),
        ValueData::Map(elements) => ValueData::Map(
            elements
                .into_iter()
                .map(|(key, element)| (key, next(element)))
                .collect(),
        ),
        other => other,
    };
    Value::from_parts_unchecked(ty, data)
}

/// Finds, for each element of a set of nested objects, the earlier element it continues
/// ([`continues`]). Terraform compares every pair; here earlier elements are hashed by their
/// configurable part (computed attributes made null), so each element looks at its few
/// candidates only. Only when an element has no candidate there, and the schema has semantic
/// equality or the earlier set holds unknown values (which no hash can match), are the
/// remaining earlier elements compared one by one; whether they may be is found at the first
/// element without a candidate.
struct SetMatcher<'s, 'e> {
    schema: &'s BTreeMap<String, Attribute>,
    earlier: &'e [Value],
    candidates: HashMap<Value, Vec<usize>>,
    used: Vec<bool>,
    scan: Option<bool>,
}

impl<'s, 'e> SetMatcher<'s, 'e> {
    fn new(schema: &'s BTreeMap<String, Attribute>, earlier: &'e [Value]) -> SetMatcher<'s, 'e> {
        let mut candidates: HashMap<Value, Vec<usize>> = HashMap::with_capacity(earlier.len());
        for (i, element) in earlier.iter().enumerate() {
            candidates
                .entry(configurable_part(schema, element))
                .or_default()
                .push(i);
        }
        SetMatcher {
            schema,
            earlier,
            candidates,
            used: vec![false; earlier.len()],
            scan: None,
        }
    }

    /// The first earlier element not matched yet that `later` continues.
    fn take_match(&mut self, later: &Value) -> Option<&'e Value> {
        if self.earlier.is_empty() {
            return None;
        }
        let hashed = self
            .candidates
            .get(&configurable_part(self.schema, later))
            .and_then(|candidates| {
                candidates
                    .iter()
                    .copied()
                    .find(|&i| !self.used[i] && continues(self.schema, &self.earlier[i], later))
            });
        let index = match hashed {
            Some(index) => index,
            None if self.may_scan() => (0..self.earlier.len())
                .find(|&i| !self.used[i] && continues(self.schema, &self.earlier[i], later))?,
            None => return None,
        };
        self.used[index] = true;
        Some(&self.earlier[index])
    }
}

impl SetMatcher<'_, '_> {
    /// Whether an element without a hashed candidate may still continue an earlier one: the
    /// schema has semantic equality, or an earlier element holds unknown values.
    fn may_scan(&mut self) -> bool {
        let (schema, earlier) = (self.schema, self.earlier);
        *self.scan.get_or_insert_with(|| {
            has_semantic_equality(schema) || earlier.iter().any(|e| !e.is_wholly_known())
        })
    }
}

/// True when `later`, an object of the schema's type, continues `earlier`: equal, but for
/// attributes whose earlier value is unknown (a plan the result fills in), computed
/// attributes whose later value is null or unknown (configuration leaving them to the
/// provider, a plan leaving them unknown: Terraform's `validPriorFromConfig`), and values
/// that mean the same by their type's semantic equality; nested objects alike.
pub(super) fn continues(
    schema: &BTreeMap<String, Attribute>,
    earlier: &Value,
    later: &Value,
) -> bool {
    if earlier == later || !earlier.is_known() {
        return true;
    }
    let (Some(earlier), Some(later)) = (earlier.object_values(), later.object_values()) else {
        return false;
    };
    if earlier.len() != schema.len() || later.len() != schema.len() {
        return false;
    }
    schema
        .values()
        .zip(earlier.iter().zip(later))
        .all(|(attribute, (earlier, later))| attribute_continues(attribute, earlier, later))
}

fn attribute_continues(attribute: &Attribute, earlier: &Value, later: &Value) -> bool {
    if earlier == later || !earlier.is_known() {
        return true;
    }
    if attribute.computed && (later.is_null() || !later.is_known()) {
        return true;
    }
    if let Some(semantic) = &attribute.semantic_equality {
        return semantic.equal(earlier, later);
    }
    let Some(nested) = &attribute.nested else {
        return false;
    };
    match (nested.nesting, earlier.kind(), later.kind()) {
        (NestingMode::Single, ValueKind::Object(_), ValueKind::Object(_)) => {
            continues(&nested.attributes, earlier, later)
        }
        (NestingMode::List, ValueKind::List(earlier), ValueKind::List(later)) => {
            earlier.len() == later.len()
                && earlier
                    .iter()
                    .zip(later)
                    .all(|(e, l)| continues(&nested.attributes, e, l))
        }
        (NestingMode::Map, ValueKind::Map(earlier), ValueKind::Map(later)) => {
            earlier.len() == later.len()
                && earlier.iter().all(|(key, e)| {
                    later
                        .get(key)
                        .is_some_and(|l| continues(&nested.attributes, e, l))
                })
        }
        (NestingMode::Set, ValueKind::Set(earlier), ValueKind::Set(later)) => {
            let mut matcher = SetMatcher::new(&nested.attributes, earlier);
            earlier.len() == later.len() && later.iter().all(|l| matcher.take_match(l).is_some())
        }
        _ => false,
    }
}

/// Whether any attribute, nested ones included, has a semantic equality.
pub(super) fn has_semantic_equality(attributes: &BTreeMap<String, Attribute>) -> bool {
    attributes.values().any(|attribute| {
        attribute.semantic_equality.is_some()
            || attribute
                .nested
                .as_ref()
                .is_some_and(|nested| has_semantic_equality(&nested.attributes))
    })
}

/// An object with every computed attribute (at any depth of nested objects) made null: equal
/// for an element and any earlier element it continues by value.
pub(super) fn configurable_part(schema: &BTreeMap<String, Attribute>, value: &Value) -> Value {
    let Some(values) = value.object_values().filter(|v| v.len() == schema.len()) else {
        return value.clone();
    };
    let parts = schema
        .values()
        .zip(values)
        .map(|(attribute, value)| {
            if attribute.computed {
                Value::null(value.ty().clone())
            } else {
                match &attribute.nested {
                    Some(nested) => nested_part(nested, value),
                    None => value.clone(),
                }
            }
        })
        .collect();
    Value::object_values_unchecked(value.ty().clone(), parts)
}

fn nested_part(nested: &NestedAttributes, value: &Value) -> Value {
    let ty = value.ty().clone();
    let part = |element: &Value| configurable_part(&nested.attributes, element);
    match (nested.nesting, value.kind()) {
        (NestingMode::Single, ValueKind::Object(_)) => part(value),
        (NestingMode::List, ValueKind::List(elements)) => {
            Value::from_parts_unchecked(ty, ValueData::List(elements.iter().map(part).collect()))
        }
        (NestingMode::Map, ValueKind::Map(elements)) => Value::from_parts_unchecked(
            ty,
            ValueData::Map(
                elements
                    .iter()
                    .map(|(k, e)| (k.to_owned(), part(e)))
                    .collect(),
            ),
        ),
        (NestingMode::Set, ValueKind::Set(elements)) => {
            Value::from_parts_unchecked(ty, ValueData::Set(elements.iter().map(part).collect()))
        }
        _ => value.clone(),
    }
}
