//! The writing side: [`tftypes`' msgpack writer](crate::tftypes) with this codec's [`Error`],
//! writing straight into a buffer.

use super::Error;
use crate::tftypes::msgpack::Writer;
use crate::tftypes::too_deep;
use crate::tftypes::{MAX_DEPTH, Number, Type, Value};

/// Appends msgpack to a buffer through the value codec's writer (so both write the same
/// bytes), tracking the nesting level of the value being written (the root is level 1) to
/// refuse nesting beyond [`MAX_DEPTH`] as [`Value::to_msgpack`] does.
#[derive(Debug)]
pub struct Encoder<'o> {
    w: Writer<'o>,
}

impl<'o> Encoder<'o> {
    /// An encoder appending to `out`, at level 1.
    pub fn new(out: &'o mut Vec<u8>) -> Encoder<'o> {
        Encoder {
            w: Writer::new(out),
        }
    }

    /// The encoder as if the value written next were at `level` (tests).
    #[cfg(test)]
    pub(crate) fn at_level(self, level: usize) -> Encoder<'o> {
        Encoder {
            w: self.w.at_level(level),
        }
    }

    /// The nesting level of the value written next.
    pub fn level(&self) -> usize {
        self.w.level()
    }

    /// The bytes written so far (and whatever the buffer held before).
    pub fn buffer(&mut self) -> &mut Vec<u8> {
        self.w.buffer()
    }

    /// Steps one level down, for the elements of a container that has some.
    ///
    /// # Errors
    /// Below [`MAX_DEPTH`].
    #[inline]
    pub fn enter(&mut self) -> Result<(), Error> {
        self.w.enter().map_err(Error::wire)
    }

    /// Steps back up after [`Encoder::enter`].
    #[inline]
    pub fn leave(&mut self) {
        self.w.leave();
    }

    /// nil: a null value.
    #[inline]
    pub fn write_null(&mut self) {
        self.w.write_null();
    }

    /// An unknown value: extension type 0 with one zero byte.
    #[inline]
    pub fn write_unknown(&mut self) {
        self.w.write_unknown();
    }

    /// A bool.
    #[inline]
    pub fn write_bool(&mut self, value: bool) {
        self.w.write_bool(value);
    }

    /// A string.
    ///
    /// # Errors
    /// Longer than 2³² − 1 bytes.
    #[inline]
    pub fn write_str(&mut self, value: &str) -> Result<(), Error> {
        self.w.write_str(value).map_err(Error::wire)
    }

    /// An array header.
    ///
    /// # Errors
    /// More than 2³² − 1 elements.
    #[inline]
    pub fn write_array_len(&mut self, len: usize) -> Result<(), Error> {
        self.w.write_array_len(len).map_err(Error::wire)
    }

    /// A map header.
    ///
    /// # Errors
    /// More than 2³² − 1 entries.
    #[inline]
    pub fn write_map_len(&mut self, len: usize) -> Result<(), Error> {
        self.w.write_map_len(len).map_err(Error::wire)
    }

    /// An integer in its most compact form (as [`Value::to_msgpack`] writes numbers that fit
    /// `i64`).
    #[inline]
    pub fn write_int(&mut self, v: i64) {
        self.w.write_int(v);
    }

    /// A float64, as is (`cb` and the eight bytes).
    #[inline]
    pub fn write_float64(&mut self, value: f64) {
        self.w.write_float64(value);
    }

    /// A number, in the form [`Value::to_msgpack`] chooses: an integer when it fits `i64`, a
    /// float64 when it is exactly one (and reads back as itself), else its decimal text.
    ///
    /// # Errors
    /// Only for text longer than msgpack can say.
    pub fn write_number(&mut self, n: &Number) -> Result<(), Error> {
        self.w.write_number(n).map_err(Error::wire)
    }

    /// The value codec's writer underneath, whose machine-number rules
    /// ([`Writer::write_integer`], [`Writer::write_f64`], …) the direct impls call.
    #[inline]
    pub(crate) fn writer(&mut self) -> &mut Writer<'o> {
        &mut self.w
    }

    /// A value of type `ty`, through [`Value::write_msgpack`] (the fallback for types without
    /// a direct encoding); nesting is counted from this encoder's level.
    ///
    /// # Errors
    /// A value that is not of type `ty`, nesting beyond [`MAX_DEPTH`].
    pub fn write_value(&mut self, value: &Value, ty: &Type) -> Result<(), Error> {
        let level = self.w.level();
        if level > 1 && value.depth() + level - 1 > MAX_DEPTH {
            return Err(Error::wire(too_deep()));
        }
        value
            .write_msgpack(ty, self.w.buffer())
            .map_err(Error::wire)
    }
}
