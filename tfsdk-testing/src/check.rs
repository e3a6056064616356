//! What a step expects of a plan or a state: actions per resource instance, and checks on
//! attributes named through the model's typed paths.

use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

use tfsdk_core::convert::{FromValue, TerraformType, ToValue};
use tfsdk_core::path::AttributePath;
use tfsdk_core::tftypes::{Type, Value};
use tfsdk_core::view::Viewable;
use tfsdk_core::{TfSchema, View};

use crate::machine::{self, Plan, SchemaName, Schemas, State, type_at};

/// What a plan does to a resource instance, from its `actions` in `terraform show -json`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlannedAction {
    /// `["create"]`.
    Create,
    /// `["update"]`: in place.
    Update,
    /// `["delete", "create"]` or `["create", "delete"]` (create before destroy).
    Replace,
    /// `["delete"]`.
    Delete,
    /// `["no-op"]`.
    NoOp,
    /// `["read"]`: a data source read during apply.
    Read,
}

impl PlannedAction {
    /// The action that Terraform's `actions` list means, if any.
    pub(crate) fn from_actions(actions: &[String]) -> Option<PlannedAction> {
        let actions: Vec<&str> = actions.iter().map(String::as_str).collect();
        Some(match actions.as_slice() {
            ["create"] => PlannedAction::Create,
            ["update"] => PlannedAction::Update,
            ["delete", "create"] | ["create", "delete"] => PlannedAction::Replace,
            ["delete"] => PlannedAction::Delete,
            ["no-op"] => PlannedAction::NoOp,
            ["read"] => PlannedAction::Read,
            _ => return None,
        })
    }
}

impl fmt::Display for PlannedAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlannedAction::Create => "create",
            PlannedAction::Update => "update",
            PlannedAction::Replace => "replace",
            PlannedAction::Delete => "delete",
            PlannedAction::NoOp => "no-op",
            PlannedAction::Read => "read",
        })
    }
}

/// A resource (or data source) instance of model `M` at a Terraform address: `files_file.a`,
/// `files_file.many[2]`, `module.m.files_file.a`, `data.files_file.seed`. The address the
/// checks read; the model gives the typed paths and the attribute types.
pub struct ResourceInstance<M> {
    address: String,
    model: PhantomData<fn() -> M>,
}

impl<M> Clone for ResourceInstance<M> {
    fn clone(&self) -> Self {
        ResourceInstance {
            address: self.address.clone(),
            model: PhantomData,
        }
    }
}

impl<M> fmt::Debug for ResourceInstance<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Instance").field(&self.address).finish()
    }
}

impl<M: TfSchema> ResourceInstance<M> {
    /// The instance at `address`.
    pub fn new(address: impl Into<String>) -> Self {
        ResourceInstance {
            address: address.into(),
            model: PhantomData,
        }
    }

    /// Its address.
    #[must_use]
    pub fn address(&self) -> &str {
        &self.address
    }

    /// The attribute that `path` picks from the model's typed paths: `|file| file.content()`,
    /// `|file| file.owner().name()`, `|file| file.labels().at(0).key()`.
    ///
    /// # Panics
    /// If the path does not fit the model's type, which typed paths cannot do.
    pub fn attribute<P: Into<AttributePath>>(
        &self,
        path: impl FnOnce(<M as Viewable>::Paths) -> P,
    ) -> InstanceAttribute {
        let path: AttributePath = path(M::paths()).into();
        let model = M::terraform_type();
        let ty = type_at(&model, &path).unwrap_or_else(|| {
            panic!(
                "tfsdk-testing: {path} is not a path of {}",
                model.friendly_name()
            )
        });
        InstanceAttribute {
            target: Target::Resource {
                address: self.address.clone(),
                model,
            },
            path,
            ty,
        }
    }

    /// The instance is in the plan (any action) or in the state.
    #[must_use]
    pub fn exists(&self) -> Check {
        self.whole(Expectation::Exists)
    }

    /// The instance's identity in the state (Terraform 1.12 and newer) is `identity`: the
    /// resource's identity model, or any value of its type.
    ///
    /// # Panics
    /// If `identity` does not convert to its own Terraform type (a mistake in the test).
    #[must_use]
    pub fn has_identity<I: ToValue + TerraformType>(&self, identity: I) -> Check {
        let ty = I::terraform_type();
        let json = identity
            .to_value(&ty)
            .map_err(|error| error.to_string())
            .and_then(|value| value.to_json(&ty).map_err(|error| error.to_string()))
            .unwrap_or_else(|error| {
                panic!("tfsdk-testing: the identity does not convert: {error}")
            });
        let json = serde_json::from_str(&json).unwrap_or_default();
        self.whole(Expectation::Identity(json))
    }

