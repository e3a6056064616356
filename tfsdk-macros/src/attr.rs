//! The `#[tfsdk(...)]` options as written, parsed with darling (unknown keys, duplicate keys and
//! wrong value types are reported by darling with spans).

use darling::util::{Flag, SpannedValue};
use darling::{FromDeriveInput, FromField};

/// Options on the struct: `#[tfsdk(crate = "...", schema)]`.
#[derive(FromDeriveInput, Default)]
#[darling(attributes(tfsdk), default)]
pub struct ContainerOptions {
    /// Path of the runtime crate, for generated code (default `::tfsdk_core`).
    #[darling(rename = "crate")]
    pub krate: Option<syn::Path>,
    /// The struct is a resource, data source or provider schema: every attribute needs a role.
    pub schema: Flag,
    /// Documentation of the schema.
    pub description: Option<String>,
}

/// Options on a field: `#[tfsdk(name = "attr", optional, default = false, ...)]`.
#[derive(FromField)]
#[darling(attributes(tfsdk))]
pub struct FieldOptions {
    /// The object attribute the field maps to.
    #[darling(default)]
    pub name: Option<SpannedValue<String>>,
    /// The field maps to no attribute (Go's `tfsdk:"-"`).
    #[darling(default)]
    pub skip: Flag,
    /// The field is a derived struct whose attributes are inlined (Go's embedded struct).
    #[darling(default)]
    pub flatten: Flag,
    /// Must be set in configuration.
    #[darling(default)]
    pub required: Flag,
    /// May be set in configuration.
    #[darling(default)]
    pub optional: Flag,
    /// Set by the provider when not configured.
    #[darling(default)]
    pub computed: Flag,
    /// Hidden in plan output.
    #[darling(default)]
    pub sensitive: Flag,
    /// A change replaces the resource.
    #[darling(default)]
    pub force_new: Flag,
    /// Documentation of the attribute.
    #[darling(default)]
    pub description: Option<SpannedValue<String>>,
    /// Value used when the configuration leaves the attribute null.
    #[darling(default, with = darling::util::parse_expr::preserve_str_literal, map = Some)]
    pub default: Option<syn::Expr>,
    /// Function computing the value used when the configuration leaves the attribute null.
    #[darling(default)]
    pub default_fn: Option<syn::Path>,
    /// Function deciding whether a change between prior and configured value is no change.
    #[darling(default)]
    pub diff_suppress: Option<syn::Path>,
}
