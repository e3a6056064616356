//! Plan semantics: from prior state and configuration to the planned state, the attributes that
//! force a replacement, and the diagnostics (the schema behaviours at plan time).

use std::collections::BTreeMap;

use super::{Attribute, NestedAttributes, NestingMode, Schema};
use crate::diag::Diagnostics;
use crate::path::AttributePath;
use crate::tftypes::{Attributes, Value, ValueData, ValueKind};

/// The result of planning a change.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The state the resource will have: configuration with defaults applied, computed
    /// attributes unknown or carried over, suppressed diffs reverted to the prior value.
    pub planned_state: Value,
    /// Attributes whose change forces the resource to be replaced.
    pub requires_replace: Vec<AttributePath>,
    /// Errors and warnings, each at its attribute's path.
    pub diagnostics: Diagnostics,
}

impl Plan {
    /// True when a `force_new` attribute changes.
    pub fn requires_replacement(&self) -> bool {
        !self.requires_replace.is_empty()
    }
}

impl Schema {
    /// Plans a change: `prior_state` is `None` (or a null value) when the resource is being
    /// created; `config` is the configuration, an object of this schema's type.
    ///
    /// - a required attribute that is null in configuration is an error at its path;
    /// - `default` / `default_fn` give the value when configuration leaves it null;
    /// - a computed attribute left null is unknown without prior state, and keeps its prior
    ///   value with it; setting a computed-only attribute in configuration is an error;
    /// - a `force_new` attribute whose planned value differs from its prior value adds its path
    ///   to `requires_replace`;
    /// - when `diff_suppress` says the change is no change, the prior value is kept.
    ///
    /// Nested attributes get the same treatment at their paths (list elements by index, map
    /// elements by key; set elements have no prior element to compare with).
    pub fn plan(&self, prior_state: Option<&Value>, config: &Value) -> Plan {
        let mut planner = Planner {
            requires_replace: Vec::new(),
            diagnostics: Diagnostics::new(),
        };
        let prior = prior_state.filter(|p| !p.is_null());
        let ty = self.object_type();
        let planned_state = match config.as_object() {
            Some(config_attributes) => {
                let prior_attributes = prior.and_then(|p| p.as_object());
                let attributes = planner.attributes(
                    &self.attributes,
                    prior_attributes,
                    config_attributes,
                    &AttributePath::empty(),
                );
                Value::from_parts_unchecked(ty, ValueData::Object(attributes))
            }
            None => {
                planner.diagnostics.add_error(
                    "Invalid configuration",
                    format!(
                        "the configuration must be a known object of type {ty}, found {config}"
                    ),
                );
                Value::null(ty)
            }
        };
        Plan {
            planned_state,
            requires_replace: planner.requires_replace,
            diagnostics: planner.diagnostics,
        }
    }
}

struct Planner {
    requires_replace: Vec<AttributePath>,
    diagnostics: Diagnostics,
}

impl Planner {
    fn attributes(
        &mut self,
        schema: &BTreeMap<String, Attribute>,
        prior: Option<Attributes<'_>>,
        config: Attributes<'_>,
        path: &AttributePath,
    ) -> BTreeMap<String, Value> {
        let mut planned = BTreeMap::new();
        for (name, attribute) in schema {
            let attribute_path = path.clone().at_name(name.clone());
            let prior_value = prior.and_then(|p| p.get(name));
            let value = match config.get(name) {
                Some(config_value) => {
                    let value =
                        self.planned_value(attribute, prior_value, config_value, &attribute_path);
                    // A change to a force-new attribute replaces the resource.
                    if attribute.force_new && prior_value.is_some_and(|prior| *prior != value) {
                        self.requires_replace.push(attribute_path);
                    }
                    value
                }
                None => {
                    self.diagnostics.add_attribute_error(
                        attribute_path,
                        "Invalid configuration",
                        "the configuration has no value for this attribute",
                    );
                    Value::null(attribute.ty.clone())
                }
            };
            planned.insert(name.clone(), value);
        }
        planned
    }

