//! Values printed exactly as `tofu console` / `terraform console` print them.
//!
//! Lists, sets and maps are wrapped in `tolist(...)`, `toset(...)` and `tomap(...)`; objects and
//! tuples are bare; nulls say their type (`tostring(null)`, `tolist(null) /* of string */`);
//! unknowns print as `(known after apply)`; numbers in plain decimal; strings with more than one
//! line as heredocs. Set elements come in the reference's order (see [`super::set_order`]).

use crate::tftypes::{Attributes, Type, Value, ValueKind};

use super::quote::go_quote;
use super::set_order::reference_order;

/// Renders a value as the console prints it.
///
/// ```
/// use tfsdk_core::tftypes::{Type, Value};
/// use tfsdk_core::typeexpr::console;
///
/// let list = Value::list(Type::String, [Value::from("a"), Value::null(Type::String)]).unwrap();
/// assert_eq!(console::render(&list), "tolist([\n  \"a\",\n  tostring(null),\n])");
/// ```
pub fn render(value: &Value) -> String {
    let mut out = String::new();
    write_value(value, 0, &mut out);
    out
}

fn write_value(value: &Value, indent: usize, out: &mut String) {
    match value.kind() {
        ValueKind::Unknown => out.push_str("(known after apply)"),
        ValueKind::Null => write_null(value.ty(), out),
        ValueKind::String(s) => write_string(s, indent, out),
        ValueKind::Number(n) => out.push_str(&n.to_string()),
        ValueKind::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        ValueKind::Object(attributes) => write_mapping(attributes, indent, out),
        ValueKind::Tuple(elements) => write_sequence(elements.iter(), indent, out),
        ValueKind::List(elements) => {
            out.push_str("tolist(");
            write_sequence(elements.iter(), indent, out);
            out.push(')');
        }
        ValueKind::Set(elements) => {
            out.push_str("toset(");
            write_sequence(reference_order(elements).into_iter(), indent, out);
            out.push(')');
        }
        ValueKind::Map(elements) => {
            out.push_str("tomap(");
            write_mapping(elements, indent, out);
            out.push(')');
        }
    }
}

fn write_null(ty: &Type, out: &mut String) {
    match ty {
        Type::Dynamic => out.push_str("null"),
        Type::String => out.push_str("tostring(null)"),
        Type::Number => out.push_str("tonumber(null)"),
        Type::Bool => out.push_str("tobool(null)"),
        Type::List(e) => out.push_str(&format!("tolist(null) /* of {} */", e.friendly_name())),
        Type::Set(e) => out.push_str(&format!("toset(null) /* of {} */", e.friendly_name())),
        Type::Map(e) => out.push_str(&format!("tomap(null) /* of {} */", e.friendly_name())),
        other => out.push_str(&format!("null /* {} */", other.friendly_name())),
    }
}

fn write_string(s: &str, indent: usize, out: &mut String) {
    let lines: Vec<&str> = s.split('\n').collect();
    if lines.len() < 2 {
        out.push_str(&go_quote(s));
        return;
    }
    // The parser allows whitespace around the closing delimiter, so a line equal to the
    // delimiter once trimmed would end the heredoc early: lengthen the delimiter until none is.
    let mut delimiter = String::from("EOT");
    while lines.iter().any(|line| line.trim() == delimiter) {
        delimiter.push('_');
    }
    out.push_str(if indent > 0 { "<<-" } else { "<<" });
    out.push_str(&delimiter);
    for line in &lines {
        out.push('\n');
        push_indent(indent, out);
        out.push_str(line);
    }
    out.push('\n');
    push_indent(indent, out);
    out.push_str(&delimiter);
}

fn write_mapping(entries: Attributes<'_>, indent: usize, out: &mut String) {
    out.push('{');
    let inner = indent + 2;
    for (key, value) in entries {
        out.push('\n');
        push_indent(inner, out);
        write_string(key, inner, out);
        out.push_str(" = ");
        write_value(value, inner, out);
    }
    if !entries.is_empty() {
        out.push('\n');
        push_indent(indent, out);
    }
    out.push('}');
}

fn write_sequence<'a>(elements: impl Iterator<Item = &'a Value>, indent: usize, out: &mut String) {
    out.push('[');
    let inner = indent + 2;
    let mut count = 0;
    for value in elements {
        count += 1;
        out.push('\n');
        push_indent(inner, out);
        write_value(value, inner, out);
        out.push(',');
    }
    if count > 0 {
        out.push('\n');
        push_indent(indent, out);
    }
    out.push(']');
}

fn push_indent(indent: usize, out: &mut String) {
    out.extend(std::iter::repeat_n(' ', indent));
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
