//! `variable` blocks from `.tf.json` files (Terraform's JSON syntax), with positions: a small
//! tree with byte spans is read first (depth-capped), then walked as HCL's JSON decoder walks a
//! body. `type` is a string holding a type expression, `default` a JSON value taken literally,
//! and a `validation`'s `condition` and `error_message` strings are templates (`"${...}"`).

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::Arc;

use tfsdk_core::tftypes::json_syntax::{JsonReader, Kind, SyntaxError};
use tfsdk_core::tftypes::{Number, Type, Value};

use super::arith::literal;
use super::json_value::read_value;
use super::limits::MAX_JSON_DEPTH;
use super::parse::{SourceMap, parse_at};
use super::validation::{RuleExpr, ValidationRule};
use super::vars::{Declaration, Diagnostic, ParseMode, file_map, variable_name_error};

/// A JSON value with the byte range it was read from.
struct Node {
    span: Range<usize>,
    value: Json,
}

enum Json {
    Null,
    Bool(bool),
    Number(String),
    String(String),
    Array(Vec<Node>),
    /// Members in document order, each with its key's range.
    Object(Vec<(String, Range<usize>, Node)>),
}

fn read_node(r: &mut JsonReader<'_>, text: &str, depth: usize) -> Result<Node, SyntaxError> {
    if depth > MAX_JSON_DEPTH {
        return Err(r.error(format!(
            "the document nests more than {MAX_JSON_DEPTH} levels deep"
        )));
    }
    let kind = r.peek_kind()?;
    let start = r.pos();
    let value = match kind {
        Kind::Null => {
            r.read_null()?;
            Json::Null
        }
        Kind::Bool => Json::Bool(r.read_bool()?),
        Kind::Number => Json::Number(r.read_number()?.to_owned()),
        Kind::String => Json::String(r.read_string()?.into_owned()),
        Kind::Array => {
            r.begin_array()?;
            let mut items = Vec::new();
            let mut first = true;
            while r.array_next(first)? {
                first = false;
                items.push(read_node(r, text, depth + 1)?);
            }
            Json::Array(items)
        }
        Kind::Object => {
            r.begin_object()?;
            let mut members = Vec::new();
            let mut first = true;
            loop {
                let before = r.pos();
                let Some(key) = r.object_next(first)? else {
                    break;
                };
                first = false;
                let key_start = text[before..].find('"').map_or(before, |i| before + i);
                let key_end = text[..r.pos()]
                    .rfind('"')
                    .map_or(r.pos(), |i| i + 1)
                    .max(key_start);
                let key = key.into_owned();
                let node = read_node(r, text, depth + 1)?;
                members.push((key, key_start..key_end, node));
            }
            Json::Object(members)
        }
    };
    Ok(Node {
        span: start..r.pos(),
        value,
    })
}

/// Reads a whole document.
fn parse(text: &str) -> Result<Node, SyntaxError> {
    let mut r = JsonReader::from_text(text);
    let node = read_node(&mut r, text, 0)?;
    r.finish()?;
    Ok(node)
}

/// A JSON value with its implied type, literally (strings are not templates here).
fn value_of(node: &Node) -> Result<Value, String> {
    Ok(match &node.value {
        Json::Null => Value::null(Type::Dynamic),
        Json::Bool(b) => Value::bool(*b),
        Json::Number(n) => Value::number(super::arith::literal(
            n.parse::<Number>().map_err(|e| e.to_string())?,
        )),
        Json::String(s) => super::nfc::string_value(s),
        Json::Array(items) => {
            Value::tuple_of(items.iter().map(value_of).collect::<Result<Vec<_>, _>>()?)
        }
        Json::Object(members) => {
            let mut attributes = BTreeMap::new();
            for (k, _, v) in members {
                attributes.insert(super::nfc::nfc(k), value_of(v)?);
            }
            Value::object_of(attributes)
        }
    })
}

/// One property of a `.tfvars.json` document: name, value, the value's byte range.
pub(crate) type JsonInput = (String, Value, Range<usize>);

/// A `.tfvars.json` document's properties; or a message and where it applies.
///
/// Read straight into values; a document that does not read that way (any error, nesting
/// at the limit, keys equal once normalized) is read again through a tree with spans, for
/// the message and where it applies.
pub(crate) fn read_values(text: &str) -> Result<Vec<JsonInput>, (String, Range<usize>)> {
    match read_values_directly(text) {
        Some(values) => Ok(values),
        None => read_values_through_tree(text),
    }
}

