//! The `#[tfsdk(...)]` options as written, parsed with darling (unknown keys, duplicate keys and
//! wrong value types are reported by darling with spans).

use darling::util::{Flag, PathList, SpannedValue};
use darling::{FromDeriveInput, FromField, FromMeta};

/// Options on the struct: `#[tfsdk(crate = "...", schema, description = "...")]`.
#[derive(FromDeriveInput, Default)]
#[darling(attributes(tfsdk), forward_attrs(doc), default)]
pub struct ContainerOptions {
    /// Path of the runtime crate, for generated code (default `::tfsdk_core`).
    #[darling(rename = "crate")]
    pub krate: Option<syn::Path>,
    /// The struct is a schema: `schema`, or `schema(provider)` (and the other roles) to have
    /// the rules of that block checked at compile time.
    pub schema: Option<SpannedValue<SchemaOption>>,
    /// Documentation of the schema; the struct's doc comment by default.
    pub description: Option<String>,
    /// How the schema's description and its fields' are written (`"markdown"` by default).
    pub description_kind: Option<DescriptionKindOption>,
    /// The name of the typed view the derive writes (default: the struct's name + `View`).
    pub view: Option<syn::Ident>,
    /// The name of the typed paths type (default: the struct's name + `Paths`).
    pub paths: Option<syn::Ident>,
    /// `exactly_one_of(a, b)` on a schema struct: exactly one of these fields' attributes is
    /// configured (Go's `resourcevalidator.ExactlyOneOf`); may be given more than once.
    #[darling(multiple)]
    pub exactly_one_of: Vec<SpannedValue<PathList>>,
    /// `at_least_one_of(a, b)`: at least one is configured (Go's `AtLeastOneOf`).
    #[darling(multiple)]
    pub at_least_one_of: Vec<SpannedValue<PathList>>,
    /// `required_together(a, b)`: all or none are configured (Go's `RequiredTogether`).
    #[darling(multiple)]
    pub required_together: Vec<SpannedValue<PathList>>,
    /// `conflicting(a, b)`: at most one is configured (Go's `Conflicting`).
    #[darling(multiple)]
    pub conflicting: Vec<SpannedValue<PathList>>,
    /// The struct's doc comment.
    pub attrs: Vec<syn::Attribute>,
}

/// `description_kind = "markdown"` or `"plain"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, FromMeta)]
#[darling(rename_all = "snake_case")]
pub enum DescriptionKindOption {
    /// Markdown, the default.
    Markdown,
    /// Plain text, as Go's `Description` (not `MarkdownDescription`) serves it.
    Plain,
}

/// `schema` or `schema(ROLE)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SchemaOption {
    /// `schema`: any block.
    #[default]
    Any,
    /// `schema(provider)`: the provider block.
    Provider,
    /// `schema(resource)`: a managed resource.
    Resource,
    /// `schema(data_source)`: a data source.
    DataSource,
    /// `schema(ephemeral)`: an ephemeral resource.
    Ephemeral,
    /// `schema(identity)`: a managed resource's identity.
    Identity,
    /// `schema(list)`: the `config` block of a list resource.
    List,
    /// `schema(action)`: an action's configuration.
    Action,
}

impl FromMeta for SchemaOption {
    fn from_word() -> darling::Result<Self> {
        Ok(SchemaOption::Any)
    }

    fn from_list(items: &[darling::ast::NestedMeta]) -> darling::Result<Self> {
        let [darling::ast::NestedMeta::Meta(syn::Meta::Path(path))] = items else {
            return Err(darling::Error::custom(
                "write `schema` or `schema(ROLE)` with one role: `provider`, `resource`, \
                 `data_source`, `ephemeral`, `identity`, `list` or `action`",
            ));
        };
        match path.get_ident().map(ToString::to_string).as_deref() {
            Some("provider") => Ok(SchemaOption::Provider),
            Some("resource") => Ok(SchemaOption::Resource),
            Some("data_source") => Ok(SchemaOption::DataSource),
            Some("ephemeral") => Ok(SchemaOption::Ephemeral),
            Some("identity") => Ok(SchemaOption::Identity),
            Some("list") => Ok(SchemaOption::List),
            Some("action") => Ok(SchemaOption::Action),
            _ => Err(darling::Error::custom(
                "unknown schema role: use `provider`, `resource`, `data_source`, `ephemeral`, \
                 `identity`, `list` or `action`",
            )
            .with_span(path)),
        }
    }
}

