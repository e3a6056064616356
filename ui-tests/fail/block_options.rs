use tfsdk_core::{TfObject, types};

#[derive(TfObject)]
#[tfsdk(schema)]
struct Disk {
    #[tfsdk(name = "size", required)]
    size: i64,
}

#[derive(TfObject)]
#[tfsdk(schema)]
struct Server {
    #[tfsdk(name = "boot", optional, block, nested_attribute)]
    boot: Option<Disk>,
    #[tfsdk(name = "disks", block, computed)]
    disks: types::List<Disk>,
    #[tfsdk(name = "secret", optional, block, sensitive)]
    secret: Option<Disk>,
}

fn main() {}
