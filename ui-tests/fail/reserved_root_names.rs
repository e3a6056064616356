// Root attributes named as Terraform's meta-arguments: no configuration could set them.
use tfsdk_core::TfObject;

#[derive(TfObject)]
#[tfsdk(schema(resource))]
struct Server {
    #[tfsdk(name = "count", optional)]
    count: Option<i64>,
    #[tfsdk(name = "lifecycle", optional)]
    lifecycle: Option<String>,
    // Only the provider block keeps `version`.
    #[tfsdk(name = "version", optional)]
    version: Option<String>,
}

#[derive(TfObject)]
#[tfsdk(schema(provider))]
struct Config {
    #[tfsdk(name = "alias", optional)]
    alias: Option<String>,
    // `provider` is reserved in the blocks of configured types, not in the provider block.
    #[tfsdk(name = "provider", optional)]
    provider: Option<String>,
}

fn main() {}
