//! msgpack bytes straight to Rust structs and back, without building [`Value`] trees.
//!
//! The plugin protocol carries configuration, plan and state as msgpack (`DynamicValue`). The
//! value route reads those bytes into a [`Value`] tree ([`Value::from_msgpack`]) and converts
//! the tree into the struct ([`FromValue`]); it allocates every node twice. This module reads
//! the bytes into the struct directly, and writes a struct as bytes directly, with the same
//! rules:
//!
//! - null and unknown keep their meaning: nil is `None` / a framework type's null, an extension
//!   value is a framework type's unknown, and a type that cannot hold them gives the same
//!   [`ConvertError`] as the value route (`received a null value, but `String` cannot hold
//!   null; …`);
//! - numbers follow the same rules (overflow and precision checks, floats that must print back
//!   as the same decimal);
//! - an object's keys must be exactly the struct's attribute names, else the error lists both
//!   sides ("mismatch between struct and object: …"); a duplicate key is an error; a null or
//!   unknown object cannot become a bare struct;
//! - bytes of the wrong msgpack type are an error with the attribute path
//!   (`buckets[3].name: expected string, found integer`); truncated or malformed input is an
//!   error, never a panic; a length prefix is checked against the bytes left before it sizes
//!   anything; nesting deeper than [`MAX_DEPTH`](crate::tftypes::MAX_DEPTH) levels is an error
//!   (counted as [`Value::from_msgpack`] counts: the root is level 1);
//! - writing gives byte for byte what [`Value::to_msgpack`] writes for the struct's
//!   [`ToValue::to_value`]: attributes sorted by name, the most compact integer, numbers that
//!   are no exact `f64` as decimal text.
//!
//! ```
//! use tfsdk_core::TfObject;
//! use tfsdk_core::msgpack_direct;
//! use tfsdk_core::types;
//!
//! #[derive(TfObject, Debug, PartialEq)]
//! struct Bucket {
//!     #[tfsdk(name = "name")]
//!     name: String,
//!     #[tfsdk(name = "size")]
//!     size: types::Int64,
//!     #[tfsdk(name = "tags")]
//!     tags: Option<Vec<String>>,
//! }
//!
//! // {"name": "docs", "size": unknown, "tags": null}
//! let bytes = [
//!     0x83, 0xa4, b'n', b'a', b'm', b'e', 0xa4, b'd', b'o', b'c', b's',
//!     0xa4, b's', b'i', b'z', b'e', 0xd4, 0x00, 0x00,
//!     0xa4, b't', b'a', b'g', b's', 0xc0,
//! ];
//! let bucket: Bucket = msgpack_direct::from_slice(&bytes).unwrap();
//! assert_eq!(bucket.size, types::Int64::unknown());
//! assert_eq!(bucket.tags, None);
//! assert_eq!(msgpack_direct::to_vec(&bucket).unwrap(), bytes);
//!
//! // The same result as the value route.
//! assert_eq!(msgpack_direct::from_slice_via_value::<Bucket>(&bytes).unwrap(), bucket);
//!
//! // Errors carry the path.
//! let mut bad = bytes;
//! bad[6] = 0x07; // the string "docs" becomes the integer 7
//! let err = msgpack_direct::from_slice::<Bucket>(&bad).unwrap_err();
//! assert_eq!(err.to_string(), "name: expected string, found integer");
//! ```
//!
//! # What converts directly
//!
//! [`MsgpackDecode`] and [`MsgpackEncode`] are implemented for `String`, `bool`, every integer
//! type, `f32`, `f64`, [`Number`](crate::tftypes::Number), `Option<T>`, `Box<T>`, `Vec<T>`,
//! `BTreeMap<String, T>`, `HashMap<String, T>`, the framework types `types::String`,
//! `types::Bool`, `types::Int64`, `types::Int32`, `types::Float64`, `types::Float32` and
//! `types::Number`, and every `#[derive(TfObject)]` struct. Sets (`BTreeSet`, `HashSet`)
//! implement both traits through the value route (their duplicate rules are those of
//! [`Value`] sets).
//!
//! A field of any other type (`tftypes::Value`, `types::List`, `types::Object`, a
//! provider-defined type, a field whose type mentions a type parameter of a generic struct)
//! still works in a derived struct: the derive falls back to the value route for that field
//! alone (its bytes are decoded with [`Value::from_msgpack`] against its Terraform type and
//! converted with [`FromValue`]; written with [`ToValue`] and [`Value::write_msgpack`]).
//!
//! # Differences from the value route
//!
//! Results are the same for every input both accept. Errors are the same for an input with
//! one problem, with two documented exceptions:
//!
//! - an object whose keys are not the struct's attribute names gives the struct's
//!   "mismatch between struct and object" error listing both sides (the value route's
//!   [`FromValue`] error), where [`Value::from_msgpack`] against the struct's type would say
//!   "missing object attributes" or "unsupported attribute";
//! - in a field decoded through the value route fallback, byte offsets in messages are not
//!   offsets into the whole input (the field's bytes are decoded on their own), and truncation
//!   or too deep nesting found while finding the field's end is reported at the field's path
//!   (not at the part inside it).
//!
//! With several problems the direct route reports the first one in byte order, while the
//! value route reports problems of the bytes before problems of the conversion, and
//! conversion problems in field order.
//!
//! The value route refuses to write any value of a type nested deeper than
//! [`MAX_DEPTH`](crate::tftypes::MAX_DEPTH) (136 nested lists, say), however shallow the value;
//! the direct route only refuses values that are nested too deeply.

