//! Values in msgpack, the plugin protocol's `DynamicValue` encoding, both directions, byte for
//! byte as terraform-plugin-go's `tftypes` (and go-cty's `cty/msgpack`) write them.
//!
//! | value | msgpack |
//! |---|---|
//! | null | nil (`c0`) |
//! | unknown | extension type 0 with one zero byte (`d4 00 00`) |
//! | string, bool | str, bool |
//! | number | the most compact integer when it fits `i64`; else float64 when the number is exactly that float; else its decimal text as a str |
//! | list, set, tuple | array (sets in canonical order) |
//! | map, object | map with str keys, sorted |
//! | a known value, or a null or unknown of a concrete type, where [`Type::Dynamic`] is declared | `[type JSON as bin, value]` |
//!
//! Decoding takes the expected type and checks the bytes against it in one pass over the
//! slice, straight into [`Value`]s, without an intermediate tree.

use std::collections::BTreeMap;

use rmp::Marker;

use super::json_syntax::JsonReader;
use super::type_json::{read_type, write_type};
use super::wire::{
    check_encodable, check_level, check_no_optional, expected, list_from, map_from, object_from,
    quoted_names, set_from, tuple_from,
};
use super::{Number, Type, Value, ValueError, ValueKind};
use crate::path::PathStep;

/// The bytes of an unknown value: fixext1, extension type 0, one zero data byte.
const UNKNOWN: [u8; 3] = [0xd4, 0x00, 0x00];

impl Value {
    /// The value in msgpack, encoded as type `ty` (the plugin protocol's `DynamicValue`).
    ///
    /// ```
    /// use tfsdk_core::tftypes::{Type, Value};
    ///
    /// let ty = Type::object([("a", Type::String), ("b", Type::Number)]);
    /// let value = Value::object(
    ///     ty.clone(),
    ///     [("a", Value::null(Type::String)), ("b", Value::unknown(Type::Number))],
    /// )
    /// .unwrap();
    /// let bytes = value.to_msgpack(&ty).unwrap();
    /// assert_eq!(bytes, [0x82, 0xa1, b'a', 0xc0, 0xa1, b'b', 0xd4, 0x00, 0x00]);
    /// assert_eq!(Value::from_msgpack(&bytes, &ty).unwrap(), value);
    /// ```
    ///
    /// # Errors
    /// A value that is not of type `ty`; nesting beyond [`MAX_DEPTH`](super::MAX_DEPTH)
    /// levels (the root is level 1, each element or attribute one level below its parent, and
    /// the type and value inside a dynamic wrapper one level below the wrapper); a string or
    /// collection longer than msgpack can say (2³² − 1). Errors carry the path of the
    /// offending part.
    pub fn to_msgpack(&self, ty: &Type) -> Result<Vec<u8>, ValueError> {
        let mut out = Vec::new();
        self.write_msgpack(ty, &mut out)?;
        Ok(out)
    }

    /// As [`Value::to_msgpack`], appending to `out`. On error `out` is left as it was.
    ///
    /// # Errors
    /// As [`Value::to_msgpack`].
    pub fn write_msgpack(&self, ty: &Type, out: &mut Vec<u8>) -> Result<(), ValueError> {
        check_encodable(self, ty)?;
        let start = out.len();
        let mut encoder = Encoder {
            out,
            scratch: String::new(),
        };
        let result = encoder.value(self, ty, 1);
        if result.is_err() {
            out.truncate(start);
        }
        result
    }

    /// Reads a value of type `ty` from msgpack.
    ///
    /// Any extension value reads as unknown (Terraform also sends refined unknowns as other
    /// extension types); integers of any width, float32, float64 and decimal strings read as
    /// numbers (a float reads as the shortest decimal that reads back as the same float; an
    /// integral float reads as its exact integer); a dynamic position reads `[type JSON, value]`
    /// with the type JSON as bin or str.
    ///
    /// ```
    /// use tfsdk_core::tftypes::{Type, Value};
    ///
    /// let ty = Type::list(Type::Number);
    /// let bytes = [0x93, 0x01, 0xcb, 0x3f, 0xd0, 0, 0, 0, 0, 0, 0, 0xd4, 0x00, 0x00];
    /// let value = Value::from_msgpack(&bytes, &ty).unwrap();
    /// assert_eq!(value.to_string(), "[1, 0.25, (unknown)]");
    ///
    /// let err = Value::from_msgpack(&[0x91, 0xa1, b'x'], &ty).unwrap_err();
    /// assert_eq!(err.to_string(), r#"[0]: invalid number: "x" is not a number: expected digits"#);
    /// ```
    ///
    /// # Errors
    /// Bytes that do not fit `ty` (with the path of the offending part), truncated input,
    /// trailing bytes after the value, invalid UTF-8 in strings, lengths larger than the input,
    /// duplicate map keys or set elements, missing or unknown object attributes, and nesting
    /// beyond [`MAX_DEPTH`](super::MAX_DEPTH) levels (counted as for [`Value::to_msgpack`];
    /// the input is never recursed into further than that). Never panics and never allocates
    /// more than a small multiple of the input's size, whatever the input.
    pub fn from_msgpack(bytes: &[u8], ty: &Type) -> Result<Value, ValueError> {
        let mut decoder = Decoder { bytes, pos: 0 };
        let value = decoder.value(ty, 1)?;
        if decoder.pos != bytes.len() {
            return Err(ValueError::new(format!(
                "{} trailing bytes after the value at byte {}",
                bytes.len() - decoder.pos,
                decoder.pos
            )));
        }
        Ok(value)
    }
}

// ---------------------------------------------------------------------------------------------
// Encoding

struct Encoder<'o> {
    out: &'o mut Vec<u8>,
    /// Reused for the type JSON of dynamic values.
    scratch: String,
}

