//! Type constraints: a type that may contain `any` and optional attributes, with the default
//! values of those optional attributes.

use std::collections::BTreeMap;
use std::fmt;

use tfsdk_core::path::{AttributePath, PathStep};
use tfsdk_core::tftypes::{ObjectType, Type, Value, ValueKind};

use super::convert::{ConversionError, convert_to_type};
use super::defaults::Defaults;
use super::quote::{hcl_quote, is_hcl_identifier};
use super::type_util::without_optional;

/// A type constraint, as written in a `variable` block's `type` argument: a [`Type`] that may
/// contain `any` ([`Type::Dynamic`]) and optional object attributes, plus the default values
/// of those optional attributes.
///
/// Build one by parsing ([`super::parse`]) or programmatically; `Display` writes the canonical
/// syntax, defaults in HCL literal syntax:
///
/// ```
/// use tfsdk_core::tftypes::Value;
/// use tfsdk_typeexpr::{ObjectAttribute, TypeConstraint};
///
/// let constraint = TypeConstraint::object([
///     ObjectAttribute::required("name", TypeConstraint::string()),
///     ObjectAttribute::optional_with_default("enabled", TypeConstraint::bool(), Value::from(true)),
/// ])
/// .unwrap();
/// assert_eq!(constraint.to_string(), "object({enabled=optional(bool, true),name=string})");
/// assert_eq!(constraint, constraint.to_string().parse().unwrap());
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct TypeConstraint {
    ty: Type,
    defaults: Option<Defaults>,
}

/// One attribute of an object constraint, for [`TypeConstraint::object`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjectAttribute {
    /// The attribute name.
    pub name: String,
    /// The attribute's own constraint.
    pub constraint: TypeConstraint,
    /// Whether the attribute may be left out.
    pub optional: bool,
    /// The value used when an optional attribute is left out or null.
    pub default: Option<Value>,
}

impl ObjectAttribute {
    /// A required attribute.
    pub fn required(name: impl Into<String>, constraint: TypeConstraint) -> ObjectAttribute {
        ObjectAttribute {
            name: name.into(),
            constraint,
            optional: false,
            default: None,
        }
    }

    /// An optional attribute without a default (`optional(T)`): null when left out.
    pub fn optional(name: impl Into<String>, constraint: TypeConstraint) -> ObjectAttribute {
        ObjectAttribute {
            optional: true,
            ..ObjectAttribute::required(name, constraint)
        }
    }

    /// An optional attribute with a default (`optional(T, default)`).
    pub fn optional_with_default(
        name: impl Into<String>,
        constraint: TypeConstraint,
        default: Value,
    ) -> ObjectAttribute {
        ObjectAttribute {
            default: Some(default),
            ..ObjectAttribute::optional(name, constraint)
        }
    }
}

impl TypeConstraint {
    /// A constraint that is exactly this type (optional attributes allowed, no defaults).
    pub fn from_type(ty: Type) -> TypeConstraint {
        TypeConstraint { ty, defaults: None }
    }

    pub(crate) fn from_parts(ty: Type, defaults: Option<Defaults>) -> TypeConstraint {
        TypeConstraint { ty, defaults }
    }

    /// `string`.
    pub fn string() -> TypeConstraint {
        TypeConstraint::from_type(Type::String)
    }

    /// `number`.
    pub fn number() -> TypeConstraint {
        TypeConstraint::from_type(Type::Number)
    }

    /// `bool`.
    pub fn bool() -> TypeConstraint {
        TypeConstraint::from_type(Type::Bool)
    }

    /// `any`.
    pub fn any() -> TypeConstraint {
        TypeConstraint::from_type(Type::Dynamic)
    }

    /// `list(element)`.
    pub fn list(element: TypeConstraint) -> TypeConstraint {
        TypeConstraint::collection(Type::list, element)
    }

    /// `set(element)`.
    pub fn set(element: TypeConstraint) -> TypeConstraint {
        TypeConstraint::collection(Type::set, element)
    }

    /// `map(element)`.
    pub fn map(element: TypeConstraint) -> TypeConstraint {
        TypeConstraint::collection(Type::map, element)
    }

    fn collection(make: fn(Type) -> Type, element: TypeConstraint) -> TypeConstraint {
        let ty = make(element.ty);
        let children = element
            .defaults
            .map(|d| BTreeMap::from([(String::new(), d)]))
            .unwrap_or_default();
        let defaults = Defaults::node(ty.clone(), BTreeMap::new(), children);
        TypeConstraint { ty, defaults }
    }

    /// `tuple([elements…])`.
    pub fn tuple(elements: impl IntoIterator<Item = TypeConstraint>) -> TypeConstraint {
        let mut types = Vec::new();
        let mut children = BTreeMap::new();
        for (i, element) in elements.into_iter().enumerate() {
            types.push(element.ty);
            if let Some(d) = element.defaults {
                children.insert(i.to_string(), d);
            }
        }
        let ty = Type::tuple(types);
        let defaults = Defaults::node(ty.clone(), BTreeMap::new(), children);
        TypeConstraint { ty, defaults }
    }

