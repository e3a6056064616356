use tfsdk_core::TfObject;

#[derive(TfObject)]
struct Common {
    #[tfsdk(name = "id")]
    id: String,
}

#[derive(TfObject)]
#[tfsdk(schema)]
struct Volume {
    #[tfsdk(name = "name", required)]
    name: String,
    #[tfsdk(flatten)]
    common: Common,
}

fn main() {}
