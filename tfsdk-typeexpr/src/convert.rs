//! Converting a value to a type: the configuration language's conversion rules (go-cty's
//! `convert` package, unsafe mode, as Terraform converts input variables).
//!
//! Two layers, as in the reference. [`conversion_exists`] decides from the types alone whether
//! a conversion is possible; when it is not, the error is the reference's mismatch message
//! (see [`super::mismatch`]). When it is, `apply` walks the value; some conversions can still
//! fail on particular values (`"abc"` to a number, elements that end up with different types),
//! with the reference's message and the path of the failing part.
//!
//! Everything is linear in the size of the value: the type check visits each distinct element
//! type once, and unification deduplicates types (see [`super::unify`]).

use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::sync::Arc;

use num_bigint::BigInt;

use tfsdk_core::path::{AttributePath, PathStep};
use tfsdk_core::tftypes::{MAX_DEPTH, Number, Type, Value, ValueData};

use super::mismatch::mismatch_message;
use super::type_util::{
    dynamic_replace, type_deeper_than, value_deeper_than, value_type_of as without_optional,
};
use super::unify::unify;

/// A value that does not convert to a type: the reference's message and where it happened.
///
/// `message` is the text the reference (Terraform / OpenTofu) gives; `Display` prints it.
/// `path` points at the offending part of the input value; for messages that describe a type
/// mismatch (`element 0: number required, but have bool`) the message already names the same
/// place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConversionError {
    /// Where in the value, from its root.
    pub path: AttributePath,
    /// What went wrong and what was required.
    pub message: String,
}

impl ConversionError {
    pub(crate) fn new(path: AttributePath, message: impl Into<String>) -> ConversionError {
        ConversionError {
            path,
            message: message.into(),
        }
    }
}

impl fmt::Display for ConversionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ConversionError {}

/// Converts `value` to `want` with the language's rules (go-cty's `convert.Convert`), without
/// applying optional-attribute defaults (see [`super::convert`] for the whole evaluation).
///
/// ```
/// use tfsdk_core::tftypes::{Type, Value};
/// use tfsdk_typeexpr::convert_to_type;
///
/// let tuple = Value::tuple_of([Value::from("a"), Value::from(15), Value::from(true)]);
/// let list = convert_to_type(tuple, &Type::list(Type::String)).unwrap();
/// assert_eq!(list.ty(), &Type::list(Type::String));
/// assert_eq!(list.as_elements().unwrap()[2], Value::from("true"));
/// ```
///
/// # Errors
/// The value does not convert; values or types nested deeper than
/// [`MAX_DEPTH`](tfsdk_core::tftypes::MAX_DEPTH).
pub fn convert_to_type(value: Value, want: &Type) -> Result<Value, ConversionError> {
    if value_deeper_than(&value, MAX_DEPTH) || type_deeper_than(want, MAX_DEPTH) {
        return Err(ConversionError::new(
            AttributePath::empty(),
            format!("value or type nests more than {MAX_DEPTH} levels deep"),
        ));
    }
    let mut path = AttributePath::empty();
    convert_checked(value, want, &mut path)
}

/// `convert.Convert` below the depth check: equal types pass through, impossible conversions
/// give the mismatch message, possible ones are applied.
pub(crate) fn convert_checked(
    value: Value,
    want: &Type,
    path: &mut AttributePath,
) -> Result<Value, ConversionError> {
    // A value's type never carries optional-attribute markers (go-cty converts to
    // `WithoutOptionalAttributesDeep`, also for the element type of an empty collection): a
    // value typed with the constraint itself (an empty default built for it) is rebuilt.
    if *value.ty() == without_optional(want) {
        return Ok(value);
    }
    if !conversion_exists(value.ty(), want, true) {
        let (message, at) = mismatch_message(value.ty(), want);
        return Err(ConversionError::new(path.clone().join(&at), message));
    }
    apply(value, want, true, path)
}

