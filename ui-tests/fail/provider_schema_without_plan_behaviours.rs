use tfsdk_core::{TfObject, types};

fn same(old: &str, new: &str) -> bool {
    old == new
}

#[derive(TfObject)]
#[tfsdk(schema(provider))]
struct ProviderConfig {
    #[tfsdk(name = "token", computed)]
    token: types::String,
    #[tfsdk(name = "region", optional, force_new)]
    region: Option<String>,
    #[tfsdk(name = "zone", optional, diff_suppress = same)]
    zone: Option<String>,
}

fn main() {}
