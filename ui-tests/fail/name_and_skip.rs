use tfsdk_core::TfObject;

#[derive(TfObject)]
struct Volume {
    #[tfsdk(name = "name", skip)]
    name: String,
    #[tfsdk(skip, name = "cache")]
    cache: Vec<u8>,
}

fn main() {}
