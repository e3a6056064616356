use tfsdk_core::TfObject;

#[derive(TfObject)]
struct Common {
    #[tfsdk(name = "id")]
    id: String,
}

#[derive(TfObject)]
struct Volume {
    #[tfsdk(name = "common", flatten)]
    common: Common,
    #[tfsdk(flatten, skip)]
    other: Common,
}

fn main() {}