impl Encoder<'_> {
    fn value(&mut self, value: &Value, ty: &Type, level: usize) -> Result<(), ValueError> {
        check_level(level)?;
        if ty.is_dynamic() && !value.ty().is_dynamic() {
            self.scratch.clear();
            write_type(value.ty(), &mut self.scratch, level + 1).map_err(ValueError::new)?;
            self.out.push(Marker::FixArray(2).to_u8());
            write_len(self.out, self.scratch.len(), BIN)?;
            self.out.extend_from_slice(self.scratch.as_bytes());
            return self.value(value, value.ty(), level + 1);
        }
        let mismatch = || expected(ty, &value.ty().to_string());
        match (value.kind(), ty) {
            (ValueKind::Unknown, _) => self.out.extend_from_slice(&UNKNOWN),
            (ValueKind::Null, _) => self.out.push(Marker::Null.to_u8()),
            (ValueKind::String(s), Type::String) => write_str(self.out, s)?,
            (ValueKind::Number(n), Type::Number) => write_number(self.out, n)?,
            (ValueKind::Bool(b), Type::Bool) => self.out.push(if b {
                Marker::True.to_u8()
            } else {
                Marker::False.to_u8()
            }),
            (ValueKind::List(elements), Type::List(element)) => {
                write_len(self.out, elements.len(), ARRAY)?;
                for (i, v) in elements.iter().enumerate() {
                    self.value(v, element, level + 1)
                        .map_err(|e| e.under(PathStep::ElementKeyInt(i as i64)))?;
                }
            }
            (ValueKind::Set(elements), Type::Set(element)) => {
                write_len(self.out, elements.len(), ARRAY)?;
                for v in elements {
                    self.value(v, element, level + 1)
                        .map_err(|e| e.under(PathStep::ElementKeyValue(v.clone())))?;
                }
            }
            (ValueKind::Tuple(elements), Type::Tuple(types)) if elements.len() == types.len() => {
                write_len(self.out, elements.len(), ARRAY)?;
                for (i, (v, t)) in elements.iter().zip(types.iter()).enumerate() {
                    self.value(v, t, level + 1)
                        .map_err(|e| e.under(PathStep::ElementKeyInt(i as i64)))?;
                }
            }
            (ValueKind::Map(elements), Type::Map(element)) => {
                write_len(self.out, elements.len(), MAP)?;
                for (k, v) in elements {
                    write_str(self.out, k)?;
                    self.value(v, element, level + 1)
                        .map_err(|e| e.under(PathStep::ElementKeyString(k.clone())))?;
                }
            }
            (ValueKind::Object(attributes), Type::Object(object)) => {
                check_no_optional(object)?;
                let types = object.attributes();
                if attributes.len() != types.len() {
                    return Err(mismatch());
                }
                write_len(self.out, types.len(), MAP)?;
                // Both maps are sorted by name and hold the same names (checked on entry).
                for ((name, t), (key, v)) in types.iter().zip(attributes) {
                    if name != key {
                        return Err(mismatch());
                    }
                    write_str(self.out, name)?;
                    self.value(v, t, level + 1)
                        .map_err(|e| e.under(PathStep::AttributeName(name.clone())))?;
                }
            }
            _ => return Err(mismatch()),
        }
        Ok(())
    }
}

/// The three markers of one length-prefixed family: `fix` (a mask, or none), 16-bit, 32-bit.
struct LenMarkers {
    fix: Option<(u8, usize)>,
    eight: Option<Marker>,
    sixteen: Marker,
    thirty_two: Marker,
}

const ARRAY: LenMarkers = LenMarkers {
    fix: Some((0x90, 16)),
    eight: None,
    sixteen: Marker::Array16,
    thirty_two: Marker::Array32,
};
const MAP: LenMarkers = LenMarkers {
    fix: Some((0x80, 16)),
    eight: None,
    sixteen: Marker::Map16,
    thirty_two: Marker::Map32,
};
const STR: LenMarkers = LenMarkers {
    fix: Some((0xa0, 32)),
    eight: Some(Marker::Str8),
    sixteen: Marker::Str16,
    thirty_two: Marker::Str32,
};
const BIN: LenMarkers = LenMarkers {
    fix: None,
    eight: Some(Marker::Bin8),
    sixteen: Marker::Bin16,
    thirty_two: Marker::Bin32,
};

/// Writes the most compact header for `len` in a family.
fn write_len(out: &mut Vec<u8>, len: usize, markers: LenMarkers) -> Result<(), ValueError> {
    match (markers.fix, markers.eight) {
        (Some((base, limit)), _) if len < limit => out.push(base | len as u8),
        (_, Some(eight)) if len <= usize::from(u8::MAX) => {
            out.extend_from_slice(&[eight.to_u8(), len as u8]);
        }
        _ => {
            if let Ok(len) = u16::try_from(len) {
                out.push(markers.sixteen.to_u8());
                out.extend_from_slice(&len.to_be_bytes());
            } else if let Ok(len) = u32::try_from(len) {
                out.push(markers.thirty_two.to_u8());
                out.extend_from_slice(&len.to_be_bytes());
            } else {
                return Err(ValueError::new(format!(
                    "{len} elements or bytes are more than msgpack can encode (2^32 - 1)"
                )));
            }
        }
    }
    Ok(())
}

fn write_str(out: &mut Vec<u8>, s: &str) -> Result<(), ValueError> {
    write_len(out, s.len(), STR)?;
    out.extend_from_slice(s.as_bytes());
    Ok(())
}

/// The most compact integer encoding, as rmp's `write_sint` and vmihailenco/msgpack's
/// `EncodeInt` choose it: non-negative values as positive fixint or uint8..uint64, negative
/// values as negative fixint or int8..int64.
fn write_int(out: &mut Vec<u8>, v: i64) {
    if v >= 0 {
        let v = v as u64;
        if v < 128 {
            out.push(v as u8);
        } else if let Ok(v) = u8::try_from(v) {
            out.extend_from_slice(&[Marker::U8.to_u8(), v]);
        } else if let Ok(v) = u16::try_from(v) {
            out.push(Marker::U16.to_u8());
            out.extend_from_slice(&v.to_be_bytes());
        } else if let Ok(v) = u32::try_from(v) {
            out.push(Marker::U32.to_u8());
            out.extend_from_slice(&v.to_be_bytes());
        } else {
            out.push(Marker::U64.to_u8());
            out.extend_from_slice(&v.to_be_bytes());
        }
    } else if v >= -32 {
        out.push(v as u8);
    } else if let Ok(v) = i8::try_from(v) {
        out.extend_from_slice(&[Marker::I8.to_u8(), v as u8]);
    } else if let Ok(v) = i16::try_from(v) {
        out.push(Marker::I16.to_u8());
        out.extend_from_slice(&v.to_be_bytes());
    } else if let Ok(v) = i32::try_from(v) {
        out.push(Marker::I32.to_u8());
        out.extend_from_slice(&v.to_be_bytes());
    } else {
        out.push(Marker::I64.to_u8());
        out.extend_from_slice(&v.to_be_bytes());
    }
}

fn write_number(out: &mut Vec<u8>, n: &Number) -> Result<(), ValueError> {
    if n.is_integer() {
        if let Ok(i) = n.to_i64() {
            write_int(out, i);
            return Ok(());
        }
        // An integral float reads back as its exact integer, so any exact float will do.
        if let Some(f) = n.to_f64_exact() {
            write_f64(out, f);
            return Ok(());
        }
    } else if let Some(f) = fraction_as_f64(n) {
        write_f64(out, f);
        return Ok(());
    }
    write_str(out, &n.to_string())
}

