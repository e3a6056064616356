//! [`MsgpackDecode`] and [`MsgpackEncode`] for the standard and framework types, each with
//! the rules of its `FromValue` / `ToValue` implementation, and the value-route fallback.
//!
//! Numbers only call the rules of the wire layer (`WireNumber::to_integer`, `to_f64`,
//! `convert`; `Writer::write_integer`, `write_f64`, `write_f32` through `Encoder::writer`),
//! which sit beside the value codec's own (`to_number`, `write_number`) with tests that they
//! agree: a number rule is written once, and a fix to it reaches both routes.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::hash::{BuildHasher, Hash};
use std::rc::Rc;
use std::sync::Arc;

use super::decode::{Read, WireNumber};
use super::{Decoder, Encoder, Error, MsgpackDecode, MsgpackEncode};
use crate::convert::{ConvertError, FromValue, TerraformType, ToValue};
use crate::path::AttributePath;
use crate::tftypes::{Number, NumberError, Type, Value, ValueData, ValueError};
use crate::types;

/// Reads one value of `T`'s Terraform type through the value route: the value's bytes are
/// decoded with [`Value::from_msgpack`], then converted with [`FromValue`]. The fallback for
/// types without a direct implementation.
///
/// # Errors
/// As the value route; byte offsets in messages count from the start of this value.
pub fn decode_via_value<T: FromValue + TerraformType>(d: &mut Decoder<'_>) -> Result<T, Error> {
    let level = d.level();
    let bytes = d.skip_value()?;
    let value = value_at_level(bytes, T::terraform_type(), level)?;
    if T::VALIDATES {
        crate::object::conversion::validate::<T>(&value)?;
    }
    Ok(T::from_value(value)?)
}

/// [`Value::from_msgpack`] of `bytes` as if the value were at `level`: behind `level - 1`
/// one-element array headers, so that the depth limit counts as in the whole input (type
/// JSON of dynamic values included); the headers' path steps are taken off errors.
fn value_at_level(bytes: &[u8], ty: Type, level: usize) -> Result<Value, ValueError> {
    if level <= 1 {
        return Value::from_msgpack(bytes, &ty);
    }
    let wrappers = level - 1;
    let mut wrapped = Vec::with_capacity(wrappers + bytes.len());
    wrapped.resize(wrappers, 0x91);
    wrapped.extend_from_slice(bytes);
    let mut wrapped_ty = ty;
    for _ in 0..wrappers {
        wrapped_ty = Type::list(wrapped_ty);
    }
    let mut value = Value::from_msgpack(&wrapped, &wrapped_ty).map_err(|mut e| {
        let steps = e.path.steps();
        e.path = AttributePath::from_steps(steps[wrappers.min(steps.len())..].iter().cloned());
        e
    })?;
    for _ in 0..wrappers {
        let (_, data) = value.into_parts();
        value = match data {
            ValueData::List(mut elements) if elements.len() == 1 => elements.remove(0),
            _ => return Err(ValueError::new("a wrapped value lost its wrapper")),
        };
    }
    Ok(value)
}

/// Writes `value` through the value route: [`ToValue::to_value`] for `T`'s Terraform type,
/// then [`Value::write_msgpack`]. The fallback for types without a direct implementation.
///
/// # Errors
/// As the value route.
pub fn encode_via_value<T: ToValue + TerraformType + ?Sized>(
    value: &T,
    e: &mut Encoder<'_>,
) -> Result<(), Error> {
    let ty = T::terraform_type();
    let value = value.to_value(&ty)?;
    if !value.ty().usable_as(&ty) {
        return Err(ConvertError::type_mismatch::<T>(ty.to_string(), value.ty()).into());
    }
    e.write_value(&value, &ty)
}

/// The value route's error for null into `T`.
#[cold]
#[inline(never)]
pub fn null_error<T: TerraformType + ?Sized>() -> Error {
    Error::convert(ConvertError::null::<T>(&T::terraform_type()))
}

