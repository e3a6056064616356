use tfsdk_core::{TfObject, types};

#[derive(TfObject)]
#[tfsdk(schema)]
struct Part {
    #[tfsdk(name = "id", required)]
    id: String,
}

/// An identity may only say which attributes import needs.
#[derive(TfObject)]
#[tfsdk(schema(identity))]
struct BucketIdentity {
    #[tfsdk(name = "name", required)]
    name: String,
    #[tfsdk(name = "arn", computed)]
    arn: types::String,
    #[tfsdk(name = "token", required, sensitive)]
    token: String,
    #[tfsdk(name = "region", optional, default = "eu")]
    region: Option<String>,
    #[tfsdk(name = "zone", optional, deprecated = "Use region.")]
    zone: Option<String>,
    #[tfsdk(name = "part", optional, block)]
    part: Option<Part>,
}

fn main() {}
