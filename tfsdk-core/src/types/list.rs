//! [`List`] and [`ListType`]: an ordered collection of elements of one type.

use std::marker::PhantomData;

use super::check_elements;
use super::collection::{
    checked_constructors, collection_type_impls, collection_value_impls, require_known,
    vec_accessors,
};
use super::conversion::{FromValue, TerraformType, ToValue};
use super::elements::{elements_from_values, sequence_value};
use crate::attr::error::ConvertError;
use crate::attr::{self, ValueState};
use crate::diag::Diagnostics;
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

// The null and unknown constructors, state accessors, `value_from` and the traits; a known
// value is read by `from_known` and written by `write_known` below.
collection_value_impls!(List, ListType, list, "list", to_value where T: ToValue);

// `new` from elements of `T`, and the elements.
vec_accessors!(
    List,
    "A known list of these elements, of `T`'s Terraform type."
);

// `value` and `value_must`: the elements checked by `check_new` below.
checked_constructors!(
    List,
    list,
    [] T,
    |elements| elements.into_iter().collect(),
    "A known list of `element_type` elements, each checked against the type (Go's",
    "`types.ListValue`).",
    "",
    "# Errors",
    "One diagnostic per element that does not convert to `element_type`, with its path."
);

impl<T: ToValue> List<T> {
    /// The checks of [`List::value`] beyond the element type: each element converts to it.
    fn check_new(element_type: &Type, elements: &[T]) -> Result<(), Diagnostics> {
        check_elements("List", element_type, elements.iter().enumerate(), |i, _| {
            Some(PathStep::ElementKeyInt(i as i64))
        })
        .map(drop)
    }

    /// The elements converted to `U` by the conversion rules (Go's `ElementsAs`):
    /// `elements_as::<String>()` for a `Vec<String>`, `elements_as::<Option<String>>()` to
    /// allow null elements.
    ///
    /// # Errors
    /// A null or unknown list (check [`List::is_null`] / [`List::is_unknown`] first; a `Vec`
    /// holds neither), or an element that `U` cannot hold, with its path.
    pub fn elements_as<U: FromValue>(&self) -> Result<Vec<U>, Diagnostics> {
        require_known::<Vec<U>>(self.state, Type::list(self.element_type.clone()))?;
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

impl<T: ToValue> List<T> {
    /// The Terraform value of this known list as type `ty`, of `element` elements.
    fn write_known(&self, ty: &Type, element: &Type) -> Result<Value, ConvertError> {
        sequence_value(self.elements.iter(), ty, element)
    }
}

impl<T: FromValue + TerraformType> List<T> {
    /// The known list in `value`, of `element_type` elements.
    fn from_known(element_type: Type, value: Value) -> Result<Self, ConvertError> {
        match value.into_parts() {
            (_, ValueData::List(elements)) => Ok(List {
                elements: elements_from_values(elements)?,
                element_type,
                state: ValueState::Known,
            }),
            (ty, _) => Err(ConvertError::type_mismatch::<Self>("a list", &ty)),
        }
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

// Everything but the struct: a `PathStep::ElementKeyInt` leads to the element type.
collection_type_impls!(ListType, List, list, "list", ElementKeyInt);
