//! A type moves from Go to Rust with its state, under Terraform 1.15.5 and 1.0.3: applied with
//! the Go implementation of `petstore_tag`, then served by a build where Rust serves it (and Go
//! no longer does), the next plan is empty, `terraform providers schema -json` prints the same
//! schema for the type before and after (descriptions and their `description_kind`
//! included: the Rust model was imported from the Go schema by `tfsdk schema import`), and
//! the Rust implementation updates and destroys what Go created.

mod support;

use support::{
    APPLY, FRONT, FRONT_WITH_TAG, Install, Pair, assert_contains, assert_schema_snapshot,
    go_provider,
};
use tfsdk_testing::TerraformVersion;

/// What `terraform providers schema -json` (1.15.5) prints for the Go provider served alone:
/// the input of `tfsdk schema import` for `src/models/`.
const GO_SCHEMA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/go-schema.json");

const CONFIG: &str = r#"
resource "petstore_tag" "good" {
  name   = "good"
  COLOR
  labels = { level = "high", team = "pets" }

  rule {
    pattern = "r*"
    weight  = 2
  }
  rule {
    pattern = "s*"
  }
}

resource "petstore_pet" "rex" {
  name = "Rex"
}
"#;

fn tag_schema(pair: &Pair) -> serde_json::Value {
    let run = pair.run(&["providers", "schema", "-json"]);
    run.assert_success();
    let schemas: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let providers = schemas["provider_schemas"].as_object().unwrap();
    let (_, petstore) = providers.iter().next().unwrap();
    petstore["resource_schemas"]["petstore_tag"].clone()
}

#[test]
fn a_tag_applied_by_go_is_served_by_rust_with_no_plan_change_and_the_same_schema() {
    let (Some(go), Some(go_without_tag)) = (go_provider(&[]), go_provider(&["rust_tag"])) else {
        return;
    };
    for version in TerraformVersion::ALL {
        let before = Install::new(FRONT, Some(&go));
        let after = Install::new(FRONT_WITH_TAG, Some(&go_without_tag));
        let mut pair = Pair::new(version, &before);
        pair.configure(&CONFIG.replace("COLOR", ""));
        pair.run(APPLY).assert_success();
        let go_schema = tag_schema(&pair);
        assert!(go_schema.is_object(), "{version:?}: {go_schema}");

        pair.use_install(&after);
        assert!(
            pair.plan_is_empty(),
            "{version:?}: the state Go wrote plans no change in Rust"
        );
        assert_eq!(
            tag_schema(&pair),
            go_schema,
            "{version:?}: the schema of petstore_tag changed"
        );

        // Rust now changes and destroys what Go created.
        pair.configure(&CONFIG.replace("COLOR", "color = \"green\""));
        let run = pair.run(APPLY);
        run.assert_success();
        assert_contains(&run, "Resources: 0 added, 1 changed, 0 destroyed.");
        assert!(pair.plan_is_empty());
        pair.run(&["destroy", "-auto-approve", "-no-color"])
            .assert_success();
        assert!(pair.stored("tag").is_empty());
        assert_eq!(after.go_processes(), Vec::<u32>::new());
    }
}

/// The committed `go-schema.json`, from which `src/models/` was imported, is what Terraform
/// prints for the Go provider today (`TFSDK_UPDATE_SNAPSHOTS=1` writes it again).
#[test]
fn the_imported_schema_is_what_terraform_prints_for_the_go_provider() {
    let Some(go) = go_provider(&[]) else {
        return;
    };
    assert_schema_snapshot(&go, GO_SCHEMA, "moving");
}
