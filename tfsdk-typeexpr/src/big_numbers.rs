//! Number literals beyond `f64`'s range (`1e400`) for hcl-edit, which reads every number as an
//! `f64` and rejects one that overflows, where HCL (arbitrary precision) accepts it.
//!
//! The parsers here retry with each such literal's exponent digits replaced by zeros (`1e400`
//! becomes `1e000`): the text keeps its length, so every span still points into the original
//! source, and the literal evaluator reads a number's digits from the original source by span
//! (see `literal::eval_literal`), never from hcl-edit's `f64`.

use hcl_edit::expr::Expression;
use hcl_edit::parser::Error;
use hcl_edit::structure::Body;

/// How many literals one text may have masked; past that the error stands.
const MAX_MASKED: usize = 10_000;

/// `hcl_edit::parser::parse_expr`, accepting number literals beyond `f64`'s range.
pub(crate) fn parse_expr(src: &str) -> Result<Expression, Error> {
    parse_masking(src, hcl_edit::parser::parse_expr)
}

/// `hcl_edit::parser::parse_body`, accepting number literals beyond `f64`'s range.
pub(crate) fn parse_body(src: &str) -> Result<Body, Error> {
    parse_masking(src, hcl_edit::parser::parse_body)
}

fn parse_masking<T>(src: &str, parse: impl Fn(&str) -> Result<T, Error>) -> Result<T, Error> {
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
    Err(error)
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
        assert_eq!(err.location().offset(), 8);
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
        assert_eq!(err.location().offset(), 21);
    }

    #[test]
    fn a_default_beyond_f64_keeps_every_digit() {
        let c = crate::parse("object({a = optional(number, 1e400)})").unwrap();
        let v = crate::convert(tfsdk_core::tftypes::Value::object_of::<&str>([]), &c).unwrap();
        let a = v.attribute("a").unwrap().as_number().unwrap().to_string();
        assert_eq!(a, format!("1{}", "0".repeat(400)));
    }
}
