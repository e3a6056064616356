use tfsdk_core::{TfObject, types};

fn same(old: &str, new: &str) -> bool {
    old == new
}

#[derive(TfObject)]
#[tfsdk(schema(resource))]
struct User {
    #[tfsdk(name = "token", optional, write_only, computed)]
    token: types::String,
    #[tfsdk(name = "password", optional, write_only, default = "changeme")]
    password: Option<String>,
    #[tfsdk(name = "key", optional, write_only, force_new)]
    key: Option<String>,
    #[tfsdk(name = "pin", optional, write_only, diff_suppress = same)]
    pin: Option<String>,
}

fn main() {}
