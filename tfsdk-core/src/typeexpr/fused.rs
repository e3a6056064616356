//! One pass that applies optional-attribute defaults while converting, for the common case:
//! a constraint without `any`, and a value (as JSON or HCL give it: tuples and objects of
//! primitives) that converts without error. [`fits`] decides that by reading the value;
//! [`convert`] then builds the result top-down, moving the input's parts instead of
//! rebuilding every object twice. The result is exactly what applying the defaults and then
//! converting gives (see [`super::convert`]); anything else takes that two-pass route.

use crate::path::{AttributePath, PathStep};
use crate::tftypes::{Type, Value, ValueData};

use super::convert::{
    ConversionError, apply, keys_within, object_for, parse_go_number, sequence_value, strip_null,
    unify_list_elements,
};
use super::defaults::Defaults;
use super::type_util::value_type_of as without_optional;

/// True when `want` mentions `any` somewhere: values under it may nest deeper than the type,
/// and unification decides the result's type, so the single pass leaves those alone.
pub(super) fn has_dynamic(ty: &Type) -> bool {
    match ty {
        Type::Dynamic => true,
        Type::String | Type::Number | Type::Bool => false,
        Type::List(e) | Type::Set(e) | Type::Map(e) => has_dynamic(e),
        Type::Tuple(es) => es.iter().any(has_dynamic),
        Type::Object(o) => o.attributes().values().any(has_dynamic),
    }
}

/// True when [`convert`] handles `value` for `want` (with the defaults `d` of `want`): the
/// value converts without error, and only through the shapes the single pass knows. The
/// recursion follows `want`, so it is no deeper than the type.
pub(super) fn fits(value: &Value, d: Option<&Defaults>, want: &Type) -> bool {
    if let Some(d) = d {
        if d.ty() != want || value.ty() == want {
            return false;
        }
    } else if value.ty() == want {
        return true;
    }
    if !value.is_known() {
        return false;
    }
    match want {
        Type::String => matches!(value.ty(), Type::Number | Type::Bool),
        Type::Number => {
            matches!(value.ty(), Type::String)
                && value.as_str().is_some_and(|s| parse_go_number(s).is_some())
        }
        Type::Bool => {
            matches!(value.ty(), Type::String)
                && value
                    .as_str()
                    .is_some_and(|s| matches!(s, "true" | "1" | "false" | "0"))
        }
        Type::Object(o) => {
            if !matches!(value.ty(), Type::Object(_)) {
                return false;
            }
            let Some(attributes) = value.as_attributes() else {
                return false;
            };
            if !keys_within(attributes, o.attributes()) {
                return false;
            }
            o.attributes().iter().all(|(name, aty)| {
                let present = attributes.get(name);
                match present {
                    Some(a) if !a.is_null() => fits(a, d.and_then(|d| d.child_at_key(name)), aty),
                    _ => match d.and_then(|d| d.converted_default(name)) {
                        Some(converted) => converted.is_some(),
                        None => present.is_some() || o.is_optional(name),
                    },
                }
            })
        }
        Type::List(oe) => {
            if !matches!(value.ty(), Type::Tuple(_)) {
                return false;
            }
            let Some(elements) = value.as_elements() else {
                return false;
            };
            let child = d.and_then(|d| d.child_at_key(""));
            !elements.is_empty() && elements.iter().all(|e| fits(e, child, oe))
        }
        _ => false,
    }
}

/// Applies the defaults `d` and converts `value` to `want` in one pass; `value` must
/// [`fit`](fits). Equal to converting the value with the defaults applied.
pub(super) fn convert(
    value: Value,
    d: Option<&Defaults>,
    want: &Type,
    path: &mut AttributePath,
) -> Result<Value, ConversionError> {
    if d.is_none() && value.ty() == want {
        return Ok(value);
    }
    match want {
        Type::Object(o) => {
            let (in_ty, data) = value.into_parts();
            let ValueData::Object(mut attributes) = data else {
                return apply(Value::from_parts_unchecked(in_ty, data), want, true, path);
            };
            for (name, aty) in o.attributes() {
                let default = d.and_then(|d| d.converted_default(name)).flatten();
                match attributes.get_mut(name) {
                    Some(a) if !a.is_null() => {
                        let taken = std::mem::replace(a, Value::null(Type::Dynamic));
                        path.push(PathStep::AttributeName(name.clone()));
                        let converted =
                            convert(taken, d.and_then(|d| d.child_at_key(name)), aty, path);
                        path.pop();
                        *a = converted?;
                    }
                    Some(a) => {
                        if let Some(default) = default {
                            *a = default.clone();
                        } else {
                            let taken = std::mem::replace(a, Value::null(Type::Dynamic));
                            let converted = if taken.ty() != aty {
                                path.push(PathStep::AttributeName(name.clone()));
                                let c = apply(taken, aty, true, path);
                                path.pop();
                                c?
                            } else {
                                taken
                            };
                            *a = strip_null(converted);
                        }
                    }
                    None => {
                        let filled = match default {
                            Some(default) => default.clone(),
                            None => Value::null(without_optional(aty)),
                        };
                        attributes.insert(name.clone(), filled);
                    }
                }
            }
            Ok(object_for(attributes, want))
        }
        Type::List(oe) => {
            let (in_ty, data) = value.into_parts();
            let ValueData::Tuple(elements) = data else {
                return apply(Value::from_parts_unchecked(in_ty, data), want, true, path);
            };
            let child = d.and_then(|d| d.child_at_key(""));
            let mut converted = Vec::with_capacity(elements.len());
            for (i, e) in elements.into_iter().enumerate() {
                path.push(PathStep::ElementKeyInt(i as i64));
                let c = convert(e, child, oe, path);
                path.pop();
                converted.push(c?);
            }
            let converted = unify_list_elements(converted, true, path)?;
            sequence_value(converted, false, path, "list")
        }
        _ => apply(value, want, true, path),
    }
}
