//! Go's `time.ParseDuration`, to the nanosecond and with Go's messages: what
//! [`GoDuration`](super::GoDuration) checks and compares, and what the server's timeouts read.

/// The nanoseconds `text` stands for, as Go's `time.ParseDuration` reads it: an optional sign,
/// then decimal numbers, each with an optional fraction and a unit (`ns`, `us`, `µs`, `ms`,
/// `s`, `m`, `h`); `"0"` alone needs no unit. At most about 292 years either way.
///
/// ```
/// use tfsdk_core::types::parse_go_duration;
///
/// assert_eq!(parse_go_duration("1h30m"), Ok(5_400_000_000_000));
/// assert_eq!(parse_go_duration("-1.5s"), Ok(-1_500_000_000));
/// assert_eq!(parse_go_duration("1d"), Err(r#"time: unknown unit "d" in duration "1d""#.into()));
/// ```
///
/// # Errors
/// Go's messages: `time: invalid duration "x"`, `time: missing unit in duration "1"`,
/// `time: unknown unit "d" in duration "1d"`.
pub fn parse_go_duration(text: &str) -> Result<i64, String> {
    let invalid = || format!("time: invalid duration {text:?}");
    let (negative, mut rest) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if rest == "0" {
        return Ok(0);
    }
    if rest.is_empty() {
        return Err(invalid());
    }
    let mut total: u128 = 0;
    while !rest.is_empty() {
        let (nanos, next) = one_part(rest, text).map_err(|error| error.unwrap_or_else(invalid))?;
        total = total.checked_add(nanos).ok_or_else(invalid)?;
        rest = next;
    }
    let limit = if negative {
        1u128 << 63
    } else {
        (1u128 << 63) - 1
    };
    if total > limit {
        return Err(invalid());
    }
    // In range by the check above: `limit` fits an i64's magnitude.
    let magnitude = i128::try_from(total).map_err(|_| invalid())?;
    let signed = if negative { -magnitude } else { magnitude };
    i64::try_from(signed).map_err(|_| invalid())
}

/// One `number unit` at the start of `rest`: its nanoseconds and what follows. `Err(None)` is
/// Go's "invalid duration"; `Err(Some(message))` another of Go's messages.
fn one_part<'t>(rest: &'t str, text: &str) -> Result<(u128, &'t str), Option<String>> {
    let number_end = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(rest.len());
    let (number, after) = rest.split_at(number_end);
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    if (whole.is_empty() && fraction.is_empty()) || fraction.contains('.') {
        return Err(None);
    }
    let unit_end = after
        .find(|c: char| c.is_ascii_digit() || c == '.')
        .unwrap_or(after.len());
    let (unit, next) = after.split_at(unit_end);
    if unit.is_empty() {
        return Err(Some(format!("time: missing unit in duration {text:?}")));
    }
    let scale: u128 = match unit {
        "ns" => 1,
        "us" | "µs" | "μs" => 1_000,
        "ms" => 1_000_000,
        "s" => 1_000_000_000,
        "m" => 60_000_000_000,
        "h" => 3_600_000_000_000,
        _ => {
            return Err(Some(format!(
                "time: unknown unit {unit:?} in duration {text:?}"
            )));
        }
    };
    let whole: u128 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| None)?
    };
    let mut nanos = whole.checked_mul(scale).ok_or(None)?;
    let mut place = scale;
    for digit in fraction.bytes() {
        place /= 10;
        nanos += u128::from(digit - b'0') * place;
    }
    Ok((nanos, next))
}

#[cfg(test)]
mod tests {
    use super::parse_go_duration;

    #[test]
    fn durations_read_as_go_reads_them() {
        let cases = [
            ("0", 0),
            ("300ms", 300_000_000),
            ("-1.5h", -5_400_000_000_000),
            ("2h45m", 9_900_000_000_000),
            ("1µs", 1_000),
            ("+10m", 600_000_000_000),
            (".5s", 500_000_000),
            ("1h1m1s1ms1us1ns", 3_661_001_001_001),
            ("2562047h47m16.854775807s", i64::MAX),
            ("-2562047h47m16.854775808s", i64::MIN),
        ];
        for (text, nanos) in cases {
            assert_eq!(parse_go_duration(text), Ok(nanos), "{text}");
        }
    }

    #[test]
    fn bad_durations_say_what_go_says() {
        for (text, error) in [
            ("", "time: invalid duration \"\""),
            ("-", "time: invalid duration \"-\""),
            ("10", "time: missing unit in duration \"10\""),
            ("1d", "time: unknown unit \"d\" in duration \"1d\""),
            ("1..5s", "time: invalid duration \"1..5s\""),
            ("s", "time: invalid duration \"s\""),
            (
                "2562047h47m16.854775808s",
                "time: invalid duration \"2562047h47m16.854775808s\"",
            ),
        ] {
            assert_eq!(parse_go_duration(text), Err(error.to_owned()), "{text}");
        }
    }
}
