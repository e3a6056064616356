//! What the primitive framework values share: the three states, the conversions and the two
//! attribute traits. Each kind's file holds the struct, its constructors and accessors, and
//! implements [`PrimitiveKind`] for the part that differs.

use std::fmt;

use crate::attr::error::ConvertError;
use crate::tftypes::{Type, Value, ValueData};

/// The part of a primitive framework value that depends on its kind.
pub(crate) trait PrimitiveKind {
    /// The Rust value held when known.
    type Inner;

    /// The value held when null or unknown (what Go's accessors return for them).
    const ZERO: Self::Inner;

    /// The known value from known data of any kind (errors for the wrong kind).
    fn read_known(ty: &Type, data: ValueData) -> Result<Self::Inner, ConvertError>;

    /// The Terraform value of a known value.
    fn write_known(inner: &Self::Inner) -> Result<Value, ConvertError>;

    /// Writes a known value as Go's `String()` does.
    fn fmt_known(inner: &Self::Inner, f: &mut fmt::Formatter<'_>) -> fmt::Result;

    /// The kind's semantic equality on Terraform values, if it has one
    /// ([`TerraformType::semantic_equality`](super::conversion::TerraformType::semantic_equality)).
    const SEMANTIC_EQUALITY: Option<fn(&Value, &Value) -> bool> = None;
}

/// Implements the shared part of a primitive value `$value` (fields `state` and `value`; a
/// `$noun` when known) and its attribute type `$type` of Terraform type `Type::$variant`: the
/// null and unknown constructors, the state accessors, the conversion traits, the two attribute
/// traits and `Display`.
macro_rules! primitive_impls {
    ($value:ident, $type:ident, $variant:ident, $type_name:literal, $noun:literal) => {
        impl $value {
            #[doc = concat!("A null ", $noun, " (Go's `types.", stringify!($value), "Null()`).")]
            pub fn null() -> $value {
                $value {
                    state: $crate::attr::ValueState::Null,
                    value: <$value as $crate::types::primitive::PrimitiveKind>::ZERO,
                }
            }

            #[doc = concat!("An unknown ", $noun, " (Go's `types.", stringify!($value), "Unknown()`).")]
            pub fn unknown() -> $value {
                $value {
                    state: $crate::attr::ValueState::Unknown,
                    value: <$value as $crate::types::primitive::PrimitiveKind>::ZERO,
                }
            }

            $crate::types::state_accessors!();
        }

        impl $crate::types::conversion::TerraformType for $value {
            const VALIDATES: bool = false;

            fn terraform_type() -> $crate::tftypes::Type {
                $crate::tftypes::Type::$variant
            }

            fn attr_type() -> Box<dyn $crate::attr::Type> {
                Box::new($type)
            }

            fn semantic_equality() -> Option<fn(&$crate::tftypes::Value, &$crate::tftypes::Value) -> bool> {
                <$value as $crate::types::primitive::PrimitiveKind>::SEMANTIC_EQUALITY
            }
        }

        impl $crate::types::conversion::FromValue for $value {
            /// Null and unknown become the same states; a known value follows the kind's
            /// conversion rule.
            #[inline]
            fn from_value(
                value: $crate::tftypes::Value,
            ) -> Result<Self, $crate::attr::error::ConvertError> {
                use $crate::tftypes::{Type, ValueData};
                match value.into_parts() {
                    (Type::$variant | Type::Dynamic, ValueData::Null) => Ok($value::null()),
                    (Type::$variant | Type::Dynamic, ValueData::Unknown) => Ok($value::unknown()),
                    (ty, ValueData::Null | ValueData::Unknown) => {
                        Err($crate::attr::error::ConvertError::type_mismatch::<$value>(
                            concat!("a ", stringify!($variant), " value").to_lowercase(),
                            &ty,
                        ))
                    }
                    (ty, data) => Ok($value {
                        state: $crate::attr::ValueState::Known,
                        value: <$value as $crate::types::primitive::PrimitiveKind>::read_known(
                            &ty, data,
                        )?,
                    }),
                }
            }
        }

        impl $crate::types::conversion::ToValue for $value {
            #[inline]
            fn to_value(
                &self,
                ty: &$crate::tftypes::Type,
            ) -> Result<$crate::tftypes::Value, $crate::attr::error::ConvertError> {
                use $crate::tftypes::{Type, Value};
                match ty {
                    Type::$variant | Type::Dynamic => {}
                    _ => {
                        return Err($crate::attr::error::ConvertError::type_mismatch::<$value>(
                            concat!("a ", stringify!($variant), " type").to_lowercase(),
                            ty,
                        ));
                    }
                }
                match self.state {
                    $crate::attr::ValueState::Null => Ok(Value::null(Type::$variant)),
                    $crate::attr::ValueState::Unknown => Ok(Value::unknown(Type::$variant)),
                    $crate::attr::ValueState::Known => {
                        <$value as $crate::types::primitive::PrimitiveKind>::write_known(
                            &self.value,
                        )
                    }
                }
            }
        }

        $crate::types::nullable_unknownable!(impl[] $value);

        impl $crate::attr::Value for $value {
            fn to_terraform_value(
                &self,
            ) -> Result<$crate::tftypes::Value, $crate::attr::error::ConvertError> {
                $crate::types::conversion::ToValue::to_value(self, &$crate::tftypes::Type::$variant)
            }

            fn equal(&self, other: &dyn $crate::attr::Value) -> bool {
                other.downcast_ref::<$value>() == Some(self)
            }

            $crate::types::delegate_state_queries!($value);

            fn ty(&self) -> Box<dyn $crate::attr::Type> {
                Box::new($type)
            }
        }

        impl std::fmt::Display for $value {
            /// Go's `String()`: `<null>`, `<unknown>` or the value.
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match self.state {
                    $crate::attr::ValueState::Null => f.write_str("<null>"),
                    $crate::attr::ValueState::Unknown => f.write_str("<unknown>"),
                    $crate::attr::ValueState::Known => {
                        <$value as $crate::types::primitive::PrimitiveKind>::fmt_known(
                            &self.value,
                            f,
                        )
                    }
                }
            }
        }

        impl $crate::attr::Type for $type {
            fn terraform_type(&self) -> $crate::tftypes::Type {
                $crate::tftypes::Type::$variant
            }

            fn value_from_terraform(
                &self,
                value: $crate::tftypes::Value,
            ) -> Result<Box<dyn $crate::attr::Value>, $crate::diag::Diagnostics> {
                <$value as $crate::types::conversion::FromValue>::from_value(value)
                    .map(|v| Box::new(v) as Box<dyn $crate::attr::Value>)
                    .map_err($crate::diag::Diagnostics::from)
            }

            fn equal(&self, other: &dyn $crate::attr::Type) -> bool {
                other.is::<$type>()
            }

            fn apply_path_step(
                &self,
                step: &$crate::path::PathStep,
            ) -> Result<Box<dyn $crate::attr::Type>, $crate::attr::PathStepError> {
                Err($crate::attr::PathStepError::new(step, self))
            }
        }

        impl std::fmt::Display for $type {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str($type_name)
            }
        }
    };
}

