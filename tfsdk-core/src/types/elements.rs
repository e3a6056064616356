//! The element rules shared by the built-in collections ([`List`](super::List), [`Set`](super::Set),
//! [`Map`](super::Map)) and the native ones (`Vec`, `BTreeSet`, `BTreeMap`, …): converting
//! elements with their paths, and checking that a collection's elements share one type and, in a
//! set, are unique. They sit here, below the conversion rules for native types, so that both
//! can use them.

use std::collections::BTreeMap;

use super::conversion::{FromValue, TerraformType, ToValue};
use crate::attr::error::{ConvertError, ConvertErrorKind};
use crate::path::PathStep;
use crate::tftypes::{MapKey, Type, Value, ValueData, duplicate_in_set, quoted_list};

// Lists and tuples.

/// Converts list or tuple elements in order, adding the index to an error's path.
///
/// Only the conversion of one element is generic; the loop is [`each_element`], compiled once
/// for every element type (a provider has one element type per nested block).
#[inline]
pub(crate) fn elements_from_values<T: FromValue>(
    elements: Vec<Value>,
) -> Result<Vec<T>, ConvertError> {
    let mut out = Vec::with_capacity(elements.len());
    each_element(elements, &mut |element| {
        T::from_value(element).map(|element| out.push(element))
    })?;
    Ok(out)
}

/// Hands each element to `convert` in order; an error gets the element's index.
fn each_element(
    elements: Vec<Value>,
    convert: &mut dyn FnMut(Value) -> Result<(), ConvertError>,
) -> Result<(), ConvertError> {
    for (index, element) in elements.into_iter().enumerate() {
        if let Err(error) = convert(element) {
            return Err(error.under_index(index));
        }
    }
    Ok(())
}

/// Converts the next Rust element of a collection to a value of the given element type;
/// `None` after the last.
pub(crate) type NextValue<'a> = dyn FnMut(&Type) -> Option<Result<Value, ConvertError>> + 'a;

/// Builds a known list or set of type `ty` (whose element type is `element`) from Rust
/// elements; in a set, equal elements are an error. A list element's error gets its index;
/// a set's elements are named by value, which only the finished set knows.
///
/// Only the conversion of one element is generic; the loop is [`sequence_value_with`] and the
/// checks are in [`finish_list`] and [`finish_set`], each compiled once.
#[inline]
pub(crate) fn sequence_value<'a, T: ToValue + 'a>(
    mut items: impl ExactSizeIterator<Item = &'a T>,
    ty: &Type,
    element: &Type,
) -> Result<Value, ConvertError> {
    let count = items.len();
    sequence_value_with(count, ty, element, &mut |element| {
        items.next().map(|item| item.to_value(element))
    })
}

/// The body of [`sequence_value`]: `count` elements, each converted by `next`.
fn sequence_value_with(
    count: usize,
    ty: &Type,
    element: &Type,
    next: &mut NextValue<'_>,
) -> Result<Value, ConvertError> {
    let is_set = matches!(ty, Type::Set(_));
    let mut out = Vec::with_capacity(count);
    while let Some(converted) = next(element) {
        match converted {
            Ok(value) => out.push(value),
            Err(error) if is_set => return Err(error),
            Err(error) => return Err(error.under_index(out.len())),
        }
    }
    if is_set {
        finish_set(ty, element, out)
    } else {
        finish_list(ty, element, out)
    }
}

/// The list of type `ty` holding `elements`, once they share one concrete type.
pub(crate) fn finish_list(
    ty: &Type,
    element: &Type,
    elements: Vec<Value>,
) -> Result<Value, ConvertError> {
    debug_assert!(
        elements.iter().all(|value| value.ty().usable_as(element)),
        "ToValue returned a value not of {element}"
    );
    if let Some((index, error)) = type_conflict(element, &mut elements.iter()) {
        return Err(error.under_index(index));
    }
    Ok(Value::from_parts_unchecked(
        ty.clone(),
        ValueData::List(elements),
    ))
}

