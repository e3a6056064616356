//! Exact decimal numbers: Terraform's `number` type.
//!
//! Terraform numbers are arbitrary-precision decimals. [`Number`] keeps every digit: `0.1` is one
//! tenth, not the nearest binary fraction, and `2^64 + 1` is exactly that integer. Conversions to
//! machine types check the value fits and say why when it does not.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use num_bigint::{BigInt, Sign};
use num_traits::{Signed, ToPrimitive, Zero};

/// An exact decimal number: `mantissa × 10^exponent`.
///
/// Numbers are stored in a canonical form (no trailing zeros in the mantissa, zero has exponent
/// zero), so equality, ordering and hashing follow the numeric value: `1.50` and `1.5` are the
/// same number. Small values live inline without a heap allocation.
///
/// Zero keeps its sign, as Terraform's numbers do: `-0` (from text, `-0.0f64`, or the
/// configuration language's arithmetic) prints as `-0` and converts to the string `"-0"`. Like
/// `f64::total_cmp`, and like the elements of a Terraform set, `-0` and `0` are two distinct
/// values, `-0` ordered just before `0`; [`Number::is_zero`] holds for both. The encodings keep
/// the sign (msgpack as the float `-0.0`, JSON as `-0`), as go-cty reads them.
///
/// ```
/// use tfsdk_core::tftypes::Number;
///
/// let tenth: Number = "0.1".parse().unwrap();
/// assert_eq!(tenth.to_string(), "0.1");
/// assert_eq!(tenth.to_f64().unwrap(), 0.1);
///
/// let big: Number = "18446744073709551617".parse().unwrap(); // 2^64 + 1
/// assert!(big.to_u64().is_err());
/// assert_eq!(big.to_string(), "18446744073709551617");
/// ```
#[derive(Clone)]
pub struct Number {
    repr: Repr,
}

#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    /// `mantissa × 10^exponent` with an inline mantissa.
    Small { mantissa: i64, exponent: i32 },
    /// The same with a mantissa that does not fit `i64`.
    Big(Box<(BigInt, i32)>),
    /// Zero with a negative sign, printed as `-0`.
    NegativeZero,
}

/// Why a [`Number`] could not become a machine number, or could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NumberError {
    /// The value is outside the target type's range.
    #[error("{value} does not fit in {target} (overflow)")]
    Overflow {
        /// The number, in decimal.
        value: String,
        /// The Rust type asked for.
        target: &'static str,
    },
    /// The target cannot represent the value exactly (a fraction into an integer, or a decimal
    /// whose nearest float prints as a different decimal).
    #[error("{value} cannot be represented exactly as {target} (precision loss)")]
    PrecisionLoss {
        /// The number, in decimal.
        value: String,
        /// The Rust type asked for.
        target: &'static str,
    },
    /// The source float is NaN or infinite: Terraform numbers are finite.
    #[error("{value} is not a finite number; Terraform numbers are finite decimals")]
    NotFinite {
        /// The float, as Rust prints it.
        value: String,
    },
    /// The text is not a decimal number.
    #[error("{text:?} is not a number: {reason}")]
    Syntax {
        /// The text (shortened when long).
        text: String,
        /// What was wrong.
        reason: &'static str,
    },
}

impl Number {
    /// The largest decimal exponent magnitude a number may have, counted as the position of its
    /// most significant digit or its last fractional digit. `1e400` is fine; `1e200000` is
    /// rejected, because its plain decimal text alone would be 200 kB.
    pub const MAX_EXPONENT: i64 = 100_000;

    /// Zero.
    pub const ZERO: Number = Number {
        repr: Repr::Small {
            mantissa: 0,
            exponent: 0,
        },
    };

    /// Zero with a negative sign, printed as `-0`, as Terraform prints it. It is not equal to
    /// [`Number::ZERO`] (a Terraform set can hold both) and orders just before it.
    ///
    /// ```
    /// use tfsdk_core::tftypes::Number;
    ///
    /// let negative_zero: Number = "-0".parse().unwrap();
    /// assert!(negative_zero.is_negative_zero() && negative_zero.is_zero());
    /// assert!(negative_zero < Number::ZERO && negative_zero > Number::from(-1));
    /// assert_eq!(negative_zero.to_string(), "-0");
    /// assert!(negative_zero.to_f64().unwrap().is_sign_negative());
    /// ```
    pub const NEGATIVE_ZERO: Number = Number {
        repr: Repr::NegativeZero,
    };

    /// Builds `mantissa × 10^exponent` exactly.
    ///
    /// # Errors
    /// When the exponent is out of range (see [`Number::MAX_EXPONENT`]).
    pub fn from_parts(mantissa: BigInt, exponent: i64) -> Result<Number, NumberError> {
        Number::canonical(mantissa, exponent).ok_or_else(|| NumberError::Syntax {
            text: "(mantissa and exponent)".to_owned(),
            reason: "exponent out of range",
        })
    }

    /// The exact value as `(mantissa, exponent)` with `value = mantissa × 10^exponent`; the
    /// mantissa has no trailing zeros.
    pub fn to_parts(&self) -> (BigInt, i64) {
        match &self.repr {
            Repr::Small { mantissa, exponent } => (BigInt::from(*mantissa), i64::from(*exponent)),
            Repr::Big(big) => (big.0.clone(), i64::from(big.1)),
            Repr::NegativeZero => (BigInt::ZERO, 0),
        }
    }

