//! Planning: from prior state and configuration to the planned state, the attributes that force
//! a replacement, and the diagnostics, by Terraform's rules (see [`Schema::plan`]).

use std::any::Any;
use std::collections::BTreeMap;

use super::pairing::{has_semantic_equality, map_paired_elements, pair_elements};
use super::plan_modifier::is_change;
use super::walk::Here;
use super::{Attribute, AttributeChange, NestedAttributes, Schema};
use crate::diag::{Diagnostic, Diagnostics};
use crate::path::AttributePath;
use crate::tftypes::{Type, Value, ValueData};

/// The result of planning a change.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
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
    /// The rules are those Terraform enforces on a plan, in the order of Terraform's Go
    /// framework. This is the one place that lists them all; the server adds steps 6 and 7.
    ///
    /// 1. Each attribute starts from its configuration. Left null there, it takes its
    ///    `default` / `default_fn` value; a `required` one without a value is an error at its
    ///    path; a computed one keeps its prior value for now. A configured value that is not
    ///    known yet stays unknown. When `diff_suppress` says the configured value is the prior
    ///    one in other words, the prior value is kept (Terraform accepts the prior value of a
    ///    configured attribute as equivalent). Setting a computed-only attribute is an error.
    /// 2. If the resource is being created, or the plan so far differs from the prior state,
    ///    every computed attribute that configuration leaves null (and that has no default)
    ///    becomes unknown: the provider may change it on apply, and Terraform rejects a
    ///    value that changes after the plan promised it. A `stable` attribute keeps its prior
    ///    value instead when it has one (Go's `UseStateForUnknown`).
    /// 3. The attribute's plan modifiers run, in the order the field lists them
    ///    (`plan_modifier = path`, `requires_replace_if = path`,
    ///    `requires_replace_if_configured`; see [`PlanModifier`](super::PlanModifier)): they
    ///    may change the planned value and ask for replacement. They run on every plan
    ///    Terraform receives, one without other changes included, and not on a destroy.
    /// 4. A `force_new` attribute whose planned value (as the modifiers left it) differs from
    ///    its prior value adds its path to `requires_replace`; an unknown planned value is a
    ///    change, so a computed `force_new` attribute needs `stable` to keep an update in
    ///    place (Terraform then plans the replacement as a create, with every computed
    ///    attribute unknown).
    /// 5. A plan that does not differ from the prior state keeps it exactly, so the plan after
    ///    an apply is empty.
    /// 6. (server) The resource's own plan modification (`Resource::modify_plan`) sees the
    ///    plan and may change it.
    /// 7. (server) `force_new` is judged again on that result ([`Schema::replacements`]): a
    ///    `force_new` attribute that plan modification changed replaces the resource, without
    ///    a call to `require_replace` (stricter than Go, which leaves it to the resource).
    ///
    /// A write-only attribute is null in every plan: its value exists only in configuration.
    ///
    /// Nested attributes follow the same rules at their paths: list elements are matched with
    /// the prior list's by index, map elements by key, and set elements with the prior element
    /// that configuration could have produced (the same values, but for computed attributes
    /// left null), found by hashing, so large sets plan in linear time. A list or set of
    /// nested blocks that configuration leaves null is planned empty, as Terraform requires.
    pub fn plan(&self, prior_state: Option<&Value>, config: &Value) -> Plan {
        self.plan_in(None, prior_state, config)
    }

    /// [`Schema::plan`] with a context for the attributes' plan modifiers to reach
    /// ([`AttributeChange::context`]): the server passes the provider's `Context`, so that a
    /// modifier can use the configured client and the resource's private state.
    pub fn plan_in(
        &self,
        context: Option<&dyn Any>,
        prior_state: Option<&Value>,
        config: &Value,
    ) -> Plan {
        let prior = prior_state.filter(|p| !p.is_null());
        let Some(prior) = prior else {
            return Planner::new(Mode::Create, context)
                .root(self, None, config)
                .0;
        };
        let (proposed, modifiers) =
            Planner::new(Mode::UpdateProposal, context).root(self, Some(prior), config);
        if proposed.diagnostics.has_error() {
            return proposed;
        }
        let mode = if proposed.planned_state != *prior {
            Mode::Update
        } else if modifiers {
            Mode::Unchanged
        } else {
            return proposed;
        };
        Planner::new(mode, context)
            .root(self, Some(prior), config)
            .0
    }

    /// The `force_new` attributes whose value in `planned` differs from `prior` (an unknown
    /// value counts as a change), nested attributes included: the replacement judged again on
    /// a plan that provider code changed after [`Schema::plan`] (a resource's own plan
    /// modification), and the pass that finds them in [`Schema::plan`] (rule 4). Each element
    /// of a nested collection is judged against the prior element it continues: lists by
    /// index, maps by key, sets by what the plan could have made of each prior element
    /// (computed attributes unknown), so a set whose elements only gain unknown computed
    /// values asks for no replacement; a new element asks for each `force_new` attribute it
    /// sets.
    pub fn replacements(&self, prior: &Value, planned: &Value) -> Vec<AttributePath> {
        let mut found = Vec::new();
        if !prior.is_null() && !planned.is_null() && has_force_new(&self.attributes) {
            replacements_in(
                &self.attributes,
                Some(prior),
                planned,
                &Here::ROOT,
                &mut found,
            );
        }
        found
    }

    /// The provider block's configuration with each attribute's `default` / `default_fn`
    /// applied where configuration leaves it null, nested attributes included; and an error
    /// for each `required` attribute that is still null (a `required` attribute with a
    /// `default_fn` is served to Terraform as optional, so the missing value is reported here).
    /// Values not known yet stay unknown.
    ///
    /// The older Go SDK applies a provider's `Default` and `DefaultFunc` before validation and
    /// configuration; the server calls this before both.
    pub fn with_defaults(&self, config: &Value) -> (Value, Diagnostics) {
        let (plan, _) = Planner::new(Mode::Defaults, None).root(self, None, config);
        (plan.planned_state, plan.diagnostics)
    }
}

