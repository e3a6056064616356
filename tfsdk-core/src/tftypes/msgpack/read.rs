//! The one msgpack reader: a cursor over the bytes that checks lengths, UTF-8 and nesting
//! and hands out primitives and container headers without building anything. The value codec
//! ([`Value::from_msgpack`](crate::tftypes::Value::from_msgpack)) and the direct struct codec
//! (`msgpack_direct`) both read through it, so they accept the same bytes with the same
//! messages.

// Parts of this module serve only the direct struct codec (feature `msgpack-direct`).
#![cfg_attr(not(feature = "msgpack-direct"), allow(dead_code))]

use rmp::Marker;

use super::describe;
use crate::tftypes::wire::{check_level, step_down};
use crate::tftypes::{Number, NumberError, Type, ValueError};

/// A reading error: boxed, so that the reader's results stay small on the hot path.
pub type ReadError = Box<ValueError>;

/// What a msgpack value at a position holds for a reader that can take null and unknown apart.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Read<T> {
    /// nil.
    Null,
    /// An extension value (Terraform's unknown; any extension type reads as unknown, as in
    /// terraform-plugin-go).
    Unknown,
    /// A value of the asked-for kind.
    Known(T),
}

/// A number as it is on the wire, before it becomes a Rust number.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum WireNumber<'a> {
    /// Any integer that fits `i64`.
    Int(i64),
    /// A `uint64` above `i64::MAX`.
    BigUint(u64),
    /// A float64, with the offset of its marker (for messages).
    F64(f64, usize),
    /// A float32, with the offset of its marker.
    F32(f32, usize),
    /// Decimal text.
    Text(&'a str),
}

impl WireNumber<'_> {
    /// The exact [`Number`] the value route reads: a float as the shortest decimal that reads
    /// back as the same float (integral floats of 9·10¹⁵ and more as their exact value), a
    /// float32 with a fraction as the shortest decimal of that float32.
    ///
    /// # Errors
    /// NaN and infinities; text that is not a number.
    pub fn to_number(self) -> Result<Number, ValueError> {
        match self {
            WireNumber::Int(i) => Ok(Number::from(i)),
            WireNumber::BigUint(u) => Ok(Number::from(u)),
            WireNumber::F64(f, at) => float_number(f)
                .map_err(|e| ValueError::new(format!("invalid number at byte {at}: {e}"))),
            WireNumber::F32(f, at) => if f.is_finite() && f.fract() != 0.0 {
                Number::from_f32(f)
            } else {
                float_number(f64::from(f))
            }
            .map_err(|e| ValueError::new(format!("invalid number at byte {at}: {e}"))),
            WireNumber::Text(text) => text
                .parse()
                .map_err(|e| ValueError::new(format!("invalid number: {e}"))),
        }
    }

    /// The number as a machine number: [`WireNumber::to_number`], then `convert` (one of
    /// [`Number`]'s conversions: [`Number::to_i8`], …, [`Number::to_f32`]). The wire's errors
    /// become `E`s, `convert`'s are made by `error`. The rule the shortcuts below are checked
    /// against, and the way for the numbers they do not cover.
    #[cold]
    #[inline(never)]
    pub(crate) fn convert<T, E: From<ValueError>>(
        self,
        convert: fn(&Number) -> Result<T, NumberError>,
        error: fn(NumberError) -> E,
    ) -> Result<T, E> {
        let number = self.to_number()?;
        convert(&number).map_err(error)
    }

    /// [`WireNumber::convert`] into an integer type: an integer that `T` holds is taken as it
    /// is, the rest goes through the [`Number`] (with its overflow and precision errors).
    #[inline]
    pub(crate) fn to_integer<T: TryFrom<i64>, E: From<ValueError>>(
        self,
        convert: fn(&Number) -> Result<T, NumberError>,
        error: fn(NumberError) -> E,
    ) -> Result<T, E> {
        if let WireNumber::Int(i) = self
            && let Ok(v) = T::try_from(i)
        {
            return Ok(v);
        }
        self.convert(convert, error)
    }

    /// [`WireNumber::convert`] with [`Number::to_f64`], without the [`Number`] for the usual
    /// cases: a float64 that `float_number` reads as its shortest decimal is that decimal's
    /// nearest float, itself (`-0.0` included), and an integer below 9·10¹⁵ is exactly a float
    /// that prints as itself.
    #[inline]
    pub(crate) fn to_f64<E: From<ValueError>>(self, error: fn(NumberError) -> E) -> Result<f64, E> {
        match self {
            WireNumber::F64(f, _) if f.is_finite() && !reads_exactly(f) => Ok(f),
            WireNumber::Int(i) if i.unsigned_abs() < 9_000_000_000_000_000 => Ok(i as f64),
            _ => self.convert(Number::to_f64, error),
        }
    }
}