mod decode;
mod encode;
mod impls;
mod object;
#[cfg(test)]
mod tests;

#[doc(hidden)]
pub mod __private;

use std::fmt;

pub use decode::{Decoder, Read, WireNumber};
pub use encode::Encoder;

use crate::convert::{ConvertError, FromValue, TerraformType, ToValue};
use crate::diag::Diagnostic;
use crate::path::{AttributePath, PathStep};
use crate::tftypes::{Value, ValueError};

/// A Rust type read straight from msgpack bytes (one value of its
/// [`TerraformType::terraform_type`]).
///
/// Implementations read exactly one msgpack value at the decoder's position and follow the
/// rules of the type's [`FromValue`] implementation: the result and the errors are those of
/// decoding the bytes with [`Value::from_msgpack`] and converting with [`FromValue`].
/// `#[derive(TfObject)]` implements it for every derived struct.
pub trait MsgpackDecode: FromValue + TerraformType {
    /// Reads one value.
    ///
    /// # Errors
    /// Bytes that are not a value of the type, or a value that does not convert (see
    /// [`Error`]); the error's path is relative to this value.
    fn decode_msgpack(decoder: &mut Decoder<'_>) -> Result<Self, Error>;
}

/// A Rust type written straight as msgpack bytes (as a value of its
/// [`TerraformType::terraform_type`]).
///
/// Implementations write exactly the bytes [`Value::write_msgpack`] writes for
/// [`ToValue::to_value`] of the type's Terraform type, and fail where it fails.
/// `#[derive(TfObject)]` implements it for every derived struct.
pub trait MsgpackEncode: ToValue + TerraformType {
    /// Writes the value.
    ///
    /// # Errors
    /// A value with no Terraform equivalent (a NaN float), or nesting beyond
    /// [`MAX_DEPTH`](crate::tftypes::MAX_DEPTH).
    fn encode_msgpack(&self, encoder: &mut Encoder<'_>) -> Result<(), Error>;
}

/// Reads a `T` from msgpack bytes holding one value of `T`'s Terraform type.
///
/// # Errors
/// See [`Error`]; trailing bytes after the value are an error too.
pub fn from_slice<T: MsgpackDecode>(bytes: &[u8]) -> Result<T, Error> {
    let mut decoder = Decoder::new(bytes);
    let value = T::decode_msgpack(&mut decoder)?;
    decoder.finish()?;
    Ok(value)
}

/// Writes `value` as msgpack: the bytes of [`Value::to_msgpack`] for `value.to_value(&T::terraform_type())`.
///
/// # Errors
/// See [`MsgpackEncode::encode_msgpack`].
pub fn to_vec<T: MsgpackEncode + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    write(value, &mut out)?;
    Ok(out)
}

/// As [`to_vec`], appending to `out`; on error `out` is left as it was.
///
/// # Errors
/// See [`MsgpackEncode::encode_msgpack`].
pub fn write<T: MsgpackEncode + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
    let start = out.len();
    let result = value.encode_msgpack(&mut Encoder::new(out));
    if result.is_err() {
        out.truncate(start);
    }
    result
}

