//! Terraform's machine-readable output, `terraform show -json` of a saved plan and of the
//! state (format 1.x, the same in Terraform 1.0 and 1.15), read into values of the model's
//! types: unknown values from the plan's `after_unknown`, sensitivity from `*_sensitive`.

use std::collections::BTreeMap;

use serde_json::Value as Json;
use tfsdk_core::path::{AttributePath, PathStep};
use tfsdk_core::tftypes::{Type, Value};

/// One resource instance's entry in a plan's `resource_changes`.
#[derive(Clone, Debug)]
pub(crate) struct ResourceChange {
    /// `files_file.a`, `module.m.files_file.a[0]`, `data.files_file.seed`.
    pub address: String,
    /// Its kind and type, which name its schema.
    pub schema: SchemaName,
    /// `["create"]`, `["delete", "create"]`, `["no-op"]`...
    pub actions: Vec<String>,
    /// The prior value (JSON `null` when there is none).
    pub before: Json,
    /// The planned value, without its unknown parts.
    pub after: Json,
    /// `true` where the planned value is unknown, mirroring its shape.
    pub after_unknown: Json,
    /// `true` where the planned value is sensitive, mirroring its shape.
    pub after_sensitive: Json,
    /// The change imports the object (an `import` block).
    pub importing: bool,
}

/// One root module output's entry in a plan's `output_changes`.
#[derive(Clone, Debug)]
pub(crate) struct OutputChange {
    pub after: Json,
    pub after_unknown: Json,
    pub after_sensitive: Json,
}

/// A saved plan: its resource changes, in Terraform's order, and its output changes.
#[derive(Clone, Debug, Default)]
pub(crate) struct Plan {
    pub changes: Vec<ResourceChange>,
    pub outputs: BTreeMap<String, OutputChange>,
}

impl Plan {
    /// Reads the output of `terraform show -json PLANFILE`.
    pub(crate) fn parse(text: &str) -> Result<Plan, String> {
        let json: Json = serde_json::from_str(text)
            .map_err(|error| format!("`terraform show -json` of the plan is not JSON: {error}"))?;
        let mut changes = Vec::new();
        for change in json["resource_changes"].as_array().into_iter().flatten() {
            let address = change["address"]
                .as_str()
                .ok_or("a resource change without an address")?
                .to_owned();
            let detail = &change["change"];
            let actions = detail["actions"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|action| action.as_str().map(str::to_owned))
                .collect();
            changes.push(ResourceChange {
                address,
                schema: SchemaName::of(change),
                actions,
                before: detail["before"].clone(),
                after: detail["after"].clone(),
                after_unknown: detail["after_unknown"].clone(),
                after_sensitive: detail["after_sensitive"].clone(),
                importing: detail.get("importing").is_some_and(|i| !i.is_null()),
            });
        }
        let mut outputs = BTreeMap::new();
        for (name, change) in json["output_changes"].as_object().into_iter().flatten() {
            outputs.insert(
                name.clone(),
                OutputChange {
                    after: change["after"].clone(),
                    after_unknown: change["after_unknown"].clone(),
                    after_sensitive: change["after_sensitive"].clone(),
                },
            );
        }
        Ok(Plan { changes, outputs })
    }

    /// The change of the instance at `address`.
    pub(crate) fn change(&self, address: &str) -> Option<&ResourceChange> {
        self.changes.iter().find(|change| change.address == address)
    }

    /// The changes that are not "no-op", as `address (actions)` lines, each with the
    /// top-level attributes whose values differ between before and after.
    pub(crate) fn pending(&self) -> Vec<String> {
        self.changes
            .iter()
            .filter(|change| change.actions != ["no-op"])
            .map(|change| {
                let mut line = format!("{} ({})", change.address, change.actions.join(", "));
                let changed = changed_attributes(change);
                if !changed.is_empty() {
                    line.push_str(": ");
                    line.push_str(&changed.join("; "));
                }
                line
            })
            .collect()
    }
}

