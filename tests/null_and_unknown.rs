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

fn set_attribute(object: Value, name: &str, value: Value) -> Value {
    let ty = object.ty().clone();
    let mut attributes = object.as_object().unwrap().clone();
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
