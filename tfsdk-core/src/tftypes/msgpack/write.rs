//! The one msgpack writer: the byte forms terraform-plugin-go's `tftypes` chooses (most
//! compact lengths and integers, unknown as `d4 00 00`, numbers as integer, float64 or text),
//! written straight into a buffer. The value codec and the direct struct codec both write
//! through it, so they write the same bytes.

// Parts of this module serve only the direct struct codec (feature `msgpack-direct`).
#![cfg_attr(not(feature = "msgpack-direct"), allow(dead_code))]

use crate::tftypes::wire::step_down;
use crate::tftypes::{Number, NumberError, ValueError, binary_parts};

/// Appends msgpack to a buffer, tracking the nesting level of the value being written (the
/// root is level 1) to refuse nesting beyond [`MAX_DEPTH`](crate::tftypes::MAX_DEPTH).
#[derive(Debug)]
pub struct Writer<'o> {
    out: &'o mut Vec<u8>,
    level: usize,
}

#[cold]
#[inline(never)]
fn too_long(len: usize) -> ValueError {
    ValueError::new(format!(
        "{len} elements or bytes are more than msgpack can encode (2^32 - 1)"
    ))
}

impl<'o> Writer<'o> {
    /// An encoder appending to `out`, at level 1.
    pub fn new(out: &'o mut Vec<u8>) -> Writer<'o> {
        Writer { out, level: 1 }
    }

    /// The writer as if the value written next were at `level` (tests).
    #[cfg(test)]
    pub(crate) fn at_level(mut self, level: usize) -> Writer<'o> {
        self.level = level;
        self
    }

    /// The nesting level of the value written next.
    pub fn level(&self) -> usize {
        self.level
    }

    /// The bytes written so far (and whatever the buffer held before).
    pub fn buffer(&mut self) -> &mut Vec<u8> {
        self.out
    }

    /// Steps one level down, for the elements of a container that has some.
    ///
    /// # Errors
    /// Below [`MAX_DEPTH`](crate::tftypes::MAX_DEPTH).
    #[inline]
    pub fn enter(&mut self) -> Result<(), ValueError> {
        step_down(&mut self.level)
    }

    /// Steps back up after [`Writer::enter`].
    #[inline]
    pub fn leave(&mut self) {
        self.level -= 1;
    }

    /// nil: a null value.
    #[inline]
    pub fn write_null(&mut self) {
        self.out.push(0xc0);
    }

    /// An unknown value: extension type 0 with one zero byte.
    #[inline]
    pub fn write_unknown(&mut self) {
        self.out.extend_from_slice(&[0xd4, 0x00, 0x00]);
    }

    /// A bool.
    #[inline]
    pub fn write_bool(&mut self, value: bool) {
        self.out.push(if value { 0xc3 } else { 0xc2 });
    }

    /// A string.
    ///
    /// # Errors
    /// Longer than 2³² − 1 bytes.
    #[inline]
    pub fn write_str(&mut self, value: &str) -> Result<(), ValueError> {
        let len = value.len();
        if len < 32 {
            self.out.push(0xa0 | len as u8);
        } else {
            self.write_len(len, 0xd9, 0xda, 0xdb)?;
        }
        self.out.extend_from_slice(value.as_bytes());
        Ok(())
    }

    /// An array header.
    ///
    /// # Errors
    /// More than 2³² − 1 elements.
    #[inline]
    pub fn write_array_len(&mut self, len: usize) -> Result<(), ValueError> {
        self.write_container_len(len, [0x90, 0xdc, 0xdd])
    }

    /// A map header.
    ///
    /// # Errors
    /// More than 2³² − 1 entries.
    #[inline]
    pub fn write_map_len(&mut self, len: usize) -> Result<(), ValueError> {
        self.write_container_len(len, [0x80, 0xde, 0xdf])
    }

