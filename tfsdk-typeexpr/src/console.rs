//! Values printed exactly as `tofu console` / `terraform console` print them.
//!
//! Lists, sets and maps are wrapped in `tolist(...)`, `toset(...)` and `tomap(...)`; objects and
//! tuples are bare; nulls say their type (`tostring(null)`, `tolist(null) /* of string */`);
//! unknowns print as `(known after apply)`; numbers in plain decimal; strings with more than one
//! line as heredocs. Set elements come in the reference's order (see [`super::set_order`]).

use std::fmt::{self, Write};

use tfsdk_core::tftypes::{Attributes, Type, Value, ValueKind};

use super::quote::write_go_quote;
use super::set_order::reference_order;

/// Renders a value as the console prints it.
///
/// ```
/// use tfsdk_core::tftypes::{Type, Value};
/// use tfsdk_typeexpr::console;
///
/// let list = Value::list(Type::String, [Value::from("a"), Value::null(Type::String)]).unwrap();
/// assert_eq!(console::render(&list), "tolist([\n  \"a\",\n  tostring(null),\n])");
/// ```
pub fn render(value: &Value) -> String {
    let mut out = String::new();
    // Writing to a `String` cannot fail.
    let _ = write(value, &mut out);
    out
}

/// Writes a value as the console prints it (the text of [`render`]) straight into `out`: a
/// large value is never held as one more string.
///
/// ```
/// use tfsdk_core::tftypes::Value;
/// use tfsdk_typeexpr::console;
///
/// let mut out = String::from("name = ");
/// console::write(&Value::from("docs"), &mut out).unwrap();
/// assert_eq!(out, "name = \"docs\"");
/// ```
///
/// # Errors
/// Only those of `out`.
pub fn write(value: &Value, out: &mut impl Write) -> fmt::Result {
    write_value(value, 0, out)
}

/// Writes a value as the console prints it into an `io::Write` (see [`write()`]).
///
/// # Errors
/// Only those of `out`.
pub fn write_io(value: &Value, out: &mut impl std::io::Write) -> std::io::Result<()> {
    let mut sink = super::sink::IoSink::new(out);
    let written = write(value, &mut sink);
    sink.result(written)
}

/// Writes a value as the console prints it at `indent` (an element of a sequence at
/// `indent - 2`).
pub(crate) fn write_value(value: &Value, indent: usize, out: &mut impl Write) -> fmt::Result {
    match value.kind() {
        ValueKind::Unknown => out.write_str("(known after apply)"),
        ValueKind::Null => write_null(value.ty(), out),
        ValueKind::String(s) => write_string(s, indent, out),
        ValueKind::Number(n) => write!(out, "{n}"),
        ValueKind::Bool(b) => out.write_str(if b { "true" } else { "false" }),
        ValueKind::Object(attributes) => write_mapping(attributes, indent, out),
        ValueKind::Tuple(elements) => write_sequence(elements.iter(), indent, out),
        ValueKind::List(elements) => {
            out.write_str("tolist(")?;
            write_sequence(elements.iter(), indent, out)?;
            out.write_char(')')
        }
        ValueKind::Set(elements) => {
            out.write_str("toset(")?;
            write_sequence(reference_order(elements).into_iter(), indent, out)?;
            out.write_char(')')
        }
        ValueKind::Map(elements) => {
            out.write_str("tomap(")?;
            write_mapping(elements, indent, out)?;
            out.write_char(')')
        }
    }
}

fn write_null(ty: &Type, out: &mut impl Write) -> fmt::Result {
    match ty {
        Type::Dynamic => out.write_str("null"),
        Type::String => out.write_str("tostring(null)"),
        Type::Number => out.write_str("tonumber(null)"),
        Type::Bool => out.write_str("tobool(null)"),
        Type::List(e) => write!(out, "tolist(null) /* of {} */", e.friendly_name()),
        Type::Set(e) => write!(out, "toset(null) /* of {} */", e.friendly_name()),
        Type::Map(e) => write!(out, "tomap(null) /* of {} */", e.friendly_name()),
        other => write!(out, "null /* {} */", other.friendly_name()),
    }
}

