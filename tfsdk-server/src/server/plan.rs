//! PlanResourceChange: Terraform's plan rules on values (defaults, computed values unknown on
//! create and update unless stable, `force_new`, `diff_suppress`, a plan without changes kept
//! as it is), then the resource's own plan modification; a destroy plan is null, after the
//! resource's `plan_destroy` has had its say. The planned identity is the prior one, unless the
//! object is created or replaced (its identity is known after apply).

use std::any::Any;
use std::sync::Arc;

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::path::AttributePath;
use tfsdk_core::tftypes::Value;

use super::{
    Server, answer, call, decode, deferral_allowed, deferred_to_proto, encode, is_null, noted,
};
use crate::proto::tfplugin6 as pb;
use crate::registry::ResourceHandler;
use crate::wire;
use crate::{DeferredReason, Provider, deferral};

/// A plan, as the server's core takes it.
pub(crate) struct PlanRequest {
    /// The state before the change (null on create).
    pub(crate) prior: Value,
    /// The configuration.
    pub(crate) config: Value,
    /// Terraform plans to destroy the object (its proposed state is null).
    pub(crate) destroy: bool,
    /// The stored private data.
    pub(crate) private: Vec<u8>,
    /// Terraform allows a deferred answer.
    pub(crate) deferral_allowed: bool,
}

/// What a plan answers.
#[derive(Debug, Default)]
pub(crate) struct PlanResponse {
    /// The planned state (null for a destroy); `None` when planning failed.
    pub(crate) planned: Option<Value>,
    /// The attributes whose change replaces the object.
    pub(crate) requires_replace: Vec<AttributePath>,
    /// The object keeps the identity Terraform holds (not created, not replaced).
    pub(crate) keeps_identity: bool,
    /// The private data after the plan; `None` keeps the stored one.
    pub(crate) private: Option<Vec<u8>>,
    /// The change is put off to a later run; the plan returned is what Terraform shows
    /// meanwhile.
    pub(crate) deferred: Option<DeferredReason>,
    /// Errors and warnings.
    pub(crate) diagnostics: Diagnostics,
}

/// Plans the change `request` asks for through `resource`.
pub(crate) async fn plan<P: Provider>(
    server: &Server<P>,
    resource: Arc<dyn ResourceHandler<P>>,
    request: PlanRequest,
) -> PlanResponse {
    let mut response = PlanResponse::default();
    let PlanRequest {
        prior,
        config,
        destroy,
        private,
        deferral_allowed,
    } = request;
    // Destroy: the resource may warn or refuse; the plan is the null state.
    if destroy {
        if !prior.is_null() {
            let (ctx, state) = server.deferrable_context(private, deferral_allowed);
            let mut outcome = call::run(
                "destroy plan",
                state,
                Arc::clone(&resource).plan_destroy(ctx, prior),
            )
            .await;
            response.private = Some(std::mem::take(&mut outcome.private));
            let deferred = outcome.deferred.take();
            response.diagnostics = outcome.split().1;
            response.deferred = deferral::accepted(
                deferred,
                deferral_allowed,
                "plan",
                &mut response.diagnostics,
            );
        }
        if !response.diagnostics.has_error() {
            response.planned = Some(Value::null(resource.object_type().clone()));
        }
        return response;
    }
    let prior = (!prior.is_null()).then_some(prior);
    let (ctx, state) = server.deferrable_context(private, deferral_allowed);
    // The attributes' plan modifiers reach the same context as `modify_plan` after them:
    // the provider, and the private state each may change.
    let context: &dyn Any = &ctx;
    let mut plan = resource
        .schema()
        .plan_in(Some(context), prior.as_ref(), &config);
    response.diagnostics = std::mem::take(&mut plan.diagnostics);
    if response.diagnostics.has_error() {
        return response;
    }
    let modify_plan = Arc::clone(&resource).modify_plan(ctx, prior, config, plan);
    let mut outcome = call::run("plan modification", state, modify_plan).await;
    response.private = Some(std::mem::take(&mut outcome.private));
    let deferred = outcome.deferred.take();
    let (modified, more) = outcome.split();
    response.diagnostics.append(more);
    response.deferred = deferral::accepted(
        deferred,
        deferral_allowed,
        "plan",
        &mut response.diagnostics,
    );
    if let Some((planned_state, requires_replace)) = modified {
        response.planned = Some(resource.schema().normalize_state(planned_state));
        response.keeps_identity = requires_replace.is_empty();
        response.requires_replace = requires_replace;
    }
    response
}

/// PlanResourceChange at the protocol's edge: the request decoded, [`plan`], the answer
/// encoded.
pub(super) async fn plan_resource_change<P: Provider>(
    server: &Server<P>,
    request: pb::plan_resource_change::Request,
) -> pb::plan_resource_change::Response {
    let mut response = pb::plan_resource_change::Response {
        planned_private: request.prior_private.clone(),
        ..Default::default()
    };
    let deferral_allowed = deferral_allowed(request.client_capabilities.as_ref());
    // The provider deferred in `configure`: Terraform's own proposal is the plan shown
    // meanwhile, and the resource is not asked, as Go's framework does (a type the provider
    // does not have is still "not found").
    if let Some(reason) = server.provider_deferral(deferral_allowed)
        && server.resource(&request.type_name).is_ok()
    {
        response.planned_state = request.proposed_new_state;
        response.deferred = deferred_to_proto(Some(reason));
        return response;
    }
    // The plan is made from the prior state and the configuration (Terraform's proposal is
    // the same merge, redone here by the schema's rules); the proposal only says whether this
    // is a destroy, which its first byte tells.
    let decoded = server.resource(&request.type_name).and_then(|resource| {
        let ty = resource.object_type();
        let typed = PlanRequest {
            prior: decode(request.prior_state.as_ref(), ty)?,
            destroy: is_null(request.proposed_new_state.as_ref(), ty)?,
            config: decode(request.config.as_ref(), ty)?,
            private: request.prior_private,
            deferral_allowed,
        };
        Ok((resource, typed))
    });
    let (resource, typed) = match decoded {
        Ok(decoded) => decoded,
        Err(error) => return answer(response, error.into()),
    };
    let ty = resource.object_type().clone();
    let planned = plan(server, resource, typed).await;
    let mut found = planned.diagnostics;
    response.deferred = deferred_to_proto(planned.deferred);
    if let Some(private) = planned.private {
        response.planned_private = private;
    }
    if let Some(state) = planned.planned {
        response.planned_state = noted(encode(&state, &ty), &mut found);
    }
    if planned.keeps_identity {
        response.planned_identity = request.prior_identity;
    }
    response.requires_replace = (planned.requires_replace.iter())
        .map(wire::path::path_to_proto)
        .collect();
    answer(response, found)
}
