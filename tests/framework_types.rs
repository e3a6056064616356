//! The framework's built-in attribute types and values (seeds 001 and 003): constructors of
//! every state, accessors, equality by type + state + value, Display as Go's `String()`, the
//! checked constructors with their diagnostics, the `*_value_from` constructors, the panicking
//! `*_must` variants, `elements_as` and object `as_` with its options.

use std::collections::BTreeMap;

use tfsdk_core::attr::{self, Type as _, Value as _};
use tfsdk_core::convert::{FromValue, TerraformType};
use tfsdk_core::path::PathStep;
use tfsdk_core::tftypes::{self, Type, Value};
use tfsdk_core::types::{self, ObjectAsOptions};
use tfsdk_core::{TfObject, diag::Diagnostics};

/// Null, unknown and a known value of one kind: each equals itself only, and displays as Go's
/// `String()` does.
fn check_states(null: &dyn attr::Value, unknown: &dyn attr::Value, known: &dyn attr::Value) {
    assert!(null.is_null() && !null.is_unknown());
    assert!(unknown.is_unknown() && !unknown.is_null());
    assert!(!known.is_null() && !known.is_unknown());
    assert_eq!(null.to_string(), "<null>");
    assert_eq!(unknown.to_string(), "<unknown>");
    let all = [null, unknown, known];
    for (i, a) in all.iter().enumerate() {
        for (j, b) in all.iter().enumerate() {
            assert_eq!(a.equal(*b), i == j, "{a} vs {b}");
        }
        // Values are of one attribute type, whatever their state.
        assert!(a.ty().equal(known.ty().as_ref()));
        assert!(
            a.to_terraform_value()
                .unwrap()
                .ty()
                .usable_as(&known.ty().terraform_type())
        );
    }
}

