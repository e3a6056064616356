//! Data source `example_settings`: what the provider was configured with.

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::{TfObject, types};
use tfsdk_server::{Context, DataSource};

use crate::provider::ExampleProvider;

/// The provider's settings as configured, defaults included.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(data_source))]
pub struct Settings {
    /// The region objects are made in.
    #[tfsdk(name = "region", computed)]
    pub region: types::String,
    /// The region backups go to.
    #[tfsdk(name = "backup_region", computed)]
    pub backup_region: types::String,
}

/// The `example_settings` data source type.
pub struct SettingsDataSource;

impl DataSource for SettingsDataSource {
    type Provider = ExampleProvider;
    type Model = Settings;
    const TYPE_NAME: &'static str = "example_settings";

    async fn read(
        &self,
        ctx: &Context<ExampleProvider>,
        _config: Settings,
    ) -> Result<Settings, Diagnostics> {
        let configured = ctx.provider().configured()?;
        Ok(Settings {
            region: types::String::new(configured.region.clone()),
            backup_region: configured.backup_region.clone().into(),
        })
    }
}
