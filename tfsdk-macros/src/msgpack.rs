//! Generates the direct msgpack codec of a derived struct: `MsgpackObject` (a match arm per
//! attribute calling one generic runtime helper, a write per attribute, no `?` anywhere: the
//! writer keeps the first error, as `FieldErrors` does for `from_attributes`), and
//! `MsgpackDecode` / `MsgpackEncode` delegating to the runtime's struct functions.
//!
//! The impls are bounded by each field type's capability behind a higher-ranked lifetime
//! (`for<'__tfsdk_hr> FieldType: ValueCodec`): a field type without a conversion then makes
//! the impls not apply instead of adding errors to the ones the other impls report at the field.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::ast::{Container, Field, Role};

/// The msgpack impls for a checked container.
pub fn impls(container: &Container<'_>) -> TokenStream {
    let private = &container.private;
    let msgpack = quote!(#private::msgpack);
    let ident = container.ident;
    let (impl_generics, ty_generics, _) = container.generics.split_for_impl();

    let (where_clause, codec_clause) = bounds(container, &msgpack);
    let slotted: Vec<&Field<'_>> = container
        .fields
        .iter()
        .filter(|f| !matches!(f.role, Role::Skip))
        .collect();
    let slots_type = slots_type(&slotted, private, &msgpack);
    let (arms, flattened_reads) = decode_arms(&slotted, private, &msgpack);
    let (pattern, inits) = finish(container, slotted.len(), private, &msgpack);
    let writes = writes(container, &msgpack);
    let sorted = container.flattened().next().is_none();

    quote! {
        #[automatically_derived]
        impl #impl_generics #msgpack::MsgpackObject for #ident #ty_generics #where_clause {
            type Slots = #slots_type;

            const SORTED: bool = #sorted;

            #[inline]
            fn decode_attribute(
                __tfsdk_slots: &mut Self::Slots,
                __tfsdk_key: &[u8],
                __tfsdk_decoder: &mut #msgpack::Decoder<'_>,
            ) -> #private::Result<bool, #msgpack::Error> {
                #[allow(unused_imports)]
                use #msgpack::{DirectField as _, ValueField as _};
                match __tfsdk_key {
                    #(#arms)*
                    _ => {
                        #(#flattened_reads)*
                        #private::Result::Ok(false)
                    }
                }
            }

            #[inline]
            fn finish(__tfsdk_slots: Self::Slots) -> Self {
                let #pattern = __tfsdk_slots;
                Self { #(#inits,)* }
            }

            #[inline]
            fn encode_attributes(&self, __tfsdk_out: &mut #msgpack::AttributeWriter<'_, '_>) {
                #[allow(unused_imports)]
                use #msgpack::{DirectField as _, ValueField as _};
                #(#writes)*
            }
        }

        #[automatically_derived]
        impl #impl_generics #msgpack::MsgpackDecode for #ident #ty_generics #codec_clause {
            #[inline]
            fn decode_msgpack(
                __tfsdk_decoder: &mut #msgpack::Decoder<'_>,
            ) -> #private::Result<Self, #msgpack::Error> {
                #msgpack::decode_struct::<Self>(__tfsdk_decoder)
            }
        }

        #[automatically_derived]
        impl #impl_generics #msgpack::MsgpackEncode for #ident #ty_generics #codec_clause {
            #[inline]
            fn encode_msgpack(
                &self,
                __tfsdk_encoder: &mut #msgpack::Encoder<'_>,
            ) -> #private::Result<(), #msgpack::Error> {
                #msgpack::encode_struct(self, __tfsdk_encoder)
            }
        }
    }
}

