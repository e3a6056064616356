//! Real Terraform for tests.
