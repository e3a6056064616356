use tfsdk_core::TfObject;

#[derive(TfObject)]
struct Volume {
    #[tfsdk(name = "VolumeName")]
    name: String,
    #[tfsdk(name = "1st")]
    first: String,
    #[tfsdk(name = "size-gb")]
    size: i64,
    #[tfsdk(name = "")]
    empty: bool,
}

fn main() {}
