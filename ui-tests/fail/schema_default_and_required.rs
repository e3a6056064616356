use tfsdk_core::TfObject;

#[derive(TfObject)]
#[tfsdk(schema)]
struct Volume {
    #[tfsdk(name = "encrypted", required, default = false)]
    encrypted: bool,
}

fn main() {}