/// What a walk over the attributes does.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// A create: computed attributes left null become unknown.
    Create,
    /// The first pass of an update: computed attributes keep their prior values, so that the
    /// result equals the prior state when nothing changes.
    UpdateProposal,
    /// An update with changes: computed attributes left null become unknown unless `stable`.
    Update,
    /// An update whose proposal equals the prior state, planned again for the attributes'
    /// plan modifiers: nothing becomes unknown.
    Unchanged,
    /// Defaults and required attributes only (a provider block).
    Defaults,
}

/// One attribute where a walk stands: its schema, its prior and configured values (the prior
/// `None` on create and in a new element), and its path.
#[derive(Clone, Copy)]
struct Slot<'a> {
    attribute: &'a Attribute,
    prior: Option<&'a Value>,
    config: &'a Value,
    here: &'a Here<'a>,
}

struct Planner<'a> {
    mode: Mode,
    /// The resource's whole configuration and prior state, for plan modifiers.
    resource: Option<(&'a Value, Option<&'a Value>)>,
    /// The caller's context, for plan modifiers.
    context: Option<&'a dyn Any>,
    requires_replace: Vec<AttributePath>,
    diagnostics: Diagnostics,
    /// Set when an attribute with plan modifiers was met.
    saw_modifiers: bool,
}

