use tfsdk_core::TfObject;

#[derive(TfObject)]
struct Volume;

fn main() {}
