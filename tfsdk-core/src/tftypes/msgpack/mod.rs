//! Values in msgpack, the plugin protocol's `DynamicValue` encoding, both directions, byte for
//! byte as terraform-plugin-go's `tftypes` (and go-cty's `cty/msgpack`) write them.
//!
//! | value | msgpack |
//! |---|---|
//! | null | nil (`c0`) |
//! | unknown | extension type 0 with one zero byte (`d4 00 00`) |
//! | string, bool | str, bool |
//! | number | the most compact integer when it fits `i64`; else float64 when the number is exactly that float; else its decimal text as a str |
//! | list, set, tuple | array (a set in the order it holds) |
//! | map, object | map with str keys, sorted |
//! | a known value, or a null or unknown of a concrete type, where [`Type::Dynamic`] is declared | `[type JSON as bin, value]` |
//!
//! Decoding takes the expected type and checks the bytes against it in one pass over the
//! slice, straight into [`Value`]s, without an intermediate tree.
//!
//! [`Reader`] and [`Writer`] are the one reader and writer of the wire format: this codec and
//! the direct struct codec (`msgpack_direct`, a layer above) both go through them.
//!
//! Machine numbers have their wire rules here as well, as shortcuts beside the rules they skip
//! ([`WireNumber::to_f64`] beside [`WireNumber::to_number`], [`Writer::write_f64`] beside
//! [`Writer::write_number`], both sharing one test for short binary fractions): a shortcut is
//! right only while it agrees with its rule, so each is written once, next to that rule and a
//! test that compares them, and the direct codec calls it rather than keeping its own.

use rmp::Marker;

use super::json_syntax::JsonReader;
use super::type_json::{read_type, write_type};
use super::wire::{
    ObjectValues, check_encodable, check_level, check_no_optional, expected, list_or_set_from,
    map_from, tuple_from,
};
use super::{MapKey, Type, Value, ValueError, ValueKind};
use crate::path::PathStep;

mod read;
mod write;

#[cfg(feature = "msgpack-direct")]
pub use read::WireNumber;
pub use read::{Read, Reader};
pub use write::Writer;

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
            w: Writer::new(out),
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
        let mut decoder = Decoder {
            r: Reader::new(bytes),
        };
        let value = decoder.value(ty, 1)?;
        decoder.r.finish()?;
        Ok(value)
    }
}

// ---------------------------------------------------------------------------------------------
// Encoding

struct Encoder<'o> {
    w: Writer<'o>,
    /// Reused for the type JSON of dynamic values.
    scratch: String,
}

