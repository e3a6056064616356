//! A derived struct to and from an object value: the rules the code `#[derive(TfObject)]`
//! generates calls (through `__private`), written once here rather than once per struct.

use std::collections::{BTreeMap, btree_map};
use std::sync::{Arc, OnceLock};

use super::{
    AttributeNames, AttributeSink, AttributeValues, AttributesOut, ObjectFields, TfObject,
};
use crate::convert::{ConvertError, ConvertErrorKind, FromValue, TerraformType, ToValue};
use crate::schema;
use crate::tftypes::{ObjectType, Type, Value};

/// What the non-generic helpers below need to know about a derived struct.
///
/// Generated code and the generic helpers hand this over instead of the type itself, so each
/// helper's body is compiled once in tfsdk-core rather than once per struct: a crate with
/// hundreds of derived structs compiles only their one-line shims.
#[derive(Clone, Copy)]
pub struct ObjectShape {
    /// `std::any::type_name` of the struct, for error messages.
    pub type_name: &'static str,
    /// The struct's attribute names, flattened structs' included.
    pub names: &'static AttributeNames,
    /// [`ObjectFields::attribute_count`](super::ObjectFields::attribute_count).
    pub attribute_count: usize,
    /// [`ObjectFields::has_attribute`](super::ObjectFields::has_attribute).
    pub has_attribute: fn(&str) -> bool,
    /// [`TerraformType::terraform_type`] of the struct.
    pub terraform_type: fn() -> Type,
    /// [`ObjectFields::cached_type`](super::ObjectFields::cached_type).
    pub cached: Option<&'static CachedObjectType>,
}

impl ObjectShape {
    /// The shape of `T`.
    #[inline]
    pub fn of<T: TfObject>() -> ObjectShape {
        ObjectShape {
            type_name: std::any::type_name::<T>(),
            names: &T::ATTRIBUTE_NAMES,
            attribute_count: T::attribute_count(),
            has_attribute: T::has_attribute,
            terraform_type: T::terraform_type,
            cached: T::cached_type(),
        }
    }

    /// True when `ty` is the struct's own shared object type (the same `Arc`), whose
    /// attribute names are the struct's by construction.
    #[inline]
    fn is_own_type(&self, ty: &Type) -> bool {
        match (ty, self.cached) {
            (Type::Object(object), Some(cached)) => cached.is(object),
            _ => false,
        }
    }
}

schema_text! {
    /// Adds the schema attributes of model `T` to `out`: what a server keeps to build `T`'s
    /// schema when it is asked for (the model's table accessor is inlined here); public as
    /// [`TfSchema::attributes_fn`](crate::TfSchema::attributes_fn).
    pub fn schema_attributes_of<T: ObjectFields>(out: &mut BTreeMap<String, schema::Attribute>) {
        T::collect_schema_attributes(out);
    }
}

schema_text! {
    /// The object type of a derived struct, built from its attributes.
    pub fn object_type<T: TfObject>() -> Type {
        object_type_from(T::collect_attribute_types)
    }
}

schema_text! {
    /// The body of [`object_type`], compiled once: the object type of the attributes that
    /// `collect` adds.
    fn object_type_from(collect: fn(&mut BTreeMap<String, Type>)) -> Type {
        let mut attributes = BTreeMap::new();
        collect(&mut attributes);
        Type::object(attributes)
    }
}

schema_text! {
    /// The object type of a derived struct: the cached one when it has one
    /// ([`ObjectFields::cached_type`](super::ObjectFields::cached_type)), else built from its
    /// attributes.
    #[inline]
    pub fn own_object_type<T: TfObject>() -> Type {
        match T::cached_type() {
            Some(cached) => cached.ty().clone(),
            None => object_type::<T>(),
        }
    }
}

/// Builds a derived struct from an object value: null, unknown and non-object values are
/// errors, and the object's attributes must be exactly the struct's.
///
/// # Errors
/// As above, with the attribute path of a field that fails to convert.
#[inline]
pub fn object_from_value<T: TfObject>(value: Value) -> Result<T, ConvertError> {
    T::from_checked_attributes(object_attributes(value, &ObjectShape::of::<T>())?)
}

