//! JSON values in and out, the way Terraform reads `.tfvars.json` and prints values.
//!
//! Input is decoded with its *implied* type: arrays are tuples, objects are objects, numbers
//! exact decimals, `null` a null of unknown type (`any`). Output writes sets as arrays in the
//! reference's order and numbers exactly.

use std::collections::{BTreeMap, HashMap};
use std::fmt::{self, Write};
use std::str::FromStr;

use serde_json::Value as Json;
use tfsdk_core::tftypes::json_syntax::{
    JsonReader, Kind, push_string_content, write_string_content,
};

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
/// The text is read straight into the value, without a JSON tree; a document that does not
/// decode that way (malformed, too deep, a number out of range, two keys equal once normalized)
/// is read again through a tree, for the same error or result as [`from_json`] gives.
///
/// # Errors
/// Malformed JSON, nesting deeper than [`MAX_DEPTH`], a number out of range.
pub fn parse_json(text: &str) -> Result<Value, JsonError> {
    let mut reader = JsonReader::from_text(text);
    let mut types = ImpliedTypes::default();
    if let Some(value) = read_value(&mut reader, 0, &mut types, DIRECT_DEPTH, cty_number)
        && reader.finish().is_ok()
    {
        return Ok(value);
    }
    let json: Json = serde_json::from_str(text).map_err(|e| JsonError {
        path: AttributePath::empty(),
        message: format!("invalid JSON: {e}"),
    })?;
    from_json(&json)
}

/// How deep [`read_value`] reads before leaving a document to the tree route: well within both
/// [`MAX_DEPTH`] and serde_json's recursion limit (128), so the routes never disagree on depth.
pub(crate) const DIRECT_DEPTH: usize = 100;

pub(crate) fn cty_number(n: Number) -> Number {
    super::precision::cty_number(n)
}

/// Reads one JSON value from `reader` straight into a value with its implied type (as
/// [`from_json`] decodes: strings and keys NFC, types interned), numbers finished by `number`.
/// `None` when the text is not simply a value this can read: a syntax error, nesting deeper
/// than `max_depth`, a number that does not parse, or two keys of an object equal once
/// normalized; the caller then takes its exact (slower) route for the message or result.
pub(crate) fn read_value(
    reader: &mut JsonReader<'_>,
    depth: usize,
    types: &mut ImpliedTypes,
    max_depth: usize,
    number: fn(Number) -> Number,
) -> Option<Value> {
    if depth > max_depth {
        return None;
    }
    Some(match reader.peek_kind().ok()? {
        Kind::Null => {
            reader.read_null().ok()?;
            Value::null(Type::Dynamic)
        }
        Kind::Bool => Value::bool(reader.read_bool().ok()?),
        Kind::Number => Value::number(number(Number::from_str(reader.read_number().ok()?).ok()?)),
        Kind::String => Value::string(super::nfc::nfc_cow(reader.read_string().ok()?).into_owned()),
        Kind::Array => {
            reader.begin_array().ok()?;
            let mut elements = Vec::new();
            let mut first = true;
            while reader.array_next(first).ok()? {
                first = false;
                elements.push(read_value(reader, depth + 1, types, max_depth, number)?);
            }
            let ty = types.tuple(&elements);
            Value::from_parts_unchecked(ty, ValueData::Tuple(elements))
        }
        Kind::Object => {
            reader.begin_object().ok()?;
            let (mut keys, mut values) = (Vec::with_capacity(4), Vec::with_capacity(4));
            let mut first = true;
            while let Some(key) = reader.object_next(first).ok()? {
                first = false;
                keys.push(super::nfc::nfc_cow(key));
                values.push(read_value(reader, depth + 1, types, max_depth, number)?);
            }
            if !keys.is_sorted() {
                sort_attributes(&mut keys, &mut values);
            }
            if keys.windows(2).any(|w| w[0] == w[1]) {
                return None;
            }
            let ty = types.object(
                keys.iter()
                    .map(AsRef::as_ref)
                    .zip(values.iter().map(Value::ty)),
            );
            Value::object_values_unchecked(ty, values)
        }
    })
}

