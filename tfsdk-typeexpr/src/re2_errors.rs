//! Invalid `regex()` patterns worded as Go's RE2 parser words them (Terraform's functions use
//! Go's `regexp`): `missing closing ] in [`. The Rust parser finds the same mistakes, except
//! nested repetition (`a**`), which RE2 refuses and Rust accepts: that is checked here first.

use regex_syntax::ast::ErrorKind;

/// RE2's complaint about `pattern`, as `code in expr`, or `None` when RE2 would accept it
/// as far as this check can tell (then the Rust parser's own message is used, if any).
pub(crate) fn re2_error(pattern: &str) -> Option<String> {
    if let Some(expr) = nested_repetition(pattern) {
        return Some(format!("invalid nested repetition operator in {expr}"));
    }
    let err = regex_syntax::ast::parse::Parser::new()
        .parse(pattern)
        .err()?;
    let span = err.span();
    let at = |a: usize, b: usize| pattern.get(a..b).unwrap_or(pattern).to_owned();
    let (code, expr) = match err.kind() {
        ErrorKind::ClassUnclosed => ("missing closing ]", at(span.start.offset, pattern.len())),
        ErrorKind::GroupUnclosed => ("missing closing )", pattern.to_owned()),
        ErrorKind::GroupUnopened => ("unexpected )", pattern.to_owned()),
        ErrorKind::EscapeUnrecognized | ErrorKind::EscapeUnexpectedEof => (
            "invalid escape sequence",
            at(span.start.offset, span.end.offset),
        ),
        ErrorKind::RepetitionCountInvalid | ErrorKind::RepetitionCountDecimalEmpty => (
            "invalid repeat count",
            at(span.start.offset, span.end.offset),
        ),
        ErrorKind::RepetitionMissing => (
            "missing argument to repetition operator",
            at(span.start.offset, span.end.offset),
        ),
        ErrorKind::ClassRangeInvalid => (
            "invalid character class range",
            at(span.start.offset, span.end.offset),
        ),
        _ => return None,
    };
    Some(format!("{code} in {expr}"))
}

/// The text of a repetition operator applied to another (`**`, `+*`, `{2}+`, `*??`).
fn nested_repetition(pattern: &str) -> Option<String> {
    let bytes = pattern.as_bytes();
    let mut i = 0;
    let mut in_class = false;
    // Where the last repetition operator (with its lazy `?`) started, and whether it is lazy.
    let mut last: Option<(usize, bool)> = None;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'\\' {
            i += 2;
            last = None;
            continue;
        }
        if in_class {
            if b == b']' {
                in_class = false;
            }
            i += 1;
            continue;
        }
        let op_len = match b {
            b'*' | b'+' | b'?' => 1,
            b'{' => repeat_len(&bytes[i..]).unwrap_or(0),
            _ => 0,
        };
        if op_len == 0 {
            if b == b'[' {
                in_class = true;
                if bytes.get(i + 1) == Some(&b']') {
                    i += 1;
                }
            }
            last = None;
            i += 1;
            continue;
        }
        match last {
            Some((start, lazy)) if b != b'?' || lazy => {
                return Some(pattern[start..i + op_len].to_owned());
            }
            Some((start, false)) => last = Some((start, true)),
            _ => last = Some((i, false)),
        }
        i += op_len;
    }
    None
}

/// The length of `{n}`, `{n,}` or `{n,m}` at the start of `bytes`.
fn repeat_len(bytes: &[u8]) -> Option<usize> {
    let end = bytes.iter().position(|&b| b == b'}')?;
    let inner = &bytes[1..end];
    let ok = !inner.is_empty()
        && inner[0].is_ascii_digit()
        && inner.iter().all(|&b| b.is_ascii_digit() || b == b',')
        && inner.iter().filter(|&&b| b == b',').count() <= 1;
    ok.then_some(end + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_read_as_go_writes_them() {
        assert_eq!(re2_error("[").as_deref(), Some("missing closing ] in ["));
        assert_eq!(re2_error("(x").as_deref(), Some("missing closing ) in (x"));
        assert_eq!(re2_error("x)").as_deref(), Some("unexpected ) in x)"));
        assert_eq!(
            re2_error("a**").as_deref(),
            Some("invalid nested repetition operator in **")
        );
        assert_eq!(
            re2_error(r"\q").as_deref(),
            Some(r"invalid escape sequence in \q")
        );
        assert_eq!(
            re2_error("x{2,1}").as_deref(),
            Some("invalid repeat count in {2,1}")
        );
        assert_eq!(re2_error("a*?b+?[*+]{2}"), None);
    }
}