    /// The instance is neither in the plan nor in the state.
    #[must_use]
    pub fn is_absent(&self) -> Check {
        self.whole(Expectation::Absent)
    }

    /// The instance's whole value, read into the model's typed view ([`View`]), satisfies
    /// `check`: return `Err` with what is wrong.
    #[must_use]
    pub fn satisfies(
        &self,
        check: impl Fn(&View<M>) -> Result<(), String> + Send + Sync + 'static,
    ) -> Check
    where
        M: TfSchema,
    {
        self.whole(Expectation::Custom(Arc::new(move |value: &Value| {
            let view = View::<M>::from_value(value.clone())
                .map_err(|error| format!("cannot read it into the model's view: {error}"))?;
            check(&view)
        })))
    }

    fn whole(&self, expectation: Expectation) -> Check {
        let model = M::terraform_type();
        Check {
            attribute: InstanceAttribute {
                target: Target::Resource {
                    address: self.address.clone(),
                    model: model.clone(),
                },
                path: AttributePath::empty(),
                ty: model,
            },
            expectation,
        }
    }
}

/// A root module output, for plan and state checks.
#[derive(Clone, Debug)]
pub struct Output {
    name: String,
}

impl Output {
    /// The output `name`.
    pub fn new(name: impl Into<String>) -> Self {
        Output { name: name.into() }
    }

    /// The output as an [`InstanceAttribute`] of type `T`, to compare with a Rust value.
    #[must_use]
    pub fn of<T: TerraformType>(&self) -> InstanceAttribute {
        InstanceAttribute {
            target: Target::Output(self.name.clone()),
            path: AttributePath::empty(),
            ty: T::terraform_type(),
        }
    }

    /// The output is `value` (whose Rust type says the output's type).
    #[must_use]
    pub fn equals<T: TerraformType + ToValue>(&self, value: T) -> Check {
        self.of::<T>().equals(value)
    }

    /// The output exists in the plan or the state.
    #[must_use]
    pub fn exists(&self) -> Check {
        Check {
            attribute: self.of::<tfsdk_core::types::Dynamic>(),
            expectation: Expectation::Exists,
        }
    }
}

#[derive(Clone, Debug)]
enum Target {
    Resource { address: String, model: Type },
    Output(String),
}

/// One attribute of an instance (or an output), to say what it should hold.
#[derive(Clone, Debug)]
pub struct InstanceAttribute {
    target: Target,
    path: AttributePath,
    ty: Type,
}

impl InstanceAttribute {
    /// Known and equal to `value`, converted to the attribute's type (`"hello"` for a string,
    /// `420` for a number, `vec!["a"]` for a list or a set, a derived struct for an object).
    ///
    /// # Panics
    /// If `value` cannot be a value of the attribute's type: a mistake in the test.
    #[must_use]
    pub fn equals(self, value: impl ToValue) -> Check {
        let expected = value.to_value(&self.ty).unwrap_or_else(|error| {
            panic!(
                "tfsdk-testing: the expected value for {} is not a {}: {error}",
                self.describe(),
                self.ty.friendly_name()
            )
        });
        Check {
            attribute: self,
            expectation: Expectation::Equals(expected),
        }
    }

    /// Null.
    #[must_use]
    pub fn is_null(self) -> Check {
        self.expect(Expectation::Null)
    }

    /// Not null (known or unknown).
    #[must_use]
    pub fn is_not_null(self) -> Check {
        self.expect(Expectation::NotNull)
    }

    /// Unknown: "(known after apply)" in a plan.
    #[must_use]
    pub fn is_unknown(self) -> Check {
        self.expect(Expectation::Unknown)
    }

    /// Known, with no unknown part.
    #[must_use]
    pub fn is_known(self) -> Check {
        self.expect(Expectation::Known)
    }

    /// Sensitive (Terraform hides it), by its schema or by a sensitive value it came from: as
    /// Terraform says, in its plan or state and in the schema it received from the provider
    /// (not as the model says).
    #[must_use]
    pub fn is_sensitive(self) -> Check {
        self.expect(Expectation::Sensitive)
    }

    /// Not sensitive.
    #[must_use]
    pub fn is_not_sensitive(self) -> Check {
        self.expect(Expectation::NotSensitive)
    }

