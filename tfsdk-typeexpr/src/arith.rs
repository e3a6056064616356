//! Arithmetic on numbers as the configuration language does it: operands and results are
//! binary floats of 512 bits (Go's `big.Float` at HCL's precision), and a result is kept as the
//! shortest decimal that rounds back to the same float, which is also how Terraform prints it
//! (`1/3` is `0.3333…335` with 155 digits, `0.1 + 0.2` is `0.3`).
//!
//! Storing that shortest decimal loses nothing: the next operation rounds it to 512 bits
//! again and gets back the very float Go would hold.

use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

use tfsdk_core::tftypes::Number;

/// HCL parses and computes numbers with this many bits of mantissa.
const PRECISION: u64 = 512;

/// Exponents beyond this (in either direction) are refused before any big power is computed.
const MAX_EXPONENT: i64 = 10_000;

/// Why an operation has no result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ArithError {
    /// `x / 0` or `x % 0`.
    DivideByZero,
    /// The result (or an operand) is beyond the exponents handled.
    OutOfRange,
}

/// The binary operators on numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
}

/// A rational `num / den`, `den > 0`.
#[derive(Clone, Debug)]
struct Ratio {
    num: BigInt,
    den: BigInt,
}

fn pow10(e: u64) -> BigInt {
    num_traits::pow(BigInt::from(10), e as usize)
}

fn pow2(e: u64) -> BigInt {
    BigInt::one() << e
}

impl Ratio {
    fn of(n: &Number) -> Result<Ratio, ArithError> {
        let (m, e) = n.to_parts();
        if e.abs() > MAX_EXPONENT {
            return Err(ArithError::OutOfRange);
        }
        Ok(if e >= 0 {
            Ratio {
                num: m * pow10(e as u64),
                den: BigInt::one(),
            }
        } else {
            Ratio {
                num: m,
                den: pow10((-e) as u64),
            }
        })
    }

    /// `q × 2^-k` as a ratio.
    fn dyadic(q: BigInt, k: i64) -> Ratio {
        if k >= 0 {
            Ratio {
                num: q,
                den: pow2(k as u64),
            }
        } else {
            Ratio {
                num: q << ((-k) as u64),
                den: BigInt::one(),
            }
        }
    }

    fn add(&self, o: &Ratio) -> Ratio {
        Ratio {
            num: &self.num * &o.den + &o.num * &self.den,
            den: &self.den * &o.den,
        }
    }

    fn neg(&self) -> Ratio {
        Ratio {
            num: -&self.num,
            den: self.den.clone(),
        }
    }

    fn mul(&self, o: &Ratio) -> Ratio {
        Ratio {
            num: &self.num * &o.num,
            den: &self.den * &o.den,
        }
    }

    fn div(&self, o: &Ratio) -> Ratio {
        let (num, den) = (&self.num * &o.den, &self.den * &o.num);
        if den.is_negative() {
            Ratio {
                num: -num,
                den: -den,
            }
        } else {
            Ratio { num, den }
        }
    }

    /// Toward zero.
    fn trunc(&self) -> BigInt {
        &self.num / &self.den
    }
}

/// Rounds to the nearest float of [`PRECISION`] bits (ties to even): `(q, k)` with value
/// `q × 2^-k` and `|q|` of exactly `PRECISION` bits (or zero); see
/// [`super::precision::round_ratio`].
fn round_binary(r: &Ratio) -> (BigInt, i64) {
    if r.num.is_zero() {
        return (BigInt::zero(), 0);
    }
    let (m, e) = super::precision::round_ratio(r.num.magnitude(), r.den.magnitude());
    let q = BigInt::from(m);
    (if r.num.is_negative() { -q } else { q }, -e)
}

/// The shortest decimal that rounds back to `q × 2^-k` at [`PRECISION`] bits, printed as Go
/// prints it ([`super::precision::shortest_number`], the one implementation of that rule).
fn shortest_decimal(q: &BigInt, k: i64) -> Result<Number, ArithError> {
    // The decimal exponent of the leading digit, roughly: refuse what is far out of range
    // before any big power is computed.
    let lead = ((q.bits() as i64 - 1 - k) as f64 * std::f64::consts::LOG10_2).floor() as i64;
    if lead.abs() > MAX_EXPONENT {
        return Err(ArithError::OutOfRange);
    }
    super::precision::shortest_number(q.is_negative(), q.magnitude(), -k)
        .ok_or(ArithError::OutOfRange)
}

