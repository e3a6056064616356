//! Null and unknown at every level of a derived model survive value → struct → value and the
//! msgpack wire in between; where a Rust type cannot hold one, the error names its exact path.

use std::collections::BTreeMap;

use tfsdk_core::convert::{ConvertErrorKind, FromValue, TerraformType, ToValue};
use tfsdk_core::tftypes::{Number, Type, Value};
use tfsdk_core::{TfObject, types};

use crate::support::null_and_unknown_variants;

/// Framework types at every position: each can hold null and unknown.
#[derive(TfObject, Clone, Debug, PartialEq)]
struct Server {
    #[tfsdk(name = "id")]
    id: types::String,
    #[tfsdk(name = "port")]
    port: types::Int64,
    #[tfsdk(name = "weight")]
    weight: types::Float64,
    #[tfsdk(name = "enabled")]
    enabled: types::Bool,
    #[tfsdk(name = "labels")]
    labels: types::Map<types::String>,
    #[tfsdk(name = "addresses")]
    addresses: types::List<types::String>,
    #[tfsdk(name = "zones")]
    zones: types::Set<types::String>,
    #[tfsdk(name = "disk")]
    disk: types::Object<Disk>,
    #[tfsdk(name = "volumes")]
    volumes: types::List<types::Object<Disk>>,
}

#[derive(TfObject, Clone, Debug, PartialEq)]
struct Disk {
    #[tfsdk(name = "size_gb")]
    size_gb: types::Int64,
    #[tfsdk(name = "kind")]
    kind: types::String,
}

/// Native types: `Option` holds null; nothing here holds unknown.
#[derive(TfObject, Clone, Debug, PartialEq)]
struct Plain {
    #[tfsdk(name = "name")]
    name: Option<String>,
    #[tfsdk(name = "ports")]
    ports: Option<Vec<Option<i64>>>,
    #[tfsdk(name = "labels")]
    labels: Option<BTreeMap<String, Option<String>>>,
    #[tfsdk(name = "inner")]
    inner: Option<Inner>,
}

#[derive(TfObject, Clone, Debug, PartialEq)]
struct Inner {
    #[tfsdk(name = "flag")]
    flag: Option<bool>,
}

fn disk(size: i64, kind: &str) -> Value {
    Value::object_of([("size_gb", Value::from(size)), ("kind", Value::from(kind))])
}

fn strings(items: &[&str]) -> Vec<Value> {
    items.iter().map(|s| Value::from(*s)).collect()
}

fn server() -> Value {
    let disk_type = Disk::terraform_type();
    Value::object(
        Server::terraform_type(),
        [
            ("id", Value::from("srv-1")),
            ("port", Value::from(8080)),
            ("weight", Value::number(Number::from_f64(0.5).unwrap())),
            ("enabled", Value::from(true)),
            (
                "labels",
                Value::map(Type::String, [("env", Value::from("prod"))]).unwrap(),
            ),
            (
                "addresses",
                Value::list(Type::String, strings(&["10.0.0.1", "10.0.0.2"])).unwrap(),
            ),
            (
                "zones",
                Value::set(Type::String, strings(&["a", "b"])).unwrap(),
            ),
            ("disk", disk(100, "ssd")),
            (
                "volumes",
                Value::list(disk_type, [disk(10, "hdd"), disk(20, "ssd")]).unwrap(),
            ),
        ],
    )
    .unwrap()
}

fn plain() -> Value {
    Value::object(
        Plain::terraform_type(),
        [
            ("name", Value::from("web")),
            (
                "ports",
                Value::list(Type::Number, [Value::from(80), Value::from(443)]).unwrap(),
            ),
            (
                "labels",
                Value::map(Type::String, [("tier", Value::from("front"))]).unwrap(),
            ),
            ("inner", Value::object_of([("flag", Value::from(false))])),
        ],
    )
    .unwrap()
}