    /// A container's header: the fix form (`fix` with the length in the low four bits) below
    /// 16, else the 16- or 32-bit form.
    #[inline]
    fn write_container_len(
        &mut self,
        len: usize,
        [fix, marker16, marker32]: [u8; 3],
    ) -> Result<(), ValueError> {
        if len < 16 {
            self.out.push(fix | len as u8);
            Ok(())
        } else {
            self.write_wide_len(len, marker16, marker32)
        }
    }

    fn write_len(
        &mut self,
        len: usize,
        eight: u8,
        sixteen: u8,
        thirty_two: u8,
    ) -> Result<(), ValueError> {
        if let Ok(len) = u8::try_from(len) {
            self.out.extend_from_slice(&[eight, len]);
            Ok(())
        } else {
            self.write_wide_len(len, sixteen, thirty_two)
        }
    }

    fn write_wide_len(
        &mut self,
        len: usize,
        sixteen: u8,
        thirty_two: u8,
    ) -> Result<(), ValueError> {
        if let Ok(len) = u16::try_from(len) {
            self.out.push(sixteen);
            self.out.extend_from_slice(&len.to_be_bytes());
        } else if let Ok(len) = u32::try_from(len) {
            self.out.push(thirty_two);
            self.out.extend_from_slice(&len.to_be_bytes());
        } else {
            return Err(too_long(len));
        }
        Ok(())
    }

    /// An integer in its most compact form (as `tftypes::msgpack` writes numbers that fit
    /// `i64`).
    #[inline]
    pub fn write_int(&mut self, v: i64) {
        // Positive and negative fixint: the byte is the value.
        if (-32..128).contains(&v) {
            self.out.push(v as u8);
        } else {
            self.write_wide_int(v);
        }
    }

    fn write_wide_int(&mut self, v: i64) {
        if v >= 0 {
            let v = v as u64;
            if let Ok(v) = u8::try_from(v) {
                self.tagged(0xcc, &[v]);
            } else if let Ok(v) = u16::try_from(v) {
                self.tagged(0xcd, &v.to_be_bytes());
            } else if let Ok(v) = u32::try_from(v) {
                self.tagged(0xce, &v.to_be_bytes());
            } else {
                self.tagged(0xcf, &v.to_be_bytes());
            }
        } else if let Ok(v) = i8::try_from(v) {
            self.tagged(0xd0, &v.to_be_bytes());
        } else if let Ok(v) = i16::try_from(v) {
            self.tagged(0xd1, &v.to_be_bytes());
        } else if let Ok(v) = i32::try_from(v) {
            self.tagged(0xd2, &v.to_be_bytes());
        } else {
            self.tagged(0xd3, &v.to_be_bytes());
        }
    }

    /// A marker byte and the big-endian bytes that follow it.
    #[inline]
    fn tagged(&mut self, marker: u8, bytes: &[u8]) {
        self.out.push(marker);
        self.out.extend_from_slice(bytes);
    }

    /// A float64, as is (`cb` and the eight bytes).
    #[inline]
    pub fn write_float64(&mut self, value: f64) {
        self.out.push(0xcb);
        self.out.extend_from_slice(&value.to_bits().to_be_bytes());
    }

    /// A number, in the form `tftypes` chooses: an integer when it fits `i64`, a float64 when
    /// it is exactly one (and reads back as itself), else its decimal text.
    ///
    /// # Errors
    /// Only for text longer than msgpack can say.
    pub fn write_number(&mut self, n: &Number) -> Result<(), ValueError> {
        // The float -0.0 keeps the sign, so every value read (go-cty reads -0.0 as a negative
        // zero) is written back as it was; Terraform itself never sends a negative zero.
        if n.is_negative_zero() {
            self.write_float64(-0.0);
            return Ok(());
        }
        if n.is_integer() {
            if let Ok(i) = n.to_i64() {
                self.write_int(i);
                return Ok(());
            }
            // An integral float reads back as its exact integer, so any exact float will do.
            if let Some(f) = n.to_f64_exact() {
                self.write_float64(f);
                return Ok(());
            }
        } else if let Some(f) = fraction_as_f64(n) {
            self.write_float64(f);
            return Ok(());
        }
        self.write_str(&n.to_string())
    }

