//! Literal HCL expressions as values: what a default in a type expression, a `.tfvars` file or
//! a variable's `default` may contain (strings, heredocs, numbers, bools, null, lists and
//! objects of those). Variables, function calls and templates with interpolation are errors.
//!
//! Values get their *implied* types, as in the language: `[…]` is a tuple, `{…}` an object.

use std::collections::BTreeMap;
use std::ops::Range;

use hcl_edit::Span;
use hcl_edit::expr::{Expression, ObjectKey, UnaryOperator};
use hcl_edit::template::{Element, Template};

use tfsdk_core::tftypes::{Number, Type, Value, ValueKind};

/// Why an expression is not a literal value, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LiteralError {
    pub(crate) span: Option<Range<usize>>,
    pub(crate) summary: &'static str,
    pub(crate) detail: String,
}

impl LiteralError {
    fn new(span: Option<Range<usize>>, summary: &'static str, detail: impl Into<String>) -> Self {
        LiteralError {
            span,
            summary,
            detail: detail.into(),
        }
    }
}

/// Evaluates a literal expression. `src` is the text the expression was parsed from (numbers
/// are read from it, to keep every digit).
pub(crate) fn eval_literal(expr: &Expression, src: &str) -> Result<Value, LiteralError> {
    match expr {
        Expression::Null(_) => Ok(Value::null(Type::Dynamic)),
        Expression::Bool(b) => Ok(Value::bool(*b.value())),
        Expression::Number(n) => {
            let text = expr
                .span()
                .and_then(|s| src.get(s))
                .map(str::to_owned)
                .unwrap_or_else(|| n.value().to_string());
            text.parse::<Number>()
                .map(|n| Value::number(super::precision::cty_number(n)))
                .map_err(|e| {
                    LiteralError::new(expr.span(), "Invalid number literal", e.to_string())
                })
        }
        Expression::String(s) => Ok(Value::string(super::nfc::nfc(s.value()))),
        Expression::StringTemplate(t) => template_text(t, expr.span()).map(Value::string),
        Expression::HeredocTemplate(h) => {
            template_text(&h.template, expr.span()).map(Value::string)
        }
        Expression::Parenthesis(p) => eval_literal(p.inner(), src),
        Expression::Array(items) => {
            let mut elements = Vec::with_capacity(items.len());
            for item in items.iter() {
                elements.push(eval_literal(item, src)?);
            }
            Ok(Value::tuple_of(elements))
        }
        Expression::Object(object) => {
            let mut attributes = BTreeMap::new();
            for (key, value) in object.iter() {
                let name = match key {
                    ObjectKey::Ident(ident) => super::nfc::nfc(ident.as_str()),
                    ObjectKey::Expression(key_expr) => {
                        let key_value = eval_literal(key_expr, src)?;
                        match key_value.kind() {
                            ValueKind::String(s) => s.to_owned(),
                            ValueKind::Number(n) => n.to_string(),
                            ValueKind::Bool(b) => b.to_string(),
                            _ => {
                                return Err(LiteralError::new(
                                    key.span(),
                                    "Incorrect key type",
                                    "Can't use this value as a key: a string is required.",
                                ));
                            }
                        }
                    }
                };
                if attributes.contains_key(&name) {
                    return Err(LiteralError::new(
                        key.span(),
                        "Duplicate object attribute",
                        format!("The attribute {name:?} is defined more than once."),
                    ));
                }
                let v = eval_literal(value.expr(), src)?;
                attributes.insert(name, v);
            }
            Ok(Value::object_of(attributes))
        }
        Expression::UnaryOp(op) => {
            let inner = eval_literal(&op.expr, src)?;
            match (op.operator.value(), inner.kind()) {
                (UnaryOperator::Neg, ValueKind::Number(n)) => Ok(Value::number(n.negated())),
                (UnaryOperator::Not, ValueKind::Bool(b)) => Ok(Value::bool(!b)),
                _ => Err(LiteralError::new(
                    expr.span(),
                    "Invalid operand",
                    "Unsuitable value for unary operand: a number is required after '-' and a bool after '!'.",
                )),
            }
        }
        Expression::Variable(v) => Err(LiteralError::new(
            expr.span(),
            "Variables not allowed",
            format!(
                "Variables may not be used here: only literal values are allowed, but this refers to {:?}.",
                v.as_str()
            ),
        )),
        Expression::FuncCall(_) => Err(LiteralError::new(
            expr.span(),
            "Function calls not allowed",
            "Functions may not be called here: only literal values are allowed.",
        )),
        _ => Err(LiteralError::new(
            expr.span(),
            "Invalid expression",
            "Only literal values (strings, numbers, bools, null, lists and objects of those) are allowed here.",
        )),
    }
}

fn template_text(template: &Template, span: Option<Range<usize>>) -> Result<String, LiteralError> {
    let mut text = String::new();
    for element in template.iter() {
        match element {
            Element::Literal(literal) => text.push_str(literal.value()),
            _ => {
                return Err(LiteralError::new(
                    span,
                    "Variables not allowed",
                    "Template interpolations and directives may not be used here: only literal strings are allowed.",
                ));
            }
        }
    }
    Ok(super::nfc::nfc(&text))
}
