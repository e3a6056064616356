use tfsdk_core::TfObject;

fn region() -> Result<String, std::env::VarError> {
    std::env::var("REGION")
}

#[derive(TfObject)]
#[tfsdk(schema)]
struct Provider {
    #[tfsdk(name = "region", optional, default = "us-west", default_fn = region)]
    region: Option<String>,
}

fn main() {}