/// Whether a value of type `input` can convert to `out` (go-cty's `getConversion` is not nil).
pub(crate) fn conversion_exists(input: &Type, out: &Type, unsafe_: bool) -> bool {
    if out.is_dynamic() || (unsafe_ && input.is_dynamic()) {
        return true;
    }
    if input.is_primitive() && out.is_primitive() {
        return match (input, out) {
            (Type::Number | Type::Bool, Type::String) => true,
            (Type::String, Type::Number | Type::Bool) => unsafe_,
            _ => false,
        };
    }
    match (input, out) {
        (Type::Object(i), Type::Object(o)) => {
            o.attributes()
                .iter()
                .all(|(name, oaty)| match i.attribute(name) {
                    None => o.is_optional(name),
                    Some(iaty) => iaty == oaty || conversion_exists(iaty, oaty, unsafe_),
                })
        }
        (Type::Tuple(i), Type::Tuple(o)) => {
            i.len() == o.len()
                && i.iter()
                    .zip(o.iter())
                    .all(|(it, ot)| it == ot || conversion_exists(it, ot, unsafe_))
        }
        (Type::List(ie) | Type::Set(ie), Type::List(oe)) => {
            ie == oe || conversion_exists(ie, oe, unsafe_)
        }
        (Type::List(ie) | Type::Set(ie), Type::Set(oe)) => {
            (unsafe_ || matches!(input, Type::Set(_)))
                && (ie == oe || conversion_exists(ie, oe, unsafe_))
        }
        // Not in go-cty, but the language's documented rule: a list, or a set in
        // its iteration order, converts to a tuple of exactly its length; the length is
        // checked on the value.
        (Type::List(ie) | Type::Set(ie), Type::Tuple(o)) => {
            unsafe_
                && o.iter()
                    .all(|ot| **ie == *ot || conversion_exists(ie, ot, unsafe_))
        }
        // The reference has no shortcut for equal element types here.
        (Type::Map(ie), Type::Map(oe)) => conversion_exists(ie, oe, unsafe_),
        (Type::Tuple(ts), Type::List(oe) | Type::Set(oe)) => {
            tuple_to_sequence_element(ts, oe, unsafe_).is_some()
        }
        (Type::Object(i), Type::Map(oe)) => {
            object_to_map_element(i.attributes(), oe, unsafe_).is_some()
        }
        (Type::Map(ie), Type::Object(o)) => {
            unsafe_
                && o.attributes().iter().all(|(name, oaty)| {
                    **ie == *oaty || conversion_exists(ie, oaty, unsafe_) || o.is_optional(name)
                })
        }
        _ => false,
    }
}

/// For a tuple → list/set conversion: the element type to convert to (`any` unified over the
/// tuple's element types), or `None` when some element cannot convert.
fn tuple_to_sequence_element(ts: &[Type], element: &Type, unsafe_: bool) -> Option<Type> {
    if ts.is_empty() {
        return Some(element.clone());
    }
    let element = if element.is_dynamic() {
        let unified = unify(ts, unsafe_)?;
        // Still `any` after unification only works when every element is `any`.
        if unified.is_dynamic() && !ts.iter().all(Type::is_dynamic) {
            return None;
        }
        unified
    } else {
        element.clone()
    };
    all_convert_distinct(ts.iter(), &element, unsafe_).then_some(element)
}

/// For an object → map conversion: the element type (`any` unified over the attribute types).
fn object_to_map_element(
    attributes: &BTreeMap<String, Type>,
    element: &Type,
    unsafe_: bool,
) -> Option<Type> {
    if attributes.is_empty() {
        return Some(element.clone());
    }
    let element = if element.is_dynamic() {
        let types: Vec<Type> = attributes.values().cloned().collect();
        unify(&types, unsafe_)?
    } else {
        element.clone()
    };
    all_convert_distinct(attributes.values(), &element, unsafe_).then_some(element)
}

/// True when every type converts to `to`; each distinct type is checked once, so a long tuple
/// of equal element types costs one check.
fn all_convert_distinct<'a>(
    types: impl Iterator<Item = &'a Type>,
    to: &Type,
    unsafe_: bool,
) -> bool {
    // A few distinct types are the common case: compare against a short list (pointer
    // comparisons for shared types) before falling back to hashing.
    let mut recent: Vec<&Type> = Vec::new();
    let mut checked: HashSet<&Type> = HashSet::new();
    for ty in types {
        // Equal types built apart (two JSON shapes that default to the same object) compare
        // deeply; remember each one's address too, so that its next occurrence is a pointer
        // comparison.
        if recent.iter().any(|r| same_allocation(r, ty)) {
            continue;
        }
        if recent.contains(&ty) {
            if recent.len() < 8 {
                recent.push(ty);
            }
            continue;
        }
        if recent.len() < 8 {
            recent.push(ty);
        } else if !checked.insert(ty) {
            continue;
        }
        if ty != to && !conversion_exists(ty, to, unsafe_) {
            return false;
        }
    }
    true
}

/// True when every key of `map` is an attribute of `attributes`: one merge walk over the two
/// sorted key lists (cheaper than `retain`'s removal machinery when nothing is removed).
fn keys_within(map: &BTreeMap<String, Value>, attributes: &BTreeMap<String, Type>) -> bool {
    let mut names = attributes.keys();
    map.keys().all(|key| names.by_ref().any(|name| name == key))
}

/// True when two types are one: the same primitive, or the same shared allocation.
fn same_allocation(a: &Type, b: &Type) -> bool {
    match (a, b) {
        (Type::List(x), Type::List(y))
        | (Type::Set(x), Type::Set(y))
        | (Type::Map(x), Type::Map(y)) => Arc::ptr_eq(x, y),
        (Type::Object(x), Type::Object(y)) => Arc::ptr_eq(x, y),
        (Type::Tuple(x), Type::Tuple(y)) => Arc::ptr_eq(x, y),
        (Type::String, Type::String)
        | (Type::Number, Type::Number)
        | (Type::Bool, Type::Bool)
        | (Type::Dynamic, Type::Dynamic) => true,
        _ => false,
    }
}

