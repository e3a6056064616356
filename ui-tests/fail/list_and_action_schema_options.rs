use tfsdk_core::{TfObject, types};

#[derive(TfObject)]
#[tfsdk(schema(list))]
struct Filter {
    #[tfsdk(name = "prefix", optional, default = "")]
    prefix: Option<String>,
    #[tfsdk(name = "total", computed)]
    count: types::Int64,
}

#[derive(TfObject)]
#[tfsdk(schema(action))]
struct Restart {
    #[tfsdk(name = "service", required, force_new)]
    service: String,
    #[tfsdk(name = "started", computed)]
    started: types::String,
    #[tfsdk(name = "token", optional, write_only)]
    token: Option<String>,
}

fn main() {}
