use tfsdk_core::TfObject;

#[derive(TfObject)]
#[tfsdk(schema)]
struct Server {
    #[tfsdk(name = "flavor", optional, deprecated = "")]
    flavor: Option<String>,
}

fn main() {}
