//! A state store as the server drives it: its configuration as a value, and one call at a
//! time, named by [`StoreCall`].

use std::sync::Arc;

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::{Type, Value};

use crate::call::BoxFuture;
use crate::lazy_schema::LazySchema;
use crate::{Context, StateStore};

use super::typed::{Typed, model, validate_config};

/// One request to a state store, after the server has assembled what Terraform streamed.
pub(crate) enum StoreCall {
    /// GetStates.
    States,
    /// DeleteState of a state ID.
    Delete(String),
    /// LockState: state ID, operation.
    Lock(String, String),
    /// UnlockState: state ID, lock ID.
    Unlock(String, String),
    /// ReadStateBytes of a state ID.
    Read(String),
    /// WriteStateBytes: state ID, the whole file.
    Write(String, Vec<u8>),
}

/// What a state store answered to a [`StoreCall`].
#[derive(Debug)]
pub(crate) enum StoreAnswer {
    /// The state IDs (GetStates).
    States(Vec<String>),
    /// The new lock's ID, if the store locks (LockState).
    Locked(Option<String>),
    /// The whole state file (ReadStateBytes).
    Bytes(Vec<u8>),
    /// Done (DeleteState, UnlockState, WriteStateBytes).
    Done,
}

/// A state store as the server drives it.
pub(crate) trait StateStoreHandler<P>: Send + Sync {
    /// The store's configuration schema, built on first use.
    fn lazy(&self) -> &LazySchema;
    fn object_type(&self) -> &Type {
        self.lazy().ty()
    }
    fn validate(&self, config: Value) -> Diagnostics;
    fn configure(
        self: Arc<Self>,
        ctx: Context<P>,
        config: Value,
    ) -> BoxFuture<Result<(), Diagnostics>>;
    fn call(
        self: Arc<Self>,
        ctx: Context<P>,
        call: StoreCall,
    ) -> BoxFuture<Result<StoreAnswer, Diagnostics>>;
}

impl<S: StateStore> StateStoreHandler<S::Provider> for Typed<S> {
    fn lazy(&self) -> &LazySchema {
        &self.lazy
    }

    fn validate(&self, config: Value) -> Diagnostics {
        validate_config::<S::Model>(self.lazy.schema(), &config, |view, found| {
            self.inner.validate_config(view, found);
        })
    }

    fn configure(
        self: Arc<Self>,
        ctx: Context<S::Provider>,
        config: Value,
    ) -> BoxFuture<Result<(), Diagnostics>> {
        Box::pin(async move {
            let config = model::<S::Model>(config)?;
            self.inner.configure(&ctx, config).await
        })
    }

    fn call(
        self: Arc<Self>,
        ctx: Context<S::Provider>,
        call: StoreCall,
    ) -> BoxFuture<Result<StoreAnswer, Diagnostics>> {
        Box::pin(async move {
            let store = &self.inner;
            Ok(match call {
                StoreCall::States => StoreAnswer::States(store.states(&ctx).await?),
                StoreCall::Delete(id) => {
                    store.delete_state(&ctx, &id).await?;
                    StoreAnswer::Done
                }
                StoreCall::Lock(id, operation) => {
                    StoreAnswer::Locked(store.lock(&ctx, &id, &operation).await?)
                }
                StoreCall::Unlock(id, lock) => {
                    store.unlock(&ctx, &id, &lock).await?;
                    StoreAnswer::Done
                }
                StoreCall::Read(id) => StoreAnswer::Bytes(store.read(&ctx, &id).await?),
                StoreCall::Write(id, bytes) => {
                    store.write(&ctx, &id, bytes).await?;
                    StoreAnswer::Done
                }
            })
        })
    }
}
