use tfsdk_core::TfObject;

#[derive(TfObject)]
#[tfsdk(schema)]
struct Login {
    #[tfsdk(name = "password", optional, exactly_one_of(password, ssh_key))]
    password: Option<String>,
    #[tfsdk(name = "ssh_key", optional, at_least_one_of())]
    ssh_key: Option<String>,
}

fn main() {}
