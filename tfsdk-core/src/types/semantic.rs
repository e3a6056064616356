//! Strings whose values compare by meaning (Go's `jsontypes`, `timetypes`, `iptypes` and
//! `cidrtypes`): a JSON document, an RFC 3339 timestamp, IPv4 and IPv6 addresses and CIDR
//! prefixes. Each is a Terraform string that validates its text with Go's messages; those
//! with [semantic equality](crate::convert::TerraformType::semantic_equality) keep the prior
//! spelling of a value that means the same (in the plan, and after create, update and read),
//! so an API that returns `{"b":1,"a":2}` for `{"a": 2, "b": 1}` causes no diff.

use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

use super::conversion::{FromValue, TerraformType, ToValue};
use crate::attr::error::ConvertError;
use crate::diag::{Diagnostic, Diagnostics};
use crate::path::AttributePath;
use crate::tftypes::{Type, Value};

/// A string type of this module: its check, its semantic equality, Go's words for its errors.
macro_rules! semantic_string {
    (
        $(#[$doc:meta])*
        $name:ident {
            check: $check:path,
            equal: $equal:expr,
            summary: $summary:literal,
            format: ($format:literal, $reference:literal) $(,)?
        }
    ) => {
        $(#[$doc])*
        #[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name(super::String);

        impl $name {
            /// A known value of this text (checked when it becomes a Terraform value's
            /// attribute: at validation).
            pub fn new(text: impl Into<std::string::String>) -> $name {
                $name(super::String::new(text))
            }

            /// A null value.
            pub fn null() -> $name {
                $name(super::String::null())
            }

            /// An unknown value.
            pub fn unknown() -> $name {
                $name(super::String::unknown())
            }

            /// The text when known.
            pub fn get(&self) -> Option<&str> {
                self.0.get()
            }

            /// True when null.
            pub fn is_null(&self) -> bool {
                self.0.is_null()
            }

            /// True when unknown.
            pub fn is_unknown(&self) -> bool {
                self.0.is_unknown()
            }

            /// The value as a framework string.
            pub fn as_string(&self) -> &super::String {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl TerraformType for $name {
            const VALIDATES: bool = true;

            fn terraform_type() -> Type {
                Type::String
            }

            fn validate_value(value: &Value, path: &AttributePath) -> Diagnostics {
                let Some(text) = value.as_str() else {
                    return Diagnostics::new();
                };
                let Err(refusal) = $check(text) else {
                    return Diagnostics::new();
                };
                let not_valid = format!(
                    "A string value was provided that is not valid {} string format{}.\n\n\
                     Given Value: {text}\n",
                    $format, $reference
                );
                let detail = match Refusal::from(refusal) {
                    Refusal::Error(error) => format!("{not_valid}Error: {error}"),
                    Refusal::NotValid => not_valid,
                    Refusal::Detail(detail) => format!("{detail}\n\nGiven Value: {text}\n"),
                    Refusal::DetailAndError(detail, error) => {
                        format!("{detail}\n\nGiven Value: {text}\nError: {error}")
                    }
                };
                Diagnostics::from(Diagnostic::error($summary, detail).with_path(path.clone()))
            }

            fn semantic_equality() -> Option<fn(&Value, &Value) -> bool> {
                $equal
            }
        }

        impl FromValue for $name {
            fn from_value(value: Value) -> Result<Self, ConvertError> {
                super::String::from_value(value).map($name)
            }
        }

        impl ToValue for $name {
            fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
                self.0.to_value(ty)
            }
        }
    };
}

semantic_string! {
    /// A JSON document (Go's `jsontypes.Normalized`): any JSON text, equal to another that
    /// holds the same data (member order and spacing aside).
    ///
    /// ```
    /// use tfsdk_core::convert::TerraformType;
    /// use tfsdk_core::tftypes::Value;
    /// use tfsdk_core::types::JsonString;
    ///
    /// let equal = JsonString::semantic_equality().unwrap();
    /// assert!(equal(&Value::from(r#"{"a": 1, "b": [true]}"#), &Value::from(r#"{"b":[true],"a":1}"#)));
    /// assert!(!equal(&Value::from(r#"{"a": 1}"#), &Value::from(r#"{"a": 2}"#)));
    /// ```
    JsonString {
        check: parse_json,
        equal: Some(json_equal),
        summary: "Invalid JSON String Value",
        format: ("JSON", " (RFC 7159)"),
    }
}

semantic_string! {
    /// A JSON document compared as written (Go's `jsontypes.Exact`): any JSON text, and a
    /// change of spacing or member order is a change.
    JsonExact {
        check: parse_json,
        equal: None,
        summary: "Invalid JSON String Value",
        format: ("JSON", " (RFC 7159)"),
    }
}

semantic_string! {
    /// A Go duration (Go's `timetypes.GoDuration`): text `time.ParseDuration` reads
    /// ([`parse_go_duration`](super::parse_go_duration)), equal to another of the same length
    /// (`1h30m` and `90m`).
    GoDuration {
        check: check_go_duration,
        equal: Some(go_duration_equal),
        summary: "Invalid Time Duration String Value",
        format: ("Go Time Duration", ""),
    }
}

impl GoDuration {
    /// The duration in nanoseconds, when known and valid.
    pub fn nanoseconds(&self) -> Option<i64> {
        super::parse_go_duration(self.get()?).ok()
    }
}

/// Go's words for a text that is no Go duration.
fn check_go_duration(text: &str) -> Result<i64, Refusal> {
    super::parse_go_duration(text).map_err(|error| {
        Refusal::DetailAndError(
            "A string value was provided that is not a valid Go Time Duration string format. A \
             duration string is a sequence of numbers, each with optional fraction and a unit \
             suffix, such as \"300ms\", \"-1.5h\" or \"2h45m\". Valid time units are \"ns\", \
             \"us\" (or \"µs\"), \"ms\", \"s\", \"m\", \"h\".",
            error,
        )
    })
}

fn go_duration_equal(a: &Value, b: &Value) -> bool {
    texts(a, b).is_some_and(|(a, b)| {
        match (super::parse_go_duration(a), super::parse_go_duration(b)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
    })
}

semantic_string! {
    /// An RFC 3339 timestamp (Go's `timetypes.RFC3339`), equal to another that Go formats the
    /// same way: the same date and time to the second in the same offset, `Z`, `+00:00` and
    /// `-00:00` alike (`2024-01-02T03:04:05Z` and `2024-01-02T03:04:05+00:00`). The same
    /// instant in another offset (`2024-01-02T04:04:05+01:00`) is a change, as in Go.
    Rfc3339 {
        check: parse_rfc3339,
        equal: Some(rfc3339_equal),
        summary: "Invalid RFC3339 String Value",
        format: ("RFC3339", ""),
    }
}

semantic_string! {
    /// An IPv4 address (Go's `iptypes.IPv4Address`), such as `10.0.0.1`.
    Ipv4Address {
        check: parse_ipv4,
        equal: None,
        summary: "Invalid IPv4 Address String Value",
        format: ("IPv4", ""),
    }
}

semantic_string! {
    /// An IPv6 address (Go's `iptypes.IPv6Address`), equal to another spelling of the same
    /// address (`2001:db8::1` and `2001:0db8:0:0:0:0:0:1`).
    Ipv6Address {
        check: parse_ipv6,
        equal: Some(ipv6_equal),
        summary: "Invalid IPv6 Address String Value",
        format: ("IPv6", " (RFC 4291)"),
    }
}

semantic_string! {
    /// An IPv4 CIDR prefix (Go's `cidrtypes.IPv4Prefix`), such as `10.0.0.0/16`.
    Ipv4Prefix {
        check: parse_ipv4_prefix,
        equal: None,
        summary: "Invalid IPv4 CIDR String Value",
        format: ("IPv4 CIDR", " (RFC 4632)"),
    }
}

semantic_string! {
    /// An IPv6 CIDR prefix (Go's `cidrtypes.IPv6Prefix`), equal to another spelling of the
    /// same prefix (`2001:db8::/32` and `2001:0db8:0::/32`).
    Ipv6Prefix {
        check: parse_ipv6_prefix,
        equal: Some(ipv6_prefix_equal),
        summary: "Invalid IPv6 CIDR String Value",
        format: ("IPv6 CIDR", " (RFC 4291)"),
    }
}

/// Why a text is not a value of a type of this module, in Go's words.
enum Refusal {
    /// Go's "not valid … string format" with the parser's error appended.
    Error(String),
    /// Go's "not valid … string format" alone (Go's `json.Valid` gives no error).
    NotValid,
    /// Another sentence of Go's, before the given value.
    Detail(&'static str),
    /// Another sentence of Go's, before the given value, and the parser's error after it.
    DetailAndError(&'static str, String),
}

impl From<String> for Refusal {
    fn from(error: String) -> Refusal {
        Refusal::Error(error)
    }
}

fn parse_json(text: &str) -> Result<serde_json::Value, Refusal> {
    serde_json::from_str(text).map_err(|_| Refusal::NotValid)
}

/// Go's `netip.ParseAddr` error for a text that is no address.
fn unparsable(text: &str) -> Refusal {
    Refusal::Error(format!("ParseAddr({text:?}): unable to parse IP"))
}

fn parse_ipv4(text: &str) -> Result<Ipv4Addr, Refusal> {
    text.parse::<Ipv4Addr>().map_err(|_| {
        if parse_ipv6(text).is_ok() {
            Refusal::Detail("An IPv6 string format was provided, string value must be IPv4 format.")
        } else {
            unparsable(text)
        }
    })
}

/// An IPv6 address with its zone (`fe80::1%eth0`, as Go's `netip` reads it; the zone is part
/// of the address).
fn parse_ipv6(text: &str) -> Result<(Ipv6Addr, &str), Refusal> {
    let (address, zone) = match text.split_once('%') {
        Some((_, "")) => {
            return Err(Refusal::Error(format!(
                "ParseAddr({text:?}): zone must be a non-empty string"
            )));
        }
        Some((address, zone)) => (address, zone),
        None => (text, ""),
    };
    match address.parse::<Ipv6Addr>() {
        Ok(address) => Ok((address, zone)),
        Err(_) if zone.is_empty() && text.parse::<Ipv4Addr>().is_ok() => Err(Refusal::Detail(
            "An IPv4 string format was provided, string value must be IPv6 string format or \
             IPv4-Mapped IPv6 string format (RFC 4291).",
        )),
        Err(_) => Err(unparsable(text)),
    }
}

/// The text of two known string values, for an equality of this module.
fn texts<'a>(a: &'a Value, b: &'a Value) -> Option<(&'a str, &'a str)> {
    Some((a.as_str()?, b.as_str()?))
}

fn json_equal(a: &Value, b: &Value) -> bool {
    texts(a, b).is_some_and(|(a, b)| match (parse_json(a), parse_json(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    })
}

/// Go's comparison: both texts parsed, then formatted again as RFC 3339 (whole seconds, `Z`
/// for a zero offset), and those compared.
fn rfc3339_equal(a: &Value, b: &Value) -> bool {
    texts(a, b).is_some_and(
        |(a, b)| match (rfc3339_as_go_formats(a), rfc3339_as_go_formats(b)) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        },
    )
}

/// A valid RFC 3339 timestamp as Go's `Format(time.RFC3339)` writes it again: its date and
/// time to the second, then `Z` for a zero offset or the offset as given.
fn rfc3339_as_go_formats(text: &str) -> Option<String> {
    parse_rfc3339(text).ok()?;
    let seconds = &text[..19];
    let zone = text[19..].trim_start_matches(|c: char| c == '.' || c.is_ascii_digit());
    let zone = if matches!(zone, "+00:00" | "-00:00") {
        "Z"
    } else {
        zone
    };
    Some(format!("{seconds}{zone}"))
}

fn ipv6_equal(a: &Value, b: &Value) -> bool {
    texts(a, b).is_some_and(|(a, b)| match (parse_ipv6(a), parse_ipv6(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    })
}

fn ipv6_prefix_equal(a: &Value, b: &Value) -> bool {
    texts(a, b).is_some_and(
        |(a, b)| match (parse_ipv6_prefix(a), parse_ipv6_prefix(b)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        },
    )
}

/// An address and a prefix length within `bits`.
fn parse_prefix<A: std::str::FromStr>(text: &str, bits: u8) -> Result<(A, u8), String> {
    let (address, length) = text
        .split_once('/')
        .ok_or_else(|| format!("netip.ParsePrefix({text:?}): no '/'"))?;
    let address = address.parse::<A>().map_err(|_| {
        format!("netip.ParsePrefix({text:?}): ParseAddr({address:?}): invalid address")
    })?;
    let length = length
        .parse::<u8>()
        .ok()
        .filter(|length| *length <= bits && !length_has_sign_or_zeros(text))
        .ok_or_else(|| format!("netip.ParsePrefix({text:?}): bad bits after slash: {length:?}"))?;
    Ok((address, length))
}

/// Go refuses `/+8` and `/08`.
fn length_has_sign_or_zeros(text: &str) -> bool {
    let length = text.rsplit_once('/').map_or("", |(_, length)| length);
    length.starts_with('+') || (length.len() > 1 && length.starts_with('0'))
}

fn parse_ipv4_prefix(text: &str) -> Result<(Ipv4Addr, u8), String> {
    parse_prefix(text, 32)
}

fn parse_ipv6_prefix(text: &str) -> Result<(Ipv6Addr, u8), String> {
    parse_prefix(text, 128)
}

/// An RFC 3339 timestamp as an instant: seconds since the Unix epoch and nanoseconds.
///
/// # Errors
/// Text that is not `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, or a date or time out of range.
fn parse_rfc3339(text: &str) -> Result<(i64, u32), String> {
    let bad = || format!("parsing time {text:?} as \"2006-01-02T15:04:05Z07:00\": not RFC 3339");
    let bytes = text.as_bytes();
    let number = |range: std::ops::Range<usize>| -> Result<i64, String> {
        let part = text.get(range).ok_or_else(bad)?;
        if part.bytes().all(|b| b.is_ascii_digit()) {
            part.parse().map_err(|_| bad())
        } else {
            Err(bad())
        }
    };
    if bytes.len() < 20
        || bytes[4] != b'-'
        || bytes[7] != b'-'
        || bytes[10] != b'T'
        || bytes[13] != b':'
        || bytes[16] != b':'
    {
        return Err(bad());
    }
    let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
    let (hour, minute, second) = (number(11..13)?, number(14..16)?, number(17..19)?);
    let mut at = 19;
    let mut nanos: u32 = 0;
    if bytes[at] == b'.' {
        let start = at + 1;
        let end = text[start..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(text.len(), |i| start + i);
        if end == start || end - start > 9 {
            return Err(bad());
        }
        let digits = &text[start..end];
        nanos = format!("{digits:0<9}").parse().map_err(|_| bad())?;
        at = end;
    }
    let offset = match text.get(at..) {
        Some("Z") => 0,
        Some(zone) if zone.len() == 6 && (zone.starts_with('+') || zone.starts_with('-')) => {
            if zone.as_bytes()[3] != b':' {
                return Err(bad());
            }
            let (hours, minutes) = (number(at + 1..at + 3)?, number(at + 4..at + 6)?);
            if hours > 23 || minutes > 59 {
                return Err(bad());
            }
            let sign = if zone.starts_with('-') { -1 } else { 1 };
            sign * (hours * 3600 + minutes * 60)
        }
        _ => return Err(bad()),
    };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days_in_month = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return Err(format!("parsing time {text:?}: month out of range")),
    };
    if day < 1 || day > days_in_month {
        return Err(format!("parsing time {text:?}: day out of range"));
    }
    if hour > 23 || minute > 59 || second > 59 {
        return Err(format!("parsing time {text:?}: time out of range"));
    }
    let days = days_from_civil(year, month, day);
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset;
    Ok((seconds, nanos))
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month_index = (month + 9) % 12;
    let day_of_year = (153 * month_index + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_compare_as_go_formats_them() {
        let equal = Rfc3339::semantic_equality().unwrap();
        // Go's examples: a zero offset written either way is the same; the same instant in
        // another offset is not.
        assert!(equal(
            &Value::from("2023-07-25T20:43:16+00:00"),
            &Value::from("2023-07-25T20:43:16Z")
        ));
        assert!(equal(
            &Value::from("2023-07-25T20:43:16-00:00"),
            &Value::from("2023-07-25T20:43:16Z")
        ));
        assert!(!equal(
            &Value::from("2023-07-25T23:43:16+00:00"),
            &Value::from("2023-07-25T20:43:16-03:00")
        ));
        // Go formats whole seconds: fractions do not count.
        assert!(equal(
            &Value::from("2024-01-02T03:04:05.5Z"),
            &Value::from("2024-01-02T03:04:05.500Z")
        ));
        assert!(!equal(
            &Value::from("2024-01-02T03:04:05Z"),
            &Value::from("2024-01-02T03:04:06Z")
        ));
        assert_eq!(parse_rfc3339("1970-01-01T00:00:00Z"), Ok((0, 0)));
        for bad in [
            "2024-02-30T00:00:00Z",
            "2024-01-02 03:04:05Z",
            "2024-01-02T03:04:05",
            "x",
        ] {
            assert!(parse_rfc3339(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn addresses_and_prefixes_validate_with_gos_words() {
        let path = AttributePath::root("cidr");
        assert!(Ipv4Prefix::validate_value(&Value::from("10.0.0.0/16"), &path).is_empty());
        let found = Ipv4Prefix::validate_value(&Value::from("10.0.0.0/33"), &path);
        let error = found.errors().next().expect("an error");
        assert_eq!(error.summary, "Invalid IPv4 CIDR String Value");
        assert!(
            error.detail.starts_with(
                "A string value was provided that is not valid IPv4 CIDR string format (RFC 4632).\n\nGiven Value: 10.0.0.0/33\nError: "
            ),
            "{}",
            error.detail
        );
        assert_eq!(error.path, Some(path.clone()));
        assert!(!Ipv4Address::validate_value(&Value::from("300.0.0.1"), &path).is_empty());
        let equal = Ipv6Address::semantic_equality().unwrap();
        assert!(equal(
            &Value::from("2001:db8::1"),
            &Value::from("2001:0db8:0:0:0:0:0:1")
        ));
        let equal = Ipv6Prefix::semantic_equality().unwrap();
        assert!(equal(
            &Value::from("2001:db8::/32"),
            &Value::from("2001:0db8:0::/32")
        ));
        assert!(Ipv4Address::semantic_equality().is_none());
    }

    #[test]
    fn json_validates_and_a_null_or_unknown_is_left_alone() {
        let path = AttributePath::root("policy");
        let found = JsonString::validate_value(&Value::from("{"), &path);
        let error = found.errors().next().unwrap();
        assert_eq!(error.summary, "Invalid JSON String Value");
        // Go's `json.Valid` gives no parser error: none is appended.
        assert_eq!(
            error.detail,
            "A string value was provided that is not valid JSON string format (RFC 7159).\n\n\
             Given Value: {\n"
        );
        assert!(JsonString::validate_value(&Value::null(Type::String), &path).is_empty());
        assert!(JsonString::validate_value(&Value::unknown(Type::String), &path).is_empty());
    }

    fn detail<T: TerraformType>(text: &str) -> String {
        let found = T::validate_value(&Value::from(text), &AttributePath::root("ip"));
        found
            .errors()
            .next()
            .map_or_else(String::new, |error| error.detail.clone())
    }

    #[test]
    fn go_durations_compare_by_length_and_exact_json_by_text() {
        let equal = GoDuration::semantic_equality().unwrap();
        assert!(equal(&Value::from("1h30m"), &Value::from("90m")));
        assert!(!equal(&Value::from("1h"), &Value::from("-1h")));
        assert_eq!(GoDuration::new("-1.5s").nanoseconds(), Some(-1_500_000_000));
        assert_eq!(
            detail::<GoDuration>("1d"),
            "A string value was provided that is not a valid Go Time Duration string format. A \
             duration string is a sequence of numbers, each with optional fraction and a unit \
             suffix, such as \"300ms\", \"-1.5h\" or \"2h45m\". Valid time units are \"ns\", \
             \"us\" (or \"µs\"), \"ms\", \"s\", \"m\", \"h\".\n\nGiven Value: 1d\n\
             Error: time: unknown unit \"d\" in duration \"1d\""
        );
        assert!(JsonExact::semantic_equality().is_none());
        assert_eq!(
            detail::<JsonExact>("{"),
            "A string value was provided that is not valid JSON string format (RFC 7159).\n\n\
             Given Value: {\n"
        );
    }

    #[test]
    fn addresses_of_the_other_family_and_zones_are_told_as_go_tells_them() {
        assert_eq!(
            detail::<Ipv6Address>("10.0.0.1"),
            "An IPv4 string format was provided, string value must be IPv6 string format or \
             IPv4-Mapped IPv6 string format (RFC 4291).\n\nGiven Value: 10.0.0.1\n"
        );
        assert_eq!(
            detail::<Ipv4Address>("2001:db8::1"),
            "An IPv6 string format was provided, string value must be IPv4 format.\n\n\
             Given Value: 2001:db8::1\n"
        );
        assert_eq!(
            detail::<Ipv4Address>("10.0.0"),
            "A string value was provided that is not valid IPv4 string format.\n\n\
             Given Value: 10.0.0\nError: ParseAddr(\"10.0.0\"): unable to parse IP"
        );
        // A zone is part of an IPv6 address, as Go's netip reads it.
        assert_eq!(detail::<Ipv6Address>("fe80::1%eth0"), "");
        assert!(detail::<Ipv6Address>("fe80::1%").contains("zone must be a non-empty string"));
        let equal = Ipv6Address::semantic_equality().unwrap();
        assert!(equal(
            &Value::from("fe80:0::1%eth0"),
            &Value::from("fe80::1%eth0")
        ));
        assert!(!equal(
            &Value::from("fe80::1%eth0"),
            &Value::from("fe80::1%eth1")
        ));
    }
}
