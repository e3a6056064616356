//! Schemas: attributes with their types and behaviours, as a derived struct
//! describes them, serialisable like `terraform providers schema -json`, and the plan semantics
//! that make the behaviours real.
//!
//! A struct becomes a schema with `#[tfsdk(schema)]` on the struct; every attribute then says
//! whether it is `required`, `optional` or `computed`. Behaviours are field options:
//!
//! | option | effect |
//! |---|---|
//! | `required` | configuration must set it; null is an error at plan time |
//! | `optional` | configuration may set it |
//! | `computed` | the provider sets it when configuration does not: unknown in the plan without prior state, the prior value with it |
//! | `sensitive` | hidden in plan output |
//! | `description = "..."` | documentation |
//! | `default = <expr>` | the value when configuration leaves it null (Terraform is told the attribute is also computed, see [`Attribute::computed_for_terraform`]) |
//! | `default_fn = path` | a function giving that value (`fn() -> Result<V, E>`, `E: Display`) |
//! | `force_new` | a change requires replacing the resource |
//! | `diff_suppress = path` | `fn(old: &T, new: &T) -> bool`; true keeps the prior value |

mod json;
mod plan;

use std::collections::BTreeMap;
use std::fmt;

use crate::tftypes::{Type, Value};

pub use plan::Plan;

/// The schema of a resource, data source or provider: its top-level attributes.
#[derive(Clone, Debug, PartialEq, std::default::Default)]
pub struct Schema {
    /// The attributes, by name.
    pub attributes: BTreeMap<String, Attribute>,
    /// Documentation of the whole block.
    pub description: Option<String>,
}

/// One attribute: its type and behaviours.
#[derive(Clone, Debug, PartialEq)]
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
    /// Hidden in plan output.
    pub sensitive: bool,
    /// A change requires replacing the resource.
    pub force_new: bool,
    /// Documentation.
    pub description: Option<String>,
    /// Where the value comes from when configuration leaves it null.
    pub default: Option<DefaultValue>,
    /// Decides whether a change from the prior value is no change.
    pub diff_suppress: Option<DiffSuppress>,
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
            sensitive: false,
            force_new: false,
            description: None,
            default: None,
            diff_suppress: None,
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

    /// True when the attribute reaches Terraform as a nested block with one object
    /// (`owner { name = "ops" }`) rather than a nested attribute (`owner = { name = "ops" }`):
    /// a single nested object that is neither computed nor sensitive, which blocks cannot be.
    ///
    /// Terraform 1.0.0 to 1.0.4 crash when planning any resource that has a single nested
    /// attribute (hashicorp/terraform#29388, fixed in 1.0.5); a single nested block carries the
    /// same object value and works with every Terraform that speaks protocol 6. Lists, sets and
    /// maps of objects stay nested attributes.
    pub fn served_as_block(&self) -> bool {
        matches!(&self.nested, Some(nested) if nested.nesting == NestingMode::Single)
            && !self.computed_for_terraform()
            && !self.sensitive
    }
}

/// Attributes nested in an attribute, and how the nested objects are arranged.
#[derive(Clone, Debug, PartialEq)]
pub struct NestedAttributes {
    /// One object, a list, a set or a map of them.
    pub nesting: NestingMode,
    /// The attributes of each nested object.
    pub attributes: BTreeMap<String, Attribute>,
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
    /// These nested objects as the elements of a collection: `Some` only for a single object
    /// (a list of lists of objects is not a nested attribute).
    pub fn in_collection(self, nesting: NestingMode) -> Option<NestedAttributes> {
        (self.nesting == NestingMode::Single).then_some(NestedAttributes {
            nesting,
            attributes: self.attributes,
        })
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

/// The default of an attribute: a value, or a function computing one.
#[derive(Clone, Copy)]
pub struct DefaultValue {
    compute: fn() -> Result<Value, String>,
    /// True for `default_fn` (a dynamic default), false for `default = <expr>`.
    pub dynamic: bool,
}

impl DefaultValue {
    /// A default computed by `compute`; `dynamic` for `default_fn`.
    pub fn new(compute: fn() -> Result<Value, String>, dynamic: bool) -> DefaultValue {
        DefaultValue { compute, dynamic }
    }

    /// The default value.
    ///
    /// # Errors
    /// The message of a failing `default_fn`, or of a default that does not convert.
    pub fn value(&self) -> Result<Value, String> {
        (self.compute)()
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
    pub fn suppresses(&self, old: &Value, new: &Value) -> bool {
        (self.suppress)(old, new)
    }
}

impl fmt::Debug for DiffSuppress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("DiffSuppress(..)")
    }
}

impl PartialEq for DiffSuppress {
    fn eq(&self, other: &DiffSuppress) -> bool {
        std::ptr::fn_addr_eq(self.suppress, other.suppress)
    }
}

impl Schema {
    /// A schema with these attributes.
    pub fn new(attributes: BTreeMap<String, Attribute>) -> Schema {
        Schema {
            attributes,
            description: None,
        }
    }

    /// The object type of values of this schema.
    pub fn object_type(&self) -> Type {
        Type::object(
            self.attributes
                .iter()
                .map(|(name, attribute)| (name.clone(), attribute.ty.clone())),
        )
    }
}
