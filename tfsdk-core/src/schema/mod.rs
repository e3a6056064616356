//! Schemas: attributes with their types and behaviours, as a derived struct
//! describes them, serialisable like `terraform providers schema -json`, and the rules that make
//! the behaviours real: planning ([`Schema::plan`]), defaults of a provider block
//! ([`Schema::with_defaults`]) and validation ([`Schema::validate`]).
//!
//! A struct becomes a schema with `#[tfsdk(schema)]` on the struct; every attribute then says
//! whether it is `required`, `optional` or `computed`. Behaviours are field options:
//!
//! | option | effect |
//! |---|---|
//! | `required` | configuration must set it; null is an error at plan time |
//! | `optional` | configuration may set it |
//! | `computed` | the provider sets it when configuration does not: unknown ("known after apply") in the plan of a create and of every update, the prior value in a plan without changes |
//! | `stable` | with `computed`: an update keeps the prior value instead of planning it unknown (Go's `UseStateForUnknown`); for values that never change once set, such as ids and creation times |
//! | `sensitive` | hidden in plan output |
//! | `write_only` | only in configuration (Terraform 1.11 and newer): create and update read it from the configuration, and every plan and state holds null for it; a resource's `_version` attribute beside it usually says when it changed |
//! | `description = "..."` | documentation (Markdown); a field's `///` comment by default |
//! | `description_kind = "plain"` | the description is plain text ([`DescriptionKind`]), on a field or the whole struct |
//! | `deprecated = "..."` | Terraform marks the attribute deprecated, and configuring it warns with this message |
//! | `default = <expr>` | the value when configuration leaves it null (Terraform is told the attribute is also computed, see [`Attribute::computed_for_terraform`]) |
//! | `default_fn = path` | a function giving that value (`fn() -> Result<V, E>` or `fn() -> Result<Option<V>, E>`, `E: Display`); `None` gives nothing |
//! | `force_new` | a change from configuration requires replacing the resource |
//! | `diff_suppress = path` | `fn(old: &T, new: &T) -> bool`; true keeps the prior value |
//! | `block` / `nested_attribute` | how a nested object (or a list or set of them) is written in configuration, see [`Presentation`] |
//! | validation rules | `conflicts_with(...)`, `exactly_one_of(...)`, `at_least_one_of(...)`, `required_with(...)`, `one_of = [...]`, `length = a..=b`, `range = a..=b`, `validate = path`: see [`Validator`] |
//!
//! The plan rules are Terraform's ([`Schema::plan`] lists them): a planned value of a
//! non-computed attribute equals its configuration (or, as an equivalent, its prior value), and
//! a value known in the plan must not change at apply. So a computed attribute that the remote
//! API may change on update is unknown in the plan of every update, unless it is `stable`.

/// `Debug` (the type's name, the function elided) and `PartialEq` (the same function) for a
/// type wrapping one function pointer of the derive's in field `$field`.
macro_rules! function_wrapper_impls {
    ($wrapper:ident, $field:ident) => {
        impl std::fmt::Debug for $wrapper {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(concat!(stringify!($wrapper), "(..)"))
            }
        }

        impl PartialEq for $wrapper {
            fn eq(&self, other: &$wrapper) -> bool {
                std::ptr::fn_addr_eq(self.$field, other.$field)
            }
        }
    };
}

mod config_rules;
mod identity;
mod json;
mod pairing;
mod plan;
mod plan_modifier;
mod rules;
pub(crate) mod spec;
mod state;
mod validate;
mod walk;
mod write_only;

use std::collections::BTreeMap;
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::tftypes::{Type, Value};

pub use config_rules::{ConfigRule, ConfigValidator};
pub use identity::identity_change;
pub use plan::Plan;
pub use plan_modifier::{AttributeChange, PlanModifier};
pub use rules::{CustomRule, Pattern, Validator};

