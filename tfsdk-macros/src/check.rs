//! Reads the derive input into the [`ast`](crate::ast) and checks every tag rule, collecting
//! all errors of the struct so one compile shows every mistake.

use std::collections::HashMap;

use darling::FromDeriveInput;
use darling::FromField;
use proc_macro2::Span;
use syn::spanned::Spanned;

use crate::ast::{Attribute, Behaviour, Container, Field, Role};
use crate::attr::{ContainerOptions, FieldOptions};

/// Reads and checks `input`. Returns the container when there is no error.
///
/// # Errors
/// Every problem found, each spanned at the offending token.
pub fn read(input: &syn::DeriveInput) -> Result<Container<'_>, darling::Error> {
    let mut errors = darling::Error::accumulator();

    let named = match &input.data {
        syn::Data::Struct(data) => match &data.fields {
            syn::Fields::Named(named) => Some(named),
            syn::Fields::Unnamed(unnamed) => {
                errors.push(error(
                    unnamed.span(),
                    "#[derive(TfObject)] needs a struct with named fields: a Terraform object's \
                     attributes have names. Give the fields names and tag each with \
                     #[tfsdk(name = \"...\")]",
                ));
                None
            }
            syn::Fields::Unit => {
                errors.push(error(
                    input.ident.span(),
                    "#[derive(TfObject)] needs a struct with named fields; a unit struct has no \
                     attributes to map. Add fields tagged with #[tfsdk(name = \"...\")]",
                ));
                None
            }
        },
        syn::Data::Enum(data) => {
            errors.push(error(
                data.enum_token.span(),
                "#[derive(TfObject)] cannot be used on an enum: a Terraform object is a struct \
                 with named attributes. Use a struct; for a choice between shapes, use a struct \
                 of optional fields (`Option<T>`), one per shape",
            ));
            None
        }
        syn::Data::Union(data) => {
            errors.push(error(
                data.union_token.span(),
                "#[derive(TfObject)] cannot be used on a union: use a struct with named fields",
            ));
            None
        }
    };

    let options = errors
        .handle(ContainerOptions::from_derive_input(input))
        .unwrap_or_default();

    let mut fields = Vec::new();
    if let Some(named) = named {
        for field in &named.named {
            if let Some(field) = read_field(field, options.schema.is_present(), &mut errors) {
                fields.push(field);
            }
        }
    }
    check_duplicate_names(&fields, &mut errors);

    let private = match options.krate {
        Some(path) => syn::parse_quote!(#path::__private),
        None => syn::parse_quote!(::tfsdk_core::__private),
    };
    errors.finish()?;
    Ok(Container {
        ident: &input.ident,
        generics: &input.generics,
        private,
        schema: options.schema.is_present().then(|| options.schema.span()),
        description: options.description,
        fields,
    })
}

fn error(span: Span, message: &str) -> darling::Error {
    darling::Error::custom(message).with_span(&span)
}

