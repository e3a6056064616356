//! Per-attribute plan modification (Go's attribute plan modifiers): functions the derive
//! attaches to an attribute, `plan_modifier = path`, `requires_replace_if = path` and
//! `requires_replace_if_configured`, which see the attribute's prior, configured and planned
//! values and may change the planned value or ask for the resource to be replaced.
//!
//! They run per attribute, nested attributes and elements of nested lists, sets and maps
//! included, in the order the field lists them, after Terraform's rules on the value
//! (`default`, unknown computed values, `stable`) and before `force_new` is judged on the
//! result; see [`Schema::plan`](super::Schema::plan) for the whole order.

use std::any::Any;
use std::fmt;

use super::contained;
use crate::diag::Diagnostics;
use crate::path::AttributePath;
use crate::tftypes::Value;

/// One step of an attribute's plan modification, as the derive writes it.
#[derive(Clone, Copy)]
pub enum PlanModifier {
    /// `plan_modifier = path`: the function, wrapped to take values.
    Modify(fn(&mut AttributeChange<'_, Value>)),
    /// `requires_replace_if = path`: asked, when the value changes on an update, whether the
    /// change requires replacing the resource (Go's `RequiresReplaceIf`).
    RequiresReplaceIf(fn(&mut AttributeChange<'_, Value>)),
    /// `requires_replace_if_configured`: a change of a value the configuration sets requires
    /// replacing the resource (Go's `RequiresReplaceIfConfigured`).
    RequiresReplaceIfConfigured,
}

impl PlanModifier {
    /// Runs this step on `plan`.
    ///
    /// # Errors
    /// The function panicked: the message.
    pub fn apply(&self, plan: &mut AttributeChange<'_, Value>) -> Result<(), String> {
        match *self {
            PlanModifier::Modify(modify) => contained("the plan_modifier function", || {
                modify(plan);
            }),
            PlanModifier::RequiresReplaceIf(decide) => {
                if plan.changes() {
                    contained("the requires_replace_if function", || decide(plan))?;
                }
                Ok(())
            }
            PlanModifier::RequiresReplaceIfConfigured => {
                if plan.changes() && !plan.config.is_null() {
                    plan.requires_replace = true;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Debug for PlanModifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlanModifier::Modify(_) => "Modify(..)",
            PlanModifier::RequiresReplaceIf(_) => "RequiresReplaceIf(..)",
            PlanModifier::RequiresReplaceIfConfigured => "RequiresReplaceIfConfigured",
        })
    }
}

impl PartialEq for PlanModifier {
    fn eq(&self, other: &PlanModifier) -> bool {
        match (*self, *other) {
            (PlanModifier::Modify(a), PlanModifier::Modify(b))
            | (PlanModifier::RequiresReplaceIf(a), PlanModifier::RequiresReplaceIf(b)) => {
                std::ptr::fn_addr_eq(a, b)
            }
            (
                PlanModifier::RequiresReplaceIfConfigured,
                PlanModifier::RequiresReplaceIfConfigured,
            ) => true,
            _ => false,
        }
    }
}

/// One attribute's planned change, as a plan modifier sees and changes it: Go's
/// `PlanModify*Request` and `PlanModify*Response` in one value.
///
/// A `plan_modifier = path` or `requires_replace_if = path` function receives it with the
/// values as `V`, the view type of the field (`types::String` for a `String` field,
/// `types::Map<types::String>` for a `HashMap<String, String>`), which holds null and unknown;
/// the schema's own steps see it with `V` = [`Value`]. Beside the attribute's prior, configured
/// and planned values it reaches the resource's whole configuration and prior state, and the
/// caller's context ([`context`](AttributeChange::context)): under `tfsdk-server`, the
/// provider's `Context`, with its configured client and the resource's private state.
///
/// ```
/// use tfsdk_core::schema::AttributeChange;
/// use tfsdk_core::{TfObject, types};
///
/// /// Unsetting a name that was `""` is no change (Go: a custom plan modifier).
/// fn empty_is_unset(change: &mut AttributeChange<'_, types::String>) {
///     let was_empty = change.prior.as_ref().is_some_and(|prior| prior.get() == Some(""));
///     if was_empty && change.config.is_null() {
///         change.planned = types::String::new("");
///     }
/// }
///
/// /// A map of keepers replaces the resource unless every new value is null.
/// fn keepers_changed(change: &AttributeChange<'_, types::Map<types::String>>) -> bool {
///     change.planned.elements().values().any(|value| !value.is_null())
/// }
///
/// #[derive(TfObject)]
/// #[tfsdk(schema(resource))]
/// struct Thing {
///     #[tfsdk(name = "name", optional, computed, plan_modifier = empty_is_unset)]
///     name: types::String,
///     #[tfsdk(name = "keepers", optional, requires_replace_if = keepers_changed)]
///     keepers: types::Map<types::String>,
/// }
/// ```
#[derive(Debug)]
pub struct AttributeChange<'a, V> {
    path: AttributePath,
    resource_config: &'a Value,
    resource_prior: Option<&'a Value>,
    context: Option<&'a dyn Any>,
    /// The prior value; `None` when the object is created (the resource, or a new element of
    /// a nested collection).
    pub prior: Option<V>,
    /// The configured value.
    pub config: V,
    /// The planned value so far: change it to change the plan.
    pub planned: V,
    /// Set to require replacing the resource (a `requires_replace_if` function returns its
    /// answer instead).
    pub requires_replace: bool,
    /// Errors and warnings to report; a diagnostic without a path is reported at the
    /// attribute's.
    pub diagnostics: Diagnostics,
}

impl<'a, V> AttributeChange<'a, V> {
    /// A change at `path` of a resource whose whole configuration and prior state are
    /// `resource` (for tests of plan modifiers; the server makes them).
    pub fn new(
        path: AttributePath,
        resource: (&'a Value, Option<&'a Value>),
        prior: Option<V>,
        config: V,
        planned: V,
    ) -> AttributeChange<'a, V> {
        AttributeChange {
            path,
            resource_config: resource.0,
            resource_prior: resource.1,
            context: None,
            prior,
            config,
            planned,
            requires_replace: false,
            diagnostics: Diagnostics::new(),
        }
    }

    /// The same change with `context` for [`context`](AttributeChange::context) to find (for
    /// tests of plan modifiers that use it; the server passes its own).
    #[must_use]
    pub fn with_context(mut self, context: &'a dyn Any) -> AttributeChange<'a, V> {
        self.context = Some(context);
        self
    }

    /// Where the attribute is (with element steps inside nested lists, sets and maps).
    pub fn path(&self) -> &AttributePath {
        &self.path
    }

    /// The resource's whole configuration, for a decision that needs other attributes (Go's
    /// `req.Config`); typed as the model's view with `View::<Model>::from_value(value.clone())`.
    pub fn resource_config(&self) -> &'a Value {
        self.resource_config
    }

    /// The resource's whole prior state (Go's `req.State`); `None` on create.
    pub fn resource_prior(&self) -> Option<&'a Value> {
        self.resource_prior
    }

    /// The context the plan runs in, if it is a `C`. Under `tfsdk-server` it is the provider's
    /// `tfsdk_server::Context<P>`: the configured provider (its API client) and the resource's
    /// private state, which a modifier reads and writes as Go's `req.Private` / `resp.Private`.
    /// `None` outside a server (`Schema::plan`) or when asked for another type.
    pub fn context<C: Any>(&self) -> Option<&'a C> {
        self.context.and_then(|context| context.downcast_ref::<C>())
    }

    /// The same change with its values converted by `convert`, which sees each one (prior
    /// first, if any, then configuration, then plan); the first error is returned.
    ///
    /// # Errors
    /// What `convert` returned.
    pub fn try_map<W, E>(
        &self,
        mut convert: impl FnMut(&V) -> Result<W, E>,
    ) -> Result<AttributeChange<'a, W>, E> {
        let prior = self.prior.as_ref().map(&mut convert).transpose()?;
        let config = convert(&self.config)?;
        let planned = convert(&self.planned)?;
        Ok(AttributeChange {
            path: self.path.clone(),
            resource_config: self.resource_config,
            resource_prior: self.resource_prior,
            context: self.context,
            prior,
            config,
            planned,
            requires_replace: false,
            diagnostics: Diagnostics::new(),
        })
    }
}

impl AttributeChange<'_, Value> {
    /// True when the planned value is a change on an update: it differs from the prior one (an
    /// unknown planned value counts as a change), or it is set in an element of a nested
    /// collection that the prior state did not have (as `force_new` judges). False on create.
    pub fn changes(&self) -> bool {
        self.resource_prior.is_some() && is_change(self.prior.as_ref(), &self.planned)
    }
}

/// Whether a planned value is a change from its prior one on an update: a different value
/// (an unknown one counts), or a value where there was none before (a new element of a
/// nested collection). The one definition: `force_new` judges with it too.
pub(super) fn is_change(prior: Option<&Value>, planned: &Value) -> bool {
    match prior {
        Some(prior) => prior != planned,
        None => !planned.is_null(),
    }
}