    /// As [`Number::to_parts`] without allocating, when the mantissa fits `i64` (as it does
    /// for every number of 18 digits or fewer).
    pub fn to_small_parts(&self) -> Option<(i64, i64)> {
        match self.repr {
            Repr::Small { mantissa, exponent } => Some((mantissa, i64::from(exponent))),
            Repr::Big(_) => None,
            Repr::NegativeZero => Some((0, 0)),
        }
    }

    fn small(mantissa: i64, exponent: i32) -> Number {
        Number {
            repr: Repr::Small { mantissa, exponent },
        }
    }

    /// Canonical form of `mantissa × 10^exponent`; `None` when the exponent is out of range.
    fn canonical(mut mantissa: BigInt, mut exponent: i64) -> Option<Number> {
        if mantissa.is_zero() {
            return Some(Number::ZERO);
        }
        if let Some(small) = mantissa.to_i64() {
            return Number::canonical_small(small, exponent);
        }
        // Strip trailing zeros 18 at a time, then one at a time: most big mantissas have few
        // or none.
        for (zeros, divisor) in [(18, 10u64.pow(18)), (1, 10)] {
            let divisor = BigInt::from(divisor);
            loop {
                let (q, r) = num_integer::Integer::div_rem(&mantissa, &divisor);
                if !r.is_zero() {
                    break;
                }
                mantissa = q;
                exponent += zeros;
            }
        }
        if let Some(small) = mantissa.to_i64() {
            return Number::canonical_small(small, exponent);
        }
        let digits = i64::try_from(decimal_digits(&mantissa)).ok()?;
        check_exponent(exponent, digits)?;
        Some(Number {
            repr: Repr::Big(Box::new((mantissa, i32::try_from(exponent).ok()?))),
        })
    }

    fn canonical_small(mut mantissa: i64, mut exponent: i64) -> Option<Number> {
        if mantissa == 0 {
            return Some(Number::ZERO);
        }
        while mantissa % 10 == 0 {
            mantissa /= 10;
            exponent += 1;
        }
        check_exponent(exponent, i64::from(small_digits(mantissa)))?;
        Some(Number::small(mantissa, i32::try_from(exponent).ok()?))
    }

    /// True when the number has no fractional part.
    pub fn is_integer(&self) -> bool {
        self.exponent() >= 0
    }

    /// True for zero, of either sign.
    pub fn is_zero(&self) -> bool {
        matches!(
            self.repr,
            Repr::Small {
                mantissa: 0,
                exponent: 0
            } | Repr::NegativeZero
        )
    }

    /// True for [`Number::NEGATIVE_ZERO`] only.
    pub fn is_negative_zero(&self) -> bool {
        matches!(self.repr, Repr::NegativeZero)
    }

    /// The number with its sign flipped; zero becomes negative zero and back.
    ///
    /// ```
    /// use tfsdk_core::tftypes::Number;
    ///
    /// assert_eq!(Number::from(5).negated(), Number::from(-5));
    /// assert!(Number::ZERO.negated().is_negative_zero());
    /// ```
    pub fn negated(&self) -> Number {
        match &self.repr {
            Repr::NegativeZero => Number::ZERO,
            _ if self.is_zero() => Number::NEGATIVE_ZERO,
            // Every i64 but i64::MIN negates in place; the canonical form is kept.
            Repr::Small { mantissa, exponent } if *mantissa != i64::MIN => {
                Number::small(-mantissa, *exponent)
            }
            _ => {
                let (mantissa, exponent) = self.to_parts();
                Number::canonical(-mantissa, exponent)
                    .expect("negation keeps the digits and the exponent")
            }
        }
    }

