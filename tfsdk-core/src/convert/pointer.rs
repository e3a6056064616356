//! `Option<T>` (Go's pointers: `None` ⇔ null) and the smart pointers `Box`, `Arc` and `Rc`.
//!
//! `Option<T>` reads null as `None` and anything else by `T`'s rule, so an unknown value still
//! needs a `T` that holds unknown. It writes `None` as a null of the requested type (of `T`'s
//! static type under `any`). Boxes and reference-counted pointers behave exactly like what they
//! point to.

use std::rc::Rc;
use std::sync::Arc;

use super::{ConvertError, FromValue, Nullable, TerraformType, ToValue};
use crate::schema::NestedAttributes;
use crate::tftypes::{Type, Value};
use crate::types::conversion::concrete_type;

impl<T: TerraformType> TerraformType for Option<T> {
    const VALIDATES: bool = T::VALIDATES;
    const WRITE_ONLY: crate::schema::WriteOnlyFacts = T::WRITE_ONLY;

    fn validate_value(
        value: &Value,
        path: &crate::path::AttributePath,
    ) -> crate::diag::Diagnostics {
        if value.is_null() {
            return crate::diag::Diagnostics::new();
        }
        T::validate_value(value, path)
    }

    schema_text! {
        fn terraform_type() -> Type {
            T::terraform_type()
        }
    }

    schema_text! {
        fn nested_attributes() -> Option<NestedAttributes> {
            T::nested_attributes()
        }
    }

    fn attr_type() -> Box<dyn crate::attr::Type> {
        T::attr_type()
    }

    fn semantic_equality() -> Option<fn(&Value, &Value) -> bool> {
        T::semantic_equality()
    }

    fn keep_equivalent() -> Option<crate::convert::KeepEquivalent> {
        T::keep_equivalent()
    }
}

impl<T: FromValue> FromValue for Option<T> {
    /// Null is `None`; anything else is `T`'s business.
    #[inline]
    fn from_value(value: Value) -> Result<Self, ConvertError> {
        if value.is_null() {
            Ok(None)
        } else {
            T::from_value(value).map(Some)
        }
    }
}

impl<T: ToValue + TerraformType> ToValue for Option<T> {
    /// `None` is a null of type `ty`.
    #[inline]
    fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
        match self {
            Some(inner) => inner.to_value(ty),
            None => Ok(Value::null(concrete_type::<T>(ty))),
        }
    }
}

impl<T> Nullable for Option<T> {
    fn null() -> Self {
        None
    }

    fn is_null(&self) -> bool {
        self.is_none()
    }
}

/// [`TerraformType`] of a pointer `$ptr` to `T`: all of it `T`'s. Naming `nested_attributes`
/// passes `T`'s nested attributes on too (a reference, which is never a field, leaves them out).
macro_rules! pointee_terraform_type {
    ($ptr:ty $(, $nested_attributes:ident)?) => {
        impl<T: TerraformType + ?Sized> TerraformType for $ptr {
            const VALIDATES: bool = T::VALIDATES;
            const WRITE_ONLY: crate::schema::WriteOnlyFacts = T::WRITE_ONLY;

            fn validate_value(
                value: &Value,
                path: &crate::path::AttributePath,
            ) -> crate::diag::Diagnostics {
                T::validate_value(value, path)
            }

            fn terraform_type() -> Type {
                T::terraform_type()
            }

            $(
                fn $nested_attributes() -> Option<NestedAttributes> {
                    T::nested_attributes()
                }
            )?

            fn attr_type() -> Box<dyn crate::attr::Type> {
                T::attr_type()
            }

            fn semantic_equality() -> Option<fn(&Value, &Value) -> bool> {
                T::semantic_equality()
            }

            fn keep_equivalent() -> Option<crate::convert::KeepEquivalent> {
                T::keep_equivalent()
            }
        }
    };
}

macro_rules! smart_pointer {
    ($($p:ident),*) => {$(
        pointee_terraform_type!($p<T>, nested_attributes);

        impl<T: FromValue> FromValue for $p<T> {
            #[inline]
            fn from_value(value: Value) -> Result<Self, ConvertError> {
                T::from_value(value).map($p::new)
            }
        }

        impl<T: ToValue + ?Sized> ToValue for $p<T> {
            #[inline]
            fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
                (**self).to_value(ty)
            }
        }
    )*};
}

smart_pointer!(Box, Arc, Rc);

pointee_terraform_type!(&T);

impl<T: ToValue + ?Sized> ToValue for &T {
    #[inline]
    fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
        (**self).to_value(ty)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn none_is_null_both_ways() {
        assert_eq!(
            Option::<String>::from_value(Value::null(Type::String)).unwrap(),
            None
        );
        assert_eq!(
            Option::<String>::from_value(Value::from("a"))
                .unwrap()
                .as_deref(),
            Some("a")
        );
        assert!(Option::<String>::from_value(Value::unknown(Type::String)).is_err());
        assert_eq!(
            None::<String>.to_value(&Type::String).unwrap(),
            Value::null(Type::String)
        );
        assert_eq!(
            None::<i64>.to_value(&Type::Dynamic).unwrap(),
            Value::null(Type::Number)
        );
    }

    #[test]
    fn boxes_are_transparent() {
        let b = Box::<i64>::from_value(Value::from(3)).unwrap();
        assert_eq!(*b, 3);
        assert_eq!(b.to_value(&Type::Number).unwrap(), Value::from(3));
        let s: Box<str> = "x".into();
        assert_eq!(s.to_value(&Type::String).unwrap(), Value::from("x"));
        assert_eq!(
            Arc::new(1u8).to_value(&Type::Number).unwrap(),
            Value::from(1)
        );
    }
}
