//! [`Map`] and [`MapType`]: elements of one type under string keys.

use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

use super::conversion::{FromValue, TerraformType, ToValue};
use super::elements::{entries_from_value, map_value};
use super::list::wrong_type;
use super::{
    check_elements, element_attr_type, fits, fmt_go, holds_elements_of, must, own_type_conflict,
    state_of, types_agree,
};
use crate::attr::error::ConvertError;
use crate::attr::{self, PathStepError, TypeWithElementType, ValueState};
use crate::diag::Diagnostics;
use crate::path::PathStep;
use crate::tftypes::{Type, Value, ValueData};

/// A map attribute value (Go's `types.Map`): null, unknown, or known elements of Rust type `T`
/// under string keys.
///
/// `T` is what the elements become, as for [`List`](super::List); the element's Terraform type
/// is kept at run time.
///
/// ```
/// use tfsdk_core::tftypes::{Type, Value};
/// use tfsdk_core::types::{self, Map};
///
/// let tags = Map::new([("env", types::String::new("prod"))]);
/// assert_eq!(tags.elements()["env"].value_string(), "prod");
/// assert_eq!(tags.to_string(), r#"{"env":"prod"}"#);
///
/// // Go's MapValue, MapValueFrom and ElementsAs.
/// let checked = Map::value(Type::Number, [("a", Value::from(1))]).unwrap();
/// assert!(Map::value(Type::Number, [("a", Value::from("x"))]).is_err());
/// let native = std::collections::BTreeMap::from([("a".to_string(), 1i64)]);
/// let from = Map::<types::Int64>::value_from(Type::Number, &native).unwrap();
/// assert_eq!(from.elements_as::<i64>().unwrap(), native);
/// assert_eq!(checked.elements_as::<i64>().unwrap(), native);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Map<T = Value> {
    element_type: Type,
    state: ValueState,
    elements: BTreeMap<String, T>,
}

impl<T: TerraformType> Map<T> {
    /// A null map of `T`'s Terraform type.
    pub fn null() -> Map<T> {
        Map::null_of(T::terraform_type())
    }

    /// An unknown map of `T`'s Terraform type.
    pub fn unknown() -> Map<T> {
        Map::unknown_of(T::terraform_type())
    }

    /// A known map of these entries, of `T`'s Terraform type.
    pub fn new<K: Into<String>>(elements: impl IntoIterator<Item = (K, T)>) -> Map<T> {
        Map {
            element_type: T::terraform_type(),
            state: ValueState::Known,
            elements: elements.into_iter().map(|(k, v)| (k.into(), v)).collect(),
        }
    }
}

impl<T: TerraformType> Default for Map<T> {
    /// Null, as Go's zero value is.
    fn default() -> Map<T> {
        Map::null()
    }
}

impl<T> Map<T> {
    /// A null map of `element_type` elements (Go's `types.MapNull`).
    pub fn null_of(element_type: Type) -> Map<T> {
        Map {
            element_type,
            state: ValueState::Null,
            elements: BTreeMap::new(),
        }
    }

    /// An unknown map of `element_type` elements (Go's `types.MapUnknown`).
    pub fn unknown_of(element_type: Type) -> Map<T> {
        Map {
            element_type,
            state: ValueState::Unknown,
            elements: BTreeMap::new(),
        }
    }

    /// The Terraform type of the elements.
    pub fn element_type(&self) -> &Type {
        &self.element_type
    }

    /// The entries; empty when null or unknown (Go's `Elements`).
    pub fn elements(&self) -> &BTreeMap<String, T> {
        &self.elements
    }

    /// The entries when known.
    pub fn get(&self) -> Option<&BTreeMap<String, T>> {
        (self.state == ValueState::Known).then_some(&self.elements)
    }

