//! One line of the JSON-lines conversion protocol (`tfsdk convert --json-lines`): a request
//! `{"type": "<type expression>", "value": <json>}` gets one answer,
//! `{"console": "...", "ok": true, "type": "<canonical type>", "value": <json>}` or
//! `{"error": "...", "ok": false, "path": "..."}` (keys in order, compact, no newline).
//!
//! A request is read straight into a value and the answer written straight into the output
//! (console text escaped on its way out), so a line costs time and memory in proportion to
//! its size, with no JSON tree in between. A line that does not read that way (malformed,
//! without both fields, very deep, with other keys) is answered through a JSON tree instead,
//! which gives the same bytes as the direct route wherever both apply.

use std::fmt::{self, Write as _};
use std::io;

use serde_json::{Map, Value as Json};
use tfsdk_core::tftypes::json_syntax::{JsonReader, Kind};
use tfsdk_core::tftypes::{Type, Value};

use crate::console;
use crate::fused::ListElements;
use crate::json_value::{self, DIRECT_DEPTH, JsonStringContent, write_json_string};
use crate::sink::IoSink;

/// Writes the answer to one request line (without its line ending) to `out`.
///
/// ```
/// let mut out = Vec::new();
/// tfsdk_typeexpr::json_lines::answer(br#"{"type": "list(string)", "value": ["a", 1]}"#, &mut out)
///     .unwrap();
/// assert_eq!(
///     String::from_utf8(out).unwrap(),
///     r#"{"console":"tolist([\n  \"a\",\n  \"1\",\n])","ok":true,"type":"list(string)","value":["a","1"]}"#
/// );
/// ```
///
/// # Errors
/// Only those of `out`: a request that fails is an answer, not an error.
pub fn answer(line: &[u8], out: &mut impl io::Write) -> io::Result<()> {
    if let Some(answered) = answer_list_element_by_element(line, out) {
        return answered;
    }
    let Some((type_expr, input)) = read_request(line) else {
        return serde_json::to_writer(out, &answer_through_tree(line)).map_err(io::Error::from);
    };
    match convert(&type_expr, input) {
        Ok(converted) => write_converted(&converted, out),
        Err(failure) => write_failure(&failure, out),
    }
}

