//! Go's "unhandled null / unknown as empty" ([`ObjectAsOptions`](super::ObjectAsOptions)): the
//! value that reads back as Go's zero value of a type, and a value with one of its parts
//! replaced by it.

use crate::path::PathStep;
use crate::tftypes::{Number, Type, Value, ValueData};

/// The value that reads back as Go's zero value of a target of type `ty`: `""`, `0`, `false`,
/// empty collections; an object or tuple whose parts are null, so that each part reads as its
/// own target's zero value (null for a framework type, empty for a native one: the caller
/// fills those in turn). `None` for `dynamic`, which has no such value.
pub(crate) fn zero_value(ty: &Type) -> Option<Value> {
    let data = match ty {
        Type::Dynamic => return None,
        Type::String => ValueData::String(String::new()),
        Type::Number => ValueData::Number(Number::from(0i64)),
        Type::Bool => ValueData::Bool(false),
        Type::List(_) => ValueData::List(Vec::new()),
        Type::Set(_) => ValueData::Set(Vec::new()),
        Type::Map(_) => ValueData::Map(Default::default()),
        Type::Tuple(elements) => {
            ValueData::Tuple(elements.iter().cloned().map(Value::null).collect())
        }
        Type::Object(object) => ValueData::Object(
            object
                .attributes()
                .iter()
                .map(|(name, ty)| (name.clone(), Value::null(ty.clone())))
                .collect(),
        ),
    };
    Some(Value::from_parts_unchecked(ty.clone(), data))
}

/// `value` with the part at `steps` replaced by its type's [`zero_value`]; `None` when the
/// path leads nowhere or the part's type has no zero value. The replacement has the part's
/// type, so the result is well-typed.
pub(crate) fn with_zero_at(value: Value, steps: &[PathStep]) -> Option<Value> {
    let Some((step, rest)) = steps.split_first() else {
        return zero_value(value.ty());
    };
    let (ty, data) = value.into_parts();
    let data = match (data, step) {
        (ValueData::Object(mut parts), PathStep::AttributeName(key))
        | (ValueData::Map(mut parts), PathStep::ElementKeyString(key)) => {
            let part = parts.remove(key)?;
            parts.insert(key.clone(), with_zero_at(part, rest)?);
            if matches!(ty, Type::Object(_)) {
                ValueData::Object(parts)
            } else {
                ValueData::Map(parts)
            }
        }
        (ValueData::List(mut elements), PathStep::ElementKeyInt(index))
        | (ValueData::Tuple(mut elements), PathStep::ElementKeyInt(index)) => {
            let index = usize::try_from(*index)
                .ok()
                .filter(|i| *i < elements.len())?;
            let part = std::mem::replace(&mut elements[index], Value::null(Type::Dynamic));
            elements[index] = with_zero_at(part, rest)?;
            if matches!(ty, Type::List(_)) {
                ValueData::List(elements)
            } else {
                ValueData::Tuple(elements)
            }
        }
        (ValueData::Set(mut elements), PathStep::ElementKeyValue(element)) => {
            let index = elements.iter().position(|e| e == element)?;
            let part = elements.remove(index);
            elements.push(with_zero_at(part, rest)?);
            ValueData::Set(elements)
        }
        _ => return None,
    };
    Some(Value::from_parts_unchecked(ty, data))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::path::AttributePath;

    #[test]
    fn zero_values_of_each_type() {
        assert_eq!(zero_value(&Type::String), Some(Value::from("")));
        assert_eq!(zero_value(&Type::Number), Some(Value::from(0i64)));
        assert_eq!(zero_value(&Type::Bool), Some(Value::from(false)));
        let object = Type::object([("a", Type::String), ("b", Type::list(Type::Bool))]);
        let zero = zero_value(&object).unwrap();
        assert_eq!(zero.attribute("a"), Some(&Value::null(Type::String)));
        assert!(zero.attribute("b").unwrap().is_null());
        assert_eq!(
            zero_value(&Type::list(Type::String)).unwrap().as_elements(),
            Some(&[][..])
        );
        assert_eq!(zero_value(&Type::Dynamic), None);
    }

    #[test]
    fn a_part_deep_inside_is_replaced_and_the_rest_kept() {
        let inner = Type::object([("name", Type::String), ("size", Type::Number)]);
        let value = Value::object_of([(
            "items",
            Value::list(
                inner.clone(),
                [
                    Value::object(
                        inner.clone(),
                        [("name", Value::from("a")), ("size", Value::from(1))],
                    )
                    .unwrap(),
                    Value::object(
                        inner.clone(),
                        [
                            ("name", Value::null(Type::String)),
                            ("size", Value::from(2)),
                        ],
                    )
                    .unwrap(),
                ],
            )
            .unwrap(),
        )]);
        let path = AttributePath::root("items")
            .at_list_index(1)
            .at_name("name");
        let replaced = with_zero_at(value.clone(), path.steps()).unwrap();
        assert_eq!(replaced.at_path(&path), Some(&Value::from("")));
        let first = AttributePath::root("items")
            .at_list_index(0)
            .at_name("name");
        assert_eq!(replaced.at_path(&first), Some(&Value::from("a")));
        assert_eq!(replaced.ty(), value.ty());
        assert!(with_zero_at(value, AttributePath::root("nope").steps()).is_none());
    }
}