/// Runs the conversion of `value` to `out`, which [`conversion_exists`] allowed for the value's
/// type (go-cty's conversion functions with their null/unknown wrapper).
pub(crate) fn apply(
    value: Value,
    out: &Type,
    unsafe_: bool,
    path: &mut AttributePath,
) -> Result<Value, ConversionError> {
    if out.is_dynamic() {
        return Ok(value);
    }
    if value.is_unknown() {
        return Ok(Value::unknown(dynamic_replace(
            value.ty(),
            &without_optional(out),
        )));
    }
    if value.is_null() {
        return Ok(Value::null(dynamic_replace(
            value.ty(),
            &without_optional(out),
        )));
    }
    let (in_ty, data) = value.into_parts();
    if in_ty.is_dynamic() {
        // A value whose type was not known in advance: check it now.
        let value = Value::from_parts_unchecked(in_ty, data);
        return convert_checked(value, out, path);
    }
    match (data, out) {
        (ValueData::Number(n), Type::String) => Ok(Value::string(n.to_string())),
        (ValueData::Bool(b), Type::String) => Ok(Value::string(if b { "true" } else { "false" })),
        (ValueData::String(s), Type::Number) => match parse_go_number(&s) {
            Some(n) => Ok(Value::number(n)),
            None => Err(ConversionError::new(path.clone(), "a number is required")),
        },
        (ValueData::String(s), Type::Bool) => match s.as_str() {
            "true" | "1" => Ok(Value::bool(true)),
            "false" | "0" => Ok(Value::bool(false)),
            other => {
                let message = match other.to_lowercase().as_str() {
                    "true" => "a bool is required; to convert from string, use lowercase \"true\"",
                    "false" => {
                        "a bool is required; to convert from string, use lowercase \"false\""
                    }
                    _ => "a bool is required",
                };
                Err(ConversionError::new(path.clone(), message))
            }
        },
        (ValueData::Object(attributes), Type::Object(o)) => {
            object_to_object(attributes, o, out, unsafe_, path)
        }
        (ValueData::Tuple(elements), Type::Tuple(out_types)) => {
            tuple_to_tuple(elements, out_types, unsafe_, path)
        }
        (data @ (ValueData::List(_) | ValueData::Set(_)), Type::List(oe)) => {
            sequence_to_list(data, &in_ty, oe, unsafe_, path)
        }
        (data @ (ValueData::List(_) | ValueData::Set(_)), Type::Tuple(out_types)) => {
            sequence_to_tuple(data, out, out_types, unsafe_, path)
        }
        (data @ (ValueData::List(_) | ValueData::Set(_)), Type::Set(oe)) => {
            sequence_to_set(data, &in_ty, oe, unsafe_, path)
        }
        (ValueData::Map(entries), Type::Map(oe)) => map_to_map(entries, &in_ty, oe, unsafe_, path),
        (ValueData::Tuple(elements), Type::List(oe) | Type::Set(oe)) => {
            tuple_to_sequence(elements, &in_ty, out, oe, unsafe_, path)
        }
        (ValueData::Object(attributes), Type::Map(oe)) => {
            object_to_map(attributes, &in_ty, out, oe, unsafe_, path)
        }
        (ValueData::Map(entries), Type::Object(o)) => {
            map_to_object(entries, &in_ty, o, unsafe_, path)
        }
        (data, _) => {
            // Unreachable when the caller checked `conversion_exists`; report, never panic.
            let value = Value::from_parts_unchecked(in_ty, data);
            let (message, at) = mismatch_message(value.ty(), out);
            Err(ConversionError::new(path.clone().join(&at), message))
        }
    }
}

/// An object to an object type: its attributes converted in place, those the type lacks dropped, optional ones it lacks added as null.
fn object_to_object(
    mut attributes: BTreeMap<String, Value>,
    o: &Arc<tfsdk_core::tftypes::ObjectType>,
    out: &Type,
    unsafe_: bool,
    path: &mut AttributePath,
) -> Result<Value, ConversionError> {
    // Converted in place: the input's map is reused for the result.
    if !keys_within(&attributes, o.attributes()) {
        attributes.retain(|name, _| o.attribute(name).is_some());
    }
    for (name, attribute) in attributes.iter_mut() {
        let Some(out_aty) = o.attribute(name) else {
            continue;
        };
        if attribute.ty() != out_aty {
            let taken = std::mem::replace(attribute, Value::null(Type::Dynamic));
            path.push(PathStep::AttributeName(name.clone()));
            let converted = apply(taken, out_aty, unsafe_, path);
            path.pop();
            *attribute = converted?;
        }
        if attribute.is_null() {
            let taken = std::mem::replace(attribute, Value::null(Type::Dynamic));
            *attribute = strip_null(taken);
        }
    }
    for name in o.optional() {
        if !attributes.contains_key(name)
            && let Some(aty) = o.attribute(name)
        {
            attributes.insert(name.clone(), Value::null(without_optional(aty)));
        }
    }
    Ok(object_for(attributes, out))
}

