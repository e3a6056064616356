//! Seed 004, rule by rule, both directions: framework values → Rust values (the framework's
//! `Get`, here `FromValue`) and Rust values → framework values (`Set`, here `ToValue`). Every
//! error is checked for its exact text and its attribute path.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use num_bigint::BigInt;
use tfsdk_core::convert::{
    ConvertError, ConvertErrorKind, FromValue, KnownValue, Nullable, TerraformType, ToValue,
    Unknownable,
};
use tfsdk_core::path::AttributePath;
use tfsdk_core::tftypes::{Number, Type, Value};
use tfsdk_core::{TfObject, types};

fn n(text: &str) -> Value {
    Value::number(text.parse::<Number>().unwrap())
}

fn strings(items: &[&str]) -> Vec<Value> {
    items.iter().map(|s| Value::from(*s)).collect()
}

/// Converts `value` into `T` and back into `T`'s type; both directions must agree.
fn round_trip<T: FromValue + ToValue + TerraformType>(value: Value) -> T {
    let rust = T::from_value(value.clone()).unwrap();
    assert_eq!(rust.to_value(&value.ty().clone()).unwrap(), value);
    rust
}

// ---------------------------------------------------------------------------------------------
// A model where every error has a path like `buckets[0].size`.

#[derive(TfObject, Debug, PartialEq)]
struct Fleet {
    #[tfsdk(name = "buckets")]
    buckets: Vec<Bucket>,
}

#[derive(TfObject, Debug, PartialEq)]
struct Bucket {
    #[tfsdk(name = "name")]
    name: String,
    #[tfsdk(name = "size")]
    size: i8,
    #[tfsdk(name = "count")]
    count: u32,
    #[tfsdk(name = "whole")]
    whole: i64,
    #[tfsdk(name = "ratio")]
    ratio: f64,
    #[tfsdk(name = "tags")]
    tags: Vec<String>,
    #[tfsdk(name = "labels")]
    labels: BTreeMap<String, String>,
    #[tfsdk(name = "zones")]
    zones: BTreeSet<String>,
}

fn bucket() -> BTreeMap<String, Value> {
    BTreeMap::from([
        ("name".into(), Value::from("logs")),
        ("size".into(), Value::from(1)),
        ("count".into(), Value::from(2)),
        ("whole".into(), Value::from(3)),
        ("ratio".into(), n("0.5")),
        (
            "tags".into(),
            Value::list(Type::String, strings(&["a"])).unwrap(),
        ),
        (
            "labels".into(),
            Value::map(Type::String, [("env", Value::from("prod"))]).unwrap(),
        ),
        (
            "zones".into(),
            Value::set(Type::String, strings(&["z1"])).unwrap(),
        ),
    ])
}

fn fleet_with(field: &str, value: Value) -> Value {
    let mut second = bucket();
    second.insert(field.into(), value);
    let buckets = [
        Value::object(Bucket::terraform_type(), bucket()).unwrap(),
        Value::object(Bucket::terraform_type(), second).unwrap(),
    ];
    Value::object(
        Fleet::terraform_type(),
        [(
            "buckets",
            Value::list(Bucket::terraform_type(), buckets).unwrap(),
        )],
    )
    .unwrap()
}

/// The error of reading a fleet whose second bucket has `value` at `field`.
fn get_error(field: &str, value: Value) -> ConvertError {
    let error = Fleet::from_value(fleet_with(field, value)).unwrap_err();
    assert_eq!(error.path().to_string(), format!("buckets[1].{field}"));
    assert_eq!(
        error.to_diagnostic().path,
        Some(
            AttributePath::root("buckets")
                .at_list_index(1)
                .at_name(field)
        )
    );
    error
}

#[test]
fn a_valid_fleet_converts_both_ways() {
    let value = fleet_with("name", Value::from("data"));
    let fleet: Fleet = round_trip(value);
    assert_eq!(fleet.buckets[1].name, "data");
    assert_eq!(fleet.buckets[0].zones, BTreeSet::from(["z1".to_string()]));
}