/// Puts an object's keys, and its values with them, in name order.
fn sort_attributes<K: Ord + Default>(keys: &mut Vec<K>, values: &mut Vec<Value>) {
    let mut order: Vec<usize> = (0..keys.len()).collect();
    order.sort_by(|&a, &b| keys[a].cmp(&keys[b]));
    let mut sorted_keys = Vec::with_capacity(order.len());
    let mut sorted_values = Vec::with_capacity(order.len());
    for i in order {
        sorted_keys.push(std::mem::take(&mut keys[i]));
        sorted_values.push(std::mem::replace(
            &mut values[i],
            Value::null(Type::Dynamic),
        ));
    }
    *keys = sorted_keys;
    *values = sorted_values;
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
    let mut types = ImpliedTypes::default();
    decode(json, 0, &mut path, &mut types)
}

/// The implied types of one document, each made once: every part of the document with the
/// same implied type shares one `Type`, so long arrays of like objects do not hold thousands of
/// copies (and later compare by pointer).
///
/// A type is found by its shape: attribute names (or element positions) and the already shared
/// types of its parts, which compare by pointer, so a lookup does not walk nested types.
#[derive(Default)]
pub(crate) struct ImpliedTypes {
    /// By [`shape_hash`] of the attribute names and types.
    objects: HashMap<u64, Vec<Type>>,
    /// By [`shape_hash`] of the element types.
    tuples: HashMap<u64, Vec<Type>>,
}

impl ImpliedTypes {
    /// The object type with these attributes, sorted by name and distinct.
    pub(crate) fn object<'a>(
        &mut self,
        attributes: impl Iterator<Item = (&'a str, &'a Type)> + Clone,
    ) -> Type {
        let hash = shape_hash(attributes.clone().map(|(name, ty)| (name.as_bytes(), ty)));
        let candidates = self.objects.entry(hash).or_default();
        let same = |ty: &&Type| {
            ty.as_object().is_some_and(|o| {
                o.attributes().len() == attributes.clone().count()
                    && o.attributes()
                        .iter()
                        .zip(attributes.clone())
                        .all(|((n, t), (name, ty))| n == name && t == ty)
            })
        };
        if let Some(found) = candidates.iter().find(same) {
            return found.clone();
        }
        let ty = Type::object(attributes.map(|(name, ty)| (name.to_owned(), ty.clone())));
        candidates.push(ty.clone());
        ty
    }

    /// The tuple type of these elements.
    pub(crate) fn tuple(&mut self, elements: &[Value]) -> Type {
        let hash = shape_hash(elements.iter().map(|e| (&[][..], e.ty())));
        let candidates = self.tuples.entry(hash).or_default();
        let same = |ty: &&Type| {
            matches!(ty, Type::Tuple(types) if types.len() == elements.len()
                && types.iter().zip(elements).all(|(t, e)| t == e.ty()))
        };
        if let Some(found) = candidates.iter().find(same) {
            return found.clone();
        }
        let ty = Type::tuple(elements.iter().map(|e| e.ty().clone()));
        candidates.push(ty.clone());
        ty
    }
}

/// A hash of a type's shape: its parts' names and the identity of their types (the address of
/// a shared type, the kind of a primitive). Equal shapes hash equal when their part types are
/// the same shared types, which [`ImpliedTypes`] makes them.
fn shape_hash<'a>(parts: impl Iterator<Item = (&'a [u8], &'a Type)>) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let mix = |h: u64, x: u64| (h.rotate_left(5) ^ x).wrapping_mul(K);
    let mut h = 0u64;
    for (name, ty) in parts {
        h = mix(h, name.len() as u64);
        let mut chunks = name.chunks_exact(8);
        for chunk in &mut chunks {
            h = mix(h, u64::from_le_bytes(chunk.try_into().unwrap_or_default()));
        }
        let mut last = [0u8; 8];
        last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
        h = mix(h, u64::from_le_bytes(last));
        h = mix(h, type_identity(ty));
    }
    h
}

/// The identity of a shared type: the address of its shared part, or a small number for a
/// primitive.
fn type_identity(ty: &Type) -> u64 {
    match ty {
        Type::String => 1,
        Type::Number => 2,
        Type::Bool => 3,
        Type::Dynamic => 4,
        Type::List(e) | Type::Set(e) | Type::Map(e) => std::sync::Arc::as_ptr(e) as usize as u64,
        Type::Object(o) => std::sync::Arc::as_ptr(o) as usize as u64,
        Type::Tuple(es) => es.as_ptr() as usize as u64,
    }
}