/// `name: before → after` for each top-level attribute that differs; unknown ones as
/// `(known after apply)`.
fn changed_attributes(change: &ResourceChange) -> Vec<String> {
    let (Some(before), Some(after)) = (change.before.as_object(), change.after.as_object()) else {
        return Vec::new();
    };
    let unknown = change.after_unknown.as_object();
    let mut names: Vec<&String> = before.keys().chain(after.keys()).collect();
    names.sort();
    names.dedup();
    names
        .into_iter()
        .filter_map(|name| {
            let old = before.get(name).unwrap_or(&Json::Null);
            let is_unknown =
                unknown.and_then(|unknown| unknown.get(name)) == Some(&Json::Bool(true));
            let new = if is_unknown {
                "(known after apply)".to_owned()
            } else {
                let new = after.get(name).unwrap_or(&Json::Null);
                if new == old {
                    return None;
                }
                new.to_string()
            };
            Some(format!("{name}: {old} → {new}"))
        })
        .collect()
}

/// One object `terraform query -json` found.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Found {
    /// The list block's address: `list.files_file.all`.
    pub list: String,
    pub display_name: String,
    pub identity: Json,
}

/// The objects and the error diagnostics of `terraform query -json`'s output (JSON lines).
pub(crate) fn query_results(text: &str) -> (Vec<Found>, Vec<String>) {
    let mut found = Vec::new();
    let mut errors = Vec::new();
    for line in text.lines() {
        let Ok(json) = serde_json::from_str::<Json>(line) else {
            continue;
        };
        match json["type"].as_str() {
            Some("list_resource_found") => {
                let entry = &json["list_resource_found"];
                found.push(Found {
                    list: entry["address"].as_str().unwrap_or_default().to_owned(),
                    display_name: entry["display_name"]
                        .as_str()
                        .unwrap_or_default()
                        .to_owned(),
                    identity: entry["identity"].clone(),
                });
            }
            Some("diagnostic") if json["diagnostic"]["severity"] == "error" => {
                let diagnostic = &json["diagnostic"];
                errors.push(format!(
                    "Error: {} {}",
                    diagnostic["summary"].as_str().unwrap_or_default(),
                    diagnostic["detail"].as_str().unwrap_or_default()
                ));
            }
            _ => {}
        }
    }
    (found, errors)
}

/// One resource instance in the state.
#[derive(Clone, Debug)]
pub(crate) struct StateResource {
    /// Its kind and type, which name its schema.
    pub schema: SchemaName,
    pub values: Json,
    pub sensitive_values: Json,
    /// The object's identity (Terraform 1.12 and newer), JSON null without one.
    pub identity: Json,
}

/// One root module output in the state.
#[derive(Clone, Debug)]
pub(crate) struct StateOutput {
    pub value: Json,
    pub sensitive: bool,
}

/// The state: every resource instance of every module by address, and the root outputs.
#[derive(Clone, Debug, Default)]
pub(crate) struct State {
    pub resources: BTreeMap<String, StateResource>,
    pub outputs: BTreeMap<String, StateOutput>,
}

impl State {
    /// Reads the output of `terraform show -json` (no plan file).
    pub(crate) fn parse(text: &str) -> Result<State, String> {
        let json: Json = serde_json::from_str(text)
            .map_err(|error| format!("`terraform show -json` of the state is not JSON: {error}"))?;
        let mut state = State::default();
        let values = &json["values"];
        for (name, output) in values["outputs"].as_object().into_iter().flatten() {
            state.outputs.insert(
                name.clone(),
                StateOutput {
                    value: output["value"].clone(),
                    sensitive: output["sensitive"].as_bool().unwrap_or(false),
                },
            );
        }
        let mut modules = vec![&values["root_module"]];
        while let Some(module) = modules.pop() {
            for resource in module["resources"].as_array().into_iter().flatten() {
                let Some(address) = resource["address"].as_str() else {
                    return Err("a state resource without an address".into());
                };
                state.resources.insert(
                    address.to_owned(),
                    StateResource {
                        schema: SchemaName::of(resource),
                        values: resource["values"].clone(),
                        sensitive_values: resource["sensitive_values"].clone(),
                        identity: resource["identity"].clone(),
                    },
                );
            }
            modules.extend(module["child_modules"].as_array().into_iter().flatten());
        }
        Ok(state)
    }