impl<'a> Planner<'a> {
    fn new(mode: Mode, context: Option<&'a dyn Any>) -> Planner<'a> {
        Planner {
            mode,
            resource: None,
            context,
            requires_replace: Vec::new(),
            diagnostics: Diagnostics::new(),
            saw_modifiers: false,
        }
    }

    fn updating(&self) -> bool {
        matches!(
            self.mode,
            Mode::UpdateProposal | Mode::Update | Mode::Unchanged
        )
    }

    /// Whether the attributes' plan modifiers run: on the plan Terraform receives.
    fn modifies(&self) -> bool {
        matches!(self.mode, Mode::Create | Mode::Update | Mode::Unchanged)
    }

    fn marks_unknown(&self) -> bool {
        matches!(self.mode, Mode::Create | Mode::Update)
    }

    /// The plan of `config` against `prior`, and whether any attribute has plan modifiers.
    fn root(
        mut self,
        schema: &Schema,
        prior: Option<&'a Value>,
        config: &'a Value,
    ) -> (Plan, bool) {
        self.resource = Some((config, prior));
        let planned_state = if config.as_object().is_some() {
            self.object(&schema.attributes, prior, config, &Here::ROOT)
        } else {
            let ty = schema.object_type();
            self.diagnostics.add_error(
                "Invalid configuration",
                format!("the configuration must be a known object of type {ty}, found {config}"),
            );
            Value::null(ty)
        };
        // Rule 4, as a pass over the finished plan: the same pass judges a plan that provider
        // code changed afterwards (`Schema::replacements`), so the two cannot disagree. Not on
        // the first pass of an update: a proposal without changes replaces nothing, and one
        // with changes is planned again.
        let mut requires_replace = Vec::new();
        if matches!(self.mode, Mode::Update | Mode::Unchanged)
            && let Some(prior) = prior
            && has_force_new(&schema.attributes)
        {
            replacements_in(
                &schema.attributes,
                Some(prior),
                &planned_state,
                &Here::ROOT,
                &mut requires_replace,
            );
        }
        for path in self.requires_replace {
            if !requires_replace.contains(&path) {
                requires_replace.push(path);
            }
        }
        let plan = Plan {
            planned_state,
            requires_replace,
            diagnostics: self.diagnostics,
        };
        (plan, self.saw_modifiers)
    }

    /// Plans one object: its attributes, described by `schema`, against the prior object's.
    /// A configuration that is not a known object (null, unknown) stays as it is.
    fn object(
        &mut self,
        schema: &BTreeMap<String, Attribute>,
        prior: Option<&Value>,
        config: &Value,
        here: &Here<'_>,
    ) -> Value {
        let Some(config_values) = config.object_values() else {
            return config.clone();
        };
        // Values are decoded against the schema's own object type, whose attributes are the
        // schema's in the same (name) order: each attribute's value is found by position.
        if config_values.len() != schema.len() {
            self.diagnostics.push(
                Diagnostic::error(
                    "Invalid configuration",
                    format!(
                        "the configuration has {} attributes where the schema has {}",
                        config_values.len(),
                        schema.len()
                    ),
                )
                .with_path(here.path()),
            );
            return config.clone();
        }
        let prior_values = prior
            .and_then(Value::object_values)
            .filter(|values| values.len() == schema.len());
        let planned = schema
            .iter()
            .zip(config_values)
            .enumerate()
            .map(|(i, ((name, attribute), config))| {
                let prior = prior_values.map(|values| &values[i]);
                self.attribute(Slot {
                    attribute,
                    prior,
                    config,
                    here: &here.name(name),
                })
            })
            .collect();
        Value::object_values_unchecked(config.ty().clone(), planned)
    }

    fn attribute(&mut self, at: Slot<'_>) -> Value {
        // Only the configuration holds a write-only value; Terraform requires null elsewhere.
        if at.attribute.write_only && self.mode != Mode::Defaults {
            return Value::null(at.attribute.ty.clone());
        }
        let planned = if self.becomes_unknown(at) {
            Value::unknown(at.attribute.ty.clone())
        } else {
            self.proposed(at)
        };
        if at.attribute.plan_modifiers.is_empty() {
            return planned;
        }
        self.saw_modifiers = true;
        if self.modifies() {
            self.modify(at, planned)
        } else {
            planned
        }
    }

    /// Rule 2: a computed attribute that configuration leaves null (and that has no default)
    /// is unknown in a plan that changes something, unless it is `stable` and has a prior value.
    fn becomes_unknown(&self, at: Slot<'_>) -> bool {
        self.marks_unknown()
            && at.attribute.computed
            && at.attribute.default.is_none()
            && at.config.is_null()
            && !(at.attribute.stable && at.prior.is_some_and(|prior| !prior.is_null()))
    }

    fn require_replace(&mut self, path: AttributePath) {
        if !self.requires_replace.contains(&path) {
            self.requires_replace.push(path);
        }
    }

    /// Runs the attribute's plan modifiers on `planned`, in order; the result is the planned
    /// value, and a modifier's wish for replacement is recorded.
    fn modify(&mut self, at: Slot<'_>, planned: Value) -> Value {
        let path = at.here.path();
        let resource_config = self.resource.map_or(at.config, |(config, _)| config);
        let resource_prior = self.resource.and_then(|(_, prior)| prior);
        let prior = at.prior.filter(|_| self.updating()).cloned();
        let mut plan = AttributeChange::new(
            path.clone(),
            (resource_config, resource_prior),
            prior,
            at.config.clone(),
            planned,
        );
        if let Some(context) = self.context {
            plan = plan.with_context(context);
        }
        for modifier in &at.attribute.plan_modifiers {
            if let Err(message) = modifier.apply(&mut plan) {
                plan.diagnostics
                    .push(Diagnostic::error("Provider panicked", message).with_path(path.clone()));
            }
        }
        let AttributeChange {
            planned,
            requires_replace,
            diagnostics,
            ..
        } = plan;
        for diagnostic in diagnostics {
            let diagnostic = match diagnostic.path {
                Some(_) => diagnostic,
                None => diagnostic.with_path(path.clone()),
            };
            self.diagnostics.push(diagnostic);
        }
        if requires_replace && self.updating() {
            self.require_replace(path);
        }
        if planned.ty().usable_as(&at.attribute.ty) {
            planned
        } else {
            self.diagnostics.push(
                Diagnostic::error(
                    "Invalid planned value",
                    format!(
                        "the plan modifier of {} planned a {}, but the at.attribute is a {}",
                        at.here.path(),
                        planned.ty(),
                        at.attribute.ty
                    ),
                )
                .with_path(at.here.path()),
            );
            Value::null(at.attribute.ty.clone())
        }
    }

    /// An attribute's value from configuration, defaults and (for computed attributes and
    /// suppressed differences) the prior value.
    fn proposed(&mut self, at: Slot<'_>) -> Value {
        if at.attribute.is_computed_only() && !at.config.is_null() {
            self.diagnostics.push(
                Diagnostic::error(
                    "Invalid Configuration for Read-Only Attribute",
                    format!(
                        "Cannot set value for {}: the provider computes it. Remove it from the \
                         configuration.",
                        at.here.path()
                    ),
                )
                .with_path(at.here.path()),
            );
            return prior_or_null(at.attribute, at.prior);
        }
        if at.config.is_null() {
            return self.unset(at);
        }
        if at.config.is_unknown() {
            return at.config.clone();
        }
        let planned = match &at.attribute.nested {
            Some(nested) => self.nested(nested, at.prior, at.config, at.here),
            None => at.config.clone(),
        };
        let Some(prior) = at.prior.filter(|prior| self.updating() && prior.is_known()) else {
            return planned;
        };
        if at.attribute.diff_suppress.is_none() && at.attribute.semantic_equality.is_none() {
            return planned;
        }
        self.kept_prior(at, prior, planned)
    }

    /// `diff_suppress`, then the type's semantic equality: the prior value stands for a
    /// configured one that means the same (element by element in a collection).
    #[cold]
    fn kept_prior(&mut self, at: Slot<'_>, prior: &Value, planned: Value) -> Value {
        let kept = match (&at.attribute.diff_suppress, &at.attribute.semantic_equality) {
            (Some(suppress), _) => suppress
                .suppresses(prior, &planned)
                .map(|same| same.then(|| prior.clone())),
            (None, Some(semantic)) if planned.is_known() && planned != *prior => {
                semantic.kept(prior, &planned)
            }
            _ => Ok(None),
        };
        match kept {
            Ok(kept) => kept.unwrap_or(planned),
            Err(message) => {
                self.diagnostics.push(
                    Diagnostic::error("Provider panicked", message).with_path(at.here.path()),
                );
                planned
            }
        }
    }

    /// The value of an attribute that configuration leaves null.
    fn unset(&mut self, at: Slot<'_>) -> Value {
        let Slot {
            attribute,
            prior,
            config,
            here,
        } = at;
        if let Some(default) = &attribute.default {
            match default.compute_contained() {
                Ok(Ok(Some(value))) if value.ty().usable_as(&attribute.ty) => return value,
                Ok(Ok(Some(value))) => {
                    self.diagnostics.push(
                        Diagnostic::error(
                            "Invalid default value",
                            format!(
                                "the default {value} is a {}, but the attribute is a {}",
                                value.ty(),
                                attribute.ty
                            ),
                        )
                        .with_path(here.path()),
                    );
                    return config.clone();
                }
                Ok(Ok(None)) => {}
                // A panic reads as every other contained panic does.
                Err(message) => {
                    self.diagnostics.push(
                        Diagnostic::error("Provider panicked", message).with_path(here.path()),
                    );
                    return config.clone();
                }
                Ok(Err(message)) => {
                    self.diagnostics.push(
                        Diagnostic::error(
                            "Default value error",
                            format!(
                                "computing the default for {} failed: {message}",
                                here.path()
                            ),
                        )
                        .with_path(here.path()),
                    );
                    return config.clone();
                }
            }
        }
        if attribute.required {
            self.diagnostics.push(missing_required(here));
            return config.clone();
        }
        if attribute.is_collection_block() {
            return empty_collection(&attribute.ty).unwrap_or_else(|| config.clone());
        }
        if attribute.computed {
            return prior_or_null(attribute, prior);
        }
        config.clone()
    }

    /// Plans the objects inside a known value of a nested attribute, each against the prior
    /// object it continues ([`pair_elements`]).
    fn nested(
        &mut self,
        nested: &NestedAttributes,
        prior: Option<&Value>,
        config: &Value,
        here: &Here<'_>,
    ) -> Value {
        pair_elements(nested, prior, config, here, |here, prior, element| {
            self.object(&nested.attributes, prior, element, here)
        })
        .map_or_else(
            || config.clone(),
            |paired| paired.into_value(config.ty().clone()),
        )
    }
}

impl Schema {
    /// `new` (a state provider code returned) with each attribute that means what it means in
    /// `reference` (the planned state after create and update, the prior state after read) by
    /// its type's semantic equality taken from `reference`: the spelling Terraform already
    /// holds stays, so a value the API respells causes no diff. Elements of lists, sets and
    /// maps and nested objects at any depth included, each against the element it continues.
    pub fn keep_equivalent(&self, reference: &Value, new: Value) -> Value {
        keep_equivalent_in(&self.attributes, reference, new)
    }