#[test]
fn null_into_string() {
    assert_eq!(
        get_error("name", Value::null(Type::String)).to_string(),
        "buckets[1].name: received a null value, but `String` cannot hold null; use \
         `Option<String>` or `types::String` instead"
    );
}

#[test]
fn unknown_into_i64() {
    let error = get_error("whole", Value::unknown(Type::Number));
    assert!(matches!(error.kind(), ConvertErrorKind::Unknown { .. }));
    assert_eq!(
        error.to_string(),
        "buckets[1].whole: received an unknown value, but `i64` cannot hold unknown values; use \
         `types::Int64` (or a type implementing `Unknownable`) instead"
    );
}

#[test]
fn an_integer_too_big_for_i8() {
    assert_eq!(
        get_error("size", Value::from(128)).to_string(),
        "buckets[1].size: 128 does not fit in `i8` (overflow: `i8` holds -128 to 127); use a \
         wider type (`i64`, `i128`, `BigInt`) or `types::Number`"
    );
    assert_eq!(i8::from_value(Value::from(127)).unwrap(), 127);
    assert_eq!(i8::from_value(Value::from(-128)).unwrap(), -128);
}

#[test]
fn a_negative_number_into_u32() {
    assert_eq!(
        get_error("count", Value::from(-1)).to_string(),
        "buckets[1].count: -1 does not fit in `u32` (overflow: `u32` holds 0 to 4294967295); \
         use a signed type such as `i64`, or `types::Number`"
    );
}

#[test]
fn a_fraction_into_i64() {
    assert_eq!(
        get_error("whole", n("1.5")).to_string(),
        "buckets[1].whole: 1.5 cannot be stored in `i64` without losing precision (it is not a \
         whole number); use `f64`, `types::Float64` or `types::Number`"
    );
}

#[test]
fn two_to_the_53_plus_one_into_f64() {
    assert_eq!(
        get_error("ratio", n("9007199254740993")).to_string(),
        "buckets[1].ratio: 9007199254740993 cannot be stored in `f64` without losing precision \
         (the nearest `f64` is 9007199254740992); use `types::Float64`, which keeps the number \
         Terraform gave, or `types::Number` to keep every digit"
    );
    // 2^53 itself is exact.
    assert_eq!(
        f64::from_value(n("9007199254740992")).unwrap(),
        9007199254740992.0
    );
}

#[test]
fn one_e_400_into_f64() {
    assert_eq!(
        get_error("ratio", n("1e400")).to_string(),
        "buckets[1].ratio: 1e400 does not fit in `f64` (overflow: beyond the largest `f64`); \
         use `types::Number` or `tftypes::Number`, which hold any Terraform number"
    );
}

#[test]
fn floats_take_what_prints_back_the_same() {
    for text in ["0.1", "6.283185", "-0", "1e300", "123456789.125"] {
        let float = f64::from_value(n(text)).unwrap();
        assert_eq!(float.to_value(&Type::Number).unwrap(), n(text), "{text}");
    }
    assert_eq!(f32::from_value(n("0.1")).unwrap(), 0.1f32);
    assert_eq!(
        f32::from_value(n("16777217")).unwrap_err().to_string(),
        "16777217 cannot be stored in `f32` without losing precision (the nearest `f32` is \
         16777216); use `types::Float32`, which keeps the number Terraform gave, or \
         `types::Number` to keep every digit"
    );
}

#[test]
fn an_unknown_list_into_vec() {
    assert_eq!(
        get_error("tags", Value::unknown(Type::list(Type::String))).to_string(),
        "buckets[1].tags: received an unknown value, but `Vec<String>` cannot hold unknown \
         values; use `types::List<String>` (or a type implementing `Unknownable`) instead"
    );
}

