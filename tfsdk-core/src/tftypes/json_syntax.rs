//! A small pull reader and writer helpers for JSON text, shared by the type JSON and value JSON
//! codecs, and by tfsdk-typeexpr's readers of variable values.
//!
//! The decoders are driven by the expected [`Type`](super::Type), so they pull one token at a
//! time instead of building a tree. Nesting is counted by the callers (in Terraform levels, see
//! [`MAX_DEPTH`](super::MAX_DEPTH)); the reader itself never recurses, and [`JsonReader::skip_value`]
//! walks any depth with an explicit stack, so no input can overflow the call stack here.
//!
//! The grammar is RFC 8259, strictly: no comments, no trailing commas, no leading zeros, no
//! lone surrogates; numbers are returned as their text so every digit is kept.

use std::borrow::Cow;
use std::fmt;

/// A syntax error at a byte offset.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SyntaxError {
    /// Where in the input, in bytes from its start.
    pub offset: usize,
    /// What is wrong there.
    pub message: Cow<'static, str>,
}

impl SyntaxError {
    /// An error at `offset` saying `message`.
    pub fn new(offset: usize, message: impl Into<Cow<'static, str>>) -> SyntaxError {
        SyntaxError {
            offset,
            message: message.into(),
        }
    }
}

/// What the next value is, from its first byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool,
    /// A number.
    Number,
    /// A string.
    String,
    /// An array, `[`.
    Array,
    /// An object, `{`.
    Object,
}

impl Kind {
    /// The JSON name, for messages: `found array`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Null => "null",
            Kind::Bool => "bool",
            Kind::Number => "number",
            Kind::String => "string",
            Kind::Array => "array",
            Kind::Object => "object",
        }
    }
}

/// The bytes that end a run of string content as it is, read or written: quote, backslash,
/// controls.
const ENDS_STRING_RUN: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        table[b] = true;
        b += 1;
    }
    table[b'"' as usize] = true;
    table[b'\\' as usize] = true;
    table
};

/// Reads JSON tokens from a byte slice, one at a time, as a decoder that knows the type it
/// expects asks for them.
///
/// ```
/// use tfsdk_core::tftypes::json_syntax::{JsonReader, Kind};
///
/// let mut reader = JsonReader::from_text(r#"{"size": 1.50}"#);
/// reader.begin_object()?;
/// let key = reader.object_next(true)?.expect("one member");
/// assert_eq!(key, "size");
/// assert_eq!(reader.peek_kind()?, Kind::Number);
/// assert_eq!(reader.read_number()?, "1.50"); // every digit kept
/// assert_eq!(reader.object_next(false)?, None);
/// reader.finish()?;
/// # Ok::<(), tfsdk_core::tftypes::json_syntax::SyntaxError>(())
/// ```
pub struct JsonReader<'a> {
    bytes: &'a [u8],
    /// The same bytes as text, when they are known to be UTF-8: strings are then sliced out
    /// of it instead of checked one by one.
    text: Option<&'a str>,
    pos: usize,
}