    /// Whether any attribute, nested ones included, has a semantic equality.
    pub fn has_semantic_equality(&self) -> bool {
        has_semantic_equality(&self.attributes)
    }
}

fn keep_equivalent_in(
    schema: &BTreeMap<String, Attribute>,
    reference: &Value,
    new: Value,
) -> Value {
    let Some(references) = reference
        .object_values()
        .filter(|v| v.len() == schema.len())
    else {
        return new;
    };
    super::state::map_attributes(schema, new, |i, attribute, value| {
        keep_equivalent_value(attribute, &references[i], value)
    })
}

fn keep_equivalent_value(attribute: &Attribute, reference: &Value, value: Value) -> Value {
    if let Some(semantic) = &attribute.semantic_equality {
        return semantic.keep(reference, value);
    }
    match &attribute.nested {
        Some(nested) => {
            map_paired_elements(
                nested,
                Some(reference),
                value,
                |partner, element| match partner {
                    Some(reference) => keep_equivalent_in(&nested.attributes, reference, element),
                    None => element,
                },
            )
        }
        None => value,
    }
}

/// Whether any attribute, nested ones included, is `force_new`: else no plan replaces.
fn has_force_new(attributes: &BTreeMap<String, Attribute>) -> bool {
    attributes.values().any(|attribute| {
        attribute.force_new
            || (attribute.nested.as_ref()).is_some_and(|nested| has_force_new(&nested.attributes))
    })
}

/// Adds to `found` the paths of the `force_new` attributes of `schema` whose value changes
/// from `prior` (`None` for a new element of a nested collection) to `planned`, objects of the
/// schema's type, at any depth: nested elements each against the prior element it continues.
fn replacements_in(
    schema: &BTreeMap<String, Attribute>,
    prior: Option<&Value>,
    planned: &Value,
    here: &Here<'_>,
    found: &mut Vec<AttributePath>,
) {
    let Some(planned_values) = planned.object_values().filter(|v| v.len() == schema.len()) else {
        return;
    };
    let prior_values = prior
        .and_then(Value::object_values)
        .filter(|v| v.len() == schema.len());
    for (i, ((name, attribute), planned)) in schema.iter().zip(planned_values).enumerate() {
        let prior = prior_values.map(|values| &values[i]);
        let here = here.name(name);
        if attribute.force_new && is_change(prior, planned) && !found.contains(&here.path()) {
            found.push(here.path());
        }
        if let Some(nested) = attribute
            .nested
            .as_ref()
            .filter(|n| has_force_new(&n.attributes))
        {
            pair_elements(nested, prior, planned, &here, |here, prior, planned| {
                replacements_in(&nested.attributes, prior, planned, here, found);
            });
        }
    }
}

/// Terraform's own error for a required argument without a value.
pub(super) fn missing_required(here: &Here<'_>) -> Diagnostic {
    let path = here.path();
    let name = match path.last_step() {
        Some(crate::path::PathStep::AttributeName(name)) => name.clone(),
        _ => path.to_string(),
    };
    Diagnostic::error(
        "Missing required argument",
        format!("The argument \"{name}\" is required, but no definition was found."),
    )
    .with_path(path)
}

/// A computed attribute's value when configuration leaves it null: the prior value, or null
/// (made unknown by the caller where the rules say so).
fn prior_or_null(attribute: &Attribute, prior: Option<&Value>) -> Value {
    match prior {
        Some(prior) => prior.clone(),
        None => Value::null(attribute.ty.clone()),
    }
}

/// The empty list or set of type `ty`.
pub(super) fn empty_collection(ty: &Type) -> Option<Value> {
    match ty {
        Type::List(element) => Some(Value::from_parts_unchecked(
            Type::list((**element).clone()),
            ValueData::List(Vec::new()),
        )),
        Type::Set(element) => Some(Value::from_parts_unchecked(
            Type::set((**element).clone()),
            ValueData::Set(Vec::new()),
        )),
        _ => None,
    }
}

#[cfg(test)]
mod properties;
#[cfg(test)]
mod tests;
