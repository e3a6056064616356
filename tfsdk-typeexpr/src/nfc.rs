//! Unicode normalization of the strings and object keys read from configuration and variable
//! values: go-cty stores every string in NFC (`cty.StringVal` normalizes, and attribute names
//! come from string values), so `"e\u0301"` from a `.tfvars.json` file is `"é"` (U+00E9) in
//! Terraform: in its value, its JSON and its console text.

use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};

/// The NFC form of `s` (copied as is when it is already NFC, the common case).
pub(crate) fn nfc(s: &str) -> String {
    if s.is_ascii() {
        return s.to_owned();
    }
    match is_nfc_quick(s.chars()) {
        IsNormalized::Yes => s.to_owned(),
        _ => s.nfc().collect(),
    }
}

/// [`nfc`] of text that may be borrowed: kept as it is when it is already NFC (ASCII always is).
pub(crate) fn nfc_cow(s: std::borrow::Cow<'_, str>) -> std::borrow::Cow<'_, str> {
    if s.is_ascii() || is_nfc_quick(s.chars()) == IsNormalized::Yes {
        s
    } else {
        std::borrow::Cow::Owned(s.nfc().collect())
    }
}

/// A string value as go-cty makes one (`cty.StringVal`): in NFC. Every string the language
/// produces (literals, templates, function results) is made with it.
pub(crate) fn string_value(s: impl AsRef<str>) -> tfsdk_core::tftypes::Value {
    tfsdk_core::tftypes::Value::string(nfc(s.as_ref()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{console, json_value, parse};

    #[test]
    fn combining_characters_compose() {
        assert_eq!(nfc("e\u{301}"), "\u{e9}");
        assert_eq!(nfc("\u{e9}"), "\u{e9}");
        assert_eq!(nfc("a\u{30a}\u{323}"), "\u{1ea1}\u{30a}");
        assert_eq!(nfc("🎉 日本語"), "🎉 日本語");
    }

    #[test]
    fn object_keys_from_json_are_nfc() {
        let v = json_value::parse_json("{\"e\\u0301\": 1}").unwrap();
        assert!(v.attribute("\u{e9}").is_some());
    }

    #[test]
    fn strings_from_json_and_defaults_are_nfc() {
        let c = parse("object({a = string, b = optional(string, \"e\u{301}\")})").unwrap();
        let v = json_value::parse_json("{\"a\": \"e\\u0301\"}").unwrap();
        let v = crate::convert(v, &c).unwrap();
        assert_eq!(
            console::render(&v),
            "{\n  \"a\" = \"\u{e9}\"\n  \"b\" = \"\u{e9}\"\n}"
        );
    }
}
