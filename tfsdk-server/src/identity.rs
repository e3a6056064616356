//! Resource identity (Terraform 1.12 and newer): the few attributes that identify an object
//! for good (a path, an account and an id), stored beside its state, versioned apart from its
//! schema, and usable to import it (`import { to = ..., identity = { ... } }`) and to list it
//! (`terraform query`).

use std::future::Future;

use tfsdk_core::TfSchema;
use tfsdk_core::diag::{Diagnostic, Diagnostics};

use crate::{Context, MovedState, RawState, Resource};

/// A managed resource whose objects have an identity, registered with
/// [`Registry::resource_with_identity`](crate::Registry::resource_with_identity).
///
/// The identity is a `#[tfsdk(schema(identity))]` struct: each attribute `required` (import
/// by identity must give it) or `optional` (the provider can find it), of a primitive type or
/// a list of one. The server computes it with [`identity`](ResourceIdentity::identity) from
/// every state the resource returns (create, read, update, import, a move) and sends it
/// beside the state; plans keep the prior identity (an object being created has none yet).
///
/// ```
/// use tfsdk_core::diag::Diagnostics;
/// use tfsdk_core::{TfObject, types};
/// use tfsdk_server::{Context, CreateRequest, Failed, NoConfig, Provider, Registry, Resource};
/// use tfsdk_server::{ResourceIdentity, UpdateRequest};
///
/// #[derive(TfObject)]
/// #[tfsdk(schema(resource))]
/// struct Bucket {
///     #[tfsdk(name = "name", required, force_new)]
///     name: String,
///     #[tfsdk(name = "arn", computed, stable)]
///     arn: types::String,
/// }
///
/// /// What identifies a bucket.
/// #[derive(TfObject)]
/// #[tfsdk(schema(identity))]
/// struct BucketIdentity {
///     /// The bucket's name.
///     #[tfsdk(name = "name", required)]
///     name: String,
/// }
///
/// struct Buckets;
///
/// impl ResourceIdentity for Buckets {
///     type Identity = BucketIdentity;
///
///     fn identity(&self, _ctx: &Context<Api>, bucket: &Bucket) -> Result<BucketIdentity, Diagnostics> {
///         Ok(BucketIdentity { name: bucket.name.clone() })
///     }
///
///     async fn import_by_identity(
///         &self,
///         ctx: &Context<Api>,
///         identity: BucketIdentity,
///     ) -> Result<Bucket, Diagnostics> {
///         self.import(ctx, identity.name).await
///     }
/// }
/// # impl Resource for Buckets {
/// #     type Provider = Api;
/// #     type Model = Bucket;
/// #     const TYPE_NAME: &'static str = "api_bucket";
/// #     async fn create(&self, _: &Context<Api>, r: CreateRequest<Bucket>) -> Result<Bucket, Failed<Bucket>> { Ok(r.planned) }
/// #     async fn read(&self, _: &Context<Api>, b: Bucket) -> Result<Option<Bucket>, Diagnostics> { Ok(Some(b)) }
/// #     async fn update(&self, _: &Context<Api>, r: UpdateRequest<Bucket>) -> Result<Bucket, Failed<Bucket>> { Ok(r.planned) }
/// #     async fn delete(&self, _: &Context<Api>, _: Bucket) -> Result<(), Diagnostics> { Ok(()) }
/// #     async fn import(&self, _: &Context<Api>, name: String) -> Result<Bucket, Diagnostics> {
/// #         Ok(Bucket { arn: types::String::new(format!("arn:{name}")), name })
/// #     }
/// # }
/// # #[derive(Default)] struct Api;
/// # impl Provider for Api {
/// #     type Config = NoConfig;
/// #     fn register(&self, registry: &mut Registry<Self>) { registry.resource_with_identity(Buckets); }
/// # }
/// ```
pub trait ResourceIdentity: Resource {
    /// The identity: a `#[tfsdk(schema(identity))]` struct.
    type Identity: TfSchema + Send + Sync + 'static;

