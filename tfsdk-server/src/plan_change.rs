//! A resource's planned change as plan modification sees it: prior state, configuration and
//! the planned state the schema's behaviours produced, which provider code may adjust.

use std::collections::BTreeMap;
use std::marker::PhantomData;

use tfsdk_core::convert::{ConvertError, FromValue, ToValue};
use tfsdk_core::diag::Diagnostic;
use tfsdk_core::path::AttributePath;
use tfsdk_core::tftypes::Value;

/// The plan of one resource instance, before Terraform sees it.
///
/// The server fills it with the schema's plan semantics (defaults, computed attributes unknown
/// on create and carried over from the prior state on update, `force_new`, `diff_suppress`);
/// [`Resource::modify_plan`](crate::Resource::modify_plan) can then say more: compute a value
/// known at plan time, mark a computed value unknown because it will change, or require
/// replacement.
///
/// Terraform checks the result: a planned value of a non-computed attribute must equal its
/// configuration (or its prior value), and a computed value known in the plan must not change
/// at apply.
pub struct PlannedChange<M> {
    prior_state: Option<Value>,
    config: Value,
    planned_state: Value,
    requires_replace: Vec<AttributePath>,
    model: PhantomData<fn() -> M>,
}

impl<M> PlannedChange<M> {
    pub(crate) fn new(
        prior_state: Option<Value>,
        config: Value,
        planned_state: Value,
        requires_replace: Vec<AttributePath>,
    ) -> PlannedChange<M> {
        PlannedChange {
            prior_state,
            config,
            planned_state,
            requires_replace,
            model: PhantomData,
        }
    }

    pub(crate) fn into_parts(self) -> (Value, Vec<AttributePath>) {
        (self.planned_state, self.requires_replace)
    }

    /// True when the resource is being created (there is no prior state).
    pub fn is_create(&self) -> bool {
        self.prior_state.is_none()
    }

    /// The state before the change; `None` on create.
    pub fn prior_state(&self) -> Option<&Value> {
        self.prior_state.as_ref()
    }

    /// The configuration; attributes may be unknown.
    pub fn config(&self) -> &Value {
        &self.config
    }

    /// The planned state; computed attributes may be unknown.
    pub fn planned_state(&self) -> &Value {
        &self.planned_state
    }

    /// A top-level attribute of the planned state.
    pub fn planned(&self, name: &str) -> Option<&Value> {
        self.planned_state.attribute(name)
    }

    /// A top-level attribute of the prior state (`None` on create).
    pub fn prior(&self, name: &str) -> Option<&Value> {
        self.prior_state.as_ref()?.attribute(name)
    }

    /// True when a top-level attribute's planned value differs from its prior value (always
    /// true on create).
    pub fn changes(&self, name: &str) -> bool {
        self.prior(name) != self.planned(name)
    }

    /// Sets a top-level attribute of the planned state.
    ///
    /// # Errors
    /// The model has no such attribute, or `value` is not of the attribute's type.
    pub fn set(&mut self, name: &str, value: Value) -> Result<(), Diagnostic> {
        let Some(current) = self.planned_state.attribute(name) else {
            return Err(Diagnostic::error(
                "Invalid plan modification",
                format!("the resource has no attribute `{name}`"),
            ));
        };
        if current.ty() != value.ty() {
            return Err(Diagnostic::error(
                "Invalid plan modification",
                format!(
                    "`{name}` is a {}; the plan modification gave a {}",
                    current.ty(),
                    value.ty()
                ),
            )
            .with_path(AttributePath::root(name)));
        }
        let ty = self.planned_state.ty().clone();
        let mut attributes: BTreeMap<String, Value> = self
            .planned_state
            .as_object()
            .map(|a| a.to_map())
            .unwrap_or_default();
        attributes.insert(name.to_owned(), value);
        self.planned_state = Value::object(ty, attributes)
            .map_err(|error| Diagnostic::error("Invalid plan modification", error.to_string()))?;
        Ok(())
    }

    /// Marks a top-level attribute unknown ("known after apply"): for a computed attribute
    /// whose value apply will change.
    ///
    /// # Errors
    /// The model has no such attribute.
    pub fn set_unknown(&mut self, name: &str) -> Result<(), Diagnostic> {
        let ty = match self.planned_state.attribute(name) {
            Some(value) => value.ty().clone(),
            None => {
                return Err(Diagnostic::error(
                    "Invalid plan modification",
                    format!("the resource has no attribute `{name}`"),
                ));
            }
        };
        self.set(name, Value::unknown(ty))
    }

    /// Says that the change of the attribute at `path` needs the resource to be replaced.
    pub fn require_replace(&mut self, path: AttributePath) {
        if !self.requires_replace.contains(&path) {
            self.requires_replace.push(path);
        }
    }

    /// The attributes whose change needs the resource to be replaced so far.
    pub fn requires_replace(&self) -> &[AttributePath] {
        &self.requires_replace
    }
}

impl<M: FromValue + ToValue + tfsdk_core::convert::TerraformType> PlannedChange<M> {
    /// The planned state as the model.
    ///
    /// # Errors
    /// An unknown value in a field that cannot hold one (use framework types for attributes
    /// that may be unknown at plan time).
    pub fn planned_model(&self) -> Result<M, ConvertError> {
        M::from_value(self.planned_state.clone())
    }

    /// The prior state as the model; `None` on create.
    ///
    /// # Errors
    /// A prior state the model cannot hold.
    pub fn prior_model(&self) -> Option<Result<M, ConvertError>> {
        self.prior_state.clone().map(M::from_value)
    }

    /// Replaces the planned state with `model`.
    ///
    /// # Errors
    /// A field that does not convert to its attribute's type.
    pub fn set_planned_model(&mut self, model: &M) -> Result<(), ConvertError> {
        self.planned_state = model.to_value(self.planned_state.ty())?;
        Ok(())
    }
}