/// The schema of a resource, data source or provider: its top-level attributes.
#[derive(Clone, Debug, PartialEq, std::default::Default)]
#[non_exhaustive]
pub struct Schema {
    /// The attributes, by name.
    pub attributes: BTreeMap<String, Attribute>,
    /// Documentation of the whole block (Markdown unless `description_kind` says plain).
    pub description: Option<String>,
    /// How Terraform is told to read `description` (`#[tfsdk(description_kind = "plain")]`).
    pub description_kind: DescriptionKind,
    /// Rules over several top-level attributes (`#[tfsdk(exactly_one_of(a, b))]` on the struct).
    pub config_validators: Vec<ConfigValidator>,
}

/// One attribute: its type and behaviours.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Attribute {
    /// The attribute's Terraform type (for a nested attribute, the type of the whole value).
    pub ty: Type,
    /// Attributes nested inside this one, when its type is a schema struct (or a collection of
    /// them).
    pub nested: Option<NestedAttributes>,
    /// Configuration must set it.
    pub required: bool,
    /// Configuration may set it.
    pub optional: bool,
    /// The provider sets it when configuration does not.
    pub computed: bool,
    /// With `computed`: an update keeps the prior value rather than planning it unknown.
    pub stable: bool,
    /// Hidden in plan output.
    pub sensitive: bool,
    /// Only in configuration (Terraform 1.11 and newer): the value reaches create and update,
    /// and every plan and state holds null for it.
    pub write_only: bool,
    /// A change requires replacing the resource.
    pub force_new: bool,
    /// Documentation (Markdown unless `description_kind` says plain).
    pub description: Option<String>,
    /// How Terraform is told to read `description`.
    pub description_kind: DescriptionKind,
    /// Set when the attribute is deprecated: the message practitioners see when they set it.
    pub deprecation: Option<String>,
    /// Where the value comes from when configuration leaves it null.
    pub default: Option<DefaultValue>,
    /// Decides whether a change from the prior value is no change.
    pub diff_suppress: Option<DiffSuppress>,
    /// Whether two known values mean the same (the field type's
    /// [`semantic_equality`](crate::convert::TerraformType::semantic_equality)).
    pub semantic_equality: Option<SemanticEquality>,
    /// The attribute's plan modification, in order (`plan_modifier`, `requires_replace_if`,
    /// `requires_replace_if_configured`).
    pub plan_modifiers: Vec<PlanModifier>,
    /// Rules a configured value must follow, checked at validation.
    pub validators: Vec<Validator>,
    /// How a nested attribute is written in configuration.
    pub presentation: Presentation,
    /// For a list or set of nested blocks: the fewest blocks configuration must write (0: as
    /// `required` says), which Terraform checks itself (SDKv2's `MinItems`).
    pub min_items: u64,
    /// For a list or set of nested blocks: the most blocks (0: no limit), which Terraform
    /// checks itself (SDKv2's `MaxItems`; `max_items = 1` is SDKv2's single nested object).
    pub max_items: u64,
}

impl Attribute {
    /// An attribute of type `ty` with no behaviour.
    pub fn new(ty: Type) -> Attribute {
        Attribute {
            ty,
            nested: None,
            required: false,
            optional: false,
            computed: false,
            stable: false,
            sensitive: false,
            write_only: false,
            force_new: false,
            description: None,
            description_kind: DescriptionKind::Markdown,
            deprecation: None,
            default: None,
            diff_suppress: None,
            semantic_equality: None,
            plan_modifiers: Vec::new(),
            validators: Vec::new(),
            presentation: Presentation::Default,
            min_items: 0,
            max_items: 0,
        }
    }

    /// True for an attribute only the provider sets (`computed` without `optional`).
    pub fn is_computed_only(&self) -> bool {
        self.computed && !self.optional && !self.required
    }

    /// True when Terraform must be told the attribute is computed: it is `computed`, or it has
    /// a `default` / `default_fn`.
    ///
    /// Terraform accepts a planned value for an attribute left null in the configuration only
    /// when the attribute is computed (its plan check rejects "planned value for a
    /// non-computed attribute"); a default is such a planned value. So the schema sent to
    /// Terraform, and [`Schema::to_json_block`], declare a defaulted attribute optional and
    /// computed, as the Go framework requires `Computed: true` next to every `Default`.
    pub fn computed_for_terraform(&self) -> bool {
        self.computed || self.default.is_some()
    }

