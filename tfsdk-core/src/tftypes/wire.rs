//! Rules the msgpack and JSON codecs share: how deeply input may nest, and how decoded elements
//! become collections under the same checks as the [`Value`] constructors.
//!
//! # Nesting levels
//!
//! The root value (or type) is at level 1. Every element, map element and object attribute is
//! one level below its parent, and so are the type and the value inside a dynamic value's
//! wrapper (`[type JSON, value]` in msgpack, `{"value": …, "type": …}` in JSON). Anything at a
//! level beyond [`MAX_DEPTH`] is an error. For a plain value this matches [`Value::depth`] and
//! [`Type::depth`]: `list(string)` has depth 2, and a list nested 127 times around a string
//! (depth 128) is the deepest accepted.

use std::collections::BTreeMap;

use super::set_elements::duplicate_in_set;
use super::value::duplicate_set_element;
use super::{MAX_DEPTH, MapKey, ObjectType, Type, Value, ValueData, ValueError};
use crate::path::PathStep;

/// The error for nesting beyond [`MAX_DEPTH`], whichever codec meets it.
#[cold]
#[inline(never)]
pub(crate) fn too_deep() -> ValueError {
    ValueError::new(format!(
        "nested deeper than {MAX_DEPTH} levels (tftypes::MAX_DEPTH)"
    ))
}

/// Fails when `level` is beyond [`MAX_DEPTH`].
#[inline]
pub(crate) fn check_level(level: usize) -> Result<(), ValueError> {
    if level > MAX_DEPTH {
        Err(too_deep())
    } else {
        Ok(())
    }
}

/// Steps a reader's or writer's `level` one down, for the elements of a container, unless
/// that would pass [`MAX_DEPTH`].
#[inline]
#[cfg_attr(not(feature = "msgpack-direct"), allow(dead_code))]
pub(crate) fn step_down(level: &mut usize) -> Result<(), ValueError> {
    if *level >= MAX_DEPTH {
        return Err(too_deep());
    }
    *level += 1;
    Ok(())
}

/// True when no part of `ty` lies beyond [`MAX_DEPTH`], counting `ty` itself at `level`.
/// Recurses at most [`MAX_DEPTH`] frames whatever the type.
pub(crate) fn type_within_depth(ty: &Type, level: usize) -> bool {
    if level > MAX_DEPTH {
        return false;
    }
    match ty {
        Type::String | Type::Number | Type::Bool | Type::Dynamic => true,
        Type::List(e) | Type::Set(e) | Type::Map(e) => type_within_depth(e, level + 1),
        Type::Object(o) => o
            .attributes()
            .values()
            .all(|t| type_within_depth(t, level + 1)),
        Type::Tuple(t) => t.iter().all(|t| type_within_depth(t, level + 1)),
    }
}

/// The checks before encoding `value` as `ty`: the type is not too deep (so the recursive type
/// comparisons below are bounded) and the value may stand where `ty` is declared.
pub(crate) fn check_encodable(value: &Value, ty: &Type) -> Result<(), ValueError> {
    if !type_within_depth(ty, 1) {
        return Err(ValueError::new(format!(
            "the type is nested deeper than {MAX_DEPTH} levels (tftypes::MAX_DEPTH)"
        )));
    }
    value.check_type(ty)
}

/// Object values cannot have a type with optional attributes: those exist only in type
/// constraints.
pub(crate) fn check_no_optional(object: &ObjectType) -> Result<(), ValueError> {
    if object.optional().is_empty() {
        Ok(())
    } else {
        Err(ValueError::new(
            "an object type with optional attributes describes a type constraint, not a value",
        ))
    }
}

/// The mismatch message the codecs use, in the words of the value constructors.
pub(crate) fn expected(ty: &Type, found: &str) -> ValueError {
    ValueError::new(format!("expected {ty}, found {found}"))
}

/// Under a dynamic element type, every element must have the same type (as [`Value::list`]
/// requires). Elements decoded under any other element type have it by construction.
fn check_same_type<'a, K>(
    element: &Type,
    mut elements: impl Iterator<Item = (K, &'a Value)>,
    step: impl FnOnce(K, &Value) -> PathStep,
) -> Result<(), ValueError> {
    if !element.is_dynamic() {
        return Ok(());
    }
    let Some((_, first)) = elements.next() else {
        return Ok(());
    };
    match elements.find(|(_, v)| v.ty() != first.ty()) {
        None => Ok(()),
        Some((key, v)) => Err(ValueError::new(format!(
            "collection elements must all have the same type, found {} and {}",
            first.ty(),
            v.ty()
        ))
        .under(step(key, v))),
    }
}

