//! `#[derive(TfObject)]` as a user meets it: object types, conversions both ways, the
//! "every attribute mapped" rule and its error text, null and unknown objects, paths in errors,
//! generics and flattening.

use std::collections::BTreeMap;

use tfsdk_core::TfObject;
use tfsdk_core::convert::{ConvertErrorKind, FromValue, TerraformType, ToValue};
use tfsdk_core::tftypes::{Type, Value};

#[derive(TfObject, Debug, Clone, PartialEq)]
struct Website {
    #[tfsdk(name = "index_document")]
    index_document: String,
    #[tfsdk(name = "routing_rules")]
    routing_rules: Option<String>,
}

#[derive(TfObject, Debug, Clone, PartialEq)]
struct Bucket {
    #[tfsdk(name = "name")]
    name: String,
    #[tfsdk(name = "enabled")]
    enabled: bool,
    #[tfsdk(name = "website")]
    website: Option<Website>,
}

#[derive(TfObject, Debug, Clone, PartialEq)]
struct Buckets {
    #[tfsdk(name = "buckets")]
    buckets: Vec<Bucket>,
}

fn website(index: &str) -> Value {
    Value::object_of([
        ("index_document", Value::from(index)),
        ("routing_rules", Value::null(Type::String)),
    ])
}

fn bucket(name: &str, website: Value) -> Value {
    Value::object(
        Bucket::terraform_type(),
        [
            ("enabled", Value::from(true)),
            ("name", Value::from(name)),
            ("website", website),
        ],
    )
    .unwrap()
}

#[test]
fn the_object_type_lists_every_attribute_sorted() {
    assert_eq!(
        Bucket::terraform_type().to_string(),
        "object({enabled=bool,name=string,website=object({index_document=string,routing_rules=string})})"
    );
    assert_eq!(
        Buckets::terraform_type().to_string(),
        "object({buckets=list(object({enabled=bool,name=string,website=object({index_document=string,routing_rules=string})}))})"
    );
}

#[test]
fn nested_structs_round_trip_with_nulls_at_every_level() {
    let value = Value::object_of([(
        "buckets",
        Value::list(
            Bucket::terraform_type(),
            [
                bucket("production", website("index.html")),
                bucket("archived", Value::null(Website::terraform_type())),
            ],
        )
        .unwrap(),
    )]);
    let buckets = Buckets::from_value(value.clone()).unwrap();
    assert_eq!(
        buckets.buckets[0].website.as_ref().unwrap().index_document,
        "index.html"
    );
    assert_eq!(
        buckets.buckets[0].website.as_ref().unwrap().routing_rules,
        None
    );
    assert_eq!(buckets.buckets[1].website, None);
    assert_eq!(buckets.to_value(&Buckets::terraform_type()).unwrap(), value);
}

#[test]
fn an_object_with_extra_and_missing_attributes_is_a_mismatch_listing_both_sides() {
    let value = Value::object_of([
        ("name", Value::from("docs")),
        ("enabled", Value::from(true)),
        ("colour", Value::from("red")),
    ]);
    let error = Bucket::from_value(value).unwrap_err();
    assert_eq!(
        error.to_string(),
        "mismatch between struct and object: Struct defines fields not found in object: \
         website. Object defines fields not found in struct: colour."
    );
    assert!(matches!(
        error.kind(),
        ConvertErrorKind::ObjectMismatch { .. }
    ));
}

#[test]
fn a_null_object_into_a_bare_struct_is_an_error_but_option_holds_it() {
    let null = Value::null(Bucket::terraform_type());
    let error = Bucket::from_value(null.clone()).unwrap_err();
    assert!(
        matches!(error.kind(), ConvertErrorKind::Null { .. }),
        "{error}"
    );
    assert!(error.to_string().contains("Option<Bucket>"), "{error}");
    assert_eq!(Option::<Bucket>::from_value(null).unwrap(), None);
}

#[test]
fn an_unknown_object_into_a_struct_is_an_error_naming_a_remedy() {
    let error = Bucket::from_value(Value::unknown(Bucket::terraform_type())).unwrap_err();
    assert!(
        matches!(error.kind(), ConvertErrorKind::Unknown { .. }),
        "{error}"
    );
    assert!(error.to_string().contains("types::Object"), "{error}");
}