fn write_f64(out: &mut Vec<u8>, f: f64) {
    out.push(Marker::F64.to_u8());
    out.extend_from_slice(&f.to_bits().to_be_bytes());
}

/// The float64 to write for a number with a fractional part: one that is exactly the number
/// *and* reads back as the same number (a float reads as its shortest decimal). tftypes only
/// asks for the first; the second only differs for decimals of 16 or more digits that happen to
/// be exact binary fractions, which we write as text so they survive the round trip.
fn fraction_as_f64(n: &Number) -> Option<f64> {
    let (mantissa, exponent) = n.to_parts();
    let places = u32::try_from(-exponent).ok()?;
    if let Some(m) = i64::try_from(&mantissa)
        .ok()
        .filter(|m| m.unsigned_abs() < 1_000_000_000_000_000)
    {
        // m / 10^k is a binary fraction exactly when 5^k divides m; then it is q / 2^k with
        // q < 2^50, exact in a float. With 15 digits or fewer no shorter decimal lies within
        // half an ulp of it, so the float reads back as this very number.
        let five_k = 5i64.checked_pow(places)?;
        if m % five_k != 0 {
            return None;
        }
        let q = m / five_k;
        return Some(q as f64 / (1u64 << places) as f64);
    }
    let f = n.to_f64_exact()?;
    Number::from_f64(f).ok().filter(|back| back == n).map(|_| f)
}

// ---------------------------------------------------------------------------------------------
// Decoding

struct Decoder<'a> {
    bytes: &'a [u8],
    pos: usize,
}

/// What a marker introduces, for messages: `expected string, found array`. Shared with the
/// direct codec (`msgpack_direct`), whose messages are the same.
pub(crate) fn describe(marker: Marker) -> &'static str {
    match marker {
        Marker::FixPos(_)
        | Marker::FixNeg(_)
        | Marker::U8
        | Marker::U16
        | Marker::U32
        | Marker::U64
        | Marker::I8
        | Marker::I16
        | Marker::I32
        | Marker::I64 => "integer",
        Marker::F32 | Marker::F64 => "float",
        Marker::Null => "nil",
        Marker::True | Marker::False => "bool",
        Marker::FixStr(_) | Marker::Str8 | Marker::Str16 | Marker::Str32 => "string",
        Marker::Bin8 | Marker::Bin16 | Marker::Bin32 => "binary",
        Marker::FixArray(_) | Marker::Array16 | Marker::Array32 => "array",
        Marker::FixMap(_) | Marker::Map16 | Marker::Map32 => "map",
        Marker::FixExt1
        | Marker::FixExt2
        | Marker::FixExt4
        | Marker::FixExt8
        | Marker::FixExt16
        | Marker::Ext8
        | Marker::Ext16
        | Marker::Ext32 => "extension",
        Marker::Reserved => "the reserved byte 0xc1",
    }
}

impl<'a> Decoder<'a> {
    fn remaining(&self) -> usize {
        self.bytes.len() - self.pos
    }

    fn end_of_input(&self) -> ValueError {
        ValueError::new(format!(
            "unexpected end of input at byte {}",
            self.bytes.len()
        ))
    }

    fn peek(&self) -> Result<Marker, ValueError> {
        match self.bytes.get(self.pos) {
            Some(&b) => Ok(Marker::from_u8(b)),
            None => Err(self.end_of_input()),
        }
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8], ValueError> {
        if n > self.remaining() {
            return Err(self.end_of_input());
        }
        let bytes = &self.bytes[self.pos..self.pos + n];
        self.pos += n;
        Ok(bytes)
    }

    fn take_array<const N: usize>(&mut self) -> Result<[u8; N], ValueError> {
        let bytes = self.take(N)?;
        let mut array = [0; N];
        array.copy_from_slice(bytes);
        Ok(array)
    }

    fn u8(&mut self) -> Result<u8, ValueError> {
        Ok(self.take_array::<1>()?[0])
    }

    fn u16(&mut self) -> Result<u16, ValueError> {
        Ok(u16::from_be_bytes(self.take_array()?))
    }

    fn u32(&mut self) -> Result<u32, ValueError> {
        Ok(u32::from_be_bytes(self.take_array()?))
    }

    fn u64(&mut self) -> Result<u64, ValueError> {
        Ok(u64::from_be_bytes(self.take_array()?))
    }

    /// A length prefix after its marker, checked against the bytes left: every element takes
    /// at least `min_size` bytes, so a longer claim is an error before anything is allocated.
    fn len(&mut self, len: usize, min_size: usize, what: &str) -> Result<usize, ValueError> {
        if len.saturating_mul(min_size) > self.remaining() {
            return Err(ValueError::new(format!(
                "{what} of {len} claims more than the {} bytes left at byte {}",
                self.remaining(),
                self.pos
            )));
        }
        Ok(len)
    }

    /// The length of the array that follows, or `None` (nothing consumed) when it is not one.
    fn array_len(&mut self) -> Result<Option<usize>, ValueError> {
        let len = match self.peek()? {
            Marker::FixArray(n) => {
                self.pos += 1;
                usize::from(n)
            }
            Marker::Array16 => {
                self.pos += 1;
                usize::from(self.u16()?)
            }
            Marker::Array32 => {
                self.pos += 1;
                self.u32()? as usize
            }
            _ => return Ok(None),
        };
        self.len(len, 1, "an array").map(Some)
    }

    /// The number of entries of the map that follows, or `None` (nothing consumed).
    fn map_len(&mut self) -> Result<Option<usize>, ValueError> {
        let len = match self.peek()? {
            Marker::FixMap(n) => {
                self.pos += 1;
                usize::from(n)
            }
            Marker::Map16 => {
                self.pos += 1;
                usize::from(self.u16()?)
            }
            Marker::Map32 => {
                self.pos += 1;
                self.u32()? as usize
            }
            _ => return Ok(None),
        };
        self.len(len, 2, "a map").map(Some)
    }

