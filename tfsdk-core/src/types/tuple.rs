//! [`Tuple`] and [`TupleType`]: a fixed sequence of elements, each with its own type.

use std::fmt;

use super::conversion::{FromValue, ToValue};
use super::{attr_type_of, fmt_go, must, own_type_conflict, types_agree, value_error, wrong_type};
use crate::attr::error::ConvertError;
use crate::attr::{self, PathStepError, TypeWithElementTypes, ValueState};
use crate::diag::Diagnostics;
use crate::path::PathStep;
use crate::tftypes::{Type, Value, ValueData};

/// A tuple attribute value (Go's `types.Tuple`): null, unknown, or known elements of run-time
/// types.
///
/// The elements are [`tftypes::Value`](crate::tftypes::Value)s. A tuple's type is only known
/// at run time here, so `Tuple` does not implement
/// [`TerraformType`](crate::convert::TerraformType) and cannot be the field of a derived
/// struct; read such an attribute as a `Vec` or a [`Dynamic`](super::Dynamic).
///
/// ```
/// use tfsdk_core::tftypes::{Type, Value};
/// use tfsdk_core::types::Tuple;
///
/// let pair = Tuple::value([Type::String, Type::Number], [Value::from("a"), Value::from(1)])
///     .unwrap();
/// assert_eq!(pair.elements()[1], Value::from(1));
/// assert_eq!(pair.to_string(), r#"["a",1]"#);
/// assert!(Tuple::value([Type::String], [Value::from(1)]).is_err());
/// assert!(Tuple::null_of([Type::Bool]).is_null());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tuple {
    element_types: Vec<Type>,
    state: ValueState,
    elements: Vec<Value>,
}

impl Tuple {
    /// A null tuple of these element types (Go's `types.TupleNull`).
    pub fn null_of(element_types: impl IntoIterator<Item = Type>) -> Tuple {
        Tuple {
            element_types: element_types.into_iter().collect(),
            state: ValueState::Null,
            elements: Vec::new(),
        }
    }

    /// An unknown tuple of these element types (Go's `types.TupleUnknown`).
    pub fn unknown_of(element_types: impl IntoIterator<Item = Type>) -> Tuple {
        Tuple {
            element_types: element_types.into_iter().collect(),
            state: ValueState::Unknown,
            elements: Vec::new(),
        }
    }

    /// A known tuple, each element checked against its type (Go's `types.TupleValue`).
    ///
    /// # Errors
    /// A length mismatch or an element of the wrong type, with its path.
    pub fn value(
        element_types: impl IntoIterator<Item = Type>,
        elements: impl IntoIterator<Item = Value>,
    ) -> Result<Tuple, Diagnostics> {
        let element_types: Vec<Type> = element_types.into_iter().collect();
        let value = Value::tuple(element_types.iter().cloned(), elements).map_err(value_error)?;
        match value.into_parts() {
            (_, ValueData::Tuple(elements)) => Ok(Tuple {
                element_types,
                state: ValueState::Known,
                elements,
            }),
            (ty, _) => Err(ConvertError::type_mismatch::<Tuple>("a tuple", &ty).into()),
        }
    }

    /// [`Tuple::value`] for tests and exhaustively tested logic (Go's `types.TupleValueMust`).
    ///
    /// # Panics
    /// When [`Tuple::value`] returns diagnostics; the message lists them.
    #[track_caller]
    pub fn value_must(
        element_types: impl IntoIterator<Item = Type>,
        elements: impl IntoIterator<Item = Value>,
    ) -> Tuple {
        must("Tuple::value_must", Tuple::value(element_types, elements))
    }

    /// The element types, in order.
    pub fn element_types(&self) -> &[Type] {
        &self.element_types
    }

    /// The elements; empty when null or unknown (Go's `Elements`).
    pub fn elements(&self) -> &[Value] {
        &self.elements
    }

    /// The elements when known.
    pub fn get(&self) -> Option<&[Value]> {
        (self.state == ValueState::Known).then_some(self.elements.as_slice())
    }

    state_accessors!();

    fn terraform_value(&self) -> Value {
        let ty = Type::tuple(self.element_types.iter().cloned());
        match self.state {
            ValueState::Null => Value::null(ty),
            ValueState::Unknown => Value::unknown(ty),
            ValueState::Known => {
                Value::from_parts_unchecked(ty, ValueData::Tuple(self.elements.clone()))
            }
        }
    }
}