/// value → struct → value, and value → msgpack → value → struct → value → msgpack.
fn assert_round_trips<T: FromValue + ToValue + TerraformType>(value: &Value) -> Result<(), String> {
    let ty = T::terraform_type();
    let model = T::from_value(value.clone()).map_err(|e| e.to_string())?;
    let back = model.to_value(&ty).map_err(|e| e.to_string())?;
    assert_eq!(&back, value, "value → struct → value changed the value");

    let bytes = value.to_msgpack(&ty).unwrap();
    let decoded = Value::from_msgpack(&bytes, &ty).unwrap();
    assert_eq!(&decoded, value, "msgpack changed the value");
    let again = T::from_value(decoded).unwrap().to_value(&ty).unwrap();
    assert_eq!(
        again.to_msgpack(&ty).unwrap(),
        bytes,
        "bytes changed on the way back"
    );
    Ok(())
}

#[test]
fn framework_types_keep_null_and_unknown_at_every_level() {
    let variants = null_and_unknown_variants(&server());
    assert_eq!(variants.len(), 46, "two per node of the value");
    for (path, value) in &variants {
        let result = assert_round_trips::<Server>(value);
        if path.is_empty() {
            // The root is a bare struct: it holds neither null nor unknown.
            assert!(result.is_err(), "a {} root was accepted", value.kind_name());
        } else {
            result.unwrap_or_else(|e| panic!("{} at {path}: {e}", value.kind_name()));
        }
    }
    // The framework object in the model holds its whole shape, untouched.
    let model = Server::from_value(server()).unwrap();
    assert_eq!(model.volumes.elements().len(), 2);
    assert_eq!(model.disk.attribute("kind"), Some(&Value::from("ssd")));
}

#[test]
fn natives_hold_null_anywhere_and_refuse_unknown_at_its_exact_path() {
    for (path, value) in null_and_unknown_variants(&plain()) {
        let node = value.at_path(&path).unwrap();
        let result = Plain::from_value(value.clone());
        match (node.is_unknown(), path.is_empty()) {
            (false, false) => assert_round_trips::<Plain>(&value)
                .unwrap_or_else(|e| panic!("null at {path}: {e}")),
            (false, true) => assert!(result.is_err(), "null root accepted"),
            (true, _) => {
                let error = result.expect_err("unknown accepted by a native type");
                assert_eq!(error.path(), &path, "{error}");
                assert!(
                    matches!(error.kind(), ConvertErrorKind::Unknown { .. }),
                    "{error}"
                );
            }
        }
    }
}

#[test]
fn unknown_elements_inside_known_collections_round_trip() {
    let mut with_unknown_element = server();
    let volumes = Value::list(
        Disk::terraform_type(),
        [disk(1, "a"), Value::unknown(Disk::terraform_type())],
    )
    .unwrap();
    with_unknown_element = set_attribute(with_unknown_element, "volumes", volumes);
    let model = Server::from_value(with_unknown_element.clone()).unwrap();
    assert!(model.volumes.elements()[1].is_unknown());
    assert_round_trips::<Server>(&with_unknown_element).unwrap();
}

/// A framework value that keeps a type of its own while null or unknown: a struct → value
/// conversion, the direct msgpack writer, and a value → struct conversion all check it against
/// the other side's type, and the error names both types and the attribute.
mod typed_null_and_unknown {
    use tfsdk_core::convert::{ConvertErrorKind, FromValue, TerraformType, ToValue};
    use tfsdk_core::msgpack_direct;
    use tfsdk_core::tftypes::{Type, Value};
    use tfsdk_core::types::{self, List, Map, Object, Set, Tuple};

    use super::{Disk, Server, server};

    /// A `Server` whose `addresses` (a `list(string)`) is replaced by `addresses`.
    fn with_addresses(addresses: List<types::String>) -> Server {
        let mut model = Server::from_value(server()).unwrap();
        model.addresses = addresses;
        model
    }

