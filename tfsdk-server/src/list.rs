//! List resources (Terraform 1.14 and newer): how `terraform query` finds existing objects of a
//! resource type. A `list "TYPE" "NAME" { config { ... } }` block in a `.tfquery.hcl` file
//! asks; the provider streams what it finds, each object's identity and display name, and its
//! whole state when asked (`include_resource = true`, or to generate configuration).

use std::future::Future;
use std::marker::PhantomData;
use std::sync::Arc;

use tfsdk_core::convert::ToValue;
use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::{Type, Value};
use tfsdk_core::{TfSchema, View};
use tokio::sync::mpsc;

use crate::{Context, Provider, Resource, ResourceIdentity};

/// How to list the objects of [`Resource`](ListResource::Resource), registered with
/// [`Registry::list_resource`](crate::Registry::list_resource) under the resource's type name.
///
/// ```
/// use tfsdk_core::diag::Diagnostics;
/// use tfsdk_core::{TfObject, types};
/// use tfsdk_server::{Context, ListResource, Listing};
/// # use tfsdk_server::{CreateRequest, Failed, NoConfig, Provider, Registry, Resource, ResourceIdentity, UpdateRequest};
/// # #[derive(TfObject)] #[tfsdk(schema(resource))]
/// # struct Bucket { #[tfsdk(name = "name", required)] name: String }
/// # #[derive(TfObject)] #[tfsdk(schema(identity))]
/// # struct BucketIdentity { #[tfsdk(name = "name", required)] name: String }
/// # struct Buckets;
/// # impl Resource for Buckets {
/// #     type Provider = Api; type Model = Bucket; const TYPE_NAME: &'static str = "api_bucket";
/// #     async fn create(&self, _: &Context<Api>, r: CreateRequest<Bucket>) -> Result<Bucket, Failed<Bucket>> { Ok(r.planned) }
/// #     async fn read(&self, _: &Context<Api>, b: Bucket) -> Result<Option<Bucket>, Diagnostics> { Ok(Some(b)) }
/// #     async fn update(&self, _: &Context<Api>, r: UpdateRequest<Bucket>) -> Result<Bucket, Failed<Bucket>> { Ok(r.planned) }
/// #     async fn delete(&self, _: &Context<Api>, _: Bucket) -> Result<(), Diagnostics> { Ok(()) }
/// # }
/// # impl ResourceIdentity for Buckets {
/// #     type Identity = BucketIdentity;
/// #     fn identity(&self, _: &Context<Api>, b: &Bucket) -> Result<BucketIdentity, Diagnostics> { Ok(BucketIdentity { name: b.name.clone() }) }
/// # }
///
/// /// Which buckets to list.
/// #[derive(TfObject)]
/// #[tfsdk(schema(list))]
/// struct BucketFilter {
///     /// Only buckets whose name starts with this.
///     #[tfsdk(name = "prefix", optional)]
///     prefix: Option<String>,
/// }
///
/// struct ListBuckets;
///
/// impl ListResource for ListBuckets {
///     type Provider = Api;
///     type Resource = Buckets;
///     type Config = BucketFilter;
///
///     async fn list(
///         &self,
///         _ctx: &Context<Api>,
///         filter: BucketFilter,
///         results: &mut Listing<Buckets>,
///     ) -> Result<(), Diagnostics> {
///         let prefix = filter.prefix.unwrap_or_default();
///         for name in ["logs", "backups", "logs-old"].into_iter().filter(|n| n.starts_with(&prefix)) {
///             // `false`: Terraform wants no more (the limit, or the run ended).
///             if !results.push(name, Bucket { name: name.to_owned() }).await {
///                 break;
///             }
///         }
///         Ok(())
///     }
/// }
/// # #[derive(Default)] struct Api;
/// # impl Provider for Api {
/// #     type Config = NoConfig;
/// #     fn register(&self, registry: &mut Registry<Self>) {
/// #         registry.resource_with_identity(Buckets).list_resource(ListBuckets);
/// #     }
/// # }
/// ```
pub trait ListResource: Send + Sync + 'static {
    /// The provider this list resource belongs to.
    type Provider: Provider;

    /// The resource type whose objects it lists; it must have an identity.
    type Resource: ResourceIdentity<Provider = Self::Provider>;

    /// The `config` block of `list` blocks: a `#[tfsdk(schema(list))]` struct.
    type Config: TfSchema + Send + Sync + 'static;

    /// Finds the objects `config` asks for and pushes each into `results`, stopping when a
    /// push returns `false`.
    ///
    /// # Errors
    /// Diagnostics for Terraform; objects pushed before an error are still listed.
    fn list(
        &self,
        ctx: &Context<Self::Provider>,
        config: Self::Config,
        results: &mut Listing<Self::Resource>,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send;

    /// Checks a configuration beyond the model's declarative rules. Nothing by default.
    fn validate_config(&self, config: &View<Self::Config>, diagnostics: &mut Diagnostics) {
        let _ = (config, diagnostics);
    }
}

