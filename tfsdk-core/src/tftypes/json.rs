//! Values in the JSON encoding Terraform uses for state, both directions, with the semantics of
//! terraform-plugin-go's `tftypes` (`ValueFromJSON`) and go-cty's `cty/json`.
//!
//! | value | JSON |
//! |---|---|
//! | null (any type) | `null` |
//! | string, bool | a JSON string, `true` / `false` |
//! | number | a JSON number, digit for digit (`1e400` is written as its 401 digits) |
//! | list, set, tuple | an array (a set in the order it holds) |
//! | map, object | an object (keys sorted) |
//! | a known value, or a null of a concrete type, where [`Type::Dynamic`] is declared | `{"value": <value>, "type": <type JSON>}` |
//! | unknown | an error: JSON cannot carry unknown values |
//!
//! Reading is lenient where tftypes is (state written by older SDKs relies on it): a string
//! may stand for a number (`"12"`), a number or bool for a string (`12` → `"12"`), and `"true"`,
//! `"false"`, `"1"`, `"0"`, `1`, `0` for a bool. An object may leave attributes out (they read
//! as null), but not add unknown ones unless [`JsonOptions::ignore_undefined_attributes`] is set.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::json_syntax::{JsonReader, Kind, SyntaxError, write_string};
use super::type_json::{read_type, write_type};
use super::wire::{
    check_encodable, check_level, check_no_optional, expected, list_or_set_from, map_from,
    object_from, tuple_from,
};
use super::{MapKey, Number, ObjectType, Type, Value, ValueError, ValueKind};
use crate::path::PathStep;

/// Options for reading JSON values ([`Value::from_json_with`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct JsonOptions {
    /// Skip object members that are not attributes of the object type, instead of failing.
    /// Raw state may hold attributes a newer schema has removed (tftypes'
    /// `IgnoreUndefinedAttributes`).
    pub ignore_undefined_attributes: bool,
}

impl JsonOptions {
    /// The same options with [`JsonOptions::ignore_undefined_attributes`] set to `ignore`.
    pub fn ignore_undefined_attributes(mut self, ignore: bool) -> JsonOptions {
        self.ignore_undefined_attributes = ignore;
        self
    }
}

impl Value {
    /// The value as JSON text, encoded as type `ty` (the state encoding).
    ///
    /// ```
    /// use tfsdk_core::tftypes::{Type, Value};
    ///
    /// let ty = Type::object([("name", Type::String), ("size", Type::Number), ("any", Type::Dynamic)]);
    /// let value = Value::object(
    ///     ty.clone(),
    ///     [
    ///         ("name", Value::from("web")),
    ///         ("size", Value::null(Type::Number)),
    ///         ("any", Value::from(true)),
    ///     ],
    /// )
    /// .unwrap();
    /// let json = value.to_json(&ty).unwrap();
    /// assert_eq!(json, r#"{"any":{"value":true,"type":"bool"},"name":"web","size":null}"#);
    /// assert_eq!(Value::from_json(&json, &ty).unwrap(), value);
    ///
    /// // JSON has no way to say "unknown".
    /// assert!(Value::unknown(Type::String).to_json(&Type::String).is_err());
    /// ```
    ///
    /// # Errors
    /// An unknown value anywhere; a value that is not of type `ty`; nesting beyond
    /// [`MAX_DEPTH`](super::MAX_DEPTH) levels (the root is level 1, each element or attribute
    /// one level below its parent, and the value and type inside a dynamic wrapper one level
    /// below the wrapper). Errors carry the path of the offending part.
    pub fn to_json(&self, ty: &Type) -> Result<String, ValueError> {
        let mut out = String::new();
        self.write_json(ty, &mut out)?;
        Ok(out)
    }

    /// As [`Value::to_json`], appending to `out`. On error `out` is left as it was.
    ///
    /// # Errors
    /// As [`Value::to_json`].
    pub fn write_json(&self, ty: &Type, out: &mut String) -> Result<(), ValueError> {
        check_encodable(self, ty)?;
        let start = out.len();
        let result = write_value(self, ty, out, 1);
        if result.is_err() {
            out.truncate(start);
        }
        result
    }

