//! [`Set`] and [`SetType`]: an unordered collection of unique elements of one type.

use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

use super::conversion::{FromValue, TerraformType, ToValue};
use super::elements::{set_elements_from_value, set_value};
use super::list::wrong_type;
use super::{
    check_elements, element_attr_type, fits, fmt_go, holds_elements_of, must, own_type_conflict,
    state_of, types_agree,
};
use crate::attr::error::{ConvertError, ConvertErrorKind};
use crate::attr::{self, PathStepError, TypeWithElementType, ValueState};
use crate::diag::Diagnostics;
use crate::path::PathStep;
use crate::tftypes::{Type, Value, ValueData};

/// A set attribute value (Go's `types.Set`): null, unknown, or known unique elements of Rust
/// type `T`.
///
/// Elements keep the order they were given or, read from a Terraform value, Terraform's
/// canonical order. Equal elements are an error: [`Set::value`] reports them at once;
/// [`Set::new`] cannot fail, so a set built with it reports them when it becomes a Terraform
/// value.
///
/// `T` is what the elements become: a framework value such as
/// [`types::String`](super::String) (elements may then be null or unknown), a native type, a
/// derived struct, or [`tftypes::Value`](crate::tftypes::Value) (the default) for elements of
/// any type. The element's Terraform type is kept at run time, so a null set still knows it
/// is a `set(string)`.
///
/// ```
/// use tfsdk_core::tftypes::{Type, Value};
/// use tfsdk_core::types::{self, Set};
///
/// // Statically typed: set(string) from the element's Rust type.
/// let tags = Set::new([types::String::new("a"), types::String::null()]);
/// assert_eq!(tags.element_type(), &Type::String);
/// assert_eq!(tags.elements().len(), 2);
/// assert_eq!(tags.to_string(), r#"["a",<null>]"#);
///
/// // Go's SetValue: a run-time element type, every element checked against it, no duplicates.
/// let checked = Set::value(Type::String, [Value::from("x")]).unwrap();
/// assert!(Set::value(Type::String, [Value::from(1)]).is_err());
/// assert!(Set::value(Type::String, [Value::from("x"), Value::from("x")]).is_err());
///
/// // Go's SetValueFrom and ElementsAs: from and to native Rust data.
/// let from = Set::<types::String>::value_from(Type::String, &["x"]).unwrap();
/// assert_eq!(from.elements_as::<String>().unwrap(), ["x"]);
/// assert_eq!(checked.elements_as::<String>().unwrap(), ["x"]);
///
/// // Go's SetNull(elemType): a null set knows its type.
/// assert!(Set::<Value>::null_of(Type::Bool).is_null());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Set<T = Value> {
    element_type: Type,
    state: ValueState,
    elements: Vec<T>,
}

impl<T: TerraformType> Set<T> {
    /// A null set of `T`'s Terraform type.
    pub fn null() -> Set<T> {
        Set::null_of(T::terraform_type())
    }

    /// An unknown set of `T`'s Terraform type.
    pub fn unknown() -> Set<T> {
        Set::unknown_of(T::terraform_type())
    }

    /// A known set of these elements, of `T`'s Terraform type. Duplicates are reported when
    /// the set becomes a Terraform value; [`Set::value`] checks them now.
    pub fn new(elements: impl IntoIterator<Item = T>) -> Set<T> {
        Set {
            element_type: T::terraform_type(),
            state: ValueState::Known,
            elements: elements.into_iter().collect(),
        }
    }
}

impl<T: TerraformType> Default for Set<T> {
    /// Null, as Go's zero value is.
    fn default() -> Set<T> {
        Set::null()
    }
}

impl<T> Set<T> {
    /// A null set of `element_type` elements (Go's `types.SetNull`).
    pub fn null_of(element_type: Type) -> Set<T> {
        Set {
            element_type,
            state: ValueState::Null,
            elements: Vec::new(),
        }
    }

    /// An unknown set of `element_type` elements (Go's `types.SetUnknown`).
    pub fn unknown_of(element_type: Type) -> Set<T> {
        Set {
            element_type,
            state: ValueState::Unknown,
            elements: Vec::new(),
        }
    }

    /// The Terraform type of the elements.
    pub fn element_type(&self) -> &Type {
        &self.element_type
    }

    /// The elements; empty when null or unknown (Go's `Elements`).
    pub fn elements(&self) -> &[T] {
        &self.elements
    }

    /// The elements when known.
    pub fn get(&self) -> Option<&[T]> {
        (self.state == ValueState::Known).then_some(self.elements.as_slice())
    }

