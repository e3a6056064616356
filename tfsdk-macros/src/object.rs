//! Generates `TfObject` and the attribute plumbing under it (`ObjectFields`): attribute names
//! and types, reading the struct from an object's attributes, writing them, and the cached
//! object type. Trait bounds are spanned at each field's type, so a type without a conversion
//! is reported on the field.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::{Container, Field, Role};
use crate::bound::{respan, where_clause};
use crate::schema;

/// `impl TfObject` and `impl ObjectFields`, and the compile-time check that flattened structs
/// do not repeat a name.
pub fn impls(container: &Container<'_>) -> TokenStream {
    let private = &container.private;
    let ident = container.ident;
    let (impl_generics, ty_generics, _) = container.generics.split_for_impl();
    let where_clause = where_clause(container);

    let attributes = container.attributes();
    let own_names: Vec<&str> = attributes.iter().map(|(_, a)| a.name.as_str()).collect();
    let flattened: Vec<&Field<'_>> = container.flattened().collect();
    let flattened_names = flattened.iter().map(|f| {
        let ty = f.ty;
        quote_spanned!(ty.span()=> &<#ty as #private::ObjectFields>::ATTRIBUTE_NAMES)
    });
    let own_count = own_names.len();
    let flattened_counts = flattened.iter().map(|f| {
        let ty = f.ty;
        quote!(+ <#ty as #private::ObjectFields>::attribute_count())
    });
    let has_own = if own_names.is_empty() {
        quote!(false)
    } else {
        quote!(#private::has_name(<Self as #private::ObjectFields>::ATTRIBUTE_NAMES.own, name))
    };
    let has_flattened = flattened.iter().map(|f| {
        let ty = f.ty;
        quote!(|| <#ty as #private::ObjectFields>::has_attribute(name))
    });

    let is_schema = container.is_schema();
    let flat_view = if container.kind == crate::ast::Kind::Model && is_schema {
        let view = &container.view;
        quote!(#view #ty_generics)
    } else {
        quote!(#private::NotASchema)
    };
    let (unique_check, unique_use) = unique_names(container);
    let collect_schema = match &container.attributes_of {
        Some(model) => quote!(<#model as #private::ObjectFields>::collect_schema_attributes(out);),
        None => schema::collect_attributes(container),
    };
    let attribute_attr_type = attribute_attr_type(container);
    let from_attributes = from_attributes(container, &unique_use);
    let from_checked = from_checked_attributes(container);
    let write_attributes = write_attributes(container);
    let cached_type = cached_type(container);

    quote! {
        #[automatically_derived]
        impl #impl_generics #private::TfObject for #ident #ty_generics #where_clause {}

        #[automatically_derived]
        impl #impl_generics #private::ObjectFields for #ident #ty_generics #where_clause {
            const IS_SCHEMA: bool = #is_schema;

            type FlatView = #flat_view;

            const ATTRIBUTE_NAMES: #private::AttributeNames = #private::AttributeNames {
                own: &[#(#own_names),*],
                flattened: &[#(#flattened_names),*],
            };

            #[inline]
            fn collect_schema_attributes(
                out: &mut #private::Map<#private::String, #private::SchemaAttribute>,
            ) {
                #unique_use
                #collect_schema
            }

            #attribute_attr_type

            #[inline]
            fn attribute_count() -> usize {
                #own_count #(#flattened_counts)*
            }

            #[inline]
            fn has_attribute(name: &str) -> bool {
                #has_own #(#has_flattened)*
            }

            #from_attributes

            #from_checked

            #write_attributes

            #cached_type
        }

        #unique_check
    }
}

/// Each attribute's framework type, as its field declares it (a table of names and
/// `field_attr_type::<FieldType>` functions, looked up by the runtime); then the flattened
/// structs'.
fn attribute_attr_type(container: &Container<'_>) -> TokenStream {
    let private = &container.private;
    let rows = container.attributes().into_iter().map(|(field, a)| {
        let ty = field.ty;
        let name = a.name.as_str();
        let attr_type = quote_spanned!(ty.span()=> #private::field_attr_type::<#ty>);
        quote!(#private::NamedAttrType { name: #name, attr_type: #attr_type })
    });
    let flattened = container.flattened().map(|f| {
        let ty = f.ty;
        quote_spanned!(ty.span()=>
            .or_else(|| <#ty as #private::ObjectFields>::attribute_attr_type(name))
        )
    });
    quote! {
        fn attribute_attr_type(
            name: &str,
        ) -> #private::Option<#private::Box<dyn #private::AttrType>> {
            #private::attr_type_in(const { &[#(#rows),*] }, name) #(#flattened)*
        }
    }
}

/// The locals each field is read into.
fn field_locals(container: &Container<'_>) -> Vec<syn::Ident> {
    (0..container.fields.len())
        .map(|i| format_ident!("__tfsdk_field_{}", i))
        .collect()
}

/// `member: filled(local)` for each field.
fn field_inits(container: &Container<'_>) -> Vec<TokenStream> {
    let private = &container.private;
    container
        .fields
        .iter()
        .zip(field_locals(container))
        .map(|(f, local)| {
            let member = f.member;
            quote!(#member: #private::filled(#local))
        })
        .collect()
}

/// `from_attributes`: a struct with flattened fields reads them from the shared map; one
/// without takes its own attributes out of the map (it is flattened into another) and walks
/// them in order.
///
/// Each field converts into a local `Option`; the first error is kept and returned once all
/// fields are read. One exit for errors keeps the function linear in the number of fields (a
/// `?` per field makes every exit drop the fields before it).
fn from_attributes(container: &Container<'_>, unique_use: &TokenStream) -> TokenStream {
    let private = &container.private;
    let body = if container.flattened().next().is_none() {
        quote!(
            Self::from_checked_attributes(#private::take_own_attributes(
                attributes,
                <Self as #private::ObjectFields>::ATTRIBUTE_NAMES.own,
            )?)
        )
    } else {
        let reads = container
            .fields
            .iter()
            .zip(field_locals(container))
            .map(|(f, local)| {
                let ty = f.ty;
                let read = match &f.role {
                    Role::Attribute(a) => {
                        let name = &a.name;
                        let (errors, attributes) = (
                            crate::bound::local("__tfsdk_errors"),
                            crate::bound::local("attributes"),
                        );
                        quote_spanned!(ty.span()=>
                            #errors.record(#private::take_attribute::<#ty>(#attributes, #name))
                        )
                    }
                    Role::Flatten => {
                        let (errors, attributes) = (
                            crate::bound::local("__tfsdk_errors"),
                            crate::bound::local("attributes"),
                        );
                        quote_spanned!(ty.span()=>
                            #errors.record(#private::take_flattened::<#ty>(#attributes))
                        )
                    }
                    Role::Skip => quote_spanned!(ty.span()=>
                        #private::Option::Some(#private::skipped::<#ty>())
                    ),
                };
                quote!(let #local = #read;)
            });
        let inits = field_inits(container);
        quote!(
            #unique_use
            #[allow(unused_mut)]
            let mut __tfsdk_errors = #private::FieldErrors::new();
            #(#reads)*
            __tfsdk_errors.finish()?;
            #private::Result::Ok(Self {
                #(#inits,)*
            })
        )
    };
    quote! {
        #[inline]
        fn from_attributes(
            attributes: &mut #private::Map<#private::String, #private::Value>,
        ) -> #private::Result<Self, #private::ConvertError> {
            #body
        }
    }
}

/// `from_checked_attributes`, for a struct without flattened fields: its names are all its own,
/// so once they are checked the object's attributes, in name order, are the fields sorted by
/// name: one walk, no lookups.
fn from_checked_attributes(container: &Container<'_>) -> TokenStream {
    if container.flattened().next().is_some() {
        return quote!();
    }
    let private = &container.private;
    let locals = field_locals(container);
    let mut sorted: Vec<_> = container.fields.iter().zip(&locals).collect();
    sorted.sort_by(|(a, _), (b, _)| attribute_name(a).cmp(&attribute_name(b)));
    let reads = sorted.iter().map(|(f, local)| {
        let ty = f.ty;
        let read = match &f.role {
            Role::Attribute(a) => {
                let name = &a.name;
                let (attributes, errors) = (
                    crate::bound::local("__tfsdk_attributes"),
                    crate::bound::local("__tfsdk_errors"),
                );
                quote_spanned!(ty.span()=>
                    #private::read_attribute::<#ty>(&mut #attributes, &mut #errors, #name)
                )
            }
            Role::Skip | Role::Flatten => quote_spanned!(ty.span()=>
                #private::Option::Some(#private::skipped::<#ty>())
            ),
        };
        quote!(let #local = #read;)
    });
    let inits = field_inits(container);
    quote!(
        #[inline]
        fn from_checked_attributes(
            attributes: #private::AttributeValues,
        ) -> #private::Result<Self, #private::ConvertError> {
            #[allow(unused_mut, unused_variables)]
            let mut __tfsdk_attributes = #private::SortedAttributes::new(attributes);
            #[allow(unused_mut)]
            let mut __tfsdk_errors = #private::FieldErrors::new();
            #(#reads)*
            __tfsdk_errors.finish()?;
            #private::Result::Ok(Self {
                #(#inits,)*
            })
        }
    )
}

/// `write_attributes`: without flattened fields, attributes are written in name order, the
/// order of the object type's attributes, so each takes the next attribute's type without a
/// lookup.
fn write_attributes(container: &Container<'_>) -> TokenStream {
    let private = &container.private;
    let mut order: Vec<_> = container.fields.iter().collect();
    if container.flattened().next().is_none() {
        order.sort_by(|a, b| attribute_name(a).cmp(&attribute_name(b)));
    }
    let puts = order.into_iter().filter_map(|f| {
        let member = f.member;
        let ty = f.ty;
        match &f.role {
            Role::Attribute(a) => {
                let name = &a.name;
                let (out, this) = (crate::bound::local("out"), <syn::Token![self]>::default());
                Some(quote_spanned!(ty.span()=>
                    #private::put_attribute::<#ty>(#out, #name, &#this.#member);
                ))
            }
            Role::Flatten => {
                let (out, this) = (crate::bound::local("out"), <syn::Token![self]>::default());
                Some(quote_spanned!(ty.span()=>
                    #private::put_flattened::<#ty>(#out, &#this.#member);
                ))
            }
            Role::Skip => None,
        }
    });
    quote! {
        #[inline]
        #[allow(unused_variables)]
        fn write_attributes(&self, out: &mut impl #private::AttributeSink) {
            #(#puts)*
        }
    }
}

/// `cached_type`: a non-generic struct builds its type once; a generic one cannot keep a static
/// per instantiation and builds it each time (the trait's default).
fn cached_type(container: &Container<'_>) -> TokenStream {
    if container.is_generic() {
        return quote!();
    }
    let private = &container.private;
    quote! {
        #[inline]
        fn cached_type() -> #private::Option<&'static #private::CachedObjectType> {
            static OBJECT_TYPE: #private::OnceLock<#private::CachedObjectType> =
                #private::OnceLock::new();
            #private::Option::Some(#private::cached_object_type(
                &OBJECT_TYPE,
                #private::object_type::<Self>,
            ))
        }
    }
}

/// Duplicate names across flattened structs are a compile-time error: a constant the compiler
/// evaluates. Non-generic structs check in a free constant (evaluated by `cargo check` too);
/// generic ones in an associated constant their methods use. Returns the check and its use.
fn unique_names(container: &Container<'_>) -> (TokenStream, TokenStream) {
    let private = &container.private;
    let ident = container.ident;
    let Some(first) = container.flattened().next() else {
        return (quote!(), quote!());
    };
    let span = first.member.span();
    if !container.is_generic() {
        let private = respan(quote!(#private), span);
        return (
            quote_spanned!(span=>
                const _: () = #private::assert_unique_names(
                    &<#ident as #private::ObjectFields>::ATTRIBUTE_NAMES
                );
            ),
            quote!(),
        );
    }
    let (impl_generics, ty_generics, _) = container.generics.split_for_impl();
    let where_clause = where_clause(container);
    (
        quote_spanned!(span=>
            impl #impl_generics #ident #ty_generics #where_clause {
                #[doc(hidden)]
                const __TFSDK_UNIQUE_ATTRIBUTE_NAMES: () = #private::assert_unique_names(
                    &<Self as #private::ObjectFields>::ATTRIBUTE_NAMES
                );
            }
        ),
        quote!(let () = Self::__TFSDK_UNIQUE_ATTRIBUTE_NAMES;),
    )
}

/// The attribute name of a field, `None` for skipped and flattened ones (sorted first).
fn attribute_name<'f>(field: &'f Field<'_>) -> Option<&'f str> {
    match &field.role {
        Role::Attribute(a) => Some(&a.name),
        Role::Skip | Role::Flatten => None,
    }
}