#[test]
fn a_null_list_into_vec_is_not_an_empty_vec() {
    assert_eq!(
        get_error("tags", Value::null(Type::list(Type::String))).to_string(),
        "buckets[1].tags: received a null value, but `Vec<String>` cannot hold null (a null \
         collection is not an empty one); use `Option<Vec<String>>` or `types::List<String>` \
         instead"
    );
    assert_eq!(
        get_error("labels", Value::unknown(Type::map(Type::String))).to_string(),
        "buckets[1].labels: received an unknown value, but `BTreeMap<String, String>` cannot \
         hold unknown values; use `types::Map<String>` (or a type implementing `Unknownable`) \
         instead"
    );
    assert_eq!(
        get_error("zones", Value::null(Type::set(Type::String))).to_string(),
        "buckets[1].zones: received a null value, but `BTreeSet<String>` cannot hold null (a \
         null collection is not an empty one); use `Option<BTreeSet<String>>` or \
         `types::Set<String>` instead"
    );
}

#[test]
fn an_element_error_names_the_element() {
    let tags = Value::list(Type::String, [Value::from("a"), Value::null(Type::String)]).unwrap();
    let error = Fleet::from_value(fleet_with("tags", tags)).unwrap_err();
    assert_eq!(error.path().to_string(), "buckets[1].tags[1]");
    assert!(
        error.to_string().starts_with(
            "buckets[1].tags[1]: received a null value, but `String` cannot hold null"
        )
    );
    let labels = Value::map(Type::String, [("env", Value::unknown(Type::String))]).unwrap();
    let error = Fleet::from_value(fleet_with("labels", labels)).unwrap_err();
    assert_eq!(error.path().to_string(), r#"buckets[1].labels["env"]"#);
    assert_eq!(
        error.to_diagnostic().path,
        Some(
            AttributePath::root("buckets")
                .at_list_index(1)
                .at_name("labels")
                .at_map_key("env")
        )
    );
    let zones = Value::set(Type::String, [Value::unknown(Type::String)]).unwrap();
    let error = Fleet::from_value(fleet_with("zones", zones)).unwrap_err();
    assert_eq!(
        error.path().to_string(),
        "buckets[1].zones[Value((unknown))]"
    );
}

#[test]
fn a_set_with_duplicates() {
    // Go → Rust: a Terraform set never holds two equal elements; its constructor says so.
    let error = Value::set(Type::String, strings(&["a", "b", "a"])).unwrap_err();
    assert_eq!(error.path.to_string(), r#"[Value("a")]"#);
    assert_eq!(
        error.message,
        "duplicate set element \"a\": set elements must be unique"
    );
    // A list with duplicates does not fit a Rust set: nothing is dropped silently.
    let list = Value::list(Type::String, strings(&["a", "b", "a"])).unwrap();
    let error = BTreeSet::<String>::from_value(list.clone()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "[2]: duplicate set element \"a\": set elements must be unique; use a list to keep \
         duplicates"
    );
    assert!(HashSet::<String>::from_value(list).is_err());
    // Rust → Terraform: a Vec with duplicates is no set.
    let error = vec!["x".to_string(), "x".to_string()]
        .to_value(&Type::set(Type::String))
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "[Value(\"x\")]: duplicate set element \"x\": set elements must be unique; use a list \
         to keep duplicates"
    );
    // In a model, with the full path.
    #[derive(TfObject, Debug)]
    struct Zones {
        #[tfsdk(name = "zones")]
        zones: Vec<String>,
    }
    let ty = Type::object([("zones", Type::set(Type::String))]);
    let error = Zones {
        zones: vec!["z".into(), "z".into()],
    }
    .to_value(&ty)
    .unwrap_err();
    assert_eq!(error.path().to_string(), r#"zones[Value("z")]"#);
    // Unknown elements are never duplicates: they may turn out to be anything.
    assert!(
        Value::set(
            Type::String,
            [Value::unknown(Type::String), Value::unknown(Type::String)]
        )
        .is_ok()
    );
}

#[test]
fn rust_values_that_have_no_terraform_value() {
    #[derive(TfObject, Debug)]
    struct Weights {
        #[tfsdk(name = "items")]
        items: Vec<Weight>,
    }
    #[derive(TfObject, Debug)]
    struct Weight {
        #[tfsdk(name = "ratio")]
        ratio: f64,
    }
    let weights = Weights {
        items: vec![Weight { ratio: 1.0 }, Weight { ratio: f64::NAN }],
    };
    let error = weights.to_value(&Weights::terraform_type()).unwrap_err();
    assert_eq!(error.path().to_string(), "items[1].ratio");
    assert_eq!(
        error.to_string(),
        "items[1].ratio: `f64` value NaN is not a finite number, and Terraform numbers are \
         finite decimals; store a finite value, or use `Option<f64>` and `None` (null) for \
         \"no value\""
    );
    let error = f32::INFINITY.to_value(&Type::Number).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("`f32` value inf is not a finite number")
    );
    let error = types::Float64::new(f64::NEG_INFINITY)
        .to_value(&Type::Number)
        .unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("`Float64` value -inf is not a finite number")
    );

    // A Rust value asked to become a Terraform type it cannot be.
    assert_eq!(
        "x".to_string()
            .to_value(&Type::Number)
            .unwrap_err()
            .to_string(),
        "cannot convert between a number value and `str`, which needs a string; a number \
         value converts to and from an integer or float type, `types::Int64`, \
         `types::Float64` or `types::Number`"
    );
    // A tuple of the wrong length.
    let error = vec![1i64]
        .to_value(&Type::tuple([Type::Number, Type::Number]))
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "Value Conversion Error: a tuple([number,number]) value needs 2 elements, found 1; give \
         one element per tuple element type, or convert to a list"
    );
}

