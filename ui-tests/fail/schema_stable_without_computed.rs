use tfsdk_core::{TfObject, types};

#[derive(TfObject)]
#[tfsdk(schema)]
struct Server {
    #[tfsdk(name = "id", optional, stable)]
    id: types::String,
}

fn main() {}
