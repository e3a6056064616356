//! Puts the generators together: for a checked container, the object plumbing, the
//! conversions, the schema, the typed view and paths, and the direct msgpack codec.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::{Container, Kind};
use crate::{convert, msgpack, object, paths, schema, view};

/// Everything the derive writes for `container`, the direct msgpack codec as the
/// `msgpack-direct` feature says.
pub fn impls(container: &Container<'_>) -> TokenStream {
    impls_with(container, cfg!(feature = "msgpack-direct"))
}

/// Everything the derive writes for `container`, with or without the direct msgpack codec:
/// the expansion snapshot fixes the choice, since a workspace build may turn the feature on.
pub fn impls_with(container: &Container<'_>, msgpack_direct: bool) -> TokenStream {
    let object = object::impls(container);
    let conversions = convert::impls(container);
    let schema = schema::schema_impls(container);
    let view = view::impls(container);
    let paths = paths::impls(container);
    // A view is only ever converted through values; the direct codec is for models, and only
    // with the `msgpack-direct` feature (the server does not use it: see BENCHMARKS.md).
    let msgpack = match container.kind {
        Kind::Model if msgpack_direct => msgpack::impls(container),
        _ => quote!(),
    };
    quote! {
        #object
        #conversions
        #schema
        #view
        #paths
        #msgpack
    }
}