/// Reads one field; `None` when it has errors (already recorded).
fn read_field<'a>(
    field: &'a syn::Field,
    schema: bool,
    errors: &mut darling::error::Accumulator,
) -> Option<Field<'a>> {
    let member = field.ident.as_ref()?;
    if !field.attrs.iter().any(|a| a.path().is_ident("tfsdk")) {
        errors.push(error(
            member.span(),
            &format!(
                "field `{member}` is not mapped to an attribute: add \
                 #[tfsdk(name = \"{}\")] to map it, or #[tfsdk(skip)] to leave it out \
                 (every field must say which, as Go's `tfsdk` struct tags do)",
                suggested_name(&member.to_string())
            ),
        ));
        return None;
    }
    let options = errors.handle(FieldOptions::from_field(field))?;
    let order = option_order(field);
    let mut problems = darling::Error::accumulator();

    let name = options.name.as_ref();
    let skip = options.skip.is_present();
    let flatten = options.flatten.is_present();
    let behaviours = behaviour_keys(&options);

    if skip && name.is_some() {
        problems.push(error(
            second_of(&order, "name", "skip"),
            "a field is either mapped to an attribute (`name`) or skipped (`skip`), not both: \
             remove one of them",
        ));
    }
    if flatten && (name.is_some() || skip) {
        let other = if skip { "skip" } else { "name" };
        problems.push(error(
            second_of(&order, "flatten", other),
            &format!(
                "`flatten` inlines the attributes of a nested struct and cannot be combined \
                 with `{other}`: remove one of them"
            ),
        ));
    }
    if (skip || flatten) && !behaviours.is_empty() {
        let what = if skip {
            "a skipped field"
        } else {
            "a flattened field"
        };
        for key in &behaviours {
            problems.push(error(
                span_of(&order, key),
                &format!(
                    "`{key}` has no effect on {what}: schema behaviours belong to attributes; \
                     remove it{}",
                    if flatten {
                        ", and set them on the nested struct's fields instead"
                    } else {
                        ""
                    }
                ),
            ));
        }
    }
    if !skip && !flatten && name.is_none() {
        problems.push(error(
            member.span(),
            &format!(
                "field `{member}` has #[tfsdk(...)] but no `name`: add \
                 `name = \"{}\"` to map it to an attribute, or `skip` to leave it out",
                suggested_name(&member.to_string())
            ),
        ));
    }
    if let Some(name) = name {
        check_name(name, &mut problems);
    }
    if !skip && !flatten {
        check_behaviours(member, &options, &order, schema, &mut problems);
    }
    if let Err(found) = problems.finish() {
        errors.push(found);
        return None;
    }

    let role = if skip {
        Role::Skip
    } else if flatten {
        Role::Flatten
    } else {
        let name = name?;
        Role::Attribute(Box::new(Attribute {
            name: name.as_str().to_owned(),
            name_span: name.span(),
            behaviour: Behaviour {
                required: options.required.is_present(),
                optional: options.optional.is_present(),
                computed: options.computed.is_present(),
                sensitive: options.sensitive.is_present(),
                force_new: options.force_new.is_present(),
                description: options.description.as_ref().map(|d| d.as_str().to_owned()),
                default: options.default.clone(),
                default_fn: options.default_fn.clone(),
                diff_suppress: options.diff_suppress.clone(),
            },
        }))
    };
    Some(Field {
        member,
        ty: &field.ty,
        role,
    })
}

/// The schema-behaviour keys present on a field, in a fixed order.
fn behaviour_keys(options: &FieldOptions) -> Vec<&'static str> {
    let mut keys = Vec::new();
    let flags = [
        ("required", options.required.is_present()),
        ("optional", options.optional.is_present()),
        ("computed", options.computed.is_present()),
        ("sensitive", options.sensitive.is_present()),
        ("force_new", options.force_new.is_present()),
        ("description", options.description.is_some()),
        ("default", options.default.is_some()),
        ("default_fn", options.default_fn.is_some()),
        ("diff_suppress", options.diff_suppress.is_some()),
    ];
    for (key, present) in flags {
        if present {
            keys.push(key);
        }
    }
    keys
}

/// The schema behaviours that exclude each other (`optional` with `required`, `required` with
/// `computed`, ...), each reported at the second of the two options in source order.
fn check_behaviours(
    member: &syn::Ident,
    options: &FieldOptions,
    order: &[(String, Span)],
    schema: bool,
    errors: &mut darling::error::Accumulator,
) {
    let present = |key: &str| order.iter().any(|(k, _)| k == key);
    let conflicts: [(&str, &str, &str); 6] = [
        (
            "optional",
            "required",
            "an attribute cannot be both `optional` and `required`: keep the one that says \
             whether configuration must set it",
        ),
        (
            "required",
            "computed",
            "a `required` attribute cannot be `computed`: the configuration always sets it. Use \
             `computed` alone for provider-set values, or `optional, computed`",
        ),
        (
            "default",
            "required",
            "a `required` attribute cannot have a `default`: configuration always sets it. Make \
             it `optional` to use the default",
        ),
        (
            "default",
            "computed",
            "a `computed` attribute cannot have a `default`: the provider sets its value. Make it \
             `optional` to use the default",
        ),
        (
            "default",
            "default_fn",
            "`default` and `default_fn` cannot be used together: keep one source of the default",
        ),
        (
            "default_fn",
            "computed",
            "a `computed` attribute cannot have a `default_fn`: the provider sets its value. Make \
             it `optional` to use the default",
        ),
    ];
    for (a, b, message) in conflicts {
        if present(a) && present(b) {
            errors.push(error(second_of(order, a, b), message));
        }
    }
    if schema
        && !options.required.is_present()
        && !options.optional.is_present()
        && !options.computed.is_present()
    {
        errors.push(error(
            member.span(),
            &format!(
                "attribute of field `{member}` has no role: in a #[tfsdk(schema)] struct every \
                 attribute is `required`, `optional` or `computed` (or `optional, computed`); \
                 add one to its #[tfsdk(...)]"
            ),
        ));
    }
}