#[test]
fn errors_deep_inside_carry_the_attribute_path() {
    let broken_website = Value::object_of([
        ("index_document", Value::null(Type::String)),
        ("routing_rules", Value::null(Type::String)),
    ]);
    let value = Value::object_of([(
        "buckets",
        Value::list(
            Bucket::terraform_type(),
            [bucket("a", website("i.html")), bucket("b", broken_website)],
        )
        .unwrap(),
    )]);
    let error = Buckets::from_value(value).unwrap_err();
    assert_eq!(
        error.path().to_string(),
        "buckets[1].website.index_document"
    );
    assert!(error.to_string().contains("cannot hold null"), "{error}");
}

#[test]
fn structs_write_to_any_matching_object_type_and_refuse_others() {
    let website = Website {
        index_document: "index.html".into(),
        routing_rules: Some("[]".into()),
    };
    let dynamic = website.to_value(&Type::Dynamic).unwrap();
    assert_eq!(dynamic.ty(), &Website::terraform_type());
    let wrong = Type::object([("index_document", Type::String)]);
    assert!(website.to_value(&wrong).is_err());
    assert!(website.to_value(&Type::String).is_err());

    // A Vec of structs can be written as a set of objects.
    let set_type = Type::set(Website::terraform_type());
    let set = vec![website.clone()].to_value(&set_type).unwrap();
    assert_eq!(set.ty(), &set_type);
    assert_eq!(Vec::<Website>::from_value(set).unwrap(), vec![website]);
}

#[derive(TfObject, Debug, Clone, PartialEq)]
struct Labelled<T> {
    #[tfsdk(name = "label")]
    label: String,
    #[tfsdk(name = "items")]
    items: BTreeMap<String, T>,
}

#[test]
fn generic_structs_take_their_type_from_the_parameter() {
    assert_eq!(
        Labelled::<i64>::terraform_type().to_string(),
        "object({items=map(number),label=string})"
    );
    assert_eq!(
        Labelled::<Website>::terraform_type().to_string(),
        "object({items=map(object({index_document=string,routing_rules=string})),label=string})"
    );
    let labelled = Labelled {
        label: "ports".into(),
        items: [("http".to_owned(), 80i64)].into_iter().collect(),
    };
    let value = labelled
        .to_value(&Labelled::<i64>::terraform_type())
        .unwrap();
    assert_eq!(Labelled::<i64>::from_value(value).unwrap(), labelled);
}

#[derive(TfObject, Debug, Clone, PartialEq, Default)]
struct Common {
    #[tfsdk(name = "id")]
    id: String,
    #[tfsdk(name = "region")]
    region: Option<String>,
}

#[derive(TfObject, Debug, Clone, PartialEq)]
struct Volume {
    #[tfsdk(name = "size")]
    size: i64,
    #[tfsdk(flatten)]
    common: Common,
    #[tfsdk(skip)]
    handle: Option<u32>,
}

#[test]
fn flattened_structs_share_one_object() {
    assert_eq!(
        Volume::terraform_type().to_string(),
        "object({id=string,region=string,size=number})"
    );
    let value = Value::object_of([
        ("id", Value::from("vol-1")),
        ("region", Value::null(Type::String)),
        ("size", Value::from(20)),
    ]);
    let volume = Volume::from_value(value.clone()).unwrap();
    assert_eq!(volume.common.id, "vol-1");
    assert_eq!(volume.handle, None, "skipped fields take their default");
    assert_eq!(volume.to_value(&Volume::terraform_type()).unwrap(), value);

    let missing = Value::object_of([("size", Value::from(20))]);
    let error = Volume::from_value(missing).unwrap_err();
    assert_eq!(
        error.to_string(),
        "mismatch between struct and object: Struct defines fields not found in object: id, \
         region."
    );
}

