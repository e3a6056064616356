//! Numbers as Terraform reads them: go-cty parses every number literal and numeric string into
//! a `big.Float` of 512 bits, rounding to nearest even (`cty.ParseNumberVal`), and prints it
//! back as the shortest decimal that rounds to the same float (`Text('f', -1)`). So a number
//! with more significant digits than 512 bits hold changes on the way in:
//! `2^512 + 1` is `2^512`, `1.000…0001` (160 digits) is `1`. [`cty_number`] gives that number.
//!
//! Every decimal of at most 153 significant digits comes back unchanged (10^153 < 2^511: such
//! decimals are farther apart than the float's precision), so only longer ones are computed.

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::One;

use tfsdk_core::tftypes::Number;

/// go-cty's number precision, in bits.
const PRECISION: u64 = 512;

/// The most significant digits a decimal may have and round-trip unchanged.
const EXACT_DIGITS: usize = 153;

/// `n` as Terraform holds it after reading it from text: rounded to 512 bits, printed back
/// shortest.
pub(crate) fn cty_number(n: Number) -> Number {
    let (mantissa, exponent) = n.to_parts();
    let (sign, magnitude) = mantissa.into_parts();
    // Below 2^508 (< 10^153) a mantissa has at most 153 digits: no need to count them.
    if magnitude.bits() <= 508 || magnitude.to_string().len() <= EXACT_DIGITS {
        return n;
    }
    let (m, e2) = round_to_binary(&magnitude, exponent);
    shortest_number(sign == Sign::Minus, &m, e2).unwrap_or(n)
}

/// The float `±m × 2^e2` (at most [`PRECISION`] bits of `m`) as the shortest decimal that
/// rounds back to it, as Go prints it (`Text('f', -1)`); `None` when the decimal is beyond the
/// exponents [`Number`] holds. Arithmetic results are printed with it too.
pub(crate) fn shortest_number(negative: bool, m: &BigUint, e2: i64) -> Option<Number> {
    if m.bits() == 0 {
        return Some(Number::from(0));
    }
    let (digits, point) = shortest(m, e2);
    let value = BigInt::from_biguint(
        if negative { Sign::Minus } else { Sign::Plus },
        digits.parse::<BigUint>().expect("decimal digits"),
    );
    // 0.DIGITS × 10^point = DIGITS × 10^(point − len)
    Number::from_parts(value, point - digits.len() as i64).ok()
}

/// `magnitude × 10^exponent` rounded to nearest even with [`PRECISION`] bits:
/// `(M, E)` with `value ≈ M × 2^E` and `2^511 ≤ M < 2^512`.
fn round_to_binary(magnitude: &BigUint, exponent: i64) -> (BigUint, i64) {
    if exponent >= 0 {
        round_ratio(
            &(magnitude * BigUint::from(10u8).pow(exponent as u32)),
            &BigUint::one(),
        )
    } else {
        round_ratio(magnitude, &BigUint::from(10u8).pow((-exponent) as u32))
    }
}

/// The positive fraction `num / den` rounded to nearest even with [`PRECISION`] bits:
/// `(M, E)` with `value ≈ M × 2^E` and `2^511 ≤ M < 2^512`. Go's `big.Float` rounding, used
/// for numbers read from text and for arithmetic results alike.
pub(crate) fn round_ratio(num: &BigUint, den: &BigUint) -> (BigUint, i64) {
    // Scale by 2^k so that the quotient has PRECISION bits.
    let mut k = PRECISION as i64 - (num.bits() as i64 - den.bits() as i64);
    loop {
        let (n, d) = if k >= 0 {
            (num << (k as u64), den.clone())
        } else {
            (num.clone(), den << ((-k) as u64))
        };
        let (mut q, r) = n.div_rem(&d);
        if q.bits() > PRECISION {
            k -= 1;
            continue;
        }
        if q.bits() < PRECISION {
            k += 1;
            continue;
        }
        let twice = &r << 1u8;
        if twice > d || (twice == d && q.bit(0)) {
            q += 1u8;
            if q.bits() > PRECISION {
                q >>= 1u8;
                k -= 1;
            }
        }
        return (q, -k);
    }
}

/// The exact decimal of `m × 2^e2`: digits without leading or trailing zeros, and the position
/// of the decimal point (`value = 0.DIGITS × 10^point`).
fn decimal(m: &BigUint, e2: i64) -> (Vec<u8>, i64) {
    let (text, fraction_digits) = if e2 >= 0 {
        ((m << (e2 as u64)).to_string(), 0i64)
    } else {
        // m / 2^k = m × 5^k / 10^k
        ((m * BigUint::from(5u8).pow((-e2) as u32)).to_string(), -e2)
    };
    let point = text.len() as i64 - fraction_digits;
    let digits: Vec<u8> = text.trim_end_matches('0').bytes().collect();
    (digits, point)
}

