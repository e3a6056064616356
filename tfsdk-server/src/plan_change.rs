//! A resource's planned change as plan modification sees it: prior state, configuration and
//! the planned state Terraform's rules produced, read and changed through the model's typed
//! view.

use std::fmt;
use std::sync::OnceLock;

use tfsdk_core::convert::{ConvertError, FromValue, ToValue};
use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::path::AttributePath;
use tfsdk_core::schema::Schema;
use tfsdk_core::tftypes::Value;
use tfsdk_core::{TfSchema, View};

/// The plan of one resource instance being created or updated, before Terraform sees it.
///
/// The server fills it by Terraform's rules (`tfsdk_core::schema::Schema::plan`): defaults,
/// computed attributes unknown on create and on every update (their prior value when
/// `stable`), `force_new`, `diff_suppress`, a plan without changes kept as the prior state.
/// [`Resource::modify_plan`](crate::Resource::modify_plan) can then say more through the
/// model's typed view: compute a value known at plan time, mark a computed value unknown
/// because it will change, or require a replacement.
///
/// ```
/// # use tfsdk_core::{TfObject, types};
/// # use tfsdk_core::diag::Diagnostics;
/// # use tfsdk_server::PlannedChange;
/// #[derive(TfObject)]
/// #[tfsdk(schema)]
/// struct Secret {
///     #[tfsdk(name = "value", required)]
///     value: String,
///     #[tfsdk(name = "length", computed)]
///     length: types::Int64,
/// }
///
/// /// The length is known at plan time whenever the value is.
/// fn plan_length(plan: &mut PlannedChange<Secret>) -> Result<(), Diagnostics> {
///     let planned = plan.planned_mut()?;
///     planned.length = match planned.value.get() {
///         Some(value) => types::Int64::new(value.len() as i64),
///         None => types::Int64::unknown(),
///     };
///     if plan.prior()?.is_some_and(|prior| prior.value.get() == Some("")) {
///         plan.require_replace(Secret::paths().value());
///     }
///     Ok(())
/// }
/// ```
///
/// The views are converted when first asked for, so a resource without plan modification pays
/// nothing for them. A `force_new` attribute whose planned value plan modification changes
/// replaces the resource: the server judges `force_new` again on the plan as modified, so no
/// [`require_replace`](PlannedChange::require_replace) is needed for it. Terraform checks the result: a planned value of a non-computed attribute
/// must equal its configuration (or its prior value), and a computed value known in the plan
/// must not change at apply.
pub struct PlannedChange<M: TfSchema> {
    prior_value: Option<Value>,
    config_value: Value,
    planned_value: Value,
    requires_replace: Vec<AttributePath>,
    prior: LazyView<M>,
    config: LazyView<M>,
    planned: LazyView<M>,
    /// Set once the planned view may have changed: it is written back at the end.
    planned_changed: bool,
}

/// The end of [`PlannedChange::into_parts`], compiled once for every model: the planned view
/// as `written` back (when it was changed), and the `force_new` attributes of `schema` it
/// changes added to the replacement paths.
fn finish_plan(
    schema: &Schema,
    prior: Option<&Value>,
    planned: Value,
    mut requires_replace: Vec<AttributePath>,
    written: Option<Result<Value, ConvertError>>,
) -> Result<(Value, Vec<AttributePath>), Diagnostics> {
    let Some(written) = written else {
        return Ok((planned, requires_replace));
    };
    let planned = written.map_err(|error| {
        let mut diagnostic = error.to_diagnostic();
        diagnostic.summary = "Invalid plan modification".into();
        Diagnostics::from(diagnostic)
    })?;
    if let Some(prior) = prior {
        for path in schema.replacements(prior, &planned) {
            if !requires_replace.contains(&path) {
                requires_replace.push(path);
            }
        }
    }
    Ok((planned, requires_replace))
}

/// A view, converted from `value` on first use.
type LazyView<M> = OnceLock<Result<View<M>, Diagnostics>>;

/// The view in `cell`, converting `value` on first use.
fn view_ref<'a, M: TfSchema>(
    cell: &'a LazyView<M>,
    value: &Value,
) -> Result<&'a View<M>, Diagnostics> {
    cell.get_or_init(|| View::<M>::from_value(value.clone()).map_err(Diagnostics::from))
        .as_ref()
        .map_err(Clone::clone)
}

/// The view in `cell` to change, converting `value` on first use.
fn view_mut<'a, M: TfSchema>(
    cell: &'a mut LazyView<M>,
    value: &Value,
) -> Result<&'a mut View<M>, Diagnostics> {
    view_ref::<M>(cell, value)?;
    match cell.get_mut() {
        Some(Ok(view)) => Ok(view),
        // `view_ref` filled the cell with a view just now.
        _ => unreachable!("a converted view is in the cell"),
    }
}

impl<M: TfSchema> PlannedChange<M> {
    pub(crate) fn new(
        prior_value: Option<Value>,
        config_value: Value,
        planned_value: Value,
        requires_replace: Vec<AttributePath>,
    ) -> PlannedChange<M> {
        PlannedChange {
            prior_value,
            config_value,
            planned_value,
            requires_replace,
            prior: OnceLock::new(),
            config: OnceLock::new(),
            planned: OnceLock::new(),
            planned_changed: false,
        }
    }

