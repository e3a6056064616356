//! `#[derive(TfObject)]`: Rust structs as Terraform objects, with the framework's struct-tag
//! rules checked at compile time.
//!
//! Use it through `tfsdk_core`, which re-exports it (default `derive` feature) and documents it
//! with examples. The crate is laid out by stage, as serde_derive is: `attr` reads the
//! `#[tfsdk(...)]` options, `check` builds the `ast` and enforces every rule (all errors of a
//! struct in one compile); then one generator per part, put together by `expand`: `object`
//! (the attribute plumbing), `convert` (the conversion traits), `schema` and `rules` (the
//! schema and its validation rules), `view` and `paths` (the typed view and attribute paths)
//! and `msgpack` (the direct codec), with `bound` for where clauses and spans.

mod ast;
mod attr;
mod bound;
mod check;
mod convert;
mod expand;
mod function;
mod msgpack;
mod object;
mod paths;
mod rules;
mod schema;
#[cfg(test)]
mod snapshot;
mod view;

use proc_macro::TokenStream;

/// Derives `TfObject`, `TerraformType`, `FromValue` and `ToValue` for a struct with named
/// fields, each tagged `#[tfsdk(name = "attribute")]`, `#[tfsdk(skip)]` or
/// `#[tfsdk(flatten)]`; with `#[tfsdk(schema)]` also `TfSchema` and the struct's typed view and
/// paths. See `tfsdk_core::TfObject` for the full documentation.
#[proc_macro_derive(TfObject, attributes(tfsdk))]
pub fn derive_tf_object(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    match check::read(&input) {
        Ok(container) => expand::impls(&container).into(),
        Err(errors) => errors.write_errors().into(),
    }
}

/// Makes an ordinary Rust function a provider-defined function; see
/// `tfsdk_server::function` for the documentation.
#[proc_macro_attribute]
pub fn function(args: TokenStream, item: TokenStream) -> TokenStream {
    function::expand(args.into(), item.into()).into()
}
