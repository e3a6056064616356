//! Framework types as fields: scalars, typed collections, objects of a derived model, and the
//! untyped object, which learns its attribute types at run time.

use tfsdk_core::convert::{FromValue, TerraformType};
use tfsdk_core::tftypes::Value;
use tfsdk_core::{TfObject, types};

#[derive(TfObject)]
struct Disk {
    #[tfsdk(name = "size_gb")]
    size_gb: types::Int64,
}

#[derive(TfObject)]
#[tfsdk(schema)]
struct Server {
    #[tfsdk(name = "id", computed)]
    id: types::String,
    #[tfsdk(name = "port", optional)]
    port: types::Int32,
    #[tfsdk(name = "weight", optional)]
    weight: types::Float64,
    #[tfsdk(name = "ratio", optional)]
    ratio: types::Float32,
    #[tfsdk(name = "size", optional)]
    size: types::Number,
    #[tfsdk(name = "enabled", optional)]
    enabled: types::Bool,
    #[tfsdk(name = "tags", optional)]
    tags: types::Map<types::String>,
    #[tfsdk(name = "zones", optional)]
    zones: types::Set<String>,
    #[tfsdk(name = "disks", optional)]
    disks: types::List<types::Object<Disk>>,
    #[tfsdk(name = "boot", optional)]
    boot: types::Object<Disk>,
}

fn main() {
    let server = Server::from_value(Value::unknown(Server::terraform_type()));
    assert!(server.is_err());
    let _ = Server::terraform_type();
}