    fn planned_value(
        &mut self,
        attribute: &Attribute,
        prior: Option<&Value>,
        config: &Value,
        path: &AttributePath,
    ) -> Value {
        if attribute.is_computed_only() && !config.is_null() {
            self.diagnostics.add_attribute_error(
                path.clone(),
                "Invalid Configuration for Read-Only Attribute",
                format!(
                    "Cannot set value for {path}: the provider computes it. Remove it from the \
                     configuration."
                ),
            );
            return computed_value(attribute, prior);
        }
        if config.is_null() {
            if attribute.required {
                self.diagnostics.add_attribute_error(
                    path.clone(),
                    "Missing Configuration for Required Attribute",
                    format!(
                        "Must set a configuration value for {path}: the provider marked it as \
                         required."
                    ),
                );
                return config.clone();
            }
            if let Some(default) = &attribute.default {
                return match default.value() {
                    Ok(value) if value.ty().usable_as(&attribute.ty) => value,
                    Ok(value) => {
                        self.diagnostics.add_attribute_error(
                            path.clone(),
                            "Invalid default value",
                            format!(
                                "the default {value} is a {}, but the attribute is a {}",
                                value.ty(),
                                attribute.ty
                            ),
                        );
                        config.clone()
                    }
                    Err(message) => {
                        self.diagnostics.add_attribute_error(
                            path.clone(),
                            "Default value error",
                            format!("computing the default for {path} failed: {message}"),
                        );
                        config.clone()
                    }
                };
            }
            if attribute.computed {
                return computed_value(attribute, prior);
            }
            return config.clone();
        }
        if config.is_unknown() {
            return config.clone();
        }
        let planned = match &attribute.nested {
            Some(nested) => self.nested(nested, prior, config, path),
            None => config.clone(),
        };
        if let (Some(suppress), Some(prior)) = (&attribute.diff_suppress, prior)
            && prior.is_known()
            && suppress.suppresses(prior, &planned)
        {
            return prior.clone();
        }
        planned
    }

    /// Plans the objects inside a known value of a nested attribute.
    fn nested(
        &mut self,
        nested: &NestedAttributes,
        prior: Option<&Value>,
        config: &Value,
        path: &AttributePath,
    ) -> Value {
        let ty = config.ty().clone();
        match (nested.nesting, config.kind()) {
            (NestingMode::Single, ValueKind::Object(_)) => {
                self.object(&nested.attributes, prior, config, path)
            }
            (NestingMode::List, ValueKind::List(elements)) => {
                let prior_elements = prior.and_then(Value::as_elements);
                let planned = elements
                    .iter()
                    .enumerate()
                    .map(|(i, element)| {
                        let prior_element = prior_elements.and_then(|p| p.get(i));
                        self.object(
                            &nested.attributes,
                            prior_element,
                            element,
                            &path.clone().at_list_index(i as i64),
                        )
                    })
                    .collect();
                Value::from_parts_unchecked(ty, ValueData::List(planned))
            }
            (NestingMode::Set, ValueKind::Set(elements)) => {
                let planned = elements
                    .iter()
                    .map(|element| {
                        self.object(
                            &nested.attributes,
                            None,
                            element,
                            &path.clone().at_set_value(element.clone()),
                        )
                    })
                    .collect();
                Value::from_parts_unchecked(ty, ValueData::Set(planned))
            }
            (NestingMode::Map, ValueKind::Map(elements)) => {
                let prior_elements = prior.and_then(Value::as_map);
                let planned = elements
                    .iter()
                    .map(|(key, element)| {
                        let prior_element = prior_elements.and_then(|p| p.get(key));
                        let planned = self.object(
                            &nested.attributes,
                            prior_element,
                            element,
                            &path.clone().at_map_key(key.clone()),
                        );
                        (key.clone(), planned)
                    })
                    .collect();
                Value::from_parts_unchecked(ty, ValueData::Map(planned))
            }
            _ => config.clone(),
        }
    }

    /// Plans one nested object: its attributes, described by `schema`, against the prior
    /// object's.
    fn object(
        &mut self,
        schema: &BTreeMap<String, Attribute>,
        prior: Option<&Value>,
        config: &Value,
        path: &AttributePath,
    ) -> Value {
        let Some(config_attributes) = config.as_object() else {
            return config.clone();
        };
        let prior_attributes = prior.and_then(|p| p.as_object());
        let attributes = self.attributes(schema, prior_attributes, config_attributes, path);
        Value::from_parts_unchecked(config.ty().clone(), ValueData::Object(attributes))
    }
}

