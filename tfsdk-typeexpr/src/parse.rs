//! Parsing type constraints: `list(object({name=string, port=optional(number, 80)}))`.
//!
//! The expression syntax is HCL's, parsed with `hcl-edit` (which keeps spans). The rules and
//! messages are HCL's `ext/typeexpr`: keywords `string`, `number`, `bool`, `any`; constructors
//! `list(T)`, `set(T)`, `map(T)`, `object({k = T, …})`, `tuple([T, …])`; `optional(T)` and
//! `optional(T, default)` directly inside `object`; defaults are literal values, checked
//! against their attribute's type here. The bare keywords `list` and `map` mean `list(any)` and
//! `map(any)`, as Terraform reads them. Every error names its position as a range of
//! `line,column` (HCL's format: `type.tf:1,95-97`).

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use hcl_edit::Span;
use hcl_edit::expr::{Expression, FuncCall, ObjectKey};

use tfsdk_core::tftypes::{Type, Value};

use super::constraint::TypeConstraint;
use super::convert::convert_to_type;
use super::defaults::Defaults;
use super::literal::eval_literal;

const INVALID_TYPE: &str = "Invalid type specification";

/// The file name positions in a type expression refer to when none is given: the reference
/// reads a lone type expression as if it were the file `type.tf`.
pub const DEFAULT_FILENAME: &str = "type.tf";

/// The longest type expression [`parse`] reads, in bytes. Longer text is an error before any
/// parsing: the expression parser (`hcl-edit`) takes time quadratic in the number of items of
/// one object, so the input's size is what bounds the work. Real type expressions are a few
/// kilobytes at most.
pub const MAX_EXPRESSION_LEN: usize = 32 * 1024;

/// The most `=` or `:` separators [`parse`] accepts directly inside one pair of brackets: an
/// upper bound on the attributes of one object type or the items of one object default,
/// counted by a cheap scan (outside string literals) before parsing, for the same reason as
/// [`MAX_EXPRESSION_LEN`].
pub const MAX_OBJECT_ITEMS: usize = 1024;

/// A position in a source file: 1-based line and column (columns count characters), and the
/// 0-based byte offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pos {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
    /// Byte offset, from 0.
    pub byte: usize,
}

/// A range of source text; `end` is just past the last character.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceRange {
    /// The file the text came from.
    pub filename: String,
    /// First character.
    pub start: Pos,
    /// Just past the last character.
    pub end: Pos,
}

impl fmt::Display for SourceRange {
    /// HCL's format: `file:line,col-col`, or `file:line,col-line,col` across lines.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.start.line == self.end.line {
            write!(
                f,
                "{}:{},{}-{}",
                self.filename, self.start.line, self.start.column, self.end.column
            )
        } else {
            write!(
                f,
                "{}:{},{}-{},{}",
                self.filename, self.start.line, self.start.column, self.end.line, self.end.column
            )
        }
    }
}

/// One problem in a type expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseDiagnostic {
    /// One line: what kind of problem.
    pub summary: String,
    /// What was expected.
    pub detail: String,
    /// Where.
    pub range: SourceRange,
}

impl fmt::Display for ParseDiagnostic {
    /// HCL's format: `range: summary; detail`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}; {}", self.range, self.summary, self.detail)
    }
}

/// Everything wrong with a type expression (at least one diagnostic).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The problems, in source order.
    pub diagnostics: Vec<ParseDiagnostic>,
}

impl fmt::Display for ParseError {
    /// HCL's format: the first diagnostic, then `, and N other diagnostic(s)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.diagnostics.as_slice() {
            [] => f.write_str("no diagnostics"),
            [one] => write!(f, "{one}"),
            [first, rest @ ..] => write!(f, "{first}, and {} other diagnostic(s)", rest.len()),
        }
    }
}

impl std::error::Error for ParseError {}

/// Parses a type constraint; positions in errors refer to [`DEFAULT_FILENAME`].
///
/// ```
/// use tfsdk_typeexpr::parse;
///
/// let c = parse("list(object({name = string, enabled = optional(bool, true)}))").unwrap();
/// assert_eq!(c.to_string(), "list(object({enabled=optional(bool, true),name=string}))");
///
/// let err = parse("set").unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "type.tf:1,1-4: Invalid type specification; \
///      The set type constructor requires one argument specifying the element type."
/// );
/// ```
///
/// # Errors
/// Syntax errors, unknown keywords, wrong argument counts, `optional` outside `object`, bad
/// defaults, nesting too deep; all of them, each with its position.
pub fn parse(src: &str) -> Result<TypeConstraint, ParseError> {
    parse_at(
        src,
        DEFAULT_FILENAME,
        Pos {
            line: 1,
            column: 1,
            byte: 0,
        },
    )
}