#[test]
fn a_value_of_the_wrong_type() {
    let mut attributes = bucket();
    attributes.insert("size".into(), Value::from("big"));
    let error = Bucket::from_value(Value::object_of(attributes)).unwrap_err();
    assert_eq!(error.path().to_string(), "size");
    assert_eq!(
        error.to_string(),
        "size: cannot convert between a string value and `i8`, which needs a number; a string \
         value converts to and from `String` or `types::String`"
    );
}

// ---------------------------------------------------------------------------------------------
// Every native target of P3, both directions.

#[test]
fn strings_and_newtypes() {
    assert_eq!(round_trip::<String>(Value::from("héllo")), "héllo");
    #[derive(Debug, PartialEq)]
    struct Region(String);
    tfsdk_core::impl_value_conversions!(Region(String));
    assert_eq!(
        round_trip::<Region>(Value::from("eu-west-1")),
        Region("eu-west-1".into())
    );
    assert_eq!(Region::terraform_type(), Type::String);
    assert!(
        Region::from_value(Value::null(Type::String))
            .unwrap_err()
            .to_string()
            .contains("`String` cannot hold null")
    );
}

#[test]
fn every_integer_width() {
    macro_rules! widths {
        ($($t:ty: $min:expr, $max:expr);* $(;)?) => {$(
            assert_eq!(round_trip::<$t>(n(&$min.to_string())), $min);
            assert_eq!(round_trip::<$t>(n(&$max.to_string())), $max);
            let over = (i128::try_from($max).unwrap() + 1).to_string();
            let error = <$t>::from_value(n(&over)).unwrap_err();
            assert!(
                error.to_string().starts_with(&format!(
                    "{over} does not fit in `{}` (overflow: `{}` holds {} to {})",
                    stringify!($t), stringify!($t), $min, $max
                )) || stringify!($t).ends_with("size"),
                "{error}"
            );
            assert!(<$t>::from_value(n("0.5")).is_err());
        )*};
    }
    widths!(
        i8: i8::MIN, i8::MAX;
        i16: i16::MIN, i16::MAX;
        i32: i32::MIN, i32::MAX;
        i64: i64::MIN, i64::MAX;
        isize: isize::MIN, isize::MAX;
        u8: u8::MIN, u8::MAX;
        u16: u16::MIN, u16::MAX;
        u32: u32::MIN, u32::MAX;
        u64: u64::MIN, u64::MAX;
        usize: usize::MIN, usize::MAX;
    );
    assert_eq!(round_trip::<i128>(n("-1e30")), -(10i128.pow(30)));
    assert_eq!(round_trip::<u128>(n("1e38")), 10u128.pow(38));
    // Exponent notation of a whole number is a whole number.
    assert_eq!(i64::from_value(n("1.5e3")).unwrap(), 1500);
}

