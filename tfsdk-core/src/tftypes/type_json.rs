//! Types in Terraform's JSON form (`"string"`, `["list","string"]`, `["object",{…}]`): the type
//! half of a dynamic value on the wire, and the type descriptions in state and schemas.
//!
//! | type | JSON |
//! |---|---|
//! | `string`, `number`, `bool`, `any` | `"string"`, `"number"`, `"bool"`, `"dynamic"` |
//! | `list(T)`, `set(T)`, `map(T)` | `["list",T]`, `["set",T]`, `["map",T]` |
//! | `object({a=T})` | `["object",{"a":T}]` |
//! | `object({a=optional(T)})` | `["object",{"a":T},["a"]]` |
//! | `tuple([T, U])` | `["tuple",[T,U]]` |
//!
//! Output is compact with attributes and optional names sorted, byte for byte what
//! terraform-plugin-go's `MarshalJSON` writes for attribute names that need no escaping.

use std::fmt;

use super::json_syntax::{JsonReader, Kind, SyntaxError, write_string};
use super::{MAX_DEPTH, ObjectType, Type};

/// A type that could not be read from, or written as, its JSON form.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TypeJsonError {
    /// The byte offset in the input where reading failed; `None` when writing failed.
    pub offset: Option<usize>,
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for TypeJsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.offset {
            Some(offset) => write!(f, "invalid type JSON at byte {offset}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for TypeJsonError {}

impl From<SyntaxError> for TypeJsonError {
    fn from(error: SyntaxError) -> TypeJsonError {
        TypeJsonError {
            offset: Some(error.offset),
            message: error.message.into_owned(),
        }
    }
}

impl Type {
    /// The type's JSON form, as Terraform writes it.
    ///
    /// ```
    /// use tfsdk_core::tftypes::Type;
    ///
    /// let ty = Type::object([("name", Type::String), ("ports", Type::list(Type::Number))]);
    /// let json = ty.to_json().unwrap();
    /// assert_eq!(json, r#"["object",{"name":"string","ports":["list","number"]}]"#);
    /// assert_eq!(Type::from_json(&json).unwrap(), ty);
    /// ```
    ///
    /// # Errors
    /// When the type nests deeper than [`MAX_DEPTH`] (the root is level 1, each element or
    /// attribute type one level below its parent); such a type could not be read back.
    pub fn to_json(&self) -> Result<String, TypeJsonError> {
        let mut out = String::new();
        self.write_json(&mut out)?;
        Ok(out)
    }

    /// Appends the type's JSON form to `out`: [`Type::to_json`] for a writer that reuses one
    /// buffer (a schema's thousands of attribute types).
    ///
    /// ```
    /// use tfsdk_core::tftypes::Type;
    ///
    /// let mut out = String::from("type: ");
    /// Type::set(Type::Bool).write_json(&mut out).unwrap();
    /// assert_eq!(out, r#"type: ["set","bool"]"#);
    /// ```
    ///
    /// # Errors
    /// As [`Type::to_json`]; what was appended before the error stays in `out`.
    pub fn write_json(&self, out: &mut String) -> Result<(), TypeJsonError> {
        write_type(self, out, 1).map_err(|message| TypeJsonError {
            offset: None,
            message,
        })
    }

    /// Reads a type from its JSON form (text or bytes).
    ///
    /// ```
    /// use tfsdk_core::tftypes::Type;
    ///
    /// let ty = Type::from_json(r#"["map", ["set", "number"]]"#).unwrap();
    /// assert_eq!(ty, Type::map(Type::set(Type::Number)));
    ///
    /// let err = Type::from_json(r#"["list"]"#).unwrap_err();
    /// assert_eq!(err.to_string(), "invalid type JSON at byte 7: the list type needs an element type");
    /// ```
    ///
    /// # Errors
    /// Invalid JSON, an unknown type name, missing or extra parts, duplicate attribute names,
    /// optional names that are not attributes, and types nested deeper than [`MAX_DEPTH`]
    /// levels. Never panics, whatever the input.
    pub fn from_json(json: impl AsRef<[u8]>) -> Result<Type, TypeJsonError> {
        let mut reader = JsonReader::new(json.as_ref());
        let ty = read_type(&mut reader, 1)?;
        reader.finish()?;
        Ok(ty)
    }
}

/// Appends the JSON form of `ty`, whose root is at nesting `level`.
pub(crate) fn write_type(ty: &Type, out: &mut String, level: usize) -> Result<(), String> {
    if level > MAX_DEPTH {
        return Err(format!(
            "the type is nested deeper than {MAX_DEPTH} levels (tftypes::MAX_DEPTH)"
        ));
    }
    match ty {
        Type::String => out.push_str("\"string\""),
        Type::Number => out.push_str("\"number\""),
        Type::Bool => out.push_str("\"bool\""),
        Type::Dynamic => out.push_str("\"dynamic\""),
        Type::List(e) | Type::Set(e) | Type::Map(e) => {
            out.push_str(match ty {
                Type::List(_) => "[\"list\",",
                Type::Set(_) => "[\"set\",",
                _ => "[\"map\",",
            });
            write_type(e, out, level + 1)?;
            out.push(']');
        }
        Type::Tuple(elements) => {
            out.push_str("[\"tuple\",[");
            for (i, e) in elements.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_type(e, out, level + 1)?;
            }
            out.push_str("]]");
        }
        Type::Object(object) => {
            out.push_str("[\"object\",{");
            for (i, (name, t)) in object.attributes().iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(out, name);
                out.push(':');
                write_type(t, out, level + 1)?;
            }
            out.push('}');
            if !object.optional().is_empty() {
                out.push_str(",[");
                for (i, name) in object.optional().iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_string(out, name);
                }
                out.push(']');
            }
            out.push(']');
        }
    }
    Ok(())
}