/// A float as a number: NaN and infinities are errors, integral floats keep their exact value,
/// the others become the shortest decimal that reads back as the same float.
fn float_number(f: f64) -> Result<Number, NumberError> {
    if reads_exactly(f) {
        Ok(Number::from_f64_exact(f))
    } else {
        Number::from_f64(f)
    }
}

/// True for the floats `float_number` reads as their exact value rather than their shortest
/// decimal: integral floats from 9·10¹⁵ on (below, the two are the same integer).
#[inline]
fn reads_exactly(f: f64) -> bool {
    f.fract() == 0.0 && f.abs() >= 9.0e15
}

/// A cursor over msgpack bytes: the one reader of the wire format.
///
/// It knows the nesting level of the value at its position (the root is level 1) and refuses
/// to go below [`MAX_DEPTH`](crate::tftypes::MAX_DEPTH). Every method either consumes one
/// complete item or fails; a failed decoder is not to be used further.
#[derive(Debug)]
pub struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
    level: usize,
}

#[inline]
fn is_extension(byte: u8) -> bool {
    matches!(byte, 0xc7..=0xc9 | 0xd4..=0xd8)
}

/// `expected T, found X`, as `tftypes::msgpack` says it.
#[cold]
#[inline(never)]
fn expected(ty: &Type, found: &str) -> ReadError {
    Box::new(ValueError::new(format!("expected {ty}, found {found}")))
}