#[test]
fn strings() {
    let known = types::String::new("web");
    check_states(&types::String::null(), &types::String::unknown(), &known);
    assert_eq!(known.to_string(), r#""web""#);
    assert_eq!(known.value_string(), "web");
    assert_eq!(types::String::null().value_string(), "");
    assert_eq!(known.get(), Some("web"));
    assert_eq!(types::String::unknown().get(), None);
    assert!(!known.equal(&types::String::new("db")));
    assert!(!known.equal(&types::Dynamic::new(Value::from("web"))));
    assert_eq!(known.ty().to_string(), "StringType");
    assert_eq!(types::String::default(), types::String::null());
}

#[test]
fn numbers() {
    let int64 = types::Int64::new(1234);
    check_states(&types::Int64::null(), &types::Int64::unknown(), &int64);
    assert_eq!(int64.to_string(), "1234");
    assert_eq!(int64.value_int64(), 1234);
    assert_eq!(int64.ty().to_string(), "Int64Type");

    let int32 = types::Int32::new(-5);
    check_states(&types::Int32::null(), &types::Int32::unknown(), &int32);
    assert_eq!(int32.to_string(), "-5");
    assert_eq!(int32.value_int32(), -5);
    assert_eq!(int32.ty().to_string(), "Int32Type");

    let float64 = types::Float64::new(1234.5);
    check_states(
        &types::Float64::null(),
        &types::Float64::unknown(),
        &float64,
    );
    assert_eq!(float64.to_string(), "1234.5");
    assert_eq!(types::Float64::new(0.1).to_string(), "0.1");
    assert_eq!(float64.value_float64(), 1234.5);
    assert_eq!(float64.ty().to_string(), "Float64Type");

    let float32 = types::Float32::new(0.5);
    check_states(
        &types::Float32::null(),
        &types::Float32::unknown(),
        &float32,
    );
    assert_eq!(float32.to_string(), "0.5");
    assert_eq!(float32.value_float32(), 0.5);
    assert_eq!(float32.ty().to_string(), "Float32Type");

    let big: tftypes::Number = "18446744073709551617".parse().unwrap();
    let number = types::Number::new(big.clone());
    check_states(&types::Number::null(), &types::Number::unknown(), &number);
    assert_eq!(number.to_string(), "18446744073709551617");
    assert_eq!(number.value_big_float(), Some(&big));
    assert_eq!(number.ty().to_string(), "NumberType");

    // Same Terraform type, different attribute types: not equal.
    assert!(!types::Int64::new(1).equal(&types::Number::new(tftypes::Number::from(1))));
    assert!(!types::Int64Type.equal(&types::NumberType));
    assert!(types::Int64Type.equal(&types::Int64Type));
}

#[test]
fn bools() {
    let known = types::Bool::new(true);
    check_states(&types::Bool::null(), &types::Bool::unknown(), &known);
    assert_eq!(known.to_string(), "true");
    assert!(known.value_bool());
    assert!(!types::Bool::null().value_bool());
    assert_eq!(known.ty().to_string(), "BoolType");
}

#[test]
fn lists() {
    let known = types::List::new([types::String::new("red"), types::String::null()]);
    check_states(
        &types::List::<types::String>::null(),
        &types::List::<types::String>::unknown(),
        &known,
    );
    assert_eq!(known.to_string(), r#"["red",<null>]"#);
    assert_eq!(known.element_type(), &Type::String);
    assert_eq!(known.ty().to_string(), "ListType[StringType]");
    assert_eq!(known.ty().terraform_type().to_string(), "list(string)");
    // Elements may be null or unknown; ElementsAs needs a target that holds them.
    assert_eq!(
        known.elements_as::<Option<String>>().unwrap(),
        [Some("red".to_string()), None]
    );
    let error = known.elements_as::<String>().unwrap_err();
    let diag = error.errors().next().unwrap();
    assert_eq!(diag.path.as_ref().unwrap().to_string(), "[1]");
    assert_eq!(
        diag.detail,
        "received a null value, but `String` cannot hold null; use `Option<String>` or \
         `types::String` instead"
    );

    // Go's ListValue: every element checked, one diagnostic each, with its path.
    let diags = types::List::value(
        Type::String,
        [Value::from("a"), Value::from(1), Value::from(true)],
    )
    .unwrap_err();
    assert_eq!(diags.len(), 2);
    let first = diags.errors().next().unwrap();
    assert_eq!(first.summary, "Invalid List Element Type");
    assert_eq!(first.path.as_ref().unwrap().to_string(), "[1]");
    assert!(
        first.detail.contains("List Element Type: string"),
        "{}",
        first.detail
    );

    // Go's ListValueFrom and ElementsAs, native data both ways.
    let from = types::List::<types::Int64>::value_from(Type::Number, &vec![1i64, 2]).unwrap();
    assert_eq!(from.elements_as::<i64>().unwrap(), [1, 2]);
    let error = types::List::<types::Int64>::value_from(Type::Number, &vec!["x"]).unwrap_err();
    assert_eq!(
        error
            .errors()
            .next()
            .unwrap()
            .path
            .as_ref()
            .unwrap()
            .to_string(),
        "[0]"
    );
    assert!(
        types::List::<String>::unknown()
            .elements_as::<String>()
            .is_err()
    );
}

#[test]
#[should_panic(expected = "List::value_must received error(s)")]
fn list_value_must_panics_with_the_diagnostics() {
    // Documented: `*_must` panics with the diagnostics the checked constructor returned.
    types::List::value_must(Type::Bool, [Value::from("not a bool")]);
}

#[test]
fn maps() {
    let known = types::Map::new([
        ("pi", types::Float64::new(2.5)),
        ("n", types::Float64::null()),
    ]);
    check_states(
        &types::Map::<types::Float64>::null(),
        &types::Map::<types::Float64>::unknown(),
        &known,
    );
    assert_eq!(known.to_string(), r#"{"n":<null>,"pi":2.5}"#);
    assert_eq!(known.ty().to_string(), "MapType[Float64Type]");
    let diags = types::Map::value(Type::Number, [("a", Value::from("x"))]).unwrap_err();
    let diag = diags.errors().next().unwrap();
    assert_eq!(diag.summary, "Invalid Map Element Type");
    assert_eq!(diag.path.as_ref().unwrap().to_string(), r#"["a"]"#);
    let from = types::Map::<String>::value_from(
        Type::String,
        &BTreeMap::from([("k".to_string(), "v".to_string())]),
    )
    .unwrap();
    assert_eq!(from.elements_as::<String>().unwrap()["k"], "v");
    assert_eq!(
        types::Map::<String>::null()
            .elements_as::<String>()
            .unwrap_err()
            .errors()
            .next()
            .unwrap()
            .detail,
        "received a null value, but `BTreeMap<String, String>` cannot hold null (a null \
         collection is not an empty one); use `Option<BTreeMap<String, String>>` or \
         `types::Map<String>` instead"
    );
    let map = types::Map::value_must(Type::Bool, [("on", Value::from(true))]);
    assert_eq!(map.elements().len(), 1);
}

#[test]
#[should_panic(expected = "Map::value_must received error(s)")]
fn map_value_must_panics() {
    types::Map::value_must(Type::Bool, [("on", Value::from(1))]);
}

#[test]
fn sets_reject_duplicates() {
    let known = types::Set::new([types::String::new("b"), types::String::new("a")]);
    check_states(
        &types::Set::<types::String>::null(),
        &types::Set::<types::String>::unknown(),
        &known,
    );
    // Order does not matter for equality; the string form lists the elements as given (as
    // Go's `SetValue.String`).
    assert!(known.equal(&types::Set::new([
        types::String::new("a"),
        types::String::new("b")
    ])));
    assert_eq!(known.to_string(), r#"["b","a"]"#);
    assert_eq!(known.ty().to_string(), "SetType[StringType]");

    let diags = types::Set::value(Type::String, [Value::from("a"), Value::from("a")]).unwrap_err();
    let diag = diags.errors().next().unwrap();
    assert_eq!(diag.path.as_ref().unwrap().to_string(), r#"[Value("a")]"#);
    assert_eq!(
        diag.detail,
        "duplicate set element \"a\": set elements must be unique; use a list to keep duplicates"
    );
    // Built from native data: a Vec with duplicates is refused, not deduplicated.
    assert!(types::Set::<String>::value_from(Type::String, &vec!["x", "x"]).is_err());
    let from = types::Set::<String>::value_from(Type::String, &vec!["y", "x"]).unwrap();
    assert_eq!(from.elements_as::<String>().unwrap(), ["y", "x"]);
    // A known set with a duplicate built unchecked cannot become a Terraform value.
    let unchecked = types::Set::new([types::String::new("a"), types::String::new("a")]);
    assert!(unchecked.to_terraform_value().is_err());
    assert_eq!(unchecked.to_string(), "<invalid>");
}

#[test]
#[should_panic(expected = "Set::value_must received error(s)")]
fn set_value_must_panics_on_duplicates() {
    types::Set::value_must(Type::Number, [Value::from(1), Value::from(1)]);
}

#[derive(TfObject, Debug, Default, PartialEq)]
struct ExampleAttributeModel {
    #[tfsdk(name = "int64_attribute")]
    int64_attribute: types::Int64,
    #[tfsdk(name = "string_attribute")]
    string_attribute: types::String,
}

fn attribute_types() -> [(&'static str, Type); 2] {
    [
        ("int64_attribute", Type::Number),
        ("string_attribute", Type::String),
    ]
}

#[test]
fn objects() {
    let int = types::Int64::new(123);
    let text = types::String::new("example");
    let given: [(&str, &dyn attr::Value); 2] =
        [("int64_attribute", &int), ("string_attribute", &text)];
    let known = types::Object::value(attribute_types(), given).unwrap();
    check_states(
        &types::Object::null_of(attribute_types()),
        &types::Object::unknown_of(attribute_types()),
        &known,
    );
    assert_eq!(
        known.to_string(),
        r#"{"int64_attribute":123,"string_attribute":"example"}"#
    );
    assert_eq!(
        known.ty().to_string(),
        r#"ObjectType["int64_attribute":NumberType,"string_attribute":StringType]"#
    );
    assert_eq!(known.attributes()["int64_attribute"], Value::from(123));
    let object_type = known.ty();
    let with_attributes = object_type.as_type_with_attribute_types().unwrap();
    assert_eq!(with_attributes.attribute_types().len(), 2);
    assert!(
        object_type
            .apply_path_step(&PathStep::AttributeName("string_attribute".into()))
            .unwrap()
            .equal(&types::StringType)
    );
    assert!(
        object_type
            .apply_path_step(&PathStep::AttributeName("nope".into()))
            .is_err()
    );

    // ObjectValueFrom: from a derived struct, and the struct back with As.
    let model = ExampleAttributeModel {
        int64_attribute: types::Int64::new(123),
        string_attribute: types::String::new("example"),
    };
    let from = types::Object::value_from(attribute_types(), &model).unwrap();
    assert_eq!(from, known);
    assert_eq!(from.as_::<ExampleAttributeModel>().unwrap(), model);
    // The typed form knows its model statically.
    let typed = types::Object::<ExampleAttributeModel>::from_model(&model).unwrap();
    assert_eq!(typed.clone().untyped(), known);
    assert_eq!(
        types::Object::<ExampleAttributeModel>::terraform_type(),
        ExampleAttributeModel::terraform_type()
    );
}

#[test]
fn object_value_reports_every_problem() {
    let wrong = types::String::new("x");
    let extra = types::Bool::new(true);
    let given: [(&str, &dyn attr::Value); 2] = [("int64_attribute", &wrong), ("extra", &extra)];
    let diags: Diagnostics = types::Object::value(attribute_types(), given).unwrap_err();
    let summaries: Vec<&str> = diags.errors().map(|d| d.summary.as_str()).collect();
    assert_eq!(
        summaries,
        [
            "Invalid Object Attribute Type",
            "Missing Object Attribute Value",
            "Extra Object Attribute Value"
        ]
    );
    let invalid = diags.errors().next().unwrap();
    assert_eq!(
        invalid.path.as_ref().unwrap().to_string(),
        "int64_attribute"
    );
    assert!(
        invalid.detail.contains("Given Type: string"),
        "{}",
        invalid.detail
    );
}

#[test]
#[should_panic(expected = "Object::value_must received error(s)")]
fn object_value_must_panics() {
    let none: [(&str, &dyn attr::Value); 0] = [];
    types::Object::value_must(attribute_types(), none);
}

#[test]
fn object_as_with_the_unhandled_options() {
    let null = types::Object::null_of(attribute_types());
    let unknown = types::Object::unknown_of(attribute_types());
    // Default options: a bare struct cannot hold a null or unknown object.
    let error = null.as_::<ExampleAttributeModel>().unwrap_err();
    assert_eq!(
        error.errors().next().unwrap().detail,
        "received a null value, but `ExampleAttributeModel` cannot hold null; use \
         `Option<ExampleAttributeModel>` or `types::Object<ExampleAttributeModel>` instead"
    );
    assert!(unknown.as_::<ExampleAttributeModel>().is_err());
    assert_eq!(null.as_::<Option<ExampleAttributeModel>>().unwrap(), None);

    let null_as_empty = ObjectAsOptions {
        unhandled_null_as_empty: true,
        ..ObjectAsOptions::default()
    };
    assert_eq!(
        null.as_with::<ExampleAttributeModel>(null_as_empty)
            .unwrap(),
        ExampleAttributeModel::default()
    );
    assert!(
        unknown
            .as_with::<ExampleAttributeModel>(null_as_empty)
            .is_err()
    );

    let unknown_as_empty = ObjectAsOptions {
        unhandled_unknown_as_empty: true,
        ..ObjectAsOptions::default()
    };
    assert_eq!(
        unknown
            .as_with::<ExampleAttributeModel>(unknown_as_empty)
            .unwrap(),
        ExampleAttributeModel::default()
    );
    assert!(
        null.as_with::<ExampleAttributeModel>(unknown_as_empty)
            .is_err()
    );
}

/// As Go's `BuildValue` passes the options down, they reach every value the read meets: a null
/// attribute of a bare `String` / `i64` / `bool` field, a null element of a `Vec<String>`, a
/// null nested object into a bare struct, and the same for unknown.
#[test]
fn object_as_options_reach_attributes_and_elements() {
    #[derive(TfObject, Debug, Default, PartialEq)]
    struct Inner {
        #[tfsdk(name = "flag")]
        flag: bool,
    }
    #[derive(TfObject, Debug, Default, PartialEq)]
    struct Outer {
        #[tfsdk(name = "name")]
        name: String,
        #[tfsdk(name = "count")]
        count: i64,
        #[tfsdk(name = "tags")]
        tags: Vec<String>,
        #[tfsdk(name = "inner")]
        inner: Inner,
    }
    let inner = Type::object([("flag", Type::Bool)]);
    let object = |part: fn(Type) -> Value| {
        types::Object::from_value_untyped(Value::object_of([
            ("name", part(Type::String)),
            ("count", Value::from(3)),
            (
                "tags",
                Value::list(Type::String, [Value::from("a"), part(Type::String)]).unwrap(),
            ),
            ("inner", part(inner.clone())),
        ]))
        .unwrap()
    };
    let expected = Outer {
        name: String::new(),
        count: 3,
        tags: vec!["a".to_owned(), String::new()],
        inner: Inner::default(),
    };
    let nulls = object(Value::null);
    let unknowns = object(Value::unknown);
    let error = nulls.as_::<Outer>().unwrap_err();
    assert_eq!(
        error
            .errors()
            .next()
            .unwrap()
            .path
            .as_ref()
            .unwrap()
            .to_string(),
        "inner"
    );
    let null_as_empty = ObjectAsOptions {
        unhandled_null_as_empty: true,
        ..ObjectAsOptions::default()
    };
    let unknown_as_empty = ObjectAsOptions {
        unhandled_unknown_as_empty: true,
        ..ObjectAsOptions::default()
    };
    assert_eq!(nulls.as_with::<Outer>(null_as_empty).unwrap(), expected);
    assert_eq!(
        unknowns.as_with::<Outer>(unknown_as_empty).unwrap(),
        expected
    );
    // Each option handles its own state only; the error keeps its path.
    let error = unknowns.as_with::<Outer>(null_as_empty).unwrap_err();
    assert!(error.errors().next().unwrap().path.is_some());
    // A target that holds null keeps it.
    #[derive(TfObject, Debug, Default, PartialEq)]
    struct Holds {
        #[tfsdk(name = "name")]
        name: Option<String>,
    }
    let object =
        types::Object::from_value_untyped(Value::object_of([("name", Value::null(Type::String))]))
            .unwrap();
    assert_eq!(
        object.as_with::<Holds>(null_as_empty).unwrap(),
        Holds { name: None }
    );
}

#[test]
fn tuples() {
    let known = types::Tuple::value(
        [Type::String, Type::Number],
        [Value::from("a"), Value::from(1)],
    )
    .unwrap();
    check_states(
        &types::Tuple::null_of([Type::String, Type::Number]),
        &types::Tuple::unknown_of([Type::String, Type::Number]),
        &known,
    );
    assert_eq!(known.to_string(), r#"["a",1]"#);
    assert_eq!(known.ty().to_string(), "TupleType[StringType, NumberType]");
    let tuple_type = known.ty();
    let element_types = tuple_type
        .as_type_with_element_types()
        .unwrap()
        .element_types();
    assert!(element_types[1].equal(&types::NumberType));
    let diags = types::Tuple::value([Type::String], [Value::from(1)]).unwrap_err();
    assert_eq!(
        diags
            .errors()
            .next()
            .unwrap()
            .path
            .as_ref()
            .unwrap()
            .to_string(),
        "[0]"
    );
}

#[test]
#[should_panic(expected = "Tuple::value_must received error(s)")]
fn tuple_value_must_panics() {
    types::Tuple::value_must([Type::String], []);
}

#[test]
fn dynamics() {
    let known = types::Dynamic::new(Value::from("a"));
    check_states(&types::Dynamic::null(), &types::Dynamic::unknown(), &known);
    assert_eq!(known.to_string(), r#""a""#);
    assert_eq!(known.ty().to_string(), "DynamicType");
    // The dynamic value and its underlying value have separate states.
    let underlying_null = types::Dynamic::from_value(Value::null(Type::String)).unwrap();
    assert!(!underlying_null.is_null() && underlying_null.is_underlying_value_null());
    assert!(!underlying_null.equal(&types::Dynamic::null()));
    assert!(!known.equal(&types::Dynamic::new(Value::from(1))));
}

#[test]
fn attribute_types_display_and_compare() {
    let all: Vec<Box<dyn attr::Type>> = vec![
        Box::new(types::StringType),
        Box::new(types::Int64Type),
        Box::new(types::Int32Type),
        Box::new(types::Float64Type),
        Box::new(types::Float32Type),
        Box::new(types::NumberType),
        Box::new(types::BoolType),
        Box::new(types::ListType::<Value>::new(Type::String)),
        Box::new(types::MapType::<Value>::new(Type::String)),
        Box::new(types::SetType::<Value>::new(Type::String)),
        Box::new(types::ObjectType::<types::AnyAttributes>::new([(
            "a",
            Type::Bool,
        )])),
        Box::new(types::TupleType::new([Type::Bool])),
        Box::new(types::DynamicType),
    ];
    let shown: Vec<String> = all.iter().map(ToString::to_string).collect();
    assert_eq!(
        shown,
        [
            "StringType",
            "Int64Type",
            "Int32Type",
            "Float64Type",
            "Float32Type",
            "NumberType",
            "BoolType",
            "ListType[StringType]",
            "MapType[StringType]",
            "SetType[StringType]",
            r#"ObjectType["a":BoolType]"#,
            "TupleType[BoolType]",
            "DynamicType",
        ]
    );
    for (i, a) in all.iter().enumerate() {
        for (j, b) in all.iter().enumerate() {
            assert_eq!(a.equal(b.as_ref()), i == j, "{a} vs {b}");
        }
    }
    assert!(!all[7].equal(&types::ListType::<Value>::new(Type::Number)));
    assert!(all[7].equal(&types::ListType::<types::String>::new(Type::String)));
    // Building values from Terraform values, checked against the type.
    let list = all[7]
        .value_from_terraform(Value::list(Type::String, [Value::from("x")]).unwrap())
        .unwrap();
    assert_eq!(list.to_string(), r#"["x"]"#);
    assert!(all[7].value_from_terraform(Value::from("x")).is_err());
    assert!(all[0].value_from_terraform(Value::from(1)).is_err());
}