/// Reads one type whose root is at nesting `level`.
pub(crate) fn read_type(r: &mut JsonReader<'_>, level: usize) -> Result<Type, SyntaxError> {
    if level > MAX_DEPTH {
        return Err(r.error(format!(
            "the type is nested deeper than {MAX_DEPTH} levels (tftypes::MAX_DEPTH)"
        )));
    }
    match r.peek_kind()? {
        Kind::String => {
            let at = r.pos();
            let name = r.read_string()?;
            match &*name {
                "string" => Ok(Type::String),
                "number" => Ok(Type::Number),
                "bool" => Ok(Type::Bool),
                "dynamic" => Ok(Type::Dynamic),
                other => Err(SyntaxError::new(
                    at,
                    format!("unknown primitive type {other:?} (expected \"string\", \"number\", \"bool\" or \"dynamic\")"),
                )),
            }
        }
        Kind::Array => {
            r.begin_array()?;
            let at = r.pos();
            if !r.array_next(true)? || r.peek_kind()? != Kind::String {
                return Err(SyntaxError::new(
                    at,
                    "a complex type starts with its kind: \"list\", \"set\", \"map\", \"object\" or \"tuple\"",
                ));
            }
            let at = r.pos();
            let kind = r.read_string()?;
            let kind: &'static str = match &*kind {
                "list" => "list",
                "set" => "set",
                "map" => "map",
                "object" => "object",
                "tuple" => "tuple",
                other => {
                    return Err(SyntaxError::new(
                        at,
                        format!("unknown type kind {other:?} (expected \"list\", \"set\", \"map\", \"object\" or \"tuple\")"),
                    ));
                }
            };
            let at = r.pos();
            if !r.array_next(false)? {
                let what = match kind {
                    "object" => "attribute types",
                    "tuple" => "element types",
                    _ => "an element type",
                };
                return Err(SyntaxError::new(at, format!("the {kind} type needs {what}")));
            }
            let ty = match kind {
                "list" => Type::list(read_type(r, level + 1)?),
                "set" => Type::set(read_type(r, level + 1)?),
                "map" => Type::map(read_type(r, level + 1)?),
                "tuple" => {
                    r.begin_array()?;
                    let mut elements = Vec::new();
                    let mut first = true;
                    while r.array_next(first)? {
                        first = false;
                        elements.push(read_type(r, level + 1)?);
                    }
                    Type::tuple(elements)
                }
                // The object reader also reads the optional names and the closing `]`.
                _ => return read_object(r, level).map(Type::from_object),
            };
            end_of_type(r)?;
            Ok(ty)
        }
        other => Err(r.error(format!(
            "expected a type (a string such as \"string\" or an array such as [\"list\",\"string\"]), found {}",
            other.name()
        ))),
    }
}