/// A known list or set of type `ty` from decoded elements; a set with [`Value::set`]'s rules:
/// wholly known elements must be unique; the set keeps the order read.
pub(crate) fn list_or_set_from(
    ty: &Type,
    element: &Type,
    elements: Vec<Value>,
) -> Result<Value, ValueError> {
    if let Type::Set(_) = ty {
        check_same_type(element, elements.iter().map(|v| ((), v)), |(), v| {
            PathStep::ElementKeyValue(v.clone())
        })?;
        if let Some(at) = duplicate_in_set(&elements) {
            return Err(duplicate_set_element(&elements[at]));
        }
        Ok(Value::set_unchecked(ty.clone(), elements))
    } else {
        check_same_type(element, elements.iter().enumerate(), |i, _| {
            PathStep::ElementKeyInt(i as i64)
        })?;
        Ok(Value::from_parts_unchecked(
            ty.clone(),
            ValueData::List(elements),
        ))
    }
}

/// A known map of type `map_ty` from decoded entries in the order read. `sorted` says the keys
/// came strictly increasing (as Terraform writes them), so none is there twice; otherwise they
/// are sorted here, and a key read twice is an error.
pub(crate) fn map_from(
    map_ty: &Type,
    element: &Type,
    mut entries: Vec<(MapKey, Value)>,
    sorted: bool,
) -> Result<Value, ValueError> {
    if !sorted {
        entries.sort_by(|a, b| a.0.as_str().cmp(b.0.as_str()));
        if let Some(pair) = entries.windows(2).find(|pair| pair[0].0 == pair[1].0) {
            return Err(duplicate_map_key(pair[0].0.as_str()));
        }
    }
    check_same_type(element, entries.iter().map(|(k, v)| (k, v)), |k, _| {
        PathStep::ElementKeyString(k.as_str().to_owned())
    })?;
    Ok(Value::map_from_sorted_unchecked(map_ty.clone(), entries))
}

/// The error for a map key read twice, at that key.
#[cold]
pub(crate) fn duplicate_map_key(key: &str) -> ValueError {
    ValueError::new(format!("duplicate map key {key:?}"))
        .under(PathStep::ElementKeyString(key.to_owned()))
}

/// A known object of type `object_ty` from decoded attributes (all present, checked by the
/// caller).
pub(crate) fn object_from(object_ty: &Type, attributes: BTreeMap<String, Value>) -> Value {
    Value::from_parts_unchecked(object_ty.clone(), ValueData::Object(attributes))
}

/// An object's attribute values as a decoder reads them, name by name, into the type's
/// attribute order. Attributes usually arrive in that (sorted) order: then each value is
/// pushed where it belongs with one name comparison and nothing is looked up or sorted.
pub(crate) struct ObjectValues<'t> {
    types: &'t ObjectType,
    /// The type's attributes from the next expected one on, while they arrive in order.
    in_order: Option<std::collections::btree_map::Iter<'t, String, Type>>,
    /// The values read, in order while `in_order` is some.
    values: Vec<Value>,
    /// Once out of order: each value with its attribute's position.
    positioned: Vec<(usize, Value)>,
    /// The position of the attribute whose value comes next.
    next: usize,
}

