use tfsdk_core::TfObject;

#[derive(TfObject)]
struct Volume {
    untagged: String,
    #[tfsdk(name = "Name")]
    name: String,
    #[tfsdk(name = "size")]
    size: i64,
    #[tfsdk(name = "size")]
    size_again: i64,
    #[tfsdk(name = "kind", skip)]
    kind: String,
    #[tfsdk(name = "zone", colour = "red")]
    zone: String,
}

fn main() {}
