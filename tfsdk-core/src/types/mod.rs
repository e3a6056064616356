//! The framework's built-in attribute values and types, one file per kind as Go's
//! `types/basetypes`.
//!
//! Each value holds null, unknown or known data and has an attribute type companion: [`String`]
//! / [`StringType`], [`Int64`], [`Int32`], [`Float64`], [`Float32`], [`Number`], [`Bool`],
//! [`List`], [`Set`], [`Map`], [`Object`], [`Tuple`] and [`Dynamic`]. All of them convert to and
//! from Terraform values ([`FromValue`](crate::convert::FromValue) /
//! [`ToValue`](crate::convert::ToValue)), so they can be fields of derived structs; all but the
//! untyped [`Object`] and [`Tuple`] know their Terraform type statically.
//!
//! Collections are generic over the Rust type of their elements: a framework value
//! (`List<types::String>`, which keeps null and unknown elements), a native type
//! (`List<String>`), a derived struct, or [`tftypes::Value`] for "any".

/// The state accessors every framework value has (`is_null`, `is_unknown`, `state`), for a
/// struct with a `state` field; expands inside its inherent `impl`.
macro_rules! state_accessors {
    () => {
        /// True when null (Go's `IsNull`).
        pub fn is_null(&self) -> bool {
            self.state == $crate::attr::ValueState::Null
        }

        /// True when unknown (Go's `IsUnknown`).
        pub fn is_unknown(&self) -> bool {
            self.state == $crate::attr::ValueState::Unknown
        }

        /// Null, unknown or known.
        pub fn state(&self) -> $crate::attr::ValueState {
            self.state
        }
    };
}

/// `is_null` and `is_unknown` of a trait impl (`attr::Value`) answered by `$value`'s own.
macro_rules! delegate_state_queries {
    ($value:ident) => {
        fn is_null(&self) -> bool {
            $value::is_null(self)
        }

        fn is_unknown(&self) -> bool {
            $value::is_unknown(self)
        }
    };
}

/// `Nullable` and `Unknownable` of a framework value `$value`, answered by its own `null`,
/// `unknown`, `is_null` and `is_unknown`; `impl[…]` gives the generics with their bounds.
macro_rules! nullable_unknownable {
    (impl[$($generics:tt)*] $value:ty) => {
        impl<$($generics)*> $crate::types::conversion::Nullable for $value {
            fn null() -> Self {
                <$value>::null()
            }

            fn is_null(&self) -> bool {
                <$value>::is_null(self)
            }
        }

        impl<$($generics)*> $crate::types::conversion::Unknownable for $value {
            fn unknown() -> Self {
                <$value>::unknown()
            }

            fn is_unknown(&self) -> bool {
                <$value>::is_unknown(self)
            }
        }
    };
}

pub(crate) use {delegate_state_queries, nullable_unknownable, state_accessors};

mod bool;
pub(crate) mod collection;
pub(crate) mod conversion;
mod dynamic;
pub(crate) mod elements;
mod empty;
pub(crate) mod equivalent;
mod float;
mod float32;
mod float64;
mod go_duration;
mod int32;
mod int64;
mod list;
mod map;
mod number;
pub(crate) mod object;
pub(crate) mod primitive;
mod semantic;
mod set;
mod string;
mod tuple;

use std::fmt;

pub use self::bool::{Bool, BoolType};
pub use dynamic::{Dynamic, DynamicType};
pub use float32::{Float32, Float32Type};
pub use float64::{Float64, Float64Type};
pub use go_duration::parse_go_duration;
pub use int32::{Int32, Int32Type};
pub use int64::{Int64, Int64Type};
pub use list::{List, ListType};
pub use map::{Map, MapType};
pub use number::{Number, NumberType};
pub use object::{AnyAttributes, Object, ObjectAsOptions, ObjectType};
pub use semantic::{
    GoDuration, Ipv4Address, Ipv4Prefix, Ipv6Address, Ipv6Prefix, JsonExact, JsonString, Rfc3339,
};
pub use set::{Set, SetType};
pub use string::{String, StringType};
pub use tuple::{Tuple, TupleType};

use crate::attr;
use crate::attr::error::ConvertError;
use crate::tftypes;
use conversion::TerraformType;

