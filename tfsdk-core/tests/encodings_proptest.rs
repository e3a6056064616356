//! Property tests for the wire encodings: random types and random values of them survive
//! msgpack and JSON unchanged, and random or damaged input never panics.

use proptest::prelude::*;
use proptest::strategy::BoxedStrategy;
use tfsdk_core::tftypes::{Number, ObjectType, Type, Value};

// ---------------------------------------------------------------------------------------------
// Strategies

/// A random type, nested at most `depth` levels below its root.
fn any_type(depth: u32) -> BoxedStrategy<Type> {
    let leaf = prop_oneof![
        Just(Type::String),
        Just(Type::Number),
        Just(Type::Bool),
        Just(Type::Dynamic),
    ];
    leaf.prop_recursive(depth, 24, 4, |inner| {
        prop_oneof![
            inner.clone().prop_map(Type::list),
            inner.clone().prop_map(Type::set),
            inner.clone().prop_map(Type::map),
            prop::collection::btree_map("[a-z_]{1,4}", inner.clone(), 0..4).prop_map(Type::object),
            prop::collection::vec(inner, 0..4).prop_map(Type::tuple),
        ]
    })
    .boxed()
}

/// A random type that is not `Dynamic` itself: what a dynamic position holds.
fn concrete_type(depth: u32) -> BoxedStrategy<Type> {
    any_type(depth)
        .prop_filter("a concrete type", |ty| !ty.is_dynamic())
        .boxed()
}

/// Numbers of every shape the encoders treat differently.
fn any_number() -> BoxedStrategy<Number> {
    prop_oneof![
        any::<i64>().prop_map(Number::from),
        any::<u64>().prop_map(Number::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| Number::from_f64(f).unwrap()),
        any::<f32>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| Number::from_f32(f).unwrap()),
        // Exact binary fractions with long decimal expansions.
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Number::from_f64_exact),
        (any::<i32>(), -30i64..30).prop_map(|(m, e)| format!("{m}e{e}").parse().unwrap()),
        ("-?[1-9][0-9]{15,40}", -420i64..420)
            .prop_map(|(m, e)| format!("{m}e{e}").parse().unwrap()),
    ]
    .boxed()
}

/// Settings for [`value_of`].
#[derive(Clone, Copy)]
struct Gen {
    /// Whether unknown values may appear (msgpack yes, JSON no).
    unknowns: bool,
    /// How many more dynamic positions may pick a fresh nested type.
    dynamic_budget: u32,
}

impl Gen {
    fn inner(self) -> Gen {
        Gen {
            dynamic_budget: self.dynamic_budget.saturating_sub(1),
            ..self
        }
    }

    fn fresh_type(self) -> BoxedStrategy<Type> {
        concrete_type(if self.dynamic_budget > 0 { 2 } else { 0 })
    }
}

/// A random value of type `ty`: null, unknown or known at every level.
fn value_of(ty: &Type, g: Gen) -> BoxedStrategy<Value> {
    let null = Just(Value::null(ty.clone()));
    let known = known_value_of(ty, g);
    if g.unknowns {
        prop_oneof![1 => null, 1 => Just(Value::unknown(ty.clone())), 10 => known].boxed()
    } else {
        prop_oneof![1 => null, 10 => known].boxed()
    }
}

/// Elements for a collection of `element`: under `Dynamic` all elements share one concrete
/// type, or are all nulls and unknowns of no type (as [`Value::list`] requires).
fn elements_of(element: &Type, g: Gen, max: usize) -> BoxedStrategy<(Type, Vec<Value>)> {
    if element.is_dynamic() {
        let untyped = if g.unknowns {
            prop_oneof![
                Just(Value::null(Type::Dynamic)),
                Just(Value::unknown(Type::Dynamic))
            ]
            .boxed()
        } else {
            Just(Value::null(Type::Dynamic)).boxed()
        };
        prop_oneof![
            g.fresh_type().prop_flat_map(move |t| {
                prop::collection::vec(value_of(&t, g.inner()), 0..max)
                    .prop_map(|elements| (Type::Dynamic, elements))
            }),
            prop::collection::vec(untyped, 0..max).prop_map(|e| (Type::Dynamic, e)),
        ]
        .boxed()
    } else {
        let element = element.clone();
        prop::collection::vec(value_of(&element, g), 0..max)
            .prop_map(move |elements| (element.clone(), elements))
            .boxed()
    }
}

fn known_value_of(ty: &Type, g: Gen) -> BoxedStrategy<Value> {
    match ty {
        Type::String => any::<String>().prop_map(Value::from).boxed(),
        Type::Number => any_number().prop_map(Value::number).boxed(),
        Type::Bool => any::<bool>().prop_map(Value::from).boxed(),
        Type::Dynamic => g
            .fresh_type()
            .prop_flat_map(move |t| value_of(&t, g.inner()))
            .boxed(),
        Type::List(element) => elements_of(element, g, 4)
            .prop_map(|(element, elements)| Value::list(element, elements).unwrap())
            .boxed(),
        Type::Set(element) => elements_of(element, g, 5)
            .prop_map(|(element, elements)| {
                // Unique wholly known elements; the rest may repeat.
                let mut unique: Vec<Value> = Vec::new();
                for v in elements {
                    if !(v.is_wholly_known() && unique.contains(&v)) {
                        unique.push(v);
                    }
                }
                Value::set(element, unique).unwrap()
            })
            .boxed(),
        Type::Map(element) => (
            elements_of(element, g, 4),
            prop::collection::vec(any::<String>(), 4),
        )
            .prop_map(|((element, elements), keys)| {
                let entries: Vec<(String, Value)> = keys.into_iter().zip(elements).collect();
                Value::map(element, entries).unwrap()
            })
            .boxed(),
        Type::Object(object) => {
            let attributes: Vec<BoxedStrategy<(String, Value)>> = object
                .attributes()
                .iter()
                .map(|(name, t)| {
                    let name = name.clone();
                    value_of(t, g).prop_map(move |v| (name.clone(), v)).boxed()
                })
                .collect();
            let ty = ty.clone();
            attributes
                .prop_map(move |attributes| Value::object(ty.clone(), attributes).unwrap())
                .boxed()
        }
        Type::Tuple(types) => {
            let elements: Vec<BoxedStrategy<Value>> =
                types.iter().map(|t| value_of(t, g)).collect();
            let types = types.to_vec();
            elements
                .prop_map(move |elements| Value::tuple(types.clone(), elements).unwrap())
                .boxed()
        }
    }
}