    /// Reads a value of type `ty` from JSON (text or bytes).
    ///
    /// ```
    /// use tfsdk_core::tftypes::{Type, Value};
    ///
    /// let ty = Type::map(Type::Number);
    /// let value = Value::from_json(r#"{"a": 1e400, "b": null}"#, &ty).unwrap();
    /// assert_eq!(value.as_map().unwrap()["a"].as_number().unwrap().to_string().len(), 401);
    ///
    /// let err = Value::from_json(r#"{"a": [1]}"#, &ty).unwrap_err();
    /// assert_eq!(err.to_string(), r#"["a"]: expected number, found array"#);
    /// ```
    ///
    /// # Errors
    /// Invalid JSON (with its byte offset), JSON that does not fit `ty`, duplicate keys,
    /// duplicate set elements, unknown object attributes, and nesting beyond
    /// [`MAX_DEPTH`](super::MAX_DEPTH) levels (counted as for [`Value::to_json`]; the input is
    /// never recursed into further than that, so any input is safe on a small stack). Errors
    /// carry the path of the offending part. Never panics, whatever the input.
    pub fn from_json(json: impl AsRef<[u8]>, ty: &Type) -> Result<Value, ValueError> {
        Value::from_json_with(json, ty, JsonOptions::default())
    }

    /// As [`Value::from_json`], with options.
    ///
    /// ```
    /// use tfsdk_core::tftypes::{JsonOptions, Type, Value};
    ///
    /// let ty = Type::object([("kept", Type::String)]);
    /// let state = r#"{"kept": "x", "removed": [1, 2]}"#;
    /// assert!(Value::from_json(state, &ty).is_err());
    /// let options = JsonOptions::default().ignore_undefined_attributes(true);
    /// let value = Value::from_json_with(state, &ty, options).unwrap();
    /// assert_eq!(value.attribute("kept"), Some(&Value::from("x")));
    /// ```
    ///
    /// # Errors
    /// As [`Value::from_json`].
    pub fn from_json_with(
        json: impl AsRef<[u8]>,
        ty: &Type,
        options: JsonOptions,
    ) -> Result<Value, ValueError> {
        let mut decoder = Decoder {
            r: JsonReader::new(json.as_ref()),
            options,
        };
        let value = decoder.value(ty, 1)?;
        decoder.r.finish().map_err(syntax)?;
        Ok(value)
    }
}

fn syntax(error: SyntaxError) -> ValueError {
    ValueError::new(format!(
        "invalid JSON at byte {}: {}",
        error.offset, error.message
    ))
}

struct Decoder<'a> {
    r: JsonReader<'a>,
    options: JsonOptions,
}

impl<'a> Decoder<'a> {
    fn value(&mut self, ty: &Type, level: usize) -> Result<Value, ValueError> {
        check_level(level)?;
        let kind = self.r.peek_kind().map_err(syntax)?;
        if kind == Kind::Null {
            self.r.read_null().map_err(syntax)?;
            return Ok(Value::null(ty.clone()));
        }
        match ty {
            Type::String => self.string(kind, ty),
            Type::Number => self.number(kind, ty),
            Type::Bool => self.bool(kind, ty),
            Type::Dynamic => self.dynamic(kind, level),
            Type::List(element) | Type::Set(element) => self.list_or_set(kind, ty, element, level),
            Type::Tuple(types) => self.tuple(kind, ty, types, level),
            Type::Map(element) => self.map(kind, ty, element, level),
            Type::Object(object) => self.object(kind, ty, object, level),
        }
    }

    /// A list or set of `element`s (`ty`).
    fn list_or_set(
        &mut self,
        kind: Kind,
        ty: &Type,
        element: &Type,
        level: usize,
    ) -> Result<Value, ValueError> {
        if kind != Kind::Array {
            return Err(expected(ty, kind.name()));
        }
        let is_set = matches!(ty, Type::Set(_));
        self.r.begin_array().map_err(syntax)?;
        let mut elements = Vec::new();
        while self.r.array_next(elements.is_empty()).map_err(syntax)? {
            let index = elements.len();
            let v = self.value(element, level + 1).map_err(|e| {
                e.under(if is_set {
                    // The element never came to be: name it by its type.
                    PathStep::ElementKeyValue(Value::unknown(Type::clone(element)))
                } else {
                    PathStep::ElementKeyInt(index as i64)
                })
            })?;
            elements.push(v);
        }
        list_or_set_from(ty, element, elements)
    }

