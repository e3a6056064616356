//! The petstore front while `petstore_tag` is still served by Go: `petstore_owner` here, the
//! rest forwarded to `terraform-provider-petstore-go` beside this executable.

use std::process::ExitCode;

use terraform_provider_petstore::Petstore;
use tfsdk_server::Forward;

fn main() -> ExitCode {
    tfsdk_server::serve_beside(
        "registry.terraform.io/example/petstore",
        Petstore::front(),
        Forward::default(),
    )
}