/// The built-in attribute type for a Terraform type: `string` is [`StringType`], `number`
/// [`NumberType`], `list(T)` a [`ListType`] of [`tftypes::Value`]
/// elements, `object({…})` an untyped [`ObjectType`], `any` [`DynamicType`].
///
/// ```
/// use tfsdk_core::tftypes::Type;
/// use tfsdk_core::types::attr_type_of;
///
/// assert_eq!(attr_type_of(&Type::String).to_string(), "StringType");
/// assert_eq!(attr_type_of(&Type::list(Type::Number)).to_string(), "ListType[NumberType]");
/// ```
pub fn attr_type_of(ty: &tftypes::Type) -> Box<dyn attr::Type> {
    match ty {
        tftypes::Type::String => Box::new(StringType),
        tftypes::Type::Number => Box::new(NumberType),
        tftypes::Type::Bool => Box::new(BoolType),
        tftypes::Type::List(e) => Box::new(ListType::<tftypes::Value>::new((**e).clone())),
        tftypes::Type::Set(e) => Box::new(SetType::<tftypes::Value>::new((**e).clone())),
        tftypes::Type::Map(e) => Box::new(MapType::<tftypes::Value>::new((**e).clone())),
        tftypes::Type::Object(o) => {
            Box::new(ObjectType::<AnyAttributes>::from_object_type((**o).clone()))
        }
        tftypes::Type::Tuple(t) => Box::new(TupleType::new(t.iter().cloned())),
        tftypes::Type::Dynamic => Box::new(DynamicType),
    }
}

/// The attribute type of a collection's elements: `T`'s own when the element type is `T`'s
/// static type (so a list of a provider-defined type reports that type), else the built-in
/// companion.
fn element_attr_type<T: TerraformType>(element: &tftypes::Type) -> Box<dyn attr::Type> {
    if T::terraform_type() == *element {
        T::attr_type()
    } else {
        attr_type_of(element)
    }
}

/// True when a collection of Rust type `T` can hold elements of type `element`: `T` is of that
/// type or takes any type.
fn holds_elements_of<T: TerraformType>(element: &tftypes::Type) -> bool {
    let own = T::terraform_type();
    own.is_dynamic() || own == *element
}

/// Whether a framework value's own type `own` agrees with `expected`, the type on the other
/// side of a conversion: equal, where a dynamic position on either side matches anything (a
/// `List<Value>` made without an element type, a `list(any)` attribute).
pub(crate) fn types_agree(own: &tftypes::Type, expected: &tftypes::Type) -> bool {
    use tftypes::Type;
    match (own, expected) {
        (Type::Dynamic, _) | (_, Type::Dynamic) => true,
        (Type::List(a), Type::List(b))
        | (Type::Set(a), Type::Set(b))
        | (Type::Map(a), Type::Map(b)) => std::sync::Arc::ptr_eq(a, b) || types_agree(a, b),
        (Type::Tuple(a), Type::Tuple(b)) => {
            std::sync::Arc::ptr_eq(a, b)
                || (a.len() == b.len() && a.iter().zip(b.iter()).all(|(a, b)| types_agree(a, b)))
        }
        (Type::Object(a), Type::Object(b)) => {
            std::sync::Arc::ptr_eq(a, b)
                || (a.attributes().len() == b.attributes().len()
                    && a.attributes().iter().zip(b.attributes()).all(
                        |((name_a, ty_a), (name_b, ty_b))| {
                            name_a == name_b && types_agree(ty_a, ty_b)
                        },
                    ))
        }
        (a, b) => a == b,
    }
}

/// The error for a framework value `T` in `state` whose own type `own` does not agree with
/// `expected` ([`types_agree`]).
#[cold]
#[inline(never)]
pub(crate) fn own_type_conflict<T: ?Sized>(
    state: crate::attr::ValueState,
    own: &tftypes::Type,
    expected: &tftypes::Type,
) -> ConvertError {
    let state = match state {
        crate::attr::ValueState::Null => "null",
        crate::attr::ValueState::Unknown => "unknown",
        crate::attr::ValueState::Known => "known",
    };
    ConvertError::type_conflict::<T>(state, own, expected)
}

/// The state of a value as a framework value holds it.
pub(crate) fn state_of(value: &tftypes::Value) -> crate::attr::ValueState {
    if value.is_null() {
        crate::attr::ValueState::Null
    } else if value.is_unknown() {
        crate::attr::ValueState::Unknown
    } else {
        crate::attr::ValueState::Known
    }
}

/// Writes a Terraform value as Go's `String()` methods do: `"text"`, `15`, `<null>`,
/// `<unknown>`, `["a","b"]`, `{"k":"v"}`.
fn fmt_go(value: &tftypes::Value, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    use tftypes::ValueKind;
    match value.kind() {
        ValueKind::Null => f.write_str("<null>"),
        ValueKind::Unknown => f.write_str("<unknown>"),
        ValueKind::String(s) => write!(f, "{s:?}"),
        ValueKind::Number(n) => write!(f, "{n}"),
        ValueKind::Bool(b) => write!(f, "{b}"),
        ValueKind::List(e) | ValueKind::Set(e) | ValueKind::Tuple(e) => {
            fmt_go_elements(false, e.iter().map(|v| (None, v)), f)
        }
        ValueKind::Map(a) | ValueKind::Object(a) => {
            fmt_go_elements(true, a.iter().map(|(k, v)| (Some(k), v)), f)
        }
    }
}