/// Go's `roundShortest` (math/big/ftoa.go) for the 512-bit float `m × 2^e2`: the shortest
/// decimal that rounds back to it, as digits and point position. As there, the digits of the
/// value and of its bounds are compared index by index, each from its own first digit.
fn shortest(m: &BigUint, e2: i64) -> (String, i64) {
    let (mut d, mut point) = decimal(m, e2);
    // The bounds, half an ulp either side: (2m ∓ 1) × 2^(e2 − 1).
    let twice: BigUint = m << 1u8;
    let (lower, _) = decimal(&(&twice - 1u8), e2 - 1);
    let (upper, _) = decimal(&(&twice + 1u8), e2 - 1);
    // The bounds are possible outputs only when m is even (ties round to it).
    let inclusive = !m.bit(0);
    let at = |digits: &[u8], i: usize| digits.get(i).copied().unwrap_or(b'0');
    for i in 0..d.len() {
        let digit = d[i];
        let (l, u) = (at(&lower, i), at(&upper, i));
        let okdown = l != digit || (inclusive && i + 1 == lower.len());
        let okup = digit != u && (inclusive || digit + 1 < u || i + 1 < upper.len());
        if okdown && okup {
            round_nearest(&mut d, &mut point, i + 1);
            break;
        } else if okdown {
            round_down(&mut d, i + 1);
            break;
        } else if okup {
            round_up(&mut d, &mut point, i + 1);
            break;
        }
    }
    (String::from_utf8(d).expect("ASCII digits"), point)
}

/// Go's `decimal.round`: to `n` digits, half to even on an exact half, else half up.
fn round_nearest(d: &mut Vec<u8>, point: &mut i64, n: usize) {
    if n >= d.len() {
        return;
    }
    let up = if d[n] == b'5' && n + 1 == d.len() {
        n > 0 && (d[n - 1] - b'0') % 2 == 1
    } else {
        d[n] >= b'5'
    };
    if up {
        round_up(d, point, n);
    } else {
        round_down(d, n);
    }
}

/// Go's `decimal.roundDown`: keep `n` digits, trailing zeros trimmed.
fn round_down(d: &mut Vec<u8>, n: usize) {
    if n >= d.len() {
        return;
    }
    d.truncate(n);
    while d.last() == Some(&b'0') {
        d.pop();
    }
}

/// Go's `decimal.roundUp`: keep `n` digits and add one in the last place.
fn round_up(d: &mut Vec<u8>, point: &mut i64, n: usize) {
    if n >= d.len() {
        return;
    }
    let mut i = n;
    while i > 0 && d[i - 1] == b'9' {
        i -= 1;
    }
    if i == 0 {
        // All nines: 0.999 → 0.1 × 10^(point + 1)
        d.clear();
        d.push(b'1');
        *point += 1;
    } else {
        d[i - 1] += 1;
        d.truncate(i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cty(text: &str) -> String {
        cty_number(text.parse::<Number>().unwrap()).to_string()
    }

    /// Terraform 1.15.5's answers (`output -json` of `list(number)` values from `.tfvars.json`).
    #[test]
    fn long_numbers_round_as_terraform_rounds_them() {
        let two_512_plus_1 = "13407807929942597099574024998205846127479365820592393377723561443721764030073546976801874298166903427690031858186486050853753882811946569946433649006084097";
        assert_eq!(
            cty(two_512_plus_1),
            "13407807929942597099574024998205846127479365820592393377723561443721764030073546976801874298166903427690031858186486050853753882811946569946433649006084096"
        );
        let twos = format!("1{}", "2".repeat(199));
        assert_eq!(
            cty(&twos),
            format!("1{}{}", "2".repeat(154), "0".repeat(45))
        );
        let fraction = "0.12345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890";
        assert_eq!(
            cty(fraction),
            "0.12345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012346"
        );
        let one = format!("1.{}1", "0".repeat(160));
        assert_eq!(cty(&one), "1");
    }

    #[test]
    fn short_numbers_are_unchanged() {
        for text in [
            "0",
            "0.1",
            "-2.5",
            "1e400",
            "1e-400",
            "18446744073709551617",
            "5e-324",
        ] {
            let n: Number = text.parse().unwrap();
            assert_eq!(cty_number(n.clone()), n, "{text}");
        }
        let digits153 = format!("0.{}", "7".repeat(153));
        assert_eq!(cty(&digits153), digits153);
        assert_eq!(
            cty(&format!("-{}", "9".repeat(170))),
            format!("-1{}", "0".repeat(170))
        );
    }
}