    /// A tuple of `types` (`ty`).
    fn tuple(
        &mut self,
        kind: Kind,
        ty: &Type,
        types: &[Type],
        level: usize,
    ) -> Result<Value, ValueError> {
        if kind != Kind::Array {
            return Err(expected(ty, kind.name()));
        }
        self.r.begin_array().map_err(syntax)?;
        let mut elements = Vec::with_capacity(types.len());
        while self.r.array_next(elements.is_empty()).map_err(syntax)? {
            let index = elements.len();
            let Some(element) = types.get(index) else {
                return Err(ValueError::new(format!(
                    "too many tuple elements: the tuple type has {}",
                    types.len()
                )));
            };
            let v = self
                .value(element, level + 1)
                .map_err(|e| e.under(PathStep::ElementKeyInt(index as i64)))?;
            elements.push(v);
        }
        if elements.len() != types.len() {
            return Err(ValueError::new(format!(
                "not enough tuple elements: found {}, the tuple type has {}",
                elements.len(),
                types.len()
            )));
        }
        Ok(tuple_from(ty, elements))
    }

    /// A map of `element`s (`ty`).
    fn map(
        &mut self,
        kind: Kind,
        ty: &Type,
        element: &Type,
        level: usize,
    ) -> Result<Value, ValueError> {
        if kind != Kind::Object {
            return Err(expected(ty, kind.name()));
        }
        self.r.begin_object().map_err(syntax)?;
        let mut entries: Vec<(MapKey, Value)> = Vec::new();
        let mut sorted = true;
        let mut first = true;
        while let Some(key) = self.r.object_next(first).map_err(syntax)? {
            first = false;
            let v = self
                .value(element, level + 1)
                .map_err(|e| e.under(PathStep::ElementKeyString(key.to_string())))?;
            if let Some((last, _)) = entries.last() {
                sorted &= last.as_str() < &*key;
            }
            entries.push((MapKey::new(&key), v));
        }
        map_from(ty, element, entries, sorted)
    }

    /// An object of type `object` (`ty`): attributes left out are null.
    fn object(
        &mut self,
        kind: Kind,
        ty: &Type,
        object: &ObjectType,
        level: usize,
    ) -> Result<Value, ValueError> {
        if kind != Kind::Object {
            return Err(expected(ty, kind.name()));
        }
        check_no_optional(object)?;
        self.r.begin_object().map_err(syntax)?;
        let mut attributes = BTreeMap::new();
        let mut first = true;
        while let Some(key) = self.r.object_next(first).map_err(syntax)? {
            first = false;
            let Some(attribute) = object.attribute(&key) else {
                if self.options.ignore_undefined_attributes {
                    self.r.skip_value().map_err(syntax)?;
                    continue;
                }
                return Err(ValueError::new(format!(
                    "unsupported attribute {key:?}: the object type has no such attribute"
                )));
            };
            if attributes.contains_key(&*key) {
                return Err(ValueError::new(format!("duplicate attribute {key:?}"))
                    .under(PathStep::AttributeName(key.into_owned())));
            }
            let v = self
                .value(attribute, level + 1)
                .map_err(|e| e.under(PathStep::AttributeName(key.to_string())))?;
            attributes.insert(key.into_owned(), v);
        }
        // Attributes left out read as null, as in tftypes and cty.
        if attributes.len() < object.attributes().len() {
            for (name, attribute) in object.attributes() {
                if !attributes.contains_key(name) {
                    attributes.insert(name.clone(), Value::null(attribute.clone()));
                }
            }
        }
        Ok(object_from(ty, attributes))
    }

    fn string(&mut self, kind: Kind, ty: &Type) -> Result<Value, ValueError> {
        match kind {
            Kind::String => match self.r.read_string().map_err(syntax)? {
                std::borrow::Cow::Borrowed(text) => Ok(Value::str(text)),
                std::borrow::Cow::Owned(text) => Ok(Value::string(text)),
            },
            Kind::Number => Ok(Value::string(self.r.read_number().map_err(syntax)?)),
            Kind::Bool => Ok(Value::string(if self.r.read_bool().map_err(syntax)? {
                "true"
            } else {
                "false"
            })),
            _ => Err(expected(ty, kind.name())),
        }
    }

