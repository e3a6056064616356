//! `#[tfsdk(crate = "...")]` points generated code at a re-export of the runtime.
extern crate tfsdk_core as runtime;

use runtime::TfObject;
use runtime::convert::TerraformType;
use runtime::tftypes::Type;

#[derive(TfObject)]
#[tfsdk(crate = "runtime")]
struct Volume {
    #[tfsdk(name = "name")]
    name: String,
}

fn main() {
    assert_eq!(Volume::terraform_type(), Type::object([("name", Type::String)]));
    let _ = Volume { name: String::new() }.name;
}
