//! [`Resource`] ↔ [`Value`] written by hand against the public `Value` API, the way an expert
//! would write it for one fixed model: no traits, no generic helpers, the object's attribute
//! values taken apart in their (name) order. It makes the same checks as the derive: the kind
//! of every value, every attribute present and no other, null only where the field holds it,
//! unknown only in the framework types, numbers that fit; and on the way back the public,
//! checked constructors (`Value::object_in_order`, `Value::list`, `Value::map`) check the
//! result against the type.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

use tfsdk_core::convert::{FromValue, TerraformType, ToValue};
use tfsdk_core::tftypes::{Number, Type, Value, ValueData};
use tfsdk_core::types;

use crate::{Resource, Rule, Settings};

/// Why a hand-written conversion failed.
#[derive(Debug, Clone, PartialEq)]
pub struct HandError(pub String);

impl fmt::Display for HandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for HandError {}

#[cold]
#[inline(never)]
fn error(what: &str, data: &ValueData) -> HandError {
    let found = match data {
        ValueData::Null => "null",
        ValueData::Unknown => "unknown",
        _ => "a value of another kind",
    };
    HandError(format!("expected {what}, found {found}"))
}

#[cold]
#[inline(never)]
fn wrong_attributes(object: &str) -> HandError {
    HandError(format!(
        "the {object} object does not have exactly its attributes"
    ))
}

#[cold]
#[inline(never)]
fn number_error(e: impl fmt::Display) -> HandError {
    HandError(e.to_string())
}

/// `object({aliases=list(string),…})`: the resource's type, built once.
pub fn resource_type() -> &'static Type {
    static TYPE: OnceLock<Type> = OnceLock::new();
    TYPE.get_or_init(|| {
        Type::object([
            ("aliases", Type::list(Type::String)),
            ("description", Type::String),
            ("enabled", Type::Bool),
            ("id", Type::String),
            ("labels", Type::map(Type::String)),
            ("max_items", Type::Number),
            ("name", Type::String),
            ("ratio", Type::Number),
            ("region", Type::String),
            ("rules", Type::list(rule_type().clone())),
            ("settings", settings_type().clone()),
            ("size", Type::Number),
        ])
    })
}

/// The type of one rule, built once.
pub fn rule_type() -> &'static Type {
    static TYPE: OnceLock<Type> = OnceLock::new();
    TYPE.get_or_init(|| {
        Type::object([
            ("comment", Type::String),
            ("enabled", Type::Bool),
            ("name", Type::String),
            ("priority", Type::Number),
            ("weight", Type::Number),
        ])
    })
}

/// The type of the settings object, built once.
pub fn settings_type() -> &'static Type {
    static TYPE: OnceLock<Type> = OnceLock::new();
    TYPE.get_or_init(|| {
        Type::object([
            ("mode", Type::String),
            ("retries", Type::Number),
            ("verbose", Type::Bool),
        ])
    })
}

// --- value → struct ---------------------------------------------------------------------------

#[inline]
fn string(value: Value) -> Result<String, HandError> {
    match value.into_parts().1 {
        ValueData::String(s) => Ok(s),
        data => Err(error("a string", &data)),
    }
}

#[inline]
fn optional_string(value: Value) -> Result<Option<String>, HandError> {
    match value.into_parts().1 {
        ValueData::String(s) => Ok(Some(s)),
        ValueData::Null => Ok(None),
        data => Err(error("a string or null", &data)),
    }
}

#[inline]
fn int64(value: Value) -> Result<i64, HandError> {
    match value.into_parts().1 {
        ValueData::Number(n) => n.to_i64().map_err(number_error),
        data => Err(error("a number", &data)),
    }
}

#[inline]
fn float64(value: Value) -> Result<f64, HandError> {
    match value.into_parts().1 {
        ValueData::Number(n) => n.to_f64().map_err(number_error),
        data => Err(error("a number", &data)),
    }
}

#[inline]
fn boolean(value: Value) -> Result<bool, HandError> {
    match value.into_parts().1 {
        ValueData::Bool(b) => Ok(b),
        data => Err(error("a bool", &data)),
    }
}

