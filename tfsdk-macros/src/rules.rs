//! Generates an attribute's validation rules (`conflicts_with(...)`, `one_of = [...]`,
//! `length = a..=b`, `range = a..=b`, `validate = path`, ...) as the runtime's `Validator`s.
//! The names the combination rules relate were resolved at compile time (`check`); that a rule
//! fits the field's type is a trait bound spanned at the option, so `length` on a `bool` is
//! reported there.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::Rule;
use crate::bound::respan;
use crate::schema::value_type;

/// Statements pushing each rule onto `attribute.validators`.
pub fn validators(private: &syn::Path, ty: &syn::Type, rules: &[Rule]) -> TokenStream {
    let statements = rules.iter().map(|rule| {
        let (check, validator) = rule_tokens(private, ty, rule);
        quote! {
            #check
            attribute.validators.push(#validator);
        }
    });
    quote!(#(#statements)*)
}

/// A compile-time check of the field's type (spanned at the option) and the validator.
fn rule_tokens(private: &syn::Path, ty: &syn::Type, rule: &Rule) -> (TokenStream, TokenStream) {
    match rule {
        Rule::Combination { kind, others } => {
            let variant = syn::Ident::new(kind.variant(), Span::call_site());
            (
                quote!(),
                quote!(#private::Validator::#variant(#private::Vec::from([
                    #(#private::String::from(#others)),*
                ]))),
            )
        }
        Rule::OneOf {
            values,
            strings,
            span,
        } => {
            let (check, values) = if *strings {
                (
                    type_check(private, ty, "one_of_strings", *span),
                    values
                        .iter()
                        .map(|value| quote!(#private::Value::from(#value)))
                        .collect::<Vec<_>>(),
                )
            } else {
                (
                    type_check(private, ty, "one_of_numbers", *span),
                    values.iter().map(|value| number(private, value)).collect(),
                )
            };
            (
                check,
                quote!(#private::Validator::OneOf(#private::Vec::from([#(#values),*]))),
            )
        }
        Rule::Count {
            size,
            min,
            max,
            span,
        } => {
            let bound = |bound: &Option<u64>| match bound {
                Some(n) => quote!(#private::Option::Some(#n)),
                None => quote!(#private::Option::None),
            };
            let (min, max) = (bound(min), bound(max));
            let (rule, variant) = if *size {
                ("size_rule", quote!(Size))
            } else {
                ("length_rule", quote!(Length))
            };
            (
                type_check(private, ty, rule, *span),
                quote!(#private::Validator::#variant { min: #min, max: #max }),
            )
        }
        Rule::Range { min, max, span } => {
            let bound = |bound: &Option<Box<syn::Expr>>| match bound {
                Some(value) => {
                    let value = number_text(value);
                    quote!(#private::Option::Some(#private::number_literal(#value)))
                }
                None => quote!(#private::Option::None),
            };
            let (min, max) = (bound(min), bound(max));
            (
                type_check(private, ty, "range_rule", *span),
                quote!(#private::Validator::Range { min: #min, max: #max }),
            )
        }
        Rule::Custom(path) => {
            let value_ty = value_type(ty);
            let call = quote_spanned!(path.span()=>
                match #private::validate_argument::<#value_ty>(value) {
                    #private::Option::Some(value) => #private::validate_result(#path(&value)),
                    #private::Option::None => #private::Result::Ok(()),
                }
            );
            (
                quote!(),
                quote!(#private::Validator::Custom(#private::CustomRule::new(
                    |value: &#private::Value| #call
                ))),
            )
        }
    }
}

/// `__private::RULE::<FieldType>();`, spanned at the option so that a field type the rule
/// does not fit is reported there.
fn type_check(private: &syn::Path, ty: &syn::Type, rule: &str, span: Span) -> TokenStream {
    let rule = syn::Ident::new(rule, span);
    let ty = respan(quote!(#ty), span);
    let private = respan(quote!(#private), span);
    quote!(#private::#rule::<#ty>();)
}

/// A number literal as a value.
fn number(private: &syn::Path, value: &syn::Expr) -> TokenStream {
    let text = number_text(value);
    quote!(#private::Value::number(#private::number_literal(#text)))
}

/// The decimal text of a number literal (`-1.5`, `65535`), checked by `check` to be one.
fn number_text(value: &syn::Expr) -> String {
    match value {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(int),
            ..
        }) => int.base10_digits().to_owned(),
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Float(float),
            ..
        }) => float.base10_digits().to_owned(),
        syn::Expr::Unary(syn::ExprUnary { expr, .. }) => format!("-{}", number_text(expr)),
        syn::Expr::Group(group) => number_text(&group.expr),
        _ => String::from("0"),
    }
}
