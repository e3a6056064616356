//! GenerateResourceConfig: the configuration that manages an object, from its state
//! (`terraform plan -generate-config-out`, `terraform query -generate-config-out`): what the
//! practitioner sets, without what the provider computes.

use std::collections::BTreeMap;

use tfsdk_core::schema::{Attribute, NestingMode, Schema};
use tfsdk_core::tftypes::Value;

use super::{Server, answer, decode, encode};
use crate::Provider;
use crate::proto::tfplugin6 as pb;

/// GenerateResourceConfig at the protocol's edge: the state decoded, [`config_from_state`],
/// the configuration encoded.
pub(super) fn generate_resource_config<P: Provider>(
    server: &Server<P>,
    request: pb::generate_resource_config::Request,
) -> pb::generate_resource_config::Response {
    let config = server.resource(&request.type_name).and_then(|resource| {
        let ty = resource.object_type();
        let state = decode(request.state.as_ref(), ty)?;
        encode(&config_from_state(resource.schema(), &state), ty)
    });
    match config {
        Ok(config) => pb::generate_resource_config::Response {
            config: Some(config),
            ..Default::default()
        },
        Err(error) => answer(Default::default(), error.into()),
    }
}

/// `state` with null in place of what configuration does not set: attributes only the
/// provider computes, deprecated ones, and write-only ones (null in every state anyway).
pub(crate) fn config_from_state(schema: &Schema, state: &Value) -> Value {
    object(&schema.attributes, state)
}

fn object(attributes: &BTreeMap<String, Attribute>, value: &Value) -> Value {
    let Some(values) = value.as_object().filter(|_| value.is_known()) else {
        return value.clone();
    };
    let kept = values.iter().map(|(name, value)| {
        let value = match attributes.get(name) {
            Some(attribute) => attribute_value(attribute, value),
            None => value.clone(),
        };
        (name.to_owned(), value)
    });
    Value::object(value.ty().clone(), kept.collect::<Vec<_>>()).unwrap_or_else(|_| value.clone())
}

fn attribute_value(attribute: &Attribute, value: &Value) -> Value {
    let configurable = attribute.required || attribute.optional;
    if !configurable || attribute.deprecation.is_some() || attribute.write_only {
        return Value::null(value.ty().clone());
    }
    let Some(nested) = &attribute.nested else {
        return value.clone();
    };
    if !value.is_known() || value.is_null() {
        return value.clone();
    }
    let inner = |element: &Value| object(&nested.attributes, element);
    match nested.nesting {
        NestingMode::Single => inner(value),
        NestingMode::List | NestingMode::Set => {
            let element_ty = value.ty().element_type().cloned();
            let elements = value.as_elements().unwrap_or_default().iter().map(inner);
            let rebuilt = match (nested.nesting, element_ty) {
                (NestingMode::List, Some(ty)) => Value::list(ty, elements),
                (_, Some(ty)) => Value::set(ty, elements),
                _ => return value.clone(),
            };
            rebuilt.unwrap_or_else(|_| value.clone())
        }
        NestingMode::Map => {
            let Some(map) = value.as_map() else {
                return value.clone();
            };
            let element_ty = value.ty().element_type().cloned();
            let elements = map
                .iter()
                .map(|(key, element)| (key.to_owned(), inner(element)));
            element_ty
                .and_then(|ty| Value::map(ty, elements).ok())
                .unwrap_or_else(|| value.clone())
        }
    }
}
