//! The conversion traits: the Terraform type a Rust type stands for, and the two directions
//! between Terraform values and Rust values. Every built-in type implements them, so they sit
//! with the built-in types; [`crate::convert`] re-exports them and holds the rules for native
//! Rust types.

use crate::attr::error::ConvertError;
use crate::tftypes::{Type, Value, ValueData};

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
///
/// A type whose Terraform type is only known at run time (an untyped `types::Object`,
/// `types::Tuple`) does not implement it, so it cannot be the field of a derived struct; the
/// compiler then says to write `types::Object<YourModel>`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no static Terraform type",
    label = "the Terraform type of `{Self}` is not known at compile time",
    note = "an untyped `types::Object` learns its attribute types at run time; as a field, write \
            `types::Object<YourModel>` where `YourModel` derives `TfObject`",
    note = "any other type needs `TerraformType`, `FromValue` and `ToValue` (derive `TfObject` \
            or implement them)"
)]
pub trait TerraformType {
    /// The Terraform type values of this Rust type convert to and from.
    fn terraform_type() -> Type;

    /// The schema attributes nested in values of this type: `Some` for a
    /// `#[tfsdk(schema)]` struct and for lists, sets, maps and options of one, `None` for
    /// everything else (the default).
    fn nested_attributes() -> Option<crate::schema::NestedAttributes> {
        None
    }

    /// The framework attribute type of this Rust type: by default the built-in companion of
    /// [`TerraformType::terraform_type`] ([`types::attr_type_of`](crate::types::attr_type_of)).
    /// A provider-defined type returns its own, so that collections of it report it as their
    /// element type.
    fn attr_type() -> Box<dyn crate::attr::Type> {
        crate::types::attr_type_of(&Self::terraform_type())
    }

    /// Whether values of this type may need checks beyond their Terraform type
    /// ([`TerraformType::validate_value`]). True by default, so that a provider-defined type's
    /// validation runs; the built-in types say `false`, and a collection says what its element
    /// says, so that reading them costs nothing extra.
    const VALIDATES: bool = true;

    /// What the schema attributes nested in values of this type say about write-only
    /// attributes ([`WriteOnlyFacts`](crate::schema::WriteOnlyFacts)): none for most types; a
    /// derived struct's from its fields; a wrapper's or collection's from its element.
    const WRITE_ONLY: crate::schema::WriteOnlyFacts = crate::schema::WriteOnlyFacts::NONE;

    /// Checks a value of this type, found at `path`, for what the type accepts beyond its
    /// Terraform type (Go's `xattr.TypeWithValidation`). A derived struct runs it on each of
    /// its fields before reading them (value → struct, the direct msgpack reader, and so the
    /// server's and `Schema::plan`'s entry points). By default it is the
    /// [`attr_type`](TerraformType::attr_type)'s [`validate`](crate::attr::Type::validate),
    /// so a provider-defined type only implements that; collections check their elements.
    fn validate_value(
        value: &Value,
        path: &crate::path::AttributePath,
    ) -> crate::diag::Diagnostics {
        Self::attr_type().validate(value, path)
    }

    /// Go's semantic equality (`StringSemanticEquals`, …): a function telling whether two
    /// known values of this type mean the same though they differ (`{"a":1}` and `{ "a": 1 }`
    /// as JSON); on the Rust type, implement [`SemanticEquals`] and answer
    /// [`semantic_equality_of::<Self>()`](semantic_equality_of). Where it says so, the plan keeps the prior value, and the state after create,
    /// update and read keeps the planned or prior spelling, so a value the API respells causes
    /// no diff. `None` (the default): values are equal when they are the same.
    fn semantic_equality() -> Option<fn(&Value, &Value) -> bool> {
        None
    }

    /// How a value of this type keeps the spelling of an earlier value that means the same
    /// ([`KeepEquivalent`](crate::convert::KeepEquivalent): `Some(kept)` when something is kept),
    /// derived from [`semantic_equality`](TerraformType::semantic_equality): the whole value for
    /// a type that has one, each element for a list, set or map of such a type (wrappers
    /// delegate). A provider-defined type implements `semantic_equality`, not this.
    fn keep_equivalent() -> Option<super::equivalent::KeepEquivalent> {
        Self::semantic_equality().map(|_| super::equivalent::keep_equal::<Self> as _)
    }
}

