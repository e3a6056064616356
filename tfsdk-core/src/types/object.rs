//! [`Object`] and [`ObjectType`]: named attributes, each with its own type.

use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

use super::conversion::{FromValue, TerraformType, ToValue};
use super::{
    attr_type_of, fmt_go, must, own_type_conflict, state_of, types_agree, value_error, wrong_type,
};
use crate::attr::error::{ConvertError, ConvertErrorKind};
use crate::attr::{self, PathStepError, TypeWithAttributeTypes, ValueState};
use crate::diag::{Diagnostic, Diagnostics};
use crate::path::{AttributePath, PathStep};
use crate::tftypes::{self, Type, Value, ValueData};

/// The model marker of an untyped [`Object`]: its attribute types are only known at run time.
///
/// It does not implement [`TerraformType`], so `types::Object` (untyped) cannot be the field of
/// a derived struct; write `types::Object<YourModel>` there.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AnyAttributes;

/// What the model of an [`Object<M>`] says about the object's type: a model implementing
/// [`TerraformType`] (a derived struct) fixes it, [`AnyAttributes`] leaves it to run time.
/// Conversions of `Object<M>` check a value's type against it.
pub trait ObjectModel {
    /// The model's object type; `None` for [`AnyAttributes`].
    fn model_type() -> Option<Type>;
}

impl<M: TerraformType> ObjectModel for M {
    fn model_type() -> Option<Type> {
        Some(M::terraform_type())
    }
}

impl ObjectModel for AnyAttributes {
    fn model_type() -> Option<Type> {
        None
    }
}

/// An object attribute value (Go's `types.Object`): null, unknown, or known attributes.
///
/// The attributes are kept as [`tftypes::Value`](crate::tftypes::Value)s under a run-time
/// object type. `M` is a model: the default [`AnyAttributes`] for an object whose type is only
/// known at run time (Go's `types.Object`), or a struct implementing [`TerraformType`]
/// (usually with `#[derive(TfObject)]`) whose object type is then the static type of
/// `Object<M>`, which lets it be the field of a derived struct.
///
/// Check null and unknown before reading the attributes as a struct:
///
/// ```
/// use tfsdk_core::tftypes::{Type, Value};
/// use tfsdk_core::types::{self, Object, ObjectAsOptions};
///
/// // Normally filled in from the plan; here, a known object with a null attribute.
/// let attribute_types = [("string_attribute", Type::String)];
/// let example_attribute = Object::value_from(attribute_types.clone(), &std::collections::BTreeMap::from([
///     ("string_attribute".to_string(), Value::null(Type::String)),
/// ]))
/// .unwrap();
///
/// if example_attribute.is_null() {
///     // optional logic for handling a null value
/// }
/// if example_attribute.is_unknown() {
///     // optional logic for handling an unknown value
/// }
/// // Go's As with a struct of framework types; here a map of them stands in for the struct
/// // (see the crate docs for a struct).
/// let attributes: std::collections::BTreeMap<String, types::String> =
///     example_attribute.as_with(ObjectAsOptions::default()).unwrap();
/// assert!(attributes["string_attribute"].is_null());
/// ```
///
/// Build one from framework values (Go's `ObjectValue`), or from native data (Go's
/// `ObjectValueFrom`):
///
/// ```
/// use tfsdk_core::attr;
/// use tfsdk_core::tftypes::Type;
/// use tfsdk_core::types::{self, Object};
///
/// let element_types = [("attr1", Type::String), ("attr2", Type::Number)];
/// let elements: [(&str, &dyn attr::Value); 2] = [
///     ("attr1", &types::String::new("value")),
///     ("attr2", &types::Int64::new(123)),
/// ];
/// let object_value = Object::value(element_types, elements).unwrap();
/// assert_eq!(object_value.to_string(), r#"{"attr1":"value","attr2":123}"#);
///
/// // A missing attribute is an error diagnostic, as in Go.
/// let none: [(&str, &dyn attr::Value); 0] = [];
/// let diags = Object::value([("attr1", Type::String)], none).unwrap_err();
/// assert_eq!(diags.errors().next().unwrap().summary, "Missing Object Attribute Value");
/// ```
pub struct Object<M = AnyAttributes> {
    object_type: Arc<tftypes::ObjectType>,
    state: ValueState,
    attributes: BTreeMap<String, Value>,
    model: PhantomData<fn() -> M>,
}

