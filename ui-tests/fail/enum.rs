use tfsdk_core::TfObject;

#[derive(TfObject)]
enum Volume {
    Small,
    Large,
}

fn main() {}
