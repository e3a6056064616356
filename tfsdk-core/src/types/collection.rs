//! What [`List`](super::List), [`Set`](super::Set) and [`Map`](super::Map) share: the three
//! states, the element type kept at run time, the traits every value has, and the whole of
//! their attribute types but for the path step that leads to an element.
//!
//! Each kind's file holds its structs, what differs (constructors from elements, access to
//! them, the checked constructor, `elements_as`, reading and writing Terraform values) and one
//! call of each macro below.

use crate::attr::ValueState;
use crate::attr::error::ConvertError;
use crate::diag::Diagnostics;
use crate::tftypes::Type;

/// Ok when a collection's element type `own` agrees with `expected` (see
/// [`types_agree`](super::types_agree)); else the conflict error of a `C` in `state`, naming both
/// as collection types made by `wrap` (`Type::list`, …).
pub(super) fn check_element_type<C: ?Sized>(
    state: ValueState,
    own: &Type,
    expected: &Type,
    wrap: fn(Type) -> Type,
) -> Result<(), ConvertError> {
    if super::types_agree(own, expected) {
        return Ok(());
    }
    Err(super::own_type_conflict::<C>(
        state,
        &wrap(own.clone()),
        &wrap(expected.clone()),
    ))
}

/// Ok when known; for null and unknown, the error of a `C` (a `Vec`, a `BTreeMap`), which holds
/// neither, asked to take the collection of type `ty`.
pub(super) fn require_known<C: ?Sized>(state: ValueState, ty: Type) -> Result<(), Diagnostics> {
    match state {
        ValueState::Null => Err(ConvertError::null::<C>(&ty).into()),
        ValueState::Unknown => Err(ConvertError::unknown::<C>(&ty).into()),
        ValueState::Known => Ok(()),
    }
}

/// `impl<T> attr::$trait for $ty { … }` with what the framework's attribute traits ask of a
/// collection's elements: conversions both ways, a Terraform type, and `Send + Sync + 'static`.
macro_rules! impl_for_elements {
    (attr::$trait:ident for $ty:ty { $($body:tt)* }) => {
        impl<T> $crate::attr::$trait for $ty
        where
            T: $crate::types::conversion::FromValue
                + $crate::types::conversion::ToValue
                + $crate::types::conversion::TerraformType
                + Send
                + Sync
                + 'static,
        {
            $($body)*
        }
    };
}

/// [`TerraformType`](crate::convert::TerraformType) for a collection of `T` elements, framework
/// (`List<T>`) or native (`Vec<T>`, `BTreeSet<T>`, `HashMap<String, T, S>`, …): of Terraform
/// type `Type::$ctor(T's type)`, validating its elements, with a `$attr_type` as its attribute
/// type and, with `nested in $nesting`, the nested attributes of a schema struct element.
/// `impl[…]` gives the generics beyond `T`.
macro_rules! collection_terraform_type {
    (impl[$($generics:tt)*] $collection:ty, $ctor:ident, $attr_type:ident $(, nested in $nesting:ident)?) => {
        impl<T: $crate::types::conversion::TerraformType, $($generics)*>
            $crate::types::conversion::TerraformType for $collection
        {
            const VALIDATES: bool = T::VALIDATES;
            const WRITE_ONLY: $crate::schema::WriteOnlyFacts =
                $crate::schema::WriteOnlyFacts::$ctor(T::WRITE_ONLY);

            fn validate_value(
                value: &$crate::tftypes::Value,
                path: &$crate::path::AttributePath,
            ) -> $crate::diag::Diagnostics {
                $crate::types::conversion::validate_elements::<T>(value, path)
            }

            schema_text! {
                fn terraform_type() -> $crate::tftypes::Type {
                    $crate::tftypes::Type::$ctor(T::terraform_type())
                }
            }

            $(
                schema_text! {
                    fn nested_attributes() -> Option<$crate::schema::NestedAttributes> {
                        T::nested_attributes()
                            .and_then(|n| n.in_collection($crate::schema::NestingMode::$nesting))
                    }
                }
            )?

            fn keep_equivalent() -> Option<$crate::types::equivalent::KeepEquivalent> {
                T::keep_equivalent().map(|_| $crate::types::equivalent::$ctor::<T> as _)
            }

            /// The collection's attribute type, reporting `T`'s attribute type for its
            /// elements.
            fn attr_type() -> Box<dyn $crate::attr::Type> {
                Box::new($crate::types::$attr_type::<$crate::tftypes::Value>::of::<T>())
            }
        }
    };
}

