use tfsdk_core::TfObject;

#[derive(TfObject)]
#[tfsdk(schema)]
struct Server {
    #[tfsdk(name = "enabled", optional, length = 1..)]
    enabled: Option<bool>,
    #[tfsdk(name = "name", optional, range = 1..=10)]
    name: Option<String>,
    #[tfsdk(name = "port", optional, size = ..=3)]
    port: Option<i64>,
    #[tfsdk(name = "size", optional, one_of = ["small", "large"])]
    size: Option<i64>,
    #[tfsdk(name = "kind", optional, one_of = [1, 2])]
    kind: Option<String>,
}

fn main() {}