/// `convert` run with `path` at the element of index `i`, the path restored after.
fn at_index(
    path: &mut AttributePath,
    i: usize,
    convert: impl FnOnce(&mut AttributePath) -> Result<Value, ConversionError>,
) -> Result<Value, ConversionError> {
    path.push(PathStep::ElementKeyInt(i as i64));
    let converted = convert(path);
    path.pop();
    converted
}

/// A tuple to a tuple type, element by element.
fn tuple_to_tuple(
    elements: Vec<Value>,
    out_types: &[Type],
    unsafe_: bool,
    path: &mut AttributePath,
) -> Result<Value, ConversionError> {
    let mut result = Vec::with_capacity(elements.len());
    for (i, (element, oty)) in elements.into_iter().zip(out_types.iter()).enumerate() {
        if element.ty() == oty {
            result.push(element);
        } else {
            result.push(at_index(path, i, |path| {
                apply(element, oty, unsafe_, path)
            })?);
        }
    }
    Ok(Value::tuple_of(result))
}

/// A list or set to a list type (a set holding unknowns gives an unknown list).
fn sequence_to_list(
    data: ValueData,
    in_ty: &Type,
    oe: &Type,
    unsafe_: bool,
    path: &mut AttributePath,
) -> Result<Value, ConversionError> {
    let is_set = matches!(data, ValueData::Set(_));
    let elements = match data {
        ValueData::List(e) | ValueData::Set(e) => e,
        _ => Vec::new(),
    };
    let ie = in_ty.element_type().cloned().unwrap_or(Type::Dynamic);
    if is_set && !elements.iter().all(Value::is_wholly_known) {
        // A set holding unknowns has an unknown length, so the list is unknown.
        return Ok(Value::unknown(Type::list(ie)));
    }
    let elements = if is_set {
        reorder_set(elements)
    } else {
        elements
    };
    let converted = convert_elements(elements, &ie, oe, unsafe_, path, true)?;
    if converted.is_empty() {
        let ety = if oe.is_dynamic() {
            ie
        } else {
            without_optional(oe)
        };
        return Ok(Value::list_unchecked(ety, Vec::new()));
    }
    sequence_value(converted, false, path, "list")
}

/// A list or set to a tuple type of as many elements.
fn sequence_to_tuple(
    data: ValueData,
    out: &Type,
    out_types: &[Type],
    unsafe_: bool,
    path: &mut AttributePath,
) -> Result<Value, ConversionError> {
    let (kind, elements) = match data {
        ValueData::List(e) => ("list", e),
        ValueData::Set(e) => ("set", e),
        _ => ("list", Vec::new()),
    };
    if kind == "set" && !elements.iter().all(Value::is_wholly_known) {
        // A set holding unknowns has an unknown length.
        return Ok(Value::unknown(without_optional(out)));
    }
    if elements.len() != out_types.len() {
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        return Err(ConversionError::new(
            path.clone(),
            format!(
                "tuple of {} element{} required, but have {kind} of {} element{}",
                out_types.len(),
                plural(out_types.len()),
                elements.len(),
                plural(elements.len())
            ),
        ));
    }
    let elements = if kind == "set" {
        reorder_set(elements)
    } else {
        elements
    };
    tuple_to_tuple(elements, out_types, unsafe_, path)
}

/// A list or set to a set type.
fn sequence_to_set(
    data: ValueData,
    in_ty: &Type,
    oe: &Type,
    unsafe_: bool,
    path: &mut AttributePath,
) -> Result<Value, ConversionError> {
    let elements = match data {
        ValueData::List(e) => e,
        ValueData::Set(e) => reorder_set(e),
        _ => Vec::new(),
    };
    let ie = in_ty.element_type().cloned().unwrap_or(Type::Dynamic);
    let converted = convert_elements(elements, &ie, oe, unsafe_, path, true)?;
    if converted.is_empty() {
        let ety = if oe.is_dynamic() {
            ie
        } else {
            without_optional(oe)
        };
        return Ok(empty_set(ety));
    }
    sequence_value(converted, true, path, "set")
}