    /// `object({name = T, other = optional(T, default), …})`.
    ///
    /// Defaults are converted to their attribute's constraint here, as the language does when
    /// it reads a type expression; the constraint keeps the converted value.
    ///
    /// # Errors
    /// A default that does not convert to its attribute's type, is not wholly known, or is
    /// given for a required attribute; a duplicate attribute name.
    pub fn object(
        attributes: impl IntoIterator<Item = ObjectAttribute>,
    ) -> Result<TypeConstraint, ConversionError> {
        let mut types = BTreeMap::new();
        let mut optional = Vec::new();
        let mut values = BTreeMap::new();
        let mut children = BTreeMap::new();
        for attribute in attributes {
            let at = || AttributePath::from(PathStep::AttributeName(attribute.name.clone()));
            if types.contains_key(&attribute.name) {
                return Err(ConversionError::new(at(), "duplicate attribute name"));
            }
            if let Some(default) = attribute.default.clone() {
                if !attribute.optional {
                    return Err(ConversionError::new(
                        at(),
                        "a default value needs an optional attribute",
                    ));
                }
                if !default.is_wholly_known() {
                    return Err(ConversionError::new(at(), "a default value must be known"));
                }
                let converted =
                    convert_to_type(default, &attribute.constraint.ty).map_err(|e| {
                        ConversionError::new(
                            at().join(&e.path),
                            format!(
                                "This default value is not compatible with the attribute's type constraint: {}.",
                                e.message
                            ),
                        )
                    })?;
                values.insert(attribute.name.clone(), converted);
            }
            if attribute.optional {
                optional.push(attribute.name.clone());
            }
            if let Some(d) = attribute.constraint.defaults {
                children.insert(attribute.name.clone(), d);
            }
            types.insert(attribute.name, attribute.constraint.ty);
        }
        Ok(TypeConstraint::object_from_parts(
            types, optional, values, children,
        ))
    }

    pub(crate) fn object_from_parts(
        types: BTreeMap<String, Type>,
        optional: Vec<String>,
        values: BTreeMap<String, Value>,
        children: BTreeMap<String, Defaults>,
    ) -> TypeConstraint {
        let ty = Type::from_object(ObjectType::new(types).with_optional(optional));
        let defaults = Defaults::node(ty.clone(), values, children);
        TypeConstraint { ty, defaults }
    }

    /// The constraint's type, with `any` and optional attributes.
    pub fn ty(&self) -> &Type {
        &self.ty
    }

    /// The type of values that satisfy the constraint, optional attributes made required.
    pub fn value_type(&self) -> Type {
        without_optional(&self.ty)
    }

    /// The defaults of optional attributes, if there are any.
    pub fn defaults(&self) -> Option<&Defaults> {
        self.defaults.as_ref()
    }

    /// True when there are default values anywhere in the constraint.
    pub fn has_defaults(&self) -> bool {
        self.defaults.is_some()
    }
}

impl From<Type> for TypeConstraint {
    fn from(ty: Type) -> TypeConstraint {
        TypeConstraint::from_type(ty)
    }
}

impl fmt::Display for TypeConstraint {
    /// Canonical syntax: no spaces except after the comma before a default, attributes sorted,
    /// `any` for dynamic, defaults as HCL literals.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_constraint(&self.ty, self.defaults.as_ref(), f)
    }
}

impl fmt::Debug for TypeConstraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TypeConstraint({self})")
    }
}

fn write_constraint(
    ty: &Type,
    defaults: Option<&Defaults>,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    let child = |key: &str| defaults.and_then(|d| d.children.get(key));
    match ty {
        Type::List(e) => {
            f.write_str("list(")?;
            write_constraint(e, child(""), f)?;
            f.write_str(")")
        }
        Type::Set(e) => {
            f.write_str("set(")?;
            write_constraint(e, child(""), f)?;
            f.write_str(")")
        }
        Type::Map(e) => {
            f.write_str("map(")?;
            write_constraint(e, child(""), f)?;
            f.write_str(")")
        }
        Type::Tuple(elements) => {
            f.write_str("tuple([")?;
            for (i, e) in elements.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write_constraint(e, child(&i.to_string()), f)?;
            }
            f.write_str("])")
        }
        Type::Object(o) => {
            f.write_str("object({")?;
            for (i, (name, aty)) in o.attributes().iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{name}=")?;
                if o.is_optional(name) {
                    f.write_str("optional(")?;
                    write_constraint(aty, child(name), f)?;
                    if let Some(default) = defaults.and_then(|d| d.values.get(name)) {
                        f.write_str(", ")?;
                        f.write_str(&hcl_literal(default))?;
                    }
                    f.write_str(")")?;
                } else {
                    write_constraint(aty, child(name), f)?;
                }
            }
            f.write_str("})")
        }
        other => write!(f, "{other}"),
    }
}

/// A wholly known value in HCL literal syntax: `"text"`, `15`, `true`, `null`, `[…]`, `{k = v}`.
pub fn hcl_literal(value: &Value) -> String {
    let mut out = String::new();
    write_literal(value, &mut out);
    out
}

fn write_literal(value: &Value, out: &mut String) {
    match value.kind() {
        // Unknown has no literal form; constraints never hold one.
        ValueKind::Null | ValueKind::Unknown => out.push_str("null"),
        ValueKind::String(s) => out.push_str(&hcl_quote(s)),
        ValueKind::Number(n) => out.push_str(&n.to_string()),
        ValueKind::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        ValueKind::List(elements) | ValueKind::Set(elements) | ValueKind::Tuple(elements) => {
            out.push('[');
            for (i, e) in elements.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_literal(e, out);
            }
            out.push(']');
        }
        ValueKind::Map(entries) | ValueKind::Object(entries) => {
            out.push('{');
            for (i, (k, e)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                if is_hcl_identifier(k) {
                    out.push_str(k);
                } else {
                    out.push_str(&hcl_quote(k));
                }
                out.push_str(" = ");
                write_literal(e, out);
            }
            out.push('}');
        }
    }
}