    /// The elements when known, taken out.
    pub fn into_inner(self) -> Option<Vec<T>> {
        (self.state == ValueState::Known).then_some(self.elements)
    }

    /// True when null (Go's `IsNull`).
    pub fn is_null(&self) -> bool {
        self.state == ValueState::Null
    }

    /// True when unknown (Go's `IsUnknown`).
    pub fn is_unknown(&self) -> bool {
        self.state == ValueState::Unknown
    }

    /// Null, unknown or known.
    pub fn state(&self) -> ValueState {
        self.state
    }
}

impl<T: ToValue> Set<T> {
    /// A known set of `element_type` elements, each checked against the type, and no two equal
    /// (Go's `types.SetValue`).
    ///
    /// # Errors
    /// One diagnostic per element that does not convert to `element_type`, and one for equal
    /// elements, with their paths.
    pub fn value(
        element_type: Type,
        elements: impl IntoIterator<Item = T>,
    ) -> Result<Set<T>, Diagnostics>
    where
        T: TerraformType,
    {
        if !types_agree(&T::terraform_type(), &element_type) {
            return Err(own_type_conflict::<Self>(
                ValueState::Known,
                &Type::set(element_type),
                &Type::set(T::terraform_type()),
            )
            .into());
        }
        let elements: Vec<T> = elements.into_iter().collect();
        let mut values = check_elements(
            "Set",
            &element_type,
            elements.iter().map(|e| ((), e)),
            |(), value| value.map(|v| PathStep::ElementKeyValue(v.clone())),
        )?;
        values.sort_by(Value::canonical_cmp);
        for pair in values.windows(2) {
            if pair[0] == pair[1] && pair[0].is_wholly_known() {
                let error = ConvertError::new(ConvertErrorKind::DuplicateSetElement {
                    element: pair[1].to_string(),
                })
                .under_set_value(&pair[1]);
                return Err(error.into());
            }
        }
        Ok(Set {
            element_type,
            state: ValueState::Known,
            elements,
        })
    }

    /// [`Set::value`] for tests and exhaustively tested logic (Go's `types.SetValueMust`).
    ///
    /// # Panics
    /// When [`Set::value`] returns diagnostics; the message sets them.
    #[track_caller]
    pub fn value_must(element_type: Type, elements: impl IntoIterator<Item = T>) -> Set<T>
    where
        T: TerraformType,
    {
        must("Set::value_must", Set::value(element_type, elements))
    }

    /// The elements converted to `U` by the conversion rules (Go's `ElementsAs`):
    /// `elements_as::<String>()` for a `Vec<String>`, `elements_as::<Option<String>>()` to
    /// allow null elements. Errors name the element by its value.
    ///
    /// # Errors
    /// A null or unknown set (check [`Set::is_null`] / [`Set::is_unknown`] first; a `Vec`
    /// holds neither), or an element that `U` cannot hold, with its path.
    pub fn elements_as<U: FromValue>(&self) -> Result<Vec<U>, Diagnostics> {
        let ty = Type::set(self.element_type.clone());
        match self.state {
            ValueState::Null => Err(ConvertError::null::<Vec<U>>(&ty).into()),
            ValueState::Unknown => Err(ConvertError::unknown::<Vec<U>>(&ty).into()),
            ValueState::Known => {
                let mut out = Vec::with_capacity(self.elements.len());
                for element in &self.elements {
                    let value = element.to_value(&self.element_type)?;
                    let key = value.clone();
                    out.push(U::from_value(value).map_err(|e| e.under_set_value(&key))?);
                }
                Ok(out)
            }
        }
    }
}

impl<T: FromValue + TerraformType> Set<T> {
    /// A known set built from native Rust data by the conversion rules (Go's
    /// `types.SetValueFrom`): `&vec!["a", "b"]` for a set of strings.
    ///
    /// # Errors
    /// When `source` cannot become a `set(element_type)`, or its elements cannot become `T`.
    pub fn value_from<S: ToValue + ?Sized>(
        element_type: Type,
        source: &S,
    ) -> Result<Set<T>, Diagnostics> {
        let value = source.to_value(&Type::set(element_type))?;
        Ok(Set::from_value(value)?)
    }
}

impl<T: TerraformType> TerraformType for Set<T> {
    const VALIDATES: bool = T::VALIDATES;

    fn validate_value(
        value: &Value,
        path: &crate::path::AttributePath,
    ) -> crate::diag::Diagnostics {
        super::conversion::validate_elements::<T>(value, path)
    }

