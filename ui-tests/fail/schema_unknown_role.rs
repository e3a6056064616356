use tfsdk_core::TfObject;

#[derive(TfObject)]
#[tfsdk(schema(resorce))]
struct Server {
    #[tfsdk(name = "name", required)]
    name: String,
}

fn main() {}
