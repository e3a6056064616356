//! The typed side of per-attribute plan modification: a `plan_modifier = path` or
//! `requires_replace_if = path` function works on the field's view type, and the derive wraps
//! it in one of these to work on values ([`AttributePlan`]).

use crate::convert::{FromValue, ToValue};
use crate::diag::Diagnostics;
use crate::schema::{AttributeChange, AttributePlan};
use crate::tftypes::Value;

/// Runs `modify` on `plan`'s values as `V`: the planned value it leaves, its wish for
/// replacement and its diagnostics go back into `plan`. Values that `V` cannot hold are errors
/// at the attribute's path, and `modify` is not called.
pub fn modify_attribute<V: FromValue + ToValue>(
    plan: &mut AttributePlan<'_>,
    modify: fn(&mut AttributeChange<'_, V>),
) {
    let Some(mut change) = typed::<V>(plan) else {
        return;
    };
    modify(&mut change);
    let AttributeChange {
        planned,
        requires_replace,
        diagnostics,
        ..
    } = change;
    plan.requires_replace |= requires_replace;
    plan.diagnostics.append(diagnostics);
    match planned.to_value(plan.planned.ty()) {
        Ok(planned) => plan.planned = planned,
        Err(error) => plan
            .diagnostics
            .push(error.to_diagnostic().with_path(plan.path.clone())),
    }
}

/// Asks `decide` whether the change in `plan`, as `V`, requires replacing the resource.
pub fn replace_if<V: FromValue>(
    plan: &mut AttributePlan<'_>,
    decide: fn(&AttributeChange<'_, V>) -> bool,
) {
    let Some(change) = typed::<V>(plan) else {
        return;
    };
    plan.requires_replace |= decide(&change);
}

/// `plan`'s values as `V`; `None`, with the errors in `plan`, when one does not convert.
fn typed<'a, V: FromValue>(plan: &mut AttributePlan<'a>) -> Option<AttributeChange<'a, V>> {
    let mut found = Diagnostics::new();
    let mut convert = |value: &Value| {
        V::from_value(value.clone())
            .map_err(|error| found.push(error.to_diagnostic().with_path(plan.path.clone())))
            .ok()
    };
    let prior = plan.prior.map(&mut convert);
    let config = convert(plan.config);
    let planned = convert(&plan.planned);
    plan.diagnostics.append(found);
    let prior = match prior {
        Some(prior) => Some(prior?),
        None => None,
    };
    Some(AttributeChange::new(
        plan.path.clone(),
        (plan.resource_config, plan.resource_prior),
        prior,
        config?,
        planned?,
    ))
}