    fn number(&mut self, kind: Kind, ty: &Type) -> Result<Value, ValueError> {
        let text = match kind {
            Kind::Number => std::borrow::Cow::Borrowed(self.r.read_number().map_err(syntax)?),
            Kind::String => self.r.read_string().map_err(syntax)?,
            _ => return Err(expected(ty, kind.name())),
        };
        let number: Number = text
            .parse()
            .map_err(|e| ValueError::new(format!("invalid number: {e}")))?;
        Ok(Value::number(number))
    }

    fn bool(&mut self, kind: Kind, ty: &Type) -> Result<Value, ValueError> {
        match kind {
            Kind::Bool => Ok(Value::bool(self.r.read_bool().map_err(syntax)?)),
            Kind::String => {
                let text = self.r.read_string().map_err(syntax)?;
                match &*text {
                    "true" | "1" => Ok(Value::bool(true)),
                    "false" | "0" => Ok(Value::bool(false)),
                    other if other.eq_ignore_ascii_case("true") => Err(ValueError::new(
                        "to convert from string, use lowercase \"true\"",
                    )),
                    other if other.eq_ignore_ascii_case("false") => Err(ValueError::new(
                        "to convert from string, use lowercase \"false\"",
                    )),
                    other => Err(ValueError::new(format!(
                        "expected bool, found string {other:?}"
                    ))),
                }
            }
            Kind::Number => match self.r.read_number().map_err(syntax)? {
                "1" => Ok(Value::bool(true)),
                "0" => Ok(Value::bool(false)),
                other => Err(ValueError::new(format!(
                    "expected bool, found number {other}"
                ))),
            },
            _ => Err(expected(ty, kind.name())),
        }
    }

    /// `{"value": …, "type": …}`, members in either order.
    fn dynamic(&mut self, kind: Kind, level: usize) -> Result<Value, ValueError> {
        if kind != Kind::Object {
            return Err(ValueError::new(format!(
                "expected a dynamic value as {{\"value\": …, \"type\": …}}, found {}",
                kind.name()
            )));
        }
        self.r.begin_object().map_err(syntax)?;
        let mut ty: Option<Type> = None;
        let mut value: Option<Value> = None;
        // Where the value starts when it comes before its type: read once the type is known.
        let mut value_at: Option<usize> = None;
        let mut first = true;
        while let Some(key) = self.r.object_next(first).map_err(syntax)? {
            first = false;
            match &*key {
                "type" => {
                    if ty.is_some() {
                        return Err(ValueError::new(
                            "duplicate \"type\" in a dynamically-typed value",
                        ));
                    }
                    let t = read_type(&mut self.r, level + 1).map_err(|e| {
                        ValueError::new(format!(
                            "invalid type in a dynamically-typed value at byte {}: {}",
                            e.offset, e.message
                        ))
                    })?;
                    if let Some(at) = value_at {
                        let mut later = Decoder {
                            r: self.r.at(at),
                            options: self.options,
                        };
                        value = Some(later.value(&t, level + 1)?);
                    }
                    ty = Some(t);
                }
                "value" => {
                    if value.is_some() || value_at.is_some() {
                        return Err(ValueError::new(
                            "duplicate \"value\" in a dynamically-typed value",
                        ));
                    }
                    match &ty {
                        Some(t) => value = Some(self.value(t, level + 1)?),
                        None => {
                            value_at = Some(self.r.pos());
                            self.r.skip_value().map_err(syntax)?;
                        }
                    }
                }
                other => {
                    return Err(ValueError::new(format!(
                        "invalid key {other:?} in a dynamically-typed value (expected \"value\" and \"type\")"
                    )));
                }
            }
        }
        match (ty, value) {
            (Some(_), Some(value)) => Ok(value),
            (None, _) => Err(ValueError::new(
                "missing \"type\" in a dynamically-typed value",
            )),
            (Some(_), None) => Err(ValueError::new(
                "missing \"value\" in a dynamically-typed value",
            )),
        }
    }
}

