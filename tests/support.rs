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

/// Random values of a type for property tests: every node null, unknown or known; strings,
/// numbers and bools from small pools so that set elements collide now and then.
pub mod arbitrary {
    use proptest::prelude::*;
    use proptest::strategy::BoxedStrategy;
    use tfsdk_core::tftypes::{Type, Value};

    /// A value of `ty` whose root is known, with null and unknown anywhere below.
    pub fn known_value_of(ty: &Type) -> BoxedStrategy<Value> {
        match ty {
            Type::String => prop_oneof![Just("a"), Just("b"), Just("ünï"), Just("")]
                .prop_map(Value::from)
                .boxed(),
            // Numbers that every numeric field holds exactly; the lossy ones have their own tests.
            Type::Number => any::<i32>().prop_map(Value::from).boxed(),
            Type::Bool => any::<bool>().prop_map(Value::from).boxed(),
            Type::List(element) => {
                let element = (**element).clone();
                prop::collection::vec(value_of(&element), 0..4)
                    .prop_map(move |v| Value::list(element.clone(), v).unwrap())
                    .boxed()
            }
            Type::Set(element) => {
                let element = (**element).clone();
                prop::collection::vec(value_of(&element), 0..4)
                    .prop_map(move |v| {
                        let mut unique: Vec<Value> = Vec::new();
                        for e in v {
                            if !(e.is_wholly_known() && unique.contains(&e)) {
                                unique.push(e);
                            }
                        }
                        Value::set(element.clone(), unique).unwrap()
                    })
                    .boxed()
            }
            Type::Map(element) => {
                let element = (**element).clone();
                prop::collection::btree_map("[a-c]{1,2}", value_of(&element), 0..4)
                    .prop_map(move |m| Value::map(element.clone(), m).unwrap())
                    .boxed()
            }
            Type::Object(object) => {
                let parts: Vec<BoxedStrategy<(String, Value)>> = object
                    .attributes()
                    .iter()
                    .map(|(name, t)| {
                        let name = name.clone();
                        value_of(t).prop_map(move |v| (name.clone(), v)).boxed()
                    })
                    .collect();
                let ty = ty.clone();
                parts
                    .prop_map(move |attributes| Value::object(ty.clone(), attributes).unwrap())
                    .boxed()
            }
            Type::Tuple(types) => {
                let parts: Vec<BoxedStrategy<Value>> = types.iter().map(value_of).collect();
                let types = types.to_vec();
                parts
                    .prop_map(move |v| Value::tuple(types.clone(), v).unwrap())
                    .boxed()
            }
            Type::Dynamic => prop_oneof![
                any::<bool>().prop_map(Value::from),
                Just(Value::from("dynamic")),
            ]
            .boxed(),
        }
    }

    /// A value of `ty`: null, unknown or known, and so on at every level below.
    pub fn value_of(ty: &Type) -> BoxedStrategy<Value> {
        prop_oneof![
            1 => Just(Value::null(ty.clone())),
            1 => Just(Value::unknown(ty.clone())),
            6 => known_value_of(ty),
        ]
        .boxed()
    }

    /// A few types of every kind, for "any value of any type".
    pub fn some_type() -> BoxedStrategy<Type> {
        let leaf = prop_oneof![Just(Type::String), Just(Type::Number), Just(Type::Bool)];
        leaf.prop_recursive(3, 16, 3, |inner| {
            prop_oneof![
                inner.clone().prop_map(Type::list),
                inner.clone().prop_map(Type::set),
                inner.clone().prop_map(Type::map),
                prop::collection::btree_map("[a-z]{1,3}", inner, 0..4).prop_map(Type::object),
            ]
        })
        .boxed()
    }
}
