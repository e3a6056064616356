use tfsdk_core::TfObject;

#[derive(TfObject)]
#[tfsdk(schema)]
struct Volume {
    #[tfsdk(name = "id", required, computed)]
    id: String,
}

fn main() {}