    /// True when Terraform must insist on a value: `required` without a default. A `required`
    /// attribute with a `default_fn` (a provider's `region`, read from the environment) is served
    /// as optional, and the server reports it missing when the function gives nothing, as the
    /// older Go SDK does.
    pub fn required_for_terraform(&self) -> bool {
        self.required && self.default.is_none()
    }

    /// True when Terraform is told the configuration may set the attribute: `optional`, or
    /// `required` with a default (see [`Attribute::required_for_terraform`]).
    pub fn optional_for_terraform(&self) -> bool {
        self.optional || (self.required && self.default.is_some())
    }

    /// True when the attribute reaches Terraform as a nested block
    /// (`owner { name = "ops" }`, `rule { ... } rule { ... }`) rather than an attribute
    /// (`owner = { name = "ops" }`), see [`Presentation`].
    pub fn served_as_block(&self) -> bool {
        let Some(nested) = &self.nested else {
            return false;
        };
        match self.presentation {
            Presentation::Block => nested.nesting != NestingMode::Map,
            Presentation::NestedAttribute => false,
            Presentation::Default => {
                nested.nesting == NestingMode::Single
                    && !self.computed_for_terraform()
                    && !self.sensitive
            }
        }
    }

    /// The least and most blocks Terraform is told a nested block takes (0: no limit): a
    /// required single block is exactly one; a list or set at least one when required, and
    /// within `min_items` and `max_items` when given.
    pub fn block_items(&self) -> (u64, u64) {
        let nesting = self
            .nested
            .as_ref()
            .map_or(NestingMode::Single, |nested| nested.nesting);
        let required = self.required_for_terraform();
        match nesting {
            NestingMode::Single if required => (1, 1),
            NestingMode::Single => (0, 0),
            _ => (self.min_items.max(u64::from(required)), self.max_items),
        }
    }

    /// True for a list or set of nested blocks: configuration without any block gives an empty
    /// collection, never null, and Terraform requires plans and states to say so too.
    pub fn is_collection_block(&self) -> bool {
        self.served_as_block()
            && self
                .nested
                .as_ref()
                .is_some_and(|n| matches!(n.nesting, NestingMode::List | NestingMode::Set))
    }
}

/// How a nested object, or a list or set of them, is written in configuration.
///
/// Terraform has two forms: nested attributes (`owner = { name = "ops" }`,
/// `rules = [{ port = 80 }]`, protocol 6) and nested blocks (`owner { name = "ops" }`,
/// `rule { port = 80 }` repeated), the form of providers written with the older Go SDK.
/// Porting such a provider keeps its configuration syntax with `block`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Presentation {
    /// A single nested object that is neither computed nor sensitive is a block; every other
    /// nested value is a nested attribute.
    ///
    /// Terraform 1.0.0 to 1.0.4 crash when planning any resource that has a single nested
    /// attribute (hashicorp/terraform#29388, fixed in 1.0.5); a single nested block carries the
    /// same object value and works with every Terraform that speaks protocol 6, hence the
    /// default.
    #[default]
    Default,
    /// `#[tfsdk(block)]`: a nested block, also for a list or a set of objects (repeated
    /// blocks). Blocks cannot be computed or sensitive.
    Block,
    /// `#[tfsdk(nested_attribute)]`: a nested attribute, also for a single object (which
    /// needs Terraform 1.0.5 or newer).
    NestedAttribute,
}

/// How a description is written, which Terraform passes on to documentation tools and
/// language servers (`description_kind` in `terraform providers schema -json`).
///
/// Descriptions are Markdown by default, as doc comments are. The Go framework serves
/// `Description` as plain text and `MarkdownDescription` as Markdown, and the older Go SDK every
/// description as plain text: a type ported from Go keeps its schema byte for byte with
/// `#[tfsdk(description_kind = "plain")]` on the struct (for its own description and its
/// fields) or on a field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DescriptionKind {
    /// Markdown (the default).
    #[default]
    Markdown,
    /// Plain text.
    Plain,
}

