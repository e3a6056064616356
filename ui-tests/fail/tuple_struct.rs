use tfsdk_core::TfObject;

#[derive(TfObject)]
struct Volume(String, i64);

fn main() {}