    /// An integer, as [`Writer::write_number`] writes it as a [`Number`]: most compactly.
    ///
    /// # Errors
    /// As [`Writer::write_number`].
    #[inline]
    pub fn write_integer<T, E>(&mut self, v: T) -> Result<(), E>
    where
        T: Copy + TryInto<i64> + Into<Number>,
        E: From<ValueError>,
    {
        match v.try_into() {
            Ok(i) => {
                self.write_int(i);
                Ok(())
            }
            Err(_) => Ok(self.write_number(&v.into())?),
        }
    }

    /// An `f64` as [`Writer::write_number`] writes its [`Number::from_f64`], the shortest
    /// decimal that reads back as it; NaN and infinities are `error`s. The usual cases skip the
    /// [`Number`]: an integral float below 9·10¹⁵ is that integer, and a short binary fraction
    /// is written as the float itself, as `fraction_as_f64` decides for its decimal.
    ///
    /// # Errors
    /// NaN and infinities (made by `error`); as [`Writer::write_number`].
    #[inline]
    pub fn write_f64<E: From<ValueError>>(
        &mut self,
        f: f64,
        error: fn(NumberError) -> E,
    ) -> Result<(), E> {
        if f.is_finite() {
            let negative_zero = f == 0.0 && f.is_sign_negative();
            if f == f.trunc() && f.abs() < 9.0e15 && !negative_zero {
                self.write_int(f as i64);
                return Ok(());
            }
            if is_short_binary_fraction(f) {
                self.write_float64(f);
                return Ok(());
            }
        }
        self.write_through_number(f, Number::from_f64, error)
    }

    /// An `f32` as [`Writer::write_number`] writes its [`Number::from_f32`]; NaN and infinities
    /// are `error`s.
    ///
    /// # Errors
    /// NaN and infinities (made by `error`); as [`Writer::write_number`].
    pub fn write_f32<E: From<ValueError>>(
        &mut self,
        f: f32,
        error: fn(NumberError) -> E,
    ) -> Result<(), E> {
        self.write_through_number(f, Number::from_f32, error)
    }

    /// A float the long way: its number (`to_number`'s), written by [`Writer::write_number`];
    /// out of line, so that the shortcuts inlined into callers stay small.
    #[cold]
    #[inline(never)]
    fn write_through_number<F, E: From<ValueError>>(
        &mut self,
        f: F,
        to_number: fn(F) -> Result<Number, NumberError>,
        error: fn(NumberError) -> E,
    ) -> Result<(), E> {
        let n = to_number(f).map_err(error)?;
        Ok(self.write_number(&n)?)
    }

    /// A bin header and the bytes (a dynamic value's type JSON).
    ///
    /// # Errors
    /// Longer than 2³² − 1 bytes.
    pub fn write_bin(&mut self, bytes: &[u8]) -> Result<(), ValueError> {
        self.write_len(bytes.len(), 0xc4, 0xc5, 0xc6)?;
        self.out.extend_from_slice(bytes);
        Ok(())
    }
}

/// The float64 to write for a number with a fractional part: one that is exactly the number
/// *and* reads back as the same number (a float reads as its shortest decimal). tftypes only
/// asks for the first; the second only differs for decimals of 16 or more digits that happen to
/// be exact binary fractions, which we write as text so they survive the round trip.
fn fraction_as_f64(n: &Number) -> Option<f64> {
    if let Some((m, _)) = n.to_small_parts()
        && m.unsigned_abs() < SHORT_FRACTION_LIMIT
    {
        // A decimal of 15 digits or fewer is exactly a float when its nearest float is a short
        // binary fraction: two such decimals never share their nearest float, so the float's
        // exact value is this decimal.
        let f = n.nearest_f64();
        return is_short_binary_fraction(f).then_some(f);
    }
    let f = n.to_f64_exact()?;
    Number::from_f64(f).ok().filter(|back| back == n).map(|_| f)
}