    /// The planned state and the replacement paths, the planned view written back if it was
    /// handed out for changing; with it written back, the `force_new` attributes of `schema`
    /// that it changes are added to the replacement paths (step 7 of
    /// [`Schema::plan`](tfsdk_core::schema::Schema::plan)'s rules).
    pub(crate) fn into_parts(
        mut self,
        schema: &Schema,
    ) -> Result<(Value, Vec<AttributePath>), Diagnostics> {
        let written = match (self.planned_changed, self.planned.take()) {
            (true, Some(Ok(view))) => Some(view.to_value(self.planned_value.ty())),
            _ => None,
        };
        finish_plan(
            schema,
            self.prior_value.as_ref(),
            self.planned_value,
            self.requires_replace,
            written,
        )
    }

    /// True when the resource is being created (there is no prior state).
    pub fn is_create(&self) -> bool {
        self.prior_value.is_none()
    }

    /// The configuration; attributes may be unknown.
    ///
    /// # Errors
    /// A value the view cannot hold, at its path.
    pub fn config(&self) -> Result<&View<M>, Diagnostics> {
        view_ref::<M>(&self.config, &self.config_value)
    }

    /// The state before the change; `None` on create.
    ///
    /// # Errors
    /// A value the view cannot hold, at its path.
    pub fn prior(&self) -> Result<Option<&View<M>>, Diagnostics> {
        match &self.prior_value {
            Some(value) => view_ref::<M>(&self.prior, value).map(Some),
            None => Ok(None),
        }
    }

    /// The planned state; computed attributes may be unknown.
    ///
    /// # Errors
    /// A value the view cannot hold, at its path.
    pub fn planned(&self) -> Result<&View<M>, Diagnostics> {
        view_ref::<M>(&self.planned, &self.planned_value)
    }

    /// The planned state, to change: set a computed value known at plan time, or unknown
    /// because apply will change it.
    ///
    /// # Errors
    /// A value the view cannot hold, at its path.
    pub fn planned_mut(&mut self) -> Result<&mut View<M>, Diagnostics> {
        let view = view_mut::<M>(&mut self.planned, &self.planned_value)?;
        self.planned_changed = true;
        Ok(view)
    }

    /// The configuration and prior state to read and the planned state to change, at once:
    /// `(config, prior, planned)`, the prior state `None` on create.
    ///
    /// ```
    /// # use tfsdk_core::{TfObject, types};
    /// # use tfsdk_core::diag::Diagnostics;
    /// # use tfsdk_server::PlannedChange;
    /// #[derive(TfObject)]
    /// #[tfsdk(schema)]
    /// struct Bucket {
    ///     #[tfsdk(name = "prefix", required)]
    ///     prefix: String,
    ///     #[tfsdk(name = "name", optional, computed)]
    ///     name: types::String,
    /// }
    ///
    /// fn name_from_prefix(plan: &mut PlannedChange<Bucket>) -> Result<(), Diagnostics> {
    ///     let (config, _prior, planned) = plan.views_mut()?;
    ///     if config.name.is_null() && let Some(prefix) = planned.prefix.get() {
    ///         planned.name = types::String::new(format!("{prefix}-bucket"));
    ///     }
    ///     Ok(())
    /// }
    /// ```
    ///
    /// # Errors
    /// A value a view cannot hold, at its path.
    #[allow(clippy::type_complexity)]
    pub fn views_mut(&mut self) -> Result<(&View<M>, Option<&View<M>>, &mut View<M>), Diagnostics> {
        let config = view_ref::<M>(&self.config, &self.config_value)?;
        let prior = match &self.prior_value {
            Some(value) => Some(view_ref::<M>(&self.prior, value)?),
            None => None,
        };
        let planned = view_mut::<M>(&mut self.planned, &self.planned_value)?;
        self.planned_changed = true;
        Ok((config, prior, planned))
    }

    /// Says that the change needs the resource to be replaced, because of the attribute at
    /// `path` (a typed path such as `File::paths().owner().name()`, or an `AttributePath`).
    pub fn require_replace(&mut self, path: impl Into<AttributePath>) {
        let path = path.into();
        if !self.requires_replace.contains(&path) {
            self.requires_replace.push(path);
        }
    }

    /// The attributes whose change needs the resource to be replaced so far.
    pub fn requires_replace(&self) -> &[AttributePath] {
        &self.requires_replace
    }

    /// The prior state as a Terraform value (the escape hatch; the typed views are the usual
    /// way).
    pub fn prior_value(&self) -> Option<&Value> {
        self.prior_value.as_ref()
    }

    /// The configuration as a Terraform value (the escape hatch).
    pub fn config_value(&self) -> &Value {
        &self.config_value
    }

    /// The planned state as a Terraform value (the escape hatch): changes made through
    /// [`planned_mut`](PlannedChange::planned_mut) show here once the change is done.
    pub fn planned_value(&self) -> &Value {
        &self.planned_value
    }

    /// Replaces the planned state with a Terraform value of the model's type (the escape
    /// hatch). Changes made through the typed view before are discarded.
    ///
    /// # Errors
    /// A value of another type.
    pub fn set_planned_value(&mut self, value: Value) -> Result<(), Diagnostic> {
        if value.ty() != self.planned_value.ty() {
            return Err(Diagnostic::error(
                "Invalid plan modification",
                format!(
                    "the planned state is a {}; the plan modification gave a {}",
                    self.planned_value.ty(),
                    value.ty()
                ),
            ));
        }
        self.planned_value = value;
        self.planned = OnceLock::new();
        self.planned_changed = false;
        Ok(())
    }
}

impl<M: TfSchema> fmt::Debug for PlannedChange<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PlannedChange")
            .field("prior", &self.prior_value)
            .field("config", &self.config_value)
            .field("planned", &self.planned_value)
            .field("requires_replace", &self.requires_replace)
            .finish_non_exhaustive()
    }
}