/// Attribute names follow Terraform's rule: `^[a-z][a-z0-9_]*$`.
fn check_name(
    name: &darling::util::SpannedValue<String>,
    errors: &mut darling::error::Accumulator,
) {
    let text = name.as_str();
    let mut chars = text.chars();
    let valid = matches!(chars.next(), Some('a'..='z'))
        && chars.all(|c| matches!(c, 'a'..='z' | '0'..='9' | '_'));
    if !valid {
        let suggestion = suggested_name(text);
        let hint = if suggestion.is_empty() || suggestion == text {
            String::new()
        } else {
            format!("; try \"{suggestion}\"")
        };
        errors.push(error(
            name.span(),
            &format!(
                "invalid attribute name {text:?}: a name starts with a lowercase letter and has \
                 only lowercase letters, digits and underscores{hint}"
            ),
        ));
    }
}

fn check_duplicate_names(fields: &[Field<'_>], errors: &mut darling::error::Accumulator) {
    let mut seen: HashMap<&str, &syn::Ident> = HashMap::new();
    for field in fields {
        if let Role::Attribute(attribute) = &field.role {
            if let Some(first) = seen.get(attribute.name.as_str()) {
                errors.push(error(
                    attribute.name_span,
                    &format!(
                        "duplicate attribute name {:?}: field `{first}` already maps to it; each \
                         attribute maps to exactly one field, so rename one of them",
                        attribute.name
                    ),
                ));
            } else {
                seen.insert(&attribute.name, field.member);
            }
        }
    }
}

/// A valid attribute name close to `text`: snake case, lowercase, leading letter.
fn suggested_name(text: &str) -> String {
    let mut out = String::new();
    let mut previous_lower = false;
    for c in text.trim_start_matches('_').chars() {
        if c.is_ascii_uppercase() {
            if previous_lower {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
            previous_lower = false;
        } else if c.is_ascii_lowercase() || c.is_ascii_digit() {
            out.push(c);
            previous_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        } else if !out.ends_with('_') {
            out.push('_');
            previous_lower = false;
        }
    }
    let trimmed = out.trim_matches('_');
    match trimmed.chars().next() {
        Some(c) if c.is_ascii_lowercase() => trimmed.to_owned(),
        Some(_) => format!("a{trimmed}"),
        None => String::new(),
    }
}

/// The keys of a field's `#[tfsdk(...)]` options in source order, with the span of each key.
/// darling parses the values; this only remembers the order, so a conflict is reported at the
/// option written second.
fn option_order(field: &syn::Field) -> Vec<(String, Span)> {
    let mut order = Vec::new();
    for attr in field.attrs.iter().filter(|a| a.path().is_ident("tfsdk")) {
        // Errors were reported by darling already; a malformed attribute just ends the list.
        let _ = attr.parse_nested_meta(|meta| {
            let key = meta
                .path
                .get_ident()
                .map(ToString::to_string)
                .unwrap_or_default();
            order.push((key, meta.path.span()));
            if meta.input.peek(syn::Token![=]) {
                let value = meta.value()?;
                value.parse::<syn::Expr>()?;
            } else if meta.input.peek(syn::token::Paren) {
                let content;
                syn::parenthesized!(content in meta.input);
                content.parse::<proc_macro2::TokenStream>()?;
            }
            Ok(())
        });
    }
    order
}

fn span_of(order: &[(String, Span)], key: &str) -> Span {
    order
        .iter()
        .find(|(k, _)| k == key)
        .map_or_else(Span::call_site, |(_, s)| *s)
}

/// The span of whichever of `a` and `b` comes second.
fn second_of(order: &[(String, Span)], a: &str, b: &str) -> Span {
    let position = |key: &str| order.iter().position(|(k, _)| k == key);
    match (position(a), position(b)) {
        (Some(pa), Some(pb)) if pa > pb => order[pa].1,
        (_, Some(pb)) => order[pb].1,
        (Some(pa), None) => order[pa].1,
        (None, None) => Span::call_site(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggested_names_are_valid_snake_case() {
        assert_eq!(suggested_name("IndexDocument"), "index_document");
        assert_eq!(suggested_name("Foo"), "foo");
        assert_eq!(suggested_name("my-attr"), "my_attr");
        assert_eq!(suggested_name("_x"), "x");
        assert_eq!(suggested_name("9lives"), "a9lives");
        assert_eq!(suggested_name("already_ok"), "already_ok");
    }
}