#[inline]
fn framework_string(value: Value) -> Result<types::String, HandError> {
    match value.into_parts().1 {
        ValueData::String(s) => Ok(types::String::new(s)),
        ValueData::Null => Ok(types::String::null()),
        ValueData::Unknown => Ok(types::String::unknown()),
        data => Err(error("a string", &data)),
    }
}

#[inline]
fn framework_int64(value: Value) -> Result<types::Int64, HandError> {
    match value.into_parts().1 {
        ValueData::Number(n) => Ok(types::Int64::new(n.to_i64().map_err(number_error)?)),
        ValueData::Null => Ok(types::Int64::null()),
        ValueData::Unknown => Ok(types::Int64::unknown()),
        data => Err(error("a number", &data)),
    }
}

/// The attribute values of an object whose attribute names are exactly `names` (sorted), in
/// that order.
#[inline]
fn attributes<const N: usize>(
    value: Value,
    what: &str,
    names: [&str; N],
) -> Result<[Value; N], HandError> {
    match value.into_object_values() {
        Ok((ty, values)) => {
            let same_names = ty
                .as_object()
                .is_some_and(|o| o.attributes().keys().eq(names));
            match <[Value; N]>::try_from(values) {
                Ok(values) if same_names => Ok(values),
                _ => Err(wrong_attributes(what)),
            }
        }
        Err(value) => Err(error(what, &value.into_parts().1)),
    }
}

fn settings_from_value(value: Value) -> Result<Settings, HandError> {
    let [mode, retries, verbose] = attributes(value, "settings", ["mode", "retries", "verbose"])?;
    Ok(Settings {
        mode: string(mode)?,
        retries: int64(retries)?,
        verbose: boolean(verbose)?,
    })
}

fn rule_from_value(value: Value) -> Result<Rule, HandError> {
    let [comment, enabled, name, priority, weight] = attributes(
        value,
        "rule",
        ["comment", "enabled", "name", "priority", "weight"],
    )?;
    Ok(Rule {
        comment: optional_string(comment)?,
        enabled: boolean(enabled)?,
        name: string(name)?,
        priority: int64(priority)?,
        weight: float64(weight)?,
    })
}

/// The resource from an object value.
///
/// # Errors
/// The value is not such an object (see the module's checks).
pub fn resource_from_value(value: Value) -> Result<Resource, HandError> {
    let [
        aliases,
        description,
        enabled,
        id,
        labels,
        max_items,
        name,
        ratio,
        region,
        rules,
        settings,
        size,
    ] = attributes(
        value,
        "resource",
        [
            "aliases",
            "description",
            "enabled",
            "id",
            "labels",
            "max_items",
            "name",
            "ratio",
            "region",
            "rules",
            "settings",
            "size",
        ],
    )?;
    Ok(Resource {
        aliases: match aliases.into_parts().1 {
            ValueData::List(elements) => elements
                .into_iter()
                .map(string)
                .collect::<Result<Vec<_>, _>>()?,
            data => return Err(error("a list", &data)),
        },
        description: optional_string(description)?,
        enabled: boolean(enabled)?,
        id: framework_string(id)?,
        labels: match labels.into_parts().1 {
            ValueData::Map(entries) => entries
                .into_iter()
                .map(|(k, v)| Ok((k, string(v)?)))
                .collect::<Result<BTreeMap<_, _>, HandError>>()?,
            data => return Err(error("a map", &data)),
        },
        max_items: framework_int64(max_items)?,
        name: string(name)?,
        ratio: float64(ratio)?,
        region: string(region)?,
        rules: match rules.into_parts().1 {
            ValueData::List(elements) => elements
                .into_iter()
                .map(rule_from_value)
                .collect::<Result<Vec<_>, _>>()?,
            data => return Err(error("a list", &data)),
        },
        settings: settings_from_value(settings)?,
        size: int64(size)?,
    })
}

// --- struct → value ---------------------------------------------------------------------------

#[inline]
fn float_value(f: f64) -> Result<Value, HandError> {
    Number::from_f64(f).map(Value::number).map_err(number_error)
}

fn optional_string_value(s: &Option<String>) -> Value {
    match s {
        Some(s) => Value::string(s.as_str()),
        None => Value::null(Type::String),
    }
}

