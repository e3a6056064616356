//! What `#[derive(TfObject)]` generates code against (through `tfsdk_core::__private::msgpack`);
//! not public API.
//!
//! Each attribute field is read and written through [`Field`]: generated code calls
//! `(&Field::<T>::new()).decode_into(…)`, which method resolution sends to [`DirectField`]
//! when `T` has a direct codec and to [`ValueField`] (the value route for that field) when it
//! does not; so every field type converts, and the fast path is taken where there is one.

use std::marker::PhantomData;

pub use super::impls::{decode_via_value, encode_via_value};
pub use super::object::{AttributeWriter, MsgpackObject, decode_struct, encode_struct};
pub use super::{Decoder, Encoder, Error, MsgpackDecode, MsgpackEncode};

use crate::convert::{FromValue, TerraformType, ToValue};
use crate::path::PathStep;
use crate::tftypes::ValueError;

/// A field type, for method resolution to pick its codec.
pub struct Field<T>(PhantomData<fn() -> T>);

impl<T> Field<T> {
    /// The marker.
    #[inline]
    pub const fn new() -> Field<T> {
        Field(PhantomData)
    }
}

impl<T> Default for Field<T> {
    fn default() -> Self {
        Field::new()
    }
}

/// A trait of the method resolution choice and its one implementation, for fields whose type
/// is `T: $bound`, read with `T::$decode` and written with `T::$encode`: the two traits have the
/// same methods, so that generated code calls them alike.
macro_rules! field_codec {
    (
        $(#[$doc:meta])*
        $name:ident for $field:ty where T: $bound:ident $(+ $more:ident)*
            => $decode:ident, $encode:ident
    ) => {
        $(#[$doc])*
        pub trait $name<T> {
            /// Reads attribute `name` into its slot.
            ///
            /// # Errors
            /// See [`decode_attribute_into`].
            fn decode_into(
                &self,
                slot: &mut Option<T>,
                name: &'static str,
                decoder: &mut Decoder<'_>,
            ) -> Result<bool, Error>;

            /// Writes attribute `name` (an error stays in `out`).
            fn encode_attribute(
                &self,
                out: &mut AttributeWriter<'_, '_>,
                name: &'static str,
                value: &T,
            );
        }

        impl<T: $bound $(+ $more)*> $name<T> for $field {
            #[inline]
            fn decode_into(
                &self,
                slot: &mut Option<T>,
                name: &'static str,
                decoder: &mut Decoder<'_>,
            ) -> Result<bool, Error> {
                decode_attribute_into(slot, name, decoder, T::$decode)
            }

            #[inline]
            fn encode_attribute(
                &self,
                out: &mut AttributeWriter<'_, '_>,
                name: &'static str,
                value: &T,
            ) {
                out.attribute(name, |e| value.$encode(e));
            }
        }
    };
}

field_codec!(
    /// Fields with a direct codec (chosen first: the method takes `&Field<T>`).
    DirectField for Field<T> where T: MsgpackDecode + MsgpackEncode
        => decode_msgpack, encode_msgpack
);

field_codec!(
    /// Fields without a direct codec: the value route, field by field (chosen second: the
    /// method takes `&&Field<T>`).
    ValueField for &Field<T> where T: ValueCodec => decode_value, encode_value
);

/// The value route for one attribute, as a trait without supertraits: generated impls bound
/// their field types with it (one predicate per field, where `AttributeField` would bring its
/// three supertraits into every obligation's candidates).
pub trait ValueCodec: Sized {
    /// [`decode_via_value`].
    ///
    /// # Errors
    /// As the value route.
    fn decode_value(decoder: &mut Decoder<'_>) -> Result<Self, Error>;

    /// [`encode_via_value`].
    ///
    /// # Errors
    /// As the value route.
    fn encode_value(&self, encoder: &mut Encoder<'_>) -> Result<(), Error>;
}

impl<T: FromValue + ToValue + TerraformType> ValueCodec for T {
    #[inline]
    fn decode_value(decoder: &mut Decoder<'_>) -> Result<Self, Error> {
        decode_via_value(decoder)
    }

    #[inline]
    fn encode_value(&self, encoder: &mut Encoder<'_>) -> Result<(), Error> {
        encode_via_value(self, encoder)
    }
}

/// Reads attribute `name` with `decode` into `slot`: `Ok(true)` once filled.
///
/// # Errors
/// The slot is filled already (a duplicate key), or `decode`'s error under `name`.
#[inline]
pub fn decode_attribute_into<T>(
    slot: &mut Option<T>,
    name: &'static str,
    decoder: &mut Decoder<'_>,
    decode: impl FnOnce(&mut Decoder<'_>) -> Result<T, Error>,
) -> Result<bool, Error> {
    if slot.is_some() {
        return Err(duplicate_attribute(name));
    }
    match decoder.enter().and_then(|()| decode(decoder)) {
        Ok(value) => {
            decoder.leave();
            *slot = Some(value);
            Ok(true)
        }
        Err(error) => Err(error.under_attribute(name)),
    }
}

#[cold]
#[inline(never)]
fn duplicate_attribute(name: &str) -> Error {
    Error::wire(
        ValueError::new(format!("duplicate attribute {name:?}"))
            .under(PathStep::AttributeName(name.to_owned())),
    )
}