impl DescriptionKind {
    /// The name `terraform providers schema -json` gives it: `markdown` or `plain`.
    pub fn as_str(self) -> &'static str {
        match self {
            DescriptionKind::Markdown => "markdown",
            DescriptionKind::Plain => "plain",
        }
    }
}

/// What a type's nested attributes say about write-only attributes
/// ([`TerraformType::WRITE_ONLY`](crate::convert::TerraformType::WRITE_ONLY)), for the derive's
/// compile-time checks of Terraform's rules: every child of a write-only nested attribute is
/// write-only, and neither a set of nested objects nor a computed nested attribute holds one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct WriteOnlyFacts {
    /// Some attribute inside, at any depth, is write-only.
    pub any: bool,
    /// Every attribute inside, at any depth, is write-only (true for a type without any).
    pub all: bool,
    /// A set of nested objects inside holds a write-only attribute.
    pub in_set: bool,
}

impl WriteOnlyFacts {
    /// A type without nested attributes.
    pub const NONE: WriteOnlyFacts = WriteOnlyFacts {
        any: false,
        all: true,
        in_set: false,
    };

    /// The facts of a list or map of `inner`.
    pub const fn list(inner: WriteOnlyFacts) -> WriteOnlyFacts {
        inner
    }

    /// The facts of a map of `inner`.
    pub const fn map(inner: WriteOnlyFacts) -> WriteOnlyFacts {
        inner
    }

    /// The facts of a set of `inner`: a write-only attribute inside is in a set.
    pub const fn set(inner: WriteOnlyFacts) -> WriteOnlyFacts {
        WriteOnlyFacts {
            in_set: inner.in_set || inner.any,
            ..inner
        }
    }

    /// The facts of an object whose own attributes are `own_write_only` (one flag each) and
    /// whose attributes' types have `fields`.
    pub const fn object(own_write_only: &[bool], fields: &[WriteOnlyFacts]) -> WriteOnlyFacts {
        let mut facts = WriteOnlyFacts {
            any: false,
            all: true,
            in_set: false,
        };
        let mut i = 0;
        while i < own_write_only.len() {
            facts.any |= own_write_only[i];
            facts.all &= own_write_only[i];
            i += 1;
        }
        let mut i = 0;
        while i < fields.len() {
            facts.any |= fields[i].any;
            facts.all &= fields[i].all;
            facts.in_set |= fields[i].in_set;
            i += 1;
        }
        facts
    }
}

/// Attributes nested in an attribute, and how the nested objects are arranged.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct NestedAttributes {
    /// One object, a list, a set or a map of them.
    pub nesting: NestingMode,
    /// The attributes of each nested object.
    pub attributes: BTreeMap<String, Attribute>,
    /// Rules over several attributes of each nested object (`#[tfsdk(exactly_one_of(a, b))]`
    /// on the nested struct).
    pub config_validators: Vec<ConfigValidator>,
}

/// How nested objects are arranged in an attribute's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NestingMode {
    /// A single object.
    Single,
    /// A list of objects.
    List,
    /// A set of objects.
    Set,
    /// A map of objects.
    Map,
}

impl NestedAttributes {
    /// Nested objects of `attributes`, arranged as `nesting` says.
    pub fn new(nesting: NestingMode, attributes: BTreeMap<String, Attribute>) -> NestedAttributes {
        NestedAttributes {
            nesting,
            attributes,
            config_validators: Vec::new(),
        }
    }

    /// These nested objects as the elements of a collection: `Some` only for a single object
    /// (a list of lists of objects is not a nested attribute).
    pub fn in_collection(self, nesting: NestingMode) -> Option<NestedAttributes> {
        (self.nesting == NestingMode::Single).then_some(NestedAttributes { nesting, ..self })
    }
}

impl NestingMode {
    /// The name Terraform's schema JSON uses.
    pub fn as_str(self) -> &'static str {
        match self {
            NestingMode::Single => "single",
            NestingMode::List => "list",
            NestingMode::Set => "set",
            NestingMode::Map => "map",
        }
    }
}

/// What a default function gave: a value, nothing (`Ok(None)`: the attribute stays null, and a
/// `required` one is missing), or the function's error message.
pub type DefaultResult = Result<Option<Value>, String>;