fn decode(
    json: &Json,
    depth: usize,
    path: &mut AttributePath,
    types: &mut ImpliedTypes,
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
            let ty = types.tuple(&elements);
            Value::from_parts_unchecked(ty, ValueData::Tuple(elements))
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
            let ty = types.object(attributes.iter().map(|(k, v)| (k.as_str(), v.ty())));
            Value::object_values_unchecked(ty, attributes.into_values().collect())
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
                path.push(tfsdk_core::path::PathStep::ElementKeyString(k.to_owned()));
                let item = encode(e, path);
                path.pop();
                map.insert(k.to_owned(), item?);
            }
            Json::Object(map)
        }
    })
}

/// An exact JSON number: with `arbitrary_precision`, serde_json keeps the digits as written.
fn json_number(n: &Number) -> serde_json::Number {
    serde_json::Number::from_string_unchecked(n.to_string())
}

/// Writes a value as JSON text straight into `out`: the text `to_json(value)` prints
/// (compact, keys in order, sets in the reference's order, numbers exact), without the tree.
///
/// ```
/// use tfsdk_core::tftypes::Value;
/// use tfsdk_typeexpr::json_value::write_json;
///
/// let v = Value::object_of([("b", Value::from(1)), ("a", Value::from("x\ny"))]);
/// let mut out = String::new();
/// write_json(&v, &mut out).unwrap().unwrap();
/// assert_eq!(out, r#"{"a":"x\ny","b":1}"#);
/// ```
///
/// # Errors
/// The value is not wholly known: the error [`to_json`] gives, and nothing is written. The
/// inner result is `out`'s.
pub fn write_json(value: &Value, out: &mut impl Write) -> Result<fmt::Result, JsonError> {
    check_known(value)?;
    Ok(write_known(value, out))
}

/// Whether a value has a JSON form: the error [`to_json`] gives for its first unknown.
pub(crate) fn check_known(value: &Value) -> Result<(), JsonError> {
    if value.is_wholly_known() {
        return Ok(());
    }
    encode(value, &mut AttributePath::empty()).map(drop)
}

pub(crate) fn write_known(value: &Value, out: &mut impl Write) -> fmt::Result {
    match value.kind() {
        ValueKind::Unknown | ValueKind::Null => out.write_str("null"),
        ValueKind::Bool(b) => out.write_str(if b { "true" } else { "false" }),
        ValueKind::String(s) => write_json_string(s, out),
        ValueKind::Number(n) => write!(out, "{n}"),
        ValueKind::List(elements) | ValueKind::Tuple(elements) => write_array(elements.iter(), out),
        ValueKind::Set(elements) => write_array(reference_order(elements).into_iter(), out),
        ValueKind::Map(entries) | ValueKind::Object(entries) => {
            out.write_char('{')?;
            for (i, (k, e)) in entries.iter().enumerate() {
                if i > 0 {
                    out.write_char(',')?;
                }
                write_json_string(k, out)?;
                out.write_char(':')?;
                write_known(e, out)?;
            }
            out.write_char('}')
        }
    }
}

fn write_array<'a>(elements: impl Iterator<Item = &'a Value>, out: &mut impl Write) -> fmt::Result {
    out.write_char('[')?;
    for (i, e) in elements.enumerate() {
        if i > 0 {
            out.write_char(',')?;
        }
        write_known(e, out)?;
    }
    out.write_char(']')
}

/// Writes `text` as a JSON string literal, escaped as serde_json escapes.
pub fn write_json_string(text: &str, out: &mut impl Write) -> fmt::Result {
    out.write_char('"')?;
    JsonStringContent(&mut *out).write_str(text)?;
    out.write_char('"')
}

/// A sink that escapes what it is given as the inside of a JSON string (quotes, backslashes
/// and control characters, as serde_json escapes them; everything else as it is) and passes it
/// on: text rendered for a JSON string field goes out without an intermediate `String`.
///
/// ```
/// use std::fmt::Write;
/// use tfsdk_typeexpr::json_value::JsonStringContent;
///
/// let mut out = String::new();
/// write!(JsonStringContent(&mut out), "a \"b\"\n").unwrap();
/// assert_eq!(out, r#"a \"b\"\n"#);
/// ```
pub struct JsonStringContent<W>(pub W);