    /// The sign: -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        match &self.repr {
            Repr::Small { mantissa, .. } => mantissa.signum() as i32,
            Repr::NegativeZero => 0,
            Repr::Big(big) => match big.0.sign() {
                Sign::Minus => -1,
                Sign::NoSign => 0,
                Sign::Plus => 1,
            },
        }
    }

    fn exponent(&self) -> i64 {
        match &self.repr {
            Repr::Small { exponent, .. } => i64::from(*exponent),
            Repr::Big(big) => i64::from(big.1),
            Repr::NegativeZero => 0,
        }
    }

    /// Number of decimal digits of the mantissa.
    fn mantissa_digits(&self) -> i64 {
        match &self.repr {
            Repr::Small { mantissa, .. } => i64::from(small_digits(*mantissa)),
            Repr::Big(big) => decimal_digits(&big.0) as i64,
            Repr::NegativeZero => 1,
        }
    }

    /// Position of the most significant digit: `digits + exponent` (1 for 1..9, 0 for 0.1..0.9).
    fn magnitude(&self) -> i64 {
        self.mantissa_digits() + self.exponent()
    }

    fn mantissa_big(&self) -> BigInt {
        match &self.repr {
            Repr::Small { mantissa, .. } => BigInt::from(*mantissa),
            Repr::Big(big) => big.0.clone(),
            Repr::NegativeZero => BigInt::ZERO,
        }
    }

    /// The value as an integer, if it is one.
    ///
    /// ```
    /// # use tfsdk_core::tftypes::Number;
    /// let n: Number = "1e20".parse().unwrap();
    /// assert_eq!(n.to_bigint().unwrap().to_string(), "100000000000000000000");
    /// assert!("1.5".parse::<Number>().unwrap().to_bigint().is_none());
    /// ```
    pub fn to_bigint(&self) -> Option<BigInt> {
        let exponent = self.exponent();
        if exponent < 0 {
            return None;
        }
        Some(self.mantissa_big() * pow10(exponent as u64))
    }

    /// The value as an `i128`: the common path of every integer conversion.
    fn to_wide_int(&self, target: &'static str) -> Result<i128, NumberError> {
        if let Repr::Small {
            mantissa,
            exponent: 0,
        } = self.repr
        {
            return Ok(i128::from(mantissa));
        }
        if !self.is_integer() {
            return Err(NumberError::PrecisionLoss {
                value: self.to_string(),
                target,
            });
        }
        let overflow = || NumberError::Overflow {
            value: self.to_string(),
            target,
        };
        if self.magnitude() > 39 {
            return Err(overflow());
        }
        match &self.repr {
            Repr::Small { mantissa, exponent } => 10i128
                .checked_pow(*exponent as u32)
                .and_then(|p| p.checked_mul(i128::from(*mantissa)))
                .ok_or_else(overflow),
            Repr::Big(_) => self
                .to_bigint()
                .and_then(|b| b.to_i128())
                .ok_or_else(overflow),
            Repr::NegativeZero => Ok(0),
        }
    }

    /// The nearest `f64` in the sense of Terraform's float rule: the number converts when the
    /// nearest `f64` prints back as the same decimal.
    ///
    /// `0.1` and `6.283185` convert; `2^53 + 1` does not (its nearest `f64` prints as `2^53`);
    /// `1e400` overflows.
    ///
    /// # Errors
    /// [`NumberError::Overflow`] or [`NumberError::PrecisionLoss`].
    pub fn to_f64(&self) -> Result<f64, NumberError> {
        if let Some(float) = self.short_decimal_f64() {
            return Ok(float);
        }
        let float = self.nearest_f64();
        self.if_reads_back(float, float.is_infinite(), "f64", Number::from_f64)
    }

    /// As [`Number::to_f64`], for `f32`.
    ///
    /// # Errors
    /// [`NumberError::Overflow`] or [`NumberError::PrecisionLoss`].
    pub fn to_f32(&self) -> Result<f32, NumberError> {
        let float: f32 = self.scientific().parse().unwrap_or(f32::NAN);
        self.if_reads_back(float, float.is_infinite(), "f32", Number::from_f32)
    }

    /// `float`, this number's nearest `target` float, unless it is infinite
    /// ([`NumberError::Overflow`]) or does not read `back` as this number
    /// ([`NumberError::PrecisionLoss`]).
    fn if_reads_back<F: Copy>(
        &self,
        float: F,
        infinite: bool,
        target: &'static str,
        back: impl FnOnce(F) -> Result<Number, NumberError>,
    ) -> Result<F, NumberError> {
        if infinite {
            return Err(NumberError::Overflow {
                value: self.to_string(),
                target,
            });
        }
        match back(float) {
            Ok(back) if back == *self => Ok(float),
            _ => Err(NumberError::PrecisionLoss {
                value: self.to_string(),
                target,
            }),
        }
    }

    /// The `f64` nearest to this number (round to nearest, ties to even), without any check:
    /// infinite when out of range, zero when too small.
    pub fn nearest_f64(&self) -> f64 {
        if self.is_negative_zero() {
            return -0.0;
        }
        if let Repr::Small { mantissa, exponent } = self.repr {
            // Exact fast path: both parts exactly representable, one correctly rounded operation.
            if mantissa.unsigned_abs() < (1u64 << 53) && (-22..=22).contains(&exponent) {
                let m = mantissa as f64;
                let p = EXACT_POWERS_OF_TEN[exponent.unsigned_abs() as usize];
                return if exponent >= 0 { m * p } else { m / p };
            }
        }
        // Rust's float parser rounds correctly for any number of digits.
        self.scientific().parse().unwrap_or(f64::NAN)
    }

    /// The `f32` nearest to this number, without any check: infinite when out of range, zero
    /// when too small.
    pub fn nearest_f32(&self) -> f32 {
        if self.is_negative_zero() {
            return -0.0;
        }
        // Rust's float parser rounds correctly for any number of digits.
        self.scientific().parse().unwrap_or(f32::NAN)
    }

    /// The nearest `f64` of a number of at most 15 significant digits within `1e±22` of its
    /// digits (most numbers met in practice), which is known to print back as the same decimal
    /// without printing it: distinct decimals of at most 15 digits (`f64::DIGITS`) have
    /// distinct nearest floats, so the float's shortest decimal (at most as many digits as
    /// this one, which reads as it) can only be this number. `None` for other numbers.
    fn short_decimal_f64(&self) -> Option<f64> {
        match self.repr {
            Repr::Small { mantissa, exponent }
                if mantissa.unsigned_abs() < SHORT_DECIMAL_LIMIT
                    && (-22..=22).contains(&exponent) =>
            {
                Some(self.nearest_f64())
            }
            _ => None,
        }
    }

    /// The value as `f64` when it is exactly a `f64` value (no rounding at all).
    ///
    /// This is the test terraform-plugin-go's msgpack encoder applies before writing a float.
    pub fn to_f64_exact(&self) -> Option<f64> {
        let float = self.nearest_f64();
        if !float.is_finite() {
            return None;
        }
        (Number::from_f64_exact(float) == *self).then_some(float)
    }

    /// The number with the shortest decimal digits that read back as `value`: `0.1f64` gives
    /// `0.1`, as Terraform prints floats.
    ///
    /// # Errors
    /// [`NumberError::NotFinite`] for NaN and infinities.
    pub fn from_f64(value: f64) -> Result<Number, NumberError> {
        if !value.is_finite() {
            return Err(NumberError::NotFinite {
                value: value.to_string(),
            });
        }
        if value == 0.0 && value.is_sign_negative() {
            return Ok(Number::NEGATIVE_ZERO);
        }
        if value == value.trunc() && value.abs() < 9.0e15 {
            return Ok(Number::from(value as i64));
        }
        if let Some(number) = Number::short_decimal_of(value) {
            return Ok(number);
        }
        Ok(FloatText::new(format_args!("{value:e}"))
            .as_str()
            .parse()
            .expect("Rust prints finite floats in a form Number parses"))
    }

    /// The shortest decimal of a float that some decimal of at most 15 significant digits and
    /// at most 8 fractional digits reads as, found without printing the float: for `k` in
    /// 1..=8 the candidate `round(value × 10^k) / 10^k` is checked by reading it back (one
    /// correctly rounded division of two exact floats). A candidate that reads back is *the*
    /// shortest decimal, since distinct decimals of at most 15 digits read as distinct floats
    /// and the shortest has at most as many digits. `None` when no candidate is found (the
    /// caller then prints the float).
    fn short_decimal_of(value: f64) -> Option<Number> {
        const POWERS: [f64; 9] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8];
        if !(1e-8..1e15).contains(&value.abs()) {
            return None;
        }
        for (k, power) in POWERS.iter().enumerate().skip(1) {
            let scaled = (value * power).round();
            if scaled.abs() >= SHORT_DECIMAL_LIMIT as f64 {
                return None;
            }
            if scaled / power == value {
                // |scaled| < 10^15 < 2^53: an exact integer.
                return Number::canonical_small(scaled as i64, -(k as i64));
            }
        }
        None
    }

    /// As [`Number::from_f64`], for `f32`: `0.1f32` gives `0.1`.
    ///
    /// # Errors
    /// [`NumberError::NotFinite`] for NaN and infinities.
    pub fn from_f32(value: f32) -> Result<Number, NumberError> {
        if !value.is_finite() {
            return Err(NumberError::NotFinite {
                value: value.to_string(),
            });
        }
        Ok(FloatText::new(format_args!("{value:e}"))
            .as_str()
            .parse()
            .expect("Rust prints finite floats in a form Number parses"))
    }

    /// The exact value of a finite float: `0.1f64` gives
    /// `0.1000000000000000055511151231257827021181583404541015625`.
    ///
    /// # Panics
    /// On NaN or infinity (a caller bug: check `is_finite` first).
    pub fn from_f64_exact(value: f64) -> Number {
        assert!(value.is_finite(), "from_f64_exact needs a finite float");
        if value == 0.0 {
            return if value.is_sign_negative() {
                Number::NEGATIVE_ZERO
            } else {
                Number::ZERO
            };
        }
        let negative = value.is_sign_negative();
        let (mut mantissa, mut exp2) = binary_parts(value);
        let shift = mantissa.trailing_zeros().min(63);
        mantissa >>= shift;
        exp2 += i64::from(shift);
        let signed = |m: BigInt| if negative { -m } else { m };
        let number = if exp2 >= 0 {
            Number::canonical(signed(BigInt::from(mantissa) << exp2 as usize), 0)
        } else {
            // m / 2^k = m × 5^k / 10^k
            let k = (-exp2) as u64;
            Number::canonical(signed(BigInt::from(mantissa) * pow5(k)), -(k as i64))
        };
        number.expect("every finite float is within the exponent range")
    }

    /// Scientific text `<mantissa>e<exponent>`, the form float parsers take.
    fn scientific(&self) -> String {
        match &self.repr {
            Repr::Small { mantissa, exponent } => format!("{mantissa}e{exponent}"),
            Repr::Big(big) => format!("{}e{}", big.0, big.1),
            Repr::NegativeZero => "-0e0".to_owned(),
        }
    }

    /// Both mantissas scaled to the smaller exponent, so they compare as integers.
    fn aligned(&self, other: &Number) -> (BigInt, BigInt) {
        let e = self.exponent().min(other.exponent());
        let a = self.mantissa_big() * pow10((self.exponent() - e) as u64);
        let b = other.mantissa_big() * pow10((other.exponent() - e) as u64);
        (a, b)
    }
}

