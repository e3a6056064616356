//! One pass that applies optional-attribute defaults while converting, for the common case:
//! a constraint without `any`, and a value (as JSON or HCL give it: tuples and objects of
//! primitives) that converts without error. [`Plan::fits`] decides that by reading the value;
//! [`Plan::convert`] then builds the result top-down, moving the input's parts instead of
//! rebuilding every object twice. The result is exactly what applying the defaults and then
//! converting gives (see [`super::convert`]); anything else takes that two-pass route.
//!
//! A [`Plan`] is built once per conversion from the constraint: per object attribute, its
//! defaults and its value type by position, so the walk over a long list does no name
//! lookups and no cache lookups.

use tfsdk_core::path::{AttributePath, PathStep};
use tfsdk_core::tftypes::{MAX_DEPTH, Type, Value, ValueData};

use super::constraint::TypeConstraint;
use super::convert::{
    ConversionError, apply, conversion_exists, parse_go_number, sequence_value, strip_null,
    unify_list_elements,
};
use super::defaults::Defaults;
use super::mismatch::mismatch_message;
use super::type_util::value_deeper_than;
use super::type_util::value_type_of as without_optional;

/// True when `ty` mentions `any` somewhere: values under it may nest deeper than the type,
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

/// How to convert to one constraint type (with its defaults) in the single pass.
pub(super) struct Plan<'a> {
    want: &'a Type,
    defaults: Option<&'a Defaults>,
    shape: Shape<'a>,
}

enum Shape<'a> {
    /// A primitive type.
    Primitive,
    /// An object type: its value type (optional attributes made required) and its attributes,
    /// in the type's (sorted) order.
    Object {
        value_ty: Type,
        attributes: Vec<AttributePlan<'a>>,
    },
    /// A list type: the plan for its elements.
    List(Box<Plan<'a>>),
    /// Anything else: the single pass does not apply.
    Other,
}

struct AttributePlan<'a> {
    name: &'a String,
    ty: &'a Type,
    optional: bool,
    /// The attribute's default converted to its type: `None` without a default, `Some(None)`
    /// when the default does not convert.
    default: Option<Option<&'a Value>>,
    /// The attribute's value type (for a missing optional attribute's null, and for the
    /// object's type).
    value_ty: Type,
    plan: Plan<'a>,
}