/// The default of an attribute: a value, or a function computing one.
#[derive(Clone, Copy)]
pub struct DefaultValue {
    compute: fn() -> DefaultResult,
    /// True for `default_fn` (a dynamic default), false for `default = <expr>`.
    pub dynamic: bool,
}

impl DefaultValue {
    /// A default computed by `compute`; `dynamic` for `default_fn`.
    pub fn new(compute: fn() -> DefaultResult, dynamic: bool) -> DefaultValue {
        DefaultValue { compute, dynamic }
    }

    /// The default value: `Ok(None)` when the function gives nothing.
    ///
    /// # Errors
    /// The message of a failing `default_fn`, of a default that does not convert, or of a
    /// function that panicked (the panic is contained here, so that one bad default fails one
    /// plan rather than the provider).
    pub fn value(&self) -> DefaultResult {
        self.compute_contained().and_then(|result| result)
    }

    /// What the function gave ([`DefaultValue::value`]'s answer), or, when it panicked, the
    /// panic's message as the outer error.
    ///
    /// # Errors
    /// The function panicked.
    pub fn compute_contained(&self) -> Result<DefaultResult, String> {
        contained("the default function", self.compute)
    }
}

impl fmt::Debug for DefaultValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DefaultValue")
            .field("dynamic", &self.dynamic)
            .finish_non_exhaustive()
    }
}

impl PartialEq for DefaultValue {
    fn eq(&self, other: &DefaultValue) -> bool {
        std::ptr::fn_addr_eq(self.compute, other.compute) && self.dynamic == other.dynamic
    }
}

/// A diff-suppression function over attribute values: true when the change from `old` to
/// `new` is no change.
#[derive(Clone, Copy)]
pub struct DiffSuppress {
    suppress: fn(&Value, &Value) -> bool,
}

impl DiffSuppress {
    /// Wraps a function of (old, new).
    pub fn new(suppress: fn(&Value, &Value) -> bool) -> DiffSuppress {
        DiffSuppress { suppress }
    }

    /// True when the change from `old` to `new` should be ignored.
    ///
    /// # Errors
    /// The function panicked: the message (contained, see [`DefaultValue::value`]).
    pub fn suppresses(&self, old: &Value, new: &Value) -> Result<bool, String> {
        contained("the diff_suppress function", || (self.suppress)(old, new))
    }
}

function_wrapper_impls!(DiffSuppress, suppress);

/// A type's way of keeping the spelling of an earlier value that means the same: given the
/// earlier value and the new one, `Some(kept)` when something is kept, `None` when the new
/// value stays as it is ([`TerraformType::keep_equivalent`](crate::convert::TerraformType::keep_equivalent)).
pub type KeepEquivalent = fn(&Value, &Value) -> Option<Value>;

/// A type's semantic equality, as the way its values keep an earlier spelling that means the
/// same ([`TerraformType::keep_equivalent`](crate::convert::TerraformType::keep_equivalent)):
/// for a list, set or map of a semantic type, element by element.
#[derive(Clone, Copy)]
pub struct SemanticEquality {
    keep: KeepEquivalent,
}

impl SemanticEquality {
    /// Wraps a function of (earlier, new) answering the value to keep, `None` when `new`
    /// stays as it is.
    pub fn new(keep: KeepEquivalent) -> SemanticEquality {
        SemanticEquality { keep }
    }

    /// `new` with whatever means what `earlier` means in `earlier`'s spelling; `None` when
    /// nothing is kept.
    ///
    /// # Errors
    /// The function panicked: the message.
    pub fn kept(&self, earlier: &Value, new: &Value) -> Result<Option<Value>, String> {
        contained("the semantic equality function", || {
            (self.keep)(earlier, new)
        })
    }

    /// `new` with whatever means what `earlier` means in `earlier`'s spelling; `new` as it is
    /// when nothing is kept or the function panicked (the value provider code returned wins).
    pub fn keep(&self, earlier: &Value, new: Value) -> Value {
        match self.kept(earlier, &new) {
            Ok(Some(kept)) => kept,
            _ => new,
        }
    }

