//! The order in which the reference (go-cty) lists set elements, for console output and JSON.
//!
//! [`Value`] keeps set elements in the order given or read; the reference iterates a set with
//! `setRules.Less`: known before unknown before null; strings by bytes, numbers ascending,
//! `false` before `true`; any other element type by comparing a byte rendering of each element
//! (its "set hash bytes"). Elements that compare equal keep their relative order. go-cty fills
//! its hash buckets by the crc32 of those same bytes, so two elements tie only when their
//! renderings are identical, and then both keep the order the elements came in.

use std::cmp::Ordering;

use tfsdk_core::tftypes::{Number, Type, Value, ValueKind};

use super::quote::go_quote;

/// The elements of a set in the reference's iteration order.
pub fn reference_order(elements: &[Value]) -> Vec<&Value> {
    reference_order_indices(elements)
        .into_iter()
        .map(|i| &elements[i])
        .collect()
}

/// Positions of the elements of a set in the reference's iteration order.
pub(crate) fn reference_order_indices(elements: &[Value]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..elements.len()).collect();
    let Some(first) = elements.iter().find(|v| v.is_known()) else {
        order.sort_by_key(|&i| rank(&elements[i]));
        return order;
    };
    match first.ty() {
        Type::String => order.sort_by(|&a, &b| {
            let (a, b) = (&elements[a], &elements[b]);
            rank(a)
                .cmp(&rank(b))
                .then_with(|| a.as_str().cmp(&b.as_str()))
        }),
        Type::Number => order.sort_by(|&a, &b| {
            let (a, b) = (&elements[a], &elements[b]);
            rank(a)
                .cmp(&rank(b))
                .then_with(|| a.as_number().cmp(&b.as_number()))
        }),
        Type::Bool => order.sort_by(|&a, &b| {
            let (a, b) = (&elements[a], &elements[b]);
            rank(a)
                .cmp(&rank(b))
                .then_with(|| a.as_bool().cmp(&b.as_bool()))
        }),
        _ => order.sort_by_cached_key(|&i| (rank(&elements[i]), hash_bytes(&elements[i]))),
    }
    order
}

/// Known values first, then unknown, then null (go-cty's `setRules.Less`).
fn rank(v: &Value) -> u8 {
    if v.is_null() {
        2
    } else if v.is_unknown() {
        1
    } else {
        0
    }
}

/// go-cty's `appendSetHashBytes` rendering of a value.
pub(crate) fn hash_bytes(v: &Value) -> Vec<u8> {
    let mut buf = String::new();
    append_hash(v, &mut buf);
    buf.into_bytes()
}

fn append_hash(v: &Value, buf: &mut String) {
    match v.kind() {
        ValueKind::Unknown => buf.push('?'),
        ValueKind::Null => buf.push('~'),
        ValueKind::Number(n) => buf.push_str(&go_format_g10(n)),
        ValueKind::Bool(b) => buf.push(if b { 'T' } else { 'F' }),
        ValueKind::String(s) => buf.push_str(&go_quote(s)),
        ValueKind::Map(map) => {
            buf.push('{');
            for (k, e) in map {
                buf.push_str(&go_quote(k));
                buf.push(':');
                append_hash(e, buf);
                buf.push(';');
            }
            buf.push('}');
        }
        ValueKind::List(elements) => {
            buf.push('[');
            for e in elements {
                append_hash(e, buf);
                buf.push(';');
            }
            buf.push(']');
        }
        ValueKind::Set(elements) => {
            buf.push('[');
            for e in reference_order(elements) {
                append_hash(e, buf);
                buf.push(';');
            }
            buf.push(']');
        }
        ValueKind::Object(attributes) => {
            buf.push('<');
            for e in attributes.values() {
                append_hash(e, buf);
                buf.push(';');
            }
            buf.push('>');
        }
        ValueKind::Tuple(elements) => {
            buf.push('<');
            for e in elements {
                append_hash(e, buf);
                buf.push(';');
            }
            buf.push('>');
        }
    }
}