fn check_exponent(exponent: i64, digits: i64) -> Option<()> {
    let top = exponent + digits;
    (exponent >= -Number::MAX_EXPONENT && top <= Number::MAX_EXPONENT).then_some(())
}

/// Mantissas below this (10^15) have at most 15 digits, the most any decimal keeps through a
/// round trip via `f64`.
const SHORT_DECIMAL_LIMIT: u64 = 1_000_000_000_000_000;

/// `10^k` for `k` in `0..=22`: the powers of ten that are exactly `f64`s.
const EXACT_POWERS_OF_TEN: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// A float's text, written on the stack: `{:e}` of an `f64` is at most 24 bytes.
struct FloatText {
    bytes: [u8; 32],
    len: usize,
}

impl fmt::Write for FloatText {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        let slot = self.bytes.get_mut(self.len..end).ok_or(fmt::Error)?;
        slot.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

impl FloatText {
    /// Formats a float (`format_args!("{value:e}")`) into the buffer.
    fn new(args: fmt::Arguments<'_>) -> FloatText {
        let mut text = FloatText {
            bytes: [0; 32],
            len: 0,
        };
        fmt::write(&mut text, args).expect("a float's text fits 32 bytes");
        text
    }

    fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len]).expect("a float's text is ASCII")
    }
}

