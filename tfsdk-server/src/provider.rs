//! What a provider author implements for the provider itself: its configuration and the
//! resources and data sources it offers.

use std::future::Future;

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::{TfSchema, View};

use crate::{Context, Registry};

/// A Terraform provider: its configuration block's model, how it configures itself, and its
/// resources and data sources.
///
/// The server holds one instance for the life of the process, shared by every request (which
/// run concurrently), so state set by [`configure`](Provider::configure) lives behind interior
/// mutability, e.g. a `OnceLock`.
///
/// ```
/// use std::sync::OnceLock;
/// use tfsdk_core::{TfObject, diag::Diagnostics};
/// use tfsdk_server::{Context, Provider, Registry};
///
/// /// The `provider "example" { ... }` block.
/// #[derive(TfObject)]
/// #[tfsdk(schema)]
/// struct ExampleConfig {
///     #[tfsdk(name = "endpoint", optional, description = "The API's address.")]
///     endpoint: Option<String>,
/// }
///
/// #[derive(Default)]
/// struct Example {
///     endpoint: OnceLock<String>,
/// }
///
/// impl Provider for Example {
///     type Config = ExampleConfig;
///
///     async fn configure(&self, _ctx: &Context<Self>, config: ExampleConfig) -> Result<(), Diagnostics> {
///         let endpoint = config.endpoint.unwrap_or_else(|| "http://localhost".into());
///         let _ = self.endpoint.set(endpoint);
///         Ok(())
///     }
///
///     fn register(&self, _registry: &mut Registry<Self>) {
///         // registry.resource(MyResource); registry.data_source(MyDataSource);
///     }
/// }
/// ```
pub trait Provider: Sized + Send + Sync + 'static {
    /// The model of the provider's configuration block (a `#[tfsdk(schema)]` struct);
    /// [`NoConfig`](crate::NoConfig) for a provider without settings.
    type Config: TfSchema + Send + 'static;

    /// Registers the provider's resources and data sources; called once at start-up.
    fn register(&self, registry: &mut Registry<Self>);

    /// Checks the provider block, through the typed view of its model (values may still be
    /// unknown), after the defaults and `default_fn`s of its attributes were applied and the
    /// model's declarative rules checked. Terraform calls it before planning; errors stop the
    /// run with their attribute paths.
    fn validate_config(&self, config: &View<Self::Config>, diagnostics: &mut Diagnostics) {
        let _ = (config, diagnostics);
    }

    /// Configures the provider from its block, before any resource or data source call that
    /// needs it, with each attribute's `default` or `default_fn` applied where the block leaves
    /// it unset (a `required` attribute whose `default_fn` gives nothing is an error before
    /// this is called). By default it accepts any configuration.
    ///
    /// # Errors
    /// Diagnostics that stop the run, e.g. bad credentials.
    fn configure(
        &self,
        ctx: &Context<Self>,
        config: Self::Config,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send {
        let _ = (ctx, config);
        async { Ok(()) }
    }
}