/// A map to a map type, entry by entry; element types unified.
fn map_to_map(
    entries: BTreeMap<String, Value>,
    in_ty: &Type,
    oe: &Type,
    unsafe_: bool,
    path: &mut AttributePath,
) -> Result<Value, ConversionError> {
    let ie = in_ty.element_type().cloned().unwrap_or(Type::Dynamic);
    let mut result = BTreeMap::new();
    for (key, element) in entries {
        path.push(PathStep::ElementKeyString(key.clone()));
        let converted = apply(element, oe, unsafe_, path);
        path.pop();
        result.insert(key, converted?);
    }
    if result.is_empty() {
        let ety = if oe.is_dynamic() {
            ie
        } else {
            without_optional(oe)
        };
        return Ok(Value::map_unchecked(ety, result));
    }
    if oe.is_collection() || matches!(oe, Type::Object(_)) {
        result = unify_map_elements(result, false, path)?;
    }
    map_value(
        result,
        path,
        "element types must all match for conversion to map",
    )
}

/// A tuple to a list or set type: one element type for all.
fn tuple_to_sequence(
    elements: Vec<Value>,
    in_ty: &Type,
    out: &Type,
    oe: &Type,
    unsafe_: bool,
    path: &mut AttributePath,
) -> Result<Value, ConversionError> {
    let is_set = matches!(out, Type::Set(_));
    if elements.is_empty() {
        let ety = without_optional(oe);
        return Ok(if is_set {
            empty_set(ety)
        } else {
            Value::list_unchecked(ety, Vec::new())
        });
    }
    let ts = in_ty.tuple_elements().unwrap_or(&[]);
    let element = tuple_to_sequence_element(ts, oe, unsafe_)
        .ok_or_else(|| ConversionError::new(path.clone(), mismatch_message(in_ty, out).0))?;
    let mut converted = Vec::with_capacity(elements.len());
    for (i, e) in elements.into_iter().enumerate() {
        if *e.ty() == element {
            converted.push(e);
            continue;
        }
        let c = at_index(path, i, |path| apply(e, &element, unsafe_, path))?;
        // The reference drops optional attributes from null set elements only.
        converted.push(if is_set { strip_null(c) } else { c });
    }
    if !is_set {
        converted = unify_list_elements(converted, unsafe_, path)?;
    }
    sequence_value(converted, is_set, path, if is_set { "set" } else { "list" })
}

/// An object to a map type: one element type for all attributes.
fn object_to_map(
    attributes: BTreeMap<String, Value>,
    in_ty: &Type,
    out: &Type,
    oe: &Type,
    unsafe_: bool,
    path: &mut AttributePath,
) -> Result<Value, ConversionError> {
    if attributes.is_empty() {
        return Ok(Value::map_unchecked(without_optional(oe), BTreeMap::new()));
    }
    let attribute_types = in_ty.as_object().map(|o| o.attributes().clone());
    let element = attribute_types
        .as_ref()
        .and_then(|a| object_to_map_element(a, oe, unsafe_))
        .ok_or_else(|| ConversionError::new(path.clone(), mismatch_message(in_ty, out).0))?;
    let mut result = BTreeMap::new();
    for (name, attribute) in attributes {
        let converted = if *attribute.ty() == element {
            attribute
        } else {
            path.push(PathStep::ElementKeyString(name.clone()));
            let c = apply(attribute, &element, unsafe_, path);
            path.pop();
            c?
        };
        result.insert(name, converted);
    }
    if element.is_collection() || matches!(element, Type::Object(_)) {
        result = unify_map_elements(result, unsafe_, path)?;
    }
    map_value(
        result,
        path,
        "attribute types must all match for conversion to map",
    )
}

/// A map to an object type: an entry per attribute, required ones present.
fn map_to_object(
    entries: BTreeMap<String, Value>,
    in_ty: &Type,
    o: &Arc<tfsdk_core::tftypes::ObjectType>,
    unsafe_: bool,
    path: &mut AttributePath,
) -> Result<Value, ConversionError> {
    let ie = in_ty.element_type().cloned().unwrap_or(Type::Dynamic);
    let mut result = BTreeMap::new();
    for (key, element) in entries {
        let Some(out_aty) = o.attribute(&key) else {
            continue;
        };
        path.push(PathStep::ElementKeyString(key.clone()));
        let converted = if ie == *out_aty {
            Ok(element)
        } else if conversion_exists(&ie, out_aty, unsafe_) {
            apply(element, out_aty, unsafe_, path)
        } else {
            Err(ConversionError::new(
                path.parent(),
                format!(
                    "map element type is incompatible with attribute {}: {}",
                    super::quote::go_quote(&key),
                    mismatch_message(element.ty(), out_aty).0
                ),
            ))
        };
        path.pop();
        result.insert(key, strip_null(converted?));
    }
    for (name, aty) in o.attributes() {
        if result.contains_key(name) {
            continue;
        }
        if o.is_optional(name) {
            result.insert(name.clone(), Value::null(aty.clone()));
        } else {
            return Err(ConversionError::new(
                path.clone(),
                format!(
                    "map has no element for required attribute {}",
                    super::quote::go_quote(name)
                ),
            ));
        }
    }
    Ok(object_value(result))
}

