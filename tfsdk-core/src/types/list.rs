//! [`List`] and [`ListType`]: an ordered collection of elements of one type.

use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

use super::conversion::{FromValue, TerraformType, ToValue};
use super::elements::{elements_from_values, list_value};
use super::{
    check_elements, element_attr_type, fits, fmt_go, holds_elements_of, must, own_type_conflict,
    state_of, types_agree,
};
use crate::attr::error::ConvertError;
use crate::attr::{self, PathStepError, TypeWithElementType, ValueState};
use crate::diag::{Diagnostic, Diagnostics};
use crate::path::PathStep;
use crate::tftypes::{Type, Value, ValueData};

/// A list attribute value (Go's `types.List`): null, unknown, or known elements of Rust type
/// `T`.
///
/// `T` is what the elements become: a framework value such as
/// [`types::String`](super::String) (elements may then be null or unknown), a native type, a
/// derived struct, or [`tftypes::Value`](crate::tftypes::Value) (the default) for elements of
/// any type. The element's Terraform type is kept at run time, so a null list still knows it
/// is a `list(string)`.
///
/// ```
/// use tfsdk_core::tftypes::{Type, Value};
/// use tfsdk_core::types::{self, List};
///
/// // Statically typed: list(string) from the element's Rust type.
/// let tags = List::new([types::String::new("a"), types::String::null()]);
/// assert_eq!(tags.element_type(), &Type::String);
/// assert_eq!(tags.elements().len(), 2);
/// assert_eq!(tags.to_string(), r#"["a",<null>]"#);
///
/// // Go's ListValue: a run-time element type, every element checked against it.
/// let checked = List::value(Type::String, [Value::from("x")]).unwrap();
/// assert!(List::value(Type::String, [Value::from(1)]).is_err());
///
/// // Go's ListValueFrom and ElementsAs: from and to native Rust data.
/// let from = List::<types::String>::value_from(Type::String, &["x"]).unwrap();
/// assert_eq!(from.elements_as::<String>().unwrap(), ["x"]);
/// assert_eq!(checked.elements_as::<String>().unwrap(), ["x"]);
///
/// // Go's ListNull(elemType): a null list knows its type.
/// assert!(List::<Value>::null_of(Type::Bool).is_null());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct List<T = Value> {
    element_type: Type,
    state: ValueState,
    elements: Vec<T>,
}

impl<T: TerraformType> List<T> {
    /// A null list of `T`'s Terraform type.
    pub fn null() -> List<T> {
        List::null_of(T::terraform_type())
    }

    /// An unknown list of `T`'s Terraform type.
    pub fn unknown() -> List<T> {
        List::unknown_of(T::terraform_type())
    }

    /// A known list of these elements, of `T`'s Terraform type.
    pub fn new(elements: impl IntoIterator<Item = T>) -> List<T> {
        List {
            element_type: T::terraform_type(),
            state: ValueState::Known,
            elements: elements.into_iter().collect(),
        }
    }
}

impl<T: TerraformType> Default for List<T> {
    /// Null, as Go's zero value is.
    fn default() -> List<T> {
        List::null()
    }
}

impl<T> List<T> {
    /// A null list of `element_type` elements (Go's `types.ListNull`).
    pub fn null_of(element_type: Type) -> List<T> {
        List {
            element_type,
            state: ValueState::Null,
            elements: Vec::new(),
        }
    }