/// A number as the float HCL would hold for it, written back as the shortest decimal.
fn round(r: &Ratio) -> Result<Number, ArithError> {
    // Integers that fit the mantissa are exact: no search needed.
    if r.den.is_one() && r.num.bits() <= PRECISION {
        return Ok(Number::from(r.num.clone()));
    }
    let (q, k) = round_binary(r);
    shortest_decimal(&q, k)
}

/// `a op b`, as HCL computes it.
pub(crate) fn binary(op: Op, a: &Number, b: &Number) -> Result<Number, ArithError> {
    let x = Ratio::of(a)?;
    let y = Ratio::of(b)?;
    // Operands are floats of 512 bits in HCL: a literal with more digits is rounded first.
    let (x, y) = (as_float(x), as_float(y));
    let r = match op {
        Op::Add => x.add(&y),
        Op::Sub => x.add(&y.neg()),
        Op::Mul => x.mul(&y),
        Op::Div => {
            if y.num.is_zero() {
                return Err(ArithError::DivideByZero);
            }
            x.div(&y)
        }
        Op::Mod => {
            if y.num.is_zero() {
                return Err(ArithError::DivideByZero);
            }
            // The remainder of the division truncated toward zero (its sign is the dividend's).
            let t = x.div(&y).trunc();
            x.add(
                &y.mul(&Ratio {
                    num: t,
                    den: BigInt::one(),
                })
                .neg(),
            )
        }
    };
    if r.num.is_zero() {
        return Ok(if zero_is_negative(op, a, b) {
            Number::NEGATIVE_ZERO
        } else {
            Number::ZERO
        });
    }
    round(&r)
}

fn as_float(r: Ratio) -> Ratio {
    if r.den.is_one() && r.num.bits() <= PRECISION {
        return r;
    }
    let (q, k) = round_binary(&r);
    Ratio::dyadic(q, k)
}

/// A number literal as HCL reads it: parsed into a 512-bit float and printed back shortest
/// ([`super::precision::cty_number`], the same rule as every number read from text).
pub(crate) fn literal(n: Number) -> Number {
    super::precision::cty_number(n)
}

/// `-a` (zero becomes negative zero, as `big.Float.Neg` does).
pub(crate) fn negate(a: &Number) -> Number {
    a.negated()
}

/// Whether a zero result of `a op b` is negative zero, by the rules of Go's `big.Float` (and
/// IEEE 754) in the rounding mode HCL uses (to nearest even): a sum is `-0` only when both terms
/// are `-0`, a product or quotient when the signs differ, and a remainder (`a - b × trunc(a/b)`,
/// computed in that order, the truncation an integer and so a positive zero) when `a` is `-0`
/// and `b` positive.
fn zero_is_negative(op: Op, a: &Number, b: &Number) -> bool {
    let negative = |n: &Number| n.signum() < 0 || n.is_negative_zero();
    let positive_zero = |n: &Number| n.is_zero() && !n.is_negative_zero();
    match op {
        Op::Add => a.is_negative_zero() && b.is_negative_zero(),
        Op::Sub => a.is_negative_zero() && positive_zero(b),
        Op::Mul | Op::Div => negative(a) != negative(b),
        Op::Mod => a.is_negative_zero() && !negative(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> Number {
        s.parse().unwrap()
    }

    fn calc(op: Op, a: &str, b: &str) -> String {
        binary(op, &n(a), &n(b)).unwrap().to_string()
    }

    #[test]
    fn results_are_terraforms_512_bit_floats_printed_shortest() {
        assert_eq!(
            calc(Op::Div, "1", "3"),
            "0.33333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333335"
        );
        assert_eq!(calc(Op::Div, "10", "4"), "2.5");
        assert_eq!(calc(Op::Add, "0.1", "0.2"), "0.3");
        let two_thirds = binary(Op::Div, &n("2"), &n("3")).unwrap();
        assert_eq!(
            binary(Op::Mul, &two_thirds, &n("3")).unwrap().to_string(),
            "2"
        );
        assert_eq!(calc(Op::Mod, "7", "3"), "1");
        assert_eq!(calc(Op::Mod, "-7", "3"), "-1");
        assert_eq!(calc(Op::Mod, "5.5", "2"), "1.5");
        assert_eq!(
            calc(Op::Mul, "12345678901234567890123", "10"),
            "123456789012345678901230"
        );
        assert_eq!(
            calc(Op::Mul, "1e300", "1e300"),
            format!("1{}", "0".repeat(600))
        );
        assert_eq!(
            binary(Op::Div, &n("1"), &n("0")),
            Err(ArithError::DivideByZero)
        );
        let long = format!("0.1{}1", "0".repeat(160));
        assert_eq!(literal(n(&long)).to_string(), "0.1");
        assert_eq!(literal(n("0.1")).to_string(), "0.1");
    }
}
