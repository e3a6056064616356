//! The identity side of a resource registered with one (`resource_with_identity`), without
//! the identity's type: its schema, version, and the identity of a model.

use std::sync::Arc;

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::Value;

use crate::lazy_schema::LazySchema;
use crate::{Context, MovedState, RawState, Resource, ResourceIdentity};

use super::BoxFutureRef;
use super::typed::{model, value};

/// The identity side of a resource registered with one, without the identity's type.
pub(crate) trait IdentityOps<R: Resource>: Send + Sync {
    /// The identity's schema, built on first use.
    fn lazy(&self) -> &LazySchema;
    fn version(&self) -> i64;
    /// [`ResourceIdentity::MUTABLE_IDENTITY`].
    fn mutable(&self) -> bool;
    fn identity(
        &self,
        resource: &R,
        ctx: &Context<R::Provider>,
        state: &R::Model,
    ) -> Result<Value, Diagnostics>;
    /// [`ResourceIdentity::read_identity`], the held identity as a value.
    fn read_identity(
        &self,
        resource: &R,
        ctx: &Context<R::Provider>,
        held: Option<Value>,
        state: &R::Model,
    ) -> Result<Value, Diagnostics>;
    /// [`ResourceIdentity::moved_identity`].
    fn moved_identity(
        &self,
        resource: &R,
        ctx: &Context<R::Provider>,
        source: &MovedState,
        state: &R::Model,
    ) -> Result<Value, Diagnostics>;
    fn import<'a>(
        &'a self,
        resource: &'a R,
        ctx: &'a Context<R::Provider>,
        identity: Value,
    ) -> BoxFutureRef<'a, Result<R::Model, Diagnostics>>;
    fn upgrade<'a>(
        &'a self,
        resource: &'a R,
        ctx: &'a Context<R::Provider>,
        version: i64,
        raw: RawState,
    ) -> BoxFutureRef<'a, Result<Value, Diagnostics>>;
}

/// [`IdentityOps`] of a [`ResourceIdentity`].
pub(super) struct IdentityOf<R> {
    pub(super) lazy: Arc<LazySchema>,
    pub(super) marker: std::marker::PhantomData<fn() -> R>,
}

impl<R: ResourceIdentity> IdentityOps<R> for IdentityOf<R> {
    fn lazy(&self) -> &LazySchema {
        &self.lazy
    }

    fn version(&self) -> i64 {
        R::IDENTITY_VERSION
    }

    fn mutable(&self) -> bool {
        R::MUTABLE_IDENTITY
    }

    fn identity(
        &self,
        resource: &R,
        ctx: &Context<R::Provider>,
        state: &R::Model,
    ) -> Result<Value, Diagnostics> {
        let identity = resource.identity(ctx, state)?;
        value(&identity, self.lazy.ty())
    }

    fn read_identity(
        &self,
        resource: &R,
        ctx: &Context<R::Provider>,
        held: Option<Value>,
        state: &R::Model,
    ) -> Result<Value, Diagnostics> {
        let held = held.map(model::<R::Identity>).transpose()?;
        let identity = resource.read_identity(ctx, held, state)?;
        value(&identity, self.lazy.ty())
    }

    fn moved_identity(
        &self,
        resource: &R,
        ctx: &Context<R::Provider>,
        source: &MovedState,
        state: &R::Model,
    ) -> Result<Value, Diagnostics> {
        let identity = resource.moved_identity(ctx, source, state)?;
        value(&identity, self.lazy.ty())
    }

    fn import<'a>(
        &'a self,
        resource: &'a R,
        ctx: &'a Context<R::Provider>,
        identity: Value,
    ) -> BoxFutureRef<'a, Result<R::Model, Diagnostics>> {
        Box::pin(async move {
            let identity = model::<R::Identity>(identity)?;
            resource.import_by_identity(ctx, identity).await
        })
    }

    fn upgrade<'a>(
        &'a self,
        resource: &'a R,
        ctx: &'a Context<R::Provider>,
        version: i64,
        raw: RawState,
    ) -> BoxFutureRef<'a, Result<Value, Diagnostics>> {
        Box::pin(async move {
            let identity = resource.upgrade_identity(ctx, version, raw).await?;
            value(&identity, self.lazy.ty())
        })
    }
}