/// Converts the elements of a list or set (in iteration order) to `oe`; `strip` drops optional
/// attributes from null results as the reference does for collections.
fn convert_elements(
    elements: Vec<Value>,
    ie: &Type,
    oe: &Type,
    unsafe_: bool,
    path: &mut AttributePath,
    strip: bool,
) -> Result<Vec<Value>, ConversionError> {
    let needs_conversion = ie != oe;
    let mut converted = Vec::with_capacity(elements.len());
    for (i, e) in elements.into_iter().enumerate() {
        let c = if needs_conversion {
            at_index(path, i, |path| apply(e, oe, unsafe_, path))?
        } else {
            e
        };
        converted.push(if strip { strip_null(c) } else { c });
    }
    Ok(converted)
}

/// Set elements in the order the reference iterates them (conversions see them in that order,
/// which decides which error comes first).
fn reorder_set(elements: Vec<Value>) -> Vec<Value> {
    let order = super::set_order::reference_order_indices(&elements);
    let mut slots: Vec<Option<Value>> = elements.into_iter().map(Some).collect();
    order.into_iter().filter_map(|i| slots[i].take()).collect()
}

/// A null keeps its type minus optional attributes, so collections stay homogeneous.
pub(super) fn strip_null(value: Value) -> Value {
    if value.is_null() && super::type_util::has_optional(value.ty()) {
        Value::null(super::type_util::without_optional(value.ty()))
    } else {
        value
    }
}

fn object_value(attributes: BTreeMap<String, Value>) -> Value {
    Value::object_of(attributes)
}

/// An object converted to `out`: when its attribute types are exactly those `out` prescribes
/// (no `any` in them), it gets the shared type for `out` instead of a new one.
pub(super) fn object_for(attributes: BTreeMap<String, Value>, out: &Type) -> Value {
    let fixed = without_optional(out);
    let fits = fixed.as_object().is_some_and(|o| {
        o.attributes().len() == attributes.len()
            && o.attributes()
                .iter()
                .zip(attributes.iter())
                .all(|((name, ty), (key, v))| name == key && ty == v.ty())
    });
    if fits {
        Value::object_unchecked(fixed, attributes)
    } else {
        object_value(attributes)
    }
}

fn empty_set(element: Type) -> Value {
    Value::from_parts_unchecked(Type::set(element), ValueData::Set(Vec::new()))
}

/// Builds a list or set from converted elements, which must all have one type.
pub(super) fn sequence_value(
    elements: Vec<Value>,
    is_set: bool,
    path: &AttributePath,
    what: &str,
) -> Result<Value, ConversionError> {
    let Some((ety, elements)) = common_element_type(elements) else {
        return Err(ConversionError::new(
            path.clone(),
            format!("element types must all match for conversion to {what}"),
        ));
    };
    if !is_set {
        return Ok(Value::list_unchecked(ety, elements));
    }
    // Duplicates collapse; nulls are all equal; unknowns are never equal to anything.
    let mut seen: HashSet<Value> = HashSet::with_capacity(elements.len());
    let mut unique = Vec::with_capacity(elements.len());
    for e in elements {
        if !e.is_wholly_known() {
            unique.push(e);
        } else if !seen.contains(&e) {
            seen.insert(e.clone());
            unique.push(e);
        }
    }
    Ok(Value::from_parts_unchecked(
        Type::set(ety),
        ValueData::Set(unique),
    ))
}

fn map_value(
    elements: BTreeMap<String, Value>,
    path: &AttributePath,
    message: &str,
) -> Result<Value, ConversionError> {
    if elements.is_empty() {
        return Ok(Value::map_unchecked(Type::Dynamic, elements));
    }
    let (keys, values): (Vec<String>, Vec<Value>) = elements.into_iter().unzip();
    let Some((ety, values)) = common_element_type(values) else {
        return Err(ConversionError::new(path.clone(), message));
    };
    Ok(Value::map_unchecked(
        ety,
        keys.into_iter().zip(values).collect(),
    ))
}

/// go-cty's `CanListVal` / `CanMapVal` / `CanSetVal` and the element type its `ListVal` /
/// `MapVal` / `SetVal` give: the first element type that is not `any` (dynamic), which every
/// other such element must have; an element typed `any` (a null or unknown left untyped, as
/// JSON's `null` is) fits any element type, and becomes a null or unknown of it. `None` when two
/// element types differ.
fn common_element_type(elements: Vec<Value>) -> Option<(Type, Vec<Value>)> {
    let ety = elements
        .iter()
        .map(Value::ty)
        .find(|t| !t.is_dynamic())
        .unwrap_or(&Type::Dynamic)
        .clone();
    let fits =
        |e: &Value| *e.ty() == ety || (e.ty().is_dynamic() && (e.is_null() || !e.is_known()));
    if !elements.iter().all(fits) {
        return None;
    }
    if ety.is_dynamic() {
        return Some((ety, elements));
    }
    let elements = elements
        .into_iter()
        .map(|e| match e.ty() {
            Type::Dynamic if e.is_null() => Value::null(ety.clone()),
            Type::Dynamic if !e.is_known() => Value::unknown(ety.clone()),
            _ => e,
        })
        .collect();
    Some((ety, elements))
}

