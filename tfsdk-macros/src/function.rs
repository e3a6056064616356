//! `#[function]`: an ordinary Rust function as a provider-defined function. The function stays
//! as it is (its parameters' `///` comments and `#[variadic]`, `#[allow_null]` and
//! `#[allow_unknown]` markers taken off); beside it, a
//! struct of the same name (types and functions have separate names, so both live on) holds
//! `function()`, the definition the server serves: the name,
//! the doc comment as summary and description, each parameter's name, type, description and
//! whether it takes null and unknown, the return type, and the call, converting each argument
//! to its parameter's type (a type without a conversion is a compile error at the parameter).

use darling::FromMeta;
use darling::ast::NestedMeta;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

/// Options: `#[function(name = "...", deprecated = "...", crate = "...")]`.
#[derive(FromMeta, Default)]
#[darling(default)]
struct FunctionOptions {
    /// The name in configuration; the Rust name by default.
    name: Option<darling::util::SpannedValue<String>>,
    /// Marks the function deprecated with this message.
    deprecated: Option<String>,
    /// Path of the server crate (default `::tfsdk_server`).
    #[darling(rename = "crate")]
    krate: Option<syn::Path>,
}

/// One parameter as read.
struct Param {
    ident: syn::Ident,
    ty: syn::Type,
    description: String,
    /// For the variadic parameter, the element type of its `Vec`.
    variadic: Option<syn::Type>,
    /// `#[allow_null]`, where it was written (Go's `AllowNullValue`).
    allow_null: Option<Span>,
    /// `#[allow_unknown]`, where it was written (Go's `AllowUnknownValues`).
    allow_unknown: Option<Span>,
}

