//! The provider binary: serves [`terraform_provider_files`] to Terraform.

use std::process::ExitCode;

use terraform_provider_files::provider::{FilesProvider, TestSwitches};

fn main() -> ExitCode {
    tfsdk_server::serve(
        terraform_provider_files::ADDRESS,
        FilesProvider::with_switches(TestSwitches::from_environment()),
    )
}