    /// The value satisfies `check`: return `Err` with what is wrong.
    #[must_use]
    pub fn satisfies(
        self,
        check: impl Fn(&Value) -> Result<(), String> + Send + Sync + 'static,
    ) -> Check {
        self.expect(Expectation::Custom(Arc::new(check)))
    }

    /// The path within the instance.
    pub(crate) fn path(&self) -> &AttributePath {
        &self.path
    }

    fn expect(self, expectation: Expectation) -> Check {
        Check {
            attribute: self,
            expectation,
        }
    }

    fn describe(&self) -> String {
        let place = match &self.target {
            Target::Resource { address, .. } => address.clone(),
            Target::Output(name) => format!("output.{name}"),
        };
        if self.path.is_empty() {
            place
        } else {
            format!("{place}: {}", self.path)
        }
    }
}

type CustomCheck = Arc<dyn Fn(&Value) -> Result<(), String> + Send + Sync>;

#[derive(Clone)]
enum Expectation {
    Equals(Value),
    Null,
    NotNull,
    Unknown,
    Known,
    Sensitive,
    NotSensitive,
    Exists,
    Absent,
    Identity(serde_json::Value),
    Custom(CustomCheck),
}

impl fmt::Debug for Expectation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expectation::Equals(value) => write!(f, "equals {value}"),
            Expectation::Null => f.write_str("is null"),
            Expectation::NotNull => f.write_str("is not null"),
            Expectation::Unknown => f.write_str("is unknown"),
            Expectation::Known => f.write_str("is known"),
            Expectation::Sensitive => f.write_str("is sensitive"),
            Expectation::NotSensitive => f.write_str("is not sensitive"),
            Expectation::Exists => f.write_str("exists"),
            Expectation::Absent => f.write_str("is absent"),
            Expectation::Identity(identity) => write!(f, "has the identity {identity}"),
            Expectation::Custom(_) => f.write_str("satisfies a check"),
        }
    }
}

/// One expectation on a plan ([`Step::plan_check`](crate::Step::plan_check)) or a state
/// ([`Step::state_check`](crate::Step::state_check)), made by [`InstanceAttribute`], [`ResourceInstance`] and
/// [`Output`].
#[derive(Clone, Debug)]
pub struct Check {
    attribute: InstanceAttribute,
    expectation: Expectation,
}

/// What a check looks at: the value, whether Terraform marks it sensitive, and the object's
/// identity (states only).
struct Found {
    value: Value,
    sensitive: bool,
    identity: serde_json::Value,
}

impl Check {
    /// Whether the check needs the provider's schemas as Terraform received them: it asks
    /// whether a resource's attribute is sensitive.
    pub(crate) fn needs_schemas(&self) -> bool {
        matches!(self.attribute.target, Target::Resource { .. })
            && matches!(
                self.expectation,
                Expectation::Sensitive | Expectation::NotSensitive
            )
    }

    /// Checks the plan's planned values; `schemas` are Terraform's (see
    /// [`needs_schemas`](Check::needs_schemas)).
    pub(crate) fn on_plan(&self, plan: &Plan, schemas: Option<&Schemas>) -> Result<(), String> {
        let found = match &self.attribute.target {
            Target::Resource { address, model } => match plan.change(address) {
                None => None,
                Some(change) if change.actions == ["delete"] => None,
                Some(change) => Some(self.found(
                    machine::value_of(&change.after, &change.after_unknown, model),
                    &change.after_sensitive,
                    schemas.map(|schemas| (schemas, &change.schema)),
                )?),
            },
            Target::Output(name) => match plan.outputs.get(name) {
                None => None,
                Some(change) => Some(Found {
                    value: machine::value_of(
                        &change.after,
                        &change.after_unknown,
                        &self.attribute.ty,
                    )
                    .map_err(|error| {
                        format!(
                            "{}: cannot read the value: {error}",
                            self.attribute.describe()
                        )
                    })?,
                    sensitive: change.after_sensitive == serde_json::Value::Bool(true),
                    identity: serde_json::Value::Null,
                }),
            },
        };
        self.judge(found)
    }

