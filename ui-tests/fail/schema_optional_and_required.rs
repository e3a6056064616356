use tfsdk_core::TfObject;

#[derive(TfObject)]
#[tfsdk(schema)]
struct Volume {
    #[tfsdk(name = "name", optional, required)]
    name: Option<String>,
    #[tfsdk(name = "zone", required, optional)]
    zone: Option<String>,
}

fn main() {}
