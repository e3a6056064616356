//! `tfsdk vars --json`: the evaluation as one JSON document, in the shape Terraform's machine
//! output uses (`terraform output -json` for values, `-json` diagnostics for problems), so
//! scripts and the differential tests against Terraform read both the same way.
//!
//! The document is printed as serde_json's pretty printer prints it; the variables' values
//! are written straight from the values, without a JSON tree of them.

use std::collections::BTreeMap;
use std::fmt;
use std::io;

use serde_json::{Map, Value as Json, json};
use tfsdk_core::tftypes::{Value, ValueKind};
use tfsdk_typeexpr::json_value::{self, write_json_string};
use tfsdk_typeexpr::set_order::reference_order;
use tfsdk_typeexpr::vars::{Diagnostic, Evaluation, Severity};
use tfsdk_typeexpr::{Pos, SourceRange};

fn pos(p: &Pos) -> Json {
    json!({"line": p.line, "column": p.column, "byte": p.byte})
}

fn range(r: &SourceRange) -> Json {
    json!({"filename": r.filename, "start": pos(&r.start), "end": pos(&r.end)})
}

/// One diagnostic: `severity`, `summary`, `detail`, `range` (when there is one), `path`.
pub(crate) fn diagnostic(d: &Diagnostic) -> Json {
    let mut out = Map::new();
    let severity = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    out.insert("severity".into(), Json::from(severity));
    out.insert("summary".into(), Json::from(d.summary.clone()));
    out.insert("detail".into(), Json::from(d.detail.clone()));
    if let Some(r) = &d.range {
        out.insert("range".into(), range(r));
    }
    if let Some(p) = &d.path {
        out.insert("path".into(), Json::from(p.clone()));
    }
    Json::Object(out)
}

/// Writes `{"variables": {NAME: {"sensitive", "type", "value"}}, "diagnostics": [...]}`
/// (pretty, keys in order, no final newline); a variable without a final value is left out of
/// `variables`, one whose value has no JSON form (an unknown) has `null`.
pub(crate) fn write_evaluation(e: &Evaluation, out: &mut impl io::Write) -> io::Result<()> {
    let mut diagnostics: Vec<Json> = e.diagnostics.iter().map(diagnostic).collect();
    // By name, the last of a name winning, as in a JSON object.
    let mut variables = BTreeMap::new();
    for v in &e.variables {
        diagnostics.extend(v.diagnostics.iter().map(diagnostic));
        if let Some(value) = &v.value {
            variables.insert(v.name.as_str(), (v.sensitive, value));
        }
    }
    let mut text = String::from("{\n  \"diagnostics\": ");
    push_pretty(&mut text, &Json::Array(diagnostics), 1);
    text.push_str(",\n  \"variables\": ");
    if variables.is_empty() {
        text.push_str("{}\n}");
        return out.write_all(text.as_bytes());
    }
    text.push('{');
    for (i, (name, (sensitive, value))) in variables.into_iter().enumerate() {
        text.push_str(if i == 0 { "\n    " } else { ",\n    " });
        push_pretty(&mut text, &Json::from(name), 2);
        text.push_str(": {\n      \"sensitive\": ");
        text.push_str(if sensitive { "true" } else { "false" });
        text.push_str(",\n      \"type\": ");
        let ty = value
            .ty()
            .to_json()
            .ok()
            .and_then(|t| serde_json::from_str::<Json>(&t).ok())
            .unwrap_or(Json::Null);
        push_pretty(&mut text, &ty, 3);
        text.push_str(",\n      \"value\": ");
        // The text so far, then the value straight into the output.
        out.write_all(text.as_bytes())?;
        text.clear();
        // `to_json` refuses exactly the values with an unknown somewhere.
        if value.is_wholly_known() {
            write_value_pretty(value, 3, out)?;
        } else {
            text.push_str("null");
        }
        text.push_str("\n    }");
    }
    text.push_str("\n  }\n}");
    out.write_all(text.as_bytes())
}

/// `json` pretty-printed as it would be `level` levels deep in a pretty document: every line
/// after the first indented by two spaces a level (pretty JSON has newlines only between
/// tokens, never in strings).
fn push_pretty(text: &mut String, json: &Json, level: usize) {
    let pretty = serde_json::to_string_pretty(json).unwrap_or_default();
    for (i, line) in pretty.split('\n').enumerate() {
        if i > 0 {
            text.push('\n');
            text.extend(std::iter::repeat_n(' ', 2 * level));
        }
        text.push_str(line);
    }
}

/// A wholly known value as serde_json's pretty printer prints its JSON form, `level` levels
/// deep, straight into `out`.
fn write_value_pretty(value: &Value, level: usize, out: &mut impl io::Write) -> io::Result<()> {
    let mut sink = Sink { out, error: None };
    let written = pretty_value(value, level, &mut sink);
    match (written, sink.error) {
        (Ok(()), _) => Ok(()),
        (Err(_), Some(e)) => Err(e),
        (Err(_), None) => Err(io::Error::other("formatting failed")),
    }
}

fn pretty_value(value: &Value, level: usize, out: &mut impl fmt::Write) -> fmt::Result {
    match value.kind() {
        ValueKind::List(elements) | ValueKind::Tuple(elements) => {
            pretty_array(elements.iter(), level, out)
        }
        ValueKind::Set(elements) => pretty_array(reference_order(elements).into_iter(), level, out),
        ValueKind::Map(entries) | ValueKind::Object(entries) => {
            if entries.is_empty() {
                return out.write_str("{}");
            }
            out.write_char('{')?;
            for (i, (key, e)) in entries.iter().enumerate() {
                out.write_str(if i == 0 { "\n" } else { ",\n" })?;
                indent(level + 1, out)?;
                write_json_string(key, out)?;
                out.write_str(": ")?;
                pretty_value(e, level + 1, out)?;
            }
            out.write_char('\n')?;
            indent(level, out)?;
            out.write_char('}')
        }
        // Scalars print as in compact JSON.
        _ => json_value::write_json(value, out).unwrap_or(Err(fmt::Error)),
    }
}

fn pretty_array<'a>(
    elements: impl ExactSizeIterator<Item = &'a Value>,
    level: usize,
    out: &mut impl fmt::Write,
) -> fmt::Result {
    if elements.len() == 0 {
        return out.write_str("[]");
    }
    out.write_char('[')?;
    for (i, e) in elements.enumerate() {
        out.write_str(if i == 0 { "\n" } else { ",\n" })?;
        indent(level + 1, out)?;
        pretty_value(e, level + 1, out)?;
    }
    out.write_char('\n')?;
    indent(level, out)?;
    out.write_char(']')
}

fn indent(level: usize, out: &mut impl fmt::Write) -> fmt::Result {
    (0..level).try_for_each(|_| out.write_str("  "))
}

/// A `fmt::Write` over an `io::Write`, keeping the I/O error.
struct Sink<'a, W: io::Write> {
    out: &'a mut W,
    error: Option<io::Error>,
}

impl<W: io::Write> fmt::Write for Sink<'_, W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.out.write_all(s.as_bytes()).map_err(|e| {
            self.error = Some(e);
            fmt::Error
        })
    }
}

/// Load errors only (the module did not load).
pub(crate) fn load_errors(diagnostics: &[Diagnostic]) -> Json {
    json!({
        "variables": {},
        "diagnostics": diagnostics.iter().map(diagnostic).collect::<Vec<_>>(),
    })
}