impl<'a> Plan<'a> {
    /// The plan for `want` with its defaults `defaults` (the node of the constraint's defaults
    /// tree for `want`). `want` must be no deeper than [`MAX_DEPTH`](tfsdk_core::tftypes::MAX_DEPTH).
    pub(super) fn new(want: &'a Type, defaults: Option<&'a Defaults>) -> Plan<'a> {
        let shape = match want {
            // Defaults that belong to another type: left to the two-pass route.
            _ if defaults.is_some_and(|d| d.ty() != want) => Shape::Other,
            Type::String | Type::Number | Type::Bool => Shape::Primitive,
            Type::Object(o) => Shape::Object {
                value_ty: without_optional(want),
                attributes: o
                    .attributes()
                    .iter()
                    .map(|(name, ty)| AttributePlan {
                        name,
                        ty,
                        optional: o.is_optional(name),
                        default: defaults.and_then(|d| d.converted_default(name)),
                        value_ty: without_optional(ty),
                        plan: Plan::new(ty, defaults.and_then(|d| d.child_at_key(name))),
                    })
                    .collect(),
            },
            Type::List(e) => Shape::List(Box::new(Plan::new(
                e,
                defaults.and_then(|d| d.child_at_key("")),
            ))),
            _ => Shape::Other,
        };
        Plan {
            want,
            defaults,
            shape,
        }
    }

    /// True when [`Plan::convert`] handles `value`: it converts without error, and only
    /// through the shapes the single pass knows. The walk follows the type, so it is no deeper
    /// than the type.
    pub(super) fn fits(&self, value: &Value) -> bool {
        if value.ty() == self.want {
            // Values never have optional attributes, so defaults can not be under this type.
            return self.defaults.is_none();
        }
        if !value.is_known() {
            return false;
        }
        match (&self.shape, self.want) {
            (Shape::Primitive, Type::String) => matches!(value.ty(), Type::Number | Type::Bool),
            (Shape::Primitive, Type::Number) => {
                value.as_str().is_some_and(|s| parse_go_number(s).is_some())
            }
            (Shape::Primitive, Type::Bool) => value
                .as_str()
                .is_some_and(|s| matches!(s, "true" | "1" | "false" | "0")),
            (Shape::Object { attributes, .. }, Type::Object(_)) => {
                if !matches!(value.ty(), Type::Object(_)) {
                    return false;
                }
                let Some(values) = value.as_attributes() else {
                    return false;
                };
                // Both sorted by name: one merge walk, which leaves behind any key that is not
                // an attribute (the conversion would drop those: left to the two-pass route).
                let mut values = values.iter().peekable();
                let all_fit = attributes.iter().all(|a| {
                    let present = values.next_if(|(key, _)| *key == a.name).map(|(_, v)| v);
                    match present {
                        Some(v) if !v.is_null() => a.plan.fits(v),
                        _ => match a.default {
                            Some(converted) => converted.is_some(),
                            None => present.is_some() || a.optional,
                        },
                    }
                });
                all_fit && values.next().is_none()
            }
            (Shape::List(element), _) => {
                if !matches!(value.ty(), Type::Tuple(_)) {
                    return false;
                }
                let Some(elements) = value.as_elements() else {
                    return false;
                };
                !elements.is_empty() && elements.iter().all(|e| element.fits(e))
            }
            _ => false,
        }
    }

    /// The whole evaluation (defaults, then conversion) of a top-level tuple for a list
    /// constraint, element by element: each element is checked and converted while it is in
    /// the cache, instead of one pass checking the whole value and another converting it.
    /// From the first element that does not [`fit`](Plan::fits), the rest go the two-pass way,
    /// with the errors the two passes give over the whole value: the converted elements before
    /// it have no errors, and their types do not show in the messages. `Err(value)` hands the
    /// value back when it is not such a tuple.
    pub(super) fn convert_list(
        &self,
        value: Value,
    ) -> Result<Result<Value, ConversionError>, Value> {
        let (Shape::List(plan), Type::List(oe)) = (&self.shape, self.want) else {
            return Err(value);
        };
        if !value.is_known()
            || !matches!(value.ty(), Type::Tuple(_))
            || value.as_elements().is_none_or(<[Value]>::is_empty)
        {
            return Err(value);
        }
        let (in_ty, data) = value.into_parts();
        let ValueData::Tuple(mut elements) = data else {
            return Err(Value::from_parts_unchecked(in_ty, data));
        };
        drop(in_ty);
        let mut path = AttributePath::empty();
        // Converted in place: the input's buffer holds the result.
        for i in 0..elements.len() {
            if !plan.fits(&elements[i]) {
                let rest = elements.split_off(i);
                return Ok(self.convert_rest(plan, oe, elements, rest));
            }
            let e = std::mem::replace(&mut elements[i], Value::null(Type::Dynamic));
            path.push(PathStep::ElementKeyInt(i as i64));
            let c = plan.convert(e, &mut path);
            path.pop();
            match c {
                Ok(c) => elements[i] = c,
                // Not expected (the element fits); the two passes would report the same.
                Err(e) => return Ok(Err(e)),
            }
        }
        Ok(finish_list(elements, &mut path))
    }

    /// [`Plan::convert_list`] from the first element that does not fit: `done` are the
    /// converted elements before it, `rest` the elements from it on, as given.
    fn convert_rest(
        &self,
        plan: &Plan<'_>,
        oe: &Type,
        mut done: Vec<Value>,
        rest: Vec<Value>,
    ) -> Result<Value, ConversionError> {
        let too_deep = || {
            ConversionError::new(
                AttributePath::empty(),
                format!("value or type nests more than {MAX_DEPTH} levels deep"),
            )
        };
        // The depth checks before and after the defaults (the list adds a level).
        if rest.iter().any(|e| value_deeper_than(e, MAX_DEPTH - 1)) {
            return Err(too_deep());
        }
        let rest: Vec<Value> = match plan.defaults {
            Some(d) => rest.into_iter().map(|e| d.apply(e)).collect(),
            None => rest,
        };
        if rest.iter().any(|e| value_deeper_than(e, MAX_DEPTH - 1)) {
            return Err(too_deep());
        }
        // The type check over the whole tuple; the converted elements pass it.
        if rest
            .iter()
            .any(|e| e.ty() != oe && !conversion_exists(e.ty(), oe, true))
        {
            let types = std::iter::repeat_n(oe.clone(), done.len())
                .chain(rest.iter().map(|e| e.ty().clone()));
            let (message, at) = mismatch_message(&Type::tuple(types), self.want);
            return Err(ConversionError::new(at, message));
        }
        let mut path = AttributePath::empty();
        for e in rest {
            if e.ty() == oe {
                done.push(e);
                continue;
            }
            path.push(PathStep::ElementKeyInt(done.len() as i64));
            let c = apply(e, oe, true, &mut path);
            path.pop();
            done.push(c?);
        }
        finish_list(done, &mut path)
    }

    /// Applies the defaults and converts `value`, which must [`fit`](Plan::fits); equal to
    /// converting the value with the defaults applied.
    pub(super) fn convert(
        &self,
        value: Value,
        path: &mut AttributePath,
    ) -> Result<Value, ConversionError> {
        if self.defaults.is_none() && value.ty() == self.want {
            return Ok(value);
        }
        match &self.shape {
            Shape::Object {
                value_ty,
                attributes: plans,
            } => {
                let (in_ty, values) = match value.into_object_values() {
                    Ok(parts) => parts,
                    Err(value) => return apply(value, self.want, true, path),
                };
                let names = in_ty.as_object().map(|o| o.attributes().keys());
                // Both in name order: one merge walk. `fits` saw no key that is not an
                // attribute.
                let mut present = names.into_iter().flatten().zip(values).peekable();
                let mut converted = Vec::with_capacity(plans.len());
                for a in plans {
                    let default = a.default.flatten();
                    let value = match present.next_if(|(key, _)| *key == a.name) {
                        Some((_, v)) if !v.is_null() => {
                            // The attribute's step joins the path only on error (the single
                            // pass does not fail; this keeps its paths right if it ever did).
                            a.plan
                                .convert(v, path)
                                .map_err(|e| at_attribute(e, path, a.name))?
                        }
                        Some((_, v)) => match default {
                            Some(default) => default.clone(),
                            None if v.ty() != a.ty => strip_null(
                                apply(v, a.ty, true, path)
                                    .map_err(|e| at_attribute(e, path, a.name))?,
                            ),
                            None => strip_null(v),
                        },
                        None => match default {
                            Some(default) => default.clone(),
                            None => Value::null(a.value_ty.clone()),
                        },
                    };
                    converted.push(value);
                }
                debug_assert!(present.peek().is_none(), "`fits` refuses extra keys");
                // The conversion's `object_for`: the attribute names are the type's, so the
                // shared value type fits when the attribute types do.
                let fits = converted
                    .iter()
                    .zip(plans)
                    .all(|(v, a)| *v.ty() == a.value_ty);
                Ok(if fits {
                    Value::object_values_unchecked(value_ty.clone(), converted)
                } else {
                    Value::object_of(plans.iter().map(|a| a.name.as_str()).zip(converted))
                })
            }
            Shape::List(element) => {
                let (in_ty, data) = value.into_parts();
                let ValueData::Tuple(elements) = data else {
                    let value = Value::from_parts_unchecked(in_ty, data);
                    return apply(value, self.want, true, path);
                };
                let mut converted = Vec::with_capacity(elements.len());
                for (i, e) in elements.into_iter().enumerate() {
                    path.push(PathStep::ElementKeyInt(i as i64));
                    let c = element.convert(e, path);
                    path.pop();
                    converted.push(c?);
                }
                finish_list(converted, path)
            }
            Shape::Primitive | Shape::Other => apply(value, self.want, true, path),
        }
    }
}

