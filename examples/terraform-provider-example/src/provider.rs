//! The `example` provider: its block (seed 002's `region` with a `DefaultFunc`) and the cloud
//! it opens.

use std::sync::OnceLock;

use tfsdk_core::TfObject;
use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_server::{Context, Provider, Registry};

use crate::bucket::BucketResource;
use crate::cloud::Cloud;
use crate::instance::InstanceResource;
use crate::settings::SettingsDataSource;
use crate::volume::VolumeResource;

/// The example cloud of seed 002.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(provider))]
pub struct ExampleConfig {
    /// The key to the API; `EXAMPLE_API_KEY` from the environment when unset.
    #[tfsdk(
        name = "api_key",
        required,
        sensitive,
        length = 1..,
        default_fn = api_key_from_env
    )]
    pub api_key: String,
    /// The region objects are made in; `PROVIDER_REGION` from the environment when unset, else
    /// `us-west`.
    #[tfsdk(name = "region", required, default_fn = region_from_env)]
    pub region: String,
    /// The region backups go to; `PROVIDER_BACKUP_REGION` from the environment when unset,
    /// else `us-east`.
    #[tfsdk(name = "backup_region", optional, default_fn = backup_region_from_env)]
    pub backup_region: Option<String>,
    /// Where the example cloud keeps its objects (a directory); `EXAMPLE_ENDPOINT` from the
    /// environment when unset.
    #[tfsdk(name = "endpoint", required, default_fn = endpoint_from_env)]
    pub endpoint: String,
}

/// The environment variable `name`, when set and not empty.
fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|value| !value.is_empty())
}

/// Seed 002's `DefaultFunc`: the region from the environment, else `us-west`.
fn region_from_env() -> Result<String, std::convert::Infallible> {
    Ok(env("PROVIDER_REGION").unwrap_or_else(|| "us-west".to_owned()))
}

fn backup_region_from_env() -> Result<String, std::convert::Infallible> {
    Ok(env("PROVIDER_BACKUP_REGION").unwrap_or_else(|| "us-east".to_owned()))
}

/// Nothing when the environment has no key: then the key is missing, as a required argument.
fn api_key_from_env() -> Result<Option<String>, std::convert::Infallible> {
    Ok(env("EXAMPLE_API_KEY"))
}

fn endpoint_from_env() -> Result<Option<String>, std::convert::Infallible> {
    Ok(env("EXAMPLE_ENDPOINT"))
}

/// The configured provider.
#[derive(Debug)]
pub struct Configured {
    /// The cloud's account.
    pub cloud: Cloud,
    /// The region, as configured or defaulted.
    pub region: String,
    /// The backup region, as configured or defaulted.
    pub backup_region: Option<String>,
}

/// The provider: the cloud and regions, set by `configure`.
#[derive(Default)]
pub struct ExampleProvider {
    configured: OnceLock<Configured>,
}

impl ExampleProvider {
    /// The configured provider.
    ///
    /// # Errors
    /// When Terraform has not configured it (a bug in Terraform or the provider).
    pub fn configured(&self) -> Result<&Configured, Diagnostic> {
        self.configured.get().ok_or_else(|| {
            Diagnostic::error(
                "Provider not configured",
                "The example provider was used before ConfigureProvider.",
            )
        })
    }
}

impl Provider for ExampleProvider {
    type Config = ExampleConfig;

    fn register(&self, registry: &mut Registry<Self>) {
        registry
            .resource(InstanceResource)
            .resource_with_identity(VolumeResource)
            .resource_with_identity(BucketResource)
            .data_source(SettingsDataSource);
    }

    async fn configure(
        &self,
        _ctx: &Context<Self>,
        config: ExampleConfig,
    ) -> Result<(), Diagnostics> {
        let cloud = Cloud::open(&config.endpoint).map_err(|error| {
            Diagnostic::error(
                "Cannot reach the example cloud",
                format!("{}: {error}", config.endpoint),
            )
            .with_path(ExampleConfig::paths().endpoint())
        })?;
        // Configured once per process; a second configure keeps the first.
        let _ = self.configured.set(Configured {
            cloud,
            region: config.region,
            backup_region: config.backup_region,
        });
        Ok(())
    }
}
