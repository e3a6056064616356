//! Helpers shared by the integration tests.

use tfsdk_core::path::{AttributePath, PathStep};
use tfsdk_core::tftypes::{Type, Value, ValueData};

/// Every way to put a null or an unknown into `value`: for each node (the root included), the
/// value with that node replaced by null and by unknown, with the node's path. Set elements
/// that would collide with a sibling after the change are left out (a set cannot hold both).
pub fn null_and_unknown_variants(value: &Value) -> Vec<(AttributePath, Value)> {
    let mut out = Vec::new();
    collect(value, &AttributePath::empty(), &mut out);
    out
}

fn collect(value: &Value, path: &AttributePath, out: &mut Vec<(AttributePath, Value)>) {
    out.push((path.clone(), Value::null(value.ty().clone())));
    out.push((path.clone(), Value::unknown(value.ty().clone())));
    let (ty, data) = value.clone().into_parts();
    match data {
        ValueData::List(elements) | ValueData::Set(elements) | ValueData::Tuple(elements) => {
            let is_set = matches!(ty, Type::Set(_));
            for (i, element) in elements.iter().enumerate() {
                let step = if is_set {
                    PathStep::ElementKeyValue(element.clone())
                } else {
                    PathStep::ElementKeyInt(i as i64)
                };
                let mut inner = Vec::new();
                collect(element, &path.clone().with(step), &mut inner);
                for (p, replacement) in inner {
                    let mut changed = elements.clone();
                    changed[i] = replacement;
                    if let Ok(v) = rebuild(&ty, changed) {
                        out.push((p, v));
                    }
                }
            }
        }
        ValueData::Map(entries) | ValueData::Object(entries) => {
            let is_map = matches!(ty, Type::Map(_));
            for (key, entry) in &entries {
                let child = if is_map {
                    path.clone().at_map_key(key.clone())
                } else {
                    path.clone().at_name(key.clone())
                };
                let mut inner = Vec::new();
                collect(entry, &child, &mut inner);
                for (p, replacement) in inner {
                    let mut changed = entries.clone();
                    changed.insert(key.clone(), replacement);
                    let rebuilt = if is_map {
                        let Type::Map(element) = &ty else {
                            unreachable!()
                        };
                        Value::map((**element).clone(), changed)
                    } else {
                        Value::object(ty.clone(), changed)
                    };
                    out.push((p, rebuilt.expect("same type, one part replaced")));
                }
            }
        }
        _ => {}
    }
}

fn rebuild(ty: &Type, elements: Vec<Value>) -> Result<Value, tfsdk_core::tftypes::ValueError> {
    match ty {
        Type::List(element) => Value::list((**element).clone(), elements),
        Type::Set(element) => Value::set((**element).clone(), elements),
        Type::Tuple(types) => Value::tuple(types.iter().cloned(), elements),
        other => unreachable!("{other} has no elements"),
    }
}