/// go-cty's `conversionUnifyListElements`: converted elements that ended up with different
/// types are unified again.
pub(super) fn unify_list_elements(
    elements: Vec<Value>,
    unsafe_: bool,
    path: &mut AttributePath,
) -> Result<Vec<Value>, ConversionError> {
    let first = elements[0].ty();
    if elements.iter().all(|e| e.ty() == first) {
        return Ok(elements);
    }
    let types: Vec<Type> = elements.iter().map(|e| e.ty().clone()).collect();
    let Some(unified) = unify(&types, unsafe_) else {
        return Err(ConversionError::new(
            path.clone(),
            "cannot find a common base type for all elements",
        ));
    };
    let mut result = Vec::with_capacity(elements.len());
    for (i, e) in elements.into_iter().enumerate() {
        if *e.ty() == unified {
            result.push(e);
            continue;
        }
        result.push(at_index(path, i, |path| {
            reconvert(e, &unified, unsafe_, path)
        })?);
    }
    Ok(result)
}

/// go-cty's `conversionUnifyCollectionElements`, for maps.
fn unify_map_elements(
    elements: BTreeMap<String, Value>,
    unsafe_: bool,
    path: &mut AttributePath,
) -> Result<BTreeMap<String, Value>, ConversionError> {
    let mut values = elements.values();
    let first = values.next().map(|v| v.ty().clone());
    if values.all(|v| Some(v.ty()) == first.as_ref()) {
        return Ok(elements);
    }
    let types: Vec<Type> = elements.values().map(|e| e.ty().clone()).collect();
    let Some(unified) = unify(&types, unsafe_) else {
        return Err(ConversionError::new(
            path.clone(),
            "cannot find a common base type for all elements",
        ));
    };
    let mut result = BTreeMap::new();
    for (key, e) in elements {
        if *e.ty() == unified {
            result.insert(key, e);
            continue;
        }
        path.push(PathStep::ElementKeyString(key.clone()));
        let converted = reconvert(e, &unified, unsafe_, path);
        path.pop();
        result.insert(key, converted?);
    }
    Ok(result)
}

/// Converts an already-converted element to the unified type (the reference looks the
/// conversion up afresh; a missing one would be a bug there, an error here).
fn reconvert(
    value: Value,
    to: &Type,
    unsafe_: bool,
    path: &mut AttributePath,
) -> Result<Value, ConversionError> {
    if conversion_exists(value.ty(), to, unsafe_) {
        apply(value, to, unsafe_, path)
    } else {
        let (message, at) = mismatch_message(value.ty(), to);
        Err(ConversionError::new(path.clone().join(&at), message))
    }
}

/// Parses a string as the reference does (Go's `big.Float` parse, base 10): an optional sign,
/// decimal digits with an optional point, and an optional `e` (decimal) or `p` (binary)
/// exponent; nothing else, not even spaces.
///
/// Go also accepts `inf` / `Inf`, which Terraform numbers cannot hold; those are rejected here.
/// Like go-cty's `ParseNumberVal`, the result is rounded to 512 bits (see `precision`).
pub(crate) fn parse_go_number(s: &str) -> Option<Number> {
    exact_go_number(s).map(super::precision::cty_number)
}

