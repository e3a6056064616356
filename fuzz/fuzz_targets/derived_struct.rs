//! The `#[derive(TfObject)]` model `tfsdk_fuzz::Resource` (nested object, list of objects,
//! `Option`, framework types, a skipped field) against the wire:
//!
//! 1. the input as msgpack, decoded against the model's type: when it converts to the struct,
//!    the struct converts back to the same value, and through msgpack to the same struct;
//! 2. the input as `arbitrary` data building a struct: when it converts to a value, the value
//!    goes through msgpack and back to the same struct.

#![no_main]

use arbitrary::{Arbitrary, Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use tfsdk_core::convert::{TerraformType, ToValue};
use tfsdk_core::tftypes::Value;
use tfsdk_core::types;
use tfsdk_fuzz::{Item, Nested, Resource, check_derived_struct_bytes, check_struct_round_trip};

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
    check_struct_round_trip(&resource, &value, false);
}

fuzz_target!(|data: &[u8]| {
    check_derived_struct_bytes(data);
    from_arbitrary(data);
});