/// Converting a struct into an object type with other attributes says which are missing and
/// which are extra (Go's "mismatch between struct and object"), and names types in English.
#[test]
fn a_struct_into_a_different_object_type_names_missing_and_extra_attributes() {
    #[derive(TfObject, Clone, Debug)]
    struct Pair {
        #[tfsdk(name = "a")]
        a: String,
        #[tfsdk(name = "b")]
        b: i64,
    }
    let pair = Pair {
        a: "x".into(),
        b: 1,
    };
    let other = tfsdk_core::tftypes::Type::object([
        ("a", tfsdk_core::tftypes::Type::String),
        ("c", tfsdk_core::tftypes::Type::Bool),
    ]);
    let error = tfsdk_core::convert::ToValue::to_value(&pair, &other).unwrap_err();
    assert_eq!(
        error.to_string(),
        "mismatch between struct and object: Struct defines fields not found in object: b. \
         Object defines fields not found in struct: c."
    );
    let error = <Pair as tfsdk_core::convert::FromValue>::from_value(
        tfsdk_core::tftypes::Value::null(other),
    )
    .unwrap_err();
    assert!(
        error.to_string().starts_with("received a null value"),
        "{error}"
    );
    let error = tfsdk_core::convert::ToValue::to_value(
        &pair,
        &tfsdk_core::tftypes::Type::list(tfsdk_core::tftypes::Type::String),
    )
    .unwrap_err();
    assert!(
        error.to_string().contains("needs an object type"),
        "{error}"
    );
    let error = <String as tfsdk_core::convert::FromValue>::from_value(
        tfsdk_core::tftypes::Value::object_of([("a", tfsdk_core::tftypes::Value::from("x"))]),
    )
    .unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("cannot convert between an object({a=string}) value"),
        "{error}"
    );
}

/// A hand-written `ToValue` that ignores the type it is asked for.
#[derive(Debug, Default)]
struct Careless;

impl TerraformType for Careless {
    fn terraform_type() -> Type {
        Type::String
    }
}

impl FromValue for Careless {
    fn from_value(_: Value) -> Result<Self, tfsdk_core::convert::ConvertError> {
        Ok(Careless)
    }
}

impl ToValue for Careless {
    fn to_value(&self, _: &Type) -> Result<Value, tfsdk_core::convert::ConvertError> {
        Ok(Value::from(1))
    }
}

#[derive(TfObject, Debug, Default)]
struct WithCareless {
    #[tfsdk(name = "a")]
    a: String,
    #[tfsdk(name = "careless")]
    careless: Careless,
}

#[derive(TfObject, Debug)]
struct FlattensCareless {
    #[tfsdk(name = "b")]
    b: bool,
    #[tfsdk(flatten)]
    inner: WithCareless,
}

/// A field whose conversion returns a value of another type than its attribute's is an error
/// at that attribute, whether the struct writes its own object or is flattened into another.
#[test]
fn a_field_converted_to_another_type_is_an_error_at_its_attribute() {
    let plain = WithCareless::default();
    let error = plain.to_value(&WithCareless::terraform_type()).unwrap_err();
    assert_eq!(error.path().to_string(), "careless");
    assert!(error.to_string().contains("Careless"), "{error}");
    assert!(plain.to_value(&Type::Dynamic).is_err());

    let flattened = FlattensCareless {
        b: true,
        inner: WithCareless::default(),
    };
    let error = flattened
        .to_value(&FlattensCareless::terraform_type())
        .unwrap_err();
    assert_eq!(error.path().to_string(), "careless");
}

/// An object type equal to the struct's but built apart from it (as a schema builds its own)
/// is written like the struct's own; one with other attribute types converts the fields to
/// them.
#[test]
fn structs_write_to_an_equal_type_built_elsewhere_and_to_other_attribute_types() {
    let website = Website {
        index_document: "index.html".into(),
        routing_rules: None,
    };
    let own = website.to_value(&Website::terraform_type()).unwrap();
    let rebuilt = Type::object([
        ("index_document", Type::String),
        ("routing_rules", Type::String),
    ]);
    assert_eq!(website.to_value(&rebuilt).unwrap(), own);

    let buckets = Buckets {
        buckets: vec![Bucket {
            name: "a".into(),
            enabled: true,
            website: Some(website),
        }],
    };
    let as_set = Type::object([("buckets", Type::set(Bucket::terraform_type()))]);
    let value = buckets.to_value(&as_set).unwrap();
    assert_eq!(value.ty(), &as_set);
    assert_eq!(Buckets::from_value(value).unwrap(), buckets);

    let error = buckets
        .to_value(&Type::object([("buckets", Type::list(Type::String))]))
        .unwrap_err();
    assert_eq!(error.path().to_string(), "buckets[0]");
}