/// Parses a type constraint found at `start` in the file `filename` (for a `type` argument
/// inside a `.tf` file), so that positions in errors point into that file.
///
/// # Errors
/// As [`parse`].
pub fn parse_at(src: &str, filename: &str, start: Pos) -> Result<TypeConstraint, ParseError> {
    let map = SourceMap {
        src,
        filename,
        start,
    };
    if let Err((span, detail)) = check_limits(src) {
        return Err(ParseError {
            diagnostics: vec![ParseDiagnostic {
                summary: "Invalid expression".into(),
                detail,
                range: map.range(span),
            }],
        });
    }
    let expr = match super::big_numbers::parse_expr(src) {
        Ok(expr) => expr,
        Err(e) => {
            let span = error_span(src, e.offset());
            let (at, end) = (span.start, span.end);
            let detail = if e.message().contains("nesting depth") {
                "The type expression nests too deeply (at most 64 levels).".to_owned()
            } else {
                let mut m = e.message().into_owned();
                if let Some(first) = m.get(..1) {
                    let upper = first.to_uppercase();
                    m.replace_range(..1, &upper);
                }
                format!("{m}.")
            };
            return Err(ParseError {
                diagnostics: vec![ParseDiagnostic {
                    summary: "Invalid expression".into(),
                    detail,
                    range: map.range(at..end),
                }],
            });
        }
    };
    let mut parser = TypeParser {
        map,
        diagnostics: Vec::new(),
    };
    let (ty, defaults) = parser.get_type(&expr, true);
    if parser.diagnostics.is_empty() {
        Ok(TypeConstraint::from_parts(ty, defaults))
    } else {
        Err(ParseError {
            diagnostics: parser.diagnostics,
        })
    }
}

impl FromStr for TypeConstraint {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<TypeConstraint, ParseError> {
        parse(s)
    }
}