    /// The identity's version, apart from the schema's; raise it when the identity's
    /// attributes change, and upgrade older ones in
    /// [`upgrade_identity`](ResourceIdentity::upgrade_identity).
    const IDENTITY_VERSION: i64 = 0;

    /// Whether an object's identity may change during its life (Go's
    /// `ResourceBehavior.MutableIdentity`). When `false` (the default), a read or an update
    /// that returns another identity than the stored one is an error ("Unexpected Identity
    /// Change") and nothing is stored: an identity names one object for good.
    const MUTABLE_IDENTITY: bool = false;

    /// The identity of the object whose state is `state`.
    ///
    /// # Errors
    /// Diagnostics for Terraform.
    fn identity(
        &self,
        ctx: &Context<Self::Provider>,
        state: &Self::Model,
    ) -> Result<Self::Identity, Diagnostics>;

    /// The identity after a read that returned `state`, Terraform holding `held` (the stored
    /// identity, if any). By default the identity of `state`, as a Go resource whose `Read`
    /// sets `resp.Identity` from the state: an immutable identity that comes out otherwise
    /// than `held` is then an error ("Unexpected Identity Change"). Return `held` to keep the
    /// stored identity as Go's `Read` does when it leaves `resp.Identity` alone: for an
    /// identity that is not derived from the state alone, such as one a move set
    /// ([`moved_identity`](ResourceIdentity::moved_identity)).
    ///
    /// # Errors
    /// Diagnostics for Terraform.
    fn read_identity(
        &self,
        ctx: &Context<Self::Provider>,
        held: Option<Self::Identity>,
        state: &Self::Model,
    ) -> Result<Self::Identity, Diagnostics> {
        let _ = held;
        self.identity(ctx, state)
    }

    /// The identity of an object this type took over by a move
    /// ([`Resource::move_state`]), whose new state is `state`. By default the identity of
    /// `state`; return another to set it yourself (Go's `resp.TargetIdentity`), e.g. read from
    /// the source's identity (`source.identity`, with the source's identity model).
    ///
    /// # Errors
    /// Diagnostics for Terraform.
    fn moved_identity(
        &self,
        ctx: &Context<Self::Provider>,
        source: &MovedState,
        state: &Self::Model,
    ) -> Result<Self::Identity, Diagnostics> {
        let _ = source;
        self.identity(ctx, state)
    }

    /// Imports the object `identity` identifies (`import { to = ..., identity = { ... } }`,
    /// Terraform 1.12 and newer). By default an error: import by identity not supported.
    ///
    /// # Errors
    /// Diagnostics for Terraform.
    fn import_by_identity(
        &self,
        ctx: &Context<Self::Provider>,
        identity: Self::Identity,
    ) -> impl Future<Output = Result<Self::Model, Diagnostics>> + Send {
        let _ = (ctx, identity);
        async {
            Err(Diagnostic::error(
                "Import By Identity Not Supported",
                format!(
                    "The resource type {} cannot be imported by identity; import it by ID.",
                    Self::TYPE_NAME
                ),
            )
            .into())
        }
    }

    /// An identity stored by an older [`IDENTITY_VERSION`](ResourceIdentity::IDENTITY_VERSION)
    /// (`version`), as the current identity. By default an error.
    ///
    /// # Errors
    /// Diagnostics for Terraform.
    fn upgrade_identity(
        &self,
        ctx: &Context<Self::Provider>,
        version: i64,
        raw: RawState,
    ) -> impl Future<Output = Result<Self::Identity, Diagnostics>> + Send {
        let _ = (ctx, raw);
        async move {
            Err(Diagnostic::error(
                "Unable to Upgrade Resource Identity",
                format!(
                    "The identity of this {} resource was stored with identity version \
                     {version}; the provider is at version {} and has no upgrade from it.",
                    Self::TYPE_NAME,
                    Self::IDENTITY_VERSION
                ),
            )
            .into())
        }
    }
}