fn write_string(s: &str, indent: usize, out: &mut impl Write) -> fmt::Result {
    if !s.contains('\n') {
        return write_go_quote(s, out);
    }
    // The parser allows whitespace around the closing delimiter, so a line equal to the
    // delimiter once trimmed would end the heredoc early: lengthen the delimiter until none is.
    let mut delimiter = String::from("EOT");
    while s.split('\n').any(|line| line.trim() == delimiter) {
        delimiter.push('_');
    }
    out.write_str(if indent > 0 { "<<-" } else { "<<" })?;
    out.write_str(&delimiter)?;
    for line in s.split('\n') {
        out.write_char('\n')?;
        write_indent(indent, out)?;
        out.write_str(line)?;
    }
    out.write_char('\n')?;
    write_indent(indent, out)?;
    out.write_str(&delimiter)
}

fn write_mapping(entries: Attributes<'_>, indent: usize, out: &mut impl Write) -> fmt::Result {
    out.write_char('{')?;
    let inner = indent + 2;
    for (key, value) in entries {
        out.write_char('\n')?;
        write_indent(inner, out)?;
        write_string(key, inner, out)?;
        out.write_str(" = ")?;
        write_value(value, inner, out)?;
    }
    if !entries.is_empty() {
        out.write_char('\n')?;
        write_indent(indent, out)?;
    }
    out.write_char('}')
}

fn write_sequence<'a>(
    elements: impl Iterator<Item = &'a Value>,
    indent: usize,
    out: &mut impl Write,
) -> fmt::Result {
    out.write_char('[')?;
    let inner = indent + 2;
    let mut count = 0;
    for value in elements {
        count += 1;
        out.write_char('\n')?;
        write_indent(inner, out)?;
        write_value(value, inner, out)?;
        out.write_char(',')?;
    }
    if count > 0 {
        out.write_char('\n')?;
        write_indent(indent, out)?;
    }
    out.write_char(']')
}

fn write_indent(indent: usize, out: &mut impl Write) -> fmt::Result {
    const SPACES: &str = "                                                                ";
    let mut left = indent;
    while left > 0 {
        let n = left.min(SPACES.len());
        out.write_str(&SPACES[..n])?;
        left -= n;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nulls_name_their_type() {
        assert_eq!(render(&Value::null(Type::Dynamic)), "null");
        assert_eq!(render(&Value::null(Type::Number)), "tonumber(null)");
        assert_eq!(
            render(&Value::null(Type::map(Type::Dynamic))),
            "tomap(null) /* of dynamic */"
        );
        assert_eq!(
            render(&Value::null(Type::list(Type::list(Type::Number)))),
            "tolist(null) /* of list of number */"
        );
        assert_eq!(
            render(&Value::null(Type::object([("a", Type::String)]))),
            "null /* object */"
        );
        assert_eq!(render(&Value::unknown(Type::String)), "(known after apply)");
    }

    #[test]
    fn multi_line_strings_are_heredocs() {
        assert_eq!(render(&Value::from("a\nb")), "<<EOT\na\nb\nEOT");
        assert_eq!(
            render(&Value::from("x\n EOT \ny")),
            "<<EOT_\nx\n EOT \ny\nEOT_"
        );
        let map = Value::map(Type::String, [("k", Value::from("a\n"))]).unwrap();
        assert_eq!(
            render(&map),
            "tomap({\n  \"k\" = <<-EOT\n  a\n  \n  EOT\n})"
        );
    }

    #[test]
    fn empty_collections_stay_on_one_line() {
        assert_eq!(
            render(&Value::list(Type::String, []).unwrap()),
            "tolist([])"
        );
        assert_eq!(render(&Value::tuple_of([])), "[]");
        assert_eq!(render(&Value::object_of::<String>([])), "{}");
    }
}
