//! What a provider author implements for an ephemeral resource (Terraform 1.10 and newer): a
//! value opened for one Terraform run (a secret, a token, a tunnel), never stored in plan or
//! state, renewed while the run needs it and closed at its end.

use std::future::Future;
use std::time::SystemTime;

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::{TfSchema, View};

use crate::{Context, Provider};

/// An ephemeral resource (`ephemeral "TYPE" "NAME" { ... }`) whose data is the derived model
/// [`Model`](EphemeralResource::Model): arguments are required or optional attributes, the
/// result's values computed ones. Configurations use its attributes where an ephemeral value is
/// welcome: a provider block, a write-only attribute, another ephemeral resource, a local.
/// Nothing of it reaches plan or state.
///
/// Private data carried from [`open`](EphemeralResource::open) to
/// [`renew`](EphemeralResource::renew) and [`close`](EphemeralResource::close) (a lease id, a
/// token to revoke) is the context's private state
/// ([`Context::set_private_state`], [`Context::private_state`]). A panic in any method is an
/// error diagnostic; the server keeps serving.
///
/// ```
/// use std::time::{Duration, SystemTime};
/// use tfsdk_core::diag::Diagnostics;
/// use tfsdk_core::{TfObject, types};
/// use tfsdk_server::{Context, EphemeralResource, NoConfig, Opened, Provider, Registry};
///
/// /// A short-lived token.
/// #[derive(TfObject)]
/// #[tfsdk(schema(ephemeral))]
/// struct Token {
///     /// Who the token is for.
///     #[tfsdk(name = "subject", required)]
///     subject: String,
///     /// The token.
///     #[tfsdk(name = "value", computed, sensitive)]
///     value: types::String,
/// }
///
/// struct TokenResource;
///
/// impl EphemeralResource for TokenResource {
///     type Provider = Api;
///     type Model = Token;
///     const TYPE_NAME: &'static str = "api_token";
///
///     async fn open(&self, ctx: &Context<Api>, mut token: Token) -> Result<Opened<Token>, Diagnostics> {
///         token.value = types::String::new(format!("token-for-{}", token.subject));
///         ctx.set_private_state(b"lease-1".to_vec()); // what close revokes
///         Ok(Opened::new(token).renew_at(SystemTime::now() + Duration::from_secs(300)))
///     }
/// }
/// # #[derive(Default)] struct Api;
/// # impl Provider for Api {
/// #     type Config = NoConfig;
/// #     fn register(&self, registry: &mut Registry<Self>) { registry.ephemeral_resource(TokenResource); }
/// # }
/// ```
pub trait EphemeralResource: Send + Sync + 'static {
    /// The provider this ephemeral resource belongs to; [`Context::provider`] gives it.
    type Provider: Provider;

    /// The ephemeral resource's data: a `#[tfsdk(schema(ephemeral))]` (or `#[tfsdk(schema)]`)
    /// struct.
    type Model: TfSchema + Send + Sync + 'static;

    /// The type's name as configurations spell it, e.g. `"files_secret"`.
    const TYPE_NAME: &'static str;

    /// Opens the resource for this run from its configuration (wholly known: Terraform does
    /// not open it before) and returns the result, every computed attribute known, and when to
    /// renew it.
    ///
    /// # Errors
    /// Diagnostics for Terraform.
    fn open(
        &self,
        ctx: &Context<Self::Provider>,
        config: Self::Model,
    ) -> impl Future<Output = Result<Opened<Self::Model>, Diagnostics>> + Send;

    /// Renews the resource (a lease, a token) when the time [`open`](EphemeralResource::open)
    /// or the last renewal gave has come and the run still needs it; returns when to renew
    /// next, `None` for never. The private state is the context's. By default there is nothing
    /// to renew.
    ///
    /// # Errors
    /// Diagnostics for Terraform.
    fn renew(
        &self,
        ctx: &Context<Self::Provider>,
    ) -> impl Future<Output = Result<Option<SystemTime>, Diagnostics>> + Send {
        let _ = ctx;
        async { Ok(None) }
    }

    /// Closes the resource at the end of the run (revokes the token, ends the lease). The
    /// private state is the context's. By default nothing happens.
    ///
    /// # Errors
    /// Diagnostics for Terraform.
    fn close(
        &self,
        ctx: &Context<Self::Provider>,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send {
        let _ = ctx;
        async { Ok(()) }
    }

    /// Checks a configuration through the model's typed view, beyond the model's declarative
    /// rules (which the server checks); any value may still be unknown.
    fn validate_config(&self, config: &View<Self::Model>, diagnostics: &mut Diagnostics) {
        let _ = (config, diagnostics);
    }
}

/// What [`EphemeralResource::open`] returns: the result, and when to renew it.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Opened<M> {
    /// The result: the configuration with every computed attribute set.
    pub result: M,
    /// When Terraform should call [`EphemeralResource::renew`] if the run still needs the
    /// resource; `None` for never.
    pub renew_at: Option<SystemTime>,
}

impl<M> Opened<M> {
    /// The result, never to be renewed.
    pub fn new(result: M) -> Opened<M> {
        Opened {
            result,
            renew_at: None,
        }
    }

    /// The same, to be renewed at `at`.
    pub fn renew_at(mut self, at: SystemTime) -> Opened<M> {
        self.renew_at = Some(at);
        self
    }
}