impl<'a> JsonReader<'a> {
    /// A reader over bytes, whose strings are checked for UTF-8 as they are read.
    pub fn new(bytes: &'a [u8]) -> JsonReader<'a> {
        JsonReader {
            bytes,
            text: None,
            pos: 0,
        }
    }

    /// A reader over text (its strings need no UTF-8 check of their own).
    pub fn from_text(text: &'a str) -> JsonReader<'a> {
        JsonReader {
            bytes: text.as_bytes(),
            text: Some(text),
            pos: 0,
        }
    }

    /// A second reader over the same text, starting at `pos` (offsets stay absolute).
    pub fn at(&self, pos: usize) -> JsonReader<'a> {
        JsonReader {
            bytes: self.bytes,
            text: self.text,
            pos,
        }
    }

    /// The current offset.
    pub fn pos(&self) -> usize {
        self.pos
    }

    fn skip_ws(&mut self) {
        while let Some(&b) = self.bytes.get(self.pos) {
            if matches!(b, b' ' | b'\t' | b'\n' | b'\r') {
                self.pos += 1;
            } else {
                break;
            }
        }
    }

    /// An error at the current offset.
    pub fn error(&self, message: impl Into<Cow<'static, str>>) -> SyntaxError {
        SyntaxError::new(self.pos, message)
    }

    fn unexpected(&self, expected: &str) -> SyntaxError {
        match self.bytes.get(self.pos) {
            None => self.error(format!("unexpected end of input, expected {expected}")),
            Some(&b) if b.is_ascii_graphic() => {
                self.error(format!("unexpected {:?}, expected {expected}", b as char))
            }
            Some(&b) => self.error(format!("unexpected byte 0x{b:02x}, expected {expected}")),
        }
    }

    /// The kind of the next value, without consuming it.
    pub fn peek_kind(&mut self) -> Result<Kind, SyntaxError> {
        self.skip_ws();
        match self.bytes.get(self.pos) {
            Some(b'n') => Ok(Kind::Null),
            Some(b't' | b'f') => Ok(Kind::Bool),
            Some(b'-' | b'0'..=b'9') => Ok(Kind::Number),
            Some(b'"') => Ok(Kind::String),
            Some(b'[') => Ok(Kind::Array),
            Some(b'{') => Ok(Kind::Object),
            _ => Err(self.unexpected("a JSON value")),
        }
    }

    fn literal(&mut self, word: &'static str) -> Result<(), SyntaxError> {
        if self.bytes[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(())
        } else {
            Err(self.error(format!("invalid literal, expected `{word}`")))
        }
    }

    /// Reads `null`.
    pub fn read_null(&mut self) -> Result<(), SyntaxError> {
        self.skip_ws();
        self.literal("null")
    }

    /// Reads `true` or `false`.
    pub fn read_bool(&mut self) -> Result<bool, SyntaxError> {
        self.skip_ws();
        match self.bytes.get(self.pos) {
            Some(b't') => self.literal("true").map(|()| true),
            Some(b'f') => self.literal("false").map(|()| false),
            _ => Err(self.unexpected("`true` or `false`")),
        }
    }

    /// Reads a number and returns its text, checked against the JSON grammar.
    pub fn read_number(&mut self) -> Result<&'a str, SyntaxError> {
        self.skip_ws();
        let start = self.pos;
        let bytes = self.bytes;
        let digits = |pos: &mut usize| {
            let from = *pos;
            while bytes.get(*pos).is_some_and(u8::is_ascii_digit) {
                *pos += 1;
            }
            *pos - from
        };
        let mut pos = start;
        if bytes.get(pos) == Some(&b'-') {
            pos += 1;
        }
        match bytes.get(pos) {
            Some(b'0') => {
                pos += 1;
                if bytes.get(pos).is_some_and(u8::is_ascii_digit) {
                    return Err(SyntaxError::new(pos, "leading zeros are not allowed"));
                }
            }
            Some(b'1'..=b'9') => {
                digits(&mut pos);
            }
            _ => return Err(SyntaxError::new(pos, "expected digits")),
        }
        if bytes.get(pos) == Some(&b'.') {
            pos += 1;
            if digits(&mut pos) == 0 {
                return Err(SyntaxError::new(
                    pos,
                    "expected digits after the decimal point",
                ));
            }
        }
        if matches!(bytes.get(pos), Some(b'e' | b'E')) {
            pos += 1;
            if matches!(bytes.get(pos), Some(b'+' | b'-')) {
                pos += 1;
            }
            if digits(&mut pos) == 0 {
                return Err(SyntaxError::new(pos, "expected digits in the exponent"));
            }
        }
        self.pos = pos;
        // The grammar above only accepts ASCII.
        std::str::from_utf8(&bytes[start..pos])
            .map_err(|_| SyntaxError::new(start, "invalid number"))
    }