/// The attributes `{…}` and optional names `[…]` of an object type at `level`, through the
/// `]` that closes the type.
fn read_object(r: &mut JsonReader<'_>, level: usize) -> Result<ObjectType, SyntaxError> {
    r.begin_object()?;
    let mut attributes = std::collections::BTreeMap::new();
    let mut first = true;
    loop {
        let at = r.pos();
        let Some(name) = r.object_next(first)? else {
            break;
        };
        first = false;
        if attributes.contains_key(&*name) {
            return Err(SyntaxError::new(
                at,
                format!("duplicate attribute {name:?} in the object type"),
            ));
        }
        let ty = read_type(r, level + 1)?;
        attributes.insert(name.into_owned(), ty);
    }
    let object = ObjectType::new(attributes);
    // Optional attribute names follow as a third element, when there are any.
    if !r.array_next(false)? {
        return Ok(object);
    }
    let mut optional = Vec::new();
    match r.peek_kind()? {
        Kind::Null => r.read_null()?,
        Kind::Array => {
            r.begin_array()?;
            let mut first = true;
            while r.array_next(first)? {
                first = false;
                let at = r.pos();
                let name = r.read_string()?;
                if object.attribute(&name).is_none() {
                    return Err(SyntaxError::new(
                        at,
                        format!(
                            "optional attribute {name:?} is not an attribute of the object type"
                        ),
                    ));
                }
                optional.push(name.into_owned());
            }
        }
        other => {
            return Err(r.error(format!(
                "expected the optional attribute names as an array of strings, found {}",
                other.name()
            )));
        }
    }
    end_of_type(r)?;
    Ok(object.with_optional(optional))
}

