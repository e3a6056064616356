//! The two central traits of the typed layer: an attribute [`Type`] and an
//! attribute [`Value`], with the extension traits for types that hold other types.
//!
//! Provider code mostly uses the implementations in [`crate::types`]; implementing the traits
//! gives a provider-defined type (an IPv4 address, a JSON string) that works everywhere a
//! built-in one does. For the conversions of a provider-defined value, implement
//! [`TerraformType`](crate::convert::TerraformType), [`FromValue`](crate::convert::FromValue)
//! and [`ToValue`](crate::convert::ToValue) too; return the companion type from
//! [`TerraformType::attr_type`](crate::convert::TerraformType::attr_type) so collections of the
//! value find it.
//!
//! Both traits are object safe and used as `dyn attr::Type` / `dyn attr::Value`. Go's type
//! assertions become downcasts: `as_any`, `downcast_ref` and `is` on the trait objects, and
//! the `as_type_with_*` methods for the extension traits.

pub(crate) mod error;

use std::any::Any;
use std::collections::BTreeMap;
use std::fmt;

use self::error::ConvertError;
use crate::diag::Diagnostics;
use crate::path::{AttributePath, PathStep};
use crate::tftypes;

/// What `dyn Type` and `dyn Value` both offer: downcasts (Go's type assertions), `Debug` as
/// `attr::Type(…)` / `attr::Value(…)`, and `==` by the trait's `equal`.
macro_rules! trait_object_helpers {
    ($trait:ident) => {
        impl dyn $trait {
            /// The trait object as [`Any`], for downcasting in `equal`.
            pub fn as_any(&self) -> &dyn Any {
                self
            }

            /// The concrete type, when it is `T`.
            pub fn downcast_ref<T: $trait>(&self) -> Option<&T> {
                self.as_any().downcast_ref()
            }

            /// True when the concrete type is `T`.
            pub fn is<T: $trait>(&self) -> bool {
                self.as_any().is::<T>()
            }
        }

        impl fmt::Debug for dyn $trait {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!("attr::", stringify!($trait), "({})"), self)
            }
        }

        impl PartialEq for dyn $trait {
            fn eq(&self, other: &dyn $trait) -> bool {
                self.equal(other)
            }
        }
    };
}

/// Whether a value is null, unknown or known (Go's `attr.ValueState`).
///
/// The default is null, as Go's zero value is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ValueState {
    /// Not set (Go's `ValueStateNull`).
    #[default]
    Null,
    /// Not known until apply (Go's `ValueStateUnknown`).
    Unknown,
    /// Known (Go's `ValueStateKnown`); parts of a known collection may still be null or unknown.
    Known,
}

/// An attribute type (Go's `attr.Type`): the Terraform type it stands for and how to build its
/// values.
///
/// Go's `xattr.TypeWithValidation` is the provided method [`Type::validate`] here: Rust cannot
/// ask a `dyn attr::Type` whether it implements a second trait, and a default that accepts
/// everything costs nothing. Go's `AttributePathStepper` is [`Type::apply_path_step`].
///
/// ```
/// use tfsdk_core::attr::{self, Type as _};
/// use tfsdk_core::path::PathStep;
/// use tfsdk_core::tftypes;
/// use tfsdk_core::types::{ListType, StringType};
///
/// let tags = ListType::<tftypes::Value>::new(tftypes::Type::String);
/// assert_eq!(tags.terraform_type(), tftypes::Type::list(tftypes::Type::String));
/// let element = tags.apply_path_step(&PathStep::ElementKeyInt(0)).unwrap();
/// assert!(element.equal(&StringType));
/// let value = tags
///     .value_from_terraform(tftypes::Value::null(tftypes::Type::list(tftypes::Type::String)))
///     .unwrap();
/// assert!(value.is_null());
/// ```
pub trait Type: Any + Send + Sync + fmt::Display {
    /// The Terraform type values of this attribute type have (Go's `TerraformType`).
    fn terraform_type(&self) -> tftypes::Type;

    /// An attribute value of this type from a Terraform value (Go's `ValueFromTerraform`).
    ///
    /// # Errors
    /// When the value is not of this type; that is a provider bug, not a practitioner's
    /// mistake, so validation belongs in [`Type::validate`].
    fn value_from_terraform(&self, value: tftypes::Value) -> Result<Box<dyn Value>, Diagnostics>;

    /// True when `other` is the same attribute type (Go's `Equal`).
    fn equal(&self, other: &dyn Type) -> bool;

    /// The attribute type one step further along a path: a list's element type for an index,
    /// an object's attribute type for a name (Go's `AttributePathStepper`).
    ///
    /// # Errors
    /// When the step does not apply to this type (an index into a string, an unknown
    /// attribute).
    fn apply_path_step(&self, step: &PathStep) -> Result<Box<dyn Type>, PathStepError>;

    /// Checks a Terraform value of this type, found at `path`, for what the type accepts
    /// beyond its Terraform type (Go's `xattr.TypeWithValidation`). Accepts everything unless
    /// overridden.
    fn validate(&self, value: &tftypes::Value, path: &AttributePath) -> Diagnostics {
        let _ = (value, path);
        Diagnostics::new()
    }