/// The limits checked before parsing ([`MAX_EXPRESSION_LEN`], [`MAX_OBJECT_ITEMS`]): the span
/// to blame and the detail when one is exceeded.
///
/// The scan tracks brackets and skips `"…"` string literals (with escapes); interpolations
/// inside strings are not followed, so the count is only an estimate there, which is enough
/// for a bound this far above real expressions.
fn check_limits(src: &str) -> Result<(), (Range<usize>, String)> {
    if src.len() > MAX_EXPRESSION_LEN {
        return Err((
            0..src.len(),
            format!(
                "The type expression is {} bytes long; at most {MAX_EXPRESSION_LEN} are accepted.",
                src.len()
            ),
        ));
    }
    // (offset of the opening bracket, separators seen directly inside it)
    let mut open: Vec<(usize, usize)> = vec![(0, 0)];
    for (i, b) in super::big_numbers::outside_strings(src) {
        match b {
            b'(' | b'[' | b'{' => open.push((i, 0)),
            b')' | b']' | b'}' if open.len() > 1 => {
                open.pop();
            }
            b'=' | b':' => {
                if let Some((at, items)) = open.last_mut() {
                    *items += 1;
                    if *items > MAX_OBJECT_ITEMS {
                        return Err((
                            error_span(src, *at),
                            format!(
                                "This object has more than {MAX_OBJECT_ITEMS} attributes; at most {MAX_OBJECT_ITEMS} are accepted."
                            ),
                        ));
                    }
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// The character at a parser error's byte offset (the parser may report an offset inside a
/// multi-byte character, or past the end): moved back to a character boundary.
pub(crate) fn error_span(src: &str, offset: usize) -> Range<usize> {
    let mut at = offset.min(src.len());
    while !src.is_char_boundary(at) {
        at -= 1;
    }
    let end = src[at..].chars().next().map_or(at, |c| at + c.len_utf8());
    at..end
}

/// Turns byte offsets in the parsed text into file positions.
#[derive(Clone, Copy)]
pub(crate) struct SourceMap<'a> {
    pub(crate) src: &'a str,
    pub(crate) filename: &'a str,
    pub(crate) start: Pos,
}

impl SourceMap<'_> {
    pub(crate) fn pos(&self, byte: usize) -> Pos {
        let byte = byte.min(self.src.len());
        let before = self.src.get(..byte).unwrap_or("");
        match before.rfind('\n') {
            None => Pos {
                line: self.start.line,
                column: self.start.column + before.chars().count(),
                byte: self.start.byte + byte,
            },
            Some(nl) => Pos {
                line: self.start.line + before.matches('\n').count(),
                column: 1 + before[nl + 1..].chars().count(),
                byte: self.start.byte + byte,
            },
        }
    }

    pub(crate) fn range(&self, span: Range<usize>) -> SourceRange {
        SourceRange {
            filename: self.filename.to_owned(),
            start: self.pos(span.start),
            end: self.pos(span.end),
        }
    }
}

struct TypeParser<'a> {
    map: SourceMap<'a>,
    diagnostics: Vec<ParseDiagnostic>,
}

/// Terraform's detail for an expression that is neither a type keyword nor a constructor call.
const NOT_A_TYPE: &str = "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).";

impl TypeParser<'_> {
    fn error(&mut self, span: Option<Range<usize>>, detail: impl Into<String>) {
        self.error_with(span, INVALID_TYPE, detail);
    }

    fn error_with(&mut self, span: Option<Range<usize>>, summary: &str, detail: impl Into<String>) {
        let span = span.unwrap_or(0..self.map.src.len());
        self.diagnostics.push(ParseDiagnostic {
            summary: summary.into(),
            detail: detail.into(),
            range: self.map.range(span),
        });
    }

    /// HCL's `getType` with `constraint = true, withDefaults = true`.
    fn get_type(&mut self, expr: &Expression, top: bool) -> (Type, Option<Defaults>) {
        let _ = top;
        if let Expression::Variable(ident) = expr {
            return (self.keyword_type(ident.as_str(), expr), None);
        }
        let Expression::FuncCall(call) = expr else {
            self.error(expr.span(), NOT_A_TYPE);
            return (Type::Dynamic, None);
        };
        if call.args.expand_final() {
            self.error(expr.span(), NOT_A_TYPE);
            return (Type::Dynamic, None);
        }
        let name = call_name(call);
        let args: Vec<&Expression> = call.args.iter().collect();
        if !self.constructor_arguments_fit(&name, &args, call, expr) {
            return (Type::Dynamic, None);
        }
        match name.as_str() {
            "list" | "set" | "map" => {
                let (element, element_defaults) = self.get_type(args[0], false);
                let ty = match name.as_str() {
                    "list" => Type::list(element),
                    "set" => Type::set(element),
                    _ => Type::map(element),
                };
                let children = element_defaults
                    .map(|d| BTreeMap::from([(String::new(), d)]))
                    .unwrap_or_default();
                let defaults = Defaults::node(ty.clone(), BTreeMap::new(), children);
                (ty, defaults)
            }
            "object" => self.object(args[0], expr),
            "tuple" => self.tuple(args[0]),
            "optional" => {
                self.error(
                    call.name.name.span(),
                    "Keyword \"optional\" is valid only as a modifier for object type attributes.",
                );
                (Type::Dynamic, None)
            }
            other => {
                self.error(
                    expr.span(),
                    format!("Keyword {other:?} is not a valid type constructor."),
                );
                (Type::Dynamic, None)
            }
        }
    }

    /// The type a bare keyword (`string`, `list`) names; an error and `any` for a keyword
    /// that needs arguments or names no type.
    fn keyword_type(&mut self, keyword: &str, expr: &Expression) -> Type {
        match keyword {
            "bool" => return Type::Bool,
            "string" => return Type::String,
            "number" => return Type::Number,
            "any" => return Type::Dynamic,
            // Shorthands kept for compatibility with old configurations.
            "list" => return Type::list(Type::Dynamic),
            "map" => return Type::map(Type::Dynamic),
            "set" => self.error(
                expr.span(),
                "The set type constructor requires one argument specifying the element type.",
            ),
            "object" => self.error(
                expr.span(),
                "The object type constructor requires one argument specifying the attribute types and values as a map.",
            ),
            "tuple" => self.error(
                expr.span(),
                "The tuple type constructor requires one argument specifying the element types as a list.",
            ),
            other => self.error(
                expr.span(),
                format!("The keyword {other:?} is not a valid type specification."),
            ),
        }
        Type::Dynamic
    }

    /// Whether the call `name(args)` has the arguments its keyword takes: none for a
    /// primitive type or `any` (which take none), exactly one for a constructor; an error
    /// otherwise.
    fn constructor_arguments_fit(
        &mut self,
        name: &str,
        args: &[&Expression],
        call: &hcl_edit::expr::FuncCall,
        expr: &Expression,
    ) -> bool {
        let args_span = self.args_span(call, expr);
        match name {
            "bool" | "string" | "number" => {
                self.error(
                    args_span,
                    format!("Primitive type keyword {name:?} does not expect arguments."),
                );
                return false;
            }
            "any" => {
                self.error(
                    args_span,
                    format!("Type constraint keyword {name:?} does not expect arguments."),
                );
                return false;
            }
            "list" | "set" | "map" | "object" | "tuple" if args.len() != 1 => {}
            _ => return true,
        }
        let subject = if args.len() > 1 {
            match (args[1].span(), args[args.len() - 1].span()) {
                (Some(a), Some(b)) => Some(a.start..b.end),
                _ => args_span,
            }
        } else {
            args_span
        };
        let detail = match name {
            "object" => "The object type constructor requires one argument specifying the attribute types and values as a map.".to_owned(),
            "tuple" => "The tuple type constructor requires one argument specifying the element types as a list.".to_owned(),
            other => format!("The {other} type constructor requires one argument specifying the element type."),
        };
        self.error(subject, detail);
        false
    }

    /// `tuple([...])`: its element types and their defaults.
    fn tuple(&mut self, arg: &Expression) -> (Type, Option<Defaults>) {
        let Expression::Array(items) = arg else {
            self.error(
                arg.span(),
                "Tuple type constructor requires a list of element types.",
            );
            return (Type::Dynamic, None);
        };
        let mut types = Vec::new();
        let mut children = BTreeMap::new();
        for (i, item) in items.iter().enumerate() {
            let (ty, d) = self.get_type(item, false);
            types.push(ty);
            if let Some(d) = d {
                children.insert(i.to_string(), d);
            }
        }
        let ty = Type::tuple(types);
        let defaults = Defaults::node(ty.clone(), BTreeMap::new(), children);
        (ty, defaults)
    }

    fn object(&mut self, arg: &Expression, whole: &Expression) -> (Type, Option<Defaults>) {
        let _ = whole;
        let Expression::Object(object) = arg else {
            self.error(
                arg.span(),
                "Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.",
            );
            return (Type::Dynamic, None);
        };
        let mut types: BTreeMap<String, Type> = BTreeMap::new();
        let mut optional: Vec<String> = Vec::new();
        let mut values: BTreeMap<String, Value> = BTreeMap::new();
        let mut children: BTreeMap<String, Defaults> = BTreeMap::new();
        for (key, value) in object.iter() {
            let name = match key {
                ObjectKey::Ident(ident) => ident.as_str().to_owned(),
                ObjectKey::Expression(Expression::Variable(v)) => v.as_str().to_owned(),
                ObjectKey::Expression(_) => {
                    self.error(
                        key.span(),
                        "Object constructor map keys must be attribute names.",
                    );
                    continue;
                }
            };
            if types.contains_key(&name) {
                self.error_with(
                    key.span(),
                    "Duplicate attribute",
                    format!(
                        "The attribute {name:?} is defined more than once in this object type."
                    ),
                );
                continue;
            }
            let mut type_expr = value.expr();
            let mut default: Option<(Value, Option<Range<usize>>)> = None;
            let mut is_optional = false;
            if let Expression::FuncCall(call) = type_expr
                && call_name(call) == "optional"
            {
                let args: Vec<&Expression> = call.args.iter().collect();
                let args_span = self.args_span(call, type_expr);
                match args.len() {
                    0 => {
                        self.error(
                            args_span,
                            "Optional attribute modifier requires the attribute type as its argument.",
                        );
                        continue;
                    }
                    1 => is_optional = true,
                    2 => match eval_literal(args[1], self.map.src) {
                        Ok(v) => {
                            is_optional = true;
                            default = Some((v, args[1].span()));
                        }
                        Err(e) => self.error_with(e.span, e.summary, e.detail),
                    },
                    _ => self.error(
                        args_span,
                        "Optional attribute modifier expects at most two arguments: the attribute type, and a default value.",
                    ),
                }
                type_expr = args[0];
            }
            let (aty, attr_defaults) = self.get_type(type_expr, false);
            if let Some((default, span)) = default {
                match convert_to_type(default, &aty) {
                    Ok(converted) => {
                        values.insert(name.clone(), converted);
                    }
                    Err(e) => self.error_with(
                        span,
                        "Invalid default value for optional attribute",
                        format!(
                            "This default value is not compatible with the attribute's type constraint: {e}."
                        ),
                    ),
                }
            }
            if is_optional {
                optional.push(name.clone());
            }
            if let Some(d) = attr_defaults {
                children.insert(name.clone(), d);
            }
            types.insert(name, aty);
        }
        let constraint = TypeConstraint::object_from_parts(types, optional, values, children);
        (constraint.ty().clone(), constraint.defaults().cloned())
    }

    /// The span of `(…)` in a call, HCL's `ArgsRange`.
    fn args_span(&self, call: &FuncCall, whole: &Expression) -> Option<Range<usize>> {
        let name_end = call.name.name.span()?.end;
        let end = whole.span()?.end;
        let open = self.map.src.get(name_end..end)?.find('(')? + name_end;
        Some(open..end)
    }
}

fn call_name(call: &FuncCall) -> String {
    let mut name = String::new();
    for ns in &call.name.namespace {
        name.push_str(ns.as_str());
        name.push_str("::");
    }
    name.push_str(call.name.name.as_str());
    name
}