fn unknown_error() -> ValueError {
    ValueError::new(
        "cannot encode an unknown value as JSON: the JSON (state) encoding has no representation for unknown values",
    )
}

/// Appends `elements` (at nesting `level`) as an array: element `i` declared as `ty_of(i)`,
/// an error in it placed under `step(i, element)`.
fn write_array<'t>(
    out: &mut String,
    level: usize,
    elements: &[Value],
    ty_of: impl Fn(usize) -> &'t Type,
    step: impl Fn(usize, &Value) -> PathStep,
) -> Result<(), ValueError> {
    out.push('[');
    for (i, v) in elements.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_value(v, ty_of(i), out, level + 1).map_err(|e| e.under(step(i, v)))?;
    }
    out.push(']');
    Ok(())
}

/// Appends `"key":value` to an object or map being written, after a comma unless it is the
/// `first` member; an error in the value is placed under `step`.
fn write_member(
    out: &mut String,
    level: usize,
    first: bool,
    (key, value, ty): (&str, &Value, &Type),
    step: impl FnOnce() -> PathStep,
) -> Result<(), ValueError> {
    if !first {
        out.push(',');
    }
    write_string(out, key);
    out.push(':');
    write_value(value, ty, out, level + 1).map_err(|e| e.under(step()))
}

