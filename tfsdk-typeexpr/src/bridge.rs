//! The type constraint of a derived struct: what a module's `variable` must declare to carry
//! values of that Rust model, built from the struct's schema behaviours.
//!
//! | attribute | constraint |
//! |---|---|
//! | `required`, or no role (a plain data model) | `T` |
//! | `optional` / `computed` without a default | `optional(T)` |
//! | `optional, default = <expr>` | `optional(T, <the default>)` |
//! | `optional, default_fn = path` | `optional(T)`: the function runs at plan time (it may read the environment), while a constraint's default is a constant fixed when the module is read; the plan applies it |
//! | a nested schema struct (or a list, set or map of them) | `object({…})` built the same way, in `list(…)`, `set(…)` or `map(…)` |
//!
//! A computed-only attribute is `optional(T)`: a caller never has to give it, and the value
//! still has the attribute (null), so it converts back into the struct.

use tfsdk_core::TfObject;
use tfsdk_core::path::{AttributePath, PathStep};
use tfsdk_core::schema::{Attribute, NestingMode, Schema};

use super::constraint::{ObjectAttribute, TypeConstraint};
use super::convert::ConversionError;

/// The type constraint of a derived struct, from its schema behaviours:
///
/// | attribute | constraint |
/// |---|---|
/// | `required`, or no role (a plain data model) | `T` |
/// | `optional` / `computed` without a default | `optional(T)` |
/// | `optional, default = <expr>` | `optional(T, <the default>)` |
/// | `optional, default_fn = path` | `optional(T)`: the function runs at plan time, a constraint's default is a constant |
/// | a nested schema struct (or a list, set or map of them) | `object({…})` built the same way, in `list(…)`, `set(…)` or `map(…)` |
///
/// ```
/// use tfsdk_core::TfObject;
/// use tfsdk_typeexpr::constraint_of;
///
/// #[derive(TfObject)]
/// #[tfsdk(schema)]
/// struct Bucket {
///     #[tfsdk(name = "name", required)]
///     name: Option<String>,
///     #[tfsdk(name = "enabled", optional, default = true)]
///     enabled: Option<bool>,
/// }
///
/// assert_eq!(
///     constraint_of::<Bucket>().unwrap().to_string(),
///     "object({enabled=optional(bool, true),name=string})"
/// );
/// ```
///
/// # Errors
/// A static default that cannot be computed or does not convert to its attribute's type.
pub fn constraint_of<T: TfObject>() -> Result<TypeConstraint, ConversionError> {
    let mut attributes = std::collections::BTreeMap::new();
    T::collect_schema_attributes(&mut attributes);
    object_constraint(&attributes, &AttributePath::empty())
}

impl TypeConstraint {
    /// The type constraint of values of a schema: its object type, optional attributes as
    /// `optional(T)`, static defaults as `optional(T, default)`, nested attributes
    /// recursively (see [`constraint_of`]).
    ///
    /// # Errors
    /// As [`constraint_of`].
    pub fn of_schema(schema: &Schema) -> Result<TypeConstraint, ConversionError> {
        object_constraint(&schema.attributes, &AttributePath::empty())
    }
}

fn object_constraint(
    attributes: &std::collections::BTreeMap<String, Attribute>,
    at: &AttributePath,
) -> Result<TypeConstraint, ConversionError> {
    let mut out = Vec::with_capacity(attributes.len());
    for (name, attribute) in attributes {
        let path = at.clone().with(PathStep::AttributeName(name.clone()));
        let constraint = attribute_constraint(attribute, &path)?;
        let optional = !attribute.required && (attribute.optional || attribute.computed);
        let default = match &attribute.default {
            Some(d) if !d.dynamic && optional => d
                .value()
                .map_err(|message| ConversionError::new(path.clone(), message))?,
            _ => None,
        };
        out.push(ObjectAttribute {
            name: name.clone(),
            constraint,
            optional,
            default,
        });
    }
    TypeConstraint::object(out)
        .map_err(|e| ConversionError::new(at.clone().join(&e.path), e.message))
}

fn attribute_constraint(
    attribute: &Attribute,
    path: &AttributePath,
) -> Result<TypeConstraint, ConversionError> {
    let Some(nested) = &attribute.nested else {
        return Ok(TypeConstraint::from_type(attribute.ty.clone()));
    };
    let object = object_constraint(&nested.attributes, path)?;
    Ok(match nested.nesting {
        NestingMode::Single => object,
        NestingMode::List => TypeConstraint::list(object),
        NestingMode::Set => TypeConstraint::set(object),
        NestingMode::Map => TypeConstraint::map(object),
    })
}