/// The answer to `{"type": "list(...)", "value": [...]}` (in that order, nothing else) without
/// holding the list: a first pass converts each element and keeps only its JSON text, a
/// second converts each again and writes its console text out, then the JSON follows. Memory
/// is the line, the value's JSON and one element. `None` (nothing written) where
/// [`crate::convert`] would not convert the list element by element in the single pass, or an
/// element fails: the other routes answer those.
fn answer_list_element_by_element(line: &[u8], out: &mut impl io::Write) -> Option<io::Result<()>> {
    let line = std::str::from_utf8(line).ok()?;
    let mut reader = JsonReader::from_text(line);
    if reader.peek_kind().ok()? != Kind::Object {
        return None;
    }
    reader.begin_object().ok()?;
    if reader.object_next(true).ok()?.as_deref() != Some("type")
        || reader.peek_kind().ok()? != Kind::String
    {
        return None;
    }
    let type_expr = reader.read_string().ok()?;
    let constraint = crate::parse(&type_expr).ok()?;
    let mut elements = ListElements::new(&constraint)?;
    if reader.object_next(false).ok()?.as_deref() != Some("value")
        || reader.peek_kind().ok()? != Kind::Array
    {
        return None;
    }
    let array = reader.pos();
    let mut types = json_value::ImpliedTypes::default();
    let mut read = |reader: &mut JsonReader<'_>| {
        json_value::read_value(reader, 2, &mut types, DIRECT_DEPTH, json_value::cty_number)
    };

    // First pass: every element converts, to one type, and has a JSON form.
    let mut json = String::from("[");
    let mut element_ty: Option<Type> = None;
    let mut count = 0;
    reader.begin_array().ok()?;
    while reader.array_next(count == 0).ok()? {
        let converted = elements.convert(count, read(&mut reader)?)?;
        match &element_ty {
            Some(ty) if ty != converted.ty() => return None,
            Some(_) => {}
            None => element_ty = Some(converted.ty().clone()),
        }
        if !converted.is_wholly_known() {
            return None;
        }
        if count > 0 {
            json.push(',');
        }
        // Writing to a `String` cannot fail.
        let _ = json_value::write_known(&converted, &mut json);
        count += 1;
    }
    json.push(']');
    if reader.object_next(false).ok()?.is_some() || reader.finish().is_err() {
        return None;
    }
    let ty = Type::list(element_ty?);

    // Second pass: the console text, element by element, then the rest.
    let mut reader = reader.at(array);
    let mut sink = IoSink::new(out);
    let written = (|| -> fmt::Result {
        sink.write_str(r#"{"console":"tolist(["#)?;
        reader.begin_array().map_err(|_| fmt::Error)?;
        let mut index = 0;
        // One element's console text at a time, escaped in one go and written in one piece.
        let (mut text, mut escaped) = (String::new(), Vec::new());
        while reader.array_next(index == 0).map_err(|_| fmt::Error)? {
            let element = read(&mut reader).ok_or(fmt::Error)?;
            let converted = elements.convert(index, element).ok_or(fmt::Error)?;
            text.clear();
            text.push_str("\n  ");
            console::write_value(&converted, 2, &mut text)?;
            text.push(',');
            escaped.clear();
            json_value::push_json_string_content(&text, &mut escaped);
            sink.write_bytes(&escaped)?;
            index += 1;
        }
        sink.write_str(r#"\n])","ok":true,"type":"#)?;
        write_json_string(&ty.to_string(), &mut sink)?;
        sink.write_str(r#","value":"#)?;
        sink.write_str(&json)?;
        sink.write_char('}')
    })();
    // The second pass reads and converts what the first did, so only the output can fail.
    Some(sink.result(written))
}

/// The request's type expression and value, read straight from the text; `None` for anything
/// but a well-formed object with a string `type`, a `value` and no other keys.
fn read_request(line: &[u8]) -> Option<(String, Value)> {
    let text = std::str::from_utf8(line).ok()?;
    let mut reader = JsonReader::from_text(text);
    if reader.peek_kind().ok()? != Kind::Object {
        return None;
    }
    reader.begin_object().ok()?;
    let mut types = json_value::ImpliedTypes::default();
    let (mut type_expr, mut value) = (None, None);
    let mut first = true;
    while let Some(key) = reader.object_next(first).ok()? {
        first = false;
        match &*key {
            "type" if reader.peek_kind().ok()? == Kind::String => {
                type_expr = Some(reader.read_string().ok()?.into_owned());
            }
            "value" => {
                value = Some(json_value::read_value(
                    &mut reader,
                    1,
                    &mut types,
                    DIRECT_DEPTH,
                    json_value::cty_number,
                )?);
            }
            _ => return None,
        }
    }
    reader.finish().ok()?;
    Some((type_expr?, value?))
}

/// Why a request failed, and where in its value.
struct Failure {
    error: String,
    path: String,
}

impl Failure {
    fn at(error: impl Into<String>, path: impl ToString) -> Failure {
        Failure {
            error: error.into(),
            path: path.to_string(),
        }
    }
}

fn convert(type_expr: &str, input: Value) -> Result<Value, Failure> {
    let constraint = crate::parse(type_expr).map_err(|e| Failure::at(e.to_string(), ""))?;
    crate::convert(input, &constraint).map_err(|e| Failure::at(e.message, &e.path))
}

fn write_converted(converted: &Value, out: &mut impl io::Write) -> io::Result<()> {
    // The one failure left (an unknown has no JSON form) is found before anything is written.
    if let Err(e) = json_value::check_known(converted) {
        return write_failure(&Failure::at(e.message, &e.path), out);
    }
    let mut sink = IoSink::new(out);
    let written = (|| -> fmt::Result {
        sink.write_str(r#"{"console":""#)?;
        console::write(converted, &mut JsonStringContent(&mut sink))?;
        sink.write_str(r#"","ok":true,"type":"#)?;
        write_json_string(&converted.ty().to_string(), &mut sink)?;
        sink.write_str(r#","value":"#)?;
        json_value::write_known(converted, &mut sink)?;
        sink.write_char('}')
    })();
    sink.result(written)
}

fn write_failure(failure: &Failure, out: &mut impl io::Write) -> io::Result<()> {
    let mut text = String::from(r#"{"error":"#);
    // Writing to a `String` cannot fail.
    let _ = write_json_string(&failure.error, &mut text);
    text.push_str(r#","ok":false,"path":"#);
    let _ = write_json_string(&failure.path, &mut text);
    text.push('}');
    out.write_all(text.as_bytes())
}

/// The answer through a JSON tree, for lines the direct route leaves: every message as
/// serde_json words it.
fn answer_through_tree(line: &[u8]) -> Json {
    let result = std::str::from_utf8(line)
        .map_err(|e| Failure::at(format!("the line is not UTF-8: {e}"), ""))
        .and_then(|text| {
            serde_json::from_str::<Json>(text)
                .map_err(|e| Failure::at(format!("invalid JSON: {e}"), ""))
        })
        .and_then(|request| {
            let object = request.as_object().ok_or_else(|| {
                Failure::at(
                    "a line must be a JSON object with \"type\" and \"value\"",
                    "",
                )
            })?;
            let type_expr = match object.get("type") {
                Some(Json::String(s)) => s,
                Some(_) => return Err(Failure::at("\"type\" must be a string", "")),
                None => return Err(Failure::at("missing field \"type\"", "")),
            };
            let value = object
                .get("value")
                .ok_or_else(|| Failure::at("missing field \"value\"", ""))?;
            let constraint = crate::parse(type_expr).map_err(|e| Failure::at(e.to_string(), ""))?;
            let input =
                json_value::from_json(value).map_err(|e| Failure::at(e.message, &e.path))?;
            let converted =
                crate::convert(input, &constraint).map_err(|e| Failure::at(e.message, &e.path))?;
            let json =
                json_value::to_json(&converted).map_err(|e| Failure::at(e.message, &e.path))?;
            Ok((converted, json))
        });
    let mut out = Map::new();
    match result {
        Ok((converted, json)) => {
            out.insert("ok".into(), Json::Bool(true));
            out.insert("type".into(), Json::String(converted.ty().to_string()));
            out.insert("value".into(), json);
            out.insert("console".into(), Json::String(console::render(&converted)));
        }
        Err(f) => {
            out.insert("ok".into(), Json::Bool(false));
            out.insert("error".into(), Json::String(f.error));
            out.insert("path".into(), Json::String(f.path));
        }
    }
    Json::Object(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn direct_answers_are_the_tree_answers_byte_for_byte() {
        let lines = [
            r#"{"type": "list(string)", "value": ["a", 15, true]}"#,
            r#"{"value": ["a", 15, true], "type": "list(string)"}"#,
            r#"{"type": "list(string)", "value": "#,
            r#"{"value": 1}"#,
            r#"{"type": 1, "value": 1}"#,
            r#"{"type": 1, "type": "number", "value": "2"}"#,
            r#"{"type": "lst(string)", "value": []}"#,
            r#"{"type": "object({a=number})", "value": {"a": "x"}}"#,
            r#"{"type": "set(number)", "value": [3, 1, 3, 2.5]}"#,
            r#"{"type": "string", "value": null}"#,
            r#"{"type": "any", "value": {"k": "line
one	tab "q" \  é"}}"#,
            r#"{"type": "map(string)", "value": {"b": "x
y", "a": "EOT"}}"#,
            r#"{"type": "number", "value": "1e400"}"#,
            r#"{"type": "number", "value": 1e99999999999}"#,
            r#"{"type": "tuple([string, bool])", "value": ["a"]}"#,
            r#"{"type": "list(object({name=string, on=optional(bool, true)}))", "value": [{"name": "a"}], "extra": 1}"#,
            r#"[1]"#,
            "",
            r#"{"type": "list(number)", "value": []}"#,
            r#"{"type": "list(number)", "value": [1, "2", 3.50]}"#,
            r#"{"type": "list(number)", "value": [1, "x", 3]}"#,
            r#"{"type": "list(list(number))", "value": [[1], [2, "3"], []]}"#,
            r#"{"type": "list(string)", "value": ["a
b", "c"], "x": 1}"#,
            r#"{"type": "list(any)", "value": [1, "a"]}"#,
            r#"{"type": "list(object({a=optional(string, "d"), b=optional(list(number))}))", "value": [{}, {"a": "x", "b": [1]}, {"b": null}]}"#,
            r#"{"type": "list(object({a=string}))", "value": [{"a": "x"}, {"b": "y"}]}"#,
            r#"{"type": "list(object({a=string}))", "value": [{"a": "x"}, {"a": "y", "extra": 1}]}"#,
        ];
        let buckets = |n: usize| {
            let elements: Vec<String> = (0..n)
                .map(|i| match i % 3 {
                    0 => format!(r#"{{"name": "p-{i}", "website": {{"routing_rules": "[{{\"K\": \"img/\"}}]"}}}}"#),
                    1 => format!(r#"{{"name": "a-{i}", "enabled": false}}"#),
                    _ => format!(r#"{{"name": "d-{i}", "website": {{"index_document": "i.txt", "error_document": "e.txt"}}}}"#),
                })
                .collect();
            format!(
                r#"{{"type": "list(object({{name=string, enabled=optional(bool, true), website=optional(object({{index_document=optional(string, \"index.html\"), error_document=optional(string, \"error.html\"), routing_rules=optional(string)}}), {{}})}}))", "value": [{}]}}"#,
                elements.join(", ")
            )
        };
        let generated = [buckets(1), buckets(7)];
        for line in &generated {
            assert!(answer_list_element_by_element(line.as_bytes(), &mut Vec::new()).is_some());
        }
        let lines = lines
            .iter()
            .copied()
            .chain(generated.iter().map(String::as_str));
        for line in lines {
            let mut direct = Vec::new();
            answer(line.as_bytes(), &mut direct).unwrap();
            let tree = serde_json::to_string(&answer_through_tree(line.as_bytes())).unwrap();
            assert_eq!(String::from_utf8(direct).unwrap(), tree, "{line}");
        }
    }
}
