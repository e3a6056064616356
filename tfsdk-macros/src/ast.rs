//! The struct as the derive sees it after parsing and checking: fields with their roles, and
//! each attribute's name, behaviours and rules. Code generation reads only this.

use proc_macro2::Span;

/// A struct deriving `TfObject`.
pub struct Container<'a> {
    /// The struct's name.
    pub ident: &'a syn::Ident,
    /// Its generics.
    pub generics: &'a syn::Generics,
    /// `<crate>::__private`, the path generated code reaches the runtime through.
    pub private: syn::Path,
    /// Set when the struct is a schema (`#[tfsdk(schema)]`): its role and the option's span.
    pub schema: Option<(SchemaRole, Span)>,
    /// Documentation of the schema: `description = "..."` or the doc comment.
    pub description: Option<String>,
    /// `description_kind = "plain"` on the struct: its description, and its fields' unless
    /// they say otherwise, are plain text.
    pub plain_description: bool,
    /// The typed view's name (`FileView` for `File`).
    pub view: syn::Ident,
    /// The typed paths' name (`FilePaths` for `File`).
    pub paths: syn::Ident,
    /// The struct's visibility, which the view and paths share.
    pub vis: &'a syn::Visibility,
    /// The fields, in declaration order.
    pub fields: Vec<Field<'a>>,
    /// What kind of struct this is: a user's model, or a view the derive writes.
    pub kind: Kind,
    /// Rules over several top-level attributes (`exactly_one_of(a, b)` on the struct): the
    /// `ConfigRule` variant and the attributes' names.
    pub config_validators: Vec<(&'static str, Vec<String>)>,
    /// The struct whose schema attributes this one lists as its own: a view's model (the same
    /// names and types), so that the view writes no table of its own.
    pub attributes_of: Option<syn::Type>,
}

/// What a derived struct is.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A struct the user wrote.
    Model,
    /// The typed view of a schema struct, written by the derive: conversions only.
    View,
}

/// The block a schema struct describes, when it says (`schema(provider)`); the rules of that
/// block are then checked at compile time.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SchemaRole {
    /// `schema`: any block; the server checks the rules of each block at start-up.
    Any,
    /// `schema(provider)`.
    Provider,
    /// `schema(resource)`.
    Resource,
    /// `schema(data_source)`.
    DataSource,
    /// `schema(ephemeral)`.
    Ephemeral,
    /// `schema(identity)`: `required` and `optional` mean required and optional for import.
    Identity,
    /// `schema(list)`.
    List,
    /// `schema(action)`.
    Action,
}

/// One field.
pub struct Field<'a> {
    /// The field's name in Rust.
    pub member: &'a syn::Ident,
    /// Its visibility, which the view's field shares.
    pub vis: &'a syn::Visibility,
    /// Its type.
    pub ty: &'a syn::Type,
    /// Its doc comment.
    pub docs: Option<String>,
    /// What it maps to.
    pub role: Role,
}

/// What a field maps to.
pub enum Role {
    /// One object attribute.
    Attribute(Box<Attribute>),
    /// Nothing (`#[tfsdk(skip)]`): filled with `Default::default()`.
    Skip,
    /// The attributes of a nested derived struct (`#[tfsdk(flatten)]`).
    Flatten,
}

/// An attribute a field maps to.
pub struct Attribute {
    /// The attribute name.
    pub name: String,
    /// Span of the name's string literal.
    pub name_span: Span,
    /// Schema behaviours.
    pub behaviour: Behaviour,
    /// Validation rules.
    pub rules: Vec<Rule>,
}

/// Schema behaviours of one attribute (`required`, `optional`, `computed`, defaults, ...).
pub struct Behaviour {
    /// `required`.
    pub required: bool,
    /// `optional`.
    pub optional: bool,
    /// `computed`.
    pub computed: bool,
    /// Where `computed` is written (the call site when absent).
    pub computed_span: Span,
    /// `stable`.
    pub stable: bool,
    /// `sensitive`.
    pub sensitive: bool,
    /// `write_only`.
    pub write_only: bool,
    /// Where `write_only` is written (the call site when absent).
    pub write_only_span: Span,
    /// `force_new`.
    pub force_new: bool,
    /// `description = "..."`, else the field's doc comment.
    pub description: Option<String>,
    /// `description_kind = "plain"` on the field, or on the struct and not `"markdown"` on
    /// the field.
    pub plain_description: bool,
    /// `deprecated = "..."`.
    pub deprecated: Option<String>,
    /// `default = <expr>`.
    pub default: Option<syn::Expr>,
    /// `default_fn = path`.
    pub default_fn: Option<syn::Path>,
    /// `diff_suppress = path`.
    pub diff_suppress: Option<syn::Path>,
    /// `plan_modifier = path`, `requires_replace_if = path` and
    /// `requires_replace_if_configured`, in the order written.
    pub plan_modifiers: Vec<PlanModifier>,
    /// `block` or `nested_attribute`, with the option's span.
    pub presentation: Option<(Presentation, Span)>,
    /// `min_items = N` and `max_items = N` (0: not given).
    pub items: (u64, u64),
    /// Where the first of `min_items` and `max_items` is written, when one is.
    pub items_span: Option<Span>,
}