/// Under an element type holding `any`, the elements of one collection still share one
/// concrete type (a list is of one type). `items` pairs each element with what names it.
pub(crate) fn check_same_type<'a, K>(
    element: &Type,
    items: impl Iterator<Item = (K, &'a Value)>,
    step: impl Fn(K) -> Option<crate::path::PathStep>,
) -> Result<(), ConvertError> {
    if !element.contains_dynamic() {
        return Ok(());
    }
    let (names, values): (Vec<K>, Vec<&Value>) = items.unzip();
    match type_conflict(element, &mut values.into_iter()) {
        None => Ok(()),
        Some((position, error)) => Err(match names.into_iter().nth(position).and_then(step) {
            Some(step) => error.under(step),
            None => error,
        }),
    }
}

/// The position of the first value whose concrete type differs from an earlier one's, and the
/// error saying so; `None` when `element` holds no `any` or all agree. Not generic: one copy
/// serves every collection.
pub(crate) fn type_conflict(
    element: &Type,
    values: &mut dyn Iterator<Item = &Value>,
) -> Option<(usize, ConvertError)> {
    if !element.contains_dynamic() {
        return None;
    }
    let mut first: Option<&Type> = None;
    for (position, value) in values.enumerate() {
        let ty = value.ty();
        if ty.is_dynamic() {
            continue;
        }
        match first {
            None => first = Some(ty),
            Some(first) if first != ty => {
                let error = ConvertError::invalid(
                    "Value Conversion Error",
                    format!(
                        "collection elements must all have the same type, found {first} and {ty}"
                    ),
                );
                return Some((position, error));
            }
            Some(_) => {}
        }
    }
    None
}

// Sets.

/// Converts the elements of a known set one by one, handing each to `add` with the original
/// element (for the path and message of a duplicate).
///
/// Each element is copied before it is converted, so a failing element can still be named by
/// its value in the error's path; this is the one conversion that pays a copy on its success
/// path.
pub(crate) fn set_elements_from_value<T: FromValue>(
    elements: Vec<Value>,
    mut add: impl FnMut(T, &Value) -> Result<(), ConvertError>,
) -> Result<(), ConvertError> {
    each_set_element(elements, &mut |element, key| {
        T::from_value(element).and_then(|converted| add(converted, key))
    })
}

/// The loop of [`set_elements_from_value`], compiled once: each element and its copy to
/// `convert`; an error gets the element's value in its path.
fn each_set_element(
    elements: Vec<Value>,
    convert: &mut dyn FnMut(Value, &Value) -> Result<(), ConvertError>,
) -> Result<(), ConvertError> {
    for element in elements {
        let key = element.clone();
        if let Err(error) = convert(element, &key) {
            return Err(error.under_set_value(&key));
        }
    }
    Ok(())
}

#[cold]
pub(crate) fn duplicate(element: &Value) -> ConvertError {
    ConvertError::new(ConvertErrorKind::DuplicateSetElement {
        element: element.to_string(),
    })
}

/// The set of type `ty` holding `elements`: they share one concrete type and no two are equal.
/// Not generic: one copy serves every element type.
pub(crate) fn finish_set(
    ty: &Type,
    element: &Type,
    elements: Vec<Value>,
) -> Result<Value, ConvertError> {
    debug_assert!(elements.iter().all(|value| value.ty().usable_as(element)));
    if let Some((position, error)) = type_conflict(element, &mut elements.iter()) {
        return Err(error.under_set_value(&elements[position]));
    }
    if let Some(at) = duplicate_in_set(&elements) {
        return Err(duplicate(&elements[at]).under_set_value(&elements[at]));
    }
    Ok(Value::set_unchecked(ty.clone(), elements))
}

// Maps and objects.

/// Converts the entries of a known map or object into a collection made by `init` (given the
/// number of entries), adding the key (or attribute name) to an error's path.
#[inline]
pub(crate) fn entries_from_value<C, T: FromValue>(
    value: Value,
    init: impl FnOnce(usize) -> C,
    mut add: impl FnMut(&mut C, String, T),
    target: impl FnOnce(&Type, &ValueData) -> ConvertError,
) -> Result<C, ConvertError> {
    // A map's entries move out as they are stored (sorted); an object's are named from its type.
    let value = match value.into_map_entries() {
        Ok(entries) => {
            let mut out = init(entries.len());
            for (key, element) in entries {
                match T::from_value(element) {
                    Ok(converted) => add(&mut out, key, converted),
                    Err(error) => return Err(error.under_key(&key)),
                }
            }
            return Ok(out);
        }
        Err(value) => value,
    };
    let (ty, data) = value.into_parts();
    let ValueData::Object(attributes) = data else {
        return Err(target(&ty, &data));
    };
    let mut out = init(attributes.len());
    for (key, element) in attributes {
        match T::from_value(element) {
            Ok(converted) => add(&mut out, key, converted),
            Err(error) => return Err(error.under_attribute(&key)),
        }
    }
    Ok(out)
}

