//! The type-erased handlers the server drives: one trait per kind of type (resource, data
//! source, ephemeral resource, list resource, action), on Terraform values in and out, and the
//! plain data they answer with.

use std::sync::Arc;
use std::time::SystemTime;

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::path::AttributePath;
use tfsdk_core::schema::{Plan, Schema};
use tfsdk_core::tftypes::{Type, Value};

use crate::call::BoxFuture;
use crate::lazy_schema::LazySchema;
use crate::resource::MovedState;
use crate::wire::dynamic_value::Undecoded;
use crate::{Context, RawState};

/// A state a resource returned, and the identity of its object when the resource has one.
/// What a create or update left: the state to store, and the errors of a failure that made
/// part of the change ([`Failed`](crate::Failed) with a state).
#[derive(Debug)]
pub(crate) struct Applied {
    pub(crate) stored: Stored,
    pub(crate) errors: Diagnostics,
}

#[derive(Debug)]
pub(crate) struct Stored {
    pub(crate) state: Value,
    pub(crate) identity: Option<Value>,
}

/// How an import names the object.
pub(crate) enum ImportBy {
    /// `terraform import ADDRESS ID`, `import { id = ... }`.
    Id(String),
    /// `import { identity = { ... } }`: a value of the identity's type.
    Identity(Value),
}

/// A resource's identity: its schema, type and version.
pub(crate) struct IdentitySchema<'a> {
    pub(crate) schema: &'a Schema,
    pub(crate) ty: &'a Type,
    pub(crate) version: i64,
    /// The identity may change during the object's life.
    pub(crate) mutable: bool,
}

/// A resource as the server drives it: values in, values out.
pub(crate) trait ResourceHandler<P>: Send + Sync {
    /// The type's schema, built on first use.
    fn lazy(&self) -> &LazySchema;
    fn schema(&self) -> &Schema {
        self.lazy().schema()
    }
    /// Whether the schema has attributes with semantic equality
    /// ([`Schema::keep_equivalent`] then applies to states).
    fn semantic(&self) -> bool {
        self.lazy().get().semantic
    }
    fn object_type(&self) -> &Type {
        self.lazy().ty()
    }
    fn schema_version(&self) -> i64;
    /// The identity's schema, when the resource has one.
    fn identity_schema(&self) -> Option<IdentitySchema<'_>>;
    /// The type of the resource's identity, if it has one.
    fn identity_type(&self) -> Option<Type> {
        self.identity_schema().map(|identity| identity.ty.clone())
    }
    /// `write_only_allowed`: the client supports write-only attributes.
    fn validate(&self, config: Value, write_only_allowed: bool) -> Diagnostics;
    fn create(
        self: Arc<Self>,
        ctx: Context<P>,
        planned: Value,
        config: Undecoded,
    ) -> BoxFuture<Result<Applied, Diagnostics>>;
    /// The object read again, Terraform holding `held` as its identity.
    fn read(
        self: Arc<Self>,
        ctx: Context<P>,
        state: Value,
        held: Option<Value>,
    ) -> BoxFuture<Result<Option<Stored>, Diagnostics>>;
    fn update(
        self: Arc<Self>,
        ctx: Context<P>,
        prior: Value,
        planned: Value,
        config: Undecoded,
    ) -> BoxFuture<Result<Applied, Diagnostics>>;
    fn delete(self: Arc<Self>, ctx: Context<P>, state: Value)
    -> BoxFuture<Result<(), Diagnostics>>;
    fn import(
        self: Arc<Self>,
        ctx: Context<P>,
        by: ImportBy,
    ) -> BoxFuture<Result<Stored, Diagnostics>>;
    fn upgrade(
        self: Arc<Self>,
        ctx: Context<P>,
        version: i64,
        raw: RawState,
    ) -> BoxFuture<Result<Value, Diagnostics>>;
    fn upgrade_identity(
        self: Arc<Self>,
        ctx: Context<P>,
        version: i64,
        raw: RawState,
    ) -> BoxFuture<Result<Value, Diagnostics>>;
    fn move_state(
        self: Arc<Self>,
        ctx: Context<P>,
        source: MovedState,
    ) -> BoxFuture<Result<Option<Stored>, Diagnostics>>;
    /// A state (a value of the resource's type, from provider code) with its identity.
    fn stored(&self, ctx: &Context<P>, state: Value) -> Result<Stored, Diagnostics>;
    /// The resource's own plan modification on `plan`, the plan Terraform's rules made from
    /// `prior` and `config`: the planned state and the replacement paths it leaves.
    fn modify_plan(
        self: Arc<Self>,
        ctx: Context<P>,
        prior: Option<Value>,
        config: Value,
        plan: Plan,
    ) -> BoxFuture<Result<(Value, Vec<AttributePath>), Diagnostics>>;
    fn plan_destroy(
        self: Arc<Self>,
        ctx: Context<P>,
        prior: Value,
    ) -> BoxFuture<Result<(), Diagnostics>>;
}