/// The value route's error for unknown into `T`.
#[cold]
#[inline(never)]
pub fn unknown_error<T: TerraformType + ?Sized>() -> Error {
    Error::convert(ConvertError::unknown::<T>(&T::terraform_type()))
}

/// How many elements to reserve room for when `len` were announced: the announcement is
/// bounded by the input's length already; this also bounds the bytes reserved.
#[inline]
fn reserve<T>(len: usize) -> usize {
    const MAX_RESERVED_BYTES: usize = 1 << 20;
    len.min(MAX_RESERVED_BYTES / std::mem::size_of::<T>().max(1))
}

// ---------------------------------------------------------------------------------------------
// Strings and bools

impl MsgpackDecode for String {
    #[inline]
    fn decode_msgpack(d: &mut Decoder<'_>) -> Result<Self, Error> {
        match d.read_str()? {
            Read::Known(s) => Ok(s.to_owned()),
            Read::Null => Err(null_error::<String>()),
            Read::Unknown => Err(unknown_error::<String>()),
        }
    }
}

impl MsgpackEncode for String {
    #[inline]
    fn encode_msgpack(&self, e: &mut Encoder<'_>) -> Result<(), Error> {
        e.write_str(self)
    }
}

impl MsgpackEncode for str {
    #[inline]
    fn encode_msgpack(&self, e: &mut Encoder<'_>) -> Result<(), Error> {
        e.write_str(self)
    }
}

impl MsgpackDecode for bool {
    #[inline]
    fn decode_msgpack(d: &mut Decoder<'_>) -> Result<Self, Error> {
        match d.read_bool()? {
            Read::Known(b) => Ok(b),
            Read::Null => Err(null_error::<bool>()),
            Read::Unknown => Err(unknown_error::<bool>()),
        }
    }
}

impl MsgpackEncode for bool {
    #[inline]
    fn encode_msgpack(&self, e: &mut Encoder<'_>) -> Result<(), Error> {
        e.write_bool(*self);
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// Numbers

/// The value route's error for a number that `T` cannot hold.
#[cold]
#[inline(never)]
fn number_error<T: ?Sized>(error: NumberError) -> Error {
    Error::convert(ConvertError::number::<T>(error))
}

/// Reads a number or fails with the value route's null and unknown errors for `T`.
#[inline]
fn known_number<'a, T: TerraformType>(d: &mut Decoder<'a>) -> Result<WireNumber<'a>, Error> {
    match d.read_number()? {
        Read::Known(n) => Ok(n),
        Read::Null => Err(null_error::<T>()),
        Read::Unknown => Err(unknown_error::<T>()),
    }
}

macro_rules! integers {
    ($($t:ty => $to:ident),* $(,)?) => {$(
        impl MsgpackDecode for $t {
            #[inline]
            fn decode_msgpack(d: &mut Decoder<'_>) -> Result<Self, Error> {
                known_number::<$t>(d)?.to_integer(Number::$to, number_error::<$t>)
            }
        }

        impl MsgpackEncode for $t {
            #[inline]
            fn encode_msgpack(&self, e: &mut Encoder<'_>) -> Result<(), Error> {
                e.writer().write_integer(*self)
            }
        }
    )*};
}

integers!(
    i8 => to_i8, i16 => to_i16, i32 => to_i32, i64 => to_i64, isize => to_isize, i128 => to_i128,
    u8 => to_u8, u16 => to_u16, u32 => to_u32, u64 => to_u64, usize => to_usize, u128 => to_u128,
);

impl MsgpackDecode for f64 {
    #[inline]
    fn decode_msgpack(d: &mut Decoder<'_>) -> Result<Self, Error> {
        known_number::<f64>(d)?.to_f64(number_error::<f64>)
    }
}

impl MsgpackEncode for f64 {
    #[inline]
    fn encode_msgpack(&self, e: &mut Encoder<'_>) -> Result<(), Error> {
        e.writer().write_f64(*self, number_error::<f64>)
    }
}

