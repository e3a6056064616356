//! The petstore front after `petstore_tag` moved to Rust: installed as
//! `terraform-provider-petstore`, beside a Go provider built without the type.

use std::process::ExitCode;

use terraform_provider_petstore::Petstore;
use tfsdk_server::Forward;

fn main() -> ExitCode {
    tfsdk_server::serve_beside(
        "registry.terraform.io/example/petstore",
        Petstore::with_tag(),
        Forward::default(),
    )
}
