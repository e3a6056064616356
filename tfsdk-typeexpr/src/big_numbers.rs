//! Number literals beyond `f64`'s range (`1e400`) for hcl-edit, which reads every number as an
//! `f64` and rejects one that overflows, where HCL (arbitrary precision) accepts it.
//!
//! The parsers here retry with each such literal's exponent digits replaced by zeros (`1e400`
//! becomes `1e000`): the text keeps its length, so every span still points into the original
//! source, and the literal evaluator reads a number's digits from the original source by span
//! (see `literal::eval_literal`), never from hcl-edit's `f64`.
//!
//! Every text is first checked against the bound on hcl-edit's backtracking
//! ([`operand_nesting`]), so that a parse (and each retry) stays fast.

use std::borrow::Cow;

use hcl_edit::expr::Expression;
use hcl_edit::structure::Body;

use super::operand_nesting::{self, Refusal};

/// How many literals one text may have masked; past that the error stands.
const MAX_MASKED: usize = 10_000;

/// Why a text did not parse: hcl-edit's error, or a text refused before parsing.
#[derive(Debug)]
pub(crate) enum ParseFailure {
    /// The parser's error.
    Syntax(hcl_edit::parser::Error),
    /// Operands nested deeper than [`MAX_OPERAND_NESTING`](crate::MAX_OPERAND_NESTING), where
    /// hcl-edit's backtracking would take too long.
    Refused(Refusal),
}

impl ParseFailure {
    /// The byte offset the error points at.
    pub(crate) fn offset(&self) -> usize {
        match self {
            ParseFailure::Syntax(e) => e.location().offset(),
            ParseFailure::Refused(refusal) => refusal.offset(),
        }
    }

    /// What went wrong, as the parser says it (lower case, no full stop).
    pub(crate) fn message(&self) -> Cow<'_, str> {
        match self {
            ParseFailure::Syntax(e) => Cow::Borrowed(e.message()),
            ParseFailure::Refused(refusal) => Cow::Owned(refusal.message()),
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
    operand_nesting::check(src).map_err(ParseFailure::Refused)?;
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
    fn operands_nested_too_deep_are_refused_before_parsing() {
        // Found by fuzzing: hcl-edit took 35 s on 339 bytes of this shape.
        let hostile = format!("{}0", "a*b*({".repeat(13));
        for err in [
            parse_expr(&hostile).unwrap_err(),
            parse_body(&format!("x = {hostile}")).unwrap_err(),
        ] {
            assert!(
                matches!(err, ParseFailure::Refused(Refusal::Nesting(_))),
                "{err:?}"
            );
            assert!(
                err.message()
                    .contains("more than 8 levels deep as operands"),
                "{}",
                err.message()
            );
        }
        // An operand just under the weight limit parses, one just over it is refused.
        let heavy = |items: usize| format!("a*b*([{}1])", "1,".repeat(items));
        let max_items = (crate::MAX_OPERAND_WORK - 8) / 4;
        assert!(parse_expr(&heavy(max_items)).is_ok());
        let err = parse_expr(&heavy(max_items + 1)).unwrap_err();
        assert_eq!(err.offset(), 4);
        assert!(
            err.message().contains("at most 32768 in all"),
            "{}",
            err.message()
        );
        let too_deep = hostile
            .match_indices('(')
            .nth(crate::MAX_OPERAND_NESTING)
            .unwrap();
        assert_eq!(parse_expr(&hostile).unwrap_err().offset(), too_deep.0);
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