    /// Whether the state holds no resources at all (data sources included).
    pub(crate) fn is_empty(&self) -> bool {
        self.resources.is_empty()
    }
}

/// The value of type `ty` that `known` (JSON, unknown parts absent or null) and `unknown`
/// (`true` where the value is unknown, in the same shape; `false` or null elsewhere)
/// describe together.
///
/// # Errors
/// JSON that does not fit `ty`, with the path of the part at fault.
pub(crate) fn value_of(known: &Json, unknown: &Json, ty: &Type) -> Result<Value, String> {
    if unknown == &Json::Bool(true) {
        return Ok(Value::unknown(ty.clone()));
    }
    if !has_unknown(unknown) {
        let text = serde_json::to_vec(known).map_err(|error| error.to_string())?;
        return Value::from_json(text, ty).map_err(|error| error.to_string());
    }
    if known.is_null() {
        return Ok(Value::null(ty.clone()));
    }
    let element = |index: usize, element_ty: &Type| {
        value_of(
            known.get(index).unwrap_or(&Json::Null),
            unknown.get(index).unwrap_or(&Json::Null),
            element_ty,
        )
        .map_err(|error| format!("[{index}]{}", with_dot(&error)))
    };
    let elements = |element_ty: &Type| -> Result<Vec<Value>, String> {
        let count = known.as_array().map_or(0, Vec::len);
        (0..count).map(|index| element(index, element_ty)).collect()
    };
    let invalid = |error: tfsdk_core::tftypes::ValueError| error.to_string();
    match ty {
        Type::Object(object) => {
            let attributes = object
                .attributes()
                .iter()
                .map(|(name, attribute_ty)| {
                    value_of(
                        known.get(name).unwrap_or(&Json::Null),
                        unknown.get(name).unwrap_or(&Json::Null),
                        attribute_ty,
                    )
                    .map(|value| (name.clone(), value))
                    .map_err(|error| format!("{name}{}", with_dot(&error)))
                })
                .collect::<Result<Vec<_>, String>>()?;
            Value::object(ty.clone(), attributes).map_err(invalid)
        }
        Type::List(element_ty) => {
            Value::list((**element_ty).clone(), elements(element_ty)?).map_err(invalid)
        }
        Type::Set(element_ty) => {
            Value::set((**element_ty).clone(), elements(element_ty)?).map_err(invalid)
        }
        Type::Tuple(types) => {
            let values = types
                .iter()
                .enumerate()
                .map(|(index, element_ty)| element(index, element_ty))
                .collect::<Result<Vec<_>, String>>()?;
            Value::tuple(types.iter().cloned(), values).map_err(invalid)
        }
        Type::Map(element_ty) => {
            let values = known
                .as_object()
                .into_iter()
                .flatten()
                .map(|(key, known)| {
                    value_of(known, unknown.get(key).unwrap_or(&Json::Null), element_ty)
                        .map(|value| (key.clone(), value))
                        .map_err(|error| format!("[{key:?}]{}", with_dot(&error)))
                })
                .collect::<Result<Vec<_>, String>>()?;
            Value::map((**element_ty).clone(), values).map_err(invalid)
        }
        // A primitive or dynamic value is unknown whole or not at all.
        _ => {
            let text = serde_json::to_vec(known).map_err(|error| error.to_string())?;
            Value::from_json(text, ty).map_err(|error| error.to_string())
        }
    }
}

/// `.rest` for an error that continues a path with an attribute name, `rest` as is for one
/// that starts with an index or is a message.
fn with_dot(error: &str) -> String {
    if error.starts_with('[') || error.starts_with(':') {
        error.to_owned()
    } else {
        format!(": {error}")
    }
}