    /// The bytes of the str or bin that follows, or `None` (nothing consumed).
    fn raw_str(&mut self) -> Result<Option<&'a [u8]>, ValueError> {
        let len = match self.peek()? {
            Marker::FixStr(n) => {
                self.pos += 1;
                usize::from(n)
            }
            Marker::Str8 | Marker::Bin8 => {
                self.pos += 1;
                usize::from(self.u8()?)
            }
            Marker::Str16 | Marker::Bin16 => {
                self.pos += 1;
                usize::from(self.u16()?)
            }
            Marker::Str32 | Marker::Bin32 => {
                self.pos += 1;
                self.u32()? as usize
            }
            _ => return Ok(None),
        };
        self.take(len).map(Some)
    }

    /// A string (str, or bin as tftypes also accepts), or `None` (nothing consumed).
    fn str(&mut self) -> Result<Option<&'a str>, ValueError> {
        let at = self.pos;
        match self.raw_str()? {
            Some(bytes) => std::str::from_utf8(bytes)
                .map(Some)
                .map_err(|_| ValueError::new(format!("invalid UTF-8 in the string at byte {at}"))),
            None => Ok(None),
        }
    }

    /// A map key or attribute name.
    fn key(&mut self) -> Result<&'a str, ValueError> {
        match self.str()? {
            Some(key) => Ok(key),
            None => Err(ValueError::new(format!(
                "map keys must be strings, found {} at byte {}",
                describe(self.peek()?),
                self.pos
            ))),
        }
    }

    fn mismatch(&self, ty: &Type) -> ValueError {
        match self.peek() {
            Ok(marker) => expected(ty, describe(marker)),
            Err(e) => e,
        }
    }

    fn skip_extension(&mut self, marker: Marker) -> Result<(), ValueError> {
        self.pos += 1;
        let data = match marker {
            Marker::FixExt1 => 1,
            Marker::FixExt2 => 2,
            Marker::FixExt4 => 4,
            Marker::FixExt8 => 8,
            Marker::FixExt16 => 16,
            Marker::Ext8 => usize::from(self.u8()?),
            Marker::Ext16 => usize::from(self.u16()?),
            _ => self.u32()? as usize,
        };
        // The extension type byte, then the data.
        self.take(1 + data).map(|_| ())
    }

    fn value(&mut self, ty: &Type, level: usize) -> Result<Value, ValueError> {
        check_level(level)?;
        let marker = self.peek()?;
        match marker {
            // As tftypes and cty: every extension is an unknown value.
            Marker::FixExt1
            | Marker::FixExt2
            | Marker::FixExt4
            | Marker::FixExt8
            | Marker::FixExt16
            | Marker::Ext8
            | Marker::Ext16
            | Marker::Ext32 => {
                self.skip_extension(marker)?;
                return Ok(Value::unknown(ty.clone()));
            }
            Marker::Null => {
                self.pos += 1;
                return Ok(Value::null(ty.clone()));
            }
            _ => {}
        }
        match ty {
            Type::String => match self.str()? {
                Some(s) => Ok(Value::string(s)),
                None => Err(self.mismatch(ty)),
            },
            Type::Number => self.number(marker, ty).map(Value::number),
            Type::Bool => match marker {
                Marker::True | Marker::False => {
                    self.pos += 1;
                    Ok(Value::bool(marker == Marker::True))
                }
                _ => Err(self.mismatch(ty)),
            },
            Type::Dynamic => self.dynamic(level),
            Type::List(element) => {
                let Some(len) = self.array_len()? else {
                    return Err(self.mismatch(ty));
                };
                let mut elements = Vec::with_capacity(len);
                for i in 0..len {
                    let v = self
                        .value(element, level + 1)
                        .map_err(|e| e.under(PathStep::ElementKeyInt(i as i64)))?;
                    elements.push(v);
                }
                list_from(ty, element, elements)
            }
            Type::Set(element) => {
                let Some(len) = self.array_len()? else {
                    return Err(self.mismatch(ty));
                };
                let mut elements = Vec::with_capacity(len);
                for _ in 0..len {
                    let v = self.value(element, level + 1).map_err(|e| {
                        // The element never came to be: name it by its type.
                        e.under(PathStep::ElementKeyValue(Value::unknown(Type::clone(
                            element,
                        ))))
                    })?;
                    elements.push(v);
                }
                set_from(ty, element, elements)
            }
            Type::Tuple(types) => {
                let Some(len) = self.array_len()? else {
                    return Err(self.mismatch(ty));
                };
                if len != types.len() {
                    return Err(ValueError::new(format!(
                        "expected a tuple of {} elements, found an array of {len}",
                        types.len()
                    )));
                }
                let mut elements = Vec::with_capacity(len);
                for (i, t) in types.iter().enumerate() {
                    let v = self
                        .value(t, level + 1)
                        .map_err(|e| e.under(PathStep::ElementKeyInt(i as i64)))?;
                    elements.push(v);
                }
                Ok(tuple_from(ty, elements))
            }
            Type::Map(element) => {
                let Some(len) = self.map_len()? else {
                    return Err(self.mismatch(ty));
                };
                let mut entries: Vec<(String, Value)> = Vec::with_capacity(len);
                let mut sorted = true;
                for _ in 0..len {
                    let key = self.key()?;
                    let v = self
                        .value(element, level + 1)
                        .map_err(|e| e.under(PathStep::ElementKeyString(key.to_owned())))?;
                    if let Some((last, _)) = entries.last() {
                        sorted &= last.as_str() < key;
                    }
                    entries.push((key.to_owned(), v));
                }
                let elements = into_map(entries, sorted, |key| {
                    ValueError::new(format!("duplicate map key {key:?}"))
                        .under(PathStep::ElementKeyString(key.to_owned()))
                })?;
                map_from(ty, element, elements)
            }
            Type::Object(object) => {
                check_no_optional(object)?;
                let Some(len) = self.map_len()? else {
                    return Err(self.mismatch(ty));
                };
                let types = object.attributes();
                let mut entries: Vec<(String, Value)> = Vec::with_capacity(len.min(types.len()));
                // Attributes usually arrive in the type's (sorted) order: walk both together
                // and only look a name up when they part.
                let mut in_order = types.iter();
                let mut sorted = true;
                for _ in 0..len {
                    let key = self.key()?;
                    let next = if sorted { in_order.next() } else { None };
                    let (name, t) = match next {
                        Some((name, t)) if name == key => (name, t),
                        _ => {
                            sorted = false;
                            types.get_key_value(key).ok_or_else(|| {
                                ValueError::new(format!(
                                    "unsupported attribute {key:?}: the object type has no such attribute"
                                ))
                            })?
                        }
                    };
                    let v = self
                        .value(t, level + 1)
                        .map_err(|e| e.under(PathStep::AttributeName(name.clone())))?;
                    entries.push((name.clone(), v));
                }
                let attributes = into_map(entries, sorted, |name| {
                    ValueError::new(format!("duplicate attribute {name:?}"))
                        .under(PathStep::AttributeName(name.to_owned()))
                })?;
                if attributes.len() != types.len() {
                    let missing = types
                        .keys()
                        .filter(|name| !attributes.contains_key(*name))
                        .map(String::as_str);
                    return Err(ValueError::new(format!(
                        "missing object attributes: {}",
                        quoted_names(missing)
                    )));
                }
                Ok(object_from(ty, attributes))
            }
        }
    }

    fn number(&mut self, marker: Marker, ty: &Type) -> Result<Number, ValueError> {
        let at = self.pos;
        let number = match marker {
            Marker::FixPos(v) => {
                self.pos += 1;
                Number::from(v)
            }
            Marker::FixNeg(v) => {
                self.pos += 1;
                Number::from(v)
            }
            Marker::U8 | Marker::U16 | Marker::U32 | Marker::U64 => {
                self.pos += 1;
                Number::from(match marker {
                    Marker::U8 => u64::from(self.u8()?),
                    Marker::U16 => u64::from(self.u16()?),
                    Marker::U32 => u64::from(self.u32()?),
                    _ => self.u64()?,
                })
            }
            Marker::I8 | Marker::I16 | Marker::I32 | Marker::I64 => {
                self.pos += 1;
                Number::from(match marker {
                    Marker::I8 => i64::from(self.u8()? as i8),
                    Marker::I16 => i64::from(self.u16()? as i16),
                    Marker::I32 => i64::from(self.u32()? as i32),
                    _ => self.u64()? as i64,
                })
            }
            Marker::F32 => {
                self.pos += 1;
                let f = f32::from_bits(self.u32()?);
                if f.is_finite() && f.fract() != 0.0 {
                    Number::from_f32(f)
                } else {
                    float_number(f64::from(f))
                }
                .map_err(|e| ValueError::new(format!("invalid number at byte {at}: {e}")))?
            }
            Marker::F64 => {
                self.pos += 1;
                float_number(f64::from_bits(self.u64()?))
                    .map_err(|e| ValueError::new(format!("invalid number at byte {at}: {e}")))?
            }
            _ => match self.str()? {
                Some(text) => text
                    .parse()
                    .map_err(|e| ValueError::new(format!("invalid number: {e}")))?,
                None => return Err(self.mismatch(ty)),
            },
        };
        Ok(number)
    }

    /// `[type JSON, value]`; nil and extensions were handled by the caller.
    fn dynamic(&mut self, level: usize) -> Result<Value, ValueError> {
        let at = self.pos;
        match self.array_len()? {
            Some(2) => {}
            Some(len) => {
                return Err(ValueError::new(format!(
                    "a dynamic value is a 2-element array [type JSON, value], found an array of {len} at byte {at}"
                )));
            }
            None => {
                return Err(ValueError::new(format!(
                    "expected a dynamic value as a 2-element array [type JSON, value], found {} at byte {at}",
                    describe(self.peek()?)
                )));
            }
        }
        let at = self.pos;
        let Some(json) = self.raw_str()? else {
            return Err(ValueError::new(format!(
                "expected the type JSON of a dynamic value as binary or string, found {} at byte {at}",
                describe(self.peek()?)
            )));
        };
        let mut reader = JsonReader::new(json);
        let ty = read_type(&mut reader, level + 1)
            .and_then(|ty| reader.finish().map(|()| ty))
            .map_err(|e| {
                ValueError::new(format!(
                    "invalid type JSON in a dynamic value at byte {}: {}",
                    e.offset, e.message
                ))
            })?;
        self.value(&ty, level + 1)
    }
}

