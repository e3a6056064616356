//! The reading side: [`tftypes`' msgpack reader](crate::tftypes) with this codec's [`Error`],
//! handing out primitives without building values.

use super::Error;
use crate::tftypes::Type;
use crate::tftypes::msgpack::Reader;
pub use crate::tftypes::msgpack::{Read, WireNumber};

/// A cursor over msgpack bytes: the value codec's reader, whose errors become [`Error::Wire`].
///
/// It knows the nesting level of the value at its position (the root is level 1) and refuses
/// to go below [`MAX_DEPTH`](crate::tftypes::MAX_DEPTH). Every method either consumes one
/// complete item or fails; a failed decoder is not to be used further.
#[derive(Debug)]
pub struct Decoder<'a> {
    r: Reader<'a>,
}

impl<'a> Decoder<'a> {
    /// A decoder at the start of `bytes`, at level 1.
    pub fn new(bytes: &'a [u8]) -> Decoder<'a> {
        Decoder {
            r: Reader::new(bytes),
        }
    }

    /// The offset of the next byte.
    pub fn position(&self) -> usize {
        self.r.position()
    }

    /// The nesting level of the value at the position (the root is 1).
    pub fn level(&self) -> usize {
        self.r.level()
    }

    /// Fails unless every byte was read.
    ///
    /// # Errors
    /// `N trailing bytes after the value at byte P`.
    pub fn finish(&self) -> Result<(), Error> {
        self.r.finish().map_err(Error::Wire)
    }

    /// Steps one level down, for the elements of a container that has some.
    ///
    /// # Errors
    /// Below [`MAX_DEPTH`](crate::tftypes::MAX_DEPTH).
    #[inline]
    pub fn enter(&mut self) -> Result<(), Error> {
        self.r.enter().map_err(Error::Wire)
    }

    /// Steps back up after [`Decoder::enter`].
    #[inline]
    pub fn leave(&mut self) {
        self.r.leave();
    }

    /// The error for the value at the position when `ty` was expected: `expected string,
    /// found integer`.
    #[cold]
    #[inline(never)]
    pub fn mismatch(&self, ty: &Type) -> Error {
        Error::Wire(self.r.mismatch(ty))
    }

    /// Consumes nil or an extension value (unknown) if one is next.
    ///
    /// # Errors
    /// Truncated input.
    #[inline]
    pub fn null_or_unknown(&mut self) -> Result<Option<Read<()>>, Error> {
        self.r.null_or_unknown().map_err(Error::Wire)
    }

    /// True (nothing consumed) when nil is next.
    ///
    /// # Errors
    /// At the end of the input.
    #[inline]
    pub fn peek_nil(&self) -> Result<bool, Error> {
        self.r.peek_nil().map_err(Error::Wire)
    }

    /// A map key or attribute name.
    ///
    /// # Errors
    /// Anything but a string.
    #[inline]
    pub fn key(&mut self) -> Result<&'a str, Error> {
        self.r.key().map_err(Error::Wire)
    }

    /// A map key's bytes, not checked to be UTF-8 (for matching against known ASCII names;
    /// [`key`](Decoder::key) checks).
    ///
    /// # Errors
    /// Anything but a string.
    #[inline]
    pub fn key_bytes(&mut self) -> Result<&'a [u8], Error> {
        self.r.key_bytes().map_err(Error::Wire)
    }

    /// A string value, or null or unknown.
    ///
    /// # Errors
    /// Anything else (`expected string, found …`), invalid UTF-8, truncated input.
    #[inline]
    pub fn read_str(&mut self) -> Result<Read<&'a str>, Error> {
        self.r.read_str().map_err(Error::Wire)
    }

    /// A bool value, or null or unknown.
    ///
    /// # Errors
    /// Anything else, truncated input.
    #[inline]
    pub fn read_bool(&mut self) -> Result<Read<bool>, Error> {
        self.r.read_bool().map_err(Error::Wire)
    }

    /// A number as on the wire, or null or unknown.
    ///
    /// # Errors
    /// Anything else, invalid UTF-8 in decimal text, truncated input. (Text that is not a
    /// number fails later, in [`WireNumber::to_number`].)
    #[inline]
    pub fn read_number(&mut self) -> Result<Read<WireNumber<'a>>, Error> {
        self.r.read_number().map_err(Error::Wire)
    }

    /// The length of an array, or null or unknown. `ty` gives the expected type for the
    /// message when something else is there.
    ///
    /// # Errors
    /// Anything else, a length larger than the bytes left, truncated input.
    #[inline]
    pub fn read_array(&mut self, ty: fn() -> Type) -> Result<Read<usize>, Error> {
        self.r.read_array(ty).map_err(Error::Wire)
    }

    /// The number of entries of a map, or null or unknown. `ty` gives the expected type for
    /// the message when something else is there.
    ///
    /// # Errors
    /// Anything else, a length larger than the bytes left, truncated input.
    #[inline]
    pub fn read_map(&mut self, ty: fn() -> Type) -> Result<Read<usize>, Error> {
        self.r.read_map(ty).map_err(Error::Wire)
    }

    /// The bytes of the next complete msgpack value, whatever it is (consumed), with the
    /// value's structure and nesting checked (not its type). Errors have no path: the value's
    /// type is not known here.
    ///
    /// # Errors
    /// Truncated or malformed input, lengths larger than the bytes left, nesting beyond
    /// [`MAX_DEPTH`](crate::tftypes::MAX_DEPTH).
    pub fn skip_value(&mut self) -> Result<&'a [u8], Error> {
        self.r.skip_value().map_err(Error::Wire)
    }

    /// The decoder as if the value at its position were at `level` (tests).
    #[cfg(test)]
    pub(crate) fn at_level(self, level: usize) -> Decoder<'a> {
        Decoder {
            r: self.r.at_level(level),
        }
    }

    /// Rewinds to `pos` (an offset this decoder was at before), at the level it had there.
    pub(crate) fn rewind(&mut self, pos: usize, level: usize) {
        self.r.rewind(pos, level);
    }
}
