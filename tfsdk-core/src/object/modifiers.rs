//! The typed side of per-attribute plan modification: a `plan_modifier = path` or
//! `requires_replace_if = path` function works on the field's view type, and the derive wraps
//! it in one of these to work on values ([`AttributeChange`] of [`Value`]).

use crate::convert::{FromValue, ToValue};
use crate::schema::AttributeChange;
use crate::tftypes::Value;

/// Runs `modify` on `plan`'s values as `V`: the planned value it leaves, its wish for
/// replacement and its diagnostics go back into `plan`. Values that `V` cannot hold are errors
/// at the attribute's path, and `modify` is not called.
pub fn modify_attribute<V: FromValue + ToValue>(
    plan: &mut AttributeChange<'_, Value>,
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
        Err(error) => {
            let diagnostic = error.to_diagnostic().with_path(plan.path().clone());
            plan.diagnostics.push(diagnostic);
        }
    }
}

/// Asks `decide` whether the change in `plan`, as `V`, requires replacing the resource.
pub fn replace_if<V: FromValue>(
    plan: &mut AttributeChange<'_, Value>,
    decide: fn(&AttributeChange<'_, V>) -> bool,
) {
    let Some(change) = typed::<V>(plan) else {
        return;
    };
    plan.requires_replace |= decide(&change);
}

/// `plan`'s values as `V`; `None`, with the error in `plan`, when one does not convert.
fn typed<'a, V: FromValue>(
    plan: &mut AttributeChange<'a, Value>,
) -> Option<AttributeChange<'a, V>> {
    match plan.try_map(|value| V::from_value(value.clone())) {
        Ok(change) => Some(change),
        Err(error) => {
            let diagnostic = error.to_diagnostic().with_path(plan.path().clone());
            plan.diagnostics.push(diagnostic);
            None
        }
    }
}
