//! PlanResourceChange: Terraform's plan rules on values (defaults, computed values unknown on
//! create and update unless stable, `force_new`, `diff_suppress`, a plan without changes kept
//! as it is), then the resource's own plan modification; a destroy plan is null, after the
//! resource's `plan_destroy` has had its say. The planned identity is the prior one, unless the
//! object is created or replaced (its identity is known after apply).

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::Value;

use super::{Found, Server, answer, call, decode, encode, is_null, noted};
use crate::Provider;
use crate::proto::tfplugin6 as pb;
use crate::registry::PlanParts;
use crate::wire;

pub(super) async fn plan_resource_change<P: Provider>(
    server: &Server<P>,
    request: pb::plan_resource_change::Request,
) -> pb::plan_resource_change::Response {
    let mut response = pb::plan_resource_change::Response {
        planned_private: request.prior_private.clone(),
        ..Default::default()
    };
    let found = plan(server, request, &mut response).await;
    answer(response, found)
}

async fn plan<P: Provider>(
    server: &Server<P>,
    request: pb::plan_resource_change::Request,
    response: &mut pb::plan_resource_change::Response,
) -> Found {
    let resource = server.resource(&request.type_name)?;
    let ty = resource.object_type().clone();
    // The plan is made from the prior state and the configuration (Terraform's proposal is
    // the same merge, redone here by the schema's rules); the proposal only says whether this
    // is a destroy, which its first byte tells.
    let prior = decode(request.prior_state.as_ref(), &ty)?;
    let destroy = is_null(request.proposed_new_state.as_ref(), &ty)?;
    let config = decode(request.config.as_ref(), &ty)?;

    // Destroy: the resource may warn or refuse; the plan is the null state.
    if destroy {
        let mut found = Diagnostics::new();
        if !prior.is_null() {
            let (ctx, state) = server.context(request.prior_private);
            let mut outcome =
                call::run("destroy plan", state, resource.plan_destroy(ctx, prior)).await;
            response.planned_private = std::mem::take(&mut outcome.private);
            found = outcome.split().1;
        }
        if !found.has_error() {
            response.planned_state = noted(encode(&Value::null(ty.clone()), &ty), &mut found);
        }
        return Ok(found);
    }

    let prior = (!prior.is_null()).then_some(prior);
    let plan = resource.schema().plan(prior.as_ref(), &config);
    let mut found = plan.diagnostics;
    if found.has_error() {
        return Err(found);
    }

    let (ctx, state) = server.context(request.prior_private);
    let parts = PlanParts {
        prior_state: prior,
        config,
        planned_state: plan.planned_state,
        requires_replace: plan.requires_replace,
    };
    let modify_plan = std::sync::Arc::clone(&resource).modify_plan(ctx, parts);
    let mut outcome = call::run("plan modification", state, modify_plan).await;
    response.planned_private = std::mem::take(&mut outcome.private);
    let (modified, more) = outcome.split();
    found.append(more);
    let Some((planned_state, requires_replace)) = modified else {
        return Err(found);
    };
    let planned_state = resource.schema().normalize_state(planned_state);
    response.planned_state = noted(encode(&planned_state, &ty), &mut found);
    if requires_replace.is_empty() {
        response.planned_identity = request.prior_identity;
    }
    response.requires_replace = requires_replace
        .iter()
        .map(wire::path::path_to_proto)
        .collect();
    Ok(found)
}
