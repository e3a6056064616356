use std::collections::BTreeSet;

use tfsdk_core::TfObject;

#[derive(TfObject)]
#[tfsdk(schema(resource))]
struct Bucket {
    // A set holds each value once already.
    #[tfsdk(name = "readers", optional, unique)]
    readers: Option<BTreeSet<String>>,
    // `matches` checks strings.
    #[tfsdk(name = "size", optional, matches = "^[0-9]+$")]
    size: Option<i64>,
}

fn main() {}