/// The attributes of an object value that is to become the struct of `shape`.
///
/// # Errors
/// The value is null, unknown or not an object, or its attribute names are not the struct's.
#[inline]
pub fn object_attributes(
    value: Value,
    shape: &ObjectShape,
) -> Result<AttributeValues, ConvertError> {
    let (ty, values) = match value.into_object_values() {
        Ok(object) => object,
        Err(value) => return Err(not_an_object(&value, shape)),
    };
    if let Some(object) = ty.as_object()
        && !shape.is_own_type(&ty)
    {
        check_attribute_names(object.attributes(), shape)?;
    }
    Ok(AttributeValues::checked(ty, values))
}

/// The error for a value that is not a known object where the struct of `shape` is read.
#[cold]
#[inline(never)]
fn not_an_object(value: &Value, shape: &ObjectShape) -> ConvertError {
    let ty = value.ty();
    if value.is_null() {
        ConvertError::null_named(shape.type_name, ty)
    } else if value.is_unknown() {
        ConvertError::unknown_named(shape.type_name, ty)
    } else {
        ConvertError::type_mismatch_named(shape.type_name, "an object value".to_owned(), ty)
    }
}

/// Checks that the object's attribute names are exactly the struct's, listing both sides of a
/// difference like the Go framework does.
///
/// # Errors
/// [`ConvertErrorKind::ObjectMismatch`].
pub fn check_attribute_names<V>(
    attributes: &BTreeMap<String, V>,
    shape: &ObjectShape,
) -> Result<(), ConvertError> {
    if attributes.len() == shape.attribute_count
        && attributes.keys().all(|name| (shape.has_attribute)(name))
    {
        return Ok(());
    }
    let object_only = attributes
        .keys()
        .filter(|name| !(shape.has_attribute)(name))
        .cloned()
        .collect();
    let mut struct_only: Vec<String> = shape
        .names
        .to_vec()
        .into_iter()
        .filter(|name| !attributes.contains_key(*name))
        .map(str::to_owned)
        .collect();
    struct_only.sort();
    Err(ConvertError::new(ConvertErrorKind::ObjectMismatch {
        struct_only,
        object_only,
    }))
}

/// Takes one attribute's value out of the map and converts it to its field's type.
///
/// The value is moved out and a null placeholder left under the name, instead of removing the
/// entry: removing from a `BTreeMap` rebalances it, work that is wasted because the map is
/// dropped whole afterwards. Each name is taken once (a
/// struct's attribute names are unique).
///
/// # Errors
/// The attribute is missing, or its value does not convert (the error gets the attribute's
/// name in its path).
#[inline]
pub fn take_attribute<T: FromValue + TerraformType>(
    attributes: &mut BTreeMap<String, Value>,
    name: &str,
) -> Result<T, ConvertError> {
    match attribute_slot(attributes, name) {
        Some(slot) => {
            let value = std::mem::replace(slot, Value::null(Type::Dynamic));
            if T::VALIDATES {
                validate::<T>(&value).map_err(|e| e.under_attribute(name))?;
            }
            T::from_value(value).map_err(|e| e.under_attribute(name))
        }
        None => Err(missing_attribute(name)),
    }
}

/// [`TerraformType::validate_value`] of `value` as an error: the first error diagnostic, at
/// its path relative to `value`.
#[cold]
#[inline(never)]
pub fn validate<T: TerraformType + ?Sized>(value: &Value) -> Result<(), ConvertError> {
    let diagnostics = T::validate_value(value, &crate::path::AttributePath::empty());
    match diagnostics.errors().next() {
        None => Ok(()),
        Some(error) => {
            let converted = ConvertError::invalid(error.summary.clone(), error.detail.clone());
            Err(match &error.path {
                Some(path) => converted.prefixed(path),
                None => converted,
            })
        }
    }
}

/// The value of one attribute. Objects are small: up to 16 attributes, a scan comparing lengths
/// first (names of another length are skipped without touching their bytes) beats the map's
/// ordered search, which compares bytes at every step.
#[inline]
fn attribute_slot<'a>(
    attributes: &'a mut BTreeMap<String, Value>,
    name: &str,
) -> Option<&'a mut Value> {
    if attributes.len() <= 16 {
        attributes
            .iter_mut()
            .find_map(|(key, value)| (key.as_str() == name).then_some(value))
    } else {
        attributes.get_mut(name)
    }
}

#[cold]
#[inline(never)]
fn missing_attribute(name: &str) -> ConvertError {
    ConvertError::new(ConvertErrorKind::ObjectMismatch {
        struct_only: vec![name.to_owned()],
        object_only: Vec::new(),
    })
}