    /// Reads a string, borrowing it when it has no escapes.
    pub fn read_string(&mut self) -> Result<Cow<'a, str>, SyntaxError> {
        self.skip_ws();
        if self.bytes.get(self.pos) != Some(&b'"') {
            return Err(self.unexpected("a string"));
        }
        self.pos += 1;
        let start = self.pos;
        // Fast path: a run without escapes.
        self.skip_string_run();
        match self.bytes.get(self.pos) {
            None => return Err(self.error("unterminated string")),
            Some(b'"') => {
                let text = self.utf8(start, self.pos)?;
                self.pos += 1;
                return Ok(Cow::Borrowed(text));
            }
            Some(b'\\') => {}
            Some(_) => {
                return Err(self.error("control characters must be escaped in strings"));
            }
        }
        let mut owned = String::from(self.utf8(start, self.pos)?);
        loop {
            let run = self.pos;
            self.skip_string_run();
            owned.push_str(self.utf8(run, self.pos)?);
            match self.bytes.get(self.pos) {
                None => return Err(self.error("unterminated string")),
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(Cow::Owned(owned));
                }
                Some(b'\\') => {
                    self.pos += 1;
                    let c = self.escape()?;
                    owned.push(c);
                }
                Some(_) => {
                    return Err(self.error("control characters must be escaped in strings"));
                }
            }
        }
    }

    /// Moves to the next byte that ends a run of string content as it is: a quote, a
    /// backslash, a control character, or the end.
    #[inline]
    fn skip_string_run(&mut self) {
        self.pos += self.bytes[self.pos.min(self.bytes.len())..]
            .iter()
            .position(|&b| ENDS_STRING_RUN[usize::from(b)])
            .unwrap_or(self.bytes.len().saturating_sub(self.pos));
    }

    fn utf8(&self, start: usize, end: usize) -> Result<&'a str, SyntaxError> {
        // Strings start and end next to ASCII bytes, so the slice is on character boundaries.
        if let Some(text) = self.text.and_then(|t| t.get(start..end)) {
            return Ok(text);
        }
        std::str::from_utf8(&self.bytes[start..end])
            .map_err(|e| SyntaxError::new(start + e.valid_up_to(), "invalid UTF-8 in string"))
    }

    /// One escape, after the backslash.
    fn escape(&mut self) -> Result<char, SyntaxError> {
        let Some(&b) = self.bytes.get(self.pos) else {
            return Err(self.error("unterminated escape"));
        };
        self.pos += 1;
        Ok(match b {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let first = self.hex4()?;
                match first {
                    0xD800..=0xDBFF => {
                        if self.bytes.get(self.pos..self.pos + 2) != Some(b"\\u") {
                            return Err(self.error("lone surrogate in \\u escape"));
                        }
                        self.pos += 2;
                        let second = self.hex4()?;
                        if !(0xDC00..=0xDFFF).contains(&second) {
                            return Err(self.error("lone surrogate in \\u escape"));
                        }
                        let code = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00);
                        char::from_u32(code).ok_or_else(|| self.error("invalid \\u escape"))?
                    }
                    0xDC00..=0xDFFF => return Err(self.error("lone surrogate in \\u escape")),
                    _ => char::from_u32(first).ok_or_else(|| self.error("invalid \\u escape"))?,
                }
            }
            _ => {
                self.pos -= 1;
                return Err(self.error("invalid escape"));
            }
        })
    }

    fn hex4(&mut self) -> Result<u32, SyntaxError> {
        let mut code = 0u32;
        for _ in 0..4 {
            let digit = self
                .bytes
                .get(self.pos)
                .and_then(|&b| (b as char).to_digit(16))
                .ok_or_else(|| self.error("expected four hex digits in \\u escape"))?;
            code = code * 16 + digit;
            self.pos += 1;
        }
        Ok(code)
    }

    /// Consumes `[`.
    pub fn begin_array(&mut self) -> Result<(), SyntaxError> {
        self.consume(b'[', "`[`")
    }

    /// Consumes `byte` after any white space, or fails saying `expected` was.
    fn consume(&mut self, byte: u8, expected: &str) -> Result<(), SyntaxError> {
        self.skip_ws();
        if self.bytes.get(self.pos) == Some(&byte) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.unexpected(expected))
        }
    }

    /// True when another array element follows (consuming the `,` before it); false at the
    /// closing `]` (consuming it). `first` is true for the first call after `[`.
    pub fn array_next(&mut self, first: bool) -> Result<bool, SyntaxError> {
        self.skip_ws();
        match self.bytes.get(self.pos) {
            Some(b']') => {
                self.pos += 1;
                Ok(false)
            }
            Some(b',') if !first => {
                self.pos += 1;
                Ok(true)
            }
            _ if first => Ok(true),
            _ => Err(self.unexpected("`,` or `]`")),
        }
    }

    /// Consumes `{`.
    pub fn begin_object(&mut self) -> Result<(), SyntaxError> {
        self.consume(b'{', "`{`")
    }

    /// The next member's key (consuming it and the `:` after it), or `None` at the closing `}`
    /// (consuming it). `first` is true for the first call after `{`.
    pub fn object_next(&mut self, first: bool) -> Result<Option<Cow<'a, str>>, SyntaxError> {
        self.skip_ws();
        match self.bytes.get(self.pos) {
            Some(b'}') => {
                self.pos += 1;
                return Ok(None);
            }
            Some(b',') if !first => self.pos += 1,
            _ if first => {}
            _ => return Err(self.unexpected("`,` or `}`")),
        }
        let key = self.read_string()?;
        self.consume(b':', "`:`")?;
        Ok(Some(key))
    }

    /// Skips one value of any depth, checking its syntax. Uses a heap stack, never recursion.
    pub fn skip_value(&mut self) -> Result<(), SyntaxError> {
        let mut open: Vec<Kind> = Vec::new();
        loop {
            // A value is expected here.
            match self.peek_kind()? {
                Kind::Null => self.read_null()?,
                Kind::Bool => {
                    self.read_bool()?;
                }
                Kind::Number => {
                    self.read_number()?;
                }
                Kind::String => {
                    self.read_string()?;
                }
                Kind::Array => {
                    self.begin_array()?;
                    if self.array_next(true)? {
                        open.push(Kind::Array);
                        continue;
                    }
                }
                Kind::Object => {
                    self.begin_object()?;
                    if self.object_next(true)?.is_some() {
                        open.push(Kind::Object);
                        continue;
                    }
                }
            }
            // A value is complete: close containers until one expects another member.
            loop {
                match open.last() {
                    None => return Ok(()),
                    Some(Kind::Array) => {
                        if self.array_next(false)? {
                            break;
                        }
                    }
                    Some(_) => {
                        if self.object_next(false)?.is_some() {
                            break;
                        }
                    }
                }
                open.pop();
            }
        }
    }

    /// Checks that only whitespace remains.
    pub fn finish(&mut self) -> Result<(), SyntaxError> {
        self.skip_ws();
        if self.pos == self.bytes.len() {
            Ok(())
        } else {
            Err(self.error("unexpected data after the JSON value"))
        }
    }
}