impl<'a> Reader<'a> {
    /// A decoder at the start of `bytes`, at level 1.
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader {
            bytes,
            pos: 0,
            level: 1,
        }
    }

    /// The offset of the next byte.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// The nesting level of the value at the position (the root is 1).
    pub fn level(&self) -> usize {
        self.level
    }

    /// Fails unless every byte was read.
    ///
    /// # Errors
    /// `N trailing bytes after the value at byte P`.
    pub fn finish(&self) -> Result<(), ReadError> {
        if self.pos == self.bytes.len() {
            Ok(())
        } else {
            Err(Box::new(ValueError::new(format!(
                "{} trailing bytes after the value at byte {}",
                self.bytes.len() - self.pos,
                self.pos
            ))))
        }
    }

    /// Steps one level down, for the elements of a container that has some.
    ///
    /// # Errors
    /// Below [`MAX_DEPTH`](crate::tftypes::MAX_DEPTH).
    #[inline]
    pub fn enter(&mut self) -> Result<(), ReadError> {
        step_down(&mut self.level).map_err(Box::new)
    }

    /// Steps back up after [`Reader::enter`].
    #[inline]
    pub fn leave(&mut self) {
        self.level -= 1;
    }

    fn remaining(&self) -> usize {
        self.bytes.len() - self.pos
    }

    #[cold]
    #[inline(never)]
    fn end_of_input(&self) -> ReadError {
        Box::new(ValueError::new(format!(
            "unexpected end of input at byte {}",
            self.bytes.len()
        )))
    }

    /// What the next item is, for messages (`string`, `array`, …), not consumed.
    ///
    /// # Errors
    /// At the end of the input.
    pub fn describe_next(&self) -> Result<&'static str, ReadError> {
        self.peek().map(|byte| describe(Marker::from_u8(byte)))
    }

    /// The next byte, not consumed.
    #[inline]
    fn peek(&self) -> Result<u8, ReadError> {
        match self.bytes.get(self.pos) {
            Some(&b) => Ok(b),
            None => Err(self.end_of_input()),
        }
    }

    #[inline]
    fn take(&mut self, n: usize) -> Result<&'a [u8], ReadError> {
        if n > self.remaining() {
            return Err(self.end_of_input());
        }
        let bytes = &self.bytes[self.pos..self.pos + n];
        self.pos += n;
        Ok(bytes)
    }

    #[inline]
    fn take_array<const N: usize>(&mut self) -> Result<[u8; N], ReadError> {
        let bytes = self.take(N)?;
        let mut array = [0; N];
        array.copy_from_slice(bytes);
        Ok(array)
    }

    #[inline]
    fn u8(&mut self) -> Result<u8, ReadError> {
        Ok(self.take_array::<1>()?[0])
    }

    #[inline]
    fn u16(&mut self) -> Result<u16, ReadError> {
        Ok(u16::from_be_bytes(self.take_array()?))
    }

    #[inline]
    fn u32(&mut self) -> Result<u32, ReadError> {
        Ok(u32::from_be_bytes(self.take_array()?))
    }

    #[inline]
    fn u64(&mut self) -> Result<u64, ReadError> {
        Ok(u64::from_be_bytes(self.take_array()?))
    }

    /// The error for the value at the position when `ty` was expected: `expected string,
    /// found integer`.
    #[cold]
    #[inline(never)]
    pub fn mismatch(&self, ty: &Type) -> ReadError {
        match self.peek() {
            Ok(byte) => expected(ty, describe(Marker::from_u8(byte))),
            Err(e) => e,
        }
    }

    /// Consumes nil or an extension value (unknown) if one is next.
    #[inline]
    pub fn null_or_unknown(&mut self) -> Result<Option<Read<()>>, ReadError> {
        let byte = self.peek()?;
        if byte == 0xc0 {
            self.pos += 1;
            Ok(Some(Read::Null))
        } else if is_extension(byte) {
            self.skip_extension(byte)?;
            Ok(Some(Read::Unknown))
        } else {
            Ok(None)
        }
    }

    /// True (nothing consumed) when nil is next.
    #[inline]
    pub fn peek_nil(&self) -> Result<bool, ReadError> {
        Ok(self.peek()? == 0xc0)
    }

    #[cold]
    fn skip_extension(&mut self, byte: u8) -> Result<(), ReadError> {
        self.pos += 1;
        let data = match byte {
            0xd4 => 1,
            0xd5 => 2,
            0xd6 => 4,
            0xd7 => 8,
            0xd8 => 16,
            0xc7 => usize::from(self.u8()?),
            0xc8 => usize::from(self.u16()?),
            _ => self.u32()? as usize,
        };
        // The extension type byte, then the data.
        self.take(data.saturating_add(1)).map(|_| ())
    }

    /// A length prefix after its marker, checked against the bytes left: every element takes
    /// at least `min_size` bytes, so a longer claim is an error before anything is allocated.
    #[inline]
    fn checked_len(&self, len: usize, min_size: usize, what: &str) -> Result<usize, ReadError> {
        if len.saturating_mul(min_size) > self.remaining() {
            return Err(self.claims_too_much(len, what));
        }
        Ok(len)
    }

    #[cold]
    #[inline(never)]
    fn claims_too_much(&self, len: usize, what: &str) -> ReadError {
        Box::new(ValueError::new(format!(
            "{what} of {len} claims more than the {} bytes left at byte {}",
            self.remaining(),
            self.pos
        )))
    }

    /// The length of the array that follows (consumed), or `None` (nothing consumed).
    #[inline]
    pub fn array_header(&mut self) -> Result<Option<usize>, ReadError> {
        self.container_header([0x90, 0xdc, 0xdd], 1, "an array")
    }

    /// The number of entries of the map that follows (consumed), or `None`.
    #[inline]
    pub fn map_header(&mut self) -> Result<Option<usize>, ReadError> {
        self.container_header([0x80, 0xde, 0xdf], 2, "a map")
    }

    /// The length of the container that follows (consumed), or `None` (nothing consumed):
    /// `markers` are its fix form's base (length in the low four bits) and its 16- and 32-bit
    /// forms; each entry holds `items_per_entry` values.
    #[inline(always)]
    fn container_header(
        &mut self,
        [fix, marker16, marker32]: [u8; 3],
        items_per_entry: usize,
        what: &'static str,
    ) -> Result<Option<usize>, ReadError> {
        let b = self.peek()?;
        let len = if b & 0xf0 == fix {
            self.pos += 1;
            usize::from(b & 0x0f)
        } else if b == marker16 {
            self.pos += 1;
            usize::from(self.u16()?)
        } else if b == marker32 {
            self.pos += 1;
            self.u32()? as usize
        } else {
            return Ok(None);
        };
        self.checked_len(len, items_per_entry, what).map(Some)
    }

    /// The bytes of the str or bin that follows (consumed), or `None`.
    #[inline(always)]
    pub fn raw_str(&mut self) -> Result<Option<&'a [u8]>, ReadError> {
        let len = match self.peek()? {
            b @ 0xa0..=0xbf => {
                self.pos += 1;
                usize::from(b & 0x1f)
            }
            0xd9 | 0xc4 => {
                self.pos += 1;
                usize::from(self.u8()?)
            }
            0xda | 0xc5 => {
                self.pos += 1;
                usize::from(self.u16()?)
            }
            0xdb | 0xc6 => {
                self.pos += 1;
                self.u32()? as usize
            }
            _ => return Ok(None),
        };
        self.take(len).map(Some)
    }

    /// A string (str, or bin as tftypes also accepts), or `None` (nothing consumed).
    #[inline(always)]
    fn str(&mut self) -> Result<Option<&'a str>, ReadError> {
        let at = self.pos;
        match self.raw_str()? {
            Some(bytes) => match std::str::from_utf8(bytes) {
                Ok(s) => Ok(Some(s)),
                Err(_) => Err(invalid_utf8(at)),
            },
            None => Ok(None),
        }
    }

    /// A map key or attribute name.
    ///
    /// # Errors
    /// Anything but a string.
    #[inline]
    pub fn key(&mut self) -> Result<&'a str, ReadError> {
        match self.str()? {
            Some(key) => Ok(key),
            None => Err(self.key_not_a_string()),
        }
    }

    /// A map key's bytes, not checked to be UTF-8 (for matching against known ASCII names;
    /// [`key`](Reader::key) checks).
    ///
    /// # Errors
    /// Anything but a string.
    #[inline]
    pub fn key_bytes(&mut self) -> Result<&'a [u8], ReadError> {
        match self.raw_str()? {
            Some(key) => Ok(key),
            None => Err(self.key_not_a_string()),
        }
    }

    #[cold]
    #[inline(never)]
    fn key_not_a_string(&self) -> ReadError {
        match self.peek() {
            Ok(byte) => Box::new(ValueError::new(format!(
                "map keys must be strings, found {} at byte {}",
                describe(Marker::from_u8(byte)),
                self.pos
            ))),
            Err(e) => e,
        }
    }

    /// A string value, or null or unknown.
    ///
    /// # Errors
    /// Anything else (`expected string, found …`), invalid UTF-8, truncated input.
    #[inline(always)]
    pub fn read_str(&mut self) -> Result<Read<&'a str>, ReadError> {
        if let Some(s) = self.str()? {
            return Ok(Read::Known(s));
        }
        match self.null_or_unknown()? {
            Some(Read::Null) => Ok(Read::Null),
            Some(_) => Ok(Read::Unknown),
            None => Err(self.mismatch(&Type::String)),
        }
    }

    /// A bool value, or null or unknown.
    ///
    /// # Errors
    /// Anything else, truncated input.
    #[inline]
    pub fn read_bool(&mut self) -> Result<Read<bool>, ReadError> {
        match self.peek()? {
            0xc2 => {
                self.pos += 1;
                Ok(Read::Known(false))
            }
            0xc3 => {
                self.pos += 1;
                Ok(Read::Known(true))
            }
            _ => match self.null_or_unknown()? {
                Some(Read::Null) => Ok(Read::Null),
                Some(_) => Ok(Read::Unknown),
                None => Err(self.mismatch(&Type::Bool)),
            },
        }
    }

    /// A number as on the wire, or null or unknown.
    ///
    /// # Errors
    /// Anything else, invalid UTF-8 in decimal text, truncated input. (Text that is not a
    /// number fails later, in [`WireNumber::to_number`].)
    #[inline]
    pub fn read_number(&mut self) -> Result<Read<WireNumber<'a>>, ReadError> {
        let at = self.pos;
        let byte = self.peek()?;
        let number = match byte {
            0x00..=0x7f => {
                self.pos += 1;
                WireNumber::Int(i64::from(byte))
            }
            0xe0..=0xff => {
                self.pos += 1;
                WireNumber::Int(i64::from(byte as i8))
            }
            0xcc => {
                self.pos += 1;
                WireNumber::Int(i64::from(self.u8()?))
            }
            0xcd => {
                self.pos += 1;
                WireNumber::Int(i64::from(self.u16()?))
            }
            0xce => {
                self.pos += 1;
                WireNumber::Int(i64::from(self.u32()?))
            }
            0xcf => {
                self.pos += 1;
                let u = self.u64()?;
                match i64::try_from(u) {
                    Ok(i) => WireNumber::Int(i),
                    Err(_) => WireNumber::BigUint(u),
                }
            }
            0xd0 => {
                self.pos += 1;
                WireNumber::Int(i64::from(self.u8()? as i8))
            }
            0xd1 => {
                self.pos += 1;
                WireNumber::Int(i64::from(self.u16()? as i16))
            }
            0xd2 => {
                self.pos += 1;
                WireNumber::Int(i64::from(self.u32()? as i32))
            }
            0xd3 => {
                self.pos += 1;
                WireNumber::Int(self.u64()? as i64)
            }
            0xca => {
                self.pos += 1;
                WireNumber::F32(f32::from_bits(self.u32()?), at)
            }
            0xcb => {
                self.pos += 1;
                WireNumber::F64(f64::from_bits(self.u64()?), at)
            }
            _ => {
                if let Some(text) = self.str()? {
                    return Ok(Read::Known(WireNumber::Text(text)));
                }
                return match self.null_or_unknown()? {
                    Some(Read::Null) => Ok(Read::Null),
                    Some(_) => Ok(Read::Unknown),
                    None => Err(self.mismatch(&Type::Number)),
                };
            }
        };
        Ok(Read::Known(number))
    }

    /// The length of an array, or null or unknown. `ty` gives the expected type for the
    /// message when something else is there.
    ///
    /// # Errors
    /// Anything else, a length larger than the bytes left, truncated input.
    #[inline]
    pub fn read_array(&mut self, ty: fn() -> Type) -> Result<Read<usize>, ReadError> {
        let header = self.array_header()?;
        self.container(header, ty)
    }

    /// The number of entries of a map, or null or unknown. `ty` gives the expected type for
    /// the message when something else is there.
    ///
    /// # Errors
    /// Anything else, a length larger than the bytes left, truncated input.
    #[inline]
    pub fn read_map(&mut self, ty: fn() -> Type) -> Result<Read<usize>, ReadError> {
        let header = self.map_header()?;
        self.container(header, ty)
    }

    /// A container whose `header` was read (`None`: something else is there, null or unknown
    /// or a mismatch).
    #[inline]
    fn container(
        &mut self,
        header: Option<usize>,
        ty: fn() -> Type,
    ) -> Result<Read<usize>, ReadError> {
        if let Some(len) = header {
            return Ok(Read::Known(len));
        }
        match self.null_or_unknown()? {
            Some(Read::Null) => Ok(Read::Null),
            Some(_) => Ok(Read::Unknown),
            None => Err(self.mismatch(&ty())),
        }
    }

    /// The bytes of the next complete msgpack value, whatever it is (consumed), with the
    /// value's structure and nesting checked (not its type). Errors have no path: the value's
    /// type is not known here.
    ///
    /// # Errors
    /// Truncated or malformed input, lengths larger than the bytes left, nesting beyond
    /// [`MAX_DEPTH`](crate::tftypes::MAX_DEPTH).
    pub fn skip_value(&mut self) -> Result<&'a [u8], ReadError> {
        let start = self.pos;
        self.skip(self.level)?;
        Ok(&self.bytes[start..self.pos])
    }

    fn skip(&mut self, level: usize) -> Result<(), ReadError> {
        check_level(level)?;
        let byte = self.peek()?;
        match byte {
            0x00..=0x7f | 0xe0..=0xff | 0xc0 | 0xc2 | 0xc3 => self.pos += 1,
            0xcc | 0xd0 => self.take(2).map(|_| ())?,
            0xcd | 0xd1 => self.take(3).map(|_| ())?,
            0xce | 0xd2 | 0xca => self.take(5).map(|_| ())?,
            0xcf | 0xd3 | 0xcb => self.take(9).map(|_| ())?,
            0xa0..=0xbf | 0xd9..=0xdb | 0xc4..=0xc6 => {
                self.raw_str()?;
            }
            0x90..=0x9f | 0xdc | 0xdd => {
                let len = self.array_header()?.unwrap_or(0);
                for _ in 0..len {
                    self.skip(level + 1)?;
                }
            }
            0x80..=0x8f | 0xde | 0xdf => {
                let len = self.map_header()?.unwrap_or(0);
                for _ in 0..len {
                    self.skip(level + 1)?;
                    self.skip(level + 1)?;
                }
            }
            0xc7..=0xc9 | 0xd4..=0xd8 => self.skip_extension(byte)?,
            _ => return Err(self.mismatch(&Type::Dynamic)),
        }
        Ok(())
    }

    /// The decoder as if the value at its position were at `level` (tests).
    #[cfg(test)]
    pub(crate) fn at_level(mut self, level: usize) -> Reader<'a> {
        self.level = level;
        self
    }

    /// Rewinds to `pos` (an offset this decoder was at before), at the level it had there.
    pub(crate) fn rewind(&mut self, pos: usize, level: usize) {
        self.pos = pos;
        self.level = level;
    }
}

