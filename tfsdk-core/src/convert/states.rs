//! `Nullable` and `Unknownable` honoured by conversions: a user type that can hold null or
//! unknown gets them instead of an error.
//!
//! Go's framework finds these interfaces on the target at run time. Rust cannot ask a type
//! whether it implements a trait, so a type says it once: it implements [`KnownValue`] (how
//! its known values convert) plus [`Nullable`] and/or [`Unknownable`], and
//! [`impl_value_conversions!`](crate::impl_value_conversions) writes [`FromValue`](super::FromValue) and
//! [`ToValue`](super::ToValue) from them. Generic types, which the macro does not take, call the functions of
//! this module from their own impls.
//!
//! The order is Go's: unknown first, then null, then the known half.

use super::{ConvertError, Nullable, TerraformType, Unknownable};
use crate::tftypes::{Type, Value};
use crate::types::conversion::concrete_type;

/// The known half of a conversion, for types whose null and unknown states are handled by
/// [`Nullable`] / [`Unknownable`].
///
/// See [`impl_value_conversions!`](crate::impl_value_conversions) for a complete example.
pub trait KnownValue: TerraformType + Sized {
    /// Builds `Self` from a value that is neither null nor unknown (its parts may be).
    ///
    /// # Errors
    /// When the value cannot be represented by `Self`.
    fn from_known(value: Value) -> Result<Self, ConvertError>;

    /// The value of `self`, which is neither null nor unknown, as a value of type `ty` (see
    /// [`ToValue::to_value`](super::ToValue::to_value) for what `ty` may be).
    ///
    /// # Errors
    /// When `self` cannot be represented as a value of type `ty`.
    fn to_known(&self, ty: &Type) -> Result<Value, ConvertError>;
}

/// [`FromValue`](super::FromValue) for a type that holds neither null nor unknown: those are errors with a
/// remedy, anything else goes to [`KnownValue::from_known`].
///
/// # Errors
/// Null, unknown, or what `from_known` returns.
#[inline]
pub fn from_known_value<T: KnownValue>(value: Value) -> Result<T, ConvertError> {
    from_value_in_state(value, None, None)
}

/// [`FromValue`](super::FromValue) for a [`Nullable`] type: null is [`Nullable::null`].
///
/// # Errors
/// Unknown, or what [`KnownValue::from_known`] returns.
#[inline]
pub fn from_value_nullable<T: KnownValue + Nullable>(value: Value) -> Result<T, ConvertError> {
    from_value_in_state(value, Some(T::null), None)
}

/// [`FromValue`](super::FromValue) for an [`Unknownable`] type: unknown is [`Unknownable::unknown`].
///
/// # Errors
/// Null, or what [`KnownValue::from_known`] returns.
#[inline]
pub fn from_value_unknownable<T: KnownValue + Unknownable>(
    value: Value,
) -> Result<T, ConvertError> {
    from_value_in_state(value, None, Some(T::unknown))
}

/// [`FromValue`](super::FromValue) for a type that is both [`Nullable`] and [`Unknownable`].
///
/// # Errors
/// What [`KnownValue::from_known`] returns.
#[inline]
pub fn from_value_nullable_unknownable<T: KnownValue + Nullable + Unknownable>(
    value: Value,
) -> Result<T, ConvertError> {
    from_value_in_state(value, Some(T::null), Some(T::unknown))
}

/// [`ToValue`](super::ToValue) for a [`Nullable`] type: a null `self` is a null of `ty` (of `T`'s static type
/// under `any`).
///
/// # Errors
/// What [`KnownValue::to_known`] returns.
#[inline]
pub fn to_value_nullable<T: KnownValue + Nullable>(
    value: &T,
    ty: &Type,
) -> Result<Value, ConvertError> {
    to_value_in_state(value, ty, value.is_null(), false)
}

/// [`ToValue`](super::ToValue) for an [`Unknownable`] type: an unknown `self` is an unknown of `ty`.
///
/// # Errors
/// What [`KnownValue::to_known`] returns.
#[inline]
pub fn to_value_unknownable<T: KnownValue + Unknownable>(
    value: &T,
    ty: &Type,
) -> Result<Value, ConvertError> {
    to_value_in_state(value, ty, false, value.is_unknown())
}

