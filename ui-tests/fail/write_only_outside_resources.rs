use tfsdk_core::TfObject;

#[derive(TfObject)]
#[tfsdk(schema(provider))]
struct ProviderConfig {
    #[tfsdk(name = "token", optional, write_only)]
    token: Option<String>,
}

#[derive(TfObject)]
#[tfsdk(schema(data_source))]
struct Lookup {
    #[tfsdk(name = "token", optional, write_only)]
    token: Option<String>,
}

#[derive(TfObject)]
#[tfsdk(schema(ephemeral))]
struct Lease {
    #[tfsdk(name = "token", optional, write_only)]
    token: Option<String>,
}

fn main() {}
