//! Generates the schema half of the impls: each attribute's behaviours, defaults and
//! diff-suppression wrappers (type-checked where the user wrote them), and `TfSchema` for
//! `#[tfsdk(schema)]` structs.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::{Attribute, Container, Role};

/// The body of `collect_schema_attributes`.
pub fn collect_attributes(container: &Container<'_>) -> TokenStream {
    let private = &container.private;
    let statements = container.fields.iter().filter_map(|field| {
        let ty = field.ty;
        match &field.role {
            Role::Attribute(attribute) => Some(attribute_statement(private, ty, attribute)),
            Role::Flatten => Some(quote_spanned!(ty.span()=>
                #private::add_flattened_schema::<#ty>(out);
            )),
            Role::Skip => None,
        }
    });
    quote!(#(#statements)*)
}

fn attribute_statement(private: &syn::Path, ty: &syn::Type, attribute: &Attribute) -> TokenStream {
    let name = &attribute.name;
    let behaviour = &attribute.behaviour;
    let value_ty = value_type(ty);
    let flags = [
        ("required", behaviour.required),
        ("optional", behaviour.optional),
        ("computed", behaviour.computed),
        ("sensitive", behaviour.sensitive),
        ("force_new", behaviour.force_new),
    ]
    .into_iter()
    .filter(|(_, set)| *set)
    .map(|(flag, _)| {
        let flag = syn::Ident::new(flag, proc_macro2::Span::call_site());
        quote!(attribute.#flag = true;)
    });
    let description = behaviour.description.as_ref().map(|text| {
        quote!(attribute.description = #private::Option::Some(#private::String::from(#text));)
    });
    let default = behaviour.default.as_ref().map(|expr| {
        let private = crate::expand::respan(quote!(#private), expr.span());
        // The conversion is spanned at the expression: a default of the wrong type is reported
        // there.
        let value = quote_spanned!(expr.span()=>
            let value: #value_ty = ::core::convert::Into::into(#expr);
        );
        quote!(
            attribute.default = #private::Option::Some(#private::DefaultValue::new(
                || {
                    #value
                    #private::default_value::<#ty, #value_ty>(&value)
                },
                false,
            ));
        )
    });
    let default_fn = behaviour.default_fn.as_ref().map(|path| {
        let private = crate::expand::respan(quote!(#private), path.span());
        let call = quote_spanned!(path.span()=>
            let default_fn: fn() -> #private::Result<_, _> = #path;
            match default_fn() {
                #private::Result::Ok(value) => {
                    let value: #value_ty = ::core::convert::Into::into(value);
                    #private::default_value::<#ty, #value_ty>(&value)
                }
                #private::Result::Err(error) => {
                    #private::Result::Err(::std::string::ToString::to_string(&error))
                }
            }
        );
        quote!(
            attribute.default = #private::Option::Some(#private::DefaultValue::new(
                || { #call },
                true,
            ));
        )
    });
    let diff_suppress = behaviour.diff_suppress.as_ref().map(|path| {
        // A direct call, so `fn(&str, &str)` works for a `String` field by deref coercion.
        let suppress = quote_spanned!(path.span()=>
            match #private::suppress_arguments::<#value_ty>(old, new) {
                #private::Option::Some((old, new)) => #path(&old, &new),
                #private::Option::None => false,
            }
        );
        quote!(
            attribute.diff_suppress = #private::Option::Some(#private::DiffSuppress::new(
                |old: &#private::Value, new: &#private::Value| #suppress,
            ));
        )
    });
    // A computed attribute is unknown in plans: its field type must be able to hold that.
    let computed_check = behaviour.computed.then(|| {
        let private = crate::expand::respan(quote!(#private), ty.span());
        quote_spanned!(ty.span()=> #private::computed_field::<#ty>();)
    });
    let start = quote_spanned!(ty.span()=>
        #[allow(unused_mut)]
        let mut attribute = #private::schema_attribute::<#ty>();
    );
    quote! {
        {
            #computed_check
            #start
            #(#flags)*
            #description
            #default
            #default_fn
            #diff_suppress
            #private::insert_schema_attribute(out, #name, attribute);
        }
    }
}

/// The type a default or a diff-suppression function works with: the field's type without its
/// `Option` (`region: Option<String>` takes a `String` default).
fn value_type(ty: &syn::Type) -> &syn::Type {
    if let syn::Type::Path(path) = ty
        && path.qself.is_none()
        && let Some(last) = path.path.segments.last()
        && last.ident == "Option"
        && let syn::PathArguments::AngleBracketed(args) = &last.arguments
        && args.args.len() == 1
        && let Some(syn::GenericArgument::Type(inner)) = args.args.first()
    {
        return inner;
    }
    ty
}

/// `TfSchema` for a schema struct, and the compile-time check that what it flattens are schema
/// structs too.
pub fn schema_impls(container: &Container<'_>) -> TokenStream {
    let Some(_) = container.schema else {
        return quote!();
    };
    let private = &container.private;
    let ident = container.ident;
    let (impl_generics, ty_generics, _) = container.generics.split_for_impl();
    // The same bounds as the `TfObject` impl (one per field type that mentions a parameter).
    let where_clause = crate::expand::where_clause(container);
    let description = match &container.description {
        Some(text) => quote!(#private::Option::Some(#text)),
        None => quote!(#private::Option::None),
    };
    let flattened_checks = container.flattened().map(|field| {
        let ty = field.ty;
        let private = crate::expand::respan(quote!(#private), ty.span());
        quote_spanned!(ty.span()=>
            const _: () = #private::assert_flattened_schema(
                <#ty as #private::ObjectFields>::IS_SCHEMA
            );
        )
    });
    let flattened_checks = if container.is_generic() {
        quote!()
    } else {
        quote!(#(#flattened_checks)*)
    };
    quote! {
        #[automatically_derived]
        impl #impl_generics #private::TfSchema for #ident #ty_generics #where_clause {
            const DESCRIPTION: #private::Option<&'static str> = #description;
        }
        #flattened_checks
    }
}
