//! What the fuzz targets check, shared with the regression tests that replay their inputs
//! (`tfsdk-core/tests/fuzz_regressions.rs` includes this file): a compact byte code for
//! Terraform types, so that one fuzz input carries both an expected type and a document to
//! decode against it; the check of each target; the derived model of `derived_struct`.
//!
//! This file uses nothing but `tfsdk_core`, `tfsdk_typeexpr` and `std`, so that the regression
//! tests can build it.
//!
//! The type code, read front to back (a missing byte reads as 0):
//!
//! | byte `b % 9` | type |
//! |---|---|
//! | 0 | `string` |
//! | 1 | `number` |
//! | 2 | `bool` |
//! | 3 | `any` (dynamic: the document carries its own type) |
//! | 4, 5, 6 | `list(T)`, `set(T)`, `map(T)`, `T` follows |
//! | 7 | `object`: the next byte `n` gives `n & 7` (at most 5) attributes, named from [`NAMES`], optional when bit `3 + i` of `n` is set; their types follow |
//! | 8 | `tuple`: the next byte gives `n % 5` elements; their types follow |
//!
//! Below [`MAX_TYPE_DEPTH`] levels every code reads as a primitive (`b % 4`).

use std::collections::BTreeMap;

use tfsdk_core::TfObject;
use tfsdk_core::convert::{FromValue, TerraformType, ToValue};
use tfsdk_core::tftypes::{JsonOptions, ObjectType, Type, Value};
use tfsdk_core::types;
use tfsdk_typeexpr::{self as typeexpr, json_value, parse};

/// How deeply a decoded type may nest (deep nesting is the decoders' business, tested apart).
pub const MAX_TYPE_DEPTH: usize = 6;

/// Attribute names used by object types, odd ones included.
pub const NAMES: [&str; 5] = ["a", "b", "", "ü", "x y"];

/// Reads a type from the front of `data`; returns it and the rest of the bytes.
pub fn type_from_bytes(data: &[u8]) -> (Type, &[u8]) {
    let mut cursor = Cursor { data };
    let ty = cursor.ty(1);
    (ty, cursor.data)
}

struct Cursor<'a> {
    data: &'a [u8],
}

impl Cursor<'_> {
    fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((b, rest)) => {
                self.data = rest;
                *b
            }
            None => 0,
        }
    }

    fn ty(&mut self, depth: usize) -> Type {
        let b = self.byte();
        let code = if depth >= MAX_TYPE_DEPTH {
            b % 4
        } else {
            b % 9
        };
        match code {
            0 => Type::String,
            1 => Type::Number,
            2 => Type::Bool,
            3 => Type::Dynamic,
            4 => Type::list(self.ty(depth + 1)),
            5 => Type::set(self.ty(depth + 1)),
            6 => Type::map(self.ty(depth + 1)),
            7 => {
                let n = self.byte();
                let count = usize::from(n & 7).min(NAMES.len());
                let mut attributes = Vec::new();
                let mut optional = Vec::new();
                for (i, name) in NAMES.iter().take(count).enumerate() {
                    attributes.push((*name, self.ty(depth + 1)));
                    if n & (1 << (3 + i)) != 0 {
                        optional.push(*name);
                    }
                }
                Type::from_object(ObjectType::new(attributes).with_optional(optional))
            }
            _ => {
                let count = self.byte() % 5;
                Type::tuple((0..count).map(|_| self.ty(depth + 1)).collect::<Vec<_>>())
            }
        }
    }
}

/// `msgpack_decode`: a type code, then msgpack bytes. Decoding fails cleanly or gives a value
/// that encodes, and whose encoding decodes to the same value and encodes the same again.
pub fn check_msgpack_decode(data: &[u8]) {
    let (ty, bytes) = type_from_bytes(data);
    let Ok(value) = Value::from_msgpack(bytes, &ty) else {
        return;
    };
    let encoded = value
        .to_msgpack(&ty)
        .unwrap_or_else(|e| panic!("a decoded value does not encode: {e}\n{value:?} as {ty}"));
    let again = Value::from_msgpack(&encoded, &ty)
        .unwrap_or_else(|e| panic!("an encoded value does not decode: {e}\n{value:?} as {ty}"));
    assert_eq!(
        again, value,
        "msgpack round trip changed the value (type {ty})"
    );
    let encoded_again = again.to_msgpack(&ty).expect("encodes");
    assert_eq!(encoded_again, encoded, "msgpack encoding is not stable");
}

/// `json_decode`: one flags byte (bit 0: ignore undefined attributes), a type code, then JSON
/// text. Decoding fails cleanly or gives a value that encodes, and whose encoding decodes to
/// the same value and encodes the same again.
pub fn check_json_decode(data: &[u8]) {
    let Some((flags, rest)) = data.split_first() else {
        return;
    };
    let options = JsonOptions::default().ignore_undefined_attributes(flags & 1 != 0);
    let (ty, json) = type_from_bytes(rest);
    let Ok(value) = Value::from_json_with(json, &ty, options) else {
        return;
    };
    let encoded = value
        .to_json(&ty)
        .unwrap_or_else(|e| panic!("a decoded value does not encode: {e}\n{value:?} as {ty}"));
    let again = Value::from_json(&encoded, &ty)
        .unwrap_or_else(|e| panic!("an encoded value does not decode: {e}\n{encoded} as {ty}"));
    assert_eq!(
        again, value,
        "JSON round trip changed the value (type {ty}): {encoded}"
    );
    let encoded_again = again.to_json(&ty).expect("encodes");
    assert_eq!(encoded_again, encoded, "JSON encoding is not stable");
}