    /// The entries when known, taken out.
    pub fn into_inner(self) -> Option<BTreeMap<String, T>> {
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

impl<T: ToValue> Map<T> {
    /// A known map of `element_type` elements, each checked against the type (Go's
    /// `types.MapValue`).
    ///
    /// # Errors
    /// One diagnostic per element that does not convert to `element_type`, with its path.
    pub fn value<K: Into<String>>(
        element_type: Type,
        elements: impl IntoIterator<Item = (K, T)>,
    ) -> Result<Map<T>, Diagnostics>
    where
        T: TerraformType,
    {
        if !types_agree(&T::terraform_type(), &element_type) {
            return Err(own_type_conflict::<Self>(
                ValueState::Known,
                &Type::map(element_type),
                &Type::map(T::terraform_type()),
            )
            .into());
        }
        let elements: BTreeMap<String, T> =
            elements.into_iter().map(|(k, v)| (k.into(), v)).collect();
        check_elements("Map", &element_type, elements.iter(), |key, _| {
            Some(PathStep::ElementKeyString(key.clone()))
        })?;
        Ok(Map {
            element_type,
            state: ValueState::Known,
            elements,
        })
    }

    /// [`Map::value`] for tests and exhaustively tested logic (Go's `types.MapValueMust`).
    ///
    /// # Panics
    /// When [`Map::value`] returns diagnostics; the message lists them.
    #[track_caller]
    pub fn value_must<K: Into<String>>(
        element_type: Type,
        elements: impl IntoIterator<Item = (K, T)>,
    ) -> Map<T>
    where
        T: TerraformType,
    {
        must("Map::value_must", Map::value(element_type, elements))
    }

    /// The entries with elements converted to `U` by the conversion rules (Go's
    /// `ElementsAs`).
    ///
    /// # Errors
    /// A null or unknown map (check [`Map::is_null`] / [`Map::is_unknown`] first), or an
    /// element that `U` cannot hold, with its key.
    pub fn elements_as<U: FromValue>(&self) -> Result<BTreeMap<String, U>, Diagnostics> {
        let ty = Type::map(self.element_type.clone());
        match self.state {
            ValueState::Null => Err(ConvertError::null::<BTreeMap<String, U>>(&ty).into()),
            ValueState::Unknown => Err(ConvertError::unknown::<BTreeMap<String, U>>(&ty).into()),
            ValueState::Known => {
                let mut out = BTreeMap::new();
                for (key, element) in &self.elements {
                    let converted = element
                        .to_value(&self.element_type)
                        .and_then(U::from_value)
                        .map_err(|e| e.under_key(key))?;
                    out.insert(key.clone(), converted);
                }
                Ok(out)
            }
        }
    }
}

impl<T: FromValue + TerraformType> Map<T> {
    /// A known map built from native Rust data by the conversion rules (Go's
    /// `types.MapValueFrom`).
    ///
    /// # Errors
    /// When `source` cannot become a `map(element_type)`, or its elements cannot become `T`.
    pub fn value_from<S: ToValue + ?Sized>(
        element_type: Type,
        source: &S,
    ) -> Result<Map<T>, Diagnostics> {
        let value = source.to_value(&Type::map(element_type))?;
        Ok(Map::from_value(value)?)
    }
}

impl<T: TerraformType> TerraformType for Map<T> {
    const VALIDATES: bool = T::VALIDATES;

    fn validate_value(
        value: &Value,
        path: &crate::path::AttributePath,
    ) -> crate::diag::Diagnostics {
        super::conversion::validate_elements::<T>(value, path)
    }

    fn terraform_type() -> Type {
        Type::map(T::terraform_type())
    }

    /// A `MapType` reporting `T`'s attribute type for its elements.
    fn attr_type() -> Box<dyn attr::Type> {
        Box::new(MapType::<Value>::of::<T>())
    }
}

impl<T: FromValue + TerraformType> FromValue for Map<T> {
    /// A map value of any state; the element type comes from the value.
    fn from_value(value: Value) -> Result<Self, ConvertError> {
        if let Type::Map(element) = value.ty()
            && !types_agree(element, &T::terraform_type())
        {
            return Err(own_type_conflict::<Self>(
                state_of(&value),
                value.ty(),
                &Type::map(T::terraform_type()),
            ));
        }
        match value.ty() {
            Type::Map(element) if value.is_known() => {
                let element_type = (**element).clone();
                let entries = entries_from_value(
                    value,
                    Vec::with_capacity,
                    |entries, key, element| entries.push((key, element)),
                    |ty, _| ConvertError::type_mismatch::<Self>("a map", ty),
                )?;
                Ok(Map {
                    element_type,
                    state: ValueState::Known,
                    elements: entries.into_iter().collect(),
                })
            }
            _ => match value.into_parts() {
                (Type::Map(element), ValueData::Null) => {
                    Ok(Map::null_of(Arc::unwrap_or_clone(element)))
                }
                (Type::Map(element), ValueData::Unknown) => {
                    Ok(Map::unknown_of(Arc::unwrap_or_clone(element)))
                }
                (Type::Dynamic, ValueData::Null) => Ok(Map::null()),
                (Type::Dynamic, ValueData::Unknown) => Ok(Map::unknown()),
                (ty, _) => Err(ConvertError::type_mismatch::<Self>("a map", &ty)),
            },
        }
    }
}

impl<T: ToValue + TerraformType> ToValue for Map<T> {
    /// A map of type `ty` (or of the map's own type under `any`).
    fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
        let ty = match ty {
            Type::Map(element) if types_agree(&self.element_type, element) => ty.clone(),
            Type::Map(_) => {
                return Err(own_type_conflict::<Self>(
                    self.state,
                    &Type::map(self.element_type.clone()),
                    ty,
                ));
            }
            Type::Dynamic => Type::map(self.element_type.clone()),
            _ => return Err(ConvertError::type_mismatch::<Self>("a map type", ty)),
        };
        match self.state {
            ValueState::Null => Ok(Value::null(ty)),
            ValueState::Unknown => Ok(Value::unknown(ty)),
            ValueState::Known => map_value(self.elements.iter(), &ty, |ty| {
                ConvertError::type_mismatch::<Self>("a map type", ty)
            }),
        }
    }
}

impl<T: ToValue + TerraformType> super::conversion::Nullable for Map<T> {
    fn null() -> Self {
        Map::null()
    }