fn small_digits(mantissa: i64) -> u32 {
    let abs = mantissa.unsigned_abs();
    if abs == 0 { 1 } else { abs.ilog10() + 1 }
}

fn decimal_digits(value: &BigInt) -> u64 {
    if value.is_zero() {
        return 1;
    }
    // bits × log10(2) estimates within one; confirm against the power of ten.
    let bits = value.bits();
    let estimate = ((bits - 1) as f64 * std::f64::consts::LOG10_2).floor() as u64 + 1;
    if value.magnitude() >= pow10(estimate).magnitude() {
        estimate + 1
    } else {
        estimate
    }
}

fn pow10(exponent: u64) -> BigInt {
    if let Some(p) = 10u64.checked_pow(exponent as u32).filter(|_| exponent < 20) {
        return BigInt::from(p);
    }
    num_traits::pow(BigInt::from(10u8), exponent as usize)
}

fn pow5(exponent: u64) -> BigInt {
    num_traits::pow(BigInt::from(5u8), exponent as usize)
}

impl PartialEq for Number {
    /// Equal numeric values (every number has one canonical form), with `-0` and `0` distinct.
    fn eq(&self, other: &Number) -> bool {
        self.repr == other.repr
    }
}

impl Eq for Number {}

impl Hash for Number {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.repr.hash(state);
    }
}

impl Ord for Number {
    fn cmp(&self, other: &Number) -> Ordering {
        let (sa, sb) = (self.signum(), other.signum());
        if sa != sb {
            return sa.cmp(&sb);
        }
        if sa == 0 {
            // Both zero: `-0` first.
            return other.is_negative_zero().cmp(&self.is_negative_zero());
        }
        if let (
            Repr::Small {
                mantissa: ma,
                exponent: ea,
            },
            Repr::Small {
                mantissa: mb,
                exponent: eb,
            },
        ) = (&self.repr, &other.repr)
            && ea == eb
        {
            return ma.cmp(mb);
        }
        // Same sign: compare magnitudes by the leading digit's position first, which never
        // builds a big power of ten for far-apart exponents.
        let by_magnitude = self.magnitude().cmp(&other.magnitude());
        let unsigned = if by_magnitude != Ordering::Equal {
            by_magnitude
        } else {
            let (a, b) = self.aligned(other);
            a.abs().cmp(&b.abs())
        };
        if sa > 0 { unsigned } else { unsigned.reverse() }
    }
}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Number {
    /// Plain decimal, as Terraform prints numbers: `15`, `6.283185`, `0.001`, `-0`, never an
    /// exponent and never a trailing `.0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (negative, digits) = match &self.repr {
            Repr::Small { mantissa, .. } => (*mantissa < 0, mantissa.unsigned_abs().to_string()),
            Repr::Big(big) => (big.0.is_negative(), big.0.magnitude().to_string()),
            Repr::NegativeZero => return f.write_str("-0"),
        };
        let exponent = self.exponent();
        if negative {
            f.write_str("-")?;
        }
        if exponent >= 0 {
            f.write_str(&digits)?;
            for _ in 0..exponent {
                f.write_str("0")?;
            }
            return Ok(());
        }
        let fraction_len = (-exponent) as usize;
        if digits.len() > fraction_len {
            let (int, frac) = digits.split_at(digits.len() - fraction_len);
            write!(f, "{int}.{frac}")
        } else {
            f.write_str("0.")?;
            for _ in 0..fraction_len - digits.len() {
                f.write_str("0")?;
            }
            f.write_str(&digits)
        }
    }
}

impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Number({self})")
    }
}

impl FromStr for Number {
    type Err = NumberError;

    /// Parses decimal text: an optional sign, digits with an optional fraction, and an optional
    /// exponent (`15`, `-0.5`, `6.283185`, `1e400`, `+2.5E-3`). Every digit is kept.
    fn from_str(text: &str) -> Result<Number, NumberError> {
        parse_decimal(text).map_err(|reason| NumberError::Syntax {
            text: shorten(text),
            reason,
        })
    }
}

fn shorten(text: &str) -> String {
    if text.len() <= 40 {
        return text.to_owned();
    }
    let mut end = 40;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

fn parse_decimal(text: &str) -> Result<Number, &'static str> {
    let number = parse_unsigned_zero(text)?;
    Ok(if number.is_zero() && text.starts_with('-') {
        Number::NEGATIVE_ZERO
    } else {
        number
    })
}

/// A finite float's magnitude as `mantissa` × 2^`exponent` (subnormals included), read
/// straight from its bits: `(mantissa, exponent)`.
#[inline]
pub(crate) fn binary_parts(value: f64) -> (u64, i64) {
    let bits = value.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i64;
    let fraction = bits & ((1u64 << 52) - 1);
    if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1u64 << 52), biased - 1075)
    }
}

/// Steps `i` past an optional `-` or `+` at `bytes[i]`; whether it was `-`.
fn skip_sign(bytes: &[u8], i: &mut usize) -> bool {
    match bytes.get(*i) {
        Some(b'-') => {
            *i += 1;
            true
        }
        Some(b'+') => {
            *i += 1;
            false
        }
        _ => false,
    }
}

/// Steps `i` past the ASCII digits from `bytes[i]` on.
fn skip_digits(bytes: &[u8], i: &mut usize) {
    while *i < bytes.len() && bytes[*i].is_ascii_digit() {
        *i += 1;
    }
}