fn read_values_through_tree(text: &str) -> Result<Vec<JsonInput>, (String, Range<usize>)> {
    let root = parse(text).map_err(|e| {
        let at = e.offset.min(text.len());
        (format!("invalid JSON: {}", e.message), at..at)
    })?;
    let Json::Object(members) = &root.value else {
        return Err((
            "The root value of a .tfvars.json file must be a JSON object whose properties are variable names".to_owned(),
            root.span.clone(),
        ));
    };
    let mut out = Vec::with_capacity(members.len());
    for (name, _, node) in members {
        let value = value_of(node).map_err(|e| (e, node.span.clone()))?;
        out.push((name.clone(), value, node.span.clone()));
    }
    Ok(out)
}

/// [`read_values`] without a tree: `None` where the tree route must answer.
fn read_values_directly(text: &str) -> Option<Vec<JsonInput>> {
    let mut reader = JsonReader::from_text(text);
    if reader.peek_kind().ok()? != Kind::Object {
        return None;
    }
    reader.begin_object().ok()?;
    let mut types = super::json_value::ImpliedTypes::default();
    let mut out = Vec::new();
    let mut first = true;
    while let Some(name) = reader.object_next(first).ok()? {
        first = false;
        // The value's span starts after the whitespace, as the tree's node does.
        reader.peek_kind().ok()?;
        let start = reader.pos();
        let value = read_value(&mut reader, 1, &mut types, MAX_JSON_DEPTH, literal)?;
        out.push((name.into_owned(), value, start..reader.pos()));
    }
    reader.finish().ok()?;
    Some(out)
}

/// The `variable` declarations of one `.tf.json` file.
pub(crate) fn read_declarations(
    filename: &str,
    src: &str,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Declaration> {
    let map = file_map(filename, src);
    let root = match parse(src) {
        Ok(root) => root,
        Err(e) => {
            let at = e.offset.min(src.len());
            let end = src[at..].chars().next().map_or(at, |c| at + c.len_utf8());
            let mut message = e.message.into_owned();
            if let Some(first) = message.get(..1) {
                let upper = first.to_uppercase();
                message.replace_range(..1, &upper);
            }
            diagnostics.push(
                Diagnostic::error("Invalid JSON syntax", format!("{message}."))
                    .at(Some(map.range(at..end))),
            );
            return Vec::new();
        }
    };
    let Json::Object(members) = &root.value else {
        diagnostics.push(
            Diagnostic::error(
                "Incorrect JSON value type",
                "The root of a JSON configuration file must be an object.",
            )
            .at(Some(map.range(root.span.clone()))),
        );
        return Vec::new();
    };
    let shared: (Arc<str>, Arc<str>) = (Arc::from(src), Arc::from(filename));
    let mut out = Vec::new();
    for (key, _, node) in members {
        if key != "variable" {
            continue;
        }
        for (labels, _) in objects(node, map, diagnostics, "variable") {
            let Json::Object(variables) = &labels.value else {
                continue;
            };
            for (name, _, body) in variables {
                for (body, def) in objects(body, map, diagnostics, "variable") {
                    if let Some(d) = read_variable(name, body, def, map, &shared, diagnostics) {
                        out.push(d);
                    }
                }
            }
        }
    }
    out
}

/// A block body: an object, or an array of objects (one block each).
/// Each with the range HCL's JSON decoder names the block by: the object's opening brace, or
/// for blocks given as an array, the array's opening bracket.
fn objects<'n>(
    node: &'n Node,
    map: SourceMap<'_>,
    diagnostics: &mut Vec<Diagnostic>,
    what: &str,
) -> Vec<(&'n Node, Range<usize>)> {
    match &node.value {
        Json::Object(_) => vec![(node, brace(node))],
        Json::Array(items) => {
            let mut out = Vec::new();
            for item in items {
                if matches!(item.value, Json::Object(_)) {
                    out.push((item, brace(node)));
                } else {
                    diagnostics.push(
                        Diagnostic::error(
                            "Incorrect JSON value type",
                            format!("A JSON object is required here, to define a {what} block."),
                        )
                        .at(Some(map.range(item.span.clone()))),
                    );
                }
            }
            out
        }
        _ => {
            diagnostics.push(
                Diagnostic::error(
                    "Incorrect JSON value type",
                    format!("A JSON object is required here, to define a {what} block."),
                )
                .at(Some(map.range(node.span.clone()))),
            );
            Vec::new()
        }
    }
}

