//! [`Resource`] ↔ [`Value`] written by hand against the public `Value` API, the way an expert
//! would write it for one fixed model: no traits, no generic helpers, one pass over the
//! object's (sorted) attributes. It makes the same checks as the derive: the kind of every
//! value, every attribute present and no other, null only where the field holds it, unknown
//! only in the framework types, numbers that fit; and on the way back the public, checked
//! constructors (`Value::object`, `Value::list`, `Value::map`) check the result against the type.

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

#[inline]
fn attributes(
    value: Value,
    what: &str,
    count: usize,
) -> Result<BTreeMap<String, Value>, HandError> {
    match value.into_parts().1 {
        ValueData::Object(attributes) if attributes.len() == count => Ok(attributes),
        ValueData::Object(_) => Err(wrong_attributes(what)),
        data => Err(error(what, &data)),
    }
}

fn present<T>(field: Option<T>, object: &str) -> Result<T, HandError> {
    field.ok_or_else(|| wrong_attributes(object))
}

fn settings_from_value(value: Value) -> Result<Settings, HandError> {
    let (mut mode, mut retries, mut verbose) = (None, None, None);
    for (name, value) in attributes(value, "settings", 3)? {
        match name.as_str() {
            "mode" => mode = Some(string(value)?),
            "retries" => retries = Some(int64(value)?),
            "verbose" => verbose = Some(boolean(value)?),
            _ => return Err(wrong_attributes("settings")),
        }
    }
    Ok(Settings {
        mode: present(mode, "settings")?,
        retries: present(retries, "settings")?,
        verbose: present(verbose, "settings")?,
    })
}

fn rule_from_value(value: Value) -> Result<Rule, HandError> {
    let (mut comment, mut enabled, mut name, mut priority, mut weight) =
        (None, None, None, None, None);
    for (attribute, value) in attributes(value, "rule", 5)? {
        match attribute.as_str() {
            "comment" => comment = Some(optional_string(value)?),
            "enabled" => enabled = Some(boolean(value)?),
            "name" => name = Some(string(value)?),
            "priority" => priority = Some(int64(value)?),
            "weight" => weight = Some(float64(value)?),
            _ => return Err(wrong_attributes("rule")),
        }
    }
    Ok(Rule {
        name: present(name, "rule")?,
        priority: present(priority, "rule")?,
        weight: present(weight, "rule")?,
        enabled: present(enabled, "rule")?,
        comment: present(comment, "rule")?,
    })
}

/// The resource from an object value.
///
/// # Errors
/// The value is not such an object (see the module's checks).
pub fn resource_from_value(value: Value) -> Result<Resource, HandError> {
    let mut name = None;
    let mut description = None;
    let mut region = None;
    let mut size = None;
    let mut ratio = None;
    let mut enabled = None;
    let mut id = None;
    let mut max_items = None;
    let mut aliases = None;
    let mut labels = None;
    let mut settings = None;
    let mut rules = None;
    for (attribute, value) in attributes(value, "resource", 12)? {
        match attribute.as_str() {
            "aliases" => {
                aliases = Some(match value.into_parts().1 {
                    ValueData::List(elements) => elements
                        .into_iter()
                        .map(string)
                        .collect::<Result<Vec<_>, _>>()?,
                    data => return Err(error("a list", &data)),
                });
            }
            "description" => description = Some(optional_string(value)?),
            "enabled" => enabled = Some(boolean(value)?),
            "id" => id = Some(framework_string(value)?),
            "labels" => {
                labels = Some(match value.into_parts().1 {
                    ValueData::Map(entries) => entries
                        .into_iter()
                        .map(|(k, v)| Ok((k, string(v)?)))
                        .collect::<Result<BTreeMap<_, _>, HandError>>()?,
                    data => return Err(error("a map", &data)),
                });
            }
            "max_items" => max_items = Some(framework_int64(value)?),
            "name" => name = Some(string(value)?),
            "ratio" => ratio = Some(float64(value)?),
            "region" => region = Some(string(value)?),
            "rules" => {
                rules = Some(match value.into_parts().1 {
                    ValueData::List(elements) => elements
                        .into_iter()
                        .map(rule_from_value)
                        .collect::<Result<Vec<_>, _>>()?,
                    data => return Err(error("a list", &data)),
                });
            }
            "settings" => settings = Some(settings_from_value(value)?),
            "size" => size = Some(int64(value)?),
            _ => return Err(wrong_attributes("resource")),
        }
    }
    Ok(Resource {
        name: present(name, "resource")?,
        description: present(description, "resource")?,
        region: present(region, "resource")?,
        size: present(size, "resource")?,
        ratio: present(ratio, "resource")?,
        enabled: present(enabled, "resource")?,
        id: present(id, "resource")?,
        max_items: present(max_items, "resource")?,
        aliases: present(aliases, "resource")?,
        labels: present(labels, "resource")?,
        settings: present(settings, "resource")?,
        rules: present(rules, "resource")?,
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
    checked(Value::object(
        rule_type().clone(),
        [
            ("comment", optional_string_value(&rule.comment)),
            ("enabled", Value::bool(rule.enabled)),
            ("name", Value::string(rule.name.as_str())),
            ("priority", Value::number(rule.priority)),
            ("weight", float_value(rule.weight)?),
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
    checked(Value::object(
        ty.clone(),
        [
            (
                "aliases",
                checked(Value::list(
                    Type::String,
                    resource.aliases.iter().map(|s| Value::string(s.as_str())),
                ))?,
            ),
            ("description", optional_string_value(&resource.description)),
            ("enabled", Value::bool(resource.enabled)),
            ("id", id),
            (
                "labels",
                checked(Value::map(
                    Type::String,
                    resource
                        .labels
                        .iter()
                        .map(|(k, v)| (k.as_str(), Value::string(v.as_str()))),
                ))?,
            ),
            ("max_items", max_items),
            ("name", Value::string(resource.name.as_str())),
            ("ratio", float_value(resource.ratio)?),
            ("region", Value::string(resource.region.as_str())),
            ("rules", checked(Value::list(rule_type().clone(), rules))?),
            (
                "settings",
                checked(Value::object(
                    settings_type().clone(),
                    [
                        ("mode", Value::string(resource.settings.mode.as_str())),
                        ("retries", Value::number(resource.settings.retries)),
                        ("verbose", Value::bool(resource.settings.verbose)),
                    ],
                ))?,
            ),
            ("size", Value::number(resource.size)),
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
    let mut attributes = good.as_object().expect("an object").clone();
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
