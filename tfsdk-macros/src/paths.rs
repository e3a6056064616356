//! Generates the typed paths of a schema struct (`FilePaths` for `File`, reached with
//! `File::paths()`): one method per field, named like it, returning the path of its attribute
//! as the field type's paths (a leaf `AttributePath`, a nested struct's paths, or the
//! list, map and set paths that step to an element). A misspelt attribute is a compile error.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::{Container, Kind, Role};

/// The paths struct of a schema struct; nothing for other structs.
pub fn impls(container: &Container<'_>) -> TokenStream {
    if container.kind != Kind::Model || !container.is_schema() {
        return quote!();
    }
    let private = &container.private;
    let ident = container.ident;
    let paths = &container.paths;
    let vis = container.vis;
    let generics = container.generics;
    let params = &generics.params;
    let (impl_generics, ty_generics, _) = generics.split_for_impl();
    // The methods name each field type's paths: a parameter needs a view.
    let where_clause = crate::view::view_bounds(container);
    let methods = container.fields.iter().filter_map(|field| {
        let member = field.member;
        let field_vis = field.vis;
        let ty = field.ty;
        let docs = field.docs.iter();
        let path = match &field.role {
            Role::Attribute(attribute) => {
                let name = &attribute.name;
                quote!(#private::AttributePath::at_name(
                    ::core::clone::Clone::clone(&self.path),
                    #name,
                ))
            }
            // A flattened struct's attributes are this object's own.
            Role::Flatten => quote!(::core::clone::Clone::clone(&self.path)),
            Role::Skip => return None,
        };
        Some(quote! {
            #(#[doc = #docs])*
            #[inline]
            #field_vis fn #member(&self) -> <#ty as #private::Viewable>::Paths {
                <<#ty as #private::Viewable>::Paths as #private::FromPath>::from_path(#path)
            }
        })
    });
    let doc = format!(
        "The typed attribute paths of [`{ident}`], from `{ident}::paths()`: one method per \
         field, for diagnostics and replacements. Each converts into an `AttributePath`. \
         Written by `#[derive(TfObject)]`."
    );
    let name = paths.to_string();
    quote! {
        #[doc = #doc]
        #vis struct #paths <#params> #where_clause {
            path: #private::AttributePath,
            model: #private::PhantomData<fn() -> #ident #ty_generics>,
        }

        #[automatically_derived]
        impl #impl_generics ::core::clone::Clone for #paths #ty_generics #where_clause {
            fn clone(&self) -> Self {
                #paths {
                    path: ::core::clone::Clone::clone(&self.path),
                    model: #private::PhantomData,
                }
            }
        }

        #[automatically_derived]
        impl #impl_generics ::core::fmt::Debug for #paths #ty_generics #where_clause {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.debug_tuple(#name).field(&self.path).finish()
            }
        }

        #[automatically_derived]
        impl #impl_generics #private::FromPath for #paths #ty_generics #where_clause {
            fn from_path(path: #private::AttributePath) -> Self {
                #paths { path, model: #private::PhantomData }
            }
        }

        #[automatically_derived]
        impl #impl_generics ::core::convert::From<#paths #ty_generics> for #private::AttributePath
        #where_clause
        {
            fn from(paths: #paths #ty_generics) -> #private::AttributePath {
                paths.path
            }
        }

        #[allow(clippy::wrong_self_convention)]
        impl #impl_generics #paths #ty_generics #where_clause {
            #(#methods)*
        }
    }
}
