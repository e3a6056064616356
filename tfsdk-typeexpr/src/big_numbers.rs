//! Number literals beyond `f64`'s range (`1e400`) for hcl-edit, which reads every number as an
//! `f64` and rejects one that overflows, where HCL (arbitrary precision) accepts it.
//!
//! The parsers here retry with each such literal's exponent digits replaced by zeros (`1e400`
//! becomes `1e000`): the text keeps its length, so every span still points into the original
//! source, and the literal evaluator reads a number's digits from the original source by span
//! (see `literal::eval_literal`), never from hcl-edit's `f64`.

use std::borrow::Cow;

use hcl_edit::expr::Expression;
use hcl_edit::structure::Body;

/// How many literals one text may have masked; past that the error stands.
const MAX_MASKED: usize = 10_000;

/// The deepest bracket nesting parsed in a text that also has operators. hcl-edit backtracks
/// through binary operators in front of brackets in exponential time (`a*b*({` nested 20 deep
/// takes seconds, 30 deep minutes); without operators its limit of 64 levels holds and parsing
/// is fast. Real configurations stay far below: a type constraint nests about two levels per
/// `object`.
pub const MAX_NESTING_WITH_OPERATORS: usize = 24;

/// Why a text did not parse: hcl-edit's error, or a text refused before parsing.
#[derive(Debug)]
pub(crate) enum ParseFailure {
    /// The parser's error.
    Syntax(hcl_edit::parser::Error),
    /// Brackets nested deeper than [`MAX_NESTING_WITH_OPERATORS`] in a text with operators; the
    /// offset of the bracket that goes too deep.
    TooDeepWithOperators(usize),
}

impl ParseFailure {
    /// The byte offset the error points at.
    pub(crate) fn offset(&self) -> usize {
        match self {
            ParseFailure::Syntax(e) => e.location().offset(),
            ParseFailure::TooDeepWithOperators(at) => *at,
        }
    }

    /// What went wrong, as the parser says it (lower case, no full stop).
    pub(crate) fn message(&self) -> Cow<'_, str> {
        match self {
            ParseFailure::Syntax(e) => Cow::Borrowed(e.message()),
            ParseFailure::TooDeepWithOperators(_) => Cow::Owned(format!(
                "brackets nest more than {MAX_NESTING_WITH_OPERATORS} levels deep in an \
                 expression with operators"
            )),
        }
    }
}

/// `hcl_edit::parser::parse_expr`, accepting number literals beyond `f64`'s range.
pub(crate) fn parse_expr(src: &str) -> Result<Expression, ParseFailure> {
    parse_masking(src, hcl_edit::parser::parse_expr)
}

/// `hcl_edit::parser::parse_body`, accepting number literals beyond `f64`'s range.
pub(crate) fn parse_body(src: &str) -> Result<Body, ParseFailure> {
    parse_masking(src, hcl_edit::parser::parse_body)
}

/// The offset of the first bracket nested deeper than [`MAX_NESTING_WITH_OPERATORS`] when the
/// text also has an operator (`*`, `/`, `%`, `+`, `-`, `&`, `|`, `<`, `>`, `!`, `?`, `==`);
/// brackets and operators inside `"…"` strings do not count (heredocs and comments do, which
/// only makes the check stricter).
fn too_deep_with_operators(src: &str) -> Option<usize> {
    let (mut depth, mut too_deep, mut operator) = (0usize, None, false);
    let bytes = src.as_bytes();
    for (i, b) in outside_strings(src) {
        match b {
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING_WITH_OPERATORS && too_deep.is_none() {
                    too_deep = Some(i);
                }
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            b'*' | b'/' | b'%' | b'+' | b'-' | b'&' | b'|' | b'<' | b'>' | b'!' | b'?' => {
                operator = true;
            }
            b'=' if bytes.get(i + 1) == Some(&b'=') => operator = true,
            _ => {}
        }
    }
    too_deep.filter(|_| operator)
}

/// The bytes of `src` (with their offsets) outside `"…"` string literals, whose escapes are
/// followed; the quotes themselves are left out too. Interpolations inside strings are not
/// followed, which is enough for the estimates the limits need.
pub(crate) fn outside_strings(src: &str) -> impl Iterator<Item = (usize, u8)> + '_ {
    let (mut in_string, mut escaped) = (false, false);
    src.bytes().enumerate().filter(move |&(_, b)| {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            false
        } else if b == b'"' {
            in_string = true;
            false
        } else {
            true
        }
    })
}

fn parse_masking<T>(
    src: &str,
    parse: impl Fn(&str) -> Result<T, hcl_edit::parser::Error>,
) -> Result<T, ParseFailure> {
    if let Some(at) = too_deep_with_operators(src) {
        return Err(ParseFailure::TooDeepWithOperators(at));
    }
    let first = match parse(src) {
        Ok(parsed) => return Ok(parsed),
        Err(e) => e,
    };
    let mut masked = src.to_owned();
    // After masking, the error is the next one in the text (at the same offset as in `src`).
    let mut error = first;
    for _ in 0..MAX_MASKED {
        if !mask_overflowing_exponent(&mut masked, error.location().offset()) {
            break;
        }
        match parse(&masked) {
            Ok(parsed) => return Ok(parsed),
            Err(e) => error = e,
        }
    }
    Err(ParseFailure::Syntax(error))
}

