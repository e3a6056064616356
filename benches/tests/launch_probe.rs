//! The bench provider's binary (`launch-probe`, which the start-up bench launches) passes the
//! generic run every provider binary of the project passes under both Terraforms: plan, apply,
//! an empty second plan, an update, destroy, and every provider process exiting by itself.

use std::path::PathBuf;

use tfsdk_testing::{ProviderTest, Step};

/// `launch-probe` under the name Terraform looks for (`terraform-provider-bench`), in a folder
/// of its own.
fn provider_binary() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bench-provider");
    std::fs::create_dir_all(&dir).unwrap();
    let binary = dir.join("terraform-provider-bench");
    std::fs::copy(env!("CARGO_BIN_EXE_launch-probe"), &binary).unwrap();
    binary
}

fn thing(description: &str) -> String {
    format!(
        r#"resource "bench_thing" "a" {{
  name        = "a"
  description = "{description}"
  region      = "eu-west-1"
  size        = 3
  ratio       = 0.25
  enabled     = true
  aliases     = ["x", "y"]
  labels      = {{ team = "bench" }}
  settings {{
    mode    = "fast"
    retries = 2
    verbose = false
  }}
  rules = [
    {{ name = "r1", priority = 1, weight = 1.5, enabled = true }},
    {{ name = "r2", priority = 2, weight = 0.5, enabled = false, comment = "off" }},
  ]
}}
"#
    )
}

#[test]
fn a_generic_run_leaves_no_provider_process_behind() {
    ProviderTest::binary("example/bench", provider_binary())
        .check_shutdown()
        .step(Step::apply(thing("first")))
        .step(Step::apply(thing("second")))
        .run();
}