/// Builds a map or object of type `ty` from Rust entries, in any order.
pub(crate) fn map_value<'a, T: ToValue + TerraformType + 'a>(
    entries: impl ExactSizeIterator<Item = (&'a String, &'a T)>,
    ty: &Type,
    target: impl FnOnce(&Type) -> ConvertError,
) -> Result<Value, ConvertError> {
    match ty {
        Type::Map(element) => {
            let mut out = Vec::with_capacity(entries.len());
            for (key, item) in entries {
                let value = item.to_value(element).map_err(|e| e.under_key(key))?;
                debug_assert!(value.ty().usable_as(element));
                out.push((MapKey::new(key), value));
            }
            // Keys from a `BTreeMap` come sorted, and are kept as they come; those of a
            // `HashMap` are sorted here. The keys of a Rust map are unique.
            if !out
                .windows(2)
                .all(|pair| pair[0].0.as_str() < pair[1].0.as_str())
            {
                out.sort_unstable_by(|a, b| a.0.as_str().cmp(b.0.as_str()));
            }
            finish_map(ty, element, out)
        }
        Type::Object(object) if object.optional().is_empty() => {
            let mut out = BTreeMap::new();
            let mut extra = Vec::new();
            for (key, item) in entries {
                match object.attribute(key) {
                    Some(attribute) => {
                        let value = item
                            .to_value(attribute)
                            .map_err(|e| e.under_attribute(key))?;
                        out.insert(key.clone(), value);
                    }
                    None => extra.push(key.as_str()),
                }
            }
            finish_object(ty, object, out, extra)
        }
        Type::Dynamic => {
            let element = T::terraform_type();
            map_value(entries, &Type::map(element), target)
        }
        _ => Err(target(ty)),
    }
}

/// The map of type `ty` holding `entries`, once they share one concrete type. Not generic.
fn finish_map(
    ty: &Type,
    element: &Type,
    entries: Vec<(MapKey, Value)>,
) -> Result<Value, ConvertError> {
    debug_assert!(
        entries
            .iter()
            .all(|(_, value)| value.ty().usable_as(element))
    );
    check_same_type(element, entries.iter().map(|(k, v)| (k, v)), |key| {
        Some(PathStep::ElementKeyString(key.as_str().to_owned()))
    })?;
    Ok(Value::map_from_sorted_unchecked(ty.clone(), entries))
}

/// The object of type `ty` holding `attributes`, when the Rust map had exactly its attributes
/// (`extra` lists the keys it had beyond them). Not generic.
fn finish_object(
    ty: &Type,
    object: &crate::tftypes::ObjectType,
    attributes: BTreeMap<String, Value>,
    mut extra: Vec<&str>,
) -> Result<Value, ConvertError> {
    if !extra.is_empty() || attributes.len() != object.attributes().len() {
        let missing = object.missing_from(&attributes);
        extra.sort_unstable();
        return Err(keys_do_not_match(ty, &missing, &extra));
    }
    Ok(Value::from_parts_unchecked(
        ty.clone(),
        ValueData::Object(attributes),
    ))
}

#[cold]
fn keys_do_not_match(ty: &Type, missing: &[&str], extra: &[&str]) -> ConvertError {
    let mut detail = format!("the map's keys must be exactly the attributes of {ty}:");
    if !missing.is_empty() {
        detail.push_str(&format!(" missing {}", quoted_list(missing)));
    }
    if !extra.is_empty() {
        if !missing.is_empty() {
            detail.push(';');
        }
        detail.push_str(&format!(" unexpected {}", quoted_list(extra)));
    }
    ConvertError::invalid("Value Conversion Error", detail)
}
