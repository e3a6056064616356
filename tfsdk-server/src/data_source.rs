//! What a provider author implements for a data source: one read over a derived model.

use std::future::Future;

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::{TfSchema, View};

use crate::{Context, Provider};

/// A data source (`data "TYPE" "NAME" { ... }`) whose data is the derived model
/// [`Model`](DataSource::Model): arguments are required or optional attributes, results are
/// computed ones.
///
/// Terraform reads a data source when its configuration is wholly known; before that it plans
/// the read for apply. A panic in [`read`](DataSource::read) becomes an error diagnostic.
pub trait DataSource: Send + Sync + 'static {
    /// The provider this data source belongs to; [`Context::provider`] gives it.
    type Provider: Provider;

    /// The data source's data: a `#[tfsdk(schema)]` struct.
    type Model: TfSchema + Send + Sync + 'static;

    /// The data source type's name as configurations spell it, e.g. `"files_file"`.
    const TYPE_NAME: &'static str;

    /// Reads the data: `config` holds the arguments (computed attributes are null); return it
    /// with every computed attribute set.
    ///
    /// # Errors
    /// Diagnostics for Terraform.
    fn read(
        &self,
        ctx: &Context<Self::Provider>,
        config: Self::Model,
    ) -> impl Future<Output = Result<Self::Model, Diagnostics>> + Send;

    /// Checks a configuration in which values may still be unknown, through the model's typed
    /// view, beyond the model's declarative rules (which the server checks).
    fn validate_config(&self, config: &View<Self::Model>, diagnostics: &mut Diagnostics) {
        let _ = (config, diagnostics);
    }
}
