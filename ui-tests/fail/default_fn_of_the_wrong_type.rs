use tfsdk_core::TfObject;

fn not_a_result() -> String {
    "us-west".to_owned()
}

fn wrong_value() -> Result<bool, std::env::VarError> {
    Ok(true)
}

#[derive(TfObject)]
#[tfsdk(schema)]
struct Provider {
    #[tfsdk(name = "region", optional, default_fn = not_a_result)]
    region: Option<String>,
    #[tfsdk(name = "zone", optional, default_fn = wrong_value)]
    zone: Option<String>,
}

fn main() {}