/// Options of [`Object::as_with`] (Go's `basetypes.ObjectAsOptions`).
///
/// As in Go, they apply to every value the read reaches: the object itself, its attributes,
/// their elements. A null (unknown) value whose target cannot hold null (unknown) becomes the
/// empty value instead of an error: `""` for a bare `String`, `0`, `false`, an empty `Vec` or
/// map, a struct of empty fields; the object itself becomes the target's `Default`. Setting
/// an option is asking for that; without it, every conversion in this crate refuses to turn
/// null or unknown into an empty value.
///
/// ```
/// use tfsdk_core::TfObject;
/// use tfsdk_core::tftypes::{Type, Value};
/// use tfsdk_core::types::{Object, ObjectAsOptions};
///
/// #[derive(TfObject, Debug, Default, PartialEq)]
/// struct Owner {
///     #[tfsdk(name = "name")]
///     name: String,
///     #[tfsdk(name = "uid")]
///     uid: i64,
/// }
///
/// let owner = Object::from_value_untyped(Value::object_of([
///     ("name", Value::null(Type::String)),
///     ("uid", Value::from(7)),
/// ]))
/// .unwrap();
/// assert!(owner.as_::<Owner>().is_err());
/// let options = ObjectAsOptions { unhandled_null_as_empty: true, ..Default::default() };
/// assert_eq!(owner.as_with::<Owner>(options).unwrap(), Owner { name: String::new(), uid: 7 });
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ObjectAsOptions {
    /// A null object that the target cannot hold becomes the target's default (Go's
    /// `UnhandledNullAsEmpty`).
    pub unhandled_null_as_empty: bool,
    /// An unknown object that the target cannot hold becomes the target's default (Go's
    /// `UnhandledUnknownAsEmpty`).
    pub unhandled_unknown_as_empty: bool,
}

impl<M> Object<M> {
    fn with_state(
        object_type: Arc<tftypes::ObjectType>,
        state: ValueState,
        attributes: BTreeMap<String, Value>,
    ) -> Object<M> {
        Object {
            object_type,
            state,
            attributes,
            model: PhantomData,
        }
    }

    /// The object type: attribute names and types.
    pub fn object_type(&self) -> &tftypes::ObjectType {
        &self.object_type
    }

    /// The attribute types by name (Go's `AttributeTypes`).
    pub fn attribute_types(&self) -> &BTreeMap<String, Type> {
        self.object_type.attributes()
    }

    /// The attributes; empty when null or unknown (Go's `Attributes`).
    pub fn attributes(&self) -> &BTreeMap<String, Value> {
        &self.attributes
    }

    /// One attribute, when known.
    pub fn attribute(&self, name: &str) -> Option<&Value> {
        self.attributes.get(name)
    }

    /// The attributes when known.
    pub fn get(&self) -> Option<&BTreeMap<String, Value>> {
        (self.state == ValueState::Known).then_some(&self.attributes)
    }

    state_accessors!();

    /// The same object without its model.
    pub fn untyped(self) -> Object {
        Object::with_state(self.object_type, self.state, self.attributes)
    }

    /// The object as a Terraform value of its own type.
    fn terraform_value(&self) -> Value {
        object_terraform_value(&self.object_type, self.state, &self.attributes)
    }