    fn terraform_type() -> Type {
        Type::set(T::terraform_type())
    }

    /// A `SetType` reporting `T`'s attribute type for its elements.
    fn attr_type() -> Box<dyn attr::Type> {
        Box::new(SetType::<Value>::of::<T>())
    }
}

impl<T: FromValue + TerraformType> FromValue for Set<T> {
    /// A set value of any state; the element type comes from the value.
    fn from_value(value: Value) -> Result<Self, ConvertError> {
        if let Type::Set(element) = value.ty()
            && !types_agree(element, &T::terraform_type())
        {
            return Err(own_type_conflict::<Self>(
                state_of(&value),
                value.ty(),
                &Type::set(T::terraform_type()),
            ));
        }
        match value.into_parts() {
            (Type::Set(element), ValueData::Set(elements)) => Ok(Set {
                elements: {
                    let mut out = Vec::with_capacity(elements.len());
                    set_elements_from_value(elements, |element, _| {
                        out.push(element);
                        Ok(())
                    })?;
                    out
                },
                element_type: Arc::unwrap_or_clone(element),
                state: ValueState::Known,
            }),
            (Type::Set(element), ValueData::Null) => {
                Ok(Set::null_of(Arc::unwrap_or_clone(element)))
            }
            (Type::Set(element), ValueData::Unknown) => {
                Ok(Set::unknown_of(Arc::unwrap_or_clone(element)))
            }
            (Type::Dynamic, ValueData::Null) => Ok(Set::null()),
            (Type::Dynamic, ValueData::Unknown) => Ok(Set::unknown()),
            (ty, _) => Err(ConvertError::type_mismatch::<Self>("a set", &ty)),
        }
    }
}

impl<T: ToValue> ToValue for Set<T> {
    /// A set of type `ty` (or of the set's own type under `any`).
    fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
        match ty {
            Type::Set(element) => self.to_set_value(ty, element),
            Type::Dynamic => {
                self.to_set_value(&Type::set(self.element_type.clone()), &self.element_type)
            }
            _ => Err(ConvertError::type_mismatch::<Self>("a set type", ty)),
        }
    }
}

impl<T: ToValue> Set<T> {
    fn to_set_value(&self, ty: &Type, element: &Type) -> Result<Value, ConvertError> {
        if !types_agree(&self.element_type, element) {
            return Err(own_type_conflict::<Self>(
                self.state,
                &Type::set(self.element_type.clone()),
                ty,
            ));
        }
        match self.state {
            ValueState::Null => Ok(Value::null(ty.clone())),
            ValueState::Unknown => Ok(Value::unknown(ty.clone())),
            ValueState::Known => set_value(self.elements.iter(), ty, element),
        }
    }
}

impl<T: ToValue + TerraformType> super::conversion::Nullable for Set<T> {
    fn null() -> Self {
        Set::null()
    }

    fn is_null(&self) -> bool {
        Set::is_null(self)
    }
}

impl<T: ToValue + TerraformType> super::conversion::Unknownable for Set<T> {
    fn unknown() -> Self {
        Set::unknown()
    }

    fn is_unknown(&self) -> bool {
        Set::is_unknown(self)
    }
}

impl<T: ToValue> fmt::Display for Set<T> {
    /// Go's `String()`: `<null>`, `<unknown>` or `["a","b"]` (in canonical order).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_value(&Type::Dynamic) {
            Ok(value) => fmt_go(&value, f),
            Err(_) => f.write_str("<invalid>"),
        }
    }
}

impl<T> attr::Value for Set<T>
where
    T: FromValue + ToValue + TerraformType + Send + Sync + 'static,
{
    fn to_terraform_value(&self) -> Result<Value, ConvertError> {
        self.to_value(&Type::Dynamic)
    }

    fn equal(&self, other: &dyn attr::Value) -> bool {
        other.downcast_ref::<Set<T>>().is_some_and(|other| {
            self.state == other.state
                && self.element_type == other.element_type
                && self.to_terraform_value().ok() == other.to_terraform_value().ok()
        })
    }

    fn is_null(&self) -> bool {
        Set::is_null(self)
    }

    fn is_unknown(&self) -> bool {
        Set::is_unknown(self)
    }

    fn ty(&self) -> Box<dyn attr::Type> {
        Box::new(SetType::<T>::new(self.element_type.clone()))
    }
}

