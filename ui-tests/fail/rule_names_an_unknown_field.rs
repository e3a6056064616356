use tfsdk_core::TfObject;

#[derive(TfObject)]
#[tfsdk(schema)]
struct Login {
    #[tfsdk(name = "password", optional, conflicts_with(ssh_kye))]
    password: Option<String>,
    #[tfsdk(name = "ssh_key", optional, required_with(cache))]
    ssh_key: Option<String>,
    #[tfsdk(skip)]
    cache: Option<String>,
}

fn main() {}
