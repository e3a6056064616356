use tfsdk_core::TfObject;

#[derive(TfObject)]
struct Volume {
    #[tfsdk(name = "name")]
    name: String,
    sizeInGb: i64,
}

fn main() {}