#[test]
fn big_integers_and_big_decimals() {
    let big = "18446744073709551617"; // 2^64 + 1
    assert_eq!(round_trip::<BigInt>(n(big)).to_string(), big);
    assert_eq!(
        BigInt::from_value(n("0.5")).unwrap_err().to_string(),
        "0.5 cannot be stored in `BigInt` without losing precision (it is not a whole number); \
         use `tftypes::Number` or `types::Number`, which keep fractions exactly"
    );
    for text in ["0.1", "1e400", "-0.000000000000000000000000001", big] {
        let number = round_trip::<Number>(n(text));
        assert_eq!(number, text.parse::<Number>().unwrap());
    }
    assert_eq!(
        round_trip::<types::Number>(n("1e400")).to_string(),
        format!("1{}", "0".repeat(400))
    );
}

#[test]
fn bools() {
    assert!(round_trip::<bool>(Value::from(true)));
    assert!(!round_trip::<bool>(Value::from(false)));
    assert!(bool::from_value(Value::null(Type::Bool)).is_err());
}

#[test]
fn vecs_from_lists_sets_and_tuples() {
    let list = Value::list(Type::Number, [Value::from(1), Value::from(2)]).unwrap();
    assert_eq!(round_trip::<Vec<i64>>(list), [1, 2]);
    let set = Value::set(Type::String, strings(&["b", "a"])).unwrap();
    // A set's elements come in the order the set keeps (given or read).
    assert_eq!(round_trip::<Vec<String>>(set), ["b", "a"]);
    let tuple = Value::tuple(
        [Type::Number, Type::Number],
        [Value::from(1), Value::from(2)],
    )
    .unwrap();
    assert_eq!(round_trip::<Vec<u8>>(tuple), [1, 2]);
    let empty = Value::list(Type::String, []).unwrap();
    assert!(round_trip::<Vec<String>>(empty).is_empty());
    let nested = Value::list(
        Type::list(Type::Bool),
        [Value::list(Type::Bool, [Value::from(true)]).unwrap()],
    )
    .unwrap();
    assert_eq!(round_trip::<Vec<Vec<bool>>>(nested), [[true]]);
}

#[test]
fn maps_with_string_keys() {
    let map = Value::map(Type::Number, [("a", Value::from(1)), ("b", Value::from(2))]).unwrap();
    let btree = round_trip::<BTreeMap<String, i32>>(map.clone());
    assert_eq!(btree, BTreeMap::from([("a".into(), 1), ("b".into(), 2)]));
    let hash = round_trip::<HashMap<String, i32>>(map);
    assert_eq!(hash.len(), 2);
    // An object's attributes read into a map, and a map with exactly its keys writes one.
    let object = Value::object_of([("x", Value::from("1")), ("y", Value::from("2"))]);
    let attributes = round_trip::<BTreeMap<String, String>>(object);
    assert_eq!(attributes["y"], "2");
}

#[test]
fn rust_sets() {
    let set = Value::set(Type::String, strings(&["a", "b"])).unwrap();
    assert_eq!(round_trip::<BTreeSet<String>>(set.clone()).len(), 2);
    assert!(round_trip::<HashSet<String>>(set).contains("a"));
}

