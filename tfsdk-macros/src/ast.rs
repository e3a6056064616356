//! The struct as the derive sees it after parsing and checking: fields with their roles, and
//! each attribute's name and behaviours. Code generation reads only this.

use proc_macro2::Span;

/// A struct deriving `TfObject`.
pub struct Container<'a> {
    /// The struct's name.
    pub ident: &'a syn::Ident,
    /// Its generics.
    pub generics: &'a syn::Generics,
    /// `<crate>::__private`, the path generated code reaches the runtime through.
    pub private: syn::Path,
    /// Set when the struct is a schema (`#[tfsdk(schema)]`).
    pub schema: Option<Span>,
    /// Documentation of the schema.
    pub description: Option<String>,
    /// The fields, in declaration order.
    pub fields: Vec<Field<'a>>,
}

/// One field.
pub struct Field<'a> {
    /// The field's name in Rust.
    pub member: &'a syn::Ident,
    /// Its type.
    pub ty: &'a syn::Type,
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
}

/// Schema behaviours of one attribute (`required`, `optional`, `computed`, defaults, ...).
#[derive(Default)]
pub struct Behaviour {
    /// `required`.
    pub required: bool,
    /// `optional`.
    pub optional: bool,
    /// `computed`.
    pub computed: bool,
    /// `sensitive`.
    pub sensitive: bool,
    /// `force_new`.
    pub force_new: bool,
    /// `description = "..."`.
    pub description: Option<String>,
    /// `default = <expr>`.
    pub default: Option<syn::Expr>,
    /// `default_fn = path`.
    pub default_fn: Option<syn::Path>,
    /// `diff_suppress = path`.
    pub diff_suppress: Option<syn::Path>,
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
}