/// The where clauses: each field's type can do what its role needs (`where_clause`, of
/// `MsgpackObject`); the codec impls only need the struct's `MsgpackObject` (`codec_clause`).
fn bounds(
    container: &Container<'_>,
    msgpack: &TokenStream,
) -> (syn::WhereClause, syn::WhereClause) {
    let private = &container.private;
    let ident = container.ident;
    let (_, ty_generics, _) = container.generics.split_for_impl();
    let base_clause = container
        .generics
        .where_clause
        .clone()
        .unwrap_or_else(|| syn::parse_quote!(where));
    let mut codec_clause = base_clause.clone();
    codec_clause.predicates.push(syn::parse_quote!(
        for<'__tfsdk_hr> #ident #ty_generics: #msgpack::MsgpackObject
    ));
    let mut where_clause = base_clause;
    // `MsgpackObject: TfObject`: a generic struct's `TfObject` has bounds of its own.
    where_clause.predicates.push(syn::parse_quote!(
        for<'__tfsdk_hr> #ident #ty_generics: #private::TfObject
    ));
    for field in &container.fields {
        let ty = field.ty;
        let bound = match field.role {
            Role::Attribute(_) => quote!(#msgpack::ValueCodec),
            Role::Flatten => quote!(#msgpack::MsgpackObject),
            Role::Skip => quote!(#private::Default),
        };
        where_clause
            .predicates
            .push(syn::parse_quote!(for<'__tfsdk_hr> #ty: #bound));
    }

    (where_clause, codec_clause)
}

/// The slots' type: one per attribute or flattened field, in declaration order, as nested
/// pairs.
fn slots_type(slotted: &[&Field<'_>], private: &syn::Path, msgpack: &TokenStream) -> TokenStream {
    let slot_types = slotted.iter().map(|f| {
        let ty = f.ty;
        match f.role {
            Role::Flatten => quote!(<#ty as #msgpack::MsgpackObject>::Slots),
            _ => quote!(#private::Option<#ty>),
        }
    });
    slot_types
        .rev()
        .fold(quote!(()), |rest, slot| quote!((#slot, #rest)))
}

/// The expression of slot `index` in `__tfsdk_slots`.
fn slot_access(index: usize) -> TokenStream {
    let ones = std::iter::repeat_n(quote!(.1), index);
    quote!(__tfsdk_slots #(#ones)* .0)
}

/// `decode_attribute`'s match arms, one per attribute by its name's bytes, and the reads of
/// flattened structs tried for any other key.
fn decode_arms(
    slotted: &[&Field<'_>],
    private: &syn::Path,
    msgpack: &TokenStream,
) -> (Vec<TokenStream>, Vec<TokenStream>) {
    let mut arms = Vec::new();
    let mut flattened_reads = Vec::new();
    for (index, field) in slotted.iter().enumerate() {
        let ty = field.ty;
        let slot = slot_access(index);
        match &field.role {
            Role::Attribute(a) => {
                let name = &a.name;
                let name_bytes =
                    syn::LitByteStr::new(name.as_bytes(), proc_macro2::Span::call_site());
                arms.push(quote!(
                    #name_bytes => (&#msgpack::Field::<#ty>::new())
                        .decode_into(&mut #slot, #name, __tfsdk_decoder),
                ));
            }
            Role::Flatten => flattened_reads.push(quote!(
                if <#ty as #msgpack::MsgpackObject>::decode_attribute(
                    &mut #slot, __tfsdk_key, __tfsdk_decoder,
                )? {
                    return #private::Result::Ok(true);
                }
            )),
            Role::Skip => {}
        }
    }
    (arms, flattened_reads)
}

/// `finish`'s pattern over the `slots` slots, and each field's initializer.
fn finish(
    container: &Container<'_>,
    slots: usize,
    private: &syn::Path,
    msgpack: &TokenStream,
) -> (TokenStream, Vec<TokenStream>) {
    let locals: Vec<_> = (0..slots)
        .map(|i| format_ident!("__tfsdk_slot_{}", i))
        .collect();
    let pattern = locals
        .iter()
        .rev()
        .fold(quote!(()), |rest, local| quote!((#local, #rest)));
    let mut next_local = locals.iter();
    let inits: Vec<_> = container
        .fields
        .iter()
        .map(|f| {
            let member = f.member;
            let ty = f.ty;
            match f.role {
                Role::Skip => quote!(#member: <#ty as #private::Default>::default()),
                Role::Attribute(_) => {
                    let local = next_local.next();
                    quote!(#member: #private::filled(#local))
                }
                Role::Flatten => {
                    let local = next_local.next();
                    quote!(#member: <#ty as #msgpack::MsgpackObject>::finish(#local))
                }
            }
        })
        .collect();

    (pattern, inits)
}

/// `encode_attributes`' writes: own attributes in name order, then flattened structs (sorted
/// by the runtime).
fn writes(container: &Container<'_>, msgpack: &TokenStream) -> Vec<TokenStream> {
    container
        .attributes()
        .into_iter()
        .map(|(f, a)| {
            let ty = f.ty;
            let member = f.member;
            let name = &a.name;
            quote!(
                (&#msgpack::Field::<#ty>::new())
                    .encode_attribute(__tfsdk_out, #name, &self.#member);
            )
        })
        .chain(container.flattened().map(|f| {
            let ty = f.ty;
            let member = f.member;
            quote!(
                <#ty as #msgpack::MsgpackObject>::encode_attributes(&self.#member, __tfsdk_out);
            )
        }))
        .collect::<Vec<_>>()
}