impl MsgpackDecode for f32 {
    #[inline]
    fn decode_msgpack(d: &mut Decoder<'_>) -> Result<Self, Error> {
        known_number::<f32>(d)?.convert(Number::to_f32, number_error::<f32>)
    }
}

impl MsgpackEncode for f32 {
    #[inline]
    fn encode_msgpack(&self, e: &mut Encoder<'_>) -> Result<(), Error> {
        e.writer().write_f32(*self, number_error::<f32>)
    }
}

impl MsgpackDecode for Number {
    #[inline]
    fn decode_msgpack(d: &mut Decoder<'_>) -> Result<Self, Error> {
        let n = known_number::<Number>(d)?;
        Ok(n.to_number()?)
    }
}

impl MsgpackEncode for Number {
    #[inline]
    fn encode_msgpack(&self, e: &mut Encoder<'_>) -> Result<(), Error> {
        e.write_number(self)
    }
}

// ---------------------------------------------------------------------------------------------
// Framework primitives: null and unknown are states

macro_rules! framework_primitives {
    ($($t:ty: $read:ident |$d:ident, $known:ident| $decode:expr, |$e:ident, $v:ident| $encode:expr;)*) => {$(
        impl MsgpackDecode for $t {
            #[inline]
            fn decode_msgpack($d: &mut Decoder<'_>) -> Result<Self, Error> {
                match $d.$read()? {
                    Read::Known($known) => $decode,
                    Read::Null => Ok(<$t>::null()),
                    Read::Unknown => Ok(<$t>::unknown()),
                }
            }
        }

        impl MsgpackEncode for $t {
            #[inline]
            fn encode_msgpack(&self, $e: &mut Encoder<'_>) -> Result<(), Error> {
                if self.is_null() {
                    $e.write_null();
                    Ok(())
                } else if self.is_unknown() {
                    $e.write_unknown();
                    Ok(())
                } else {
                    let $v = self;
                    $encode
                }
            }
        }
    )*};
}

framework_primitives! {
    types::String: read_str |d, s| Ok(types::String::new(s)),
        |e, v| e.write_str(v.value_string());
    types::Bool: read_bool |d, b| Ok(types::Bool::new(b)),
        |e, v| { e.write_bool(v.value_bool()); Ok(()) };
    types::Int64: read_number |d, n| {
            n.to_integer(Number::to_i64, number_error::<types::Int64>).map(types::Int64::new)
        },
        |e, v| e.writer().write_integer(v.value_int64());
    types::Int32: read_number |d, n| {
            n.to_integer(Number::to_i32, number_error::<types::Int32>).map(types::Int32::new)
        },
        |e, v| e.writer().write_integer(v.value_int32());
    types::Float64: read_number |d, n| match n.to_f64(number_error::<types::Float64>) {
            Ok(float) => Ok(types::Float64::new(float)),
            // More precise than a float: kept as the number (see `types::Float64`).
            Err(_) => types::Float64::from_number(n.to_number()?)
                .map_err(number_error::<types::Float64>),
        },
        |e, v| match v.exact() {
            Some(number) => e.write_number(number),
            None => e.writer().write_f64(v.value_float64(), number_error::<types::Float64>),
        };
    types::Float32: read_number |d, n| match n.convert(Number::to_f32, number_error::<types::Float32>) {
            Ok(float) => Ok(types::Float32::new(float)),
            Err(_) => types::Float32::from_number(n.to_number()?)
                .map_err(number_error::<types::Float32>),
        },
        |e, v| match v.exact() {
            Some(number) => e.write_number(number),
            None => e.writer().write_f32(v.value_float32(), number_error::<types::Float32>),
        };
    types::Number: read_number |d, n| Ok(types::Number::new(n.to_number()?)),
        |e, v| match v.get() {
            Some(n) => e.write_number(n),
            None => {
                e.write_null();
                Ok(())
            }
        };
}

// ---------------------------------------------------------------------------------------------
// Options and pointers

