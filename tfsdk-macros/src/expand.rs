//! Generates the `TfObject`, `TerraformType`, `FromValue` and `ToValue` impls. Generated code
//! calls small runtime helpers in `__private`; trait bounds are spanned at each field's type so
//! a type without a conversion is reported on the field.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::{Container, Role};
use crate::schema;

/// The impls for a checked container.
pub fn expand(container: &Container<'_>) -> TokenStream {
    let private = &container.private;
    let ident = container.ident;
    let (impl_generics, ty_generics, _) = container.generics.split_for_impl();
    let where_clause = where_clause(container);

    let attributes = container.attributes();
    let own_names: Vec<&str> = attributes.iter().map(|(_, a)| a.name.as_str()).collect();
    let flattened: Vec<_> = container.flattened().collect();

    // Each attribute's framework type, as its field declares it; then the flattened structs'.
    let attr_type_arms = attributes.iter().map(|(field, a)| {
        let ty = field.ty;
        let name = a.name.as_str();
        quote_spanned!(ty.span()=> #name => #private::field_attr_type::<#ty>(),)
    });
    let attr_type_flattened = flattened.iter().map(|f| {
        let ty = f.ty;
        quote_spanned!(ty.span()=>
            .or_else(|| <#ty as #private::ObjectFields>::attribute_attr_type(name))
        )
    });
    let attribute_attr_type_body = quote! {
        match name {
            #(#attr_type_arms)*
            _ => #private::Option::None #(#attr_type_flattened)*,
        }
    };
    // A generic struct keeps the built-in object type: the framework type is `'static`.
    let model_attr_type = if container.is_generic() {
        quote!()
    } else {
        quote! {
            fn attr_type() -> #private::Box<dyn #private::AttrType> {
                #private::model_attr_type::<Self>()
            }
        }
    };

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
        quote!(::core::matches!(name, #(#own_names)|*))
    };
    let has_flattened = flattened.iter().map(|f| {
        let ty = f.ty;
        quote!(|| <#ty as #private::ObjectFields>::has_attribute(name))
    });

    // Each field converts into a local `Option`; the first error is kept and returned once all
    // fields are read. One exit for errors keeps the function linear in the number of fields
    // (a `?` per field makes every exit drop the fields before it).
    let field_locals: Vec<syn::Ident> = (0..container.fields.len())
        .map(|i| quote::format_ident!("__tfsdk_field_{}", i))
        .collect();
    let field_reads = container
        .fields
        .iter()
        .zip(&field_locals)
        .map(|(f, local)| {
            let ty = f.ty;
            let read = match &f.role {
                Role::Attribute(a) => {
                    let name = &a.name;
                    quote_spanned!(ty.span()=>
                        __tfsdk_errors.record(#private::take_attribute::<#ty>(attributes, #name))
                    )
                }
                Role::Flatten => quote_spanned!(ty.span()=>
                    __tfsdk_errors.record(#private::take_flattened::<#ty>(attributes))
                ),
                Role::Skip => quote_spanned!(ty.span()=>
                    #private::Option::Some(#private::skipped::<#ty>())
                ),
            };
            quote!(let #local = #read;)
        });
    let field_inits: Vec<TokenStream> = container
        .fields
        .iter()
        .zip(&field_locals)
        .map(|(f, local)| {
            let member = f.member;
            quote!(#member: #private::filled(#local))
        })
        .collect();

    // Without flattened fields the struct's names are all its own, so once they are checked the
    // object's attributes, in name order, are the fields sorted by name: one walk, no lookups.
    let from_checked = if flattened.is_empty() {
        let mut sorted: Vec<_> = container.fields.iter().zip(&field_locals).collect();
        sorted.sort_by(|(a, _), (b, _)| attribute_name(a).cmp(&attribute_name(b)));
        let sorted_reads = sorted.iter().map(|(f, local)| {
            let ty = f.ty;
            let read = match &f.role {
                Role::Attribute(a) => {
                    let name = &a.name;
                    quote_spanned!(ty.span()=>
                        __tfsdk_errors.record(__tfsdk_attributes.next::<#ty>(#name))
                    )
                }
                Role::Skip | Role::Flatten => quote_spanned!(ty.span()=>
                    #private::Option::Some(#private::skipped::<#ty>())
                ),
            };
            quote!(let #local = #read;)
        });
        quote!(
            #[inline]
            fn from_checked_attributes(
                attributes: #private::AttributeValues,
            ) -> #private::Result<Self, #private::ConvertError> {
                #[allow(unused_mut, unused_variables)]
                let mut __tfsdk_attributes = #private::SortedAttributes::new(attributes);
                #[allow(unused_mut)]
                let mut __tfsdk_errors = #private::FieldErrors::new();
                #(#sorted_reads)*
                __tfsdk_errors.finish()?;
                #private::Result::Ok(Self {
                    #(#field_inits,)*
                })
            }
        )
    } else {
        quote!()
    };
    // Without flattened fields, attributes are written in name order: the order of the
    // object type's attributes, so each lands in the next slot without a lookup.
    let mut put_order: Vec<_> = container.fields.iter().collect();
    if flattened.is_empty() {
        put_order.sort_by(|a, b| attribute_name(a).cmp(&attribute_name(b)));
    }
    let puts = put_order.into_iter().filter_map(|f| {
        let member = f.member;
        let ty = f.ty;
        match &f.role {
            Role::Attribute(a) => {
                let name = &a.name;
                Some(quote_spanned!(ty.span()=>
                    #private::put_attribute::<#ty>(out, #name, &self.#member)?;
                ))
            }
            Role::Flatten => Some(quote_spanned!(ty.span()=>
                #private::put_flattened::<#ty>(out, ty, &self.#member)?;
            )),
            Role::Skip => None,
        }
    });

    // Duplicate names across flattened structs are a compile-time error: a constant the
    // compiler evaluates. Non-generic structs check in a free constant (evaluated by
    // `cargo check` too); generic ones in an associated constant their methods use.
    let (unique_check, unique_use) = match flattened.first() {
        None => (quote!(), quote!()),
        Some(first) if !container.is_generic() => {
            let span = first.member.span();
            let private = respan(quote!(#private), span);
            (
                quote_spanned!(span=>
                    const _: () = #private::assert_unique_names(
                        &<#ident as #private::ObjectFields>::ATTRIBUTE_NAMES
                    );
                ),
                quote!(),
            )
        }
        Some(first) => {
            let span = first.member.span();
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
    };

    // A struct with flattened fields reads them from the shared map; one without takes its
    // own attributes out of the map (it is flattened into another) and walks them in order.
    let from_attributes_body = if flattened.is_empty() {
        quote!(
            Self::from_checked_attributes(#private::take_own_attributes(
                attributes,
                <Self as #private::ObjectFields>::ATTRIBUTE_NAMES.own,
            )?)
        )
    } else {
        quote!(
            #unique_use
            #[allow(unused_mut)]
            let mut __tfsdk_errors = #private::FieldErrors::new();
            #(#field_reads)*
            __tfsdk_errors.finish()?;
            #private::Result::Ok(Self {
                #(#field_inits,)*
            })
        )
    };

    // A struct without type parameters builds its object type once and shares it; values of
    // that type then skip the attribute-name check (the same `Arc`).
    let shared_object_type = if container.is_generic() {
        quote!()
    } else {
        quote!(
            #[inline]
            fn shared_object_type() -> #private::Option<&'static #private::Type> {
                static OBJECT_TYPE: #private::OnceLock<#private::Type> = #private::OnceLock::new();
                #private::Option::Some(OBJECT_TYPE.get_or_init(#private::object_type::<Self>))
            }
        )
    };

    let collect_schema = schema::collect_attributes(container);
    let schema_impls = schema::schema_impls(container);
    let msgpack_impls = crate::msgpack::impls(container);
    let is_schema = container.schema.is_some();
    let nested_attributes = if is_schema {
        quote!(
            #[inline]
            fn nested_attributes() -> #private::Option<#private::NestedAttributes> {
                #private::Option::Some(#private::nested_single::<Self>())
            }
        )
    } else {
        quote!()
    };

    quote! {
        #[automatically_derived]
        impl #impl_generics #private::TfObject for #ident #ty_generics #where_clause {}

        #[automatically_derived]
        impl #impl_generics #private::ObjectFields for #ident #ty_generics #where_clause {
            const IS_SCHEMA: bool = #is_schema;

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

            fn attribute_attr_type(
                name: &str,
            ) -> #private::Option<#private::Box<dyn #private::AttrType>> {
                #attribute_attr_type_body
            }

            #shared_object_type

            #[inline]
            fn attribute_count() -> usize {
                #own_count #(#flattened_counts)*
            }

            #[inline]
            fn has_attribute(name: &str) -> bool {
                #has_own #(#has_flattened)*
            }

            #[inline]
            fn from_attributes(
                attributes: &mut #private::Map<#private::String, #private::Value>,
            ) -> #private::Result<Self, #private::ConvertError> {
                #from_attributes_body
            }

            #from_checked

            #[inline]
            fn to_attributes(
                &self,
                ty: &#private::ObjectType,
                out: &mut #private::AttributesOut<'_>,
            ) -> #private::Result<(), #private::ConvertError> {
                // Only flattened structs need the type; the others' attributes know theirs.
                let _ = ty;
                #(#puts)*
                #private::Result::Ok(())
            }
        }

        #[automatically_derived]
        impl #impl_generics #private::TerraformType for #ident #ty_generics #where_clause {
            #[inline]
            fn terraform_type() -> #private::Type {
                #private::shared_object_type::<Self>()
            }

            // Its fields are validated as the struct reads them.
            const VALIDATES: bool = false;

            #model_attr_type

            #nested_attributes
        }

        #[automatically_derived]
        impl #impl_generics #private::FromValue for #ident #ty_generics #where_clause {
            #[inline]
            fn from_value(
                value: #private::Value,
            ) -> #private::Result<Self, #private::ConvertError> {
                #private::object_from_value::<Self>(value)
            }
        }

        #[automatically_derived]
        impl #impl_generics #private::ToValue for #ident #ty_generics #where_clause {
            #[inline]
            fn to_value(
                &self,
                ty: &#private::Type,
            ) -> #private::Result<#private::Value, #private::ConvertError> {
                #private::object_to_value(self, ty)
            }
        }

        #unique_check
        #schema_impls
        #msgpack_impls
    }
}