/// The `]` closing a complex type.
fn end_of_type(r: &mut JsonReader<'_>) -> Result<(), SyntaxError> {
    let at = r.pos();
    if r.array_next(false)? {
        return Err(SyntaxError::new(
            at,
            "unexpected extra data in the type description",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(ty: &Type, json: &str) {
        assert_eq!(ty.to_json().unwrap(), json);
        assert_eq!(&Type::from_json(json).unwrap(), ty);
    }

    #[test]
    fn primitives_are_strings() {
        round_trip(&Type::String, r#""string""#);
        round_trip(&Type::Number, r#""number""#);
        round_trip(&Type::Bool, r#""bool""#);
        round_trip(&Type::Dynamic, r#""dynamic""#);
    }

    #[test]
    fn collections_are_kind_and_element() {
        round_trip(&Type::list(Type::String), r#"["list","string"]"#);
        round_trip(&Type::set(Type::Number), r#"["set","number"]"#);
        round_trip(
            &Type::map(Type::list(Type::Bool)),
            r#"["map",["list","bool"]]"#,
        );
    }

    #[test]
    fn objects_and_tuples() {
        round_trip(
            &Type::object([("b", Type::Number), ("a", Type::String)]),
            r#"["object",{"a":"string","b":"number"}]"#,
        );
        round_trip(&Type::object::<String>([]), r#"["object",{}]"#);
        round_trip(
            &Type::from_object(
                ObjectType::new([("a", Type::String), ("b", Type::Number), ("c", Type::Bool)])
                    .with_optional(["c", "a"]),
            ),
            r#"["object",{"a":"string","b":"number","c":"bool"},["a","c"]]"#,
        );
        round_trip(
            &Type::tuple([Type::String, Type::Dynamic]),
            r#"["tuple",["string","dynamic"]]"#,
        );
        round_trip(&Type::tuple([]), r#"["tuple",[]]"#);
        round_trip(
            &Type::object([("we\"ird", Type::String)]),
            r#"["object",{"we\"ird":"string"}]"#,
        );
    }

    #[test]
    fn whitespace_and_null_optionals_are_accepted() {
        let ty = Type::from_json(" [ \"object\" , { \"a\" : \"string\" } , null ] ").unwrap();
        assert_eq!(ty, Type::object([("a", Type::String)]));
        let ty = Type::from_json(br#"["object",{"a":"string"},[]]"#).unwrap();
        assert_eq!(ty, Type::object([("a", Type::String)]));
    }

    #[test]
    fn the_conformance_model_type_parses() {
        let text = include_str!("../../tests/data/conformance/msgpack/model.type.json");
        let ty = Type::from_json(text.trim()).unwrap();
        let object = ty.as_object().unwrap();
        assert_eq!(object.attributes().len(), 12);
        assert_eq!(
            object.attribute("items").unwrap().to_string(),
            "list(object({enabled=bool,name=string,note=string,port=number,weight=number}))"
        );
        assert_eq!(ty.to_json().unwrap(), text.trim());
    }

    #[test]
    fn bad_type_json_is_an_error_with_its_offset() {
        let cases = [
            ("", 0, "unexpected end of input"),
            (r#""text""#, 0, "unknown primitive type \"text\""),
            (r#"["list"]"#, 7, "the list type needs an element type"),
            (r#"["list","string","x"]"#, 16, "unexpected extra data"),
            (r#"["array","string"]"#, 1, "unknown type kind \"array\""),
            (r#"[]"#, 1, "a complex type starts with its kind"),
            (r#"[1]"#, 1, "a complex type starts with its kind"),
            (
                r#"["object",{"a":"string","a":"number"}]"#,
                23,
                "duplicate attribute \"a\"",
            ),
            (
                r#"["object",{"a":"string"},["b"]]"#,
                26,
                "optional attribute \"b\" is not",
            ),
            (
                r#"["object",{"a":"string"},"a"]"#,
                25,
                "expected the optional attribute names",
            ),
            (r#"["tuple","string"]"#, 9, "expected `[`"),
            (r#"{"list":"string"}"#, 0, "expected a type"),
            (r#""string" x"#, 9, "unexpected data after the JSON value"),
            (r#"["list","string""#, 16, "expected `,` or `]`"),
        ];
        for (text, offset, message) in cases {
            let err = Type::from_json(text).unwrap_err();
            assert_eq!(err.offset, Some(offset), "{text}: {err}");
            assert!(err.message.contains(message), "{text}: {err}");
        }
    }

    #[test]
    fn depth_is_limited_both_ways() {
        let mut ty = Type::String;
        for _ in 0..MAX_DEPTH - 1 {
            ty = Type::list(ty);
        }
        let json = ty.to_json().unwrap();
        assert_eq!(Type::from_json(&json).unwrap(), ty);
        let deeper = Type::list(ty);
        assert!(
            deeper
                .to_json()
                .unwrap_err()
                .message
                .contains("deeper than 128")
        );
        let text = format!(
            "{}\"string\"{}",
            "[\"list\",".repeat(MAX_DEPTH),
            "]".repeat(MAX_DEPTH)
        );
        assert!(
            Type::from_json(&text)
                .unwrap_err()
                .message
                .contains("deeper than 128")
        );
        // Far deeper input stops at the limit, without recursing further.
        let text = "[\"list\",".repeat(10_000);
        assert!(
            Type::from_json(&text)
                .unwrap_err()
                .message
                .contains("deeper than 128")
        );
    }
}
