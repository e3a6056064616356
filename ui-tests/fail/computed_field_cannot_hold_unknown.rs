use tfsdk_core::{TfObject, types};

#[derive(TfObject)]
#[tfsdk(schema)]
struct Server {
    #[tfsdk(name = "name", required)]
    name: String,
    // Unknown in the plan of a create: a `String` cannot say so.
    #[tfsdk(name = "id", computed)]
    id: String,
    #[tfsdk(name = "ip", optional, computed)]
    ip: Option<String>,
    // The framework types hold unknown: accepted.
    #[tfsdk(name = "arn", computed)]
    arn: types::String,
}

fn main() {}