    fn assert_conflict(
        error: &tfsdk_core::convert::ConvertError,
        path: &str,
        own: &str,
        expected: &str,
    ) {
        assert_eq!(error.path().to_string(), path, "{error}");
        match error.kind() {
            ConvertErrorKind::TypeConflict {
                own: found_own,
                expected: found_expected,
                ..
            } => {
                assert_eq!(found_own.to_string(), own, "{error}");
                assert_eq!(found_expected.to_string(), expected, "{error}");
            }
            other => panic!("not a type conflict: {other:?} ({error})"),
        }
        let message = error.to_string();
        assert!(
            message.contains(own) && message.contains(expected),
            "{message}"
        );
    }

    #[test]
    fn a_null_list_of_bool_is_not_written_as_a_list_of_string() {
        for (state, list) in [
            ("null", List::<types::String>::null_of(Type::Bool)),
            ("unknown", List::<types::String>::unknown_of(Type::Bool)),
        ] {
            let model = with_addresses(list);
            let error = model.to_value(&Server::terraform_type()).unwrap_err();
            assert_conflict(&error, "addresses", "list(bool)", "list(string)");
            assert!(error.to_string().contains(state), "{error}");
            // The direct msgpack writer says the same.
            let error = msgpack_direct::to_vec(&model).unwrap_err();
            assert!(error.to_string().contains("list(bool)"), "{error}");
            assert!(error.to_string().contains("addresses"), "{error}");
        }
    }

    #[test]
    fn a_null_list_of_bool_is_not_read_as_a_list_of_string() {
        for value in [
            Value::null(Type::list(Type::Bool)),
            Value::unknown(Type::list(Type::Bool)),
            Value::list(Type::Bool, Vec::<Value>::new()).unwrap(),
        ] {
            let error = List::<types::String>::from_value(value).unwrap_err();
            assert_conflict(&error, "", "list(bool)", "list(string)");
        }
        // A list of any element type takes it.
        let list = List::<Value>::from_value(Value::null(Type::list(Type::Bool))).unwrap();
        assert!(list.is_null());
        assert_eq!(
            list.to_value(&Type::list(Type::Bool)).unwrap(),
            Value::null(Type::list(Type::Bool))
        );
    }

    #[test]
    fn an_empty_list_keeps_its_element_type_too() {
        let empty_bools = List::<Value>::value(Type::Bool, []).unwrap();
        let error = empty_bools.to_value(&Type::list(Type::String)).unwrap_err();
        assert_conflict(&error, "", "list(bool)", "list(string)");
        // The checked constructor refuses an element type the Rust elements cannot hold.
        let diagnostics = List::<types::String>::value(Type::Bool, []).unwrap_err();
        assert!(diagnostics.to_string().contains("bool"), "{diagnostics}");
        assert!(Set::<types::String>::value(Type::Bool, []).is_err());
        assert!(
            Map::<types::String>::value(Type::Bool, Vec::<(String, types::String)>::new()).is_err()
        );
    }

    #[test]
    fn sets_maps_and_tuples_check_their_types_too() {
        let set = Set::<types::String>::null_of(Type::Number);
        let error = set.to_value(&Type::set(Type::String)).unwrap_err();
        assert_conflict(&error, "", "set(number)", "set(string)");
        let error =
            Set::<types::String>::from_value(Value::unknown(Type::set(Type::Number))).unwrap_err();
        assert_conflict(&error, "", "set(number)", "set(string)");

        let map = Map::<types::String>::unknown_of(Type::Bool);
        let error = map.to_value(&Type::map(Type::String)).unwrap_err();
        assert_conflict(&error, "", "map(bool)", "map(string)");
        let error =
            Map::<types::String>::from_value(Value::null(Type::map(Type::Bool))).unwrap_err();
        assert_conflict(&error, "", "map(bool)", "map(string)");

        let tuple = Tuple::null_of(vec![Type::String, Type::Bool]);
        let error = tuple
            .to_value(&Type::tuple([Type::String, Type::Number]))
            .unwrap_err();
        assert_conflict(&error, "", "tuple([string,bool])", "tuple([string,number])");
        let own_type = Type::tuple([Type::String, Type::Bool]);
        assert_eq!(
            tuple.to_value(&own_type).unwrap(),
            Value::null(own_type.clone())
        );
        // Into a dynamic attribute it stays a null tuple of its own type.
        assert_eq!(
            tuple.to_value(&Type::Dynamic).unwrap(),
            Value::null(own_type)
        );
    }