impl Encoder<'_> {
    fn value(&mut self, value: &Value, ty: &Type, level: usize) -> Result<(), ValueError> {
        check_level(level)?;
        if ty.is_dynamic() && !value.ty().is_dynamic() {
            self.scratch.clear();
            write_type(value.ty(), &mut self.scratch, level + 1).map_err(ValueError::new)?;
            self.w.write_array_len(2)?;
            self.w.write_bin(self.scratch.as_bytes())?;
            return self.value(value, value.ty(), level + 1);
        }
        let mismatch = || expected(ty, &value.ty().to_string());
        match (value.kind(), ty) {
            (ValueKind::Unknown, _) => self.w.write_unknown(),
            (ValueKind::Null, _) => self.w.write_null(),
            (ValueKind::String(s), Type::String) => self.w.write_str(s)?,
            (ValueKind::Number(n), Type::Number) => self.w.write_number(n)?,
            (ValueKind::Bool(b), Type::Bool) => self.w.write_bool(b),
            (ValueKind::List(elements), Type::List(element)) => {
                self.w.write_array_len(elements.len())?;
                for (i, v) in elements.iter().enumerate() {
                    self.value(v, element, level + 1)
                        .map_err(|e| e.under(PathStep::ElementKeyInt(i as i64)))?;
                }
            }
            (ValueKind::Set(elements), Type::Set(element)) => {
                self.w.write_array_len(elements.len())?;
                for v in elements {
                    self.value(v, element, level + 1)
                        .map_err(|e| e.under(PathStep::ElementKeyValue(v.clone())))?;
                }
            }
            (ValueKind::Tuple(elements), Type::Tuple(types)) if elements.len() == types.len() => {
                self.w.write_array_len(elements.len())?;
                for (i, (v, t)) in elements.iter().zip(types.iter()).enumerate() {
                    self.value(v, t, level + 1)
                        .map_err(|e| e.under(PathStep::ElementKeyInt(i as i64)))?;
                }
            }
            (ValueKind::Map(elements), Type::Map(element)) => {
                self.w.write_map_len(elements.len())?;
                for (k, v) in elements {
                    self.w.write_str(k)?;
                    self.value(v, element, level + 1)
                        .map_err(|e| e.under(PathStep::ElementKeyString(k.to_owned())))?;
                }
            }
            (ValueKind::Object(_), Type::Object(object)) => {
                check_no_optional(object)?;
                let types = object.attributes();
                let values = value.object_values().unwrap_or_default();
                // The value's attributes are the type's, in the same order (checked on entry).
                if values.len() != types.len() {
                    return Err(mismatch());
                }
                self.w.write_map_len(types.len())?;
                for ((name, t), v) in types.iter().zip(values) {
                    self.w.write_str(name)?;
                    self.value(v, t, level + 1)
                        .map_err(|e| e.under(PathStep::AttributeName(name.clone())))?;
                }
            }
            _ => return Err(mismatch()),
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// Decoding

struct Decoder<'a> {
    r: Reader<'a>,
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

impl Decoder<'_> {
    fn value(&mut self, ty: &Type, level: usize) -> Result<Value, ValueError> {
        check_level(level)?;
        // As tftypes and cty: nil is null and every extension is an unknown value.
        match self.r.null_or_unknown()? {
            Some(Read::Null) => return Ok(Value::null(ty.clone())),
            Some(_) => return Ok(Value::unknown(ty.clone())),
            None => {}
        }
        match ty {
            Type::String => match self.r.read_str()? {
                Read::Known(s) => Ok(Value::str(s)),
                _ => Err(*self.r.mismatch(ty)),
            },
            Type::Number => match self.r.read_number()? {
                Read::Known(n) => Ok(Value::number(n.to_number()?)),
                _ => Err(*self.r.mismatch(ty)),
            },
            Type::Bool => match self.r.read_bool()? {
                Read::Known(b) => Ok(Value::bool(b)),
                _ => Err(*self.r.mismatch(ty)),
            },
            Type::Dynamic => self.dynamic(level),
            Type::List(element) => {
                let Some(len) = self.r.array_header()? else {
                    return Err(*self.r.mismatch(ty));
                };
                let mut elements = Vec::with_capacity(len);
                for i in 0..len {
                    let v = self
                        .value(element, level + 1)
                        .map_err(|e| e.under(PathStep::ElementKeyInt(i as i64)))?;
                    elements.push(v);
                }
                list_or_set_from(ty, element, elements)
            }
            Type::Set(element) => {
                let Some(len) = self.r.array_header()? else {
                    return Err(*self.r.mismatch(ty));
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
                list_or_set_from(ty, element, elements)
            }
            Type::Tuple(types) => {
                let Some(len) = self.r.array_header()? else {
                    return Err(*self.r.mismatch(ty));
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
                let Some(len) = self.r.map_header()? else {
                    return Err(*self.r.mismatch(ty));
                };
                let mut entries: Vec<(MapKey, Value)> = Vec::with_capacity(len);
                let mut sorted = true;
                for _ in 0..len {
                    let key = self.r.key()?;
                    let v = self
                        .value(element, level + 1)
                        .map_err(|e| e.under(PathStep::ElementKeyString(key.to_owned())))?;
                    if let Some((last, _)) = entries.last() {
                        sorted &= last.as_str() < key;
                    }
                    entries.push((MapKey::new(key), v));
                }
                map_from(ty, element, entries, sorted)
            }
            Type::Object(object) => {
                check_no_optional(object)?;
                let Some(len) = self.r.map_header()? else {
                    return Err(*self.r.mismatch(ty));
                };
                let mut attributes = ObjectValues::new(object, len);
                for _ in 0..len {
                    // Keys are compared as bytes and checked to be UTF-8 only when they are
                    // not the next attribute's name.
                    let at = self.r.position();
                    let key = self.r.key_bytes()?;
                    let (name, t) = match attributes.expect_in_order(key) {
                        Some(entry) => entry,
                        None => attributes.expect(
                            std::str::from_utf8(key).map_err(|_| *read::invalid_utf8(at))?,
                        )?,
                    };
                    let v = self
                        .value(t, level + 1)
                        .map_err(|e| e.under(PathStep::AttributeName(name.clone())))?;
                    attributes.push(v);
                }
                attributes.finish(ty)
            }
        }
    }

    /// `[type JSON, value]`; nil and extensions were handled by the caller.
    fn dynamic(&mut self, level: usize) -> Result<Value, ValueError> {
        let at = self.r.position();
        match self.r.array_header()? {
            Some(2) => {}
            Some(len) => {
                return Err(ValueError::new(format!(
                    "a dynamic value is a 2-element array [type JSON, value], found an array of {len} at byte {at}"
                )));
            }
            None => {
                return Err(ValueError::new(format!(
                    "expected a dynamic value as a 2-element array [type JSON, value], found {} at byte {at}",
                    self.r.describe_next()?
                )));
            }
        }
        let at = self.r.position();
        let Some(json) = self.r.raw_str()? else {
            return Err(ValueError::new(format!(
                "expected the type JSON of a dynamic value as binary or string, found {} at byte {at}",
                self.r.describe_next()?
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tftypes::{Number, ObjectType};

    fn n(text: &str) -> Value {
        Value::number(text.parse::<Number>().unwrap())
    }

    /// An error of a number conversion or of the wire, as its message (tests of the number
    /// shortcuts compare them with the rules').
    #[derive(Debug, PartialEq)]
    pub(super) struct Failure(String);

    impl From<ValueError> for Failure {
        fn from(error: ValueError) -> Failure {
            Failure(error.to_string())
        }
    }

    pub(super) fn failure(error: crate::tftypes::NumberError) -> Failure {
        Failure(error.to_string())
    }

    /// A deterministic stream of pseudo-random numbers (xorshift).
    fn pseudo_random() -> impl FnMut() -> u64 {
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }

    /// Floats at the edges of the number shortcuts (both zeros, 10¹⁵ and 9·10¹⁵, 2⁵³, short
    /// and long fractions, the extremes, NaN and infinities) and a spread of others: any bits,
    /// short decimals, binary fractions.
    pub(super) fn float_samples() -> Vec<f64> {
        let mut floats = vec![
            0.0,
            0.5,
            0.1,
            0.375,
            1.5,
            2.25,
            999.5,
            1.0 / 3.0,
            0.1 + 0.2,
            123456789.125,
            99999999999999.5,
            999999999999999.5,
            1e15,
            1e15 - 0.5,
            1e15 + 0.5,
            9e15 - 1.0,
            9e15,
            9e15 + 2.0,
            9007199254740992.0,
            9007199254740994.0,
            2f64.powi(60),
            2f64.powi(63),
            2f64.powi(64),
            2f64.powi(-27),
            3.0 * 2f64.powi(-27),
            2f64.powi(-28),
            1e300,
            5e-324,
            f64::MIN_POSITIVE,
            f64::MAX,
        ];
        let mut next = pseudo_random();
        for _ in 0..5_000 {
            let r = next();
            floats.push(match r % 3 {
                0 => f64::from_bits(next()),
                1 => (next() % 1_000_000_000) as f64 / 10f64.powi((r >> 8) as i32 % 12),
                _ => (next() % 1_000_000_000) as f64 / (1u64 << ((r >> 8) % 40)) as f64,
            });
        }
        let negated: Vec<f64> = floats.iter().map(|f| -f).collect();
        floats.extend(negated);
        floats.extend([f64::NAN, f64::INFINITY, f64::NEG_INFINITY]);
        floats
    }

    /// Integers at the edges of every machine integer type and of the float shortcuts, and a
    /// spread of others.
    pub(super) fn integer_samples() -> Vec<i64> {
        let mut integers = vec![
            0,
            1,
            127,
            128,
            255,
            256,
            32_767,
            32_768,
            65_535,
            65_536,
            2_147_483_647,
            2_147_483_648,
            4_294_967_295,
            4_294_967_296,
            999_999_999_999_999,
            1_000_000_000_000_000,
            8_999_999_999_999_999,
            9_000_000_000_000_000,
            9_007_199_254_740_992,
            9_007_199_254_740_993,
            i64::MAX,
        ];
        let mut next = pseudo_random();
        for _ in 0..1_000 {
            integers.push((next() >> (next() % 64)) as i64);
        }
        let negated: Vec<i64> = integers.iter().map(|i| i.wrapping_neg()).collect();
        integers.extend(negated);
        integers.push(i64::MIN);
        integers
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
        // A negative zero is the float -0.0, as go-cty reads it.
        round_trip(&n("0"), &Type::Number, &[0x00]);
        round_trip(&n("-0"), &Type::Number, &[0xcb, 0x80, 0, 0, 0, 0, 0, 0, 0]);
        let zeros = Value::set(Type::Number, [n("-0"), n("0")]).unwrap();
        round_trip(
            &zeros,
            &Type::set(Type::Number),
            &[0x92, 0xcb, 0x80, 0, 0, 0, 0, 0, 0, 0, 0x00],
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
            &[0x93, 0x03, 0x01, 0xd4, 0, 0],
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
        // A set keeps the order read, and equals the same elements in any other order.
        let value = Value::from_msgpack(&[0x92, 0x02, 0x01], &ty).unwrap();
        assert_eq!(value.to_msgpack(&ty).unwrap(), [0x92, 0x02, 0x01]);
        assert_eq!(
            Value::from_msgpack(&[0x92, 0x01, 0x02], &ty).unwrap(),
            value
        );
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
        crate::tftypes::wire::tests::check_depth_limit(
            Value::to_msgpack,
            |bytes, ty| Value::from_msgpack(bytes, ty),
            |mut bytes| {
                bytes.insert(0, 0x91);
                bytes
            },
        );
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
