//! Conversions between Terraform values and Rust values, both directions (seed 004).
//!
//! Three traits carry every conversion:
//!
//! - [`TerraformType`]: the Terraform type a Rust type stands for (`Vec<String>` is
//!   `list(string)`), known without a value, so a derived struct knows its object type.
//! - [`FromValue`]: Terraform value → Rust value (the framework's `Get`; implementing it by hand is
//!   Go's `ValueConverter`).
//! - [`ToValue`]: Rust value → Terraform value of a given type (the framework's `Set`;
//!   implementing it by hand is Go's `ValueCreator`).
//!
//! Errors are [`ConvertError`]s carrying the attribute path of the offending part.

mod error;

pub use error::{ConvertError, ConvertErrorKind, type_name};

use crate::tftypes::{Type, Value};

/// A Rust type that stands for one Terraform type.
///
/// ```
/// # use tfsdk_core::convert::TerraformType;
/// # use tfsdk_core::tftypes::Type;
/// struct Port(u16);
/// impl TerraformType for Port {
///     fn terraform_type() -> Type {
///         Type::Number
///     }
/// }
/// assert_eq!(Port::terraform_type(), Type::Number);
/// ```
pub trait TerraformType {
    /// The Terraform type values of this Rust type convert to and from.
    fn terraform_type() -> Type;

    /// The schema attributes nested in values of this type: `Some` for a
    /// `#[tfsdk(schema)]` struct and for lists, sets, maps and options of one, `None` for
    /// everything else (the default).
    fn nested_attributes() -> Option<crate::schema::NestedAttributes> {
        None
    }
}

/// Builds a Rust value from a Terraform value (the framework's `Get` rules).
///
/// A type that cannot hold null or unknown returns [`ConvertError::null`] /
/// [`ConvertError::unknown`] for them; a container adds its step to the path of an error from
/// one of its parts ([`ConvertError::under`]).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be read from a Terraform value: it does not implement `FromValue`",
    label = "no conversion from a Terraform value",
    note = "use a type tfsdk converts (`String`, `i64`, `f64`, `bool`, `Vec<T>`, `Option<T>`, `BTreeMap<String, T>`, the `types::*` framework types), derive `TfObject` for a struct, or implement `FromValue` for `{Self}`"
)]
pub trait FromValue: Sized {
    /// Converts `value`, taking its data.
    ///
    /// # Errors
    /// When `value` cannot be represented by `Self`.
    fn from_value(value: Value) -> Result<Self, ConvertError>;
}

/// Builds a Terraform value of a given type from a Rust value (the framework's `Set` rules).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be written as a Terraform value: it does not implement `ToValue`",
    label = "no conversion to a Terraform value",
    note = "use a type tfsdk converts (`String`, `i64`, `f64`, `bool`, `Vec<T>`, `Option<T>`, `BTreeMap<String, T>`, the `types::*` framework types), derive `TfObject` for a struct, or implement `ToValue` for `{Self}`"
)]
pub trait ToValue {
    /// Converts `self` into a value of type `ty`. `ty` is normally
    /// [`TerraformType::terraform_type`], but may be any type the Rust value can represent
    /// (a `Vec` becomes a list, a set or a tuple), or [`Type::Dynamic`].
    ///
    /// # Errors
    /// When `self` cannot be represented as a value of type `ty`.
    fn to_value(&self, ty: &Type) -> Result<Value, ConvertError>;
}

/// A Rust type that can hold null (seed 004's `Nullable`).
pub trait Nullable: Sized {
    /// The null value (Go's `SetNull(true)`).
    fn null() -> Self;
    /// True when the value is null (Go's `GetNull`).
    fn is_null(&self) -> bool;
}

/// A Rust type that can hold unknown (seed 004's `Unknownable`).
pub trait Unknownable: Sized {
    /// The unknown value (Go's `SetUnknown(true)`).
    fn unknown() -> Self;
    /// True when the value is unknown (Go's `GetUnknown`).
    fn is_unknown(&self) -> bool;
}