/// Whether a `*_unknown` tree marks anything unknown.
fn has_unknown(tree: &Json) -> bool {
    match tree {
        Json::Bool(unknown) => *unknown,
        Json::Array(items) => items.iter().any(has_unknown),
        Json::Object(items) => items.values().any(has_unknown),
        _ => false,
    }
}

/// Which schema a resource instance of Terraform's JSON output has: a managed resource's or a
/// data source's, of its type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SchemaName {
    /// `resource_schemas` or `data_source_schemas`.
    group: &'static str,
    type_name: String,
}

impl SchemaName {
    /// From the instance's `mode` and `type`.
    fn of(resource: &Json) -> SchemaName {
        SchemaName {
            group: if resource["mode"] == "data" {
                "data_source_schemas"
            } else {
                "resource_schemas"
            },
            type_name: resource["type"].as_str().unwrap_or_default().to_owned(),
        }
    }
}

/// The provider's schemas as Terraform received them (its entry of `terraform providers schema
/// -json`).
#[derive(Clone, Debug)]
pub(crate) struct Schemas(std::sync::Arc<Json>);

impl Schemas {
    pub(crate) fn new(provider: Json) -> Schemas {
        Schemas(std::sync::Arc::new(provider))
    }

    /// Whether the schema `name` marks the attribute at `path`, or one holding it, sensitive.
    pub(crate) fn marks_sensitive(&self, name: &SchemaName, path: &AttributePath) -> bool {
        let mut block = &self.0[name.group][&name.type_name]["block"];
        for step in path.steps() {
            let PathStep::AttributeName(attribute_name) = step else {
                // An element: its attributes come with the next name.
                continue;
            };
            let attribute = &block["attributes"][attribute_name];
            if attribute["sensitive"] == Json::Bool(true) {
                return true;
            }
            block = if attribute.is_object() {
                // A nested attribute's attributes, or nothing further for a plain one.
                &attribute["nested_type"]
            } else {
                &block["block_types"][attribute_name]["block"]
            };
        }
        false
    }
}

/// Whether a `*_sensitive` tree marks the part at `path` (or a part that holds it) sensitive.
pub(crate) fn is_sensitive_at(tree: &Json, path: &AttributePath) -> bool {
    let mut node = tree;
    for step in path.steps() {
        if node == &Json::Bool(true) {
            return true;
        }
        node = match step {
            PathStep::AttributeName(name) | PathStep::ElementKeyString(name) => {
                node.get(name).unwrap_or(&Json::Null)
            }
            PathStep::ElementKeyInt(index) => usize::try_from(*index)
                .ok()
                .and_then(|index| node.get(index))
                .unwrap_or(&Json::Null),
            // Set elements are not addressable in the tree: sensitive only as a whole.
            PathStep::ElementKeyValue(_) => return false,
        };
    }
    node == &Json::Bool(true)
}

