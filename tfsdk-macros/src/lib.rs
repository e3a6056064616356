//! `#[derive(TfObject)]`: Rust structs as Terraform objects, with the framework's struct-tag
//! rules checked at compile time.
//!
//! Use it through `tfsdk_core`, which re-exports it (default `derive` feature) and documents it
//! with examples. The crate is laid out by stage, as serde_derive is: `attr` reads the
//! `#[tfsdk(...)]` options, `check` builds the `ast` and enforces every rule (all errors of a
//! struct in one compile), `expand` generates the impls.

mod ast;
mod attr;
mod check;
mod expand;
mod msgpack;
mod schema;

use proc_macro::TokenStream;

/// Derives `TfObject`, `TerraformType`, `FromValue` and `ToValue` for a struct with named
/// fields, each tagged `#[tfsdk(name = "attribute")]`, `#[tfsdk(skip)]` or
/// `#[tfsdk(flatten)]`. See `tfsdk_core::TfObject` for the full documentation.
#[proc_macro_derive(TfObject, attributes(tfsdk))]
pub fn derive_tf_object(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    match check::read(&input) {
        Ok(container) => expand::expand(&container).into(),
        Err(errors) => errors.write_errors().into(),
    }
}