    /// True when `new` as a whole means what `earlier` means.
    pub fn equal(&self, earlier: &Value, new: &Value) -> bool {
        earlier == new || self.kept(earlier, new).ok().flatten().as_ref() == Some(earlier)
    }
}

function_wrapper_impls!(SemanticEquality, keep);

/// Runs provider code (`what`) and turns a panic into an error message, so that the caller
/// reports it as a diagnostic and the process keeps serving.
pub(crate) fn contained<T>(what: &str, f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f))
        .map_err(|payload| format!("{what} panicked: {}", panic_message(&*payload)))
}

/// The message of a panic payload: its text when it has one.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(a panic without a message)".to_owned())
}

impl Schema {
    /// A schema with these attributes.
    pub fn new(attributes: BTreeMap<String, Attribute>) -> Schema {
        Schema {
            attributes,
            description: None,
            description_kind: DescriptionKind::Markdown,
            config_validators: Vec::new(),
        }
    }

    /// This schema with a description of the whole block, read as `kind` says.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use tfsdk_core::schema::{DescriptionKind, Schema};
    ///
    /// let schema = Schema::new(BTreeMap::new()).with_description(Some("A bucket."), DescriptionKind::Plain);
    /// assert_eq!(schema.description.as_deref(), Some("A bucket."));
    /// ```
    pub fn with_description(
        mut self,
        description: Option<impl Into<String>>,
        kind: DescriptionKind,
    ) -> Schema {
        self.description = description.map(Into::into);
        self.description_kind = kind;
        self
    }

    /// The object type of values of this schema.
    pub fn object_type(&self) -> Type {
        Type::object(
            self.attributes
                .iter()
                .map(|(name, attribute)| (name.clone(), attribute.ty.clone())),
        )
    }

    /// Every attribute, nested ones included, with its path from the root in Terraform's
    /// notation (`rules[*].port` for an attribute of every element), depth first in name
    /// order: for start-up checks that name what they find.
    pub fn walk_attributes(&self) -> Vec<(String, &Attribute)> {
        let mut out = Vec::new();
        self.for_each_attribute(|path, attribute| out.push((path.to_owned(), attribute)));
        out
    }

    /// Calls `visit` with every attribute, nested ones included, and its path as
    /// [`Schema::walk_attributes`] gives them, in the same order, without building a list or
    /// a string per attribute: the path is one buffer that grows and shrinks on the way
    /// (copy it to keep it).
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use tfsdk_core::schema::{Attribute, NestedAttributes, NestingMode, Schema};
    /// use tfsdk_core::tftypes::Type;
    ///
    /// let port = Attribute::new(Type::Number);
    /// let mut rules = Attribute::new(Type::list(Type::object([("port", Type::Number)])));
    /// rules.nested = Some(NestedAttributes::new(
    ///     NestingMode::List,
    ///     BTreeMap::from([("port".to_owned(), port)]),
    /// ));
    /// let schema = Schema::new(BTreeMap::from([("rules".to_owned(), rules)]));
    /// let mut paths = Vec::new();
    /// schema.for_each_attribute(|path, _| paths.push(path.to_owned()));
    /// assert_eq!(paths, ["rules", "rules[*].port"]);
    /// ```
    pub fn for_each_attribute<'a>(&'a self, mut visit: impl FnMut(&str, &'a Attribute)) {
        fn walk<'a>(
            attributes: &'a BTreeMap<String, Attribute>,
            path: &mut String,
            visit: &mut dyn FnMut(&str, &'a Attribute),
        ) {
            let prefix = path.len();
            for (name, attribute) in attributes {
                path.truncate(prefix);
                if prefix > 0 {
                    path.push('.');
                }
                path.push_str(name);
                visit(path, attribute);
                if let Some(nested) = &attribute.nested {
                    match nested.nesting {
                        NestingMode::Single => {}
                        NestingMode::List | NestingMode::Set => path.push_str("[*]"),
                        NestingMode::Map => path.push_str("[\"*\"]"),
                    }
                    walk(&nested.attributes, path, visit);
                }
            }
            path.truncate(prefix);
        }
        walk(&self.attributes, &mut String::new(), &mut visit);
    }
}
