//! [`Map`] and [`MapType`]: elements of one type under string keys.

use std::collections::BTreeMap;
use std::marker::PhantomData;

use super::check_elements;
use super::collection::{
    checked_constructors, collection_type_impls, collection_value_impls, require_known,
};
use super::conversion::{FromValue, TerraformType, ToValue};
use super::elements::{entries_from_value, map_value};
use crate::attr::error::ConvertError;
use crate::attr::{self, ValueState};
use crate::diag::Diagnostics;
use crate::path::PathStep;
use crate::tftypes::{Type, Value};

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

// The null and unknown constructors, state accessors, `value_from` and the traits; a known
// value is read by `from_known` and written by `write_known` below.
collection_value_impls!(Map, MapType, map, "map", to_value where T: ToValue + TerraformType);

impl<T: TerraformType> Map<T> {
    /// A known map of these entries, of `T`'s Terraform type.
    pub fn new<K: Into<String>>(elements: impl IntoIterator<Item = (K, T)>) -> Map<T> {
        Map {
            element_type: T::terraform_type(),
            state: ValueState::Known,
            elements: elements.into_iter().map(|(k, v)| (k.into(), v)).collect(),
        }
    }
}

impl<T> Map<T> {
    /// The entries; empty when null or unknown (Go's `Elements`).
    pub fn elements(&self) -> &BTreeMap<String, T> {
        &self.elements
    }

    /// The entries when known.
    pub fn get(&self) -> Option<&BTreeMap<String, T>> {
        (self.state == ValueState::Known).then_some(&self.elements)
    }

    /// The entries when known, to change in place.
    pub fn get_mut(&mut self) -> Option<&mut BTreeMap<String, T>> {
        (self.state == ValueState::Known).then_some(&mut self.elements)
    }

    /// The entries when known, taken out.
    pub fn into_inner(self) -> Option<BTreeMap<String, T>> {
        (self.state == ValueState::Known).then_some(self.elements)
    }
}

// `value` and `value_must`: the elements checked by `check_new` below.
checked_constructors!(
    Map,
    map,
    [K: Into<String>] (K, T),
    |elements| elements.into_iter().map(|(k, v)| (k.into(), v)).collect(),
    "A known map of `element_type` elements, each checked against the type (Go's",
    "`types.MapValue`).",
    "",
    "# Errors",
    "One diagnostic per element that does not convert to `element_type`, with its path."
);

impl<T: ToValue> Map<T> {
    /// The checks of [`Map::value`] beyond the element type: each element converts to it.
    fn check_new(element_type: &Type, elements: &BTreeMap<String, T>) -> Result<(), Diagnostics> {
        check_elements("Map", element_type, elements.iter(), |key, _| {
            Some(PathStep::ElementKeyString(key.clone()))
        })
        .map(drop)
    }

    /// The entries with elements converted to `U` by the conversion rules (Go's
    /// `ElementsAs`).
    ///
    /// # Errors
    /// A null or unknown map (check [`Map::is_null`] / [`Map::is_unknown`] first), or an
    /// element that `U` cannot hold, with its key.
    pub fn elements_as<U: FromValue>(&self) -> Result<BTreeMap<String, U>, Diagnostics> {
        require_known::<BTreeMap<String, U>>(self.state, Type::map(self.element_type.clone()))?;
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

impl<T: ToValue + TerraformType> Map<T> {
    /// The Terraform value of this known map as type `ty`, of `element` elements.
    fn write_known(&self, ty: &Type, _element: &Type) -> Result<Value, ConvertError> {
        map_value(self.elements.iter(), ty, |ty| {
            ConvertError::type_mismatch::<Self>("a map type", ty)
        })
    }
}

impl<T: FromValue + TerraformType> Map<T> {
    /// The known map in `value`, of `element_type` elements.
    fn from_known(element_type: Type, value: Value) -> Result<Self, ConvertError> {
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
}

/// The attribute type of [`Map<T>`] (Go's `types.MapType`): a map type with its element type;
/// its values are `Map<T>`.
pub struct MapType<T = Value> {
    element_type: Type,
    /// The elements' attribute type when it was given by [`MapType::of`].
    element_attr: Option<fn() -> Box<dyn attr::Type>>,
    element: PhantomData<fn() -> T>,
}

// Everything but the struct: a `PathStep::ElementKeyString` leads to the element type.
collection_type_impls!(MapType, Map, map, "map", ElementKeyString);