/// The opening brace of an object: HCL's JSON decoder names a block by it.
fn brace(node: &Node) -> Range<usize> {
    node.span.start..node.span.start + 1
}

/// Where positions inside a JSON string count from: HCL counts them from the opening quote
/// (so they read one column left of the character), and so does Terraform's output.
fn string_content_start(node: &Node) -> usize {
    node.span.start
}

fn read_variable(
    name: &str,
    body: &Node,
    def: Range<usize>,
    map: SourceMap<'_>,
    shared: &(Arc<str>, Arc<str>),
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Declaration> {
    let decl_range = map.range(def);
    if let Some(error) = variable_name_error(name, &decl_range) {
        diagnostics.push(error);
        return None;
    }
    let mut d = Declaration {
        name: name.to_owned(),
        decl_range,
        constraint: None,
        default: None,
        nullable: None,
        sensitive: None,
        description: None,
        validations: Vec::new(),
    };
    let Json::Object(members) = &body.value else {
        return None;
    };
    let mut seen: BTreeMap<&str, Range<usize>> = BTreeMap::new();
    for (key, key_span, node) in members {
        if key == "//" {
            continue;
        }
        if key != "validation" {
            if let Some(first) = seen.get(key.as_str()) {
                diagnostics.push(
                    Diagnostic::error(
                        "Duplicate argument",
                        format!(
                            "The argument {key:?} was already set at {}. Each argument may be set only once.",
                            map.range(first.clone())
                        ),
                    )
                    .at(Some(map.range(key_span.clone()))),
                );
                continue;
            }
            seen.insert(key, key_span.clone());
        }
        match key.as_str() {
            "validation" => {
                for (block, def) in objects(node, map, diagnostics, "validation") {
                    if let Some(rule) = read_validation(block, def, map, shared, diagnostics) {
                        d.validations.push(rule);
                    }
                }
            }
            "type" | "default" | "description" | "nullable" | "sensitive" | "ephemeral" => {
                read_argument(&mut d, key, node, map, diagnostics);
            }
            other => diagnostics.push(
                Diagnostic::error(
                    "Extraneous JSON object property",
                    format!("No argument or block type is named {other:?}."),
                )
                .at(Some(map.range(key_span.clone()))),
            ),
        }
    }
    Some(d)
}

/// One argument of a variable (`type`, `default`, `description`, `nullable`, `sensitive`,
/// `ephemeral`) into `d`.
fn read_argument(
    d: &mut Declaration,
    key: &str,
    node: &Node,
    map: SourceMap<'_>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let here = Some(map.range(node.span.clone()));
    let wrong_type = |what: &str| {
        Diagnostic::error(
            "Incorrect attribute value type",
            format!("Inappropriate value for attribute {key:?}: {what} required."),
        )
        .at(here.clone())
    };
    match key {
        "type" => read_type(d, node, map, diagnostics),
        "default" => match value_of(node) {
            Ok(v) => d.default = Some((v, here)),
            Err(e) => diagnostics
                .push(Diagnostic::error("Invalid number literal", format!("{e}.")).at(here)),
        },
        "description" => match &node.value {
            Json::String(s) => d.description = Some(s.clone()),
            // Numbers and bools convert to strings, as the language converts them.
            Json::Number(s) => d.description = Some(s.clone()),
            Json::Bool(b) => d.description = Some(b.to_string()),
            Json::Null => {}
            _ => diagnostics.push(wrong_type("string")),
        },
        _ => match &node.value {
            Json::Bool(b) if key == "nullable" => d.nullable = Some(*b),
            Json::Bool(b) if key == "sensitive" => d.sensitive = Some(*b),
            Json::Bool(_) | Json::Null => {}
            _ => diagnostics.push(wrong_type("bool")),
        },
    }
}

/// A variable's `type`: a string holding a type expression.
fn read_type(
    d: &mut Declaration,
    node: &Node,
    map: SourceMap<'_>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let Json::String(text) = &node.value else {
        diagnostics.push(
            Diagnostic::error(
                "Invalid type specification",
                "A type specification must be a string containing a type expression.",
            )
            .at(Some(map.range(node.span.clone()))),
        );
        return;
    };
    let start = map.pos(string_content_start(node));
    match parse_at(text, map.filename, start) {
        Ok(c) => {
            let mode = if matches!(c.ty(), Type::String | Type::Number | Type::Bool) {
                ParseMode::Literal
            } else {
                ParseMode::Hcl
            };
            d.constraint = Some((c, mode));
        }
        Err(e) => {
            for pd in e.diagnostics {
                diagnostics.push(Diagnostic::error(pd.summary, pd.detail).at(Some(pd.range)));
            }
        }
    }
}

