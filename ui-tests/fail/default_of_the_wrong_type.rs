use tfsdk_core::TfObject;

#[derive(TfObject)]
#[tfsdk(schema)]
struct Volume {
    #[tfsdk(name = "encrypted", optional, default = "no")]
    encrypted: Option<bool>,
    #[tfsdk(name = "size", optional, default = 1.5)]
    size: Option<i64>,
}

fn main() {}
