use tfsdk_core::TfObject;

#[derive(TfObject)]
#[tfsdk(schema)]
struct Volume {
    #[tfsdk(name = "encrypted", default = false, computed)]
    encrypted: Option<bool>,
}

fn main() {}