    /// The object converted to `T` by the conversion rules (Go's `As` with default options):
    /// a derived struct, `Option` of one, a map, …
    ///
    /// # Errors
    /// When `T` cannot hold the object: a null or unknown object into a bare struct, an
    /// attribute that does not convert (with its path), attributes that do not match.
    pub fn as_<T: FromValue>(&self) -> Result<T, Diagnostics> {
        Ok(T::from_value(self.terraform_value())?)
    }

    /// [`Object::as_`] with Go's options: a null or unknown object that `T` cannot hold
    /// becomes `T::default()` when the option says so (see [`ObjectAsOptions`]).
    ///
    /// # Errors
    /// As [`Object::as_`], except for what the options allow.
    pub fn as_with<T: FromValue + Default>(
        &self,
        options: ObjectAsOptions,
    ) -> Result<T, Diagnostics> {
        // Each null or unknown part the target cannot hold is replaced by the value that reads
        // as the target's zero value, and the read tried again: one more pass per such part.
        // An object or tuple part becomes one of null parts (Go's zero struct: framework
        // fields null); those nulls are ours, so they are handled whatever the options say.
        let mut value = self.terraform_value();
        let mut zeroed: Vec<crate::path::AttributePath> = Vec::new();
        loop {
            let error = match T::from_value(value.clone()) {
                Ok(read) => return Ok(read),
                Err(error) => error,
            };
            let ours = || {
                zeroed.iter().any(|parent| {
                    error.path().steps().len() == parent.steps().len() + 1
                        && error.path().steps().starts_with(parent.steps())
                })
            };
            let handled = match error.kind() {
                ConvertErrorKind::Null { .. } => options.unhandled_null_as_empty || ours(),
                ConvertErrorKind::Unknown { .. } => options.unhandled_unknown_as_empty,
                _ => false,
            };
            if !handled {
                return Err(error.into());
            }
            if error.path().is_empty() {
                return Ok(T::default());
            }
            value = match super::empty::with_zero_at(value, error.path().steps()) {
                Some(filled) => filled,
                None => return Err(error.into()),
            };
            zeroed.push(error.path().clone());
        }
    }
}

impl Object {
    /// An untyped object from a value of any object type, in any state: what
    /// `Object::from_value` does for `Object<AnyAttributes>`, without naming the type
    /// parameter (`FromValue::from_value` alone cannot infer it).
    ///
    /// ```
    /// use tfsdk_core::tftypes::{Type, Value};
    /// use tfsdk_core::types::Object;
    ///
    /// let object = Object::from_value_untyped(Value::object_of([("a", Value::from(1))])).unwrap();
    /// assert_eq!(object.attribute_types()["a"], Type::Number);
    /// assert!(Object::from_value_untyped(Value::from("not an object")).is_err());
    /// ```
    ///
    /// # Errors
    /// `value` is not an object.
    pub fn from_value_untyped(value: Value) -> Result<Object, ConvertError> {
        Object::from_value(value)
    }

    /// A null object of these attribute types (Go's `types.ObjectNull`).
    pub fn null_of<K: Into<String>>(
        attribute_types: impl IntoIterator<Item = (K, Type)>,
    ) -> Object {
        Object::empty_of(attribute_types, ValueState::Null)
    }

    /// An unknown object of these attribute types (Go's `types.ObjectUnknown`).
    pub fn unknown_of<K: Into<String>>(
        attribute_types: impl IntoIterator<Item = (K, Type)>,
    ) -> Object {
        Object::empty_of(attribute_types, ValueState::Unknown)
    }

    /// An object of these attribute types in `state`, holding no attribute values.
    fn empty_of<K: Into<String>>(
        attribute_types: impl IntoIterator<Item = (K, Type)>,
        state: ValueState,
    ) -> Object {
        let object_type = Arc::new(tftypes::ObjectType::new(attribute_types));
        Object::with_state(object_type, state, BTreeMap::new())
    }

