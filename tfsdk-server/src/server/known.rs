//! After apply and after a data source read no value may be unknown: Terraform rejects such an
//! answer with a generic message. The server finds the attribute and says which it is.

use std::collections::BTreeMap;

use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::path::{AttributePath, PathStep};
use tfsdk_core::tftypes::{Value, ValueData, ValueKind};

/// The path of the first unknown value inside `value`, in attribute-name order.
pub(super) fn first_unknown(value: &Value) -> Option<AttributePath> {
    let mut path = AttributePath::empty();
    find(value, &mut path).then_some(path)
}

fn find(value: &Value, path: &mut AttributePath) -> bool {
    let step_into = |step: PathStep, element: &Value, path: &mut AttributePath| {
        path.push(step);
        if find(element, path) {
            return true;
        }
        path.pop();
        false
    };
    match value.kind() {
        ValueKind::Unknown => true,
        ValueKind::Null | ValueKind::String(_) | ValueKind::Number(_) | ValueKind::Bool(_) => false,
        ValueKind::List(elements) | ValueKind::Tuple(elements) => elements
            .iter()
            .enumerate()
            .any(|(i, element)| step_into(PathStep::ElementKeyInt(i as i64), element, path)),
        ValueKind::Set(elements) => elements
            .iter()
            .any(|element| step_into(PathStep::ElementKeyValue(element.clone()), element, path)),
        ValueKind::Map(elements) => elements.iter().any(|(key, element)| {
            step_into(PathStep::ElementKeyString(key.to_owned()), element, path)
        }),
        ValueKind::Object(attributes) => attributes.iter().any(|(name, element)| {
            step_into(PathStep::AttributeName(name.to_owned()), element, path)
        }),
    }
}

/// The state returned by provider code (`operation`: "create", "read", …) if wholly known;
/// otherwise the errors of [`require_known`] go into `found`, and the state comes back with the
/// attributes concerned null.
pub(super) fn checked(operation: &str, state: Value, found: &mut Diagnostics) -> Value {
    require_known(operation, state).unwrap_or_else(|(repaired, errors)| {
        found.append(errors);
        repaired
    })
}

/// Checks that a state returned by provider code (`operation`: "create", "read", …) is wholly
/// known. If not, returns an error naming each top-level attribute concerned and the state with
/// those attributes null, which Terraform can store.
pub(super) fn require_known(operation: &str, state: Value) -> Result<Value, (Value, Diagnostics)> {
    if state.is_wholly_known() {
        return Ok(state);
    }
    let Some(attributes) = state.as_object() else {
        let path = first_unknown(&state).unwrap_or_else(AttributePath::empty);
        let mut diagnostics = Diagnostics::new();
        diagnostics.push(unknown_after(operation, path));
        return Err((Value::null(state.ty().clone()), diagnostics));
    };
    let mut diagnostics = Diagnostics::new();
    let mut repaired = BTreeMap::new();
    for (name, value) in attributes {
        if value.is_wholly_known() {
            repaired.insert(name.to_owned(), value.clone());
        } else {
            let inner = first_unknown(value).unwrap_or_else(AttributePath::empty);
            diagnostics.push(unknown_after(
                operation,
                AttributePath::root(name.to_owned()).join(&inner),
            ));
            repaired.insert(name.to_owned(), Value::null(value.ty().clone()));
        }
    }
    let repaired = Value::object(state.ty().clone(), repaired)
        .unwrap_or_else(|_| Value::null(state.ty().clone()));
    Err((repaired, diagnostics))
}

/// `value` with every unknown value in it, at any depth, null (a set keeps one of the elements
/// that become equal): a failed create's or update's partial state as Terraform can store it,
/// as Go's framework makes it.
pub(super) fn unknowns_to_null(value: Value) -> Value {
    if value.is_wholly_known() {
        return value;
    }
    if !value.is_known() {
        return Value::null(value.ty().clone());
    }
    let (ty, data) = value.into_parts();
    let data = match data {
        ValueData::List(elements) => {
            ValueData::List(elements.into_iter().map(unknowns_to_null).collect())
        }
        ValueData::Tuple(elements) => {
            ValueData::Tuple(elements.into_iter().map(unknowns_to_null).collect())
        }
        ValueData::Set(elements) => {
            let mut kept: Vec<Value> = Vec::with_capacity(elements.len());
            for element in elements.into_iter().map(unknowns_to_null) {
                if !kept.contains(&element) {
                    kept.push(element);
                }
            }
            ValueData::Set(kept)
        }
        ValueData::Map(entries) => ValueData::Map(
            entries
                .into_iter()
                .map(|(key, element)| (key, unknowns_to_null(element)))
                .collect(),
        ),
        ValueData::Object(attributes) => ValueData::Object(
            attributes
                .into_iter()
                .map(|(name, element)| (name, unknowns_to_null(element)))
                .collect(),
        ),
        other => other,
    };
    Value::from_parts_unchecked(ty, data)
}

fn unknown_after(operation: &str, path: AttributePath) -> Diagnostic {
    Diagnostic::error(
        "Provider returned an unknown value",
        format!(
            "After {operation}, the value of {path} is still unknown. Every attribute must be \
             known once the provider has acted: set it in the model the provider returns (for a \
             computed attribute the provider cannot know, set it null). This is a bug in the \
             provider."
        ),
    )
    .with_path(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tfsdk_core::tftypes::Type;

    fn state(checksum: Value) -> Value {
        Value::object_of([
            ("checksum", checksum),
            ("path", Value::from("a.txt")),
            (
                "labels",
                Value::list(
                    Type::String,
                    [Value::from("x"), Value::unknown(Type::String)],
                )
                .unwrap(),
            ),
        ])
    }

    #[test]
    fn a_wholly_known_state_passes() {
        let known = Value::object_of([("path", Value::from("a.txt"))]);
        assert_eq!(require_known("create", known.clone()), Ok(known));
    }

    #[test]
    fn each_unknown_attribute_is_named_with_its_path_and_made_null() {
        let (repaired, diagnostics) =
            require_known("create", state(Value::unknown(Type::String))).unwrap_err();
        let paths: Vec<String> = diagnostics
            .iter()
            .map(|d| d.path.as_ref().unwrap().to_string())
            .collect();
        assert_eq!(paths, ["checksum", "labels[1]"]);
        assert!(
            diagnostics
                .iter()
                .all(|d| d.detail.starts_with("After create, the value of"))
        );
        assert!(repaired.attribute("checksum").unwrap().is_null());
        assert!(repaired.attribute("labels").unwrap().is_null());
        assert_eq!(repaired.attribute("path"), Some(&Value::from("a.txt")));
    }

    #[test]
    fn a_partial_state_keeps_what_is_known_and_nulls_each_unknown_value() {
        let partial = unknowns_to_null(state(Value::unknown(Type::String)));
        assert!(partial.attribute("checksum").unwrap().is_null());
        let labels = partial.attribute("labels").unwrap().as_elements().unwrap();
        assert_eq!(labels, [Value::from("x"), Value::null(Type::String)]);
        assert_eq!(partial.attribute("path"), Some(&Value::from("a.txt")));
        // Two unknown elements of a set become one null element.
        let set = Value::from_parts_unchecked(
            Type::set(Type::String),
            ValueData::Set(vec![
                Value::from("a"),
                Value::unknown(Type::String),
                Value::unknown(Type::String),
            ]),
        );
        let elements = unknowns_to_null(set);
        assert_eq!(
            elements.as_elements().unwrap(),
            [Value::from("a"), Value::null(Type::String)]
        );
    }
}