/// [`parse_decimal`] with every zero positive.
fn parse_unsigned_zero(text: &str) -> Result<Number, &'static str> {
    let bytes = text.as_bytes();
    let mut i = 0;
    let negative = skip_sign(bytes, &mut i);
    let int_start = i;
    skip_digits(bytes, &mut i);
    let int_digits = &text[int_start..i];
    let mut frac_digits = "";
    if i < bytes.len() && bytes[i] == b'.' {
        i += 1;
        let start = i;
        skip_digits(bytes, &mut i);
        frac_digits = &text[start..i];
    }
    if int_digits.is_empty() && frac_digits.is_empty() {
        return Err("expected digits");
    }
    let mut exponent: i64 = 0;
    if i < bytes.len() && (bytes[i] == b'e' || bytes[i] == b'E') {
        i += 1;
        let exp_negative = skip_sign(bytes, &mut i);
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            // Saturate: anything past the range is rejected below anyway.
            exponent = (exponent * 10 + i64::from(bytes[i] - b'0')).min(i64::from(i32::MAX));
            i += 1;
        }
        if start == i {
            return Err("expected digits in the exponent");
        }
        if exp_negative {
            exponent = -exponent;
        }
    }
    if i != bytes.len() {
        return Err("unexpected character");
    }
    let exponent = exponent - frac_digits.len() as i64;
    let all_digits = int_digits.len() + frac_digits.len();
    if all_digits as i64 > 4 * Number::MAX_EXPONENT {
        return Err("too many digits");
    }
    if all_digits <= 18 {
        let mut mantissa: i64 = 0;
        for b in int_digits.bytes().chain(frac_digits.bytes()) {
            mantissa = mantissa * 10 + i64::from(b - b'0');
        }
        if negative {
            mantissa = -mantissa;
        }
        return Number::canonical_small(mantissa, exponent).ok_or("exponent out of range");
    }
    let mut joined = String::with_capacity(all_digits);
    joined.push_str(int_digits);
    joined.push_str(frac_digits);
    let magnitude = BigInt::parse_bytes(joined.as_bytes(), 10).ok_or("expected digits")?;
    let mantissa = if negative { -magnitude } else { magnitude };
    Number::canonical(mantissa, exponent).ok_or("exponent out of range")
}

macro_rules! from_signed {
    ($($t:ty),*) => {$(
        impl From<$t> for Number {
            fn from(value: $t) -> Number {
                Number::canonical_small(value as i64, 0).expect("machine integers are in range")
            }
        }
    )*};
}
from_signed!(i8, i16, i32, i64, isize, u8, u16, u32);

macro_rules! from_wide {
    ($($t:ty),*) => {$(
        impl From<$t> for Number {
            fn from(value: $t) -> Number {
                match i64::try_from(value) {
                    Ok(small) => Number::from(small),
                    Err(_) => Number::canonical(BigInt::from(value), 0)
                        .expect("machine integers are in range"),
                }
            }
        }
    )*};
}
from_wide!(u64, usize, i128, u128);

impl From<BigInt> for Number {
    fn from(value: BigInt) -> Number {
        Number::canonical(value, 0).unwrap_or_else(|| {
            // Only integers with more than MAX_EXPONENT digits land here.
            panic!("integer has more than {} digits", Number::MAX_EXPONENT)
        })
    }
}

macro_rules! to_int {
    ($($name:ident => $t:ty),*) => {$(
        #[doc = concat!("The value as `", stringify!($t), "`.")]
        ///
        /// # Errors
        /// [`NumberError::PrecisionLoss`] for a fraction, [`NumberError::Overflow`] out of range.
        #[inline]
        pub fn $name(&self) -> Result<$t, NumberError> {
            if let Repr::Small {
                mantissa,
                exponent: 0,
            } = self.repr
                && let Ok(value) = <$t>::try_from(mantissa)
            {
                return Ok(value);
            }
            let wide = self.to_wide_int(stringify!($t))?;
            <$t>::try_from(wide).map_err(|_| NumberError::Overflow {
                value: self.to_string(),
                target: stringify!($t),
            })
        }
    )*};
}

impl Number {
    to_int!(
        to_i8 => i8, to_i16 => i16, to_i32 => i32, to_i64 => i64, to_isize => isize,
        to_u8 => u8, to_u16 => u16, to_u32 => u32, to_u64 => u64, to_usize => usize,
        to_i128 => i128
    );

    /// The value as `u128`.
    ///
    /// # Errors
    /// [`NumberError::PrecisionLoss`] for a fraction, [`NumberError::Overflow`] out of range.
    pub fn to_u128(&self) -> Result<u128, NumberError> {
        if !self.is_integer() {
            return Err(NumberError::PrecisionLoss {
                value: self.to_string(),
                target: "u128",
            });
        }
        self.to_bigint()
            .filter(|_| self.magnitude() <= 40)
            .and_then(|b| b.to_u128())
            .ok_or_else(|| NumberError::Overflow {
                value: self.to_string(),
                target: "u128",
            })
    }
}

#[cfg(test)]
#[allow(clippy::approx_constant)] // 6.283185 is the seed's example number
mod tests {
    use super::*;

    fn n(text: &str) -> Number {
        text.parse().unwrap()
    }

    /// `from_f64` and `to_f64` as they were before their fast paths: print the float, parse it.
    fn slow_from_f64(value: f64) -> Number {
        if value == value.trunc() && value.abs() < 9.0e15 {
            return Number::from(value as i64);
        }
        format!("{value:e}").parse().unwrap()
    }

    fn slow_to_f64(number: &Number) -> Option<f64> {
        let float = number.nearest_f64();
        (float.is_finite() && slow_from_f64(float) == *number).then_some(float)
    }

