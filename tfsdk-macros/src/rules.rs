//! Generates an attribute's validation rules (`conflicts_with(...)`, `one_of = [...]`,
//! `length = a..=b`, `range = a..=b`, `validate = path`, ...) as the runtime's `Validator`s.
//! The names the combination rules relate were resolved at compile time (`check`); that a rule
//! fits the field's type is a trait bound spanned at the option, so `length` on a `bool` is
//! reported there.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::Rule;
use crate::bound::{local, respan};
use crate::schema::value_type;

/// The compile-time checks that each rule fits the field's type, spanned at the option.
pub fn type_checks(private: &syn::Path, ty: &syn::Type, rules: &[Rule]) -> TokenStream {
    let checks = rules.iter().filter_map(|rule| {
        let (check, span) = match rule {
            Rule::OneOf { strings, span, .. } => (
                if *strings {
                    "one_of_strings"
                } else {
                    "one_of_numbers"
                },
                *span,
            ),
            Rule::Count { size, span, .. } => {
                (if *size { "size_rule" } else { "length_rule" }, *span)
            }
            Rule::Range { span, .. } => ("range_rule", *span),
            Rule::Matches { span, .. } => ("matches_rule", *span),
            Rule::Unique { span } => ("unique_rule", *span),
            Rule::Combination { .. } | Rule::Custom(_) => return None,
        };
        Some(type_check(private, ty, check, span))
    });
    quote!(#(#checks)*)
}

/// Each rule as a constant `RuleSpec` (a custom rule as a closure converting the value to the
/// field's value type first).
pub fn specs(private: &syn::Path, ty: &syn::Type, rules: &[Rule]) -> Vec<TokenStream> {
    rules.iter().map(|rule| spec(private, ty, rule)).collect()
}

fn spec(private: &syn::Path, ty: &syn::Type, rule: &Rule) -> TokenStream {
    let bound = |bound: &Option<u64>| match bound {
        Some(n) => quote!(#private::Option::Some(#n)),
        None => quote!(#private::Option::None),
    };
    match rule {
        Rule::Combination { kind, others } => {
            let variant = syn::Ident::new(kind.variant(), Span::call_site());
            quote!(#private::RuleSpec::#variant(&[#(#others),*]))
        }
        Rule::OneOf {
            values,
            strings,
            none,
            ..
        } => {
            let variant = match (*none, *strings) {
                (false, true) => quote!(OneOfStrings),
                (false, false) => quote!(OneOfNumbers),
                (true, true) => quote!(NoneOfStrings),
                (true, false) => quote!(NoneOfNumbers),
            };
            if *strings {
                quote!(#private::RuleSpec::#variant(&[#(#values),*]))
            } else {
                let values = values.iter().map(number_text);
                quote!(#private::RuleSpec::#variant(&[#(#values),*]))
            }
        }
        Rule::Matches { pattern, .. } => quote!(#private::RuleSpec::Matches(#pattern)),
        Rule::Unique { .. } => quote!(#private::RuleSpec::Unique),
        Rule::Count { size, min, max, .. } => {
            let variant = if *size { quote!(Size) } else { quote!(Length) };
            let (min, max) = (bound(min), bound(max));
            quote!(#private::RuleSpec::#variant { min: #min, max: #max })
        }
        Rule::Range { min, max, .. } => {
            let bound = |bound: &Option<Box<syn::Expr>>| match bound {
                Some(value) => {
                    let value = number_text(value);
                    quote!(#private::Option::Some(#value))
                }
                None => quote!(#private::Option::None),
            };
            let (min, max) = (bound(min), bound(max));
            quote!(#private::RuleSpec::Range { min: #min, max: #max })
        }
        Rule::Custom(path) => {
            let value_ty = value_type(ty);
            let argument = local("value");
            let call = quote_spanned!(path.span()=>
                match #private::validate_argument::<#value_ty>(#argument) {
                    #private::Option::Some(value) => {
                        #[allow(unused_imports)]
                        use #private::{DiagnosticRuleOutcome as _, MessageRuleOutcome as _};
                        #private::RuleOutcome(#path(&value)).into_rule_result()
                    }
                    #private::Option::None => #private::Result::Ok(()),
                }
            );
            quote!(#private::RuleSpec::Custom(|value: &#private::Value| #call))
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