/// An object's attributes read in name order: generated
/// [`ObjectFields::from_checked_attributes`](super::ObjectFields::from_checked_attributes) reads its fields sorted by attribute name, so each
/// read takes the next entry of the map instead of looking a name up.
pub struct SortedAttributes {
    entries: AttributeValues,
}

impl SortedAttributes {
    /// Reads `attributes` from its first name on.
    #[inline]
    pub fn new(attributes: AttributeValues) -> SortedAttributes {
        SortedAttributes {
            entries: attributes,
        }
    }

    /// The next attribute, which must be `name`, converted to its field's type.
    ///
    /// # Errors
    /// The next attribute is not `name` (the names were not checked), or its value does not
    /// convert (the error gets the attribute's name in its path).
    #[inline(always)]
    pub fn next<T: FromValue + TerraformType>(&mut self, name: &str) -> Result<T, ConvertError> {
        let Some(value) = self.entries.next(name) else {
            return Err(missing_attribute(name));
        };
        if T::VALIDATES
            && let Err(error) = validate::<T>(&value)
        {
            return Err(error.under_attribute(name));
        }
        match T::from_value(value) {
            Ok(field) => Ok(field),
            Err(error) => Err(error.under_attribute(name)),
        }
    }
}

/// Takes the attributes named `names` (a struct's own, none flattened) out of a parent
/// object's map, for the [`ObjectFields::from_attributes`](super::ObjectFields::from_attributes) of a struct that is flattened into
/// another.
///
/// # Errors
/// One of the names is not in the map.
pub fn take_own_attributes(
    attributes: &mut BTreeMap<String, Value>,
    names: &[&str],
) -> Result<AttributeValues, ConvertError> {
    let mut own = BTreeMap::new();
    for name in names {
        match attributes.remove_entry(*name) {
            Some((name, value)) => {
                own.insert(name, value);
            }
            None => return Err(missing_attribute(name)),
        }
    }
    Ok(AttributeValues::from_map(own))
}

/// Converts a field to its attribute type in `out`'s object type and adds it to `out`.
///
/// Compiled once per field type and sink, not inlined into each struct: the conversion and
/// the push are inlined here (so that a field's value goes straight into the attribute list),
/// and one copy per type keeps the derive's code, and its build time, small.
#[inline(never)]
pub fn put_attribute<T: ToValue>(
    out: &mut impl AttributeSink, // keeps the first failure, for the end of the writing
    name: &str,
    field: &T,
) {
    out.put(name, field);
}

/// Converts `field` to `ty`, the type of attribute `name`, and hands the value to `store`: the
/// conversion must give a value of that type (a hand-written [`ToValue`] may not). The value
/// goes straight from the conversion's result to `store`, without being wrapped in a result
/// again: every move of a value through the stack costs, at one value per attribute.
///
/// # Errors
/// The field does not convert, or converts to a value of another type; under `name`.
#[inline(always)]
fn convert_attribute<T: ToValue + ?Sized>(
    field: &T,
    name: &str,
    ty: &Type,
    store: impl FnOnce(Value),
) -> Result<(), ConvertError> {
    match field.to_value(ty) {
        Ok(value) if value.ty().usable_as(ty) => {
            store(value);
            Ok(())
        }
        Ok(value) => Err(attribute_type_mismatch::<T>(name, ty, value.ty())),
        Err(error) => Err(error.under_attribute(name)),
    }
}

#[cold]
#[inline(never)]
fn attribute_type_mismatch<T: ?Sized>(name: &str, wanted: &Type, found: &Type) -> ConvertError {
    ConvertError::type_mismatch::<T>(wanted.to_string(), found).under_attribute(name)
}

impl AttributeSink for AttributesOut<'_> {
    #[inline]
    fn put<T: ToValue + ?Sized>(&mut self, name: &str, field: &T) {
        let Some((index, ty)) = self.find(name) else {
            return self.fail(missing_attribute(name));
        };
        if let Err(error) = convert_attribute(field, name, ty, |value| self.set(index, value)) {
            self.fail(error);
        }
    }
}

/// The attribute values of a struct without flattened fields, which writes its attributes in
/// name order: the order of its object type's attributes, once that type is known to have
/// exactly the struct's names. Each value takes the next attribute's type and goes at the end.
pub struct SortedAttributesOut<'t> {
    types: AttributeTypes<'t>,
    values: Vec<Value>,
    error: Option<ConvertError>,
}