/// A random type and a random value of it.
fn typed_value(unknowns: bool) -> impl Strategy<Value = (Type, Value)> {
    any_type(4).prop_flat_map(move |ty| {
        let g = Gen {
            unknowns,
            dynamic_budget: 2,
        };
        // The root is mostly known, so that most cases reach inside.
        let root = prop_oneof![1 => value_of(&ty, g), 4 => known_value_of(&ty, g)];
        (Just(ty.clone()), root)
    })
}

/// A random type that may have optional attributes (type JSON carries them).
fn type_with_optionals() -> impl Strategy<Value = Type> {
    (any_type(3), any::<u64>()).prop_map(|(ty, seed)| with_optionals(&ty, seed))
}

fn with_optionals(ty: &Type, seed: u64) -> Type {
    match ty {
        Type::List(e) => Type::list(with_optionals(e, seed / 3)),
        Type::Set(e) => Type::set(with_optionals(e, seed / 5)),
        Type::Map(e) => Type::map(with_optionals(e, seed / 7)),
        Type::Tuple(t) => Type::tuple(t.iter().map(|e| with_optionals(e, seed / 11))),
        Type::Object(o) => {
            let attributes = o
                .attributes()
                .iter()
                .map(|(k, t)| (k.clone(), with_optionals(t, seed / 13)));
            let optional: Vec<String> = o
                .attributes()
                .keys()
                .enumerate()
                .filter(|(i, _)| seed >> (i % 64) & 1 == 1)
                .map(|(_, k)| k.clone())
                .collect();
            Type::from_object(ObjectType::new(attributes).with_optional(optional))
        }
        other => other.clone(),
    }
}

/// Flips, drops or inserts a few bytes.
fn damage(mut bytes: Vec<u8>, edits: &[(usize, u8, u8)]) -> Vec<u8> {
    for &(at, op, byte) in edits {
        if bytes.is_empty() {
            bytes.push(byte);
            continue;
        }
        let at = at % bytes.len();
        match op % 3 {
            0 => bytes[at] = byte,
            1 => {
                bytes.remove(at);
            }
            _ => bytes.insert(at, byte),
        }
    }
    bytes
}

// ---------------------------------------------------------------------------------------------
// Properties

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn msgpack_round_trip_is_identity((ty, value) in typed_value(true)) {
        let bytes = value.to_msgpack(&ty).unwrap();
        let back = Value::from_msgpack(&bytes, &ty).unwrap();
        prop_assert_eq!(&back, &value);
        // And the bytes are stable: encoding again gives the same (sets keep the order read).
        prop_assert_eq!(back.to_msgpack(&ty).unwrap(), bytes);
    }

    #[test]
    fn json_round_trip_is_identity((ty, value) in typed_value(false)) {
        let json = value.to_json(&ty).unwrap();
        let back = Value::from_json(&json, &ty).unwrap();
        prop_assert_eq!(&back, &value);
        prop_assert_eq!(back.to_json(&ty).unwrap(), json);
    }

    #[test]
    fn json_refuses_values_with_unknowns((ty, value) in typed_value(true)) {
        let result = value.to_json(&ty);
        prop_assert_eq!(result.is_ok(), value.is_wholly_known(), "{:?}", result);
    }

    #[test]
    fn type_json_round_trip_is_identity(ty in type_with_optionals()) {
        let json = ty.to_json().unwrap();
        prop_assert_eq!(Type::from_json(&json).unwrap(), ty);
    }

    #[test]
    fn random_bytes_never_panic_the_msgpack_decoder(
        ty in any_type(3),
        bytes in prop::collection::vec(any::<u8>(), 0..64),
    ) {
        let _ = Value::from_msgpack(&bytes, &ty);
    }

    #[test]
    fn damaged_msgpack_never_panics_the_decoder(
        (ty, value) in typed_value(true),
        edits in prop::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..4),
    ) {
        let bytes = damage(value.to_msgpack(&ty).unwrap(), &edits);
        if let Ok(decoded) = Value::from_msgpack(&bytes, &ty) {
            // Whatever decodes is a valid value of the type, and encodes again.
            prop_assert!(decoded.check_type(&ty).is_ok());
            prop_assert!(decoded.to_msgpack(&ty).is_ok());
        }
    }

    #[test]
    fn random_text_never_panics_the_json_decoders(
        ty in any_type(3),
        text in "[\\[\\]{}\",: 0-9a-z.eE+\\-\\\\]{0,48}",
    ) {
        let _ = Value::from_json(&text, &ty);
        let _ = Type::from_json(&text);
    }

    #[test]
    fn damaged_json_never_panics_the_decoder(
        (ty, value) in typed_value(false),
        edits in prop::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..4),
    ) {
        let bytes = damage(value.to_json(&ty).unwrap().into_bytes(), &edits);
        if let Ok(decoded) = Value::from_json(&bytes, &ty) {
            prop_assert!(decoded.check_type(&ty).is_ok());
        }
        let _ = Type::from_json(&bytes);
    }
}