/// Options on a field: `#[tfsdk(name = "attr", optional, default = false, ...)]`.
#[derive(FromField)]
#[darling(attributes(tfsdk), forward_attrs(doc))]
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
    /// A computed value that an update keeps (Go's `UseStateForUnknown`).
    #[darling(default)]
    pub stable: Flag,
    /// Hidden in plan output.
    #[darling(default)]
    pub sensitive: Flag,
    /// Only in configuration: null in every plan and state.
    #[darling(default)]
    pub write_only: Flag,
    /// A change replaces the resource.
    #[darling(default)]
    pub force_new: Flag,
    /// Documentation of the attribute; the field's doc comment by default.
    #[darling(default)]
    pub description: Option<SpannedValue<String>>,
    /// How the description is written; the struct's `description_kind` by default.
    #[darling(default)]
    pub description_kind: Option<DescriptionKindOption>,
    /// The attribute is deprecated: the message practitioners see.
    #[darling(default)]
    pub deprecated: Option<SpannedValue<String>>,
    /// Value used when the configuration leaves the attribute null.
    #[darling(default, with = darling::util::parse_expr::preserve_str_literal, map = Some)]
    pub default: Option<syn::Expr>,
    /// Function computing the value used when the configuration leaves the attribute null.
    #[darling(default)]
    pub default_fn: Option<syn::Path>,
    /// Function deciding whether a change between prior and configured value is no change.
    #[darling(default)]
    pub diff_suppress: Option<syn::Path>,
    /// Function changing the attribute's planned value: `fn(&mut AttributeChange<V>)`.
    #[darling(default)]
    pub plan_modifier: Option<syn::Path>,
    /// Function deciding whether a change requires replacement:
    /// `fn(&AttributeChange<V>) -> bool`.
    #[darling(default)]
    pub requires_replace_if: Option<syn::Path>,
    /// A change of a configured value requires replacement.
    #[darling(default)]
    pub requires_replace_if_configured: Flag,
    /// Served as a nested block.
    #[darling(default)]
    pub block: Flag,
    /// The fewest blocks of a list or set of blocks (SDKv2's `MinItems`).
    #[darling(default)]
    pub min_items: Option<SpannedValue<u64>>,
    /// The most blocks of a list or set of blocks (SDKv2's `MaxItems`).
    #[darling(default)]
    pub max_items: Option<SpannedValue<u64>>,
    /// Served as a nested attribute.
    #[darling(default)]
    pub nested_attribute: Flag,
    /// Fields whose attributes must be null when this one is set.
    #[darling(default)]
    pub conflicts_with: Option<PathList>,
    /// Fields of which, with this one, exactly one is set.
    #[darling(default)]
    pub exactly_one_of: Option<PathList>,
    /// Fields of which, with this one, at least one is set.
    #[darling(default)]
    pub at_least_one_of: Option<PathList>,
    /// Fields that must be set when this one is.
    #[darling(default)]
    pub required_with: Option<PathList>,
    /// The values allowed: `one_of = ["a", "b"]` or `one_of = [1, 2]`.
    #[darling(default, with = darling::util::parse_expr::preserve_str_literal, map = Some)]
    pub one_of: Option<syn::Expr>,
    /// The values refused: `none_of = ["a", "b"]` or `none_of = [1, 2]`.
    #[darling(default, with = darling::util::parse_expr::preserve_str_literal, map = Some)]
    pub none_of: Option<syn::Expr>,
    /// A regular expression strings must match: `matches = "^[a-z]+$"`.
    #[darling(default)]
    pub matches: Option<SpannedValue<String>>,
    /// A list's elements are all different.
    #[darling(default)]
    pub unique: Flag,
    /// A string's length in characters: `length = 1..=64`.
    #[darling(default, with = darling::util::parse_expr::preserve_str_literal, map = Some)]
    pub length: Option<syn::Expr>,
    /// A collection's number of elements: `size = 1..`.
    #[darling(default, with = darling::util::parse_expr::preserve_str_literal, map = Some)]
    pub size: Option<syn::Expr>,
    /// A number's range: `range = 1..=65535`.
    #[darling(default, with = darling::util::parse_expr::preserve_str_literal, map = Some)]
    pub range: Option<syn::Expr>,
    /// A validation function: `fn(&T) -> Result<(), E>`, `E: Display`.
    #[darling(default)]
    pub validate: Option<syn::Path>,
    /// The field's doc comment.
    pub attrs: Vec<syn::Attribute>,
}

/// The text of `#[doc = "..."]` attributes (`///` comments), lines joined with newlines, the
/// one leading space of each `///` line removed; `None` when there is none.
pub fn doc_text(attrs: &[syn::Attribute]) -> Option<String> {
    let lines: Vec<String> = attrs
        .iter()
        .filter(|attr| attr.path().is_ident("doc"))
        .filter_map(|attr| match &attr.meta {
            syn::Meta::NameValue(syn::MetaNameValue {
                value:
                    syn::Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Str(text),
                        ..
                    }),
                ..
            }) => Some(text.value()),
            _ => None,
        })
        .map(|line| line.strip_prefix(' ').map(str::to_owned).unwrap_or(line))
        .collect();
    let text = lines.join("\n").trim().to_owned();
    (!text.is_empty()).then_some(text)
}