    fn is_null(&self) -> bool {
        Map::is_null(self)
    }
}

impl<T: ToValue + TerraformType> super::conversion::Unknownable for Map<T> {
    fn unknown() -> Self {
        Map::unknown()
    }

    fn is_unknown(&self) -> bool {
        Map::is_unknown(self)
    }
}

impl<T: ToValue + TerraformType> fmt::Display for Map<T> {
    /// Go's `String()`: `<null>`, `<unknown>` or `{"k":"v"}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_value(&Type::Dynamic) {
            Ok(value) => fmt_go(&value, f),
            Err(_) => f.write_str("<invalid>"),
        }
    }
}

impl<T> attr::Value for Map<T>
where
    T: FromValue + ToValue + TerraformType + Send + Sync + 'static,
{
    fn to_terraform_value(&self) -> Result<Value, ConvertError> {
        self.to_value(&Type::Dynamic)
    }

    fn equal(&self, other: &dyn attr::Value) -> bool {
        other.downcast_ref::<Map<T>>().is_some_and(|other| {
            self.state == other.state
                && self.element_type == other.element_type
                && self.to_terraform_value().ok() == other.to_terraform_value().ok()
        })
    }

    fn is_null(&self) -> bool {
        Map::is_null(self)
    }

    fn is_unknown(&self) -> bool {
        Map::is_unknown(self)
    }

    fn ty(&self) -> Box<dyn attr::Type> {
        Box::new(MapType::<T>::new(self.element_type.clone()))
    }
}

/// The attribute type of [`Map<T>`] (Go's `types.MapType`): a map type with its element type;
/// its values are `Map<T>`.
pub struct MapType<T = Value> {
    element_type: Type,
    /// The elements' attribute type when it was given by [`MapType::of`].
    element_attr: Option<fn() -> Box<dyn attr::Type>>,
    element: PhantomData<fn() -> T>,
}

impl<T> MapType<T> {
    /// `map(element_type)`, with values of Rust type `Map<T>`.
    pub fn new(element_type: Type) -> MapType<T> {
        MapType {
            element_type,
            element_attr: None,
            element: PhantomData,
        }
    }