impl<W: Write> Write for JsonStringContent<W> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        write_string_content(&mut self.0, text)
    }
}

/// Appends `text` escaped as the inside of a JSON string, as [`JsonStringContent`] writes it,
/// to a byte buffer: for long texts with many escapes (console text).
pub(crate) fn push_json_string_content(text: &str, out: &mut Vec<u8>) {
    push_string_content(out, text);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_escapers_write_the_same() {
        let all: String = (0u8..0x80)
            .map(char::from)
            .chain("é\u{2028}€".chars())
            .collect();
        for text in ["", "plain", "a \"b\"\n\\", &all] {
            let mut by_sink = String::new();
            JsonStringContent(&mut by_sink).write_str(text).unwrap();
            let mut pushed = Vec::new();
            push_json_string_content(text, &mut pushed);
            assert_eq!(String::from_utf8(pushed).unwrap(), by_sink);
            let json = serde_json::to_string(text).unwrap();
            assert_eq!(format!("\"{by_sink}\""), json);
        }
    }

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

    /// Documents both routes read: the direct one must give exactly the tree's value or error.
    const DOCUMENTS: &[&str] = &[
        "null",
        "true",
        r#""caf\u00e9 e\u0301 \ud83d\ude00 \n\t\"""#,
        "0",
        "-0",
        "1e400",
        "-1.50E-3",
        "123456789012345678901234567890.000001",
        "[]",
        "{}",
        r#"[1, "a", null, {"b": [true, false]}]"#,
        r#"{"z": 1, "a": {"e\u0301": 2, "\u00e9x": 3}}"#,
        r#"{"a": 1, "a": 2}"#,
        r#"{"e\u0301": 1, "\u00e9": 2}"#,
        r#"[{"name": "x", "website": {"routing_rules": "r"}}, {"name": "y", "enabled": false}]"#,
        "[1,]",
        "[01]",
        r#""\ud800""#,
        "{\"a\" 1}",
        "[1] x",
        "",
    ];

    fn through_tree(text: &str) -> Result<Value, JsonError> {
        let json: Json = serde_json::from_str(text).map_err(|e| JsonError {
            path: AttributePath::empty(),
            message: format!("invalid JSON: {e}"),
        })?;
        from_json(&json)
    }

    #[test]
    fn reading_directly_gives_what_the_tree_gives() {
        let deep = |n: usize| "[".repeat(n) + &"]".repeat(n);
        let mut documents: Vec<String> = DOCUMENTS.iter().map(|d| d.to_string()).collect();
        documents.extend([90, 99, 100, 101, 126, 127, 128, 129].map(deep));
        for text in &documents {
            let direct = parse_json(text);
            let tree = through_tree(text);
            assert_eq!(direct, tree, "{text}");
            if let (Ok(a), Ok(b)) = (&direct, &tree) {
                assert_eq!(a.ty(), b.ty(), "{text}");
            }
        }
    }

    #[test]
    fn writing_directly_gives_the_tree_text() {
        for text in DOCUMENTS {
            let Ok(value) = parse_json(text) else {
                continue;
            };
            let mut out = String::new();
            write_json(&value, &mut out).unwrap().unwrap();
            assert_eq!(out, to_json(&value).unwrap().to_string(), "{text}");
        }
        let set = Value::set(Type::Number, [Value::from(10), Value::from(9)]).unwrap();
        let mut out = String::new();
        write_json(&set, &mut out).unwrap().unwrap();
        assert_eq!(out, to_json(&set).unwrap().to_string());
        let controls: String = (0u8..0x80).map(char::from).collect();
        let mut out = String::new();
        write_json_string(&controls, &mut out).unwrap();
        assert_eq!(out, Json::String(controls).to_string());
    }

    #[test]
    fn an_unknown_is_refused_before_anything_is_written() {
        let v = Value::tuple_of([Value::from(1), Value::unknown(Type::String)]);
        let mut out = String::new();
        let err = write_json(&v, &mut out).unwrap_err();
        assert_eq!(err, to_json(&v).unwrap_err());
        assert!(out.is_empty());
    }
}