/// Appends `text` as a JSON string literal: quotes, backslashes and control characters escaped,
/// everything else (non-ASCII included) written as UTF-8.
pub fn write_string(out: &mut String, text: &str) {
    out.push('"');
    // Writing to a `String` cannot fail.
    let _ = write_string_content(out, text);
    out.push('"');
}

/// Writes `text` as the inside of a JSON string: quotes, backslashes and control characters
/// escaped (as serde_json escapes them), everything else as it is.
///
/// # Errors
/// Only `out`'s.
pub fn write_string_content(out: &mut impl fmt::Write, text: &str) -> fmt::Result {
    let bytes = text.as_bytes();
    let mut run = 0;
    while let Some(at) = bytes[run..]
        .iter()
        .position(|&b| ENDS_STRING_RUN[usize::from(b)])
    {
        let i = run + at;
        out.write_str(&text[run..i])?;
        let (escape, len) = escape(bytes[i]);
        out.write_str(std::str::from_utf8(&escape[..len]).unwrap_or_default())?;
        run = i + 1;
    }
    out.write_str(&text[run..])
}

/// [`write_string_content`] appended to a byte buffer, byte by byte through a small stack
/// buffer: for long texts with many escapes.
pub fn push_string_content(out: &mut Vec<u8>, text: &str) {
    // Room for the longest escape (`\u001f`) is always left before a byte is put in.
    let mut buf = [0u8; 512];
    let mut n = 0;
    out.reserve(text.len());
    for &b in text.as_bytes() {
        if n > buf.len() - 6 {
            out.extend_from_slice(&buf[..n]);
            n = 0;
        }
        if !ENDS_STRING_RUN[usize::from(b)] {
            buf[n] = b;
            n += 1;
            continue;
        }
        let (escape, len) = escape(b);
        buf[n..n + 6].copy_from_slice(&escape);
        n += len;
    }
    out.extend_from_slice(&buf[..n]);
}