/// The attribute types of the object being written, in attribute order.
enum AttributeTypes<'t> {
    /// The struct's own type, whose attribute types were listed when it was built.
    Cached(std::slice::Iter<'t, Type>),
    /// Another object type with the struct's attribute names.
    Named(btree_map::Values<'t, String, Type>),
}

impl<'t> SortedAttributesOut<'t> {
    #[inline]
    fn new(types: AttributeTypes<'t>) -> SortedAttributesOut<'t> {
        let count = match &types {
            AttributeTypes::Cached(types) => types.len(),
            AttributeTypes::Named(types) => types.len(),
        };
        SortedAttributesOut {
            types,
            values: Vec::with_capacity(count),
            error: None,
        }
    }

    #[inline]
    fn next_type(&mut self) -> Option<&'t Type> {
        match &mut self.types {
            AttributeTypes::Cached(types) => types.next(),
            AttributeTypes::Named(types) => types.next(),
        }
    }

    #[cold]
    fn fail(&mut self, error: ConvertError) {
        self.error.get_or_insert(error);
    }

    /// The object value of type `ty` (whose attributes these are), or the first failure.
    #[inline]
    fn finish(mut self, ty: &Type) -> Result<Value, ConvertError> {
        if let Some(error) = self.error.take() {
            return Err(error);
        }
        match self.next_type() {
            None => Ok(Value::object_values_unchecked(ty.clone(), self.values)),
            // Not reached: the names were checked to be the struct's, one put each.
            Some(_) => Err(missing_attribute("")),
        }
    }
}

impl AttributeSink for SortedAttributesOut<'_> {
    #[inline(always)]
    fn put<T: ToValue + ?Sized>(&mut self, name: &str, field: &T) {
        let Some(ty) = self.next_type() else {
            return self.fail(missing_attribute(name));
        };
        if let Err(error) = convert_attribute(field, name, ty, |value| self.values.push(value)) {
            self.fail(error);
        }
    }
}

/// A non-generic derived struct's object type, built once, with its attribute types listed in
/// attribute order for writing its values without walking the type's map.
pub struct CachedObjectType {
    ty: Type,
    attribute_types: Box<[Type]>,
}

impl CachedObjectType {
    /// The object type.
    #[inline]
    pub fn ty(&self) -> &Type {
        &self.ty
    }

    /// True when `object` is this type itself (not merely an equal one).
    #[inline]
    fn is(&self, object: &Arc<ObjectType>) -> bool {
        matches!(&self.ty, Type::Object(own) if Arc::ptr_eq(own, object))
    }
}

/// A non-generic struct's object type, built by `init` once and kept in `cell`.
#[inline]
pub fn cached_object_type(
    cell: &'static OnceLock<CachedObjectType>,
    init: fn() -> Type,
) -> &'static CachedObjectType {
    match cell.get() {
        Some(cached) => cached,
        None => build_cached_object_type(cell, init),
    }
}

/// The first use of a struct's object type: one copy of this code in the program (not one per
/// struct), with `GetProviderSchema`'s other code.
#[cold]
#[inline(never)]
#[cfg_attr(target_os = "linux", unsafe(link_section = "tfsdk_schema_text"))]
fn build_cached_object_type(
    cell: &'static OnceLock<CachedObjectType>,
    init: fn() -> Type,
) -> &'static CachedObjectType {
    cell.get_or_init(|| {
        let ty = init();
        let attribute_types = ty
            .as_object()
            .map(|object| object.attributes().values().cloned().collect())
            .unwrap_or_default();
        CachedObjectType {
            ty,
            attribute_types,
        }
    })
}

/// Converts a derived struct without flattened fields to an object value of type `ty`, as
/// [`object_to_value`] does: the attribute names are settled once (the struct's own type is
/// recognised by its address, another object type's names are compared), then each field
/// takes the next attribute's type.
///
/// # Errors
/// As [`object_to_value`].
#[inline]
pub fn object_to_value_sorted<T: TfObject>(value: &T, ty: &Type) -> Result<Value, ConvertError> {
    write_sorted(&ObjectShape::of::<T>(), ty, &mut |out| {
        value.write_attributes(out)
    })
}