/// `new`, `elements`, `get` and `into_inner` of a collection value `$value<T>` that holds its
/// elements in a `Vec` (lists and sets); `$doc` documents `new`.
macro_rules! vec_accessors {
    ($value:ident, $($doc:literal),+) => {
        impl<T: $crate::types::conversion::TerraformType> $value<T> {
            $(#[doc = $doc])+
            pub fn new(elements: impl IntoIterator<Item = T>) -> $value<T> {
                $value {
                    element_type: T::terraform_type(),
                    state: $crate::attr::ValueState::Known,
                    elements: elements.into_iter().collect(),
                }
            }
        }

        impl<T> $value<T> {
            /// The elements; empty when null or unknown (Go's `Elements`).
            pub fn elements(&self) -> &[T] {
                &self.elements
            }

            /// The elements when known.
            pub fn get(&self) -> Option<&[T]> {
                (self.state == $crate::attr::ValueState::Known).then_some(self.elements.as_slice())
            }

            /// The elements when known, to change in place (a typed view's plan modification
            /// sets computed values inside them). The element type stays; a set checks its
            /// elements are still unique when it becomes a Terraform value.
            pub fn get_mut(&mut self) -> Option<&mut Vec<T>> {
                (self.state == $crate::attr::ValueState::Known).then_some(&mut self.elements)
            }

            /// The elements when known, taken out.
            pub fn into_inner(self) -> Option<Vec<T>> {
                (self.state == $crate::attr::ValueState::Known).then_some(self.elements)
            }
        }
    };
}

/// The checked constructors of a collection value `$value<T>` (Go's `types.ListValue` and
/// `types.ListValueMust`, …): `value` collects `elements` (items `$item`, with generics
/// `[…]`) by `$collect`, checks the element type against `T`'s and the elements by the kind's
/// `check_new`; `value_must` panics where `value` returns diagnostics. `$doc` documents
/// `value`.
macro_rules! checked_constructors {
    ($value:ident, $ctor:ident, [$($generics:tt)*] $item:ty, |$elements:ident| $collect:expr, $($doc:literal),+) => {
        impl<T: $crate::types::conversion::ToValue> $value<T> {
            $(#[doc = $doc])+
            pub fn value<$($generics)*>(
                element_type: $crate::tftypes::Type,
                $elements: impl IntoIterator<Item = $item>,
            ) -> Result<$value<T>, $crate::diag::Diagnostics>
            where
                T: $crate::types::conversion::TerraformType,
            {
                $crate::types::collection::check_element_type::<Self>(
                    $crate::attr::ValueState::Known,
                    &element_type,
                    &T::terraform_type(),
                    $crate::tftypes::Type::$ctor,
                )?;
                let collection = $value {
                    element_type,
                    state: $crate::attr::ValueState::Known,
                    elements: $collect,
                };
                $value::check_new(&collection.element_type, &collection.elements)?;
                Ok(collection)
            }

            #[doc = concat!("[`", stringify!($value), "::value`] for tests and exhaustively tested logic (Go's `types.", stringify!($value), "ValueMust`).")]
            ///
            /// # Panics
            #[doc = concat!("When [`", stringify!($value), "::value`] returns diagnostics; the message lists them.")]
            #[track_caller]
            pub fn value_must<$($generics)*>(
                element_type: $crate::tftypes::Type,
                $elements: impl IntoIterator<Item = $item>,
            ) -> $value<T>
            where
                T: $crate::types::conversion::TerraformType,
            {
                $crate::types::must(
                    concat!(stringify!($value), "::value_must"),
                    $value::value(element_type, $elements),
                )
            }
        }
    };
}

/// Implements the shared part of a collection value `$value<T>` (fields `element_type`,
/// `state`, `elements`) of Terraform type `Type::$ctor(element)`, with attribute type
/// `$attr_type<T>`: the null and unknown constructors, the state accessors, `value_from`,
/// `Default`, [`TerraformType`](crate::convert::TerraformType), `Nullable`, `Unknownable`,
/// `Display`, [`attr::Value`](crate::attr::Value), and `FromValue` and `ToValue` for every state
/// (the kind's `from_known` reads a known value, its `write_known` writes one; `ToValue` has
/// the bounds given).
macro_rules! collection_value_impls {
    ($value:ident, $attr_type:ident, $ctor:ident, $kind:literal, to_value where T: $($to_value_bound:tt)+) => {
        impl<T: $($to_value_bound)+> $crate::types::conversion::ToValue for $value<T> {
            #[doc = concat!("A ", $kind, " of type `ty` (or of the ", $kind, "'s own type under `any`).")]
            fn to_value(
                &self,
                ty: &$crate::tftypes::Type,
            ) -> Result<$crate::tftypes::Value, $crate::attr::error::ConvertError> {
                use $crate::tftypes::{Type, Value};
                let own;
                let (ty, element) = match ty {
                    Type::$value(element) => (ty, &**element),
                    Type::Dynamic => {
                        own = Type::$ctor(self.element_type.clone());
                        (&own, &self.element_type)
                    }
                    _ => {
                        return Err($crate::attr::error::ConvertError::type_mismatch::<Self>(
                            concat!("a ", $kind, " type"),
                            ty,
                        ));
                    }
                };
                $crate::types::collection::check_element_type::<Self>(
                    self.state,
                    &self.element_type,
                    element,
                    Type::$ctor,
                )?;
                match self.state {
                    $crate::attr::ValueState::Null => Ok(Value::null(ty.clone())),
                    $crate::attr::ValueState::Unknown => Ok(Value::unknown(ty.clone())),
                    $crate::attr::ValueState::Known => self.write_known(ty, element),
                }
            }
        }

        impl<T: $crate::types::conversion::TerraformType> $value<T> {
            #[doc = concat!("A null ", $kind, " of `T`'s Terraform type.")]
            pub fn null() -> $value<T> {
                $value::null_of(T::terraform_type())
            }

            #[doc = concat!("An unknown ", $kind, " of `T`'s Terraform type.")]
            pub fn unknown() -> $value<T> {
                $value::unknown_of(T::terraform_type())
            }
        }

        impl<T: $crate::types::conversion::TerraformType> Default for $value<T> {
            /// Null, as Go's zero value is.
            fn default() -> $value<T> {
                $value::null()
            }
        }

        impl<T> $value<T> {
            #[doc = concat!("A null ", $kind, " of `element_type` elements (Go's `types.", stringify!($value), "Null`).")]
            pub fn null_of(element_type: $crate::tftypes::Type) -> $value<T> {
                $value {
                    element_type,
                    state: $crate::attr::ValueState::Null,
                    elements: Default::default(),
                }
            }

            #[doc = concat!("An unknown ", $kind, " of `element_type` elements (Go's `types.", stringify!($value), "Unknown`).")]
            pub fn unknown_of(element_type: $crate::tftypes::Type) -> $value<T> {
                $value {
                    element_type,
                    state: $crate::attr::ValueState::Unknown,
                    elements: Default::default(),
                }
            }

            /// The Terraform type of the elements.
            pub fn element_type(&self) -> &$crate::tftypes::Type {
                &self.element_type
            }

            $crate::types::state_accessors!();
        }

        impl<T> $value<T>
        where
            T: $crate::types::conversion::FromValue + $crate::types::conversion::TerraformType,
        {
            #[doc = concat!("A known ", $kind, " built from native Rust data by the conversion rules (Go's `types.", stringify!($value), "ValueFrom`): `&vec![…]` for a `", $kind, "`, a `BTreeMap` for a `map`.")]
            ///
            /// # Errors
            #[doc = concat!("When `source` cannot become a `", $kind, "(element_type)`, or its elements cannot become `T`.")]
            pub fn value_from<S: $crate::types::conversion::ToValue + ?Sized>(
                element_type: $crate::tftypes::Type,
                source: &S,
            ) -> Result<$value<T>, $crate::diag::Diagnostics> {
                let value = source.to_value(&$crate::tftypes::Type::$ctor(element_type))?;
                Ok(<$value<T> as $crate::types::conversion::FromValue>::from_value(value)?)
            }
        }

        impl<T> $crate::types::conversion::FromValue for $value<T>
        where
            T: $crate::types::conversion::FromValue + $crate::types::conversion::TerraformType,
        {
            #[doc = concat!("A ", $kind, " value of any state; the element type comes from the value.")]
            fn from_value(
                value: $crate::tftypes::Value,
            ) -> Result<Self, $crate::attr::error::ConvertError> {
                use $crate::tftypes::Type;
                let element = match value.ty() {
                    Type::$value(element) => (**element).clone(),
                    Type::Dynamic if value.is_null() => return Ok($value::null()),
                    Type::Dynamic if value.is_unknown() => return Ok($value::unknown()),
                    ty => {
                        return Err($crate::attr::error::ConvertError::type_mismatch::<Self>(
                            concat!("a ", $kind),
                            ty,
                        ));
                    }
                };
                let state = $crate::types::state_of(&value);
                $crate::types::collection::check_element_type::<Self>(
                    state,
                    &element,
                    &T::terraform_type(),
                    Type::$ctor,
                )?;
                match state {
                    $crate::attr::ValueState::Null => Ok($value::null_of(element)),
                    $crate::attr::ValueState::Unknown => Ok($value::unknown_of(element)),
                    $crate::attr::ValueState::Known => $value::from_known(element, value),
                }
            }
        }

        $crate::types::collection::collection_terraform_type!(impl[] $value<T>, $ctor, $attr_type, nested in $value);

        $crate::types::nullable_unknownable!(impl[T: $crate::types::conversion::ToValue + $crate::types::conversion::TerraformType] $value<T>);

        impl<T> std::fmt::Display for $value<T>
        where
            $value<T>: $crate::types::conversion::ToValue,
        {
            /// Go's `String()`: `<null>`, `<unknown>` or the elements (`["a","b"]`,
            /// `{"k":"v"}`).
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match $crate::types::conversion::ToValue::to_value(
                    self,
                    &$crate::tftypes::Type::Dynamic,
                ) {
                    Ok(value) => $crate::types::fmt_go(&value, f),
                    Err(_) => f.write_str("<invalid>"),
                }
            }
        }

        $crate::types::collection::impl_for_elements!(attr::Value for $value<T> {
            fn to_terraform_value(
                &self,
            ) -> Result<$crate::tftypes::Value, $crate::attr::error::ConvertError> {
                $crate::types::conversion::ToValue::to_value(self, &$crate::tftypes::Type::Dynamic)
            }

            fn equal(&self, other: &dyn $crate::attr::Value) -> bool {
                other.downcast_ref::<$value<T>>().is_some_and(|other| {
                    self.state == other.state
                        && self.element_type == other.element_type
                        && self.to_terraform_value().ok() == other.to_terraform_value().ok()
                })
            }

            $crate::types::delegate_state_queries!($value);

            fn ty(&self) -> Box<dyn $crate::attr::Type> {
                Box::new($attr_type::<T>::new(self.element_type.clone()))
            }
        });
    };
}

/// Implements a collection attribute type `$attr_type<T>` (fields `element_type`,
/// `element_attr`, `element`) of Terraform type `Type::$ctor(element)` with values `$value<T>`:
/// its constructors, comparison, [`attr::Type`](crate::attr::Type) (a `PathStep::$step` leads
/// to the element type) and [`attr::TypeWithElementType`](crate::attr::TypeWithElementType).
macro_rules! collection_type_impls {
    ($attr_type:ident, $value:ident, $ctor:ident, $kind:literal, $step:ident) => {
        impl<T> $attr_type<T> {
            #[doc = concat!("`", $kind, "(element_type)`, with values of Rust type `", stringify!($value), "<T>`.")]
            pub fn new(element_type: $crate::tftypes::Type) -> $attr_type<T> {
                $attr_type {
                    element_type,
                    element_attr: None,
                    element: std::marker::PhantomData,
                }
            }

            #[doc = concat!("`", $kind, "(E)` whose element attribute type is `E`'s own")]
            /// ([`TerraformType::attr_type`](crate::convert::TerraformType::attr_type)): a
            /// collection of a provider-defined type reports that type, however deeply it is
            /// nested. The attribute type of the native and framework collections
            /// (`attr_type` of `List<E>`, `Vec<E>`, …) is built this way.
            pub fn of<E: $crate::types::conversion::TerraformType>() -> $attr_type<T> {
                $attr_type {
                    element_type: E::terraform_type(),
                    element_attr: Some(E::attr_type),
                    element: std::marker::PhantomData,
                }
            }
        }

        impl<T: $crate::types::conversion::TerraformType> $attr_type<T> {
            /// The elements' attribute type: the one given to `of`, else `T`'s own when `T` is
            /// of the element type, else the built-in companion of the element type.
            fn element_attr_type(&self) -> Box<dyn $crate::attr::Type> {
                match self.element_attr {
                    Some(element) => element(),
                    None => $crate::types::element_attr_type::<T>(&self.element_type),
                }
            }
        }

        impl<T> Clone for $attr_type<T> {
            fn clone(&self) -> Self {
                $attr_type {
                    element_type: self.element_type.clone(),
                    element_attr: self.element_attr,
                    element: std::marker::PhantomData,
                }
            }
        }

        impl<T> std::fmt::Debug for $attr_type<T> {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, concat!(stringify!($attr_type), "({})"), self.element_type)
            }
        }

        impl<T: $crate::types::conversion::TerraformType> PartialEq for $attr_type<T> {
            /// The same element type, and equal element attribute types.
            fn eq(&self, other: &Self) -> bool {
                self.element_type == other.element_type
                    && self
                        .element_attr_type()
                        .equal(other.element_attr_type().as_ref())
            }
        }

        impl<T: $crate::types::conversion::TerraformType> Eq for $attr_type<T> {}

        $crate::types::collection::impl_for_elements!(attr::Type for $attr_type<T> {
            fn terraform_type(&self) -> $crate::tftypes::Type {
                $crate::tftypes::Type::$ctor(self.element_type.clone())
            }

            fn value_from_terraform(
                &self,
                value: $crate::tftypes::Value,
            ) -> Result<Box<dyn $crate::attr::Value>, $crate::diag::Diagnostics> {
                let expected = self.terraform_type();
                if !$crate::types::fits(&value, &expected) {
                    return Err($crate::types::wrong_type(&value, &expected).into());
                }
                let collection =
                    <$value<T> as $crate::types::conversion::FromValue>::from_value(value)?;
                Ok(Box::new(collection))
            }

            /// Another built-in collection type of the same kind (of any Rust element type
            /// `T`) with an equal element attribute type, as Go compares
            /// `ListType{ElemType: …}`.
            fn equal(&self, other: &dyn $crate::attr::Type) -> bool {
                other.__builtin_collection() == Some($crate::attr::BuiltinCollection::$value)
                    && other.terraform_type() == self.terraform_type()
                    && other.as_type_with_element_type().is_some_and(|other| {
                        other
                            .element_type()
                            .equal(self.element_attr_type().as_ref())
                    })
            }

            fn __builtin_collection(&self) -> Option<$crate::attr::BuiltinCollection> {
                Some($crate::attr::BuiltinCollection::$value)
            }

            fn apply_path_step(
                &self,
                step: &$crate::path::PathStep,
            ) -> Result<Box<dyn $crate::attr::Type>, $crate::attr::PathStepError> {
                match step {
                    $crate::path::PathStep::$step(_) => Ok(self.element_attr_type()),
                    _ => Err($crate::attr::PathStepError::new(step, self)),
                }
            }

            fn as_type_with_element_type(
                &self,
            ) -> Option<&dyn $crate::attr::TypeWithElementType> {
                Some(self)
            }
        });

        $crate::types::collection::impl_for_elements!(attr::TypeWithElementType for $attr_type<T> {
            fn element_type(&self) -> Box<dyn $crate::attr::Type> {
                self.element_attr_type()
            }

            #[doc = concat!("A `", stringify!($attr_type), "<T>` when `T` can hold the new elements, else a `", stringify!($attr_type), "<tftypes::Value>`.")]
            fn with_element_type(
                &self,
                element: &dyn $crate::attr::Type,
            ) -> Box<dyn $crate::attr::TypeWithElementType> {
                let element = element.terraform_type();
                if $crate::types::holds_elements_of::<T>(&element) {
                    Box::new($attr_type::<T>::new(element))
                } else {
                    Box::new($attr_type::<$crate::tftypes::Value>::new(element))
                }
            }
        });

        impl<T: $crate::types::conversion::TerraformType> std::fmt::Display for $attr_type<T> {
            #[doc = concat!("`", stringify!($attr_type), "[StringType]`.")]
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(
                    f,
                    concat!(stringify!($attr_type), "[{}]"),
                    self.element_attr_type()
                )
            }
        }
    };
}

pub(crate) use {
    checked_constructors, collection_terraform_type, collection_type_impls, collection_value_impls,
    impl_for_elements, vec_accessors,
};