#[cold]
#[inline(never)]
pub(crate) fn invalid_utf8(at: usize) -> ReadError {
    Box::new(ValueError::new(format!(
        "invalid UTF-8 in the string at byte {at}"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tftypes::msgpack::tests::{Failure, failure, float_samples, integer_samples};

    /// The rule: [`WireNumber::to_number`], then the [`Number`]'s conversion.
    fn by_the_rule<T>(
        n: WireNumber<'_>,
        convert: fn(&Number) -> Result<T, NumberError>,
    ) -> Result<T, Failure> {
        let number = n.to_number()?;
        convert(&number).map_err(failure)
    }

    fn wire_numbers() -> Vec<WireNumber<'static>> {
        let mut numbers: Vec<WireNumber<'static>> =
            integer_samples().into_iter().map(WireNumber::Int).collect();
        numbers.extend([1 << 63, u64::MAX].map(WireNumber::BigUint));
        for f in float_samples() {
            numbers.push(WireNumber::F64(f, 0));
            numbers.push(WireNumber::F32(f as f32, 0));
        }
        numbers.extend(["0.1", "-0", "1e400", "9007199254740993", "x"].map(WireNumber::Text));
        numbers
    }

    macro_rules! assert_integers_read_as_the_rule_does {
        ($n:expr, $($to:ident),*) => {$(
            assert_eq!(
                $n.to_integer(Number::$to, failure),
                by_the_rule($n, Number::$to),
                "{:?} {}",
                $n,
                stringify!($to)
            );
        )*};
    }

    #[test]
    fn machine_number_shortcuts_read_as_the_rule_does() {
        for n in wire_numbers() {
            assert_eq!(
                n.to_f64(failure).map(f64::to_bits),
                by_the_rule(n, Number::to_f64).map(f64::to_bits),
                "{n:?} to_f64"
            );
            assert_integers_read_as_the_rule_does!(
                n, to_i8, to_i16, to_i32, to_i64, to_isize, to_i128, to_u8, to_u16, to_u32, to_u64,
                to_usize, to_u128
            );
        }
    }

    #[test]
    fn a_negative_zero_reads_as_a_negative_zero() {
        let read = WireNumber::F64(-0.0, 0).to_f64(failure).unwrap();
        assert!(read == 0.0 && read.is_sign_negative());
    }
}