    /// A known object from framework values, every attribute present and of its type (Go's
    /// `types.ObjectValue`).
    ///
    /// # Errors
    /// Go's diagnostics, all of them: "Missing Object Attribute Value", "Invalid Object
    /// Attribute Type", "Extra Object Attribute Value".
    pub fn value<'a, K: Into<String>, N: Into<String>>(
        attribute_types: impl IntoIterator<Item = (K, Type)>,
        attributes: impl IntoIterator<Item = (N, &'a dyn attr::Value)>,
    ) -> Result<Object, Diagnostics> {
        let object_type = tftypes::ObjectType::new(attribute_types);
        let given: BTreeMap<String, &dyn attr::Value> =
            attributes.into_iter().map(|(k, v)| (k.into(), v)).collect();
        let mut diags = Diagnostics::new();
        let mut values = BTreeMap::new();
        for (name, ty) in object_type.attributes() {
            let Some(attribute) = given.get(name) else {
                diags.push(Diagnostic::error(
                    "Missing Object Attribute Value",
                    format!(
                        "While creating a Object value, a missing attribute value was detected. \
                         A Object must contain values for all attributes, even if null or \
                         unknown. This is always an issue with the provider and should be \
                         reported to the provider developers.\n\nObject Attribute Name ({name}) \
                         Expected Type: {ty}"
                    ),
                ));
                continue;
            };
            match attribute.to_terraform_value() {
                Ok(value) if value.ty().usable_as(ty) => {
                    values.insert(name.clone(), value);
                }
                Ok(value) => diags.push(
                    Diagnostic::error(
                        "Invalid Object Attribute Type",
                        format!(
                            "While creating a Object value, an invalid attribute value was \
                             detected. A Object must use a matching attribute type for the \
                             value. This is always an issue with the provider and should be \
                             reported to the provider developers.\n\nObject Attribute Name \
                             ({name}) Expected Type: {ty}\nObject Attribute Name ({name}) Given \
                             Type: {}",
                            value.ty()
                        ),
                    )
                    .with_path(AttributePath::root(name.as_str())),
                ),
                Err(error) => diags.push(error.under_attribute(name).to_diagnostic()),
            }
        }
        for name in given.keys().filter(|n| object_type.attribute(n).is_none()) {
            diags.push(Diagnostic::error(
                "Extra Object Attribute Value",
                format!(
                    "While creating a Object value, an extra attribute value was detected. A \
                     Object must not contain values beyond the expected attribute types. This is \
                     always an issue with the provider and should be reported to the provider \
                     developers.\n\nExtra Object Attribute Name: {name}"
                ),
            ));
        }
        diags.into_result(())?;
        Ok(Object::with_state(
            Arc::new(object_type),
            ValueState::Known,
            values,
        ))
    }

    /// [`Object::value`] for tests and exhaustively tested logic (Go's
    /// `types.ObjectValueMust`).
    ///
    /// # Panics
    /// When [`Object::value`] returns diagnostics; the message lists them.
    #[track_caller]
    pub fn value_must<'a, K: Into<String>, N: Into<String>>(
        attribute_types: impl IntoIterator<Item = (K, Type)>,
        attributes: impl IntoIterator<Item = (N, &'a dyn attr::Value)>,
    ) -> Object {
        must(
            "Object::value_must",
            Object::value(attribute_types, attributes),
        )
    }

    /// A known object built from native Rust data by the conversion rules (Go's
    /// `types.ObjectValueFrom`): a struct implementing the conversion traits (usually with
    /// `#[derive(TfObject)]`), or a map.
    ///
    /// # Errors
    /// When `source` cannot become an object of these attribute types, with the path of the
    /// offending part.
    pub fn value_from<K: Into<String>, S: ToValue + ?Sized>(
        attribute_types: impl IntoIterator<Item = (K, Type)>,
        source: &S,
    ) -> Result<Object, Diagnostics> {
        let ty = Type::object(attribute_types);
        let value = source.to_value(&ty)?;
        Ok(Object::from_value(value)?)
    }

