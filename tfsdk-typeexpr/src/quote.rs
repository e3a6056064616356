//! String quoting the way the reference prints strings: Go's `strconv.Quote` (console output,
//! messages, set ordering) and HCL's quoted-string literal syntax (rendering defaults).

use std::fmt::Write;

/// Quotes `s` as Go's `strconv.Quote` does: printable characters as they are, `\n`-style escapes
/// for the usual controls, `\x`, `\u` or `\U` escapes for everything else that is not printable.
pub(crate) fn go_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    // Writing to a `String` cannot fail.
    let _ = write_go_quote(s, &mut out);
    out
}

/// [`go_quote`] into a sink; runs of characters printed as they are go out in one write.
pub(crate) fn write_go_quote(s: &str, out: &mut impl Write) -> std::fmt::Result {
    out.write_char('"')?;
    let bytes = s.as_bytes();
    let (mut run, mut i) = (0, 0);
    while i < bytes.len() {
        // ASCII is decided by the byte; anything else by its character.
        let c = match bytes[i] {
            b'"' | b'\\' => char::from(bytes[i]),
            0x20..0x7f => {
                i += 1;
                continue;
            }
            b if b < 0x80 => char::from(b),
            _ => match s[i..].chars().next() {
                Some(c) if is_go_printable(c) => {
                    i += c.len_utf8();
                    continue;
                }
                Some(c) => c,
                None => break,
            },
        };
        out.write_str(&s[run..i])?;
        i += c.len_utf8();
        run = i;
        match c {
            '"' => out.write_str("\\\"")?,
            '\\' => out.write_str("\\\\")?,
            '\u{7}' => out.write_str("\\a")?,
            '\u{8}' => out.write_str("\\b")?,
            '\u{c}' => out.write_str("\\f")?,
            '\n' => out.write_str("\\n")?,
            '\r' => out.write_str("\\r")?,
            '\t' => out.write_str("\\t")?,
            '\u{b}' => out.write_str("\\v")?,
            c if (c as u32) < 0x20 || c as u32 == 0x7f => write!(out, "\\x{:02x}", c as u32)?,
            c if (c as u32) < 0x10000 => write!(out, "\\u{:04x}", c as u32)?,
            c => write!(out, "\\U{:08x}", c as u32)?,
        }
    }
    out.write_str(&s[run..])?;
    out.write_char('"')
}

/// Go's `unicode.IsPrint`: letters, marks, numbers, punctuation, symbols and the ASCII space.
///
/// Without Unicode category tables this recognises the non-printable classes that occur in
/// practice: controls, separators other than U+0020, format characters, private use and
/// noncharacters. Unassigned code points count as printable here (Go escapes them).
fn is_go_printable(c: char) -> bool {
    let u = c as u32;
    if u < 0x80 {
        return (0x20..0x7f).contains(&u);
    }
    if c.is_control() {
        return false;
    }
    const NOT_PRINTABLE: &[(u32, u32)] = &[
        // Space separators (Zs) other than U+0020, line and paragraph separators.
        (0x00a0, 0x00a0),
        (0x1680, 0x1680),
        (0x2000, 0x200a),
        (0x2028, 0x2029),
        (0x202f, 0x202f),
        (0x205f, 0x205f),
        (0x3000, 0x3000),
        // Format characters (Cf).
        (0x00ad, 0x00ad),
        (0x0600, 0x0605),
        (0x061c, 0x061c),
        (0x06dd, 0x06dd),
        (0x070f, 0x070f),
        (0x0890, 0x0891),
        (0x08e2, 0x08e2),
        (0x180e, 0x180e),
        (0x200b, 0x200f),
        (0x202a, 0x202e),
        (0x2060, 0x2064),
        (0x2066, 0x206f),
        (0xfeff, 0xfeff),
        (0xfff9, 0xfffb),
        (0x110bd, 0x110bd),
        (0x110cd, 0x110cd),
        (0x13430, 0x1343f),
        (0x1bca0, 0x1bca3),
        (0x1d173, 0x1d17a),
        (0xe0001, 0xe0001),
        (0xe0020, 0xe007f),
        // Private use (Co).
        (0xe000, 0xf8ff),
        (0xf0000, 0xffffd),
        (0x100000, 0x10fffd),
        // Noncharacters.
        (0xfdd0, 0xfdef),
    ];
    if (u & 0xfffe) == 0xfffe {
        return false;
    }
    !NOT_PRINTABLE.iter().any(|&(lo, hi)| (lo..=hi).contains(&u))
}

/// Quotes `s` as an HCL quoted-string literal: the escapes HCL understands, and `${` / `%{`
/// doubled so that the text is not read back as a template.
pub(crate) fn hcl_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '$' | '%' if chars.peek() == Some(&'{') => {
                out.push(c);
                out.push(c);
            }
            c if c.is_control() => {
                let u = c as u32;
                if u < 0x10000 {
                    let _ = write!(out, "\\u{u:04X}");
                } else {
                    let _ = write!(out, "\\U{u:08X}");
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// True when `s` is a valid HCL identifier, so it can stand unquoted as an object key.
pub(crate) fn is_hcl_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c.is_alphabetic() || c == '_' => {}
        _ => return false,
    }
    chars.all(|c| c.is_alphanumeric() || c == '_' || c == '-')
        && !matches!(s, "null" | "true" | "false")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_quote_matches_strconv_quote() {
        assert_eq!(go_quote("hello"), r#""hello""#);
        assert_eq!(go_quote("quote\"d"), r#""quote\"d""#);
        assert_eq!(go_quote("a\nb\tc\\"), r#""a\nb\tc\\""#);
        assert_eq!(go_quote("ünïcode"), "\"ünïcode\"");
        assert_eq!(go_quote("\u{1}\u{7f}"), r#""\x01\x7f""#);
        assert_eq!(go_quote("\u{a0}\u{feff}"), r#""\u00a0\ufeff""#);
        assert_eq!(go_quote("\u{10ffff}"), r#""\U0010ffff""#);
    }

    #[test]
    fn hcl_quote_escapes_templates() {
        assert_eq!(hcl_quote("a${b}%{c}"), r#""a$${b}%%{c}""#);
        assert_eq!(hcl_quote("x\ny\"z"), r#""x\ny\"z""#);
        assert!(is_hcl_identifier("index_document"));
        assert!(is_hcl_identifier("a-b"));
        assert!(!is_hcl_identifier("1a"));
        assert!(!is_hcl_identifier("a b"));
        assert!(!is_hcl_identifier("true"));
    }
}
