use tfsdk_core::{TfObject, types};

#[derive(TfObject)]
#[tfsdk(schema(data_source))]
struct Lookup {
    #[tfsdk(name = "name", required, force_new)]
    name: String,
    #[tfsdk(name = "limit", optional, default = 10)]
    limit: Option<i64>,
    #[tfsdk(name = "id", computed, stable)]
    id: types::String,
}

fn main() {}