/// 10¹⁵: decimals with a mantissa below it have at most 15 digits, and distinct ones have
/// distinct nearest floats.
const SHORT_FRACTION_LIMIT: u64 = 1_000_000_000_000_000;

/// True when `f` has a fraction and its exact decimal value has at most 15 significant digits
/// (`0.5`, `0.375`, `-2.25`; not `0.1`, whose exact value is a long binary fraction).
///
/// Such a float is written as a float64: its shortest decimal is its exact value, which is
/// exactly a float and reads back as itself.
#[inline]
fn is_short_binary_fraction(f: f64) -> bool {
    let (mut mantissa, mut exponent) = binary_parts(f);
    if mantissa == 0 {
        return false;
    }
    let zeros = mantissa.trailing_zeros();
    mantissa >>= zeros;
    exponent += i64::from(zeros);
    // f = mantissa / 2^k = mantissa × 5^k / 10^k, with mantissa odd: that many digits.
    let k = -exponent;
    if !(1..=27).contains(&k) {
        return false;
    }
    mantissa
        .checked_mul(5u64.pow(k as u32))
        .is_some_and(|digits| digits < SHORT_FRACTION_LIMIT)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tftypes::msgpack::tests::{Failure, failure, float_samples, integer_samples};

    fn written(
        write: impl FnOnce(&mut Writer<'_>) -> Result<(), Failure>,
    ) -> Result<Vec<u8>, Failure> {
        let mut out = Vec::new();
        write(&mut Writer::new(&mut out))?;
        Ok(out)
    }

    /// The rule: the machine number as a [`Number`], written by [`Writer::write_number`].
    fn by_the_rule(number: Result<Number, NumberError>) -> Result<Vec<u8>, Failure> {
        let number = number.map_err(failure)?;
        written(|w| Ok(w.write_number(&number)?))
    }

    #[test]
    fn machine_number_shortcuts_write_as_the_rule_does() {
        for f in float_samples() {
            assert_eq!(
                written(|w| w.write_f64(f, failure)),
                by_the_rule(Number::from_f64(f)),
                "{f:e}"
            );
            let f = f as f32;
            assert_eq!(
                written(|w| w.write_f32(f, failure)),
                by_the_rule(Number::from_f32(f)),
                "{f:e}f32"
            );
        }
        for i in integer_samples() {
            assert_eq!(
                written(|w| w.write_integer(i)),
                by_the_rule(Ok(Number::from(i)))
            );
            let wide = i128::from(i) << 40;
            assert_eq!(
                written(|w| w.write_integer(wide)),
                by_the_rule(Ok(Number::from(wide)))
            );
        }
        for u in [1 << 63, u64::MAX] {
            assert_eq!(
                written(|w| w.write_integer(u)),
                by_the_rule(Ok(Number::from(u)))
            );
        }
    }

    /// A fraction is written as a float64 exactly when some float is the number and reads
    /// back as it: the shortcut through [`is_short_binary_fraction`] agrees.
    #[test]
    fn fractions_are_floats_exactly_when_one_is_the_number_and_reads_back() {
        let mut numbers: Vec<Number> = Vec::new();
        for f in float_samples().into_iter().filter(|f| f.is_finite()) {
            numbers.extend(Number::from_f64(f));
            numbers.push(Number::from_f64_exact(f));
        }
        for digits in [
            "1",
            "5",
            "25",
            "375",
            "999999999999999",
            "1000000000000001",
            "3",
        ] {
            for places in [1, 2, 3, 10, 15, 16, 21, 22, 23, 27, 28, 40] {
                numbers.push(format!("{digits}e-{places}").parse().unwrap());
            }
        }
        for n in numbers.iter().filter(|n| !n.is_integer()) {
            let exact_and_reads_back = n
                .to_f64_exact()
                .filter(|f| Number::from_f64(*f).as_ref() == Ok(n));
            assert_eq!(
                fraction_as_f64(n).map(f64::to_bits),
                exact_and_reads_back.map(f64::to_bits),
                "{n}"
            );
        }
    }
}