    fn check_fast_paths(value: f64) {
        let number = Number::from_f64(value).unwrap();
        assert_eq!(number, slow_from_f64(value), "from_f64({value:e})");
        assert_eq!(
            number.to_f64().ok(),
            slow_to_f64(&number),
            "to_f64({number})"
        );
        assert_eq!(number.to_f64().unwrap().to_bits(), value.to_bits());
    }

    #[test]
    fn float_fast_paths_agree_with_printing_and_parsing() {
        for value in [
            0.5,
            0.1,
            0.2,
            0.3,
            0.75,
            1.5,
            6.283185,
            999.5,
            -2.25,
            1e-8,
            1.5e-8,
            9.99e-9,
            123456789.123,
            0.1 + 0.2,
            1.0 / 3.0,
            2.0 / 3.0,
            5e-324,
            1e300,
            1.7976931348623157e308,
            999999999999999.9,
            99999999999999.99,
            1e15 - 0.5,
            12345678.87654321,
        ] {
            check_fast_paths(value);
            check_fast_paths(-value);
        }
        // A deterministic spread of floats: short decimals, long ones, every magnitude.
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..20_000 {
            let r = next();
            let value = match r % 4 {
                0 => f64::from_bits(next()),
                1 => (next() % 1_000_000_000) as f64 / 10f64.powi((r >> 8) as i32 % 12),
                2 => (next() % 100_000) as f64 * 10f64.powi((r >> 8) as i32 % 40 - 20),
                _ => f64::from(next() as u32) / f64::from((r >> 32) as u32 | 1),
            };
            if value.is_finite() {
                check_fast_paths(value);
            }
        }
        // Decimals that are not a float's shortest decimal, at the fast path's edges.
        for _ in 0..20_000 {
            let r = next();
            let digits = 10u64.pow((r % 17) as u32);
            let mantissa = (next() % digits) as i64 * if r & 1 == 0 { 1 } else { -1 };
            let exponent = (r >> 8) as i64 % 50 - 25;
            let number = Number::canonical_small(mantissa, exponent).unwrap();
            assert_eq!(
                number.to_f64().ok(),
                slow_to_f64(&number),
                "to_f64({number})"
            );
        }
        // Numbers that are not exactly a float's shortest decimal keep failing.
        for text in [
            "0.10000000000000001",
            "9007199254740993",
            "1.0000000000000001",
        ] {
            assert_eq!(n(text).to_f64().ok(), slow_to_f64(&n(text)), "{text}");
        }
    }

    #[test]
    fn decimal_text_is_plain_and_canonical() {
        assert_eq!(n("15").to_string(), "15");
        assert_eq!(n("6.283185").to_string(), "6.283185");
        assert_eq!(n("1.50").to_string(), "1.5");
        assert_eq!(n("1000.0").to_string(), "1000");
        assert_eq!(n("0.001").to_string(), "0.001");
        assert_eq!(n("-0.5").to_string(), "-0.5");
        assert_eq!(n("1e3").to_string(), "1000");
        assert_eq!(n("+2.5E-3").to_string(), "0.0025");
        assert_eq!(n("1e400").to_string(), format!("1{}", "0".repeat(400)));
        assert_eq!(
            n("123456789012345678901234567890").to_string(),
            "123456789012345678901234567890"
        );
        assert_eq!(
            n("0.1000000000000000055511151231257827").to_string(),
            "0.1000000000000000055511151231257827"
        );
    }

    #[test]
    fn negative_zero_is_a_zero_of_its_own() {
        for text in ["-0", "-0.000", "-0e5", "-00000000000000000000000000000.0"] {
            let negative = n(text);
            assert!(negative.is_negative_zero() && negative.is_zero(), "{text}");
            assert_eq!(negative, Number::NEGATIVE_ZERO);
            assert_ne!(negative, Number::ZERO);
            assert_eq!(negative.cmp(&Number::ZERO), Ordering::Less);
            assert_eq!(Number::ZERO.cmp(&negative), Ordering::Greater);
            assert_eq!(negative.cmp(&Number::from(-1)), Ordering::Greater);
            assert_eq!(negative.cmp(&n("-0.0")), Ordering::Equal);
            assert_eq!(negative.to_string(), "-0");
            assert_eq!(negative.to_parts(), (BigInt::ZERO, 0));
            assert_eq!(negative.to_i64(), Ok(0));
            assert!(negative.to_f64().unwrap().is_sign_negative());
            assert!(negative.to_f32().unwrap().is_sign_negative());
            assert!(negative.to_f64_exact().unwrap().is_sign_negative());
        }
        for zero in ["0", "+0", "0.0", "0e-7"] {
            assert!(!n(zero).is_negative_zero(), "{zero}");
        }
        assert!(Number::from_f64(-0.0).unwrap().is_negative_zero());
        assert!(Number::from_f32(-0.0).unwrap().is_negative_zero());
        assert!(Number::from_f64_exact(-0.0).is_negative_zero());
        assert!(!Number::from_f64(0.0).unwrap().is_negative_zero());
        assert!(Number::from(0).negated().is_negative_zero());
        assert!(!Number::NEGATIVE_ZERO.negated().is_negative_zero());
        assert_eq!(n("-2.5").negated(), n("2.5"));
        assert_eq!(
            Number::from(i64::MIN).negated().to_string(),
            "9223372036854775808"
        );
    }

