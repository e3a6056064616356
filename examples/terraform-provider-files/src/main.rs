//! The provider binary: serves [`terraform_provider_files`] to Terraform.

use std::process::ExitCode;

fn main() -> ExitCode {
    tfsdk_server::serve(
        terraform_provider_files::ADDRESS,
        terraform_provider_files::provider::FilesProvider::default(),
    )
}
