//! PlanResourceChange: Terraform's plan rules on values (defaults, computed values unknown on
//! create and update unless stable, `force_new`, `diff_suppress`, a plan without changes kept
//! as it is), then the resource's own plan modification; a destroy plan is null, after the
//! resource's `plan_destroy` has had its say. The planned identity is the prior one, unless the
//! object is created or replaced (its identity is known after apply).

use tfsdk_core::tftypes::Value;

use super::{Server, call, decode, diagnostic, diagnostics, encode, is_null, reported};
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
    let Some(resource) = reported(
        server.resource(&request.type_name),
        &mut response.diagnostics,
    ) else {
        return response;
    };
    let ty = resource.object_type().clone();
    // The plan is made from the prior state and the configuration (Terraform's proposal is
    // the same merge, redone here by the schema's rules); the proposal only says whether this
    // is a destroy, which its first byte tells.
    let decoded = decode(request.prior_state.as_ref(), &ty).and_then(|prior| {
        let destroy = is_null(request.proposed_new_state.as_ref(), &ty)?;
        let config = decode(request.config.as_ref(), &ty)?;
        Ok((prior, destroy, config))
    });
    let (prior, destroy, config) = match decoded {
        Ok(values) => values,
        Err(error) => {
            response.diagnostics = diagnostic(error);
            return response;
        }
    };

    // Destroy: the resource may warn or refuse; the plan is the null state.
    if destroy {
        let mut found = tfsdk_core::diag::Diagnostics::new();
        if !prior.is_null() {
            let (ctx, state) = server.context(request.prior_private);
            let mut outcome =
                call::run("destroy plan", state, resource.plan_destroy(ctx, prior)).await;
            response.planned_private = std::mem::take(&mut outcome.private);
            found = outcome.split().1;
        }
        if !found.has_error() {
            match encode(&Value::null(ty.clone()), &ty) {
                Ok(planned) => response.planned_state = Some(planned),
                Err(error) => found.push(error),
            }
        }
        response.diagnostics = diagnostics(&found);
        return response;
    }

    let prior = (!prior.is_null()).then_some(prior);
    let plan = resource.schema().plan(prior.as_ref(), &config);
    let mut found = plan.diagnostics;
    if found.has_error() {
        response.diagnostics = diagnostics(&found);
        return response;
    }

    let (ctx, state) = server.context(request.prior_private);
    let parts = PlanParts {
        prior_state: prior,
        config,
        planned_state: plan.planned_state,
        requires_replace: plan.requires_replace,
    };
    let mut outcome = call::run(
        "plan modification",
        state,
        std::sync::Arc::clone(&resource).modify_plan(ctx, parts),
    )
    .await;
    response.planned_private = std::mem::take(&mut outcome.private);
    let (modified, more) = outcome.split();
    found.append(more);
    if let Some((planned_state, requires_replace)) = modified {
        let planned_state = resource.schema().normalize_state(planned_state);
        match encode(&planned_state, &ty) {
            Ok(planned) => response.planned_state = Some(planned),
            Err(error) => found.push(error),
        }
        if requires_replace.is_empty() {
            response.planned_identity = request.prior_identity;
        }
        response.requires_replace = requires_replace
            .iter()
            .map(wire::path::path_to_proto)
            .collect();
    }
    response.diagnostics = diagnostics(&found);
    response
}
