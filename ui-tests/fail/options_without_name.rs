use tfsdk_core::TfObject;

#[derive(TfObject)]
struct Volume {
    #[tfsdk(optional)]
    size: Option<i64>,
}

fn main() {}