fn checked(result: Result<Value, tfsdk_core::tftypes::ValueError>) -> Result<Value, HandError> {
    result.map_err(number_error)
}

fn rule_to_value(rule: &Rule) -> Result<Value, HandError> {
    // In the type's attribute order: comment, enabled, name, priority, weight.
    checked(Value::object_in_order(
        rule_type().clone(),
        vec![
            optional_string_value(&rule.comment),
            Value::bool(rule.enabled),
            Value::string(rule.name.as_str()),
            Value::number(rule.priority),
            float_value(rule.weight)?,
        ],
    ))
}

/// The resource as a value of type `ty` (the resource's object type).
///
/// # Errors
/// `ty` is not the resource's type, or a float is not finite.
pub fn resource_to_value(resource: &Resource, ty: &Type) -> Result<Value, HandError> {
    let id = match resource.id.get() {
        Some(s) => Value::string(s),
        None if resource.id.is_unknown() => Value::unknown(Type::String),
        None => Value::null(Type::String),
    };
    let max_items = match resource.max_items.get() {
        Some(i) => Value::number(i),
        None if resource.max_items.is_unknown() => Value::unknown(Type::Number),
        None => Value::null(Type::Number),
    };
    let rules = resource
        .rules
        .iter()
        .map(rule_to_value)
        .collect::<Result<Vec<_>, _>>()?;
    // In the type's attribute order (by name).
    checked(Value::object_in_order(
        ty.clone(),
        vec![
            checked(Value::list(
                Type::String,
                resource.aliases.iter().map(|s| Value::string(s.as_str())),
            ))?,
            optional_string_value(&resource.description),
            Value::bool(resource.enabled),
            id,
            checked(Value::map(
                Type::String,
                resource
                    .labels
                    .iter()
                    .map(|(k, v)| (k.as_str(), Value::string(v.as_str()))),
            ))?,
            max_items,
            Value::string(resource.name.as_str()),
            float_value(resource.ratio)?,
            Value::string(resource.region.as_str()),
            checked(Value::list(rule_type().clone(), rules))?,
            checked(Value::object_in_order(
                settings_type().clone(),
                vec![
                    Value::string(resource.settings.mode.as_str()),
                    Value::number(resource.settings.retries),
                    Value::bool(resource.settings.verbose),
                ],
            ))?,
            Value::number(resource.size),
        ],
    ))
}

/// Asserts that the hand-written and derived conversions agree on `resource` both ways, and
/// that the hand-written type is the derived one. Called before any timing.
///
/// # Panics
/// When they differ.
pub fn check_against_derived(resource: &Resource) {
    let ty = Resource::terraform_type();
    assert_eq!(&ty, resource_type(), "hand-written type differs");
    let derived = resource.to_value(&ty).expect("derived to_value");
    let by_hand = resource_to_value(resource, &ty).expect("hand-written to_value");
    assert_eq!(derived, by_hand, "struct → value differs");
    let derived_back = Resource::from_value(derived).expect("derived from_value");
    let by_hand_back = resource_from_value(by_hand).expect("hand-written from_value");
    assert_eq!(&derived_back, resource, "derived round trip differs");
    assert_eq!(&by_hand_back, resource, "hand-written round trip differs");
    // The same checks: both reject a missing attribute, a null where none is allowed, and an
    // unknown outside the framework types.
    let good = resource.to_value(&ty).expect("derived to_value");
    let mut attributes = good.as_object().expect("an object").to_map();
    attributes.remove("size");
    let missing = Value::object_of(attributes.clone());
    assert!(Resource::from_value(missing.clone()).is_err());
    assert!(resource_from_value(missing).is_err());
    for (name, bad) in [
        ("size", Value::null(Type::Number)),
        ("name", Value::unknown(Type::String)),
        (
            "size",
            Value::number("1.5".parse::<Number>().expect("a number")),
        ),
    ] {
        let mut attributes = attributes.clone();
        attributes.insert(name.to_owned(), bad);
        if !attributes.contains_key("size") {
            attributes.insert("size".to_owned(), Value::from(1));
        }
        let value = Value::object_of(attributes);
        assert!(Resource::from_value(value.clone()).is_err(), "{name}");
        assert!(resource_from_value(value).is_err(), "{name}");
    }
}
