//! The `tfsdk` command-line tool.

fn main() {}