/// The attribute type of [`Set<T>`] (Go's `types.SetType`): a set type with its element
/// type; its values are `Set<T>`.
pub struct SetType<T = Value> {
    element_type: Type,
    /// The elements' attribute type when it was given by [`SetType::of`].
    element_attr: Option<fn() -> Box<dyn attr::Type>>,
    element: PhantomData<fn() -> T>,
}

impl<T> SetType<T> {
    /// `set(element_type)`, with values of Rust type `Set<T>`.
    pub fn new(element_type: Type) -> SetType<T> {
        SetType {
            element_type,
            element_attr: None,
            element: PhantomData,
        }
    }

    /// `set(E)` whose element attribute type is `E`'s own
    /// ([`TerraformType::attr_type`]): a set of a provider-defined type reports that type,
    /// however deeply it is nested. The attribute type of the native and framework
    /// collections ([`TerraformType::attr_type`] of `Set<E>`, `Vec<E>`, …) is built this way.
    pub fn of<E: TerraformType>() -> SetType<T> {
        SetType {
            element_type: E::terraform_type(),
            element_attr: Some(E::attr_type),
            element: PhantomData,
        }
    }
}

impl<T: TerraformType> SetType<T> {
    /// The elements' attribute type: the one given to [`SetType::of`], else `T`'s own when `T`
    /// is of the element type, else the built-in companion of the element type.
    fn element_attr_type(&self) -> Box<dyn attr::Type> {
        match self.element_attr {
            Some(element) => element(),
            None => element_attr_type::<T>(&self.element_type),
        }
    }
}

impl<T> Clone for SetType<T> {
    fn clone(&self) -> Self {
        SetType {
            element_type: self.element_type.clone(),
            element_attr: self.element_attr,
            element: PhantomData,
        }
    }
}

impl<T> fmt::Debug for SetType<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SetType({})", self.element_type)
    }
}

impl<T: TerraformType> PartialEq for SetType<T> {
    /// The same element type, and equal element attribute types.
    fn eq(&self, other: &Self) -> bool {
        self.element_type == other.element_type
            && self
                .element_attr_type()
                .equal(other.element_attr_type().as_ref())
    }
}

impl<T: TerraformType> Eq for SetType<T> {}

impl<T> attr::Type for SetType<T>
where
    T: FromValue + ToValue + TerraformType + Send + Sync + 'static,
{
    fn terraform_type(&self) -> Type {
        Type::set(self.element_type.clone())
    }

    fn value_from_terraform(&self, value: Value) -> Result<Box<dyn attr::Value>, Diagnostics> {
        let expected = self.terraform_type();
        if !fits(&value, &expected) {
            return Err(wrong_type(&value, &expected).into());
        }
        let set = Set::<T>::from_value(value)?;
        Ok(Box::new(set))
    }

    /// Another built-in set type (of any Rust element type `T`) with an equal element
    /// attribute type, as Go compares `SetType{ElemType: …}`.
    fn equal(&self, other: &dyn attr::Type) -> bool {
        other.__builtin_collection() == Some(attr::BuiltinCollection::Set)
            && other.terraform_type() == self.terraform_type()
            && other.as_type_with_element_type().is_some_and(|other| {
                other
                    .element_type()
                    .equal(self.element_attr_type().as_ref())
            })
    }

    fn __builtin_collection(&self) -> Option<attr::BuiltinCollection> {
        Some(attr::BuiltinCollection::Set)
    }

    fn apply_path_step(&self, step: &PathStep) -> Result<Box<dyn attr::Type>, PathStepError> {
        match step {
            PathStep::ElementKeyValue(_) => Ok(self.element_type()),
            _ => Err(PathStepError::new(step, self)),
        }
    }

    fn as_type_with_element_type(&self) -> Option<&dyn TypeWithElementType> {
        Some(self)
    }
}

impl<T> TypeWithElementType for SetType<T>
where
    T: FromValue + ToValue + TerraformType + Send + Sync + 'static,
{
    fn element_type(&self) -> Box<dyn attr::Type> {
        self.element_attr_type()
    }

    /// A `SetType<T>` when `T` can hold the new elements, else a `SetType<tftypes::Value>`.
    fn with_element_type(&self, element: &dyn attr::Type) -> Box<dyn TypeWithElementType> {
        let element = element.terraform_type();
        if holds_elements_of::<T>(&element) {
            Box::new(SetType::<T>::new(element))
        } else {
            Box::new(SetType::<Value>::new(element))
        }
    }
}

impl<T> fmt::Display for SetType<T>
where
    T: TerraformType,
{
    /// `SetType[StringType]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SetType[{}]", self.element_attr_type())
    }
}
