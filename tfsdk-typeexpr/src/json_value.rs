//! JSON values in and out, the way Terraform reads `.tfvars.json` and prints values.
//!
//! Input is decoded with its *implied* type: arrays are tuples, objects are objects, numbers
//! exact decimals, `null` a null of unknown type (`any`). Output writes sets as arrays in the
//! reference's order and numbers exactly.

use std::collections::{BTreeMap, HashSet};
use std::str::FromStr;
use tfsdk_core::__private::typeexpr::value_from_parts_unchecked;

use serde_json::Value as Json;

use tfsdk_core::path::AttributePath;
use tfsdk_core::tftypes::{MAX_DEPTH, Number, Type, Value, ValueData, ValueKind};

use super::set_order::reference_order;

/// A JSON document that cannot become a value: too deep, or a number out of range.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct JsonError {
    /// Where in the document.
    pub path: AttributePath,
    /// What went wrong.
    pub message: String,
}

/// Parses JSON text and decodes it with its implied type (see [`from_json`]).
///
/// # Errors
/// Malformed JSON, nesting deeper than [`MAX_DEPTH`], a number out of range.
pub fn parse_json(text: &str) -> Result<Value, JsonError> {
    let json: Json = serde_json::from_str(text).map_err(|e| JsonError {
        path: AttributePath::empty(),
        message: format!("invalid JSON: {e}"),
    })?;
    from_json(&json)
}

/// Decodes a JSON value with its implied type: arrays → tuples, objects → objects, numbers →
/// exact numbers, `null` → a null of type `any`.
///
/// ```
/// use tfsdk_typeexpr::json_value::from_json;
///
/// let v = from_json(&serde_json::json!(["a", 1, {"b": true}])).unwrap();
/// assert_eq!(v.ty().to_string(), "tuple([string,number,object({b=bool})])");
/// ```
///
/// # Errors
/// Nesting deeper than [`MAX_DEPTH`] or a number out of range.
pub fn from_json(json: &Json) -> Result<Value, JsonError> {
    let mut path = AttributePath::empty();
    let mut types = HashSet::new();
    decode(json, 0, &mut path, &mut types)
}

/// One shared type for every part of the document with the same implied type, so that long
/// arrays of like objects do not hold thousands of copies (and compare by pointer later).
fn intern(types: &mut HashSet<Type>, ty: Type) -> Type {
    if let Some(existing) = types.get(&ty) {
        return existing.clone();
    }
    types.insert(ty.clone());
    ty
}

fn decode(
    json: &Json,
    depth: usize,
    path: &mut AttributePath,
    types: &mut HashSet<Type>,
) -> Result<Value, JsonError> {
    if depth >= MAX_DEPTH {
        return Err(JsonError {
            path: path.clone(),
            message: format!("value nests more than {MAX_DEPTH} levels deep"),
        });
    }
    Ok(match json {
        Json::Null => Value::null(Type::Dynamic),
        Json::Bool(b) => Value::bool(*b),
        Json::String(s) => Value::string(super::nfc::nfc(s)),
        Json::Number(n) => {
            let text = n.to_string();
            let number = Number::from_str(&text).map_err(|e| JsonError {
                path: path.clone(),
                message: e.to_string(),
            })?;
            Value::number(super::precision::cty_number(number))
        }
        Json::Array(items) => {
            let mut elements = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                path.push(tfsdk_core::path::PathStep::ElementKeyInt(i as i64));
                let element = decode(item, depth + 1, path, types);
                path.pop();
                elements.push(element?);
            }
            let ty = intern(types, Type::tuple(elements.iter().map(|e| e.ty().clone())));
            value_from_parts_unchecked(ty, ValueData::Tuple(elements))
        }
        Json::Object(entries) => {
            let mut attributes = BTreeMap::new();
            for (key, item) in entries {
                let key = super::nfc::nfc(key);
                path.push(tfsdk_core::path::PathStep::AttributeName(key.clone()));
                let attribute = decode(item, depth + 1, path, types);
                path.pop();
                attributes.insert(key, attribute?);
            }
            let ty = intern(
                types,
                Type::object(attributes.iter().map(|(k, v)| (k.clone(), v.ty().clone()))),
            );
            Value::__object_unchecked(ty, attributes)
        }
    })
}

/// Writes a value as JSON: sets as arrays in the reference's order, numbers exact, null as
/// `null`.
///
/// ```
/// use tfsdk_core::tftypes::{Type, Value};
/// use tfsdk_typeexpr::json_value::to_json;
///
/// let set = Value::set(Type::String, [Value::from("b"), Value::from("a")]).unwrap();
/// assert_eq!(to_json(&set).unwrap().to_string(), r#"["a","b"]"#);
/// ```
///
/// # Errors
/// The value is not wholly known (JSON has no unknown).
pub fn to_json(value: &Value) -> Result<Json, JsonError> {
    let mut path = AttributePath::empty();
    encode(value, &mut path)
}

fn encode(value: &Value, path: &mut AttributePath) -> Result<Json, JsonError> {
    Ok(match value.kind() {
        ValueKind::Unknown => {
            return Err(JsonError {
                path: path.clone(),
                message: "an unknown value has no JSON form".into(),
            });
        }
        ValueKind::Null => Json::Null,
        ValueKind::Bool(b) => Json::Bool(b),
        ValueKind::String(s) => Json::String(s.to_owned()),
        ValueKind::Number(n) => Json::Number(json_number(n)),
        ValueKind::List(elements) | ValueKind::Tuple(elements) => {
            let mut items = Vec::with_capacity(elements.len());
            for (i, e) in elements.iter().enumerate() {
                path.push(tfsdk_core::path::PathStep::ElementKeyInt(i as i64));
                let item = encode(e, path);
                path.pop();
                items.push(item?);
            }
            Json::Array(items)
        }
        ValueKind::Set(elements) => {
            let mut items = Vec::with_capacity(elements.len());
            for e in reference_order(elements) {
                path.push(tfsdk_core::path::PathStep::ElementKeyValue(e.clone()));
                let item = encode(e, path);
                path.pop();
                items.push(item?);
            }
            Json::Array(items)
        }
        ValueKind::Map(entries) | ValueKind::Object(entries) => {
            let mut map = serde_json::Map::new();
            for (k, e) in entries {
                path.push(tfsdk_core::path::PathStep::ElementKeyString(k.clone()));
                let item = encode(e, path);
                path.pop();
                map.insert(k.clone(), item?);
            }
            Json::Object(map)
        }
    })
}

/// An exact JSON number: with `arbitrary_precision`, serde_json keeps the digits as written.
fn json_number(n: &Number) -> serde_json::Number {
    serde_json::Number::from_string_unchecked(n.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_keep_every_digit() {
        let v = parse_json(
            "[123456789012345678901234567890, 0.1000000000000000055511151231257827, 1000.0]",
        )
        .unwrap();
        assert_eq!(
            to_json(&v).unwrap().to_string(),
            "[123456789012345678901234567890,0.1000000000000000055511151231257827,1000]"
        );
    }

    #[test]
    fn deep_json_is_an_error_not_an_overflow() {
        let deep = "[".repeat(100) + &"]".repeat(100);
        // serde_json stops at its own recursion limit first; either way it is an error.
        let deeper = "[".repeat(MAX_DEPTH + 10) + &"]".repeat(MAX_DEPTH + 10);
        assert!(parse_json(&deep).is_ok());
        assert!(parse_json(&deeper).is_err());
    }
}
