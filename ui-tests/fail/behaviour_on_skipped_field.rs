use tfsdk_core::TfObject;

#[derive(TfObject)]
struct Volume {
    #[tfsdk(skip, optional, description = "cached")]
    cache: Vec<u8>,
}

fn main() {}