#[test]
fn options_are_pointers() {
    assert_eq!(
        round_trip::<Option<String>>(Value::null(Type::String)),
        None
    );
    assert_eq!(
        round_trip::<Option<String>>(Value::from("x")),
        Some("x".into())
    );
    assert_eq!(round_trip::<Option<i64>>(Value::null(Type::Number)), None);
    // None under `any` is a null of the Rust type's Terraform type.
    assert_eq!(
        None::<bool>.to_value(&Type::Dynamic).unwrap(),
        Value::null(Type::Bool)
    );
    // An unknown still needs a type that holds unknown.
    assert_eq!(
        Option::<String>::from_value(Value::unknown(Type::String))
            .unwrap_err()
            .to_string(),
        "received an unknown value, but `String` cannot hold unknown values; use \
         `types::String` (or a type implementing `Unknownable`) instead"
    );
}

#[test]
fn boxes_are_what_they_hold() {
    assert_eq!(*round_trip::<Box<String>>(Value::from("b")), "b");
    assert_eq!(
        round_trip::<Option<Box<i64>>>(Value::null(Type::Number)),
        None
    );
    assert!(Box::<i64>::from_value(Value::null(Type::Number)).is_err());
}

#[test]
fn framework_types_hold_null_and_unknown() {
    for value in [
        Value::null(Type::String),
        Value::unknown(Type::String),
        Value::from("s"),
    ] {
        round_trip::<types::String>(value);
    }
    for value in [
        Value::null(Type::Number),
        Value::unknown(Type::Number),
        Value::from(7),
    ] {
        round_trip::<types::Int64>(value.clone());
        round_trip::<types::Int32>(value.clone());
        round_trip::<types::Float64>(value.clone());
        round_trip::<types::Float32>(value.clone());
        round_trip::<types::Number>(value);
    }
    round_trip::<types::Bool>(Value::unknown(Type::Bool));
    round_trip::<types::List<types::String>>(Value::unknown(Type::list(Type::String)));
    round_trip::<types::Map<i64>>(Value::null(Type::map(Type::Number)));
    round_trip::<types::Set<String>>(Value::unknown(Type::set(Type::String)));
    round_trip::<types::Dynamic>(Value::unknown(Type::Dynamic));
    round_trip::<types::Dynamic>(Value::from(1));
    // Their own range rules still apply.
    assert_eq!(
        types::Int32::from_value(Value::from(1i64 << 40))
            .unwrap_err()
            .to_string(),
        "1099511627776 does not fit in `Int32` (overflow: `i32` holds -2147483648 to \
         2147483647); use a wider type (`i64`, `i128`, `BigInt`) or `types::Number`"
    );
}

#[test]
fn derived_structs_are_objects() {
    let value = fleet_with("size", Value::from(9));
    let fleet = round_trip::<Fleet>(value.clone());
    assert_eq!(fleet.buckets[1].size, 9);
    // A null object into a bare struct is an error; into Option it is None.
    let null = Value::null(Bucket::terraform_type());
    assert_eq!(
        Bucket::from_value(null.clone()).unwrap_err().to_string(),
        "received a null value, but `Bucket` cannot hold null; use `Option<Bucket>` or \
         `types::Object<Bucket>` instead"
    );
    assert_eq!(round_trip::<Option<Bucket>>(null), None);
}

// ---------------------------------------------------------------------------------------------
// Detected interfaces: Nullable, Unknownable, ValueConverter, ValueCreator.

/// A setting that remembers "not set" and "known after apply" (Go's `Nullable` +
/// `Unknownable`).
#[derive(Debug, PartialEq)]
enum Setting {
    Unset,
    Pending,
    Value(String),
}

impl TerraformType for Setting {
    fn terraform_type() -> Type {
        Type::String
    }
}
impl KnownValue for Setting {
    fn from_known(value: Value) -> Result<Self, ConvertError> {
        String::from_value(value).map(Setting::Value)
    }
    fn to_known(&self, ty: &Type) -> Result<Value, ConvertError> {
        match self {
            Setting::Value(text) => text.to_value(ty),
            _ => unreachable!("null and unknown are handled by the traits"),
        }
    }
}
impl Nullable for Setting {
    fn null() -> Self {
        Setting::Unset
    }
    fn is_null(&self) -> bool {
        *self == Setting::Unset
    }
}
impl Unknownable for Setting {
    fn unknown() -> Self {
        Setting::Pending
    }
    fn is_unknown(&self) -> bool {
        *self == Setting::Pending
    }
}
tfsdk_core::impl_value_conversions!(Setting: Nullable, Unknownable);