/// A float as a number: NaN and infinities are errors, integral floats keep their exact value,
/// the others become the shortest decimal that reads back as the same float. Shared with the
/// direct codec (`msgpack_direct`), which must read the same numbers.
pub(crate) fn float_number(f: f64) -> Result<Number, super::NumberError> {
    if f.is_finite() && f.fract() == 0.0 && f.abs() >= 9.0e15 {
        Ok(Number::from_f64_exact(f))
    } else {
        Number::from_f64(f)
    }
}

/// Map entries into a `BTreeMap`, failing on a duplicate key. `sorted` says the keys arrived
/// strictly increasing (so there are none).
fn into_map(
    mut entries: Vec<(String, Value)>,
    sorted: bool,
    duplicate: impl Fn(&str) -> ValueError,
) -> Result<BTreeMap<String, Value>, ValueError> {
    if !sorted {
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        if let Some(pair) = entries.windows(2).find(|pair| pair[0].0 == pair[1].0) {
            return Err(duplicate(&pair[0].0));
        }
    }
    Ok(entries.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tftypes::{MAX_DEPTH, ObjectType};

    fn n(text: &str) -> Value {
        Value::number(text.parse::<Number>().unwrap())
    }

    fn round_trip(value: &Value, ty: &Type, bytes: &[u8]) {
        assert_eq!(value.to_msgpack(ty).unwrap(), bytes, "encoding {value:?}");
        assert_eq!(
            &Value::from_msgpack(bytes, ty).unwrap(),
            value,
            "decoding {bytes:02x?}"
        );
    }

    fn decode_err(bytes: &[u8], ty: &Type) -> String {
        Value::from_msgpack(bytes, ty).unwrap_err().to_string()
    }

    #[test]
    fn primitives_null_and_unknown() {
        round_trip(&Value::from("a"), &Type::String, &[0xa1, b'a']);
        round_trip(&Value::from(true), &Type::Bool, &[0xc3]);
        round_trip(&Value::from(false), &Type::Bool, &[0xc2]);
        round_trip(&Value::null(Type::String), &Type::String, &[0xc0]);
        round_trip(&Value::unknown(Type::Number), &Type::Number, &[0xd4, 0, 0]);
        round_trip(
            &Value::null(Type::map(Type::Bool)),
            &Type::map(Type::Bool),
            &[0xc0],
        );
        round_trip(
            &Value::unknown(Type::list(Type::Bool)),
            &Type::list(Type::Bool),
            &[0xd4, 0, 0],
        );
    }

    #[test]
    fn strings_use_the_most_compact_header() {
        let s31 = "x".repeat(31);
        let mut bytes = vec![0xbf];
        bytes.extend_from_slice(s31.as_bytes());
        round_trip(&Value::from(s31.as_str()), &Type::String, &bytes);
        let s32 = "x".repeat(32);
        let mut bytes = vec![0xd9, 32];
        bytes.extend_from_slice(s32.as_bytes());
        round_trip(&Value::from(s32.as_str()), &Type::String, &bytes);
        let s256 = "x".repeat(256);
        let mut bytes = vec![0xda, 1, 0];
        bytes.extend_from_slice(s256.as_bytes());
        round_trip(&Value::from(s256.as_str()), &Type::String, &bytes);
        let s65536 = "x".repeat(65536);
        let encoded = Value::from(s65536.as_str())
            .to_msgpack(&Type::String)
            .unwrap();
        assert_eq!(&encoded[..5], &[0xdb, 0, 1, 0, 0]);
        // Strings may also arrive as bin.
        assert_eq!(
            Value::from_msgpack(&[0xc4, 1, b'z'], &Type::String).unwrap(),
            Value::from("z")
        );
    }

    #[test]
    fn integers_use_the_most_compact_form() {
        let cases: [(i64, &[u8]); 14] = [
            (0, &[0x00]),
            (3, &[0x03]),
            (127, &[0x7f]),
            (128, &[0xcc, 0x80]),
            (255, &[0xcc, 0xff]),
            (8000, &[0xcd, 0x1f, 0x40]),
            (65536, &[0xce, 0, 1, 0, 0]),
            (1 << 32, &[0xcf, 0, 0, 0, 1, 0, 0, 0, 0]),
            (-1, &[0xff]),
            (-32, &[0xe0]),
            (-33, &[0xd0, 0xdf]),
            (-129, &[0xd1, 0xff, 0x7f]),
            (-32769, &[0xd2, 0xff, 0xff, 0x7f, 0xff]),
            (i64::MIN, &[0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0]),
        ];
        for (i, bytes) in cases {
            round_trip(&Value::from(i), &Type::Number, bytes);
        }
        // Any width reads, whatever wrote it.
        for bytes in [
            &[0xcc, 0x03][..],
            &[0xd0, 0x03],
            &[0xd3, 0, 0, 0, 0, 0, 0, 0, 3],
            &[0xcb, 0x40, 0x08, 0, 0, 0, 0, 0, 0],
        ] {
            assert_eq!(
                Value::from_msgpack(bytes, &Type::Number).unwrap(),
                Value::from(3),
                "{bytes:02x?}"
            );
        }
        let max = Value::from_msgpack(
            &[0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
            &Type::Number,
        )
        .unwrap();
        assert_eq!(max, Value::from(u64::MAX));
    }

    #[test]
    fn numbers_at_the_edges() {
        // 0.1 is not a float64: decimal text.
        round_trip(&n("0.1"), &Type::Number, &[0xa3, b'0', b'.', b'1']);
        // 0.25 is: float64.
        round_trip(
            &n("0.25"),
            &Type::Number,
            &[0xcb, 0x3f, 0xd0, 0, 0, 0, 0, 0, 0],
        );
        round_trip(
            &n("-1.5"),
            &Type::Number,
            &[0xcb, 0xbf, 0xf8, 0, 0, 0, 0, 0, 0],
        );
        // -0 is 0.
        round_trip(&n("-0"), &Type::Number, &[0x00]);
        assert_eq!(
            Value::from_msgpack(&[0xcb, 0x80, 0, 0, 0, 0, 0, 0, 0], &Type::Number).unwrap(),
            Value::from(0)
        );
        // 2^63 does not fit i64 but is exactly a float64; it reads back exactly.
        round_trip(
            &n("9223372036854775808"),
            &Type::Number,
            &[0xcb, 0x43, 0xe0, 0, 0, 0, 0, 0, 0],
        );
        // 2^64 + 1 is neither.
        let mut bytes = vec![0xb4];
        bytes.extend_from_slice(b"18446744073709551617");
        round_trip(&n("18446744073709551617"), &Type::Number, &bytes);
        // 2^53 + 1 fits i64; as float64 bytes it is 2^53.
        round_trip(
            &n("9007199254740993"),
            &Type::Number,
            &[0xcf, 0, 0x20, 0, 0, 0, 0, 0, 1],
        );
        let two_53 = (9007199254740993u64 as f64).to_bits().to_be_bytes();
        let mut bytes = vec![0xcb];
        bytes.extend_from_slice(&two_53);
        assert_eq!(
            Value::from_msgpack(&bytes, &Type::Number).unwrap(),
            n("9007199254740992")
        );
        // 1e400 is text, all 401 digits.
        let text = format!("1{}", "0".repeat(400));
        let mut bytes = vec![0xda, 0x01, 0x91];
        bytes.extend_from_slice(text.as_bytes());
        round_trip(&n("1e400"), &Type::Number, &bytes);
        // Decimal text in any form reads exactly.
        assert_eq!(
            Value::from_msgpack(&[0xa5, b'1', b'e', b'4', b'0', b'0'], &Type::Number).unwrap(),
            n("1e400")
        );
        // Floats read as their shortest decimal.
        let mut bytes = vec![0xcb];
        bytes.extend_from_slice(&0.1f64.to_bits().to_be_bytes());
        assert_eq!(
            Value::from_msgpack(&bytes, &Type::Number).unwrap(),
            n("0.1")
        );
        // An f32 on the wire reads as the shortest decimal of that f32.
        let mut bytes = vec![0xca];
        bytes.extend_from_slice(&0.1f32.to_bits().to_be_bytes());
        assert_eq!(
            Value::from_msgpack(&bytes, &Type::Number).unwrap(),
            n("0.1")
        );
        assert_eq!(
            Value::from_msgpack(&[0xca, 0x40, 0x20, 0, 0], &Type::Number).unwrap(),
            n("2.5")
        );
        assert_eq!(
            Value::from_msgpack(&[0xca, 0x4b, 0x80, 0, 1], &Type::Number).unwrap(),
            n("16777218")
        );
        // The exact value of the float nearest 0.1 is a float64, but it would read back as 0.1:
        // it goes as text so it survives.
        let exact = Number::from_f64_exact(0.1);
        let bytes = Value::number(exact.clone())
            .to_msgpack(&Type::Number)
            .unwrap();
        assert_eq!(bytes[0], 0xd9);
        assert_eq!(
            Value::from_msgpack(&bytes, &Type::Number).unwrap(),
            Value::number(exact)
        );
    }

    #[test]
    fn non_finite_floats_and_bad_text_are_errors() {
        let mut bytes = vec![0xcb];
        bytes.extend_from_slice(&f64::INFINITY.to_bits().to_be_bytes());
        assert!(decode_err(&bytes, &Type::Number).contains("not a finite number"));
        assert!(
            decode_err(&[0xca, 0x7f, 0xc0, 0, 0], &Type::Number).contains("not a finite number")
        );
        assert!(decode_err(&[0xa3, b'a', b'b', b'c'], &Type::Number).contains("is not a number"));
        assert_eq!(
            decode_err(&[0xc3], &Type::Number),
            "expected number, found bool"
        );
    }

    #[test]
    fn collections_round_trip() {
        let list = Value::list(Type::String, ["a".into(), Value::null(Type::String)]).unwrap();
        round_trip(&list, &Type::list(Type::String), &[0x92, 0xa1, b'a', 0xc0]);
        let set = Value::set(
            Type::Number,
            [Value::from(3), Value::from(1), Value::unknown(Type::Number)],
        )
        .unwrap();
        round_trip(
            &set,
            &Type::set(Type::Number),
            &[0x93, 0x01, 0x03, 0xd4, 0, 0],
        );
        let map = Value::map(Type::Bool, [("z", true.into()), ("a", false.into())]).unwrap();
        round_trip(
            &map,
            &Type::map(Type::Bool),
            &[0x82, 0xa1, b'a', 0xc2, 0xa1, b'z', 0xc3],
        );
        let tuple_ty = Type::tuple([Type::String, Type::Number]);
        let tuple =
            Value::tuple([Type::String, Type::Number], ["x".into(), Value::from(1)]).unwrap();
        round_trip(&tuple, &tuple_ty, &[0x92, 0xa1, b'x', 0x01]);
        let empty = Value::list(Type::Bool, []).unwrap();
        round_trip(&empty, &Type::list(Type::Bool), &[0x90]);
        let long = Value::list(Type::Bool, vec![Value::from(true); 16]).unwrap();
        let mut bytes = vec![0xdc, 0, 16];
        bytes.extend_from_slice(&[0xc3; 16]);
        round_trip(&long, &Type::list(Type::Bool), &bytes);
        let wide = Value::map(
            Type::Bool,
            (0..16).map(|i| (format!("{i:02}"), Value::from(true))),
        )
        .unwrap();
        let bytes = wide.to_msgpack(&Type::map(Type::Bool)).unwrap();
        assert_eq!(&bytes[..3], &[0xde, 0, 16]);
        assert_eq!(
            Value::from_msgpack(&bytes, &Type::map(Type::Bool)).unwrap(),
            wide
        );
    }

    #[test]
    fn objects_need_exactly_their_attributes() {
        let ty = Type::object([("a", Type::String), ("b", Type::Number)]);
        let value = Value::object(
            ty.clone(),
            [
                ("a", Value::null(Type::String)),
                ("b", Value::unknown(Type::Number)),
            ],
        )
        .unwrap();
        round_trip(
            &value,
            &ty,
            &[0x82, 0xa1, b'a', 0xc0, 0xa1, b'b', 0xd4, 0, 0],
        );
        // Any order reads.
        let reversed = [0x82, 0xa1, b'b', 0xd4, 0, 0, 0xa1, b'a', 0xc0];
        assert_eq!(Value::from_msgpack(&reversed, &ty).unwrap(), value);
        assert_eq!(
            decode_err(&[0x81, 0xa1, b'a', 0xc0], &ty),
            r#"missing object attributes: "b""#
        );
        assert_eq!(
            decode_err(
                &[0x83, 0xa1, b'a', 0xc0, 0xa1, b'b', 0xc0, 0xa1, b'c', 0xc0],
                &ty
            ),
            r#"unsupported attribute "c": the object type has no such attribute"#
        );
        assert_eq!(
            decode_err(&[0x82, 0xa1, b'a', 0xc0, 0xa1, b'a', 0xc0], &ty),
            r#"a: duplicate attribute "a""#
        );
        assert_eq!(
            decode_err(&[0x82, 0xa1, b'a', 0x01, 0xa1, b'b', 0xc0], &ty),
            "a: expected string, found integer"
        );
        assert_eq!(
            decode_err(&[0x81, 0x01, 0xc0], &ty),
            "map keys must be strings, found integer at byte 1"
        );
        let optional =
            Type::from_object(ObjectType::new([("a", Type::String)]).with_optional(["a"]));
        assert!(decode_err(&[0x81, 0xa1, b'a', 0xc0], &optional).contains("optional attributes"));
    }

    #[test]
    fn maps_and_sets_reject_duplicates() {
        let ty = Type::map(Type::Number);
        assert_eq!(
            decode_err(&[0x82, 0xa1, b'k', 0x01, 0xa1, b'k', 0x02], &ty),
            r#"["k"]: duplicate map key "k""#
        );
        // Out of order is fine.
        let value = Value::from_msgpack(&[0x82, 0xa1, b'k', 0x01, 0xa1, b'a', 0x02], &ty).unwrap();
        assert_eq!(
            value.as_map().unwrap().keys().collect::<Vec<_>>(),
            ["a", "k"]
        );
        let ty = Type::set(Type::Number);
        assert_eq!(
            decode_err(&[0x93, 0x01, 0x02, 0x01], &ty),
            "[Value(1)]: duplicate set element 1: set elements must be unique"
        );
        // Sets read in any order and keep canonical order.
        let value = Value::from_msgpack(&[0x92, 0x02, 0x01], &ty).unwrap();
        assert_eq!(value.to_msgpack(&ty).unwrap(), [0x92, 0x01, 0x02]);
        assert_eq!(
            decode_err(&[0x91, 0xc3], &ty),
            "[Value((unknown))]: expected number, found bool"
        );
    }

    #[test]
    fn dynamic_values_carry_their_type_as_bin() {
        let mut bytes = vec![0x92, 0xc4, 8];
        bytes.extend_from_slice(b"\"string\"");
        bytes.extend_from_slice(&[0xa1, b'x']);
        round_trip(&Value::from("x"), &Type::Dynamic, &bytes);
        // The type JSON may also be a str.
        let mut str_bytes = vec![0x92, 0xa8];
        str_bytes.extend_from_slice(b"\"string\"");
        str_bytes.extend_from_slice(&[0xa1, b'x']);
        assert_eq!(
            Value::from_msgpack(&str_bytes, &Type::Dynamic).unwrap(),
            Value::from("x")
        );
        // Null and unknown of no type are bare; of a concrete type, wrapped.
        round_trip(&Value::null(Type::Dynamic), &Type::Dynamic, &[0xc0]);
        round_trip(
            &Value::unknown(Type::Dynamic),
            &Type::Dynamic,
            &[0xd4, 0, 0],
        );
        let mut bytes = vec![0x92, 0xc4, 8];
        bytes.extend_from_slice(b"\"number\"");
        bytes.extend_from_slice(&[0xd4, 0, 0]);
        round_trip(&Value::unknown(Type::Number), &Type::Dynamic, &bytes);
        // Nested: an object attribute declared dynamic.
        let ty = Type::object([("v", Type::Dynamic)]);
        let inner = Value::list(Type::Number, [Value::from(1)]).unwrap();
        let value = Value::object(ty.clone(), [("v", inner)]).unwrap();
        let json = br#"["list","number"]"#;
        let mut bytes = vec![0x81, 0xa1, b'v', 0x92, 0xc4, json.len() as u8];
        bytes.extend_from_slice(json);
        bytes.extend_from_slice(&[0x91, 0x01]);
        round_trip(&value, &ty, &bytes);
    }

    #[test]
    fn bad_dynamic_wrappers_are_errors() {
        assert!(
            decode_err(&[0xa1, b'x'], &Type::Dynamic)
                .contains("expected a dynamic value as a 2-element array")
        );
        assert!(decode_err(&[0x91, 0xc0], &Type::Dynamic).contains("found an array of 1"));
        assert!(
            decode_err(&[0x92, 0x01, 0x01], &Type::Dynamic)
                .contains("as binary or string, found integer")
        );
        let mut bytes = vec![0x92, 0xc4, 6];
        bytes.extend_from_slice(b"\"text\"");
        bytes.push(0xc0);
        assert!(decode_err(&bytes, &Type::Dynamic).contains(
            "invalid type JSON in a dynamic value at byte 0: unknown primitive type \"text\""
        ));
        let mut bytes = vec![0x92, 0xc4, 8];
        bytes.extend_from_slice(b"\"number\"");
        bytes.extend_from_slice(&[0xa1, b'x']);
        assert!(decode_err(&bytes, &Type::Dynamic).contains("\"x\" is not a number"));
    }

    #[test]
    fn every_extension_type_reads_as_unknown() {
        let ty = Type::String;
        for bytes in [
            &[0xd4, 0x00, 0x00][..],
            &[0xd4, 0x0c, 0x01],
            &[0xd5, 0x01, 0, 0],
            &[0xd6, 0x01, 0, 0, 0, 0],
            &[0xd7, 0x01, 0, 0, 0, 0, 0, 0, 0, 0],
            &[0xc7, 0x02, 0x0c, 0x81, 0x01],
            &[0xc8, 0x00, 0x01, 0x0c, 0x00],
            &[0xc9, 0x00, 0x00, 0x00, 0x00, 0x0c],
        ] {
            assert_eq!(
                Value::from_msgpack(bytes, &ty).unwrap(),
                Value::unknown(ty.clone()),
                "{bytes:02x?}"
            );
        }
        assert!(decode_err(&[0xc7, 0x05, 0x0c, 0x00], &ty).contains("unexpected end of input"));
    }

    #[test]
    fn truncated_trailing_and_oversized_input_is_an_error() {
        assert_eq!(
            decode_err(&[], &Type::String),
            "unexpected end of input at byte 0"
        );
        assert_eq!(
            decode_err(&[0xa3, b'a'], &Type::String),
            "unexpected end of input at byte 2"
        );
        assert_eq!(
            decode_err(&[0xc0, 0xc0], &Type::String),
            "1 trailing bytes after the value at byte 1"
        );
        // A huge length prefix is refused before anything is allocated.
        let err = decode_err(
            &[0xdd, 0xff, 0xff, 0xff, 0xff, 0xc0],
            &Type::list(Type::String),
        );
        assert_eq!(
            err,
            "an array of 4294967295 claims more than the 1 bytes left at byte 5"
        );
        let err = decode_err(
            &[0xdf, 0x00, 0x01, 0x00, 0x00, 0xa1, b'a', 0xc0],
            &Type::map(Type::String),
        );
        assert!(err.starts_with("a map of 65536 claims more"), "{err}");
        assert!(
            decode_err(&[0xdb, 0xff, 0xff, 0xff, 0xff], &Type::String).contains("end of input")
        );
        assert!(decode_err(&[0xa2, 0xff, 0xfe], &Type::String).contains("invalid UTF-8"));
        assert_eq!(
            decode_err(&[0xc1], &Type::String),
            "expected string, found the reserved byte 0xc1"
        );
    }

    #[test]
    fn tuples_need_their_length() {
        let ty = Type::tuple([Type::String, Type::Bool]);
        assert_eq!(
            decode_err(&[0x91, 0xa1, b'x'], &ty),
            "expected a tuple of 2 elements, found an array of 1"
        );
        assert_eq!(
            decode_err(&[0x92, 0xa1, b'x', 0xa1, b'y'], &ty),
            "[1]: expected bool, found string"
        );
    }

    #[test]
    fn encoding_checks_the_value_against_the_type() {
        let err = Value::from("x").to_msgpack(&Type::Number).unwrap_err();
        assert_eq!(err.to_string(), "expected number, found string");
        let list = Value::list(Type::Number, []).unwrap();
        assert!(list.to_msgpack(&Type::list(Type::String)).is_err());
        // A value of a concrete type may stand where dynamic is declared, deep down too.
        let ty = Type::list(Type::Dynamic);
        let value = Value::list(Type::Dynamic, [Value::from(1)]).unwrap();
        assert!(value.to_msgpack(&ty).is_ok());
        let mut out = vec![7];
        assert!(
            Value::from("x")
                .write_msgpack(&Type::Bool, &mut out)
                .is_err()
        );
        assert_eq!(out, [7]);
        Value::from(true)
            .write_msgpack(&Type::Bool, &mut out)
            .unwrap();
        assert_eq!(out, [7, 0xc3]);
    }

    #[test]
    fn depth_is_limited_on_both_sides() {
        let mut ty = Type::String;
        let mut value = Value::from("x");
        for _ in 0..MAX_DEPTH - 1 {
            value = Value::list(ty.clone(), [value]).unwrap();
            ty = Type::list(ty);
        }
        let bytes = value.to_msgpack(&ty).unwrap();
        assert_eq!(Value::from_msgpack(&bytes, &ty).unwrap(), value);
        let deeper_ty = Type::list(ty.clone());
        let deeper = Value::list(ty, [value]).unwrap();
        assert!(
            deeper
                .to_msgpack(&deeper_ty)
                .unwrap_err()
                .message
                .contains("deeper than 128")
        );
        let mut bytes = bytes;
        bytes.insert(0, 0x91);
        let err = Value::from_msgpack(&bytes, &deeper_ty).unwrap_err();
        assert!(err.message.contains("deeper than 128"), "{err}");
        assert_eq!(err.path.len(), MAX_DEPTH);
        // Dynamic wrappers count too: a chain of them cannot recurse without bound.
        let mut chain = Vec::new();
        for _ in 0..10_000 {
            chain.extend_from_slice(&[0x92, 0xc4, 9]);
            chain.extend_from_slice(b"\"dynamic\"");
        }
        chain.push(0xc0);
        let err = Value::from_msgpack(&chain, &Type::Dynamic).unwrap_err();
        assert!(err.message.contains("deeper than 128"), "{err}");
    }
}