/// The end of a tuple's conversion to a list: converted elements of different types are
/// unified, and must end up with one type.
fn finish_list(converted: Vec<Value>, path: &mut AttributePath) -> Result<Value, ConversionError> {
    let converted = unify_list_elements(converted, true, path)?;
    sequence_value(converted, false, path, "list")
}

/// A list constraint's elements converted one at a time, each exactly as
/// [`Plan::convert_list`] converts it, for callers that stream a long list instead of
/// holding it (the JSON-lines answer).
pub(crate) struct ListElements<'a> {
    plan: Plan<'a>,
    path: AttributePath,
}

impl<'a> ListElements<'a> {
    /// `None` unless [`crate::convert`] converts to `constraint` through
    /// [`Plan::convert_list`] (a list type, no `any`, not too deep).
    pub(crate) fn new(constraint: &'a TypeConstraint) -> Option<ListElements<'a>> {
        let want = constraint.ty();
        if has_dynamic(want) || super::type_util::type_deeper_than(want, MAX_DEPTH) {
            return None;
        }
        let plan = Plan::new(want, constraint.defaults());
        matches!(plan.shape, Shape::List(_)).then(|| ListElements {
            plan,
            path: AttributePath::empty(),
        })
    }

    /// Element `index` converted; `None` where the list's conversion would take another
    /// route for it (it does not fit the single pass, or it fails).
    pub(crate) fn convert(&mut self, index: usize, element: Value) -> Option<Value> {
        let Shape::List(plan) = &self.plan.shape else {
            return None;
        };
        if !plan.fits(&element) {
            return None;
        }
        self.path.push(PathStep::ElementKeyInt(index as i64));
        let converted = plan.convert(element, &mut self.path);
        self.path.pop();
        converted.ok()
    }
}

/// `error`, which happened under attribute `name` of the value at `path` while that step was
/// left out of the path: with the step put in.
fn at_attribute(error: ConversionError, path: &AttributePath, name: &str) -> ConversionError {
    let k = path.len().min(error.path.len());
    let steps = error.path.steps();
    let fixed = AttributePath::from_steps(
        steps[..k]
            .iter()
            .cloned()
            .chain(std::iter::once(PathStep::AttributeName(name.to_owned())))
            .chain(steps[k..].iter().cloned()),
    );
    ConversionError {
        path: fixed,
        message: error.message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{json_value, parse};

    #[test]
    fn json_values_for_a_constraint_with_defaults_take_the_single_pass() {
        let c = parse(
            r#"list(object({name = string, enabled = optional(bool, true),
                website = optional(object({index = optional(string, "index.html")}), {})}))"#,
        )
        .unwrap();
        let plan = Plan::new(c.ty(), c.defaults());
        let fits = |json: &str| plan.fits(&json_value::parse_json(json).unwrap());
        assert!(fits(
            r#"[{"name": "a"}, {"name": 1, "enabled": "false", "website": null}]"#
        ));
        assert!(fits(r#"[{"name": "a", "website": {"index": null}}]"#));
        // Errors, extra attributes, empty lists and nulls go the two-pass way.
        assert!(!fits(r#"[{"enabled": true}]"#));
        assert!(!fits(r#"[{"name": "a", "enabled": "yes"}]"#));
        assert!(!fits(r#"[{"name": "a", "extra": 1}]"#));
        assert!(!fits("[]"));
        assert!(!fits("[null]"));
    }

    #[test]
    fn an_error_under_an_attribute_gets_the_attribute_step() {
        let mut path = AttributePath::empty().at_list_index(3);
        let inner = ConversionError::new(path.clone().at_name("b"), "a number is required");
        let e = at_attribute(inner, &path, "a");
        assert_eq!(
            e.path,
            AttributePath::empty()
                .at_list_index(3)
                .at_name("a")
                .at_name("b")
        );
        path.pop();
        assert!(path.is_empty());
    }
}
