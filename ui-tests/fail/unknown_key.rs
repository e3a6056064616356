use tfsdk_core::TfObject;

#[derive(TfObject)]
struct Volume {
    #[tfsdk(nmae = "name")]
    name: String,
    #[tfsdk(name = "size", requried)]
    size: i64,
}

fn main() {}
