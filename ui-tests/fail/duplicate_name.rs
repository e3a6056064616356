use tfsdk_core::TfObject;

#[derive(TfObject)]
struct Volume {
    #[tfsdk(name = "size")]
    size_gb: i64,
    #[tfsdk(name = "name")]
    name: String,
    #[tfsdk(name = "size")]
    size_mb: i64,
}

fn main() {}