/// hcl-edit stops at the `e` of a number literal whose value overflows `f64`: when the text at
/// `at` is such an exponent (after the digits of a number that does not start an identifier),
/// replaces its digits by zeros and says so.
fn mask_overflowing_exponent(text: &mut String, at: usize) -> bool {
    let bytes = text.as_bytes();
    if !matches!(bytes.get(at), Some(b'e' | b'E')) {
        return false;
    }
    let mut start = at;
    while start > 0 && (bytes[start - 1].is_ascii_digit() || bytes[start - 1] == b'.') {
        start -= 1;
    }
    if start == at
        || !bytes[start].is_ascii_digit()
        || (start > 0 && (bytes[start - 1].is_ascii_alphanumeric() || bytes[start - 1] == b'_'))
    {
        return false;
    }
    let mut digits = at + 1;
    if matches!(bytes.get(digits), Some(b'+' | b'-')) {
        digits += 1;
    }
    let mut end = digits;
    while end < bytes.len() && bytes[end].is_ascii_digit() {
        end += 1;
    }
    if end == digits {
        return false;
    }
    // Only a well-formed literal that overflows: `55.4.47E7` is no number (two points), and an
    // exponent of zeros (already masked) is in range, so the masking loop always ends.
    if !text[start..end].parse::<f64>().is_ok_and(f64::is_infinite) {
        return false;
    }
    text.replace_range(digits..end, &"0".repeat(end - digits));
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use hcl_edit::Span;

    #[test]
    fn literals_beyond_f64_parse_with_their_spans() {
        let src = "[1e400, -1.5E+999, 2]";
        let expr = parse_expr(src).unwrap();
        let Expression::Array(items) = expr else {
            panic!("an array")
        };
        let first = items.iter().next().unwrap();
        assert_eq!(&src[first.span().unwrap()], "1e400");
    }

    #[test]
    fn other_syntax_errors_stand() {
        let err = parse_expr("[1e400, )").unwrap_err();
        assert_eq!(err.offset(), 8);
        assert!(parse_expr("x1e400").is_ok());
        assert!(parse_body("a = 1e400\nb = [1e-400, 1e5000]\n").is_ok());
        assert!(parse_body("a = 1e\n").is_err());
    }

    #[test]
    fn only_overflowing_literals_are_masked() {
        for (text, at) in [("1e400", 1), ("-2.5E+999", 4)] {
            let mut masked = text.to_owned();
            assert!(mask_overflowing_exponent(&mut masked, at), "{text}");
            assert!(
                !mask_overflowing_exponent(&mut masked, at),
                "{text} masked twice"
            );
        }
        // Not a number at all (found by fuzzing: it was masked again and again, 10,000 parses).
        for (text, at) in [("55.4.47E7", 7), ("1.2.3e999", 5), ("1e5", 1)] {
            assert!(
                !mask_overflowing_exponent(&mut text.to_owned(), at),
                "{text}"
            );
        }
        let err = parse_expr("set(number)---55.4.47E7").unwrap_err();
        assert_eq!(err.offset(), 21);
    }

    #[test]
    fn deep_brackets_with_operators_are_refused_before_parsing() {
        // Found by fuzzing: hcl-edit took 35 s on 339 bytes of this shape.
        let hostile = format!("{}0", "a*b*({".repeat(13));
        let err = parse_expr(&hostile).unwrap_err();
        assert!(
            matches!(err, ParseFailure::TooDeepWithOperators(_)),
            "{err:?}"
        );
        assert_eq!(err.offset(), hostile.rfind('(').unwrap());
        assert!(
            err.message().contains("more than 24 levels"),
            "{}",
            err.message()
        );
        // Deep nesting without operators is still hcl-edit's to judge; shallow operators are
        // fine; brackets and operators inside strings do not count.
        let deep = format!("{}0{}", "[".repeat(40), "]".repeat(40));
        assert!(parse_expr(&deep).is_ok());
        assert!(parse_expr("list(object({a = optional(number, -1 * 2)}))").is_ok());
        let quoted = format!("[\"{}\" , 1 - 2]", "((((".repeat(10));
        assert!(parse_expr(&quoted).is_ok());
    }

    #[test]
    fn a_default_beyond_f64_keeps_every_digit() {
        let c = crate::parse("object({a = optional(number, 1e400)})").unwrap();
        let v = crate::convert(tfsdk_core::tftypes::Value::object_of::<&str>([]), &c).unwrap();
        let a = v.attribute("a").unwrap().as_number().unwrap().to_string();
        assert_eq!(a, format!("1{}", "0".repeat(400)));
    }
}