/// An ephemeral resource as the server drives it.
pub(crate) trait EphemeralHandler<P>: Send + Sync {
    /// The type's schema, built on first use.
    fn lazy(&self) -> &LazySchema;
    fn object_type(&self) -> &Type {
        self.lazy().ty()
    }
    fn validate(&self, config: Value) -> Diagnostics;
    fn open(
        self: Arc<Self>,
        ctx: Context<P>,
        config: Value,
    ) -> BoxFuture<Result<(Value, Option<SystemTime>), Diagnostics>>;
    fn renew(
        self: Arc<Self>,
        ctx: Context<P>,
    ) -> BoxFuture<Result<Option<SystemTime>, Diagnostics>>;
    fn close(self: Arc<Self>, ctx: Context<P>) -> BoxFuture<Result<(), Diagnostics>>;
}

/// A list resource as the server drives it.
pub(crate) trait ListHandler<P>: Send + Sync {
    /// The type's schema, built on first use.
    fn lazy(&self) -> &LazySchema;
    fn object_type(&self) -> &Type {
        self.lazy().ty()
    }
    fn validate(&self, config: Value) -> Diagnostics;
    /// Lists into `sender` the objects `config` asks for, through `resource` (the listed
    /// type, for states and identities).
    fn list(
        self: Arc<Self>,
        ctx: Context<P>,
        config: Value,
        resource: Arc<dyn ResourceHandler<P>>,
        sink: ListSink,
    ) -> BoxFuture<Result<(), Diagnostics>>;
}

/// Where listed objects go, and what Terraform asked for.
pub(crate) struct ListSink {
    pub(crate) sender: crate::list::EventSender,
    pub(crate) include_resource: bool,
    pub(crate) limit: Option<usize>,
}

/// An action as the server drives it.
pub(crate) trait ActionHandler<P>: Send + Sync {
    /// The type's schema, built on first use.
    fn lazy(&self) -> &LazySchema;
    fn object_type(&self) -> &Type {
        self.lazy().ty()
    }
    fn validate(&self, config: Value) -> Diagnostics;
    fn plan(self: Arc<Self>, ctx: Context<P>, config: Value) -> BoxFuture<Result<(), Diagnostics>>;
    fn invoke(
        self: Arc<Self>,
        ctx: Context<P>,
        config: Value,
        progress: crate::Progress,
    ) -> BoxFuture<Result<(), Diagnostics>>;
}

/// A data source as the server drives it.
pub(crate) trait DataSourceHandler<P>: Send + Sync {
    /// The type's schema, built on first use.
    fn lazy(&self) -> &LazySchema;
    fn object_type(&self) -> &Type {
        self.lazy().ty()
    }
    fn validate(&self, config: Value) -> Diagnostics;
    fn read(
        self: Arc<Self>,
        ctx: Context<P>,
        config: Value,
    ) -> BoxFuture<Result<Value, Diagnostics>>;
}