/// The constructor, accessors and `From` conversions of a primitive value held by copy
/// (`Int64`, `Int32`, `Float64`, `Float32`, `Bool`): `new`, `$accessor` (the value or `$zero`,
/// Go's `Value…`), `get` (the value when known) and `From<$inner>` / `From<Option<$inner>>`.
macro_rules! copy_primitive_accessors {
    ($value:ident, $inner:ty, $accessor:ident, $noun:literal, $zero:literal) => {
        impl $value {
            #[doc = concat!("A known ", $noun, " (Go's `types.", stringify!($value), "Value`).")]
            pub fn new(value: $inner) -> $value {
                $value {
                    state: $crate::attr::ValueState::Known,
                    value,
                }
            }

            #[doc = concat!("The ", $noun, ", or `", $zero, "` when null or unknown (Go's `Value", stringify!($value), "`).")]
            pub fn $accessor(&self) -> $inner {
                self.value
            }

            #[doc = concat!("The ", $noun, " when known (Go's `Value", stringify!($value), "Pointer`, with `None` for null and unknown).")]
            pub fn get(&self) -> Option<$inner> {
                (self.state == $crate::attr::ValueState::Known).then_some(self.value)
            }
        }

        impl From<$inner> for $value {
            fn from(value: $inner) -> $value {
                $value::new(value)
            }
        }

        impl From<Option<$inner>> for $value {
            #[doc = concat!("`None` is null (Go's `", stringify!($value), "PointerValue`).")]
            fn from(value: Option<$inner>) -> $value {
                value.map_or_else($value::null, $value::new)
            }
        }
    };
}