/// The value route, for comparison: [`Value::from_msgpack`] against `T`'s Terraform type, then
/// [`FromValue::from_value`].
///
/// # Errors
/// [`Error::Wire`] from the decoding, [`Error::Convert`] from the conversion.
pub fn from_slice_via_value<T: FromValue + TerraformType>(bytes: &[u8]) -> Result<T, Error> {
    let value = Value::from_msgpack(bytes, &T::terraform_type())?;
    Ok(T::from_value(value)?)
}

/// The value route, for comparison: [`ToValue::to_value`] for `T`'s Terraform type, then
/// [`Value::to_msgpack`].
///
/// # Errors
/// [`Error::Convert`] from the conversion, [`Error::Wire`] from the encoding.
pub fn to_vec_via_value<T: ToValue + TerraformType + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    let ty = T::terraform_type();
    let value = value.to_value(&ty)?;
    Ok(value.to_msgpack(&ty)?)
}

/// Why bytes did not become a Rust value, or a Rust value did not become bytes.
///
/// Both kinds carry the attribute path of the offending part and print as `path: message`.
///
/// Boxed, so that results stay small on the success path.
#[derive(Clone, Debug, PartialEq)]
pub enum Error {
    /// The bytes are not a value of the expected Terraform type (wrong msgpack type, truncated
    /// or malformed input, a duplicate key, nesting too deep), or a value is too long for
    /// msgpack: the errors of [`Value::from_msgpack`] and [`Value::to_msgpack`].
    Wire(Box<ValueError>),
    /// The value does not convert to or from the Rust type (null or unknown into a type that
    /// cannot hold it, a number that does not fit, an object whose attributes are not the
    /// struct's): the errors of [`FromValue`] and [`ToValue`].
    Convert(Box<ConvertError>),
}

impl Error {
    /// An [`Error::Wire`].
    #[cold]
    pub fn wire(error: ValueError) -> Error {
        Error::Wire(Box::new(error))
    }

    /// An [`Error::Convert`].
    #[cold]
    pub fn convert(error: ConvertError) -> Error {
        Error::Convert(Box::new(error))
    }

    /// Where the error happened.
    pub fn path(&self) -> &AttributePath {
        match self {
            Error::Wire(e) => &e.path,
            Error::Convert(e) => e.path(),
        }
    }

    /// The same error one step further from the root.
    #[cold]
    pub fn under(self, step: PathStep) -> Error {
        match self {
            Error::Wire(e) => Error::wire(e.under(step)),
            Error::Convert(e) => Error::convert(e.under(step)),
        }
    }

    /// [`Error::under`] an object attribute.
    #[cold]
    pub fn under_attribute(self, name: &str) -> Error {
        self.under(PathStep::AttributeName(name.to_owned()))
    }

    /// [`Error::under`] a list index.
    #[cold]
    pub fn under_index(self, index: usize) -> Error {
        self.under(PathStep::ElementKeyInt(index as i64))
    }

    /// [`Error::under`] a map key.
    #[cold]
    pub fn under_key(self, key: &str) -> Error {
        self.under(PathStep::ElementKeyString(key.to_owned()))
    }

    /// The error as a diagnostic with its path: summary "Value Conversion Error" for
    /// conversions (as [`ConvertError::to_diagnostic`]), "Invalid msgpack value" for the bytes.
    pub fn to_diagnostic(&self) -> Diagnostic {
        match self {
            Error::Convert(e) => e.to_diagnostic(),
            Error::Wire(e) => Diagnostic::error("Invalid msgpack value", e.message.clone())
                .with_path(e.path.clone()),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Wire(e) => e.fmt(f),
            Error::Convert(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Error {}

impl From<ValueError> for Error {
    #[cold]
    fn from(error: ValueError) -> Error {
        Error::wire(error)
    }
}

impl From<ConvertError> for Error {
    #[cold]
    fn from(error: ConvertError) -> Error {
        Error::convert(error)
    }
}