impl FromValue for Tuple {
    /// A tuple value of any state; the element types come from the value.
    fn from_value(value: Value) -> Result<Self, ConvertError> {
        let (ty, data) = value.into_parts();
        let Type::Tuple(types) = &ty else {
            return Err(ConvertError::type_mismatch::<Tuple>("a tuple", &ty));
        };
        let element_types = types.to_vec();
        match data {
            ValueData::Tuple(elements) => Ok(Tuple {
                element_types,
                state: ValueState::Known,
                elements,
            }),
            ValueData::Null => Ok(Tuple::null_of(element_types)),
            ValueData::Unknown => Ok(Tuple::unknown_of(element_types)),
            _ => Err(ConvertError::type_mismatch::<Tuple>("a tuple", &ty)),
        }
    }
}

impl ToValue for Tuple {
    /// A tuple of type `ty` (or of its own type under `any`).
    fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
        let own = self.terraform_value();
        match ty {
            Type::Dynamic => Ok(own),
            Type::Tuple(_) if own.ty() == ty => Ok(own),
            Type::Tuple(_) if !types_agree(own.ty(), ty) => {
                Err(own_type_conflict::<Tuple>(self.state, own.ty(), ty))
            }
            Type::Tuple(types) => match own.into_parts() {
                (_, ValueData::Null) => Ok(Value::null(ty.clone())),
                (_, ValueData::Unknown) => Ok(Value::unknown(ty.clone())),
                (_, ValueData::Tuple(elements)) => {
                    Value::tuple(types.iter().cloned(), elements).map_err(value_error)
                }
                (own, _) => Err(ConvertError::type_mismatch::<Tuple>("a tuple", &own)),
            },
            _ => Err(ConvertError::type_mismatch::<Tuple>("a tuple type", ty)),
        }
    }
}

impl fmt::Display for Tuple {
    /// Go's `String()`: `<null>`, `<unknown>` or `["a",1]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_go(&self.terraform_value(), f)
    }
}

impl attr::Value for Tuple {
    fn to_terraform_value(&self) -> Result<Value, ConvertError> {
        Ok(self.terraform_value())
    }

    fn equal(&self, other: &dyn attr::Value) -> bool {
        other.downcast_ref::<Tuple>() == Some(self)
    }

    delegate_state_queries!(Tuple);

    fn ty(&self) -> Box<dyn attr::Type> {
        Box::new(TupleType::new(self.element_types.iter().cloned()))
    }
}

/// The attribute type of [`Tuple`] (Go's `types.TupleType`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TupleType {
    element_types: Vec<Type>,
}

impl TupleType {
    /// `tuple([…])` of these element types (Go's `types.TupleType{ElemTypes: …}`).
    pub fn new(element_types: impl IntoIterator<Item = Type>) -> TupleType {
        TupleType {
            element_types: element_types.into_iter().collect(),
        }
    }
}

impl attr::Type for TupleType {
    fn terraform_type(&self) -> Type {
        Type::tuple(self.element_types.iter().cloned())
    }

    fn value_from_terraform(&self, value: Value) -> Result<Box<dyn attr::Value>, Diagnostics> {
        let expected = self.terraform_type();
        if !value.ty().usable_as(&expected) {
            return Err(wrong_type(&value, &expected).into());
        }
        let tuple = Tuple::from_value(value)?;
        Ok(Box::new(tuple))
    }

    fn equal(&self, other: &dyn attr::Type) -> bool {
        other.downcast_ref::<TupleType>() == Some(self)
    }

    fn apply_path_step(&self, step: &PathStep) -> Result<Box<dyn attr::Type>, PathStepError> {
        match step {
            PathStep::ElementKeyInt(i) => usize::try_from(*i)
                .ok()
                .and_then(|i| self.element_types.get(i))
                .map(attr_type_of)
                .ok_or_else(|| PathStepError::new(step, self)),
            _ => Err(PathStepError::new(step, self)),
        }
    }

    fn as_type_with_element_types(&self) -> Option<&dyn TypeWithElementTypes> {
        Some(self)
    }
}

impl TypeWithElementTypes for TupleType {
    fn element_types(&self) -> Vec<Box<dyn attr::Type>> {
        self.element_types.iter().map(attr_type_of).collect()
    }

    fn with_element_types(&self, elements: &[&dyn attr::Type]) -> Box<dyn TypeWithElementTypes> {
        Box::new(TupleType::new(elements.iter().map(|e| e.terraform_type())))
    }
}

impl fmt::Display for TupleType {
    /// `TupleType[StringType, NumberType]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("TupleType[")?;
        for (i, ty) in self.element_types.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", attr_type_of(ty))?;
        }
        f.write_str("]")
    }
}