impl Default for Behaviour {
    fn default() -> Self {
        Behaviour {
            required: false,
            optional: false,
            computed: false,
            computed_span: Span::call_site(),
            stable: false,
            sensitive: false,
            write_only: false,
            write_only_span: Span::call_site(),
            force_new: false,
            description: None,
            plain_description: false,
            deprecated: None,
            default: None,
            default_fn: None,
            diff_suppress: None,
            plan_modifiers: Vec::new(),
            presentation: None,
            items: (0, 0),
            items_span: None,
        }
    }
}

/// One step of an attribute's plan modification.
pub enum PlanModifier {
    /// `plan_modifier = path`.
    Modify(syn::Path),
    /// `requires_replace_if = path`.
    RequiresReplaceIf(syn::Path),
    /// `requires_replace_if_configured`.
    RequiresReplaceIfConfigured,
}

/// How a nested attribute is served.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Presentation {
    /// `block`.
    Block,
    /// `nested_attribute`.
    NestedAttribute,
}

/// A validation rule, checked at compile time where it can be.
pub enum Rule {
    /// `conflicts_with(...)` and its siblings: other attributes of the same struct, by the
    /// attribute names of the fields named.
    Combination {
        /// Which rule.
        kind: Combination,
        /// The other attributes' names.
        others: Vec<String>,
    },
    /// `one_of = [...]`, or `none_of = [...]`.
    OneOf {
        /// The literals.
        values: Vec<syn::Expr>,
        /// Strings or numbers.
        strings: bool,
        /// `none_of`: the values are refused rather than allowed.
        none: bool,
        /// The option's span.
        span: Span,
    },
    /// `matches = "regex"`, checked to parse.
    Matches {
        /// The pattern.
        pattern: String,
        /// The option's span.
        span: Span,
    },
    /// `unique`.
    Unique {
        /// The option's span.
        span: Span,
    },
    /// `length = a..=b` (strings) or `size = a..=b` (collections).
    Count {
        /// `length` or `size`.
        size: bool,
        /// The least.
        min: Option<u64>,
        /// The most.
        max: Option<u64>,
        /// The option's span.
        span: Span,
    },
    /// `range = a..=b`: number literals as written.
    Range {
        /// The least, as a literal expression.
        min: Option<Box<syn::Expr>>,
        /// The greatest.
        max: Option<Box<syn::Expr>>,
        /// The option's span.
        span: Span,
    },
    /// `validate = path`.
    Custom(Box<syn::Path>),
}

/// The rules that relate an attribute to others.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Combination {
    /// `conflicts_with`.
    ConflictsWith,
    /// `exactly_one_of`.
    ExactlyOneOf,
    /// `at_least_one_of`.
    AtLeastOneOf,
    /// `required_with`.
    RequiredWith,
}

impl Combination {
    /// The option's name.
    pub fn key(self) -> &'static str {
        match self {
            Combination::ConflictsWith => "conflicts_with",
            Combination::ExactlyOneOf => "exactly_one_of",
            Combination::AtLeastOneOf => "at_least_one_of",
            Combination::RequiredWith => "required_with",
        }
    }

    /// The runtime's variant.
    pub fn variant(self) -> &'static str {
        match self {
            Combination::ConflictsWith => "ConflictsWith",
            Combination::ExactlyOneOf => "ExactlyOneOf",
            Combination::AtLeastOneOf => "AtLeastOneOf",
            Combination::RequiredWith => "RequiredWith",
        }
    }
}

impl Container<'_> {
    /// The fields mapped to attributes, with their attribute, sorted by attribute name.
    pub fn attributes(&self) -> Vec<(&Field<'_>, &Attribute)> {
        let mut attributes: Vec<_> = self
            .fields
            .iter()
            .filter_map(|f| match &f.role {
                Role::Attribute(a) => Some((f, &**a)),
                _ => None,
            })
            .collect();
        attributes.sort_by(|a, b| a.1.name.cmp(&b.1.name));
        attributes
    }

    /// The flattened fields.
    pub fn flattened(&self) -> impl Iterator<Item = &Field<'_>> {
        self.fields
            .iter()
            .filter(|f| matches!(f.role, Role::Flatten))
    }

    /// True when the struct has type or const parameters (statics cannot cache per instance).
    pub fn is_generic(&self) -> bool {
        self.generics
            .params
            .iter()
            .any(|p| !matches!(p, syn::GenericParam::Lifetime(_)))
    }

    /// True for a `#[tfsdk(schema)]` struct.
    pub fn is_schema(&self) -> bool {
        self.schema.is_some()
    }
}
