//! What a resource's create or update returned, as what Terraform stores: a model as a state
//! with its identity, and a failure ([`Failed`](crate::Failed)) as its partial state with its
//! errors, or as the request's errors when it made nothing.

use tfsdk_core::diag::{Diagnostic, Diagnostics};

use crate::{Context, Resource};

use super::handler::{Applied, Stored};
use super::resource::TypedResource;

impl<R: Resource> TypedResource<R> {
    /// A model returned by provider code as a state, with its identity.
    pub(super) fn store(
        &self,
        ctx: &Context<R::Provider>,
        model: &R::Model,
    ) -> Result<Stored, Diagnostics> {
        let state = self.state(model)?;
        let identity = match &self.identity {
            Some(identity) => Some(identity.identity(&self.inner, ctx, model)?),
            None => None,
        };
        Ok(Stored { state, identity })
    }

    /// What a create or update returned, to store: the new state, or a failure's partial
    /// state with its errors (a failure without one is the request's error).
    pub(super) fn applied(
        &self,
        ctx: &Context<R::Provider>,
        result: Result<R::Model, crate::Failed<R::Model>>,
    ) -> Result<Applied, Diagnostics> {
        match result {
            Ok(model) => Ok(Applied {
                stored: self.store(ctx, &model)?,
                errors: Diagnostics::new(),
            }),
            Err(failed) => {
                let mut errors = failed.diagnostics;
                if !errors.has_error() {
                    errors.push(Diagnostic::error(
                        "Provider call failed",
                        "The provider returned a failure without an error diagnostic.",
                    ));
                }
                let Some(state) = failed.state else {
                    return Err(errors);
                };
                match self.store(ctx, &state) {
                    Ok(stored) => Ok(Applied { stored, errors }),
                    Err(more) => {
                        errors.append(more);
                        Err(errors)
                    }
                }
            }
        }
    }
}