impl<T: MsgpackDecode> MsgpackDecode for Option<T> {
    /// nil is `None`; anything else is `T`'s business (so unknown needs a `T` that holds it).
    #[inline]
    fn decode_msgpack(d: &mut Decoder<'_>) -> Result<Self, Error> {
        if d.peek_nil()? {
            d.null_or_unknown()?;
            Ok(None)
        } else {
            T::decode_msgpack(d).map(Some)
        }
    }
}

impl<T: MsgpackEncode> MsgpackEncode for Option<T> {
    #[inline]
    fn encode_msgpack(&self, e: &mut Encoder<'_>) -> Result<(), Error> {
        match self {
            Some(inner) => inner.encode_msgpack(e),
            None => {
                e.write_null();
                Ok(())
            }
        }
    }
}

macro_rules! smart_pointers {
    ($($p:ident),*) => {$(
        impl<T: MsgpackDecode> MsgpackDecode for $p<T> {
            #[inline]
            fn decode_msgpack(d: &mut Decoder<'_>) -> Result<Self, Error> {
                T::decode_msgpack(d).map($p::new)
            }
        }

        impl<T: MsgpackEncode + ?Sized> MsgpackEncode for $p<T> {
            #[inline]
            fn encode_msgpack(&self, e: &mut Encoder<'_>) -> Result<(), Error> {
                T::encode_msgpack(self, e)
            }
        }
    )*};
}

smart_pointers!(Box, Arc, Rc);

// ---------------------------------------------------------------------------------------------
// Collections

/// Reads `len` elements, adding each one's index to an error's path.
#[inline]
fn decode_elements<T: MsgpackDecode>(d: &mut Decoder<'_>, len: usize) -> Result<Vec<T>, Error> {
    let mut out = Vec::with_capacity(reserve::<T>(len));
    if len > 0 {
        // The depth check of the elements, named by the first one as the value route does.
        d.enter().map_err(|e| e.under_index(0))?;
        for index in 0..len {
            match T::decode_msgpack(d) {
                Ok(element) => out.push(element),
                Err(error) => return Err(error.under_index(index)),
            }
        }
        d.leave();
    }
    Ok(out)
}

impl<T: MsgpackDecode> MsgpackDecode for Vec<T> {
    /// A known list; null and unknown are the value route's errors.
    #[inline]
    fn decode_msgpack(d: &mut Decoder<'_>) -> Result<Self, Error> {
        match d.read_array(Self::terraform_type)? {
            Read::Known(len) => decode_elements(d, len),
            Read::Null => Err(null_error::<Self>()),
            Read::Unknown => Err(unknown_error::<Self>()),
        }
    }
}

impl<T: MsgpackEncode> MsgpackEncode for Vec<T> {
    #[inline]
    fn encode_msgpack(&self, e: &mut Encoder<'_>) -> Result<(), Error> {
        e.write_array_len(self.len())?;
        if !self.is_empty() {
            e.enter().map_err(|e| e.under_index(0))?;
            for (index, element) in self.iter().enumerate() {
                if let Err(error) = element.encode_msgpack(e) {
                    return Err(error.under_index(index));
                }
            }
            e.leave();
        }
        Ok(())
    }
}

#[cold]
#[inline(never)]
fn duplicate_key(key: String) -> Error {
    Error::wire(crate::tftypes::duplicate_map_key(&key))
}

/// Reads `len` map entries into `insert`, which says whether the key was new.
#[inline]
fn decode_entries<T: MsgpackDecode>(
    d: &mut Decoder<'_>,
    len: usize,
    mut insert: impl FnMut(String, T) -> Option<String>,
) -> Result<(), Error> {
    if len > 0 {
        for i in 0..len {
            let key = d.key()?;
            if i == 0 {
                d.enter().map_err(|e| e.under_key(key))?;
            }
            let element = T::decode_msgpack(d).map_err(|e| e.under_key(key))?;
            if let Some(key) = insert(key.to_owned(), element) {
                return Err(duplicate_key(key));
            }
        }
        d.leave();
    }
    Ok(())
}