/// [`parse_go_number`] before rounding to go-cty's 512 bits.
fn exact_go_number(s: &str) -> Option<Number> {
    let bytes = s.as_bytes();
    let mut i = 0;
    if matches!(bytes.first(), Some(b'+' | b'-')) {
        i = 1;
    }
    let mantissa_start = i;
    let mut digits = 0;
    while i < bytes.len() && bytes[i].is_ascii_digit() {
        i += 1;
        digits += 1;
    }
    if i < bytes.len() && bytes[i] == b'.' {
        i += 1;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
            digits += 1;
        }
    }
    if digits == 0 {
        return None;
    }
    let mantissa_end = i;
    if i == bytes.len() {
        return s.parse().ok();
    }
    match bytes[i] {
        b'e' | b'E' => {
            let rest = &s[i + 1..];
            let exp = rest.strip_prefix(['+', '-']).unwrap_or(rest);
            if exp.is_empty() || !exp.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            s.parse().ok()
        }
        b'p' | b'P' => {
            let rest = &s[i + 1..];
            let (negative, exp) = match rest.as_bytes().first() {
                Some(b'-') => (true, &rest[1..]),
                Some(b'+') => (false, &rest[1..]),
                _ => (false, rest),
            };
            if exp.is_empty() || !exp.bytes().all(|b| b.is_ascii_digit()) || exp.len() > 5 {
                return None;
            }
            let k: i64 = exp.parse().ok()?;
            if k > 10_000 {
                return None;
            }
            let mut text = String::new();
            text.push_str(&s[..mantissa_start]);
            text.push_str(&s[mantissa_start..mantissa_end]);
            let base: Number = text.parse().ok()?;
            let (m, e) = base.to_parts();
            if negative {
                // m × 10^e / 2^k = m × 5^k × 10^(e − k)
                Number::from_parts(m * BigInt::from(5u8).pow(k as u32), e - k).ok()
            } else {
                Number::from_parts(m * BigInt::from(2u8).pow(k as u32), e).ok()
            }
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_within_is_a_subset_test_over_sorted_keys() {
        let attrs: BTreeMap<String, Type> = ["a", "c", "e"]
            .into_iter()
            .map(|k| (k.to_owned(), Type::String))
            .collect();
        let map = |keys: &[&str]| -> BTreeMap<String, Value> {
            keys.iter()
                .map(|k| ((*k).to_owned(), Value::from(1)))
                .collect()
        };
        assert!(keys_within(&map(&[]), &attrs));
        assert!(keys_within(&map(&["a", "e"]), &attrs));
        assert!(keys_within(&map(&["a", "c", "e"]), &attrs));
        assert!(!keys_within(&map(&["b"]), &attrs));
        assert!(!keys_within(&map(&["a", "d"]), &attrs));
        assert!(!keys_within(&map(&["e", "f"]), &attrs));
    }

    #[test]
    fn extra_object_attributes_are_dropped_and_equal_types_built_apart_still_unify() {
        // Two element shapes that end up with equal but separately built types.
        let input = Value::tuple_of([
            Value::object_of([("a", Value::from("x")), ("extra", Value::from(1))]),
            Value::object_of([("a", Value::from("y"))]),
            Value::object_of([("a", Value::from("z")), ("extra", Value::from(true))]),
        ]);
        let want = Type::list(Type::object([("a", Type::String)]));
        let out = convert_to_type(input, &want).unwrap();
        assert_eq!(out.ty(), &want);
        assert_eq!(out.as_elements().map(<[Value]>::len), Some(3));
        assert!(same_allocation(&Type::String, &Type::String));
        let t = Type::list(Type::Number);
        assert!(same_allocation(&t, &t.clone()));
        assert!(!same_allocation(&t, &Type::list(Type::Number)));
    }

    #[test]
    fn strings_parse_as_go_parses_floats() {
        let n = |s: &str| parse_go_number(s).map(|n| n.to_string());
        assert_eq!(n("15").as_deref(), Some("15"));
        assert_eq!(n("-3").as_deref(), Some("-3"));
        assert_eq!(n("1e3").as_deref(), Some("1000"));
        assert_eq!(n("6.283185").as_deref(), Some("6.283185"));
        assert_eq!(n(".5").as_deref(), Some("0.5"));
        assert_eq!(n("1.").as_deref(), Some("1"));
        assert_eq!(n("+2").as_deref(), Some("2"));
        assert_eq!(n("1p3").as_deref(), Some("8"));
        assert_eq!(n("1p-2").as_deref(), Some("0.25"));
        for bad in [
            " 1", "1 ", "0x10", "abc", "", "-", "1e", "1_000", "Inf", "1e+", ".",
        ] {
            assert_eq!(n(bad), None, "{bad:?}");
        }
    }

    /// Terraform 1.15's answers: a JSON null among structural values takes their type.
    #[test]
    fn untyped_nulls_take_the_type_of_the_other_elements() {
        let convert = |c: &str, v: &str| {
            crate::convert(
                crate::json_value::parse_json(v).unwrap(),
                &crate::parse(c).unwrap(),
            )
            .map(|v| crate::console::render(&v))
            .map_err(|e| e.to_string())
        };
        assert_eq!(
            convert("map(any)", r#"{"a": null, "b": {}}"#).unwrap(),
            "tomap({\n  \"a\" = null /* object */\n  \"b\" = {}\n})"
        );
        assert_eq!(
            convert("map(any)", r#"{"a": null, "b": [], "c": null}"#).unwrap(),
            "tomap({\n  \"a\" = null /* tuple */\n  \"b\" = []\n  \"c\" = null /* tuple */\n})"
        );
        // Two structural types still differ.
        assert_eq!(
            convert("map(any)", r#"{"a": null, "b": {}, "c": []}"#).unwrap_err(),
            "all map elements must have the same type"
        );
        assert_eq!(
            convert("set(map(any))", r#"[{}, {"a": null, "b": []}]"#).unwrap_err(),
            "element types must all match for conversion to set"
        );
    }
}