/// The attribute name of a field, `None` for skipped and flattened ones (sorted first).
fn attribute_name<'f>(field: &'f crate::ast::Field<'_>) -> Option<&'f str> {
    match &field.role {
        Role::Attribute(a) => Some(&a.name),
        Role::Skip | Role::Flatten => None,
    }
}

/// The struct's where clause plus a bound for each field type that mentions a type parameter
/// (serde's approach: bounds on field types, not on parameters).
pub(crate) fn where_clause(container: &Container<'_>) -> Option<syn::WhereClause> {
    let private = &container.private;
    let params: Vec<&syn::Ident> = container.generics.type_params().map(|p| &p.ident).collect();
    let mut clause = container.generics.where_clause.clone();
    if params.is_empty() {
        return clause;
    }
    let predicates: Vec<syn::WherePredicate> = container
        .fields
        .iter()
        .filter(|f| mentions_any(f.ty, &params))
        .map(|f| {
            let ty = f.ty;
            let bound = match f.role {
                Role::Attribute(_) => quote!(#private::AttributeField),
                Role::Flatten => quote!(#private::FlattenedField),
                Role::Skip => quote!(#private::SkippedField),
            };
            syn::parse_quote_spanned!(ty.span()=> #ty: #bound)
        })
        .collect();
    if predicates.is_empty() {
        return clause;
    }
    let clause_ref = clause.get_or_insert_with(|| syn::WhereClause {
        where_token: Default::default(),
        predicates: Default::default(),
    });
    clause_ref.predicates.extend(predicates);
    clause
}

/// The same tokens, all spanned at `span` (so an error inside them points there).
pub fn respan(tokens: TokenStream, span: proc_macro2::Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut tree| {
            if let proc_macro2::TokenTree::Group(group) = &tree {
                let mut inner =
                    proc_macro2::Group::new(group.delimiter(), respan(group.stream(), span));
                inner.set_span(span);
                tree = proc_macro2::TokenTree::Group(inner);
            } else {
                tree.set_span(span);
            }
            tree
        })
        .collect()
}

fn mentions_any(ty: &syn::Type, params: &[&syn::Ident]) -> bool {
    let tokens = quote!(#ty).to_string();
    tokens
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .any(|word| params.iter().any(|p| *p == word))
}