    /// The same object with model `M`, when the attribute types are `M`'s.
    ///
    /// # Errors
    /// When the object type is not `M`'s Terraform type.
    pub fn with_model<M: TerraformType>(self) -> Result<Object<M>, Diagnostics> {
        let expected = M::terraform_type();
        let actual = Type::Object(self.object_type.clone());
        if actual == expected {
            Ok(Object::with_state(
                self.object_type,
                self.state,
                self.attributes,
            ))
        } else {
            Err(
                ConvertError::type_mismatch::<Object<M>>(format!("a {expected} value"), &actual)
                    .into(),
            )
        }
    }
}

impl<M: TerraformType> Object<M> {
    /// A null object of `M`'s type.
    pub fn null() -> Object<M> {
        Object::with_state(model_object_type::<M>(), ValueState::Null, BTreeMap::new())
    }

    /// An unknown object of `M`'s type.
    pub fn unknown() -> Object<M> {
        Object::with_state(
            model_object_type::<M>(),
            ValueState::Unknown,
            BTreeMap::new(),
        )
    }

    /// A known object holding `model`'s attributes.
    ///
    /// # Errors
    /// When `model` does not convert to its object type.
    pub fn from_model(model: &M) -> Result<Object<M>, Diagnostics>
    where
        M: ToValue,
    {
        let value = model.to_value(&M::terraform_type())?;
        Ok(Object::from_value(value)?)
    }
}

/// `M`'s object type; an empty one when `M` is not an object (a model that is not a struct
/// is a bug the first conversion reports).
pub(crate) fn model_object_type<M: TerraformType>() -> Arc<tftypes::ObjectType> {
    object_of(M::terraform_type())
}

/// The object type `ty` is, or an object type without attributes.
fn object_of(ty: Type) -> Arc<tftypes::ObjectType> {
    match ty {
        Type::Object(object) => object,
        _ => Arc::new(tftypes::ObjectType::default()),
    }
}

impl<M: TerraformType> Default for Object<M> {
    /// Null, as Go's zero value is.
    fn default() -> Object<M> {
        Object::null()
    }
}

impl Default for Object {
    /// Null, without attributes (Go's zero value).
    fn default() -> Object {
        Object::null_of::<String>([])
    }
}

impl<M> Clone for Object<M> {
    fn clone(&self) -> Self {
        Object::with_state(
            self.object_type.clone(),
            self.state,
            self.attributes.clone(),
        )
    }
}

impl<M> fmt::Debug for Object<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Object")
            .field("object_type", &Type::Object(self.object_type.clone()))
            .field("state", &self.state)
            .field("attributes", &self.attributes)
            .finish()
    }
}

impl<M> PartialEq for Object<M> {
    /// Same type, state and attributes.
    fn eq(&self, other: &Self) -> bool {
        self.state == other.state
            && self.object_type == other.object_type
            && self.attributes == other.attributes
    }
}

impl<M> Eq for Object<M> {}

impl<M: TerraformType> TerraformType for Object<M> {
    /// `M`'s framework type: for a derived model, an [`ObjectType`] of its attributes, each
    /// reported as its field declares it (as [`ObjectType::of_model`], without `M` in the
    /// Rust type: Go's `types.ObjectType`, one copy of its methods for every model).
    fn attr_type() -> Box<dyn attr::Type> {
        M::attr_type()
    }

    const VALIDATES: bool = false;
    const WRITE_ONLY: crate::schema::WriteOnlyFacts = M::WRITE_ONLY;

    /// `M`'s object type.
    fn terraform_type() -> Type {
        M::terraform_type()
    }
}

