//! Generates the typed view of a schema struct (`FileView` for `File`): the same fields under
//! the same names, each of the type its field type views as (`<T as Viewable>::View`, which
//! holds null and unknown at every depth), with the conversions of a derived struct; and
//! `Viewable` for every derived struct.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::{Attribute, Behaviour, Container, Field, Kind, Role};
use crate::bound::with_field_bounds;

/// `Viewable` for the struct and, for a schema struct, its view.
pub fn impls(container: &Container<'_>) -> TokenStream {
    if container.kind == Kind::Model && container.is_schema() {
        let view = view_struct(container);
        let viewable = schema_viewable(container);
        quote!(#view #viewable)
    } else {
        plain_viewable(container)
    }
}

/// A struct without a view of its own (not a schema, or a view itself) is viewed as an
/// object of values, known or not as a whole: `types::Object<Self>`.
fn plain_viewable(container: &Container<'_>) -> TokenStream {
    let private = &container.private;
    let ident = container.ident;
    let (impl_generics, ty_generics, _) = container.generics.split_for_impl();
    let where_clause = crate::bound::where_clause(container);
    quote! {
        #[automatically_derived]
        impl #impl_generics #private::Viewable for #ident #ty_generics #where_clause {
            type View = #private::ObjectValue<Self>;
            type Paths = #private::AttributePath;
        }
    }
}

/// The bounds a schema struct's view needs: each field type that mentions a parameter has a
/// view (a flattened one its attributes' view).
pub fn view_bounds(container: &Container<'_>) -> syn::WhereClause {
    let private = &container.private;
    with_field_bounds(container, |role| match role {
        Role::Attribute(_) => quote!(#private::Viewable),
        Role::Flatten => quote!(#private::ObjectFields),
        Role::Skip => quote!(),
    })
    .unwrap_or_else(|| syn::parse_quote!(where))
}

/// `Viewable` of a schema struct: its view, null, unknown or known, and its paths type.
fn schema_viewable(container: &Container<'_>) -> TokenStream {
    let private = &container.private;
    let ident = container.ident;
    let view = &container.view;
    let paths = &container.paths;
    let (impl_generics, ty_generics, _) = container.generics.split_for_impl();
    let where_clause = view_bounds(container);
    quote! {
        #[automatically_derived]
        impl #impl_generics #private::Viewable for #ident #ty_generics #where_clause {
            type View = #private::Maybe<#view #ty_generics>;
            type Paths = #paths #ty_generics;
        }
    }
}

/// The view struct, its `Clone`, `Debug` and `PartialEq`, and its conversions (the derive's
/// own, on a container of the view's fields).
fn view_struct(container: &Container<'_>) -> TokenStream {
    let private = &container.private;
    let ident = container.ident;
    let view = &container.view;
    let vis = container.vis;
    let generics = container.generics;
    let (impl_generics, ty_generics, _) = generics.split_for_impl();
    let where_clause = view_bounds(container);

    let fields: Vec<&Field<'_>> = container
        .fields
        .iter()
        .filter(|f| !matches!(f.role, Role::Skip))
        .collect();
    let view_types: Vec<syn::Type> = fields
        .iter()
        .map(|f| {
            let ty = f.ty;
            match f.role {
                Role::Flatten => syn::parse_quote!(<#ty as #private::ObjectFields>::FlatView),
                _ => syn::parse_quote!(<#ty as #private::Viewable>::View),
            }
        })
        .collect();
    let members: Vec<&syn::Ident> = fields.iter().map(|f| f.member).collect();
    let declarations = fields.iter().zip(&view_types).map(|(f, ty)| {
        let member = f.member;
        let field_vis = f.vis;
        let docs = f.docs.iter();
        quote!(#(#[doc = #docs])* #field_vis #member: #ty)
    });
    let doc = format!(
        "The typed view of [`{ident}`]: its fields, each able to hold null, unknown or a known \
         value at every depth, for validation and planning (see `tfsdk_core::view`). Written by \
         `#[derive(TfObject)]`."
    );
    let name = view.to_string();
    let params = &generics.params;

    let mut view_generics = generics.clone();
    view_generics.where_clause = Some(where_clause.clone());
    let view_fields: Vec<Field<'_>> = fields
        .iter()
        .zip(&view_types)
        .map(|(f, ty)| Field {
            member: f.member,
            vis: f.vis,
            ty,
            docs: None,
            role: match &f.role {
                Role::Attribute(a) => Role::Attribute(Box::new(Attribute {
                    name: a.name.clone(),
                    name_span: a.name_span,
                    behaviour: Behaviour::default(),
                    rules: Vec::new(),
                })),
                _ => Role::Flatten,
            },
        })
        .collect();
    let view_container = Container {
        ident: view,
        generics: &view_generics,
        private: container.private.clone(),
        schema: None,
        description: None,
        plain_description: false,
        view: view.clone(),
        paths: container.paths.clone(),
        vis,
        fields: view_fields,
        kind: Kind::View,
        config_validators: Vec::new(),
        // A view's attributes are its model's, the same names and types: the view lists them
        // through the model's table rather than a copy (a generic model's impl has bounds the
        // view's may not, so a generic view keeps its own).
        attributes_of: generics
            .params
            .is_empty()
            .then(|| syn::parse_quote!(#ident)),
    };
    let conversions = crate::expand::impls(&view_container);

    quote! {
        #[doc = #doc]
        #vis struct #view <#params> #where_clause {
            #(#declarations,)*
        }

        #[automatically_derived]
        impl #impl_generics ::core::clone::Clone for #view #ty_generics #where_clause {
            fn clone(&self) -> Self {
                #view {
                    #(#members: ::core::clone::Clone::clone(&self.#members),)*
                }
            }
        }

        #[automatically_derived]
        impl #impl_generics ::core::fmt::Debug for #view #ty_generics #where_clause {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.debug_struct(#name)
                    #(.field(::core::stringify!(#members), &self.#members))*
                    .finish()
            }
        }

        #[automatically_derived]
        impl #impl_generics ::core::cmp::PartialEq for #view #ty_generics #where_clause {
            fn eq(&self, other: &Self) -> bool {
                true #(&& self.#members == other.#members)*
            }
        }

        #conversions
    }
}