/// [`PrimitiveKind`] of a number value `$value` held as `$inner`: read with `Number::$to` (an
/// error where it would overflow or lose precision), written by `$write` and shown by `$fmt`
/// from `$n`, the held number.
macro_rules! number_kind {
    ($value:ident, $inner:ty, $to:ident, $zero:expr, |$n:ident| $write:expr, |$m:ident, $f:ident| $fmt:expr) => {
        impl $crate::types::primitive::PrimitiveKind for $value {
            type Inner = $inner;

            const ZERO: $inner = $zero;

            fn read_known(
                ty: &$crate::tftypes::Type,
                data: $crate::tftypes::ValueData,
            ) -> Result<$inner, $crate::attr::error::ConvertError> {
                match data {
                    $crate::tftypes::ValueData::Number(n) => n
                        .$to()
                        .map_err($crate::attr::error::ConvertError::number::<$value>),
                    data => Err($crate::types::conversion::unexpected::<$value>(
                        ty, &data, "a number",
                    )),
                }
            }

            fn write_known(
                $n: &$inner,
            ) -> Result<$crate::tftypes::Value, $crate::attr::error::ConvertError> {
                $write
            }

            fn fmt_known($m: &$inner, $f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                $fmt
            }
        }
    };
}

/// [`PrimitiveKind`] of an integer value: exact both ways, shown in decimal.
macro_rules! integer_kind {
    ($value:ident, $inner:ty, $to:ident) => {
        $crate::types::primitive::number_kind!(
            $value,
            $inner,
            $to,
            0,
            |n| Ok($crate::tftypes::Value::number(
                $crate::tftypes::Number::from(*n)
            )),
            |n, f| write!(f, "{n}")
        );
    };
}

/// A framework number held as a Rust number (`Int64`, `Float32`, …): the value struct,
/// documented by the attributes given, its attribute type, and every impl the primitives share,
/// with `$kind` (`integer_kind`) for how the number converts.
macro_rules! number_value {
    (
        $(#[$doc:meta])*
        $value:ident($inner:ty): $type:ident = $type_name:literal,
        $kind:ident($($conversion:ident),*),
        $accessor:ident, $noun:literal, $zero:literal,
        derive($($derive:ident),*)
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, $($derive),*)]
        pub struct $value {
            state: $crate::attr::ValueState,
            value: $inner,
        }

        #[doc = concat!(
            "The attribute type of [`", stringify!($value), "`] (Go's `types.", $type_name,
            "`): Terraform's `number`."
        )]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $type;

        $crate::types::primitive::$kind!($value, $inner, $($conversion),*);
        // The null and unknown constructors, state accessors and traits every primitive value
        // has.
        $crate::types::primitive::primitive_impls!($value, $type, Number, $type_name, $noun);
        // `new`, the Go-style accessor, `get` and the `From` conversions.
        $crate::types::primitive::copy_primitive_accessors!(
            $value, $inner, $accessor, $noun, $zero
        );
    };
}

pub(crate) use {
    copy_primitive_accessors, integer_kind, number_kind, number_value, primitive_impls,
};