/// The body of [`object_to_value_sorted`], compiled once rather than once per struct: the
/// struct's own code is reached through `write`.
fn write_sorted(
    shape: &ObjectShape,
    ty: &Type,
    write: &mut dyn FnMut(&mut SortedAttributesOut<'_>),
) -> Result<Value, ConvertError> {
    let own = match (ty, shape.cached) {
        (Type::Dynamic, None) => Some((shape.terraform_type)()),
        _ => None,
    };
    let ty = own.as_ref().unwrap_or(ty);
    let mut out = sorted_output(ty, shape)?;
    write(&mut out);
    out.finish(sorted_output_type(ty, shape))
}

/// The type a struct of `shape` is written as when `ty` is asked for (its own for `Dynamic`).
fn sorted_output_type<'t>(ty: &'t Type, shape: &ObjectShape) -> &'t Type {
    match (ty, shape.cached) {
        (Type::Dynamic, Some(cached)) => cached.ty(),
        (ty, _) => ty,
    }
}

/// Where [`object_to_value_sorted`] writes a struct of `shape` as a value of `ty`: the
/// attribute types in name order, from the cache when `ty` is the struct's own type.
fn sorted_output<'t>(
    ty: &'t Type,
    shape: &ObjectShape,
) -> Result<SortedAttributesOut<'t>, ConvertError> {
    let ty = sorted_output_type(ty, shape);
    let types = match (ty, shape.cached) {
        (Type::Object(object), Some(cached)) if cached.is(object) => {
            AttributeTypes::Cached(cached.attribute_types.iter())
        }
        _ => AttributeTypes::Named(named_object_type(ty, shape)?.attributes().values()),
    };
    Ok(SortedAttributesOut::new(types))
}

/// The object type `ty`, which must have exactly the attribute names of the struct of `shape`.
///
/// # Errors
/// `ty` is not an object type, or its attribute names are not the struct's.
fn named_object_type<'t>(
    ty: &'t Type,
    shape: &ObjectShape,
) -> Result<&'t ObjectType, ConvertError> {
    let Some(object) = ty.as_object() else {
        return Err(ConvertError::type_mismatch_named(
            shape.type_name,
            "an object type".to_owned(),
            ty,
        ));
    };
    check_attribute_names(object.attributes(), shape)?;
    Ok(object)
}

/// Converts a derived struct to an object value of type `ty`: its own object type, `Dynamic`,
/// or any object type with exactly its attribute names (attribute types may differ where the
/// fields allow, e.g. a `Vec` as a set).
///
/// # Errors
/// `ty` is not such a type, or a field does not convert.
#[inline]
pub fn object_to_value<T: TfObject>(value: &T, ty: &Type) -> Result<Value, ConvertError> {
    let shape = ObjectShape::of::<T>();
    let ty = match ty {
        Type::Object(_) => ty.clone(),
        _ => target_object_type(ty, &shape)?,
    };
    let Some(object) = ty.as_object() else {
        return Err(ConvertError::type_mismatch_named(
            shape.type_name,
            "an object type".to_owned(),
            &ty,
        ));
    };
    // The attribute names are checked as they are written (each is the type's next, or is
    // looked up) and counted at the end; only when that fails are they compared in full, for
    // the error that lists both sides, which comes before any error of a field.
    let mut out = AttributesOut::new(object);
    value.write_attributes(&mut out);
    let written = out.take_error().map_or(Ok(()), Err);
    match (written, out.into_values()) {
        (Ok(()), Ok(values)) => Ok(Value::object_values_unchecked(ty, values)),
        (written, values) => {
            check_attribute_names(object.attributes(), &shape)?;
            written?;
            match values {
                Ok(_) => Err(missing_attribute("")),
                Err(missing) => Err(missing_attribute(
                    object
                        .attributes()
                        .keys()
                        .nth(missing)
                        .map_or("", String::as_str),
                )),
            }
        }
    }
}

/// The object type a struct of `shape` converts to when `ty` is asked for: `ty` itself when it
/// is an object type with exactly the struct's attribute names, the struct's own type for
/// `Dynamic`.
///
/// # Errors
/// `ty` is not such a type.
pub fn target_object_type(ty: &Type, shape: &ObjectShape) -> Result<Type, ConvertError> {
    let ty = match ty {
        Type::Dynamic => (shape.terraform_type)(),
        other => other.clone(),
    };
    let Some(object) = ty.as_object() else {
        return Err(ConvertError::type_mismatch_named(
            shape.type_name,
            "an object type".to_owned(),
            &ty,
        ));
    };
    // Which attributes are missing and which are extra, as the Go original says.
    check_attribute_names(object.attributes(), shape)?;
    Ok(ty)
}