/// Semantic equality on the Rust type (Go's `StringSemanticEquals` and its siblings): two
/// known values that differ but mean the same. A type that implements it says so to the
/// toolkit with [`semantic_equality_of`] as its
/// [`TerraformType::semantic_equality`]; the toolkit then keeps the spelling Terraform holds,
/// for the type and for lists, sets and maps of it.
///
/// ```
/// use tfsdk_core::convert::{
///     ConvertError, FromValue, SemanticEquals, TerraformType, ToValue, semantic_equality_of,
/// };
/// use tfsdk_core::tftypes::{Type, Value};
/// use tfsdk_core::types;
///
/// /// A name that compares without regard to case.
/// #[derive(Clone, Debug, PartialEq)]
/// struct Name(types::String);
///
/// impl SemanticEquals for Name {
///     fn semantically_equal(&self, other: &Name) -> bool {
///         match (self.0.get(), other.0.get()) {
///             (Some(a), Some(b)) => a.eq_ignore_ascii_case(b),
///             _ => false,
///         }
///     }
/// }
///
/// impl TerraformType for Name {
///     fn terraform_type() -> Type {
///         Type::String
///     }
///
///     fn semantic_equality() -> Option<fn(&Value, &Value) -> bool> {
///         semantic_equality_of::<Name>()
///     }
/// }
///
/// impl FromValue for Name {
///     fn from_value(value: Value) -> Result<Name, ConvertError> {
///         types::String::from_value(value).map(Name)
///     }
/// }
///
/// impl ToValue for Name {
///     fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
///         self.0.to_value(ty)
///     }
/// }
///
/// let keep = <Vec<Name>>::keep_equivalent().unwrap();
/// let planned = Value::list(Type::String, [Value::from("Web"), Value::from("db")])?;
/// let returned = Value::list(Type::String, [Value::from("WEB"), Value::from("cache")])?;
/// let kept = keep(&planned, &returned).unwrap();
/// assert_eq!(kept, Value::list(Type::String, [Value::from("Web"), Value::from("cache")])?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait SemanticEquals: FromValue {
    /// True when `other` means what `self` means. Asked about two known, non-null values that
    /// differ.
    fn semantically_equal(&self, other: &Self) -> bool;
}

/// The [`TerraformType::semantic_equality`] of a type that implements [`SemanticEquals`]:
/// both values read as `T`, then compared by it (a value that does not read is not equal).
pub fn semantic_equality_of<T: SemanticEquals>() -> Option<fn(&Value, &Value) -> bool> {
    Some(equal_as::<T>)
}

fn equal_as<T: SemanticEquals>(a: &Value, b: &Value) -> bool {
    match (T::from_value(a.clone()), T::from_value(b.clone())) {
        (Ok(a), Ok(b)) => a.semantically_equal(&b),
        _ => false,
    }
}

/// [`TerraformType::validate_value`] of each known element of a collection value, at the
/// element's path; nothing when `T` does not validate.
pub(crate) fn validate_elements<T: TerraformType + ?Sized>(
    value: &Value,
    path: &crate::path::AttributePath,
) -> crate::diag::Diagnostics {
    use crate::tftypes::ValueKind;
    let mut diagnostics = crate::diag::Diagnostics::new();
    if !T::VALIDATES {
        return diagnostics;
    }
    match value.kind() {
        ValueKind::List(elements) | ValueKind::Tuple(elements) => {
            for (index, element) in elements.iter().enumerate() {
                let at = path.clone().at_list_index(index as i64);
                diagnostics.extend(T::validate_value(element, &at));
            }
        }
        ValueKind::Set(elements) => {
            for element in elements {
                let at = path.clone().at_set_value(element.clone());
                diagnostics.extend(T::validate_value(element, &at));
            }
        }
        ValueKind::Map(elements) => {
            for (key, element) in elements {
                let at = path.clone().at_map_key(key);
                diagnostics.extend(T::validate_value(element, &at));
            }
        }
        _ => {}
    }
    diagnostics
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

/// A Rust type that can hold null (the Go framework's `Nullable`).
pub trait Nullable: Sized {
    /// The null value (Go's `SetNull(true)`).
    fn null() -> Self;
    /// True when the value is null (Go's `GetNull`).
    fn is_null(&self) -> bool;
}

/// A Rust type that can hold unknown (the Go framework's `Unknownable`).
pub trait Unknownable: Sized {
    /// The unknown value (Go's `SetUnknown(true)`).
    fn unknown() -> Self;
    /// True when the value is unknown (Go's `GetUnknown`).
    fn is_unknown(&self) -> bool;
}

/// The error for data that a conversion into `T` cannot take: null and unknown get their own
/// kinds (with the remedy), anything else is a type mismatch against `expected`.
#[cold]
#[inline(never)]
pub(crate) fn unexpected<T: ?Sized>(ty: &Type, data: &ValueData, expected: &str) -> ConvertError {
    match data {
        ValueData::Null => ConvertError::null::<T>(ty),
        ValueData::Unknown => ConvertError::unknown::<T>(ty),
        _ => ConvertError::type_mismatch::<T>(expected, ty),
    }
}

/// The error for a Rust value asked to become a value of a type it cannot represent.
#[cold]
#[inline(never)]
pub(crate) fn cannot_become<T: ?Sized>(ty: &Type, expected: &str) -> ConvertError {
    ConvertError::type_mismatch::<T>(expected, ty)
}

/// The type a value built for `ty` gets: `ty` itself, or `T`'s static type when `ty` is
/// [`Type::Dynamic`] (a null `Option<String>` under `any` is a null string).
#[inline]
pub(crate) fn concrete_type<T: TerraformType + ?Sized>(ty: &Type) -> Type {
    match ty {
        Type::Dynamic => T::terraform_type(),
        other => other.clone(),
    }
}