/// The type of the part of a `ty` value at `path`, if the path fits the type.
pub(crate) fn type_at(ty: &Type, path: &AttributePath) -> Option<Type> {
    let mut current = ty.clone();
    for step in path.steps() {
        current = match (step, &current) {
            (PathStep::AttributeName(name), Type::Object(object)) => {
                object.attribute(name)?.clone()
            }
            (PathStep::ElementKeyString(_), Type::Map(element))
            | (PathStep::ElementKeyInt(_), Type::List(element))
            | (PathStep::ElementKeyValue(_), Type::Set(element)) => (**element).clone(),
            (PathStep::ElementKeyInt(index), Type::Tuple(types)) => {
                types.get(usize::try_from(*index).ok()?)?.clone()
            }
            (_, Type::Dynamic) => Type::Dynamic,
            _ => return None,
        };
    }
    Some(current)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn file_type() -> Type {
        Type::object([
            ("id", Type::String),
            ("content", Type::String),
            ("labels", Type::list(Type::object([("key", Type::String)]))),
        ])
    }

    #[test]
    fn unknown_parts_come_from_after_unknown() {
        let value = value_of(
            &json!({"content": "x", "labels": [{"key": "a"}, {}]}),
            &json!({"id": true, "labels": [{}, {"key": true}]}),
            &file_type(),
        )
        .unwrap();
        assert!(value.attribute("id").unwrap().is_unknown());
        assert_eq!(value.attribute("content"), Some(&Value::from("x")));
        let labels = value.attribute("labels").unwrap().as_elements().unwrap();
        assert_eq!(labels[0].attribute("key"), Some(&Value::from("a")));
        assert!(labels[1].attribute("key").unwrap().is_unknown());
    }

    #[test]
    fn a_wholly_known_value_is_read_as_json() {
        let value = value_of(
            &json!({"id": "1", "content": null, "labels": []}),
            &json!({"labels": []}),
            &file_type(),
        )
        .unwrap();
        assert_eq!(value.attribute("id"), Some(&Value::from("1")));
        assert!(value.attribute("content").unwrap().is_null());
    }

    #[test]
    fn json_that_does_not_fit_names_the_attribute() {
        let error = value_of(
            &json!({"id": "1", "labels": [{"key": [1]}]}),
            &json!({"content": true}),
            &file_type(),
        )
        .unwrap_err();
        assert_eq!(error, "labels[0].key: expected string, found array");
    }

    #[test]
    fn sensitivity_holds_for_everything_inside() {
        let tree = json!({"secret": true, "labels": [{}, {"key": true}]});
        let path = |text: &[&str]| {
            text.iter()
                .fold(AttributePath::empty(), |path, name| path.at_name(*name))
        };
        assert!(is_sensitive_at(&tree, &path(&["secret"])));
        assert!(is_sensitive_at(&tree, &path(&["secret", "inner"])));
        assert!(!is_sensitive_at(&tree, &path(&["content"])));
        let second = AttributePath::empty()
            .at_name("labels")
            .at_list_index(1)
            .at_name("key");
        assert!(is_sensitive_at(&tree, &second));
        let first = AttributePath::empty()
            .at_name("labels")
            .at_list_index(0)
            .at_name("key");
        assert!(!is_sensitive_at(&tree, &first));
    }

    #[test]
    fn pending_changes_say_what_differs() {
        let plan = Plan::parse(
            &json!({"resource_changes": [
                {"address": "a.b", "change": {"actions": ["no-op"], "before": {}, "after": {}}},
                {"address": "a.c", "change": {
                    "actions": ["update"],
                    "before": {"id": "1", "stamp": "old", "same": 1},
                    "after": {"id": "1", "same": 1},
                    "after_unknown": {"stamp": true}
                }}
            ]})
            .to_string(),
        )
        .unwrap();
        assert_eq!(
            plan.pending(),
            ["a.c (update): stamp: \"old\" → (known after apply)"]
        );
    }

    #[test]
    fn state_resources_of_child_modules_are_found() {
        let state = State::parse(
            &json!({"values": {
                "outputs": {"o": {"value": 1, "sensitive": true}},
                "root_module": {
                    "resources": [{"address": "a.b", "values": {"id": "1"}}],
                    "child_modules": [{"resources": [
                        {"address": "module.m.a.b", "values": {"id": "2"}}
                    ]}]
                }
            }})
            .to_string(),
        )
        .unwrap();
        assert_eq!(state.resources.len(), 2);
        assert_eq!(state.resources["module.m.a.b"].values["id"], "2");
        assert!(state.outputs["o"].sensitive);
        assert!(
            State::parse(r#"{"format_version": "1.0"}"#)
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn types_follow_the_path() {
        let path = AttributePath::empty()
            .at_name("labels")
            .at_list_index(3)
            .at_name("key");
        assert_eq!(type_at(&file_type(), &path), Some(Type::String));
        assert_eq!(
            type_at(&file_type(), &AttributePath::empty().at_name("nope")),
            None
        );
    }
}