/// Appends `value` (declared as `ty`, at nesting `level`).
fn write_value(value: &Value, ty: &Type, out: &mut String, level: usize) -> Result<(), ValueError> {
    check_level(level)?;
    if ty.is_dynamic() && !value.ty().is_dynamic() {
        out.push_str("{\"value\":");
        write_value(value, value.ty(), out, level + 1)?;
        out.push_str(",\"type\":");
        write_type(value.ty(), out, level + 1).map_err(ValueError::new)?;
        out.push('}');
        return Ok(());
    }
    let mismatch = || expected(ty, &value.ty().to_string());
    match (value.kind(), ty) {
        (ValueKind::Null, _) => out.push_str("null"),
        (ValueKind::Unknown, _) => return Err(unknown_error()),
        (ValueKind::String(s), Type::String) => write_string(out, s),
        (ValueKind::Number(n), Type::Number) => {
            let _ = write!(out, "{n}");
        }
        (ValueKind::Bool(b), Type::Bool) => out.push_str(if b { "true" } else { "false" }),
        (ValueKind::List(elements), Type::List(element)) => {
            write_array(
                out,
                level,
                elements,
                |_| element,
                |i, _| PathStep::ElementKeyInt(i as i64),
            )?;
        }
        (ValueKind::Set(elements), Type::Set(element)) => {
            write_array(
                out,
                level,
                elements,
                |_| element,
                |_, v| PathStep::ElementKeyValue(v.clone()),
            )?;
        }
        (ValueKind::Tuple(elements), Type::Tuple(types)) if elements.len() == types.len() => {
            write_array(
                out,
                level,
                elements,
                |i| &types[i],
                |i, _| PathStep::ElementKeyInt(i as i64),
            )?;
        }
        (ValueKind::Map(elements), Type::Map(element)) => {
            out.push('{');
            for (i, (k, v)) in elements.iter().enumerate() {
                write_member(out, level, i == 0, (k, v, element), || {
                    PathStep::ElementKeyString(k.to_owned())
                })?;
            }
            out.push('}');
        }
        (ValueKind::Object(attributes), Type::Object(object)) => {
            check_no_optional(object)?;
            if attributes.len() != object.attributes().len() {
                return Err(mismatch());
            }
            out.push('{');
            for (i, ((name, t), (key, v))) in object.attributes().iter().zip(attributes).enumerate()
            {
                if name != key {
                    return Err(mismatch());
                }
                write_member(out, level, i == 0, (name, v, t), || {
                    PathStep::AttributeName(name.clone())
                })?;
            }
            out.push('}');
        }
        _ => return Err(mismatch()),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(text: &str) -> Value {
        Value::number(text.parse::<Number>().unwrap())
    }

    fn round_trip(value: &Value, ty: &Type, json: &str) {
        assert_eq!(value.to_json(ty).unwrap(), json, "encoding {value:?}");
        assert_eq!(
            &Value::from_json(json, ty).unwrap(),
            value,
            "decoding {json}"
        );
    }

    #[test]
    fn primitives_round_trip() {
        round_trip(
            &Value::from("a \"quoted\" é\n"),
            &Type::String,
            r#""a \"quoted\" é\n""#,
        );
        round_trip(&Value::from(true), &Type::Bool, "true");
        round_trip(&Value::from(false), &Type::Bool, "false");
        round_trip(&Value::from(15), &Type::Number, "15");
        round_trip(&Value::null(Type::String), &Type::String, "null");
        round_trip(
            &Value::null(Type::list(Type::Bool)),
            &Type::list(Type::Bool),
            "null",
        );
    }

    #[test]
    fn numbers_keep_every_digit() {
        round_trip(&n("0.1"), &Type::Number, "0.1");
        round_trip(&n("-2.5"), &Type::Number, "-2.5");
        round_trip(
            &n("9223372036854775808"),
            &Type::Number,
            "9223372036854775808",
        ); // 2^63
        round_trip(
            &n("18446744073709551617"),
            &Type::Number,
            "18446744073709551617",
        ); // 2^64+1
        round_trip(&n("9007199254740993"), &Type::Number, "9007199254740993"); // 2^53+1
        let big = format!("1{}", "0".repeat(400));
        round_trip(&n("1e400"), &Type::Number, &big);
        assert_eq!(
            Value::from_json("1e400", &Type::Number).unwrap(),
            n("1e400")
        );
        assert_eq!(
            Value::from_json("1E+2", &Type::Number).unwrap(),
            Value::from(100)
        );
        // A negative zero keeps its sign, as go-cty's JSON encoding writes it.
        assert_eq!(
            Value::from_json("-0", &Type::Number).unwrap(),
            Value::number(Number::NEGATIVE_ZERO)
        );
        assert_eq!(
            Value::from_json("-0.0", &Type::Number)
                .unwrap()
                .to_json(&Type::Number)
                .unwrap(),
            "-0"
        );

        let err = Value::from_json("1e999999999", &Type::Number).unwrap_err();
        assert!(err.message.starts_with("invalid number"), "{err}");
    }

    #[test]
    fn collections_round_trip() {
        let list = Value::list(Type::String, ["a".into(), Value::null(Type::String)]).unwrap();
        round_trip(&list, &Type::list(Type::String), r#"["a",null]"#);
        let set = Value::set(Type::Number, [Value::from(3), Value::from(1)]).unwrap();
        round_trip(&set, &Type::set(Type::Number), "[3,1]");
        // A set reads back equal from its elements in any order.
        assert_eq!(
            Value::from_json("[1,3]", &Type::set(Type::Number)).unwrap(),
            set
        );
        let map = Value::map(Type::Bool, [("z", true.into()), ("a", false.into())]).unwrap();
        round_trip(&map, &Type::map(Type::Bool), r#"{"a":false,"z":true}"#);
        let tuple_ty = Type::tuple([Type::String, Type::Number]);
        let tuple =
            Value::tuple([Type::String, Type::Number], ["x".into(), Value::from(1)]).unwrap();
        round_trip(&tuple, &tuple_ty, r#"["x",1]"#);
        let object_ty = Type::object([("b", Type::Number), ("a", Type::list(Type::String))]);
        let object = Value::object(
            object_ty.clone(),
            [
                ("a", Value::list(Type::String, []).unwrap()),
                ("b", Value::from(2)),
            ],
        )
        .unwrap();
        round_trip(&object, &object_ty, r#"{"a":[],"b":2}"#);
    }

    #[test]
    fn dynamic_values_carry_their_type() {
        round_trip(
            &Value::from("x"),
            &Type::Dynamic,
            r#"{"value":"x","type":"string"}"#,
        );
        let list = Value::list(Type::Number, [Value::from(1)]).unwrap();
        round_trip(
            &list,
            &Type::Dynamic,
            r#"{"value":[1],"type":["list","number"]}"#,
        );
        // A null of a concrete type keeps that type; a null of no type is plain null.
        round_trip(
            &Value::null(Type::String),
            &Type::Dynamic,
            r#"{"value":null,"type":"string"}"#,
        );
        round_trip(&Value::null(Type::Dynamic), &Type::Dynamic, "null");
        // The type may come first, and members may be spaced out.
        let read = Value::from_json(
            r#" { "type" : ["list","number"], "value" : [ 1 ] } "#,
            &Type::Dynamic,
        )
        .unwrap();
        assert_eq!(read, list);
        // Elements of a list of dynamic share one type.
        let ty = Type::list(Type::Dynamic);
        let value = Value::list(Type::Dynamic, ["a".into(), "b".into()]).unwrap();
        round_trip(
            &value,
            &ty,
            r#"[{"value":"a","type":"string"},{"value":"b","type":"string"}]"#,
        );
        let err = Value::from_json(
            r#"[{"value":"a","type":"string"},{"value":1,"type":"number"}]"#,
            &ty,
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "[1]: collection elements must all have the same type, found string and number"
        );
    }

    #[test]
    fn bad_dynamic_wrappers_are_errors() {
        let cases = [
            (r#""x""#, "expected a dynamic value as"),
            (r#"{"value":"x"}"#, "missing \"type\""),
            (r#"{"type":"string"}"#, "missing \"value\""),
            (
                r#"{"type":"string","value":"x","extra":1}"#,
                "invalid key \"extra\"",
            ),
            (
                r#"{"type":"string","type":"string","value":"x"}"#,
                "duplicate \"type\"",
            ),
            (
                r#"{"value":1,"value":1,"type":"number"}"#,
                "duplicate \"value\"",
            ),
            (
                r#"{"value":1,"type":"text"}"#,
                "invalid type in a dynamically-typed value at byte 18: unknown primitive type \"text\"",
            ),
            (
                r#"{"value":[1,],"type":"number"}"#,
                "invalid JSON at byte 12",
            ),
            (
                r#"{"value":[1],"type":"number"}"#,
                "expected number, found array",
            ),
        ];
        for (text, message) in cases {
            let err = Value::from_json(text, &Type::Dynamic).unwrap_err();
            assert!(err.to_string().contains(message), "{text}: {err}");
        }
    }

    #[test]
    fn unknown_values_cannot_be_written() {
        let ty = Type::object([("a", Type::list(Type::String))]);
        let value = Value::object(
            ty.clone(),
            [(
                "a",
                Value::list(Type::String, [Value::unknown(Type::String)]).unwrap(),
            )],
        )
        .unwrap();
        let err = value.to_json(&ty).unwrap_err();
        assert_eq!(err.path.to_string(), "a[0]");
        assert!(err.message.contains("unknown value"), "{err}");
        let err = Value::unknown(Type::String)
            .to_json(&Type::Dynamic)
            .unwrap_err();
        assert!(err.message.contains("unknown value"), "{err}");
        let mut out = String::from("kept");
        assert!(value.write_json(&ty, &mut out).is_err());
        assert_eq!(out, "kept");
    }

    #[test]
    fn objects_fill_left_out_attributes_with_null_and_reject_others() {
        let ty = Type::object([("a", Type::String), ("b", Type::Number)]);
        let value = Value::from_json(r#"{"a":"x"}"#, &ty).unwrap();
        assert_eq!(value.attribute("b"), Some(&Value::null(Type::Number)));
        let err = Value::from_json(r#"{"a":"x","c":1}"#, &ty).unwrap_err();
        assert_eq!(
            err.to_string(),
            r#"unsupported attribute "c": the object type has no such attribute"#
        );
        let err = Value::from_json(r#"{"a":"x","a":"y"}"#, &ty).unwrap_err();
        assert_eq!(err.to_string(), r#"a: duplicate attribute "a""#);
        let options = JsonOptions::default().ignore_undefined_attributes(true);
        let value =
            Value::from_json_with(r#"{"c":{"deep":[[[1]]]},"a":"x"}"#, &ty, options).unwrap();
        assert_eq!(value.attribute("a"), Some(&Value::from("x")));
        // Skipped members are still checked for syntax.
        assert!(Value::from_json_with(r#"{"c":[1,],"a":"x"}"#, &ty, options).is_err());
    }

    #[test]
    fn readers_are_lenient_like_tftypes() {
        assert_eq!(
            Value::from_json("12.50", &Type::String).unwrap(),
            Value::from("12.50")
        );
        assert_eq!(
            Value::from_json("true", &Type::String).unwrap(),
            Value::from("true")
        );
        assert_eq!(
            Value::from_json(r#""12.5""#, &Type::Number).unwrap(),
            n("12.5")
        );
        for (text, b) in [
            (r#""true""#, true),
            (r#""1""#, true),
            ("1", true),
            (r#""false""#, false),
            (r#""0""#, false),
            ("0", false),
        ] {
            assert_eq!(
                Value::from_json(text, &Type::Bool).unwrap(),
                Value::from(b),
                "{text}"
            );
        }
        let err = Value::from_json(r#""TRUE""#, &Type::Bool).unwrap_err();
        assert_eq!(
            err.message,
            "to convert from string, use lowercase \"true\""
        );
        assert!(Value::from_json("2", &Type::Bool).is_err());
        assert!(Value::from_json(r#""abc""#, &Type::Number).is_err());
    }

    #[test]
    fn mismatches_and_bad_json_are_errors_with_paths() {
        let ty = Type::object([("list", Type::list(Type::Number))]);
        let err = Value::from_json(r#"{"list":[1,"x"]}"#, &ty).unwrap_err();
        assert_eq!(
            err.to_string(),
            r#"list[1]: invalid number: "x" is not a number: expected digits"#
        );
        let err = Value::from_json(r#"{"list":[1,{}]}"#, &ty).unwrap_err();
        assert_eq!(err.to_string(), "list[1]: expected number, found object");
        let err = Value::from_json(r#"{"list":[1 2]}"#, &ty).unwrap_err();
        assert_eq!(
            err.to_string(),
            "list: invalid JSON at byte 11: unexpected '2', expected `,` or `]`"
        );
        let err = Value::from_json(r#"{"list":[]} x"#, &ty).unwrap_err();
        assert_eq!(
            err.to_string(),
            "invalid JSON at byte 12: unexpected data after the JSON value"
        );
        let set_ty = Type::set(Type::String);
        let err = Value::from_json(r#"["a","b","a"]"#, &set_ty).unwrap_err();
        assert_eq!(
            err.to_string(),
            r#"[Value("a")]: duplicate set element "a": set elements must be unique"#
        );
        let err = Value::from_json(r#"["a",1.5,[]]"#, &set_ty).unwrap_err();
        assert_eq!(
            err.to_string(),
            "[Value((unknown))]: expected string, found array"
        );
        let map_ty = Type::map(Type::String);
        let err = Value::from_json(r#"{"k":"a","k":"b"}"#, &map_ty).unwrap_err();
        assert_eq!(err.to_string(), r#"["k"]: duplicate map key "k""#);
        let err = Value::from_json(r#"{"k":"a","j":"c","k":"b"}"#, &map_ty).unwrap_err();
        assert_eq!(err.to_string(), r#"["k"]: duplicate map key "k""#);
        // Keys in any order read as the same map.
        assert_eq!(
            Value::from_json(r#"{"z":"b","a":"a"}"#, &map_ty).unwrap(),
            Value::map(Type::String, [("a", "a".into()), ("z", "b".into())]).unwrap()
        );
        let tuple_ty = Type::tuple([Type::String]);
        assert!(
            Value::from_json(r#"["a","b"]"#, &tuple_ty)
                .unwrap_err()
                .message
                .contains("too many")
        );
        assert!(
            Value::from_json("[]", &tuple_ty)
                .unwrap_err()
                .message
                .contains("not enough")
        );
        assert!(Value::from_json("", &Type::String).is_err());
        assert!(Value::from_json(b"\"\xff\"", &Type::String).is_err());
    }

    #[test]
    fn optional_attributes_belong_to_constraints_not_values() {
        let ty = Type::from_object(
            crate::tftypes::ObjectType::new([("a", Type::String)]).with_optional(["a"]),
        );
        assert!(Value::from_json(r#"{"a":"x"}"#, &ty).is_err());
        assert_eq!(Value::from_json("null", &ty).unwrap(), Value::null(ty));
    }

    #[test]
    fn depth_is_limited_on_both_sides() {
        crate::tftypes::wire::tests::check_depth_limit(
            Value::to_json,
            |json, ty| Value::from_json(json, ty),
            |json| format!("[{json}]"),
        );
    }
}
