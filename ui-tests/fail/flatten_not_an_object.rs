use tfsdk_core::TfObject;

#[derive(TfObject)]
struct Volume {
    #[tfsdk(flatten)]
    name: String,
}

fn main() {}
