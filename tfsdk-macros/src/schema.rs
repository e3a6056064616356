//! Generates the schema half of the impls: each attribute's behaviours, defaults and
//! diff-suppression wrappers (type-checked where the user wrote them), its validation rules
//! (see [`rules`](crate::rules)), and `TfSchema` for `#[tfsdk(schema)]` structs.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::{Attribute, Container, PlanModifier, Presentation, Role};
use crate::bound::{local, respan, where_clause};
use crate::rules;

/// The body of `collect_schema_attributes`: the compile-time checks of each attribute's options,
/// then the struct's own attributes as one constant table (`AttributeSpec`s, turned into schema
/// attributes by the runtime's `add_attributes`), then the flattened structs' attributes.
pub fn collect_attributes(container: &Container<'_>) -> TokenStream {
    let private = &container.private;
    let mut checks = Vec::new();
    let mut specs = Vec::new();
    let mut flattened = Vec::new();
    for field in &container.fields {
        let ty = field.ty;
        match &field.role {
            Role::Attribute(attribute) => {
                checks.push(attribute_checks(private, ty, attribute));
                specs.push(attribute_spec(private, ty, attribute));
            }
            Role::Flatten => {
                let out = local("out");
                flattened.push(quote_spanned!(ty.span()=>
                    #private::add_flattened_schema::<#ty>(#out);
                ));
            }
            Role::Skip => {}
        }
    }
    let own = (!specs.is_empty())
        .then(|| quote!(#private::add_attributes(out, const { &[#(#specs),*] });));
    quote!(#(#checks)* #own #(#flattened)*)
}

/// The checks of an attribute's options against its field's type, each spanned at what it
/// checks: a computed field holds unknown, a rule fits the type, a block holds objects.
fn attribute_checks(private: &syn::Path, ty: &syn::Type, attribute: &Attribute) -> TokenStream {
    let behaviour = &attribute.behaviour;
    let computed = behaviour.computed.then(|| {
        let private = respan(quote!(#private), ty.span());
        quote_spanned!(ty.span()=> #private::computed_field::<#ty>();)
    });
    let presentation = behaviour.presentation.map(|(presentation, span)| {
        let check = match presentation {
            Presentation::Block => quote!(block_field),
            Presentation::NestedAttribute => quote!(nested_attribute_field),
        };
        let checked_ty = respan(quote!(#ty), span);
        let private = respan(quote!(#private), span);
        quote!(#private::#check::<#checked_ty>();)
    });
    let items = behaviour.items_span.map(|span| {
        let checked_ty = respan(quote!(#ty), span);
        let private = respan(quote!(#private), span);
        quote!(#private::block_items_field::<#checked_ty>();)
    });
    let rules = rules::type_checks(private, ty, &attribute.rules);
    quote!(#computed #presentation #items #rules)
}

/// An attribute's `AttributeSpec`: constant data, but for the functions its options name
/// (defaults, diff suppression, custom rules), wrapped in closures typed by the field.
fn attribute_spec(private: &syn::Path, ty: &syn::Type, attribute: &Attribute) -> TokenStream {
    let name = &attribute.name;
    let behaviour = &attribute.behaviour;
    // One call per option given, in the order `AttributeSpec`'s builder documents.
    let mut calls = Vec::new();
    for (flag, set) in [
        ("required", behaviour.required),
        ("optional", behaviour.optional),
        ("computed", behaviour.computed),
        ("stable", behaviour.stable),
        ("sensitive", behaviour.sensitive),
        ("write_only", behaviour.write_only),
        ("force_new", behaviour.force_new),
    ] {
        let flag = syn::Ident::new(flag, Span::call_site());
        if set {
            calls.push(quote!(.#flag()));
        }
    }
    if let Some(text) = &behaviour.description {
        calls.push(quote!(.description(#text)));
    }
    if behaviour.plain_description {
        calls.push(quote!(.plain_description()));
    }
    if let Some(text) = &behaviour.deprecated {
        calls.push(quote!(.deprecation(#text)));
    }
    if let Some(default) = default(private, ty, behaviour.default.as_ref())
        .or_else(|| default_fn(private, ty, behaviour.default_fn.as_ref()))
    {
        calls.push(quote!(.default(#default)));
    }
    if let Some(suppress) = diff_suppress(private, ty, behaviour.diff_suppress.as_ref()) {
        calls.push(quote!(.diff_suppress(#suppress)));
    }
    if !behaviour.plan_modifiers.is_empty() {
        let modifiers = behaviour
            .plan_modifiers
            .iter()
            .map(|modifier| plan_modifier(private, ty, modifier));
        calls.push(quote!(.plan_modifiers(&[#(#modifiers),*])));
    }
    match behaviour.presentation {
        Some((Presentation::Block, _)) => {
            calls.push(quote!(.presentation(#private::Presentation::Block)));
            if behaviour.items != (0, 0) {
                let (min, max) = behaviour.items;
                calls.push(quote!(.items(#min, #max)));
            }
        }
        Some((Presentation::NestedAttribute, _)) => {
            calls.push(quote!(.presentation(#private::Presentation::NestedAttribute)));
        }
        None => {}
    }
    let rules = rules::specs(private, ty, &attribute.rules);
    if !rules.is_empty() {
        calls.push(quote!(.rules(&[#(#rules),*])));
    }
    let base = quote_spanned!(ty.span()=> #private::schema_attribute::<#ty>);
    quote!(#private::AttributeSpec::new(#name, #base) #(#calls)*)
}

/// `default = <expr>`: the conversion is spanned at the expression, so a default of the wrong
/// type is reported there.
fn default(private: &syn::Path, ty: &syn::Type, expr: Option<&syn::Expr>) -> Option<TokenStream> {
    let expr = expr?;
    let value_ty = value_type(ty);
    let private = respan(quote!(#private), expr.span());
    let local_value = local("value");
    let value = quote_spanned!(expr.span()=>
        let #local_value: #value_ty = ::core::convert::Into::into(#expr);
    );
    Some(quote!(
        #private::DefaultSpec {
            compute: || {
                #value
                #private::default_value::<#ty, #value_ty>(&#local_value)
            },
            dynamic: false,
        }
    ))
}

/// `default_fn = path`: `fn() -> Result<V, E>` or `fn() -> Result<Option<V>, E>`.
fn default_fn(
    private: &syn::Path,
    ty: &syn::Type,
    path: Option<&syn::Path>,
) -> Option<TokenStream> {
    let path = path?;
    let value_ty = value_type(ty);
    let private = respan(quote!(#private), path.span());
    let call = quote_spanned!(path.span()=>
        let default_fn: fn() -> #private::Result<_, _> = #path;
        #private::default_fn_value::<#ty, #value_ty, _, _, _>(default_fn())
    );
    Some(quote!(
        #private::DefaultSpec {
            compute: || { #call },
            dynamic: true,
        }
    ))
}

/// `diff_suppress = path`: a direct call, so `fn(&str, &str)` works for a `String` field by
/// deref coercion.
fn diff_suppress(
    private: &syn::Path,
    ty: &syn::Type,
    path: Option<&syn::Path>,
) -> Option<TokenStream> {
    let path = path?;
    let value_ty = value_type(ty);
    let (old, new) = (local("old"), local("new"));
    let suppress = quote_spanned!(path.span()=>
        match #private::suppress_arguments::<#value_ty>(#old, #new) {
            #private::Option::Some((old, new)) => #path(&old, &new),
            #private::Option::None => false,
        }
    );
    Some(quote!(
        |old: &#private::Value, new: &#private::Value| #suppress
    ))
}

/// One plan modification step: the author's function, typed on the field's view type (which
/// holds null and unknown) and checked at its path, wrapped to work on values.
fn plan_modifier(private: &syn::Path, ty: &syn::Type, modifier: &PlanModifier) -> TokenStream {
    let view = quote!(<#ty as #private::Viewable>::View);
    match modifier {
        PlanModifier::Modify(path) => {
            let plan = local("plan");
            let call = quote_spanned!(path.span()=>
                #private::modify_attribute::<#view>(#plan, #path)
            );
            quote!(#private::PlanModifier::Modify(
                |plan: &mut #private::AttributeChange<'_, #private::Value>| #call
            ))
        }
        PlanModifier::RequiresReplaceIf(path) => {
            let plan = local("plan");
            let call = quote_spanned!(path.span()=>
                #private::replace_if::<#view>(#plan, #path)
            );
            quote!(#private::PlanModifier::RequiresReplaceIf(
                |plan: &mut #private::AttributeChange<'_, #private::Value>| #call
            ))
        }
        PlanModifier::RequiresReplaceIfConfigured => {
            quote!(#private::PlanModifier::RequiresReplaceIfConfigured)
        }
    }
}

/// The type a default, a diff-suppression or a validation function works with: the field's
/// type without its `Option` (`region: Option<String>` takes a `String` default).
pub fn value_type(ty: &syn::Type) -> &syn::Type {
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

/// `TfSchema` for a schema struct (with its typed view), and the compile-time check that what
/// it flattens are schema structs too.
pub fn schema_impls(container: &Container<'_>) -> TokenStream {
    if !container.is_schema() {
        return quote!();
    }
    let private = &container.private;
    let ident = container.ident;
    let view = &container.view;
    let (impl_generics, ty_generics, _) = container.generics.split_for_impl();
    // The same bounds as the `TfObject` impl (one per field type that mentions a parameter),
    // and a view that lives as long as the program (a resource's model does).
    let mut where_clause = where_clause(container).unwrap_or_else(|| syn::parse_quote!(where));
    if container.is_generic() {
        where_clause
            .predicates
            .push(syn::parse_quote!(#ident #ty_generics: 'static));
    }
    let description = match &container.description {
        Some(text) => quote!(#private::Option::Some(#text)),
        None => quote!(#private::Option::None),
    };
    let description_kind = container.plain_description.then(|| {
        quote!(const DESCRIPTION_KIND: #private::DescriptionKind = #private::DescriptionKind::Plain;)
    });
    let config_validators = (!container.config_validators.is_empty()).then(|| {
        let table = config_validator_table(private, container);
        quote! {
            const CONFIG_VALIDATORS: &'static [(#private::ConfigRule, &'static [&'static str])] =
                #table;
        }
    });
    let flattened_checks = container.flattened().map(|field| {
        let ty = field.ty;
        let private = respan(quote!(#private), ty.span());
        quote_spanned!(ty.span()=>
            const _: () = #private::assert_flattened_schema(
                <#ty as #private::ObjectFields>::IS_SCHEMA
            );
        )
    });
    let write_only_checks = write_only_checks(container);
    let flattened_checks = if container.is_generic() {
        quote!()
    } else {
        quote!(#(#flattened_checks)* #write_only_checks)
    };
    quote! {
        #[automatically_derived]
        impl #impl_generics #private::TfSchema for #ident #ty_generics #where_clause {
            const DESCRIPTION: #private::Option<&'static str> = #description;
            #description_kind
            #config_validators

            type View = #view #ty_generics;
        }
        #flattened_checks
    }
}

/// Terraform's rules for write-only attributes, checked by the compiler on each field's type
/// (a constant it evaluates): a write-only attribute's nested attributes are all write-only; no
/// set of nested objects holds one; no computed attribute holds one. Non-generic structs only:
/// the server checks every schema when it starts.
fn write_only_checks(container: &Container<'_>) -> TokenStream {
    let private = &container.private;
    let checks = container.fields.iter().filter_map(|field| {
        let Role::Attribute(attribute) = &field.role else {
            return None;
        };
        let ty = field.ty;
        let at_type = respan(quote!(#private), ty.span());
        let facts = quote_spanned!(ty.span()=> <#ty as #at_type::TerraformType>::WRITE_ONLY);
        let behaviour = &attribute.behaviour;
        let write_only = behaviour.write_only.then(|| {
            assert_at(
                private,
                behaviour.write_only_span,
                "assert_write_only_children",
                &facts,
            )
        });
        let computed = behaviour.computed.then(|| {
            assert_at(
                private,
                behaviour.computed_span,
                "assert_no_write_only_in_computed",
                &facts,
            )
        });
        Some(quote_spanned!(ty.span()=>
            #write_only
            #computed
            const _: () = #at_type::assert_no_write_only_in_set(#facts);
        ))
    });
    quote!(#(#checks)*)
}

/// A constant evaluating `assert(facts)`, reported at `span` (the option that asks for it).
fn assert_at(private: &syn::Path, span: Span, assert: &str, facts: &TokenStream) -> TokenStream {
    let private = respan(quote!(#private), span);
    let assert = syn::Ident::new(assert, span);
    quote_spanned!(span=>
        const _: () = {
            const FACTS: #private::WriteOnlyFacts = #facts;
            #private::#assert(FACTS)
        };
    )
}

/// The struct's block-level rules (`exactly_one_of(a, b)`, ...) as a constant table: the
/// schema's `CONFIG_VALIDATORS`, and the rules of each object where the struct is nested.
pub fn config_validator_table(private: &syn::Path, container: &Container<'_>) -> TokenStream {
    let entries = container.config_validators.iter().map(|(rule, names)| {
        let rule = syn::Ident::new(rule, Span::call_site());
        quote!((#private::ConfigRule::#rule, &[#(#names),*]))
    });
    quote!(&[#(#entries),*])
}