    /// An unknown list of `element_type` elements (Go's `types.ListUnknown`).
    pub fn unknown_of(element_type: Type) -> List<T> {
        List {
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

impl<T: ToValue> List<T> {
    /// A known list of `element_type` elements, each checked against the type (Go's
    /// `types.ListValue`).
    ///
    /// # Errors
    /// One diagnostic per element that does not convert to `element_type`, with its path.
    pub fn value(
        element_type: Type,
        elements: impl IntoIterator<Item = T>,
    ) -> Result<List<T>, Diagnostics>
    where
        T: TerraformType,
    {
        if !types_agree(&T::terraform_type(), &element_type) {
            return Err(own_type_conflict::<Self>(
                ValueState::Known,
                &Type::list(element_type),
                &Type::list(T::terraform_type()),
            )
            .into());
        }
        let elements: Vec<T> = elements.into_iter().collect();
        check_elements(
            "List",
            &element_type,
            elements.iter().enumerate(),
            |i, _| Some(PathStep::ElementKeyInt(i as i64)),
        )?;
        Ok(List {
            element_type,
            state: ValueState::Known,
            elements,
        })
    }

    /// [`List::value`] for tests and exhaustively tested logic (Go's `types.ListValueMust`).
    ///
    /// # Panics
    /// When [`List::value`] returns diagnostics; the message lists them.
    #[track_caller]
    pub fn value_must(element_type: Type, elements: impl IntoIterator<Item = T>) -> List<T>
    where
        T: TerraformType,
    {
        must("List::value_must", List::value(element_type, elements))
    }

    /// The elements converted to `U` by the conversion rules (Go's `ElementsAs`):
    /// `elements_as::<String>()` for a `Vec<String>`, `elements_as::<Option<String>>()` to
    /// allow null elements.
    ///
    /// # Errors
    /// A null or unknown list (check [`List::is_null`] / [`List::is_unknown`] first; a `Vec`
    /// holds neither), or an element that `U` cannot hold, with its path.
    pub fn elements_as<U: FromValue>(&self) -> Result<Vec<U>, Diagnostics> {
        let ty = Type::list(self.element_type.clone());
        match self.state {
            ValueState::Null => Err(ConvertError::null::<Vec<U>>(&ty).into()),
            ValueState::Unknown => Err(ConvertError::unknown::<Vec<U>>(&ty).into()),
            ValueState::Known => {
                let mut out = Vec::with_capacity(self.elements.len());
                for (i, element) in self.elements.iter().enumerate() {
                    let converted = element
                        .to_value(&self.element_type)
                        .and_then(U::from_value)
                        .map_err(|e| e.under_index(i))?;
                    out.push(converted);
                }
                Ok(out)
            }
        }
    }
}

impl<T: FromValue + TerraformType> List<T> {
    /// A known list built from native Rust data by the conversion rules (Go's
    /// `types.ListValueFrom`): `&vec!["a", "b"]` for a list of strings.
    ///
    /// # Errors
    /// When `source` cannot become a `list(element_type)`, or its elements cannot become `T`.
    pub fn value_from<S: ToValue + ?Sized>(
        element_type: Type,
        source: &S,
    ) -> Result<List<T>, Diagnostics> {
        let value = source.to_value(&Type::list(element_type))?;
        Ok(List::from_value(value)?)
    }
}

impl<T: TerraformType> TerraformType for List<T> {
    const VALIDATES: bool = T::VALIDATES;

    fn validate_value(
        value: &Value,
        path: &crate::path::AttributePath,
    ) -> crate::diag::Diagnostics {
        super::conversion::validate_elements::<T>(value, path)
    }

    fn terraform_type() -> Type {
        Type::list(T::terraform_type())
    }

    /// A `ListType` reporting `T`'s attribute type for its elements.
    fn attr_type() -> Box<dyn attr::Type> {
        Box::new(ListType::<Value>::of::<T>())
    }
}

impl<T: FromValue + TerraformType> FromValue for List<T> {
    /// A list value of any state; the element type comes from the value.
    fn from_value(value: Value) -> Result<Self, ConvertError> {
        if let Type::List(element) = value.ty()
            && !types_agree(element, &T::terraform_type())
        {
            return Err(own_type_conflict::<Self>(
                state_of(&value),
                value.ty(),
                &Type::list(T::terraform_type()),
            ));
        }
        match value.into_parts() {
            (Type::List(element), ValueData::List(elements)) => Ok(List {
                elements: elements_from_values(elements)?,
                element_type: Arc::unwrap_or_clone(element),
                state: ValueState::Known,
            }),
            (Type::List(element), ValueData::Null) => {
                Ok(List::null_of(Arc::unwrap_or_clone(element)))
            }
            (Type::List(element), ValueData::Unknown) => {
                Ok(List::unknown_of(Arc::unwrap_or_clone(element)))
            }
            (Type::Dynamic, ValueData::Null) => Ok(List::null()),
            (Type::Dynamic, ValueData::Unknown) => Ok(List::unknown()),
            (ty, _) => Err(ConvertError::type_mismatch::<Self>("a list", &ty)),
        }
    }
}

impl<T: ToValue> ToValue for List<T> {
    /// A list of type `ty` (or of the list's own type under `any`).
    fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
        match ty {
            Type::List(element) => self.to_list_value(ty, element),
            Type::Dynamic => {
                self.to_list_value(&Type::list(self.element_type.clone()), &self.element_type)
            }
            _ => Err(ConvertError::type_mismatch::<Self>("a list type", ty)),
        }
    }
}

impl<T: ToValue> List<T> {
    fn to_list_value(&self, ty: &Type, element: &Type) -> Result<Value, ConvertError> {
        if !types_agree(&self.element_type, element) {
            return Err(own_type_conflict::<Self>(
                self.state,
                &Type::list(self.element_type.clone()),
                ty,
            ));
        }
        match self.state {
            ValueState::Null => Ok(Value::null(ty.clone())),
            ValueState::Unknown => Ok(Value::unknown(ty.clone())),
            ValueState::Known => list_value(self.elements.iter(), ty, element),
        }
    }
}

impl<T: ToValue + TerraformType> super::conversion::Nullable for List<T> {
    fn null() -> Self {
        List::null()
    }

    fn is_null(&self) -> bool {
        List::is_null(self)
    }
}

impl<T: ToValue + TerraformType> super::conversion::Unknownable for List<T> {
    fn unknown() -> Self {
        List::unknown()
    }

    fn is_unknown(&self) -> bool {
        List::is_unknown(self)
    }
}

impl<T: ToValue> fmt::Display for List<T> {
    /// Go's `String()`: `<null>`, `<unknown>` or `["a","b"]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_value(&Type::Dynamic) {
            Ok(value) => fmt_go(&value, f),
            Err(_) => f.write_str("<invalid>"),
        }
    }
}

