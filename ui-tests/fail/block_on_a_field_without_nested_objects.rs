use std::collections::BTreeMap;

use tfsdk_core::TfObject;

#[derive(TfObject)]
#[tfsdk(schema)]
struct Disk {
    #[tfsdk(name = "size", required)]
    size: i64,
}

#[derive(TfObject)]
#[tfsdk(schema)]
struct Server {
    #[tfsdk(name = "name", required, block)]
    name: String,
    #[tfsdk(name = "disks", optional, block)]
    disks: Option<BTreeMap<String, Disk>>,
    #[tfsdk(name = "size", optional, nested_attribute)]
    size: Option<i64>,
}

fn main() {}