impl Param {
    /// The parameter's definition, `ty` its type (the element type for the variadic one): a
    /// marker the type cannot honour is a compile error at the marker.
    fn definition(&self, private: &TokenStream, ty: &syn::Type) -> TokenStream {
        let name = self.ident.to_string();
        let name = name.strip_prefix("r#").unwrap_or(&name).to_owned();
        let description = &self.description;
        let allow_null = self.allows_null(ty);
        let allow_unknown = self.allow_unknown.is_some();
        let holds_null = self.allow_null.map(|span| {
            quote_spanned!(span=> #private::holds_null::<<#ty as #private::FromArgument>::Value>();)
        });
        let holds_unknown = self.allow_unknown.map(|span| {
            quote_spanned!(span=> #private::holds_unknown::<<#ty as #private::FromArgument>::Value>();)
        });
        let parameter = quote_spanned!(ty.span()=>
            #private::parameter::<#ty>(#name, #allow_null, #allow_unknown, #description)
        );
        if holds_null.is_none() && holds_unknown.is_none() {
            return parameter;
        }
        quote!({
            #holds_null
            #holds_unknown
            #parameter
        })
    }

    /// Whether null reaches the function: `#[allow_null]`, or a parameter typed `Option<T>`
    /// (the Rust type says it may be null).
    fn allows_null(&self, ty: &syn::Type) -> bool {
        self.allow_null.is_some() || last_segment_is(ty, "Option")
    }
}

/// Expands `#[function(args)] item`.
pub fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    match read(args, item) {
        Ok(tokens) => tokens,
        Err(errors) => errors.write_errors(),
    }
}

fn error(span: Span, message: &str) -> darling::Error {
    darling::Error::custom(message).with_span(&span)
}

fn read(args: TokenStream, item: TokenStream) -> Result<TokenStream, darling::Error> {
    let (function, options, name, params) = parse(args, item)?;
    Ok(generate(function, &options, &name, &params))
}

/// The function, its options, its Terraform name and its parameters, checked: every problem
/// reported at once.
fn parse(
    args: TokenStream,
    item: TokenStream,
) -> Result<(syn::ItemFn, FunctionOptions, String, Vec<Param>), darling::Error> {
    let mut errors = darling::Error::accumulator();
    let options = match NestedMeta::parse_meta_list(args) {
        Ok(list) => errors
            .handle(FunctionOptions::from_list(&list))
            .unwrap_or_default(),
        Err(error) => {
            errors.push(darling::Error::from(error));
            FunctionOptions::default()
        }
    };
    let mut function: syn::ItemFn = match syn::parse2(item) {
        Ok(function) => function,
        Err(error) => {
            errors.push(darling::Error::from(error));
            return Err(errors
                .finish()
                .err()
                .unwrap_or_else(|| darling::Error::custom("#[function] goes on a function")));
        }
    };
    if !function.sig.generics.params.is_empty() {
        errors.push(error(
            function.sig.generics.span(),
            "a provider-defined function has concrete types: Terraform calls it with values of \
             the parameters' types, so it cannot be generic",
        ));
    }
    let name = function_name(&options, &function, &mut errors);

    let count = function.sig.inputs.len();
    let mut params = Vec::with_capacity(count);
    for (position, input) in function.sig.inputs.iter_mut().enumerate() {
        let syn::FnArg::Typed(typed) = input else {
            errors.push(error(
                input.span(),
                "a provider-defined function is a free function: it takes no `self`",
            ));
            continue;
        };
        if let Some(param) = read_param(typed, position + 1 == count, &mut errors) {
            params.push(param);
        }
    }
    errors.finish()?;
    Ok((function, options, name, params))
}

/// The function's Terraform name (`name = "..."`, else its Rust name), checked to be one
/// Terraform accepts.
fn function_name(
    options: &FunctionOptions,
    function: &syn::ItemFn,
    errors: &mut darling::error::Accumulator,
) -> String {
    let name = options.name.as_ref().map_or_else(
        || {
            let ident = function.sig.ident.to_string();
            ident.strip_prefix("r#").unwrap_or(&ident).to_owned()
        },
        |name| name.as_str().to_owned(),
    );
    let valid_name = name.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if !valid_name {
        let span = options
            .name
            .as_ref()
            .map_or_else(|| function.sig.ident.span(), |name| name.span());
        errors.push(error(
            span,
            &format!(
                "{name:?} cannot name a provider-defined function: a name starts with a \
                 lowercase letter and has only lowercase letters, digits and underscores"
            ),
        ));
    }

    name
}

/// The function as written, and the definition `Registry::function` serves.
fn generate(
    function: syn::ItemFn,
    options: &FunctionOptions,
    name: &str,
    params: &[Param],
) -> TokenStream {
    let krate = options
        .krate
        .clone()
        .unwrap_or_else(|| syn::parse_quote!(::tfsdk_server));
    let private = quote!(#krate::__private);
    let docs = crate::attr::doc_text(&function.attrs).unwrap_or_default();
    let (summary, description) = split_summary(&docs);
    let ident = function.sig.ident.clone();
    let vis = function.vis.clone();
    let (output_type, output_span) = match &function.sig.output {
        syn::ReturnType::Default => (quote!(()), function.sig.ident.span()),
        syn::ReturnType::Type(_, ty) => (quote!(#ty), ty.span()),
    };
    // Spanned at the return type, so that one without a conversion is reported there.
    let private_at_output = crate::bound::respan(private.clone(), output_span);
    let return_type = quote_spanned!(output_span=>
        #private_at_output::return_type(|| -> #output_type { ::core::unreachable!() })
    );
    let awaits = function.sig.asyncness.map(|_| quote!(.await));

    let fixed: Vec<&Param> = params.iter().filter(|p| p.variadic.is_none()).collect();
    let parameter = |param: &Param, ty: &syn::Type| param.definition(&private, ty);
    let fixed_parameters = fixed.iter().map(|p| parameter(p, &p.ty));
    let variadic = params
        .iter()
        .find_map(|p| p.variadic.as_ref().map(|ty| (p, ty)));
    let variadic_parameter = match variadic {
        Some((param, ty)) => {
            let parameter = parameter(param, ty);
            quote!(#private::Option::Some(#parameter))
        }
        None => quote!(#private::Option::None),
    };
    let locals: Vec<syn::Ident> = (0..params.len())
        .map(|i| format_ident!("__tfsdk_argument_{}", i))
        .collect();
    let reads = params
        .iter()
        .zip(&locals)
        .map(|(param, local)| match &param.variadic {
            Some(ty) => quote_spanned!(ty.span()=>
                let #local = #private::variadic::<#ty>(&mut arguments)?;
            ),
            None => {
                let ty = &param.ty;
                quote_spanned!(ty.span()=>
                    let #local = #private::argument::<#ty>(&mut arguments)?;
                )
            }
        });
    let no_more = variadic
        .is_none()
        .then(|| quote!(#private::no_more_arguments(&mut arguments)?;));
    let module_doc = format!("The provider-defined function `{name}` (written by `#[function]`).");
    let deprecated = options
        .deprecated
        .as_ref()
        .map(|message| quote!(let function = function.deprecated(#message);));

    quote! {
        #function

        #[doc = #module_doc]
        #[doc(hidden)]
        #[allow(non_camel_case_types)]
        #vis struct #ident {}

        impl #ident {
            /// The definition the server serves: register it with `Registry::function`.
            #[allow(dead_code)]
            #vis fn function() -> #private::Function {
                let function = #private::function(
                    #name,
                    #summary,
                    #description,
                    #private::Vec::from([#(#fixed_parameters),*]),
                    #variadic_parameter,
                    #return_type,
                    |mut arguments: #private::Arguments| -> #private::BoxFuture<
                        #private::Result<#private::Value, #private::FunctionError>,
                    > {
                        #private::Box::pin(async move {
                            #(#reads)*
                            #no_more
                            #private::output(#ident(#(#locals),*) #awaits)
                        })
                    },
                );
                #deprecated
                function
            }
        }
    }
}

/// Reads one parameter and takes its `///` comments and markers off it.
fn read_param(
    typed: &mut syn::PatType,
    last: bool,
    errors: &mut darling::error::Accumulator,
) -> Option<Param> {
    let description = crate::attr::doc_text(&typed.attrs).unwrap_or_default();
    let marker = |name: &str| {
        typed
            .attrs
            .iter()
            .find(|a| a.path().is_ident(name))
            .cloned()
    };
    let variadic = marker("variadic");
    let allow_null = marker("allow_null").map(|a| a.path().span());
    let allow_unknown = marker("allow_unknown").map(|a| a.path().span());
    typed.attrs.retain(|a| {
        !["doc", "variadic", "allow_null", "allow_unknown"]
            .iter()
            .any(|name| a.path().is_ident(name))
    });
    let ident = match &*typed.pat {
        syn::Pat::Ident(pat) if pat.subpat.is_none() => pat.ident.clone(),
        other => {
            errors.push(error(
                other.span(),
                "a parameter of a provider-defined function is a plain name (its name is the \
                 parameter's in Terraform's messages)",
            ));
            return None;
        }
    };
    if let syn::Type::Reference(reference) = &*typed.ty {
        errors.push(error(
            reference.span(),
            "a provider-defined function takes its arguments by value: write `String` for `&str`, \
             `Vec<T>` for `&[T]`",
        ));
        return None;
    }
    let element = match &variadic {
        Some(attribute) if !last => {
            errors.push(error(
                attribute.span(),
                "only the last parameter can be `#[variadic]`",
            ));
            return None;
        }
        Some(attribute) => match vec_element(&typed.ty) {
            Some(element) => Some(element.clone()),
            None => {
                errors.push(error(
                    attribute.span(),
                    "a `#[variadic]` parameter takes the trailing arguments as a `Vec<T>`",
                ));
                return None;
            }
        },
        None => None,
    };
    Some(Param {
        ident,
        ty: (*typed.ty).clone(),
        description,
        variadic: element,
        allow_null,
        allow_unknown,
    })
}

/// Whether `ty` is written as a path whose last segment is `name` (`Option<T>`,
/// `std::option::Option<T>`).
fn last_segment_is(ty: &syn::Type, name: &str) -> bool {
    match ty {
        syn::Type::Path(path) => path.path.segments.last().is_some_and(|s| s.ident == name),
        _ => false,
    }
}

/// `T` of a type written `Vec<T>`.
fn vec_element(ty: &syn::Type) -> Option<&syn::Type> {
    let syn::Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?;
    if last.ident != "Vec" {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    match args.args.first() {
        Some(syn::GenericArgument::Type(element)) if args.args.len() == 1 => Some(element),
        _ => None,
    }
}

/// The first paragraph of a doc comment, and the whole of it.
fn split_summary(docs: &str) -> (String, String) {
    let summary = docs
        .split("\n\n")
        .next()
        .unwrap_or_default()
        .replace('\n', " ")
        .trim()
        .to_owned();
    (summary, docs.to_owned())
}