impl<T> attr::Value for List<T>
where
    T: FromValue + ToValue + TerraformType + Send + Sync + 'static,
{
    fn to_terraform_value(&self) -> Result<Value, ConvertError> {
        self.to_value(&Type::Dynamic)
    }

    fn equal(&self, other: &dyn attr::Value) -> bool {
        other.downcast_ref::<List<T>>().is_some_and(|other| {
            self.state == other.state
                && self.element_type == other.element_type
                && self.to_terraform_value().ok() == other.to_terraform_value().ok()
        })
    }

    fn is_null(&self) -> bool {
        List::is_null(self)
    }

    fn is_unknown(&self) -> bool {
        List::is_unknown(self)
    }

    fn ty(&self) -> Box<dyn attr::Type> {
        Box::new(ListType::<T>::new(self.element_type.clone()))
    }
}

/// The attribute type of [`List<T>`] (Go's `types.ListType`): a list type with its element
/// type; its values are `List<T>`.
pub struct ListType<T = Value> {
    element_type: Type,
    /// The elements' attribute type when it was given by [`ListType::of`].
    element_attr: Option<fn() -> Box<dyn attr::Type>>,
    element: PhantomData<fn() -> T>,
}

impl<T> ListType<T> {
    /// `list(element_type)`, with values of Rust type `List<T>`.
    pub fn new(element_type: Type) -> ListType<T> {
        ListType {
            element_type,
            element_attr: None,
            element: PhantomData,
        }
    }

    /// `list(E)` whose element attribute type is `E`'s own
    /// ([`TerraformType::attr_type`]): a list of a provider-defined type reports that type,
    /// however deeply it is nested. The attribute type of the native and framework
    /// collections ([`TerraformType::attr_type`] of `List<E>`, `Vec<E>`, …) is built this way.
    pub fn of<E: TerraformType>() -> ListType<T> {
        ListType {
            element_type: E::terraform_type(),
            element_attr: Some(E::attr_type),
            element: PhantomData,
        }
    }
}