/// Only null (Go's `Nullable` alone).
#[derive(Debug, PartialEq)]
struct Port(Option<u16>);
impl TerraformType for Port {
    fn terraform_type() -> Type {
        Type::Number
    }
}
impl KnownValue for Port {
    fn from_known(value: Value) -> Result<Self, ConvertError> {
        u16::from_value(value).map(|p| Port(Some(p)))
    }
    fn to_known(&self, ty: &Type) -> Result<Value, ConvertError> {
        self.0.unwrap_or_default().to_value(ty)
    }
}
impl Nullable for Port {
    fn null() -> Self {
        Port(None)
    }
    fn is_null(&self) -> bool {
        self.0.is_none()
    }
}
tfsdk_core::impl_value_conversions!(Port: Nullable);

#[test]
fn nullable_and_unknownable_types_hold_what_they_say() {
    assert_eq!(
        round_trip::<Setting>(Value::null(Type::String)),
        Setting::Unset
    );
    assert_eq!(
        round_trip::<Setting>(Value::unknown(Type::String)),
        Setting::Pending
    );
    assert_eq!(
        round_trip::<Setting>(Value::from("on")),
        Setting::Value("on".into())
    );
    assert_eq!(round_trip::<Port>(Value::null(Type::Number)), Port(None));
    assert_eq!(round_trip::<Port>(Value::from(80)), Port(Some(80)));
    assert_eq!(
        Port::from_value(Value::unknown(Type::Number))
            .unwrap_err()
            .to_string(),
        "received an unknown value, but `Port` cannot hold unknown values; use \
         `types::Number` (or a type implementing `Unknownable`) instead"
    );
    // The known half keeps its rules and its path.
    #[derive(TfObject, Debug)]
    struct Service {
        #[tfsdk(name = "ports")]
        ports: Vec<Port>,
        #[tfsdk(name = "mode")]
        mode: Setting,
    }
    let value = Value::object_of([
        (
            "ports",
            Value::list(
                Type::Number,
                [Value::null(Type::Number), Value::from(70000)],
            )
            .unwrap(),
        ),
        ("mode", Value::unknown(Type::String)),
    ]);
    let error = Service::from_value(value).unwrap_err();
    assert_eq!(error.path().to_string(), "ports[1]");
    assert!(
        error
            .to_string()
            .starts_with("ports[1]: 70000 does not fit in `u16`")
    );
}

/// A list of strings kept as one comma-separated string in Terraform: a hand-written
/// `FromValue` (Go's `tftypes.ValueConverter`) and `ToValue` (Go's `tftypes.ValueCreator`).
#[derive(Debug, PartialEq)]
struct Csv(Vec<String>);

impl TerraformType for Csv {
    fn terraform_type() -> Type {
        Type::String
    }
}
impl FromValue for Csv {
    fn from_value(value: Value) -> Result<Self, ConvertError> {
        let text = String::from_value(value)?;
        if text.is_empty() {
            return Ok(Csv(Vec::new()));
        }
        Ok(Csv(text.split(',').map(str::to_owned).collect()))
    }
}
impl ToValue for Csv {
    fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
        if let Some(bad) = self.0.iter().find(|item| item.contains(',')) {
            return Err(ConvertError::invalid(
                "Invalid CSV Item",
                format!("{bad:?} contains a comma; split it into two items"),
            ));
        }
        self.0.join(",").to_value(ty)
    }
}