/// One event of a listing, as values: the server's edge encodes it for Terraform.
#[derive(Debug)]
pub(crate) enum ListEvent {
    /// An object found: its name, identity and (when Terraform asked) state.
    Object {
        display_name: String,
        object: ListedObject,
    },
    /// Diagnostics: about an object (named) that could not be sent, or the listing's own.
    Diagnostics {
        display_name: String,
        diagnostics: Diagnostics,
    },
}

/// Where a listing's events go.
pub(crate) type EventSender = mpsc::Sender<ListEvent>;

/// What a [`Listing`] needs from the resource type it lists, provided by the registry: the
/// type of its state, and what Terraform receives for one object found.
pub(crate) trait ListedResource<P>: Send + Sync {
    /// The type of the resource's state.
    fn object_type(&self) -> &Type;
    /// The identity and, when `include_resource`, the state that Terraform receives for an
    /// object whose state is `state`.
    fn listed(
        &self,
        ctx: &Context<P>,
        state: Value,
        include_resource: bool,
    ) -> Result<ListedObject, Diagnostics>;
}

/// One listed object as Terraform receives it, in values.
#[derive(Debug)]
pub(crate) struct ListedObject {
    pub(crate) identity: Option<Value>,
    pub(crate) state: Option<Value>,
}

/// Where a [`ListResource`] puts the objects it finds; they stream to Terraform as they come.
pub struct Listing<R: Resource> {
    sender: EventSender,
    resource: Arc<dyn ListedResource<R::Provider>>,
    ctx: Context<R::Provider>,
    include_resource: bool,
    limit: Option<usize>,
    pushed: usize,
    model: PhantomData<fn(R::Model)>,
}

impl<R: Resource> std::fmt::Debug for Listing<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Listing")
            .field("include_resource", &self.include_resource)
            .field("limit", &self.limit)
            .field("pushed", &self.pushed)
            .finish_non_exhaustive()
    }
}

impl<R: Resource> Listing<R> {
    pub(crate) fn new(
        sender: EventSender,
        resource: Arc<dyn ListedResource<R::Provider>>,
        ctx: Context<R::Provider>,
        include_resource: bool,
        limit: Option<usize>,
    ) -> Listing<R> {
        Listing {
            sender,
            resource,
            ctx,
            include_resource,
            limit,
            pushed: 0,
            model: PhantomData,
        }
    }

    /// Whether Terraform wants each object's whole state (else identities and names are
    /// enough, and an expensive read per object can be skipped: push what is at hand).
    #[must_use]
    pub fn include_resource(&self) -> bool {
        self.include_resource
    }

    /// How many more objects Terraform wants, if it set a limit.
    #[must_use]
    pub fn remaining(&self) -> Option<usize> {
        self.limit.map(|limit| limit.saturating_sub(self.pushed))
    }

    /// How many objects were pushed so far.
    #[must_use]
    pub fn pushed(&self) -> usize {
        self.pushed
    }

    /// Sends one object: its identity (from
    /// [`ResourceIdentity::identity`]), `display_name`, and its state when Terraform asked for
    /// it. Returns `false` when Terraform wants no more: the limit is reached, or the run is
    /// over. An object whose state or identity cannot be made is sent as an error diagnostic
    /// instead.
    pub async fn push(&mut self, display_name: impl Into<String>, object: R::Model) -> bool {
        if self.remaining() == Some(0) {
            return false;
        }
        let event = self.event(display_name.into(), &object);
        self.pushed += 1;
        self.sender.send(event).await.is_ok() && self.remaining() != Some(0)
    }

    /// Sends diagnostics (a warning about an object that could not be read, say) without an
    /// object. Returns `false` when the run is over.
    pub async fn report(&mut self, diagnostics: Diagnostics) -> bool {
        let event = ListEvent::Diagnostics {
            display_name: String::new(),
            diagnostics,
        };
        self.sender.send(event).await.is_ok()
    }

    fn event(&self, display_name: String, object: &R::Model) -> ListEvent {
        let listed = object
            .to_value(self.resource.object_type())
            .map_err(|error| Diagnostics::from(error.to_diagnostic()))
            .and_then(|state| {
                self.resource
                    .listed(&self.ctx, state, self.include_resource)
            });
        match listed {
            Ok(object) => ListEvent::Object {
                display_name,
                object,
            },
            Err(diagnostics) => ListEvent::Diagnostics {
                display_name,
                diagnostics,
            },
        }
    }
}