/// `[a,b]` for unnamed elements, `{"k":a}` for named ones.
fn fmt_go_elements<'a>(
    named: bool,
    elements: impl Iterator<Item = (Option<&'a str>, &'a tftypes::Value)>,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    f.write_str(if named { "{" } else { "[" })?;
    for (i, (key, value)) in elements.enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        if let Some(key) = key {
            write!(f, "{key:?}:")?;
        }
        fmt_go(value, f)?;
    }
    f.write_str(if named { "}" } else { "]" })
}

/// The diagnostic for an element that does not fit a collection's element type, in the words
/// of Go's `ListValue`/`SetValue`/`MapValue`; `at` leads to the element.
fn invalid_element(
    kind: &str,
    element_type: &tftypes::Type,
    at: Option<crate::path::PathStep>,
    error: &ConvertError,
) -> crate::diag::Diagnostic {
    let path = match at {
        Some(step) => crate::path::AttributePath::from(step).join(error.path()),
        None => error.path().clone(),
    };
    crate::diag::Diagnostic::error(
        format!("Invalid {kind} Element Type"),
        format!(
            "While creating a {kind} value, an invalid element was detected. A {kind} must use \
             the single, given element type. This is always an issue with the provider and \
             should be reported to the provider developers.\n\n{kind} Element Type: \
             {element_type}\nError: {}",
            error.kind()
        ),
    )
    .with_path(path)
}

/// Checks the elements of a checked constructor (`List::value`, …) against the element type:
/// one diagnostic per bad element, at the step `step` gives for its key and converted value;
/// elements of a type holding `any` must share one concrete type. Returns the converted
/// elements.
fn check_elements<'a, K: Clone, T: conversion::ToValue + 'a>(
    kind: &str,
    element_type: &tftypes::Type,
    elements: impl Iterator<Item = (K, &'a T)>,
    step: impl Fn(K, Option<&tftypes::Value>) -> Option<crate::path::PathStep>,
) -> Result<Vec<tftypes::Value>, crate::diag::Diagnostics> {
    let mut diags = crate::diag::Diagnostics::new();
    let mut values = Vec::new();
    let mut steps = Vec::new();
    for (key, element) in elements {
        match element.to_value(element_type) {
            Ok(value) if !value.ty().usable_as(element_type) => {
                let error =
                    ConvertError::type_mismatch::<T>(format!("a {element_type} value"), value.ty());
                diags.push(invalid_element(
                    kind,
                    element_type,
                    step(key, Some(&value)),
                    &error,
                ));
            }
            Ok(value) => {
                steps.push(step(key, Some(&value)));
                values.push(value);
            }
            Err(error) => diags.push(invalid_element(kind, element_type, step(key, None), &error)),
        }
    }
    if let Err(error) =
        elements::check_same_type(element_type, steps.iter().zip(&values), |s| s.clone())
    {
        diags.push(crate::diag::Diagnostic::from(error));
    }
    diags.into_result(values)
}

/// Panics with the diagnostics of a failed `*_must` constructor, as Go's `…ValueMust` does.
#[track_caller]
fn must<V>(constructor: &str, result: Result<V, crate::diag::Diagnostics>) -> V {
    match result {
        Ok(value) => value,
        Err(diags) => panic!("{constructor} received error(s): {diags}"),
    }
}

/// A [`tftypes::ValueError`] from a checked value constructor as a conversion error at the
/// same path.
fn value_error(error: tftypes::ValueError) -> ConvertError {
    ConvertError::invalid("Value Conversion Error", error.message).prefixed(&error.path)
}

/// True when `value` may be given to an attribute type of Terraform type `expected`: its type
/// is usable as `expected`, or it is a null or unknown of type `any`.
fn fits(value: &tftypes::Value, expected: &tftypes::Type) -> bool {
    value.ty().usable_as(expected) || (value.ty().is_dynamic() && !value.is_known())
}

/// The diagnostic for a Terraform value given to an attribute type it does not belong to.
fn wrong_type(value: &tftypes::Value, expected: &tftypes::Type) -> crate::diag::Diagnostic {
    crate::diag::Diagnostic::error(
        "Value Conversion Error",
        format!(
            "An unexpected error was encountered trying to convert the Terraform value. This is \
             always an error in the provider.\n\ncan't use a {} value as {expected}",
            value.ty()
        ),
    )
}