    /// Checks the state; `schemas` are Terraform's (see
    /// [`needs_schemas`](Check::needs_schemas)).
    pub(crate) fn on_state(&self, state: &State, schemas: Option<&Schemas>) -> Result<(), String> {
        let found = match &self.attribute.target {
            Target::Resource { address, model } => match state.resources.get(address) {
                None => None,
                Some(resource) => Some(Found {
                    identity: resource.identity.clone(),
                    ..self.found(
                        machine::value_of(&resource.values, &serde_json::Value::Null, model),
                        &resource.sensitive_values,
                        schemas.map(|schemas| (schemas, &resource.schema)),
                    )?
                }),
            },
            Target::Output(name) => match state.outputs.get(name) {
                None => None,
                Some(output) => Some(Found {
                    value: machine::value_of(
                        &output.value,
                        &serde_json::Value::Null,
                        &self.attribute.ty,
                    )
                    .map_err(|error| {
                        format!(
                            "{}: cannot read the value: {error}",
                            self.attribute.describe()
                        )
                    })?,
                    sensitive: output.sensitive,
                    identity: serde_json::Value::Null,
                }),
            },
        };
        self.judge(found)
    }

    /// What the check finds in an instance's value (`whole`): the part at its path, and
    /// whether Terraform marks it sensitive, in the `sensitive` tree of its output or by the
    /// instance's schema as Terraform received it.
    fn found(
        &self,
        whole: Result<Value, String>,
        sensitive: &serde_json::Value,
        schema: Option<(&Schemas, &SchemaName)>,
    ) -> Result<Found, String> {
        let attribute = &self.attribute;
        let whole = whole.map_err(|error| {
            format!(
                "{}: Terraform's value does not fit the model: {error}",
                attribute.describe()
            )
        })?;
        let value = whole.at_path(&attribute.path).cloned().ok_or_else(|| {
            format!(
                "{}: there is no such value (something on the way is null or unknown, or the \
                 element does not exist) in {whole}",
                attribute.describe()
            )
        })?;
        Ok(Found {
            value,
            // Terraform 1.0 leaves the schema's sensitive attributes out of the state's
            // `sensitive_values`: the schema it received says them.
            sensitive: machine::is_sensitive_at(sensitive, &attribute.path)
                || schema
                    .is_some_and(|(schemas, name)| schemas.marks_sensitive(name, &attribute.path)),
            identity: serde_json::Value::Null,
        })
    }