    #[test]
    fn a_null_object_of_one_type_is_neither_read_nor_written_as_another() {
        let other = Type::object([("size_gb", Type::String)]);
        // Written: an untyped null object of another type into a Disk attribute.
        let error = Object::null_of([("size_gb", Type::String)])
            .to_value(&Disk::terraform_type())
            .unwrap_err();
        assert_conflict(
            &error,
            "",
            &other.to_string(),
            &Disk::terraform_type().to_string(),
        );
        // Read: a null object of another type as Object<Disk> (a model's value cannot hold one:
        // `Value::object` checks its attributes' types), and inside a list of them, at its index.
        let error = Object::<Disk>::from_value(Value::null(other.clone())).unwrap_err();
        assert_conflict(
            &error,
            "",
            &other.to_string(),
            &Disk::terraform_type().to_string(),
        );
        let list = Value::list(other.clone(), [Value::unknown(other.clone())]).unwrap();
        let error = Vec::<Object<Disk>>::from_value(list).unwrap_err();
        assert_conflict(
            &error,
            "[0]",
            &other.to_string(),
            &Disk::terraform_type().to_string(),
        );
        // The untyped object takes any object type.
        let any =
            Object::<types::AnyAttributes>::from_value(Value::unknown(other.clone())).unwrap();
        assert!(any.is_unknown());
        assert_eq!(any.to_value(&other).unwrap(), Value::unknown(other));
    }
}

fn set_attribute(object: Value, name: &str, value: Value) -> Value {
    let ty = object.ty().clone();
    let mut attributes = object.as_object().unwrap().to_map();
    attributes.insert(name.into(), value);
    Value::object(ty, attributes).unwrap()
}

trait KindName {
    fn kind_name(&self) -> &'static str;
}

impl KindName for Value {
    fn kind_name(&self) -> &'static str {
        if self.is_null() {
            "null"
        } else if self.is_unknown() {
            "unknown"
        } else {
            "known"
        }
    }
}

mod properties {
    use proptest::prelude::*;
    use tfsdk_core::convert::{FromValue, TerraformType};
    use tfsdk_core::tftypes::Value;

    use super::{Plain, Server, assert_round_trips};
    use crate::support::arbitrary::{known_value_of, some_type, value_of};

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// struct ↔ value ↔ msgpack ↔ value is lossless for any mix of null and unknown.
        #[test]
        fn framework_models_round_trip_any_value(value in known_value_of(&Server::terraform_type())) {
            assert_round_trips::<Server>(&value).unwrap();
        }

        /// A native model takes every value without unknowns, and refuses the others with the
        /// path of an unknown.
        #[test]
        fn native_models_round_trip_or_point_at_an_unknown(value in known_value_of(&Plain::terraform_type())) {
            match Plain::from_value(value.clone()) {
                Ok(_) => assert_round_trips::<Plain>(&value).unwrap(),
                Err(error) => {
                    let node = value.at_path(error.path()).expect("the error path is in the value");
                    prop_assert!(node.is_unknown(), "{error}");
                }
            }
        }

        /// No conversion panics on any value of any type: it converts or says why not.
        #[test]
        fn any_value_of_any_type_converts_or_errs(ty in some_type(), seed in any::<u64>()) {
            let mut runner = proptest::test_runner::TestRunner::new_with_rng(
                ProptestConfig::default(),
                proptest::test_runner::TestRng::from_seed(
                    proptest::test_runner::RngAlgorithm::ChaCha,
                    &[seed as u8; 32],
                ),
            );
            let value: Value = value_of(&ty).new_tree(&mut runner).unwrap().current();
            let _ = Server::from_value(value.clone());
            let _ = Plain::from_value(value.clone());
            let _ = Vec::<Option<String>>::from_value(value.clone());
            let _ = std::collections::BTreeMap::<String, i64>::from_value(value);
        }
    }
}