/// `constraint_parse`: any text parses or fails cleanly; a parsed constraint renders to text
/// that parses to the same constraint (defaults included), and renders the same again.
pub fn check_constraint_parse(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(constraint) = parse(text) else {
        return;
    };
    let rendered = constraint.to_string();
    let again = parse(&rendered)
        .unwrap_or_else(|e| panic!("the rendering of {text:?} does not parse: {rendered:?}: {e}"));
    assert_eq!(again, constraint, "{text:?} rendered as {rendered:?}");
    assert_eq!(again.to_string(), rendered);
}

/// `constraint_convert`: `TYPE EXPRESSION` NUL `JSON VALUE`. Conversion never panics; a
/// converted value conforms to the constraint, is well formed, and converts to itself again.
pub fn check_constraint_convert(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Some((type_text, json)) = text.split_once('\0') else {
        return;
    };
    let Ok(constraint) = parse(type_text) else {
        return;
    };
    let Ok(input) = json_value::parse_json(json) else {
        return;
    };
    let Ok(value) = typeexpr::convert(input, &constraint) else {
        return;
    };
    let want = constraint.value_type();
    assert!(
        value.ty().usable_as(&want),
        "converted to {} for constraint {constraint}",
        value.ty()
    );
    value
        .check_type(value.ty())
        .unwrap_or_else(|e| panic!("converted value is malformed: {e}: {value:?}"));
    let again = typeexpr::convert(value.clone(), &constraint)
        .unwrap_or_else(|e| panic!("a converted value does not convert again: {e}: {value:?}"));
    assert_eq!(
        again, value,
        "conversion is not idempotent for {constraint}"
    );
}

/// The model of `derived_struct`: a nested object, a list of objects, `Option`s, framework
/// types and a skipped field.
#[derive(TfObject, Debug, Clone, PartialEq)]
pub struct Resource {
    #[tfsdk(name = "id")]
    pub id: String,
    #[tfsdk(name = "count")]
    pub count: i64,
    #[tfsdk(name = "ratio")]
    pub ratio: f64,
    #[tfsdk(name = "enabled")]
    pub enabled: Option<bool>,
    #[tfsdk(name = "name")]
    pub name: types::String,
    #[tfsdk(name = "size")]
    pub size: types::Int64,
    #[tfsdk(name = "weight")]
    pub weight: types::Float64,
    #[tfsdk(name = "tags")]
    pub tags: Option<BTreeMap<String, String>>,
    #[tfsdk(name = "ports")]
    pub ports: Vec<Option<u16>>,
    #[tfsdk(name = "nested")]
    pub nested: Option<Nested>,
    #[tfsdk(name = "items")]
    pub items: Vec<Item>,
    #[tfsdk(name = "framework_items")]
    pub framework_items: types::List<types::Object<Item>>,
    #[tfsdk(name = "labels")]
    pub labels: types::Map<types::String>,
    #[tfsdk(name = "zones")]
    pub zones: types::Set<types::String>,
    #[tfsdk(name = "extra")]
    pub extra: types::Dynamic,
    #[tfsdk(skip)]
    pub skipped: u8,
}

/// [`Resource`]'s nested object.
#[derive(TfObject, Debug, Clone, PartialEq)]
pub struct Nested {
    #[tfsdk(name = "flag")]
    pub flag: types::Bool,
    #[tfsdk(name = "note")]
    pub note: Option<String>,
    #[tfsdk(name = "item")]
    pub item: Item,
}

/// [`Resource`]'s list element.
#[derive(TfObject, Debug, Clone, PartialEq)]
pub struct Item {
    #[tfsdk(name = "key")]
    pub key: String,
    #[tfsdk(name = "value")]
    pub value: types::String,
    #[tfsdk(name = "amount")]
    pub amount: Option<i32>,
}

/// `derived_struct`, first half: the input as msgpack, decoded against [`Resource`]'s type.
/// When it converts to the struct, the struct converts back to the same value, and through
/// msgpack to the same struct.
pub fn check_derived_struct_bytes(bytes: &[u8]) {
    let ty = Resource::terraform_type();
    let Ok(value) = Value::from_msgpack(bytes, &ty) else {
        return;
    };
    let Ok(resource) = Resource::from_value(value.clone()) else {
        return;
    };
    let back = resource
        .to_value(&ty)
        .unwrap_or_else(|e| panic!("a decoded struct does not convert back: {e}\n{resource:?}"));
    assert_eq!(back, value, "value -> struct -> value changed the value");
    check_struct_round_trip(&resource, &back, true);
}

/// Struct → msgpack → struct. A struct's set fields may come back in another order than the
/// value's (a `BTreeSet` keeps its own), so structs are compared only when `exact`, values
/// (equal in any set order) always.
pub fn check_struct_round_trip(resource: &Resource, value: &Value, exact: bool) {
    let ty = Resource::terraform_type();
    let bytes = value.to_msgpack(&ty).expect("a struct's value encodes");
    let decoded = Value::from_msgpack(&bytes, &ty).expect("a struct's encoding decodes");
    assert_eq!(&decoded, value, "msgpack round trip changed the value");
    let again = Resource::from_value(decoded)
        .unwrap_or_else(|e| panic!("a struct's value does not convert back: {e}\n{value:?}"));
    if exact {
        assert_eq!(
            &again, resource,
            "struct -> msgpack -> struct changed the struct"
        );
    }
    let again_value = again.to_value(&ty).expect("a decoded struct converts back");
    assert_eq!(
        &again_value, value,
        "struct -> msgpack -> struct -> value changed the value"
    );
}
