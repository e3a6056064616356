//! Where clauses and spans shared by the generators: serde's approach to generic structs
//! (bounds on field types, not on parameters), and re-spanning tokens so that an error inside
//! generated code points at what the user wrote.

use proc_macro2::TokenStream;
use quote::quote;
use syn::spanned::Spanned;

use crate::ast::{Container, Kind, Role};

/// The struct's where clause plus a bound for each field type that mentions a type parameter:
/// what its conversions need, and for a schema struct what its typed view needs too.
pub fn where_clause(container: &Container<'_>) -> Option<syn::WhereClause> {
    let private = &container.private;
    let schema = container.kind == Kind::Model && container.is_schema();
    with_field_bounds(container, |role| match role {
        Role::Attribute(_) if schema => quote!(#private::AttributeField + #private::Viewable),
        Role::Attribute(_) => quote!(#private::AttributeField),
        Role::Flatten => quote!(#private::FlattenedField),
        Role::Skip => quote!(#private::SkippedField),
    })
}

/// The struct's where clause plus `FieldType: bound(role)` for each field type that mentions a
/// type parameter; skipped fields get no bound when `bound` gives an empty stream.
pub fn with_field_bounds(
    container: &Container<'_>,
    bound: impl Fn(&Role) -> TokenStream,
) -> Option<syn::WhereClause> {
    let params: Vec<&syn::Ident> = container.generics.type_params().map(|p| &p.ident).collect();
    let mut clause = container.generics.where_clause.clone();
    if params.is_empty() {
        return clause;
    }
    let predicates: Vec<syn::WherePredicate> = container
        .fields
        .iter()
        .filter(|f| mentions_any(f.ty, &params))
        .filter_map(|f| {
            let ty = f.ty;
            let bound = bound(&f.role);
            (!bound.is_empty()).then(|| syn::parse_quote_spanned!(ty.span()=> #ty: #bound))
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

/// A local of the generated code (`value`, `out`, the attribute list) to write inside a
/// `quote_spanned!` block: named where the derive is called, like the same name written in a
/// `quote!` block that declares or uses it. The block's other tokens keep the user's span for
/// errors; a local spanned there would carry the user's hygiene, and in a struct that an
/// author's `macro_rules!` macro writes it would not be the local the other block means.
pub fn local(name: &str) -> syn::Ident {
    syn::Ident::new(name, proc_macro2::Span::call_site())
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