/// [`ToValue`](super::ToValue) for a type that is both [`Nullable`] and [`Unknownable`].
///
/// # Errors
/// What [`KnownValue::to_known`] returns.
#[inline]
pub fn to_value_nullable_unknownable<T: KnownValue + Nullable + Unknownable>(
    value: &T,
    ty: &Type,
) -> Result<Value, ConvertError> {
    to_value_in_state(value, ty, value.is_null(), value.is_unknown())
}

/// A `T` from `value`: null and unknown become what `null` and `unknown` make, or errors
/// with a remedy where `T` cannot hold them; anything else goes to [`KnownValue::from_known`].
#[inline]
fn from_value_in_state<T: KnownValue>(
    value: Value,
    null: Option<fn() -> T>,
    unknown: Option<fn() -> T>,
) -> Result<T, ConvertError> {
    if value.is_null() {
        null.map(|null| null())
            .ok_or_else(|| ConvertError::null::<T>(value.ty()))
    } else if value.is_unknown() {
        unknown
            .map(|unknown| unknown())
            .ok_or_else(|| ConvertError::unknown::<T>(value.ty()))
    } else {
        T::from_known(value)
    }
}

/// `value` as a Terraform value of `ty`: an unknown or a null of `ty` (of `T`'s static type
/// under `any`) as `unknown` and `null` say, else [`KnownValue::to_known`].
#[inline]
fn to_value_in_state<T: KnownValue>(
    value: &T,
    ty: &Type,
    null: bool,
    unknown: bool,
) -> Result<Value, ConvertError> {
    if unknown {
        Ok(Value::unknown(concrete_type::<T>(ty)))
    } else if null {
        Ok(Value::null(concrete_type::<T>(ty)))
    } else {
        value.to_known(ty)
    }
}