/// The escape of a byte that [`ENDS_STRING_RUN`], and its length: a short one (`\\n`), or
/// `\\u00XX` spelled out.
#[inline]
fn escape(b: u8) -> ([u8; 6], usize) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let short = |c: u8| ([b'\\', c, 0, 0, 0, 0], 2);
    match b {
        b'"' => short(b'"'),
        b'\\' => short(b'\\'),
        b'\n' => short(b'n'),
        b'\r' => short(b'r'),
        b'\t' => short(b't'),
        0x08 => short(b'b'),
        0x0c => short(b'f'),
        _ => (
            [
                b'\\',
                b'u',
                b'0',
                b'0',
                HEX[usize::from(b >> 4)],
                HEX[usize::from(b & 0xf)],
            ],
            6,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skip(text: &str) -> Result<(), SyntaxError> {
        let mut r = JsonReader::new(text.as_bytes());
        r.skip_value()?;
        r.finish()
    }

    #[test]
    fn strings_unescape_and_borrow_when_plain() {
        let mut r = JsonReader::new(br#" "plain" "a\"b\\c\/\n\u00e9\ud83d\ude00" "#);
        assert!(matches!(r.read_string().unwrap(), Cow::Borrowed("plain")));
        assert_eq!(r.read_string().unwrap(), "a\"b\\c/\né😀");
        r.finish().unwrap();
    }

    #[test]
    fn bad_strings_are_errors_with_offsets() {
        for (text, offset) in [
            (r#""abc"#, 4),
            ("\"a\nb\"", 2),
            (r#""\ud800""#, 7),
            (r#""\udc00""#, 7),
            (r#""\x""#, 2),
            (r#""\u12g4""#, 5),
        ] {
            let err = JsonReader::new(text.as_bytes()).read_string().unwrap_err();
            assert_eq!(err.offset, offset, "{text}: {err:?}");
        }
        let err = JsonReader::new(b"\"\xff\"").read_string().unwrap_err();
        assert_eq!(err.message, "invalid UTF-8 in string");
    }

    #[test]
    fn numbers_follow_the_json_grammar_and_keep_their_text() {
        for good in [
            "0",
            "-0",
            "12",
            "1.5",
            "-0.25e-3",
            "1E400",
            "123456789012345678901234567890",
        ] {
            let mut r = JsonReader::new(good.as_bytes());
            assert_eq!(r.read_number().unwrap(), good);
            r.finish().unwrap();
        }
        for bad in ["01", "-", "1.", ".5", "1e", "1e+", "+1", "--1"] {
            let mut r = JsonReader::new(bad.as_bytes());
            let ok = r.read_number().is_ok() && r.finish().is_ok();
            assert!(!ok, "{bad} should be rejected");
        }
    }

    #[test]
    fn skip_accepts_valid_json_of_any_depth() {
        skip(r#"{"a": [1, 2.5, "x", true, false, null, {}, []], "b": {"c": [[]]}}"#).unwrap();
        let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        skip(&deep).unwrap();
    }

    #[test]
    fn skip_rejects_invalid_json() {
        for bad in [
            "[1,]",
            "{\"a\":1,}",
            "[1 2]",
            "{\"a\" 1}",
            "{1:2}",
            "[",
            "tru",
            "nul",
            "",
        ] {
            assert!(skip(bad).is_err(), "{bad:?} should be rejected");
        }
        assert!(skip("1 2").is_err());
    }

    #[test]
    fn written_strings_read_back() {
        for text in [
            "",
            "plain",
            "quote\" back\\slash",
            "ctl\u{1}\u{1f}\n\t\r\u{8}\u{c}",
            "é😀/",
        ] {
            let mut out = String::new();
            write_string(&mut out, text);
            assert_eq!(JsonReader::new(out.as_bytes()).read_string().unwrap(), text);
            let reference: String = serde_json::from_str(&out).unwrap();
            assert_eq!(reference, text);
        }
        let mut out = String::new();
        write_string(&mut out, "a\u{1}");
        assert_eq!(out, r#""a\u0001""#);
    }
}

#[cfg(test)]
mod differential {
    //! The reader against serde_json on random text: both accept or both reject.

    use super::JsonReader;
    use proptest::prelude::*;

    fn ours(text: &str) -> bool {
        let mut r = JsonReader::new(text.as_bytes());
        r.skip_value().is_ok() && r.finish().is_ok()
    }

    fn reference(text: &str) -> bool {
        serde_json::from_str::<serde_json::Value>(text).is_ok()
    }

    fn json_ish() -> impl Strategy<Value = String> {
        let atom = prop::sample::select(vec![
            "[",
            "]",
            "{",
            "}",
            ",",
            ":",
            " ",
            "\"a\"",
            "\"\\u00e9\"",
            "\"\\ud800\"",
            "1",
            "-0",
            "0.5",
            "1e9",
            "01",
            "true",
            "null",
            "nul",
            "\"",
            "\\",
            "\n",
            "é",
        ]);
        prop::collection::vec(atom, 0..24).prop_map(|parts| parts.concat())
    }

    proptest! {
        #[test]
        fn reader_agrees_with_serde_json(text in json_ish()) {
            // serde_json has a recursion limit of 128; the generated text is far shallower.
            prop_assert_eq!(ours(&text), reference(&text), "{:?}", text);
        }
    }
}
