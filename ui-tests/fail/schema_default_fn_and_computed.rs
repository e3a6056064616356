use tfsdk_core::TfObject;

fn region() -> Result<String, std::env::VarError> {
    std::env::var("REGION")
}

#[derive(TfObject)]
#[tfsdk(schema)]
struct Provider {
    #[tfsdk(name = "region", default_fn = region, computed)]
    region: Option<String>,
}

fn main() {}