    #[test]
    fn equal_values_are_equal_whatever_the_spelling() {
        assert_eq!(n("1.5"), n("15e-1"));
        assert_eq!(n("100"), Number::from(100u8));
        assert_eq!(
            n("18446744073709551617"),
            Number::from(u128::from(u64::MAX) + 2)
        );
        let a = n("123456789012345678901234567890");
        let b = n("12345678901234567890123456789e1");
        assert_eq!(a, b);
        use std::collections::hash_map::DefaultHasher;
        let hash = |x: &Number| {
            let mut h = DefaultHasher::new();
            x.hash(&mut h);
            h.finish()
        };
        assert_eq!(hash(&a), hash(&b));
    }

    #[test]
    fn ordering_is_numeric() {
        let mut values: Vec<Number> = ["10", "-3", "0.5", "1e400", "-1e400", "0", "2", "1.999"]
            .iter()
            .map(|s| n(s))
            .collect();
        values.sort();
        let text: Vec<String> = values.iter().map(|v| v.to_string()).collect();
        assert_eq!(text[0], format!("-1{}", "0".repeat(400)));
        assert_eq!(&text[1..7], ["-3", "0", "0.5", "1.999", "2", "10"]);
        assert!(n("18446744073709551617") > n("18446744073709551616"));
        assert!(n("-18446744073709551617") < n("-18446744073709551616"));
    }

    #[test]
    fn integers_report_overflow_and_precision_loss() {
        assert_eq!(n("127").to_i8().unwrap(), 127);
        assert!(matches!(
            n("128").to_i8(),
            Err(NumberError::Overflow { target: "i8", .. })
        ));
        assert!(matches!(
            n("-1").to_u32(),
            Err(NumberError::Overflow { target: "u32", .. })
        ));
        assert!(matches!(
            n("1.5").to_i64(),
            Err(NumberError::PrecisionLoss { .. })
        ));
        assert_eq!(n("9223372036854775807").to_i64().unwrap(), i64::MAX);
        assert!(n("9223372036854775808").to_i64().is_err()); // 2^63
        assert_eq!(n("9223372036854775808").to_u64().unwrap(), 1u64 << 63);
        assert!(n("18446744073709551617").to_u64().is_err()); // 2^64 + 1
        assert!(n("1e400").to_i64().is_err());
        assert_eq!(n("1e3").to_i16().unwrap(), 1000);
    }

    #[test]
    fn floats_follow_the_print_back_rule() {
        assert_eq!(n("0.1").to_f64().unwrap(), 0.1);
        assert_eq!(n("6.283185").to_f64().unwrap(), 6.283185);
        assert_eq!(n("0.75").to_f64().unwrap(), 0.75);
        assert_eq!(n("9007199254740992").to_f64().unwrap(), 9007199254740992.0);
        assert!(matches!(
            n("9007199254740993").to_f64(),
            Err(NumberError::PrecisionLoss { .. })
        ));
        assert!(matches!(
            n("1e400").to_f64(),
            Err(NumberError::Overflow { .. })
        ));
        assert!(matches!(
            n("1e-400").to_f64(),
            Err(NumberError::PrecisionLoss { .. })
        ));
        assert_eq!(n("0.1").to_f32().unwrap(), 0.1f32);
        assert!(n("16777217").to_f32().is_err());
        assert!(n("1e39").to_f32().is_err());
    }

    #[test]
    fn floats_become_their_shortest_decimal() {
        assert_eq!(Number::from_f64(0.1).unwrap().to_string(), "0.1");
        assert_eq!(Number::from_f64(1e300).unwrap(), n("1e300"));
        assert_eq!(Number::from_f64(-2.5).unwrap().to_string(), "-2.5");
        assert_eq!(Number::from_f32(0.1).unwrap().to_string(), "0.1");
        assert!(Number::from_f64(f64::NAN).is_err());
        assert!(Number::from_f64(f64::INFINITY).is_err());
    }

    #[test]
    fn exact_float_values() {
        assert_eq!(
            Number::from_f64_exact(0.1).to_string(),
            "0.1000000000000000055511151231257827021181583404541015625"
        );
        assert_eq!(n("0.75").to_f64_exact(), Some(0.75));
        assert_eq!(n("0.1").to_f64_exact(), None);
        assert_eq!(
            n("9223372036854775808").to_f64_exact(),
            Some(9223372036854775808.0)
        );
        assert_eq!(n("18446744073709551617").to_f64_exact(), None);
        assert_eq!(Number::from_f64_exact(5e-324).to_f64_exact(), Some(5e-324));
    }

    #[test]
    fn bad_text_is_rejected_with_a_reason() {
        for bad in [
            "", "-", "abc", "1.2.3", " 1", "1e", "0x10", "1_000", "Inf", ".", "1e+",
        ] {
            assert!(bad.parse::<Number>().is_err(), "{bad:?} should not parse");
        }
        assert!(n(".5") == n("0.5"));
        assert!(n("5.") == n("5"));
        assert!("1e200000".parse::<Number>().is_err());
        assert!("1e-200000".parse::<Number>().is_err());
        assert!("1e99999999999999999999".parse::<Number>().is_err());
    }

    #[test]
    fn big_integers_round_trip() {
        let two_64_plus_1: BigInt = (BigInt::from(1u8) << 64usize) + 1u8;
        let number = Number::from(two_64_plus_1.clone());
        assert_eq!(number.to_bigint().unwrap(), two_64_plus_1);
        assert_eq!(number.to_u128().unwrap(), (1u128 << 64) + 1);
        let (m, e) = n("1.25e-7").to_parts();
        assert_eq!((m, e), (BigInt::from(125), -9));
    }
}