impl<M: ObjectModel> FromValue for Object<M> {
    /// An object value of any state; the attribute types come from the value, and must be the
    /// model's when `M` has a type.
    fn from_value(value: Value) -> Result<Self, ConvertError> {
        if let Some(expected) = M::model_type()
            && matches!(value.ty(), Type::Object(_))
            && !types_agree(value.ty(), &expected)
        {
            return Err(own_type_conflict::<Self>(
                state_of(&value),
                value.ty(),
                &expected,
            ));
        }
        Object::from_object_value(value)
    }
}

impl<M> Object<M> {
    /// An object value of any state and any object type as an `Object<M>`, unchecked against
    /// the model (callers check the type first).
    fn from_object_value(value: Value) -> Result<Self, ConvertError> {
        let (object, state, attributes) = object_value_parts(value, std::any::type_name::<Self>())?;
        Ok(Object::with_state(object, state, attributes))
    }
}

impl<M> ToValue for Object<M> {
    /// An object of type `ty` (or of its own type under `any`); the attributes must fit `ty`.
    fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
        let object = match ty {
            Type::Object(object) => object,
            Type::Dynamic => return Ok(self.terraform_value()),
            _ => return Err(ConvertError::type_mismatch::<Self>("an object type", ty)),
        };
        if Arc::ptr_eq(object, &self.object_type) || **object == *self.object_type {
            let (_, data) = self.terraform_value().into_parts();
            return Ok(Value::from_parts_unchecked(ty.clone(), data));
        }
        match self.state {
            ValueState::Null | ValueState::Unknown
                if !types_agree(&Type::Object(self.object_type.clone()), ty) =>
            {
                Err(own_type_conflict::<Self>(
                    self.state,
                    &Type::Object(self.object_type.clone()),
                    ty,
                ))
            }
            ValueState::Null => Ok(Value::null(ty.clone())),
            ValueState::Unknown => Ok(Value::unknown(ty.clone())),
            ValueState::Known => {
                Value::object(ty.clone(), self.attributes.clone()).map_err(value_error)
            }
        }
    }
}

nullable_unknownable!(impl[M: TerraformType] Object<M>);

impl<M> fmt::Display for Object<M> {
    /// Go's `String()`: `<null>`, `<unknown>` or `{"a":"x","b":1}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_go(&self.terraform_value(), f)
    }
}

impl<M: 'static> attr::Value for Object<M> {
    fn to_terraform_value(&self) -> Result<Value, ConvertError> {
        Ok(self.terraform_value())
    }

    fn equal(&self, other: &dyn attr::Value) -> bool {
        other.downcast_ref::<Object<M>>() == Some(self)
    }

    delegate_state_queries!(Object);

    fn ty(&self) -> Box<dyn attr::Type> {
        Box::new(ObjectType::<M>::from_arc(self.object_type.clone()))
    }
}

/// A model's lookup of its attributes' framework types ([`crate::TfObject`]'s).
pub(crate) type AttributeAttrTypes = fn(&str) -> Option<Box<dyn attr::Type>>;

/// The attribute type of [`Object<M>`] (Go's `types.ObjectType`): an object type; its values
/// are `Object<M>`.
pub struct ObjectType<M = AnyAttributes> {
    object_type: Arc<tftypes::ObjectType>,
    /// The attributes' framework types when a model gives them (a provider-defined type
    /// included); the built-in companions of their Terraform types otherwise.
    attribute_attr: Option<AttributeAttrTypes>,
    model: PhantomData<fn() -> M>,
}

impl<M> ObjectType<M> {
    /// An object type with these attribute types (Go's `types.ObjectType{AttrTypes: …}`).
    pub fn new<K: Into<String>>(attribute_types: impl IntoIterator<Item = (K, Type)>) -> Self {
        ObjectType::from_arc(Arc::new(tftypes::ObjectType::new(attribute_types)))
    }

    /// The attribute type of an object type.
    pub fn from_object_type(object_type: tftypes::ObjectType) -> Self {
        ObjectType::from_arc(Arc::new(object_type))
    }

