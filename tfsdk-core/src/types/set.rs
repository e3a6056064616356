//! [`Set`] and [`SetType`]: an unordered collection of unique elements of one type.

use std::marker::PhantomData;

use super::check_elements;
use super::collection::{
    checked_constructors, collection_type_impls, collection_value_impls, require_known,
    vec_accessors,
};
use super::conversion::{FromValue, TerraformType, ToValue};
use super::elements::{sequence_value, set_elements_from_value};
use crate::attr::error::{ConvertError, ConvertErrorKind};
use crate::attr::{self, ValueState};
use crate::diag::Diagnostics;
use crate::path::PathStep;
use crate::tftypes::{Type, Value, ValueData, duplicate_in_set};

/// A set attribute value (Go's `types.Set`): null, unknown, or known unique elements of Rust
/// type `T`.
///
/// Elements keep the order they were given or, read from a Terraform value, the order the value
/// keeps (the order read); equality ignores the order. Equal elements are an error:
/// [`Set::value`] reports them at once;
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

// The null and unknown constructors, state accessors, `value_from` and the traits; a known
// value is read by `from_known` and written by `write_known` below.
collection_value_impls!(Set, SetType, set, "set", to_value where T: ToValue);

// `new` from elements of `T`, and the elements.
vec_accessors!(
    Set,
    "A known set of these elements, of `T`'s Terraform type. Duplicates are reported when",
    "the set becomes a Terraform value; [`Set::value`] checks them now."
);

// `value` and `value_must`: the elements checked by `check_new` below.
checked_constructors!(
    Set,
    set,
    [] T,
    |elements| elements.into_iter().collect(),
    "A known set of `element_type` elements, each checked against the type, and no two equal",
    "(Go's `types.SetValue`).",
    "",
    "# Errors",
    "One diagnostic per element that does not convert to `element_type`, and one for equal",
    "elements, with their paths."
);

impl<T: ToValue> Set<T> {
    /// The checks of [`Set::value`] beyond the element type: each element converts to it, and no
    /// two are equal.
    fn check_new(element_type: &Type, elements: &[T]) -> Result<(), Diagnostics> {
        let values = check_elements(
            "Set",
            element_type,
            elements.iter().map(|e| ((), e)),
            |(), value| value.map(|v| PathStep::ElementKeyValue(v.clone())),
        )?;
        if let Some(at) = duplicate_in_set(&values) {
            let error = ConvertError::new(ConvertErrorKind::DuplicateSetElement {
                element: values[at].to_string(),
            })
            .under_set_value(&values[at]);
            return Err(error.into());
        }
        Ok(())
    }

    /// The elements converted to `U` by the conversion rules (Go's `ElementsAs`):
    /// `elements_as::<String>()` for a `Vec<String>`, `elements_as::<Option<String>>()` to
    /// allow null elements. Errors name the element by its value.
    ///
    /// # Errors
    /// A null or unknown set (check [`Set::is_null`] / [`Set::is_unknown`] first; a `Vec`
    /// holds neither), or an element that `U` cannot hold, with its path.
    pub fn elements_as<U: FromValue>(&self) -> Result<Vec<U>, Diagnostics> {
        require_known::<Vec<U>>(self.state, Type::set(self.element_type.clone()))?;
        let mut out = Vec::with_capacity(self.elements.len());
        for element in &self.elements {
            let value = element.to_value(&self.element_type)?;
            let key = value.clone();
            out.push(U::from_value(value).map_err(|e| e.under_set_value(&key))?);
        }
        Ok(out)
    }
}

impl<T: ToValue> Set<T> {
    /// The Terraform value of this known set as type `ty`, of `element` elements.
    fn write_known(&self, ty: &Type, element: &Type) -> Result<Value, ConvertError> {
        sequence_value(self.elements.iter(), ty, element)
    }
}

impl<T: FromValue + TerraformType> Set<T> {
    /// The known set in `value`, of `element_type` elements.
    fn from_known(element_type: Type, value: Value) -> Result<Self, ConvertError> {
        let (ty, data) = value.into_parts();
        let ValueData::Set(values) = data else {
            return Err(ConvertError::type_mismatch::<Self>("a set", &ty));
        };
        let mut elements = Vec::with_capacity(values.len());
        set_elements_from_value(values, |element, _| {
            elements.push(element);
            Ok(())
        })?;
        Ok(Set {
            element_type,
            state: ValueState::Known,
            elements,
        })
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

// Everything but the struct: a `PathStep::ElementKeyValue` leads to the element type.
collection_type_impls!(SetType, Set, set, "set", ElementKeyValue);
