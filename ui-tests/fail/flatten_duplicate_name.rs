use tfsdk_core::TfObject;

#[derive(TfObject)]
struct Common {
    #[tfsdk(name = "name")]
    name: Option<String>,
    #[tfsdk(name = "tags")]
    tags: Option<Vec<String>>,
}

#[derive(TfObject)]
struct Volume {
    #[tfsdk(name = "name")]
    name: String,
    #[tfsdk(flatten)]
    common: Common,
}

fn main() {}