/// Writes [`FromValue`](super::FromValue) and [`ToValue`](super::ToValue) for a type from [`KnownValue`] and the state traits it
/// implements (`Nullable` and `Unknownable`), or for a newtype from its inner type.
///
/// - `impl_value_conversions!(MyType: Nullable)`: null converts to [`Nullable::null`] and
///   back; unknown is an error.
/// - `impl_value_conversions!(MyType: Unknownable)`: the same for unknown; null is an error.
/// - `impl_value_conversions!(MyType: Nullable, Unknownable)`: both.
/// - `impl_value_conversions!(MyType(Inner))`: a newtype (Go's `type MyString string`) that
///   converts exactly as `Inner`, including [`TerraformType`] and its typed view
///   ([`Viewable`](crate::view::Viewable)).
///
/// The first three need `MyType: KnownValue` (which needs [`TerraformType`]) and the traits
/// named. The macro takes a type without generic parameters; a generic type writes its two
/// impls with [`from_value_nullable`], [`to_value_nullable`] and their siblings.
///
/// ```
/// use tfsdk_core::convert::{ConvertError, FromValue, KnownValue, Nullable, TerraformType, ToValue};
/// use tfsdk_core::tftypes::{Type, Value};
///
/// /// A port that remembers it was not set.
/// #[derive(Debug, PartialEq)]
/// enum Port {
///     Unset,
///     Number(u16),
/// }
///
/// impl TerraformType for Port {
///     fn terraform_type() -> Type {
///         Type::Number
///     }
/// }
/// impl KnownValue for Port {
///     fn from_known(value: Value) -> Result<Self, ConvertError> {
///         u16::from_value(value).map(Port::Number)
///     }
///     fn to_known(&self, ty: &Type) -> Result<Value, ConvertError> {
///         match self {
///             Port::Number(n) => n.to_value(ty),
///             Port::Unset => unreachable!("null is handled by Nullable"),
///         }
///     }
/// }
/// impl Nullable for Port {
///     fn null() -> Self {
///         Port::Unset
///     }
///     fn is_null(&self) -> bool {
///         matches!(self, Port::Unset)
///     }
/// }
/// tfsdk_core::impl_value_conversions!(Port: Nullable);
///
/// assert_eq!(Port::from_value(Value::null(Type::Number))?, Port::Unset);
/// assert_eq!(Port::from_value(Value::from(8080))?, Port::Number(8080));
/// assert_eq!(Port::Unset.to_value(&Type::Number)?, Value::null(Type::Number));
/// // Port is not Unknownable: unknown is an error that says what to do.
/// let err = Port::from_value(Value::unknown(Type::Number)).unwrap_err();
/// assert!(err.to_string().contains("`Port` cannot hold unknown values"), "{err}");
///
/// /// A newtype converts as its inner type.
/// #[derive(Debug, PartialEq)]
/// struct Region(String);
/// tfsdk_core::impl_value_conversions!(Region(String));
/// assert_eq!(Region::terraform_type(), Type::String);
/// assert_eq!(Region::from_value(Value::from("eu"))?, Region("eu".into()));
/// # Ok::<(), ConvertError>(())
/// ```
#[macro_export]
macro_rules! impl_value_conversions {
    ($name:ident ( $inner:ty )) => {
        impl $crate::convert::TerraformType for $name {
            const VALIDATES: bool = false;


            fn terraform_type() -> $crate::tftypes::Type {
                <$inner as $crate::convert::TerraformType>::terraform_type()
            }
        }
        impl $crate::convert::FromValue for $name {
            #[inline]
            fn from_value(
                value: $crate::tftypes::Value,
            ) -> ::core::result::Result<Self, $crate::convert::ConvertError> {
                <$inner as $crate::convert::FromValue>::from_value(value).map($name)
            }
        }
        impl $crate::convert::ToValue for $name {
            #[inline]
            fn to_value(
                &self,
                ty: &$crate::tftypes::Type,
            ) -> ::core::result::Result<$crate::tftypes::Value, $crate::convert::ConvertError>
            {
                <$inner as $crate::convert::ToValue>::to_value(&self.0, ty)
            }
        }
        impl $crate::view::Viewable for $name {
            type View = <$inner as $crate::view::Viewable>::View;
            type Paths = <$inner as $crate::view::Viewable>::Paths;
        }
    };
    ($ty:ty : Nullable, Unknownable) => {
        $crate::impl_value_conversions!(@impl $ty, from_value_nullable_unknownable,
            to_value_nullable_unknownable);
    };
    ($ty:ty : Unknownable, Nullable) => {
        $crate::impl_value_conversions!(@impl $ty, from_value_nullable_unknownable,
            to_value_nullable_unknownable);
    };
    ($ty:ty : Nullable) => {
        $crate::impl_value_conversions!(@impl $ty, from_value_nullable, to_value_nullable);
    };
    ($ty:ty : Unknownable) => {
        $crate::impl_value_conversions!(@impl $ty, from_value_unknownable, to_value_unknownable);
    };
    (@impl $ty:ty, $from:ident, $to:ident) => {
        impl $crate::convert::FromValue for $ty {
            #[inline]
            fn from_value(
                value: $crate::tftypes::Value,
            ) -> ::core::result::Result<Self, $crate::convert::ConvertError> {
                $crate::convert::$from::<$ty>(value)
            }
        }
        impl $crate::convert::ToValue for $ty {
            #[inline]
            fn to_value(
                &self,
                ty: &$crate::tftypes::Type,
            ) -> ::core::result::Result<$crate::tftypes::Value, $crate::convert::ConvertError>
            {
                $crate::convert::$to::<$ty>(self, ty)
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convert::{FromValue, ToValue};

    /// Holds null and unknown as itself.
    #[derive(Debug, PartialEq)]
    enum Tri {
        Null,
        Unknown,
        Known(bool),
    }

    impl TerraformType for Tri {
        fn terraform_type() -> Type {
            Type::Bool
        }
    }
    impl KnownValue for Tri {
        fn from_known(value: Value) -> Result<Self, ConvertError> {
            bool::from_value(value).map(Tri::Known)
        }
        fn to_known(&self, ty: &Type) -> Result<Value, ConvertError> {
            match self {
                Tri::Known(b) => b.to_value(ty),
                _ => unreachable!(),
            }
        }
    }
    impl Nullable for Tri {
        fn null() -> Self {
            Tri::Null
        }
        fn is_null(&self) -> bool {
            *self == Tri::Null
        }
    }
    impl Unknownable for Tri {
        fn unknown() -> Self {
            Tri::Unknown
        }
        fn is_unknown(&self) -> bool {
            *self == Tri::Unknown
        }
    }
    crate::impl_value_conversions!(Tri: Unknownable, Nullable);

    #[test]
    fn both_states_round_trip() {
        for value in [
            Value::null(Type::Bool),
            Value::unknown(Type::Bool),
            Value::from(true),
        ] {
            let tri = Tri::from_value(value.clone()).unwrap();
            assert_eq!(tri.to_value(&Type::Bool).unwrap(), value);
        }
        assert_eq!(
            Tri::Null.to_value(&Type::Dynamic).unwrap(),
            Value::null(Type::Bool)
        );
    }
}
