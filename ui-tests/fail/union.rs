use tfsdk_core::TfObject;

#[derive(TfObject)]
union Bits {
    int: u32,
    float: f32,
}

fn main() {}