    fn from_arc(object_type: Arc<tftypes::ObjectType>) -> Self {
        ObjectType {
            object_type,
            attribute_attr: None,
            model: PhantomData,
        }
    }
}

impl<M: TerraformType> ObjectType<M> {
    /// `M`'s object type, each attribute's framework type looked up in `lookup` (the built-in
    /// companion where it answers `None`). [`ObjectType::of_model`] is this for a derived
    /// model; it sits with the derive's object support.
    pub(crate) fn with_attribute_lookup(lookup: AttributeAttrTypes) -> Self {
        ObjectType {
            object_type: model_object_type::<M>(),
            attribute_attr: Some(lookup),
            model: PhantomData,
        }
    }
}

impl ObjectType {
    /// The framework type of a derived model, without the model in its type: Go's
    /// `types.ObjectType` (whose equality compares attribute types alone), each attribute's
    /// framework type looked up in `lookup`. Not generic over the model, so one copy of its
    /// methods serves every model of a provider.
    pub(crate) fn of_model_erased(
        object_type: Arc<tftypes::ObjectType>,
        lookup: AttributeAttrTypes,
    ) -> Self {
        ObjectType {
            object_type,
            attribute_attr: Some(lookup),
            model: PhantomData,
        }
    }
}

impl<M> Clone for ObjectType<M> {
    fn clone(&self) -> Self {
        ObjectType {
            object_type: self.object_type.clone(),
            attribute_attr: self.attribute_attr,
            model: PhantomData,
        }
    }
}

impl<M> fmt::Debug for ObjectType<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ObjectType({})", Type::Object(self.object_type.clone()))
    }
}

impl<M> PartialEq for ObjectType<M> {
    fn eq(&self, other: &Self) -> bool {
        self.object_type == other.object_type
    }
}

impl<M> Eq for ObjectType<M> {}

impl<M: 'static> attr::Type for ObjectType<M> {
    fn terraform_type(&self) -> Type {
        Type::Object(self.object_type.clone())
    }

    fn value_from_terraform(&self, value: Value) -> Result<Box<dyn attr::Value>, Diagnostics> {
        let (object, state, attributes) = checked_object_value_parts(
            &self.object_type,
            value,
            std::any::type_name::<Object<M>>(),
        )?;
        Ok(Box::new(Object::<M>::with_state(object, state, attributes)))
    }

    fn equal(&self, other: &dyn attr::Type) -> bool {
        other
            .downcast_ref::<ObjectType<M>>()
            .is_some_and(|other| other == self)
    }

    fn apply_path_step(&self, step: &PathStep) -> Result<Box<dyn attr::Type>, PathStepError> {
        object_type_path_step(&self.object_type, self.attribute_attr, step, self)
    }

    fn as_type_with_attribute_types(&self) -> Option<&dyn TypeWithAttributeTypes> {
        Some(self)
    }
}

impl<M: 'static> TypeWithAttributeTypes for ObjectType<M> {
    fn attribute_types(&self) -> BTreeMap<String, Box<dyn attr::Type>> {
        object_attribute_attr_types(&self.object_type, self.attribute_attr)
    }

    /// An untyped `ObjectType`: other attributes are no longer the model's.
    fn with_attribute_types(
        &self,
        attributes: &BTreeMap<String, &dyn attr::Type>,
    ) -> Box<dyn TypeWithAttributeTypes> {
        untyped_object_type(attributes)
    }
}

impl<M> fmt::Display for ObjectType<M> {
    /// `ObjectType["a":StringType,"b":NumberType]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_object_type(&self.object_type, self.attribute_attr, f)
    }
}

// The model-independent halves of `Object<M>` and `ObjectType<M>`. Every derived struct has an
// `ObjectType<Self>` (its framework type), whose vtable instantiates each method for that
// struct: the work lives here, once, and the generic methods only pass their data on.

/// An object value taken apart: its type, its state and (when known) its attributes.
type ObjectParts = (
    Arc<tftypes::ObjectType>,
    ValueState,
    BTreeMap<String, Value>,
);