/// Writes map entries, sorted by key.
#[inline]
fn encode_entries<'a, T: MsgpackEncode + 'a>(
    e: &mut Encoder<'_>,
    len: usize,
    entries: impl Iterator<Item = (&'a String, &'a T)>,
) -> Result<(), Error> {
    e.write_map_len(len)?;
    if len > 0 {
        for (i, (key, element)) in entries.enumerate() {
            if i == 0 {
                e.enter().map_err(|err| err.under_key(key))?;
            }
            e.write_str(key)?;
            element
                .encode_msgpack(e)
                .map_err(|err| err.under_key(key))?;
        }
        e.leave();
    }
    Ok(())
}

impl<T: MsgpackDecode> MsgpackDecode for BTreeMap<String, T> {
    /// A known map; a duplicate key is an error.
    #[inline]
    fn decode_msgpack(d: &mut Decoder<'_>) -> Result<Self, Error> {
        match d.read_map(Self::terraform_type)? {
            Read::Known(len) => {
                let mut out = BTreeMap::new();
                decode_entries(d, len, |key, element| match out.entry(key) {
                    std::collections::btree_map::Entry::Vacant(slot) => {
                        slot.insert(element);
                        None
                    }
                    std::collections::btree_map::Entry::Occupied(slot) => Some(slot.key().clone()),
                })?;
                Ok(out)
            }
            Read::Null => Err(null_error::<Self>()),
            Read::Unknown => Err(unknown_error::<Self>()),
        }
    }
}

impl<T: MsgpackEncode> MsgpackEncode for BTreeMap<String, T> {
    #[inline]
    fn encode_msgpack(&self, e: &mut Encoder<'_>) -> Result<(), Error> {
        encode_entries(e, self.len(), self.iter())
    }
}

impl<T: MsgpackDecode, S: BuildHasher + Default> MsgpackDecode for HashMap<String, T, S> {
    /// A known map; a duplicate key is an error.
    #[inline]
    fn decode_msgpack(d: &mut Decoder<'_>) -> Result<Self, Error> {
        match d.read_map(Self::terraform_type)? {
            Read::Known(len) => {
                let mut out =
                    HashMap::with_capacity_and_hasher(reserve::<(String, T)>(len), S::default());
                decode_entries(d, len, |key, element| match out.entry(key) {
                    std::collections::hash_map::Entry::Vacant(slot) => {
                        slot.insert(element);
                        None
                    }
                    std::collections::hash_map::Entry::Occupied(slot) => Some(slot.key().clone()),
                })?;
                Ok(out)
            }
            Read::Null => Err(null_error::<Self>()),
            Read::Unknown => Err(unknown_error::<Self>()),
        }
    }
}

impl<T: MsgpackEncode, S> MsgpackEncode for HashMap<String, T, S> {
    #[inline]
    fn encode_msgpack(&self, e: &mut Encoder<'_>) -> Result<(), Error> {
        let mut entries: Vec<(&String, &T)> = self.iter().collect();
        entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
        encode_entries(e, entries.len(), entries.into_iter())
    }
}

// Sets keep the value route's canonical element order and duplicate rules: through it.

impl<T: FromValue + TerraformType + Ord> MsgpackDecode for BTreeSet<T> {
    fn decode_msgpack(d: &mut Decoder<'_>) -> Result<Self, Error> {
        decode_via_value(d)
    }
}

impl<T: ToValue + TerraformType> MsgpackEncode for BTreeSet<T> {
    fn encode_msgpack(&self, e: &mut Encoder<'_>) -> Result<(), Error> {
        encode_via_value(self, e)
    }
}

impl<T: FromValue + TerraformType + Eq + Hash, S: BuildHasher + Default> MsgpackDecode
    for HashSet<T, S>
{
    fn decode_msgpack(d: &mut Decoder<'_>) -> Result<Self, Error> {
        decode_via_value(d)
    }
}

impl<T: ToValue + TerraformType, S> MsgpackEncode for HashSet<T, S> {
    fn encode_msgpack(&self, e: &mut Encoder<'_>) -> Result<(), Error> {
        encode_via_value(self, e)
    }
}