/// A computed attribute's planned value when configuration leaves it null: the prior value, or
/// unknown on create.
fn computed_value(attribute: &Attribute, prior: Option<&Value>) -> Value {
    match prior {
        Some(prior) => prior.clone(),
        None => Value::unknown(attribute.ty.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{DefaultValue, DiffSuppress};
    use super::*;
    use crate::tftypes::Type;

    fn attribute(ty: Type) -> Attribute {
        Attribute::new(ty)
    }

    fn schema() -> Schema {
        let mut attributes = BTreeMap::new();
        attributes.insert(
            "name".to_owned(),
            Attribute {
                required: true,
                ..attribute(Type::String)
            },
        );
        attributes.insert(
            "encrypted".to_owned(),
            Attribute {
                optional: true,
                default: Some(DefaultValue::new(|| Ok(Value::from(false)), false)),
                ..attribute(Type::Bool)
            },
        );
        attributes.insert(
            "uuid".to_owned(),
            Attribute {
                computed: true,
                ..attribute(Type::String)
            },
        );
        attributes.insert(
            "base_image".to_owned(),
            Attribute {
                required: true,
                force_new: true,
                diff_suppress: Some(DiffSuppress::new(|old, new| {
                    old.as_str().map(str::to_lowercase) == new.as_str().map(str::to_lowercase)
                })),
                ..attribute(Type::String)
            },
        );
        Schema::new(attributes)
    }

    fn config(name: Value, encrypted: Value, uuid: Value, base_image: &str) -> Value {
        Value::object_of([
            ("base_image", Value::from(base_image)),
            ("encrypted", encrypted),
            ("name", name),
            ("uuid", uuid),
        ])
    }

    /// The plan for an update of a resource created with `prior_image` (and `encrypted` false,
    /// `uuid` "u-1") to a configuration with `encrypted` and `new_image`.
    fn update(prior_image: &str, encrypted: Value, new_image: &str) -> Plan {
        let prior = config(
            Value::from("swap"),
            Value::from(false),
            Value::from("u-1"),
            prior_image,
        );
        let new = config(
            Value::from("swap"),
            encrypted,
            Value::null(Type::String),
            new_image,
        );
        schema().plan(Some(&prior), &new)
    }

    #[test]
    fn create_applies_defaults_and_leaves_computed_unknown() {
        let plan = schema().plan(
            None,
            &config(
                Value::from("swap"),
                Value::null(Type::Bool),
                Value::null(Type::String),
                "ubuntu",
            ),
        );
        assert!(plan.diagnostics.is_empty(), "{}", plan.diagnostics);
        let state = &plan.planned_state;
        assert_eq!(state.attribute("encrypted"), Some(&Value::from(false)));
        assert!(state.attribute("uuid").unwrap().is_unknown());
        assert!(!plan.requires_replacement());
    }

    #[test]
    fn update_keeps_computed_values_and_replaces_on_force_new_change() {
        let plan = update("ubuntu_16.04", Value::null(Type::Bool), "ubuntu_17.10");
        assert_eq!(
            plan.planned_state.attribute("uuid"),
            Some(&Value::from("u-1"))
        );
        assert_eq!(
            plan.requires_replace,
            vec![AttributePath::root("base_image")]
        );
    }

    #[test]
    fn suppressed_diff_keeps_the_prior_value() {
        let plan = update("ubuntu_17.10", Value::from(false), "UBunTu_17.10");
        assert_eq!(
            plan.planned_state.attribute("base_image"),
            Some(&Value::from("ubuntu_17.10"))
        );
        assert!(!plan.requires_replacement());
    }

    #[test]
    fn missing_required_and_configured_computed_are_errors_at_their_paths() {
        let plan = schema().plan(
            None,
            &config(
                Value::null(Type::String),
                Value::null(Type::Bool),
                Value::from("mine"),
                "x",
            ),
        );
        let paths: Vec<String> = plan
            .diagnostics
            .errors()
            .map(|d| d.path.as_ref().unwrap().to_string())
            .collect();
        assert_eq!(paths, ["name", "uuid"]);
    }
}