/// An object value of `object_type` in `state`.
fn object_terraform_value(
    object_type: &Arc<tftypes::ObjectType>,
    state: ValueState,
    attributes: &BTreeMap<String, Value>,
) -> Value {
    let ty = Type::Object(object_type.clone());
    match state {
        ValueState::Null => Value::null(ty),
        ValueState::Unknown => Value::unknown(ty),
        ValueState::Known => Value::from_parts_unchecked(ty, ValueData::Object(attributes.clone())),
    }
}

/// The parts of an object value of any state; `target` names the Rust type for the error.
fn object_value_parts(value: Value, target: &str) -> Result<ObjectParts, ConvertError> {
    match value.into_parts() {
        (Type::Object(object), ValueData::Object(attributes)) => {
            Ok((object, ValueState::Known, attributes))
        }
        (Type::Object(object), ValueData::Null) => Ok((object, ValueState::Null, BTreeMap::new())),
        (Type::Object(object), ValueData::Unknown) => {
            Ok((object, ValueState::Unknown, BTreeMap::new()))
        }
        (ty, _) => Err(ConvertError::type_mismatch_named(
            target,
            "an object".to_owned(),
            &ty,
        )),
    }
}

/// [`object_value_parts`] of a value that must be usable as `expected`.
fn checked_object_value_parts(
    expected: &Arc<tftypes::ObjectType>,
    value: Value,
    target: &str,
) -> Result<ObjectParts, Diagnostics> {
    let expected = Type::Object(expected.clone());
    if !value.ty().usable_as(&expected) {
        return Err(wrong_type(&value, &expected).into());
    }
    Ok(object_value_parts(value, target)?)
}

/// An attribute's framework type: the model's lookup, else the built-in companion of `ty`.
fn attribute_attr_type_of(
    lookup: Option<AttributeAttrTypes>,
    name: &str,
    ty: &Type,
) -> Box<dyn attr::Type> {
    lookup
        .and_then(|lookup| lookup(name))
        .unwrap_or_else(|| attr_type_of(ty))
}

/// Every attribute's framework type, by name.
fn object_attribute_attr_types(
    object_type: &tftypes::ObjectType,
    lookup: Option<AttributeAttrTypes>,
) -> BTreeMap<String, Box<dyn attr::Type>> {
    object_type
        .attributes()
        .iter()
        .map(|(name, ty)| (name.clone(), attribute_attr_type_of(lookup, name, ty)))
        .collect()
}

/// A step into an object type: an attribute name it has.
fn object_type_path_step(
    object_type: &tftypes::ObjectType,
    lookup: Option<AttributeAttrTypes>,
    step: &PathStep,
    this: &dyn attr::Type,
) -> Result<Box<dyn attr::Type>, PathStepError> {
    match step {
        PathStep::AttributeName(name) => match object_type.attribute(name) {
            Some(ty) => Ok(attribute_attr_type_of(lookup, name, ty)),
            None => Err(PathStepError::new(step, this)),
        },
        _ => Err(PathStepError::new(step, this)),
    }
}

/// An untyped object type of these attribute types.
fn untyped_object_type(
    attributes: &BTreeMap<String, &dyn attr::Type>,
) -> Box<dyn TypeWithAttributeTypes> {
    Box::new(ObjectType::<AnyAttributes>::new(
        attributes
            .iter()
            .map(|(name, ty)| (name.clone(), ty.terraform_type())),
    ))
}

/// `ObjectType["a":StringType,"b":NumberType]`.
fn fmt_object_type(
    object_type: &tftypes::ObjectType,
    lookup: Option<AttributeAttrTypes>,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    f.write_str("ObjectType[")?;
    for (i, (name, ty)) in object_type.attributes().iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{name:?}:{}", attribute_attr_type_of(lookup, name, ty))?;
    }
    f.write_str("]")
}
