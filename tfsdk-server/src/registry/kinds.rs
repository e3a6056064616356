//! Data sources, ephemeral resources, list resources and actions as their handlers.

use std::sync::Arc;
use std::time::SystemTime;

use tfsdk_core::View;
use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::{Type, Value};

use crate::call::BoxFuture;
use crate::lazy_schema::LazySchema;
use crate::list::{ListedObject, ListedResource};
use crate::{Action, Context, DataSource, EphemeralResource, ListResource, Provider};

use super::handler::{
    ActionHandler, DataSourceHandler, EphemeralHandler, ListHandler, ListSink, ResourceHandler,
};
use super::typed::{Typed, model, validate_config};

impl<D: DataSource> DataSourceHandler<D::Provider> for Typed<D> {
    fn lazy(&self) -> &LazySchema {
        &self.lazy
    }

    fn validate(&self, config: Value) -> Diagnostics {
        validate_config::<D::Model>(self.lazy.schema(), &config, |view, found| {
            self.inner.validate_config(view, found);
        })
    }

    fn read(
        self: Arc<Self>,
        ctx: Context<D::Provider>,
        config: Value,
    ) -> BoxFuture<Result<Value, Diagnostics>> {
        Box::pin(async move {
            let config = model::<D::Model>(config)?;
            let state = self.inner.read(&ctx, config).await?;
            self.state(&state)
        })
    }
}

impl<E: EphemeralResource> EphemeralHandler<E::Provider> for Typed<E> {
    fn lazy(&self) -> &LazySchema {
        &self.lazy
    }

    fn validate(&self, config: Value) -> Diagnostics {
        validate_config::<E::Model>(self.lazy.schema(), &config, |view, found| {
            self.inner.validate_config(view, found);
        })
    }

    fn open(
        self: Arc<Self>,
        ctx: Context<E::Provider>,
        config: Value,
    ) -> BoxFuture<Result<(Value, Option<SystemTime>), Diagnostics>> {
        Box::pin(async move {
            let config = model::<E::Model>(config)?;
            let opened = self.inner.open(&ctx, config).await?;
            Ok((self.state(&opened.result)?, opened.renew_at))
        })
    }

    fn renew(
        self: Arc<Self>,
        ctx: Context<E::Provider>,
    ) -> BoxFuture<Result<Option<SystemTime>, Diagnostics>> {
        Box::pin(async move { self.inner.renew(&ctx).await })
    }

    fn close(self: Arc<Self>, ctx: Context<E::Provider>) -> BoxFuture<Result<(), Diagnostics>> {
        Box::pin(async move { self.inner.close(&ctx).await })
    }
}

impl<L: ListResource> ListHandler<L::Provider> for Typed<L> {
    fn lazy(&self) -> &LazySchema {
        &self.lazy
    }

    fn validate(&self, config: Value) -> Diagnostics {
        validate_config::<L::Config>(self.lazy.schema(), &config, |view, found| {
            self.inner.validate_config(view, found);
        })
    }

    fn list(
        self: Arc<Self>,
        ctx: Context<L::Provider>,
        config: Value,
        resource: Arc<dyn ResourceHandler<L::Provider>>,
        sink: ListSink,
    ) -> BoxFuture<Result<(), Diagnostics>> {
        Box::pin(async move {
            let config = model::<L::Config>(config)?;
            let mut listing = crate::Listing::<L::Resource>::new(
                sink.sender,
                Arc::new(Listed(resource)),
                ctx.sibling(),
                sink.include_resource,
                sink.limit,
            );
            self.inner.list(&ctx, config, &mut listing).await
        })
    }
}

/// A resource type as a [`Listing`](crate::Listing) of it sees it.
struct Listed<P>(Arc<dyn ResourceHandler<P>>);

impl<P: Provider> ListedResource<P> for Listed<P> {
    fn object_type(&self) -> &Type {
        self.0.object_type()
    }

    fn listed(
        &self,
        ctx: &Context<P>,
        state: Value,
        include_resource: bool,
    ) -> Result<ListedObject, Diagnostics> {
        let stored = self.0.stored(ctx, state)?;
        Ok(ListedObject {
            identity: stored.identity,
            state: include_resource.then_some(stored.state),
        })
    }
}

impl<A: Action> ActionHandler<A::Provider> for Typed<A> {
    fn lazy(&self) -> &LazySchema {
        &self.lazy
    }

    fn validate(&self, config: Value) -> Diagnostics {
        validate_config::<A::Config>(self.lazy.schema(), &config, |view, found| {
            self.inner.validate_config(view, found);
        })
    }

    fn plan(
        self: Arc<Self>,
        ctx: Context<A::Provider>,
        config: Value,
    ) -> BoxFuture<Result<(), Diagnostics>> {
        Box::pin(async move {
            let view = model::<View<A::Config>>(config)?;
            self.inner.plan(&ctx, &view).await
        })
    }

    fn invoke(
        self: Arc<Self>,
        ctx: Context<A::Provider>,
        config: Value,
        progress: crate::Progress,
    ) -> BoxFuture<Result<(), Diagnostics>> {
        Box::pin(async move {
            let config = model::<A::Config>(config)?;
            self.inner.invoke(&ctx, config, &progress).await
        })
    }
}
