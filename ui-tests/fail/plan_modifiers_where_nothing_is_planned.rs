use tfsdk_core::schema::AttributeChange;
use tfsdk_core::{TfObject, types};

fn changed(change: &AttributeChange<types::String>) -> bool {
    change.prior.is_some()
}

#[derive(TfObject)]
#[tfsdk(schema(data_source))]
struct Lookup {
    #[tfsdk(name = "name", required, requires_replace_if = changed)]
    name: String,
    #[tfsdk(name = "zone", optional, requires_replace_if_configured)]
    zone: Option<String>,
}

#[derive(TfObject)]
#[tfsdk(schema(resource))]
struct Secret {
    #[tfsdk(name = "password", optional, write_only, requires_replace_if_configured)]
    password: Option<String>,
}

fn main() {}
