//! A `#[derive(TfObject)]` model (nested object, list of objects, `Option`, framework types,
//! a skipped field) against the wire:
//!
//! 1. the input as msgpack, decoded against the model's type: when it converts to the struct,
//!    the struct converts back to the same value, and through msgpack to the same struct;
//! 2. the input as `arbitrary` data building a struct: when it converts to a value, the value
//!    goes through msgpack and back to the same struct.

#![no_main]

use std::collections::BTreeMap;

use arbitrary::{Arbitrary, Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use tfsdk_core::TfObject;
use tfsdk_core::convert::{FromValue, TerraformType, ToValue};
use tfsdk_core::tftypes::Value;
use tfsdk_core::types;

#[derive(TfObject, Debug, Clone, PartialEq)]
struct Resource {
    #[tfsdk(name = "id")]
    id: String,
    #[tfsdk(name = "count")]
    count: i64,
    #[tfsdk(name = "ratio")]
    ratio: f64,
    #[tfsdk(name = "enabled")]
    enabled: Option<bool>,
    #[tfsdk(name = "name")]
    name: types::String,
    #[tfsdk(name = "size")]
    size: types::Int64,
    #[tfsdk(name = "weight")]
    weight: types::Float64,
    #[tfsdk(name = "tags")]
    tags: Option<BTreeMap<String, String>>,
    #[tfsdk(name = "ports")]
    ports: Vec<Option<u16>>,
    #[tfsdk(name = "nested")]
    nested: Option<Nested>,
    #[tfsdk(name = "items")]
    items: Vec<Item>,
    #[tfsdk(name = "framework_items")]
    framework_items: types::List<types::Object<Item>>,
    #[tfsdk(name = "labels")]
    labels: types::Map<types::String>,
    #[tfsdk(name = "zones")]
    zones: types::Set<types::String>,
    #[tfsdk(name = "extra")]
    extra: types::Dynamic,
    #[tfsdk(skip)]
    skipped: u8,
}

#[derive(TfObject, Debug, Clone, PartialEq)]
struct Nested {
    #[tfsdk(name = "flag")]
    flag: types::Bool,
    #[tfsdk(name = "note")]
    note: Option<String>,
    #[tfsdk(name = "item")]
    item: Item,
}

#[derive(TfObject, Debug, Clone, PartialEq)]
struct Item {
    #[tfsdk(name = "key")]
    key: String,
    #[tfsdk(name = "value")]
    value: types::String,
    #[tfsdk(name = "amount")]
    amount: Option<i32>,
}

fn from_bytes(bytes: &[u8]) {
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
    struct_round_trip(&resource, &back, true);
}

/// Struct → msgpack → struct. A struct built in Rust may list set elements in any order (and
/// `types::Set` equality, as Go's `SetValue.Equal`, is by position), while a decoded one has
/// them in canonical order; so structs are compared only when `exact`, values always.
fn struct_round_trip(resource: &Resource, value: &Value, exact: bool) {
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

/// Null, unknown or known, one in three.
fn state<T>(
    u: &mut Unstructured<'_>,
    null: fn() -> T,
    unknown: fn() -> T,
    known: impl FnOnce(&mut Unstructured<'_>) -> Result<T>,
) -> Result<T> {
    Ok(match u.int_in_range(0u8..=2)? {
        0 => null(),
        1 => unknown(),
        _ => known(u)?,
    })
}

fn fw_string(u: &mut Unstructured<'_>) -> Result<types::String> {
    state(u, types::String::null, types::String::unknown, |u| {
        Ok(types::String::new(String::arbitrary(u)?))
    })
}

fn item(u: &mut Unstructured<'_>) -> Result<Item> {
    Ok(Item {
        key: u.arbitrary()?,
        value: fw_string(u)?,
        amount: u.arbitrary()?,
    })
}

fn items(u: &mut Unstructured<'_>) -> Result<Vec<Item>> {
    let n = u.int_in_range(0u8..=3)?;
    (0..n).map(|_| item(u)).collect()
}

fn resource(u: &mut Unstructured<'_>) -> Result<Resource> {
    let nested = if u.arbitrary()? {
        Some(Nested {
            flag: state(u, types::Bool::null, types::Bool::unknown, |u| {
                Ok(types::Bool::new(u.arbitrary()?))
            })?,
            note: u.arbitrary()?,
            item: item(u)?,
        })
    } else {
        None
    };
    let framework_items = state(u, types::List::null, types::List::unknown, |u| {
        let n = u.int_in_range(0u8..=3)?;
        let mut elements = Vec::new();
        for _ in 0..n {
            elements.push(state(
                u,
                types::Object::null,
                types::Object::unknown,
                |u| {
                    types::Object::from_model(&item(u)?)
                        .map_err(|_| arbitrary::Error::IncorrectFormat)
                },
            )?);
        }
        Ok(types::List::new(elements))
    })?;
    let labels = state(u, types::Map::null, types::Map::unknown, |u| {
        let n = u.int_in_range(0u8..=3)?;
        let mut entries = Vec::new();
        for _ in 0..n {
            entries.push((String::arbitrary(u)?, fw_string(u)?));
        }
        Ok(types::Map::new(entries))
    })?;
    let zones = state(u, types::Set::null, types::Set::unknown, |u| {
        let n = u.int_in_range(0u8..=3)?;
        let mut elements = Vec::new();
        for _ in 0..n {
            elements.push(fw_string(u)?);
        }
        Ok(types::Set::new(elements))
    })?;
    let extra = state(u, types::Dynamic::null, types::Dynamic::unknown, |u| {
        Ok(types::Dynamic::new(match u.int_in_range(0u8..=2)? {
            0 => Value::from(String::arbitrary(u)?),
            1 => Value::from(i64::arbitrary(u)?),
            _ => Value::from(bool::arbitrary(u)?),
        }))
    })?;
    Ok(Resource {
        id: u.arbitrary()?,
        count: u.arbitrary()?,
        ratio: u.arbitrary()?,
        enabled: u.arbitrary()?,
        name: fw_string(u)?,
        size: state(u, types::Int64::null, types::Int64::unknown, |u| {
            Ok(types::Int64::new(u.arbitrary()?))
        })?,
        weight: state(u, types::Float64::null, types::Float64::unknown, |u| {
            Ok(types::Float64::new(u.arbitrary()?))
        })?,
        tags: u.arbitrary()?,
        ports: u.arbitrary()?,
        nested,
        items: items(u)?,
        framework_items,
        labels,
        zones,
        extra,
        skipped: 0,
    })
}

fn from_arbitrary(data: &[u8]) {
    let Ok(resource) = resource(&mut Unstructured::new(data)) else {
        return;
    };
    // Non-finite floats and duplicate set elements are refused, and that is right.
    let Ok(value) = resource.to_value(&Resource::terraform_type()) else {
        return;
    };
    struct_round_trip(&resource, &value, false);
}

fuzz_target!(|data: &[u8]| {
    from_bytes(data);
    from_arbitrary(data);
});