fn read_validation(
    block: &Node,
    def: Range<usize>,
    map: SourceMap<'_>,
    shared: &(Arc<str>, Arc<str>),
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<ValidationRule> {
    let decl_range = map.range(def);
    let Json::Object(members) = &block.value else {
        return None;
    };
    let mut condition = None;
    let mut error_message = None;
    for (key, key_span, node) in members {
        let slot = match key.as_str() {
            "//" => continue,
            "condition" => &mut condition,
            "error_message" => &mut error_message,
            other => {
                diagnostics.push(
                    Diagnostic::error(
                        "Extraneous JSON object property",
                        format!("No argument or block type is named {other:?}."),
                    )
                    .at(Some(map.range(key_span.clone()))),
                );
                continue;
            }
        };
        let Json::String(text) = &node.value else {
            // A bool or number is a literal expression in JSON.
            let literal = match &node.value {
                Json::Bool(b) => b.to_string(),
                Json::Number(n) => n.clone(),
                _ => {
                    diagnostics.push(
                        Diagnostic::error(
                            "Incorrect attribute value type",
                            format!(
                                "Inappropriate value for attribute {key:?}: a string is required."
                            ),
                        )
                        .at(Some(map.range(node.span.clone()))),
                    );
                    continue;
                }
            };
            let wrapped = format!("${{{literal}}}");
            if let Ok(t) = hcl_edit::parser::parse_template(&wrapped) {
                *slot = Some(RuleExpr::template(
                    t,
                    Arc::from(wrapped.as_str()),
                    shared.1.clone(),
                    map.pos(node.span.start),
                    map.range(node.span.clone()),
                ));
            }
            continue;
        };
        let start = map.pos(string_content_start(node));
        match hcl_edit::parser::parse_template(text) {
            Ok(t) => {
                *slot = Some(RuleExpr::template(
                    t,
                    Arc::from(text.as_str()),
                    shared.1.clone(),
                    start,
                    map.range(node.span.clone()),
                ))
            }
            Err(e) => {
                let inner = SourceMap {
                    src: text,
                    filename: map.filename,
                    start,
                };
                let span = super::parse::error_span(text, e.location().offset());
                let mut detail = e.message().to_owned();
                if let Some(first) = detail.get(..1) {
                    let upper = first.to_uppercase();
                    detail.replace_range(..1, &upper);
                }
                detail.push('.');
                diagnostics
                    .push(Diagnostic::error("Invalid syntax", detail).at(Some(inner.range(span))));
            }
        }
    }
    ValidationRule::from_parts(decl_range, condition, error_message, diagnostics)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tfvars_values_read_directly_are_the_tree_values() {
        let documents = [
            r#"{"a": 1, "b": [1, "x", null, {"c": true}], "a": "again"}"#,
            r#" { "n" : 1e400 , "m": -0.50, "s": "e\u0301\n" } "#,
            r#"{"k": {"e\u0301": 1, "\u00e9": 2}}"#,
            r#"{"bad": 01}"#,
            r#"[1]"#,
            r#"{"deep": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}"#,
        ];
        assert!(read_values_directly(documents[1]).is_some());
        for text in documents {
            let tree = read_values_through_tree(text);
            assert_eq!(read_values(text), tree, "{text}");
            if let Ok(values) = tree {
                for ((_, a, _), (_, b, _)) in read_values(text).unwrap().iter().zip(&values) {
                    assert_eq!(a.ty(), b.ty(), "{text}");
                }
            }
        }
    }
}
