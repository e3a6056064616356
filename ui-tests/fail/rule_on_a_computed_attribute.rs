use tfsdk_core::{TfObject, types};

#[derive(TfObject)]
#[tfsdk(schema)]
struct Server {
    #[tfsdk(name = "id", computed, length = 1..)]
    id: types::String,
    #[tfsdk(name = "name", optional)]
    name: Option<String>,
}

fn main() {}
