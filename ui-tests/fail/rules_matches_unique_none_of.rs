use tfsdk_core::TfObject;

#[derive(TfObject)]
#[tfsdk(schema(resource))]
struct Bucket {
    // Checked at compile time, not at start-up: an unclosed group.
    #[tfsdk(name = "name", required, matches = "^(logs")]
    name: String,
    // One type of value.
    #[tfsdk(name = "zone", optional, none_of = ["a", 1])]
    zone: Option<String>,
}

fn main() {}