impl<T: TerraformType> ListType<T> {
    /// The elements' attribute type: the one given to [`ListType::of`], else `T`'s own when `T`
    /// is of the element type, else the built-in companion of the element type.
    fn element_attr_type(&self) -> Box<dyn attr::Type> {
        match self.element_attr {
            Some(element) => element(),
            None => element_attr_type::<T>(&self.element_type),
        }
    }
}

impl<T> Clone for ListType<T> {
    fn clone(&self) -> Self {
        ListType {
            element_type: self.element_type.clone(),
            element_attr: self.element_attr,
            element: PhantomData,
        }
    }
}

impl<T> fmt::Debug for ListType<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ListType({})", self.element_type)
    }
}

impl<T: TerraformType> PartialEq for ListType<T> {
    /// The same element type, and equal element attribute types.
    fn eq(&self, other: &Self) -> bool {
        self.element_type == other.element_type
            && self
                .element_attr_type()
                .equal(other.element_attr_type().as_ref())
    }
}

impl<T: TerraformType> Eq for ListType<T> {}

impl<T> attr::Type for ListType<T>
where
    T: FromValue + ToValue + TerraformType + Send + Sync + 'static,
{
    fn terraform_type(&self) -> Type {
        Type::list(self.element_type.clone())
    }

    fn value_from_terraform(&self, value: Value) -> Result<Box<dyn attr::Value>, Diagnostics> {
        let expected = self.terraform_type();
        if !fits(&value, &expected) {
            return Err(wrong_type(&value, &expected).into());
        }
        let list = List::<T>::from_value(value)?;
        Ok(Box::new(list))
    }

    /// Another built-in list type (of any Rust element type `T`) with an equal element
    /// attribute type, as Go compares `ListType{ElemType: …}`.
    fn equal(&self, other: &dyn attr::Type) -> bool {
        other.__builtin_collection() == Some(attr::BuiltinCollection::List)
            && other.terraform_type() == self.terraform_type()
            && other.as_type_with_element_type().is_some_and(|other| {
                other
                    .element_type()
                    .equal(self.element_attr_type().as_ref())
            })
    }

    fn __builtin_collection(&self) -> Option<attr::BuiltinCollection> {
        Some(attr::BuiltinCollection::List)
    }

    fn apply_path_step(&self, step: &PathStep) -> Result<Box<dyn attr::Type>, PathStepError> {
        match step {
            PathStep::ElementKeyInt(_) => Ok(self.element_type()),
            _ => Err(PathStepError::new(step, self)),
        }
    }

    fn as_type_with_element_type(&self) -> Option<&dyn TypeWithElementType> {
        Some(self)
    }
}

impl<T> TypeWithElementType for ListType<T>
where
    T: FromValue + ToValue + TerraformType + Send + Sync + 'static,
{
    fn element_type(&self) -> Box<dyn attr::Type> {
        self.element_attr_type()
    }

    /// A `ListType<T>` when `T` can hold the new elements, else a `ListType<tftypes::Value>`.
    fn with_element_type(&self, element: &dyn attr::Type) -> Box<dyn TypeWithElementType> {
        let element = element.terraform_type();
        if holds_elements_of::<T>(&element) {
            Box::new(ListType::<T>::new(element))
        } else {
            Box::new(ListType::<Value>::new(element))
        }
    }
}

impl<T> fmt::Display for ListType<T>
where
    T: TerraformType,
{
    /// `ListType[StringType]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ListType[{}]", self.element_attr_type())
    }
}

/// The diagnostic for a Terraform value given to an attribute type it does not belong to.
pub(super) fn wrong_type(value: &Value, expected: &Type) -> Diagnostic {
    Diagnostic::error(
        "Value Conversion Error",
        format!(
            "An unexpected error was encountered trying to convert the Terraform value. This is \
             always an error in the provider.\n\ncan't use a {} value as {expected}",
            value.ty()
        ),
    )
}
