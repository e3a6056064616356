use tfsdk_core::TfObject;

#[derive(TfObject)]
#[tfsdk(schema)]
struct Volume {
    #[tfsdk(name = "name", required)]
    name: String,
    #[tfsdk(name = "size", description = "Size in GiB")]
    size: Option<i64>,
}

// A plain data model needs no roles.
#[derive(TfObject)]
struct Website {
    #[tfsdk(name = "index_document")]
    index_document: String,
}

fn main() {}