    /// `Some` for types with one element type: lists, sets, maps (Go's type assertion to
    /// `attr.TypeWithElementType`).
    fn as_type_with_element_type(&self) -> Option<&dyn TypeWithElementType> {
        None
    }

    /// `Some` for types with one type per element: tuples.
    fn as_type_with_element_types(&self) -> Option<&dyn TypeWithElementTypes> {
        None
    }

    /// `Some` for types with attribute types: objects.
    fn as_type_with_attribute_types(&self) -> Option<&dyn TypeWithAttributeTypes> {
        None
    }

    /// Which built-in collection type this is: lets the built-in `ListType<T>` equal a
    /// `ListType<U>` of the same element attribute type. Not for provider-defined types.
    #[doc(hidden)]
    fn __builtin_collection(&self) -> Option<BuiltinCollection> {
        None
    }
}

/// The built-in collection attribute types, for [`Type::equal`] across their Rust element
/// types.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuiltinCollection {
    /// [`ListType`](crate::types::ListType).
    List,
    /// [`SetType`](crate::types::SetType).
    Set,
    /// [`MapType`](crate::types::MapType).
    Map,
}

trait_object_helpers!(Type);

/// An attribute value (Go's `attr.Value`): null, unknown or known, convertible to a Terraform
/// value.
///
/// ```
/// use tfsdk_core::attr::Value as _;
/// use tfsdk_core::types;
///
/// let name = types::String::new("web");
/// assert!(!name.is_null());
/// assert_eq!(name.to_terraform_value().unwrap(), tfsdk_core::tftypes::Value::from("web"));
/// assert!(name.equal(&types::String::new("web")));
/// assert!(!name.equal(&types::Int64::new(1)));
/// assert_eq!(name.ty().to_string(), "StringType");
/// ```
pub trait Value: Any + Send + Sync + fmt::Display {
    /// The Terraform value (Go's `ToTerraformValue`).
    ///
    /// # Errors
    /// When a part of the value cannot become a Terraform value of its type (a NaN float in a
    /// list, duplicate set elements).
    fn to_terraform_value(&self) -> Result<tftypes::Value, ConvertError>;

    /// True when `other` is the same kind of value with the same state and data (Go's
    /// `Equal`); values of different Rust types are never equal.
    fn equal(&self, other: &dyn Value) -> bool;

    /// True when null (Go's `IsNull`).
    fn is_null(&self) -> bool;

    /// True when unknown (Go's `IsUnknown`).
    fn is_unknown(&self) -> bool;

    /// The attribute type of the value (Go's `Type`).
    fn ty(&self) -> Box<dyn Type>;
}

trait_object_helpers!(Value);

/// A type whose elements share one type: lists, sets, maps (Go's `attr.TypeWithElementType`).
///
/// ```
/// use tfsdk_core::attr::{Type as _, TypeWithElementType as _};
/// use tfsdk_core::types::{ListType, NumberType, StringType};
/// use tfsdk_core::tftypes;
///
/// let list = ListType::<tftypes::Value>::new(tftypes::Type::String);
/// assert!(list.element_type().equal(&StringType));
/// let numbers = list.with_element_type(&NumberType);
/// assert_eq!(numbers.terraform_type().to_string(), "list(number)");
/// ```
pub trait TypeWithElementType: Type {
    /// The element type (Go's `ElementType`).
    fn element_type(&self) -> Box<dyn Type>;

    /// A copy of this type with another element type (Go's `WithElementType`).
    fn with_element_type(&self, element: &dyn Type) -> Box<dyn TypeWithElementType>;
}

/// A type with one type per element: tuples (Go's `attr.TypeWithElementTypes`).
pub trait TypeWithElementTypes: Type {
    /// The element types, in order (Go's `ElementTypes`).
    fn element_types(&self) -> Vec<Box<dyn Type>>;

    /// A copy of this type with other element types (Go's `WithElementTypes`).
    fn with_element_types(&self, elements: &[&dyn Type]) -> Box<dyn TypeWithElementTypes>;
}

/// A type with named attribute types: objects (Go's `attr.TypeWithAttributeTypes`).
pub trait TypeWithAttributeTypes: Type {
    /// The attribute types by name (Go's `AttributeTypes`).
    fn attribute_types(&self) -> BTreeMap<String, Box<dyn Type>>;

    /// A copy of this type with other attribute types (Go's `WithAttributeTypes`).
    fn with_attribute_types(
        &self,
        attributes: &BTreeMap<String, &dyn Type>,
    ) -> Box<dyn TypeWithAttributeTypes>;
}

/// A path step that does not apply to an attribute type.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PathStepError {
    /// The step.
    pub step: PathStep,
    /// The attribute type, as it displays.
    pub ty: String,
}

impl PathStepError {
    /// `step` does not apply to `ty`.
    pub fn new(step: &PathStep, ty: &dyn Type) -> PathStepError {
        PathStepError {
            step: step.clone(),
            ty: ty.to_string(),
        }
    }
}

impl fmt::Display for PathStepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot apply path step {} to {}", self.step, self.ty)
    }
}

impl std::error::Error for PathStepError {}