    /// `map(E)` whose element attribute type is `E`'s own
    /// ([`TerraformType::attr_type`]): a map of a provider-defined type reports that type,
    /// however deeply it is nested. The attribute type of the native and framework
    /// collections ([`TerraformType::attr_type`] of `Map<E>`, `Vec<E>`, …) is built this way.
    pub fn of<E: TerraformType>() -> MapType<T> {
        MapType {
            element_type: E::terraform_type(),
            element_attr: Some(E::attr_type),
            element: PhantomData,
        }
    }
}

impl<T: TerraformType> MapType<T> {
    /// The elements' attribute type: the one given to [`MapType::of`], else `T`'s own when `T`
    /// is of the element type, else the built-in companion of the element type.
    fn element_attr_type(&self) -> Box<dyn attr::Type> {
        match self.element_attr {
            Some(element) => element(),
            None => element_attr_type::<T>(&self.element_type),
        }
    }
}

impl<T> Clone for MapType<T> {
    fn clone(&self) -> Self {
        MapType {
            element_type: self.element_type.clone(),
            element_attr: self.element_attr,
            element: PhantomData,
        }
    }
}

impl<T> fmt::Debug for MapType<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MapType({})", self.element_type)
    }
}

impl<T: TerraformType> PartialEq for MapType<T> {
    /// The same element type, and equal element attribute types.
    fn eq(&self, other: &Self) -> bool {
        self.element_type == other.element_type
            && self
                .element_attr_type()
                .equal(other.element_attr_type().as_ref())
    }
}

impl<T: TerraformType> Eq for MapType<T> {}

impl<T> attr::Type for MapType<T>
where
    T: FromValue + ToValue + TerraformType + Send + Sync + 'static,
{
    fn terraform_type(&self) -> Type {
        Type::map(self.element_type.clone())
    }

    fn value_from_terraform(&self, value: Value) -> Result<Box<dyn attr::Value>, Diagnostics> {
        let expected = self.terraform_type();
        if !fits(&value, &expected) {
            return Err(wrong_type(&value, &expected).into());
        }
        let map = Map::<T>::from_value(value)?;
        Ok(Box::new(map))
    }

    /// Another built-in map type (of any Rust element type `T`) with an equal element
    /// attribute type, as Go compares `MapType{ElemType: …}`.
    fn equal(&self, other: &dyn attr::Type) -> bool {
        other.__builtin_collection() == Some(attr::BuiltinCollection::Map)
            && other.terraform_type() == self.terraform_type()
            && other.as_type_with_element_type().is_some_and(|other| {
                other
                    .element_type()
                    .equal(self.element_attr_type().as_ref())
            })
    }

    fn __builtin_collection(&self) -> Option<attr::BuiltinCollection> {
        Some(attr::BuiltinCollection::Map)
    }

    fn apply_path_step(&self, step: &PathStep) -> Result<Box<dyn attr::Type>, PathStepError> {
        match step {
            PathStep::ElementKeyString(_) => Ok(self.element_type()),
            _ => Err(PathStepError::new(step, self)),
        }
    }

    fn as_type_with_element_type(&self) -> Option<&dyn TypeWithElementType> {
        Some(self)
    }
}

impl<T> TypeWithElementType for MapType<T>
where
    T: FromValue + ToValue + TerraformType + Send + Sync + 'static,
{
    fn element_type(&self) -> Box<dyn attr::Type> {
        self.element_attr_type()
    }

    /// A `MapType<T>` when `T` can hold the new elements, else a `MapType<tftypes::Value>`.
    fn with_element_type(&self, element: &dyn attr::Type) -> Box<dyn TypeWithElementType> {
        let element = element.terraform_type();
        if holds_elements_of::<T>(&element) {
            Box::new(MapType::<T>::new(element))
        } else {
            Box::new(MapType::<Value>::new(element))
        }
    }
}

impl<T: TerraformType> fmt::Display for MapType<T> {
    /// `MapType[StringType]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MapType[{}]", self.element_attr_type())
    }
}