#[test]
fn value_converters_and_creators_are_the_conversion_traits() {
    assert_eq!(
        round_trip::<Csv>(Value::from("a,b")),
        Csv(vec!["a".into(), "b".into()])
    );
    #[derive(TfObject, Debug)]
    struct Lists {
        #[tfsdk(name = "rows")]
        rows: BTreeMap<String, Csv>,
    }
    let lists = Lists {
        rows: BTreeMap::from([("r1".into(), Csv(vec!["x,y".into()]))]),
    };
    let error = lists.to_value(&Lists::terraform_type()).unwrap_err();
    assert_eq!(
        error.to_string(),
        r#"rows["r1"]: Invalid CSV Item: "x,y" contains a comma; split it into two items"#
    );
    assert_eq!(error.to_diagnostic().summary, "Invalid CSV Item");
}

// ---------------------------------------------------------------------------------------------
// Null collections: Go's nil slice has no Rust twin, so null and empty stay apart.

#[derive(TfObject, Debug, PartialEq)]
struct Collections {
    #[tfsdk(name = "list")]
    list: Option<Vec<String>>,
    #[tfsdk(name = "map")]
    map: Option<HashMap<String, i64>>,
    #[tfsdk(name = "set")]
    set: Option<BTreeSet<String>>,
    #[tfsdk(name = "framework_list")]
    framework_list: types::List<types::String>,
    #[tfsdk(name = "framework_map")]
    framework_map: types::Map<i64>,
    #[tfsdk(name = "framework_set")]
    framework_set: types::Set<String>,
    #[tfsdk(name = "nested")]
    nested: Vec<Option<Vec<String>>>,
}

fn collections(state: fn(Type) -> Value) -> Value {
    Value::object(
        Collections::terraform_type(),
        [
            ("list", state(Type::list(Type::String))),
            ("map", state(Type::map(Type::Number))),
            ("set", state(Type::set(Type::String))),
            ("framework_list", state(Type::list(Type::String))),
            ("framework_map", state(Type::map(Type::Number))),
            ("framework_set", state(Type::set(Type::String))),
            (
                "nested",
                Value::list(
                    Type::list(Type::String),
                    [
                        state(Type::list(Type::String)),
                        Value::list(Type::String, []).unwrap(),
                    ],
                )
                .unwrap(),
            ),
        ],
    )
    .unwrap()
}

fn empty(ty: Type) -> Value {
    match ty {
        Type::List(e) => Value::list((*e).clone(), []).unwrap(),
        Type::Set(e) => Value::set((*e).clone(), []).unwrap(),
        Type::Map(e) => Value::map::<String>((*e).clone(), []).unwrap(),
        other => unreachable!("{other}"),
    }
}

#[test]
fn no_round_trip_loses_a_null() {
    let nulls = round_trip::<Collections>(collections(Value::null));
    assert_eq!(nulls.list, None);
    assert_eq!(nulls.map, None);
    assert!(nulls.framework_list.is_null());
    assert_eq!(nulls.nested, [None, Some(vec![])]);

    let empties = round_trip::<Collections>(collections(empty));
    assert_eq!(empties.list, Some(vec![]));
    assert_eq!(empties.set, Some(BTreeSet::new()));
    assert!(!empties.framework_map.is_null());
    assert_eq!(empties.framework_map.elements().len(), 0);
    assert_ne!(nulls, empties);

    // Through the wire too.
    for value in [collections(Value::null), collections(empty)] {
        let bytes = value.to_msgpack(value.ty()).unwrap();
        let back = Value::from_msgpack(&bytes, value.ty()).unwrap();
        let model = Collections::from_value(back).unwrap();
        assert_eq!(
            model.to_value(&Collections::terraform_type()).unwrap(),
            value
        );
    }

    // A bare Vec refuses null rather than guessing.
    assert!(Vec::<String>::from_value(Value::null(Type::list(Type::String))).is_err());
    assert!(
        types::List::<String>::null()
            .elements_as::<String>()
            .is_err()
    );
    assert_eq!(
        types::List::<String>::null()
            .elements_as::<String>()
            .unwrap_err()
            .errors()
            .next()
            .unwrap()
            .detail,
        "received a null value, but `Vec<String>` cannot hold null (a null collection is not \
         an empty one); use `Option<Vec<String>>` or `types::List<String>` instead"
    );
}