/// A number as Go's `big.Float.Text('g', 10)` prints it (the reference's `big.Float.String`):
/// ten significant digits, `%e` form for exponents below -4 or from 10 up.
pub(crate) fn go_format_g10(n: &Number) -> String {
    const PREC: i64 = 10;
    let (mantissa, exponent) = n.to_parts();
    let negative = n.signum() < 0 || n.is_negative_zero();
    let mut digits: Vec<u8> = if n.is_zero() {
        Vec::new()
    } else {
        mantissa.magnitude().to_string().into_bytes()
    };
    while digits.last() == Some(&b'0') {
        digits.pop();
    }
    // Value = 0.digits × 10^exp, as Go's decimal type holds it.
    let mut exp: i64 = if digits.is_empty() {
        0
    } else {
        exponent + mantissa.magnitude().to_string().len() as i64
    };
    if digits.len() as i64 > PREC {
        let n = PREC as usize;
        let round_up = if digits[n] == b'5' && n + 1 == digits.len() {
            (digits[n - 1] - b'0') % 2 == 1
        } else {
            digits[n] >= b'5'
        };
        digits.truncate(n);
        if round_up {
            let mut i = n;
            loop {
                if i == 0 {
                    digits.insert(0, b'1');
                    digits.truncate(n);
                    exp += 1;
                    break;
                }
                i -= 1;
                if digits[i] == b'9' {
                    digits[i] = b'0';
                } else {
                    digits[i] += 1;
                    break;
                }
            }
        }
        while digits.last() == Some(&b'0') {
            digits.pop();
        }
    }
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    let len = digits.len() as i64;
    let mut eprec = PREC;
    if eprec > len && len >= exp {
        eprec = len;
    }
    let x = exp - 1;
    if x < -4 || x >= eprec {
        // %e with min(PREC, len) - 1 fraction digits.
        let prec = PREC.min(len) - 1;
        out.push(digits.first().map_or('0', |d| *d as char));
        if prec > 0 {
            out.push('.');
            for i in 1..=prec as usize {
                out.push(digits.get(i).map_or('0', |d| *d as char));
            }
        }
        out.push('e');
        let e = if digits.is_empty() { 0 } else { exp - 1 };
        out.push(if e < 0 { '-' } else { '+' });
        if e.abs() < 10 {
            out.push('0');
        }
        out.push_str(&e.abs().to_string());
        return out;
    }
    let prec = if PREC > exp { len } else { PREC };
    let fraction = (prec - exp).max(0);
    if exp > 0 {
        for i in 0..exp as usize {
            out.push(digits.get(i).map_or('0', |d| *d as char));
        }
    } else {
        out.push('0');
    }
    if fraction > 0 {
        out.push('.');
        for i in 0..fraction {
            let at = exp + i;
            let c = if at < 0 {
                '0'
            } else {
                digits.get(at as usize).map_or('0', |d| *d as char)
            };
            out.push(c);
        }
    }
    out
}

/// Compares two set elements as the reference does, for tests and callers that sort values.
pub fn reference_cmp(a: &Value, b: &Value) -> Ordering {
    rank(a)
        .cmp(&rank(b))
        .then_with(|| match (a.kind(), b.kind()) {
            (ValueKind::String(x), ValueKind::String(y)) => x.cmp(y),
            (ValueKind::Number(x), ValueKind::Number(y)) => x.cmp(y),
            (ValueKind::Bool(x), ValueKind::Bool(y)) => x.cmp(&y),
            _ => hash_bytes(a).cmp(&hash_bytes(b)),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(s: &str) -> String {
        go_format_g10(&s.parse().unwrap())
    }

    #[test]
    fn numbers_format_like_big_float_string() {
        assert_eq!(g("0"), "0");
        assert_eq!(g("15"), "15");
        assert_eq!(g("-3"), "-3");
        assert_eq!(g("100"), "100");
        assert_eq!(g("6.283185"), "6.283185");
        assert_eq!(g("0.1"), "0.1");
        assert_eq!(g("0.0001"), "0.0001");
        assert_eq!(g("0.00001"), "1e-05");
        assert_eq!(g("1000000000"), "1000000000");
        assert_eq!(g("10000000000"), "1e+10");
        assert_eq!(g("18446744073709551617"), "1.844674407e+19");
        assert_eq!(g("9007199254740993"), "9.007199255e+15");
        assert_eq!(g("123456789012345678901234567890"), "1.23456789e+29");
        assert_eq!(g("9999999999.5"), "1e+10");
        assert_eq!(g("1.23456789012"), "1.23456789");
    }

    #[test]
    fn complex_elements_order_by_hash_bytes() {
        let list = |items: &[&str]| {
            Value::list(Type::String, items.iter().map(|s| Value::from(*s))).unwrap()
        };
        let empty = list(&[]);
        let f = list(&["false"]);
        let n = list(&["9"]);
        let null_first =
            Value::list(Type::String, [Value::null(Type::String), Value::from("a")]).unwrap();
        let set = Value::set(
            Type::list(Type::String),
            [empty.clone(), f.clone(), n.clone(), null_first.clone()],
        )
        .unwrap();
        let order: Vec<&Value> = reference_order(set.as_elements().unwrap());
        assert_eq!(order, vec![&n, &f, &empty, &null_first]);
    }
}