impl<'t> ObjectValues<'t> {
    /// Ready for `len` attributes of `types` (its length was checked against the input).
    pub(crate) fn new(types: &'t ObjectType, len: usize) -> ObjectValues<'t> {
        ObjectValues {
            types,
            in_order: Some(types.attributes().iter()),
            values: Vec::with_capacity(len.min(types.attributes().len())),
            positioned: Vec::new(),
            next: 0,
        }
    }

    /// The next attribute in the type's order when `key` (the raw bytes of a key, not yet
    /// checked to be UTF-8) is its name; else `None`, and [`ObjectValues::expect`] with the
    /// checked key looks it up. An attribute name is valid UTF-8, so equal bytes are too.
    #[inline]
    pub(crate) fn expect_in_order(&mut self, key: &[u8]) -> Option<(&'t String, &'t Type)> {
        let in_order = self.in_order.as_mut()?;
        match in_order.next() {
            Some((name, t)) if name.as_bytes() == key => Some((name, t)),
            _ => {
                self.in_order = None;
                self.positioned = std::mem::take(&mut self.values)
                    .into_iter()
                    .enumerate()
                    .collect();
                None
            }
        }
    }

    /// The attribute `key` names, whose value is to be pushed next.
    ///
    /// # Errors
    /// The type has no such attribute.
    pub(crate) fn expect(&mut self, key: &str) -> Result<(&'t String, &'t Type), ValueError> {
        if let Some(entry) = self.expect_in_order(key.as_bytes()) {
            return Ok(entry);
        }
        let Some(i) = self.types.attribute_index(key) else {
            return Err(ValueError::new(format!(
                "unsupported attribute {key:?}: the object type has no such attribute"
            )));
        };
        self.next = i;
        let Some(entry) = self.types.attributes().iter().nth(i) else {
            return Err(ValueError::new(format!("no attribute {key:?}")));
        };
        Ok(entry)
    }

    /// The value of the attribute [`ObjectValues::expect`] named last.
    #[inline]
    pub(crate) fn push(&mut self, value: Value) {
        if self.in_order.is_some() {
            self.values.push(value);
        } else {
            self.positioned.push((self.next, value));
        }
    }

    /// The object value of type `object_ty`.
    ///
    /// # Errors
    /// A duplicate attribute, or missing attributes.
    pub(crate) fn finish(mut self, object_ty: &Type) -> Result<Value, ValueError> {
        let names = || self.types.attributes().keys();
        if self.in_order.is_none() {
            self.positioned.sort_by_key(|(i, _)| *i);
            if let Some(pair) = self.positioned.windows(2).find(|p| p[0].0 == p[1].0) {
                let name = names().nth(pair[0].0).map_or("", String::as_str);
                return Err(ValueError::new(format!("duplicate attribute {name:?}"))
                    .under(PathStep::AttributeName(name.to_owned())));
            }
            if self.positioned.len() != self.types.attributes().len() {
                let mut present = self.positioned.iter().map(|(i, _)| *i).peekable();
                let missing = names().enumerate().filter_map(|(i, name)| {
                    if present.peek() == Some(&i) {
                        present.next();
                        None
                    } else {
                        Some(name.as_str())
                    }
                });
                return Err(ValueError::new(format!(
                    "missing object attributes: {}",
                    quoted_names(missing)
                )));
            }
            self.values = self.positioned.into_iter().map(|(_, v)| v).collect();
        } else if self.values.len() != self.types.attributes().len() {
            let missing = names().skip(self.values.len()).map(String::as_str);
            return Err(ValueError::new(format!(
                "missing object attributes: {}",
                quoted_names(missing)
            )));
        }
        Ok(Value::object_values_unchecked(
            object_ty.clone(),
            self.values,
        ))
    }
}

/// A known tuple of type `tuple_ty` from decoded elements (as many as the type has).
pub(crate) fn tuple_from(tuple_ty: &Type, elements: Vec<Value>) -> Value {
    Value::from_parts_unchecked(tuple_ty.clone(), ValueData::Tuple(elements))
}

/// `"a", "b"` for messages.
pub(crate) fn quoted_names<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    names
        .into_iter()
        .map(|n| format!("{n:?}"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A codec's depth limit on both sides: a list nested 127 times around a string (depth
    /// 128, the deepest accepted) round-trips; the same wrapped once more (one too deep) is
    /// refused by `encode`, and by `decode` when `wrap` nests the encoding one list deeper.
    pub(crate) fn check_depth_limit<E: std::fmt::Debug>(
        encode: impl Fn(&Value, &Type) -> Result<E, ValueError>,
        decode: impl Fn(&E, &Type) -> Result<Value, ValueError>,
        wrap: impl FnOnce(E) -> E,
    ) {
        let mut ty = Type::String;
        let mut value = Value::from("x");
        for _ in 0..MAX_DEPTH - 1 {
            value = Value::list(ty.clone(), [value]).unwrap();
            ty = Type::list(ty);
        }
        let encoded = encode(&value, &ty).unwrap();
        assert_eq!(decode(&encoded, &ty).unwrap(), value);
        let deeper = Value::list(ty.clone(), [value]).unwrap();
        let deeper_ty = Type::list(ty);
        let err = encode(&deeper, &deeper_ty).unwrap_err();
        assert!(err.message.contains("deeper than 128"), "{err}");
        let err = decode(&wrap(encoded), &deeper_ty).unwrap_err();
        assert!(err.message.contains("deeper than 128"), "{err}");
        assert_eq!(err.path.len(), MAX_DEPTH);
    }

    #[test]
    fn levels_match_value_and_type_depth() {
        let mut ty = Type::String;
        for _ in 0..127 {
            ty = Type::list(ty);
        }
        assert_eq!(ty.depth(), MAX_DEPTH);
        assert!(type_within_depth(&ty, 1));
        assert!(!type_within_depth(&Type::list(ty), 1));
        assert!(check_level(MAX_DEPTH).is_ok());
        assert!(check_level(MAX_DEPTH + 1).is_err());
    }

    #[test]
    fn sets_from_decoded_elements_reject_duplicates_and_sort() {
        let set_ty = Type::set(Type::String);
        let set = list_or_set_from(&set_ty, &Type::String, vec!["b".into(), "a".into()]).unwrap();
        assert_eq!(
            set,
            Value::set(Type::String, ["a".into(), "b".into()]).unwrap()
        );
        let err =
            list_or_set_from(&set_ty, &Type::String, vec!["a".into(), "a".into()]).unwrap_err();
        assert_eq!(
            err.to_string(),
            r#"[Value("a")]: duplicate set element "a": set elements must be unique"#
        );
        let unknowns = vec![Value::unknown(Type::String), Value::unknown(Type::String)];
        assert!(list_or_set_from(&set_ty, &Type::String, unknowns).is_ok());
    }

    #[test]
    fn dynamic_collections_need_one_element_type() {
        let list_ty = Type::list(Type::Dynamic);
        let err = list_or_set_from(&list_ty, &Type::Dynamic, vec!["a".into(), Value::from(1)])
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "[1]: collection elements must all have the same type, found string and number"
        );
        assert!(list_or_set_from(&list_ty, &Type::Dynamic, vec!["a".into(), "b".into()]).is_ok());
    }
}
