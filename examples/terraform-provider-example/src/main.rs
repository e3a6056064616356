//! The provider binary: serves [`terraform_provider_example`] to Terraform.

use std::process::ExitCode;

fn main() -> ExitCode {
    tfsdk_server::serve(
        terraform_provider_example::ADDRESS,
        terraform_provider_example::provider::ExampleProvider::default(),
    )
}