    fn judge(&self, found: Option<Found>) -> Result<(), String> {
        let what = self.attribute.describe();
        let found = match (found, &self.expectation) {
            (None, Expectation::Absent) => return Ok(()),
            (None, _) => return Err(format!("{what}: not found")),
            (Some(_), Expectation::Absent) => return Err(format!("{what}: present")),
            (Some(found), _) => found,
        };
        let value = &found.value;
        let ok = match &self.expectation {
            Expectation::Equals(expected) => value == expected,
            Expectation::Null => value.is_null(),
            Expectation::NotNull => !value.is_null(),
            Expectation::Unknown => value.is_unknown(),
            Expectation::Known => value.is_wholly_known(),
            Expectation::Sensitive => found.sensitive,
            Expectation::NotSensitive => !found.sensitive,
            Expectation::Exists | Expectation::Absent => true,
            Expectation::Identity(identity) => &found.identity == identity,
            Expectation::Custom(check) => {
                return check(value).map_err(|error| format!("{what}: {error} (value: {value})"));
            }
        };
        if ok {
            return Ok(());
        }
        let sensitivity = if found.sensitive { ", sensitive" } else { "" };
        Err(match &self.expectation {
            Expectation::Equals(expected) => {
                format!("{what}: expected {expected}, found {value}{sensitivity}")
            }
            Expectation::Identity(identity) => format!(
                "{what}: expected the identity {identity}, found {}",
                found.identity
            ),
            other => format!("{what}: expected it {other:?}, found {value}{sensitivity}"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use tfsdk_core::types;

    #[derive(tfsdk_core::TfObject)]
    #[tfsdk(schema(resource))]
    struct File {
        #[tfsdk(name = "path", required)]
        path: String,
        #[tfsdk(name = "content", optional, sensitive)]
        content: Option<String>,
        #[tfsdk(name = "size", computed)]
        size: types::Int64,
        #[tfsdk(name = "labels", optional)]
        labels: Option<Vec<String>>,
    }

    fn plan() -> Plan {
        Plan::parse(
            &json!({"resource_changes": [{
                "address": "files_file.a",
                "mode": "managed",
                "type": "files_file",
                "change": {
                    "actions": ["create"],
                    "before": null,
                    "after": {"path": "a.txt", "content": "x", "labels": ["l"]},
                    "after_unknown": {"size": true, "labels": [false]},
                    "after_sensitive": {"content": true, "labels": [false]}
                }
            }]})
            .to_string(),
        )
        .unwrap()
    }

    #[test]
    fn typed_checks_read_the_plan() {
        let file = ResourceInstance::<File>::new("files_file.a");
        let plan = plan();
        for check in [
            file.attribute(|f| f.path()).equals("a.txt"),
            file.attribute(|f| f.size()).is_unknown(),
            file.attribute(|f| f.content()).is_sensitive(),
            file.attribute(|f| f.path()).is_not_sensitive(),
            file.attribute(|f| f.labels()).equals(vec!["l"]),
            file.attribute(|f| f.labels().at(0)).is_known(),
            file.exists(),
            ResourceInstance::<File>::new("files_file.b").is_absent(),
        ] {
            check.on_plan(&plan, None).unwrap();
        }
        let error = file
            .attribute(|f| f.path())
            .equals("b.txt")
            .on_plan(&plan, None)
            .unwrap_err();
        assert_eq!(
            error,
            r#"files_file.a: path: expected "b.txt", found "a.txt""#
        );
        let error = file
            .attribute(|f| f.size())
            .is_known()
            .on_plan(&plan, None)
            .unwrap_err();
        assert_eq!(
            error,
            "files_file.a: size: expected it is known, found (unknown)"
        );
    }

    #[test]
    fn the_whole_instance_reads_into_its_view() {
        let file = ResourceInstance::<File>::new("files_file.a");
        let check = file.satisfies(|view| {
            if view.size.is_unknown() {
                Ok(())
            } else {
                Err("size should be unknown".into())
            }
        });
        check.on_plan(&plan(), None).unwrap();
    }

    #[test]
    fn sensitivity_is_what_terraform_says_not_what_the_model_says() {
        let file = ResourceInstance::<File>::new("files_file.a");
        let content = || file.attribute(|f| f.content());
        // A state without sensitive marks (Terraform 1.0 leaves out the schema's).
        let state = State::parse(
            &json!({"values": {"root_module": {"resources": [{
                "address": "files_file.a", "mode": "managed", "type": "files_file",
                "values": {"path": "a.txt", "content": "x", "size": 1, "labels": null},
                "sensitive_values": {}
            }]}}})
            .to_string(),
        )
        .unwrap();
        let schemas = |sensitive: bool| {
            Schemas::new(
                json!({"resource_schemas": {"files_file": {"block": {"attributes": {
                    "path": {"type": "string", "required": true},
                    "content": {"type": "string", "optional": true, "sensitive": sensitive}
                }}}}}),
            )
        };
        // The schema Terraform received marks it: sensitive.
        let marked = schemas(true);
        content()
            .is_sensitive()
            .on_state(&state, Some(&marked))
            .unwrap();
        assert!(
            content()
                .is_not_sensitive()
                .on_state(&state, Some(&marked))
                .is_err()
        );
        // It does not (a provider that lost the flag on the way), whatever the model says.
        let unmarked = schemas(false);
        let error = content()
            .is_sensitive()
            .on_state(&state, Some(&unmarked))
            .unwrap_err();
        assert_eq!(
            error,
            r#"files_file.a: content: expected it is sensitive, found "x""#
        );
        // Nor does a plan whose after_sensitive leaves it out.
        let mut plan = plan();
        plan.changes[0].after_sensitive = json!({});
        assert!(
            content()
                .is_sensitive()
                .on_plan(&plan, Some(&unmarked))
                .is_err()
        );
        content()
            .is_sensitive()
            .on_plan(&plan, Some(&marked))
            .unwrap();
        assert!(content().is_sensitive().needs_schemas());
        assert!(!content().equals("x").needs_schemas());
    }

    #[test]
    fn outputs_are_checked_in_the_state() {
        let state = State::parse(
            &json!({"values": {"outputs": {"n": {"value": 3, "sensitive": false}}}}).to_string(),
        )
        .unwrap();
        Output::new("n")
            .equals(3_i64)
            .on_state(&state, None)
            .unwrap();
        assert!(
            Output::new("n")
                .equals(4_i64)
                .on_state(&state, None)
                .is_err()
        );
        assert!(Output::new("m").exists().on_state(&state, None).is_err());
    }

    #[test]
    fn actions_read_as_terraform_writes_them() {
        let actions = |list: &[&str]| list.iter().map(|a| (*a).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            PlannedAction::from_actions(&actions(&["create", "delete"])),
            Some(PlannedAction::Replace)
        );
        assert_eq!(
            PlannedAction::from_actions(&actions(&["no-op"])),
            Some(PlannedAction::NoOp)
        );
        assert_eq!(PlannedAction::from_actions(&actions(&["forget"])), None);
    }
}
