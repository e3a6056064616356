use tfsdk_core::TfObject;

fn takes_a_number(_: &i64) -> Result<(), String> {
    Ok(())
}

fn returns_nothing(_: &str) {}

#[derive(TfObject)]
#[tfsdk(schema)]
struct Server {
    #[tfsdk(name = "name", optional, validate = takes_a_number)]
    name: Option<String>,
    #[tfsdk(name = "zone", optional, validate = returns_nothing)]
    zone: Option<String>,
}

fn main() {}
