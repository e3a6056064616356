//! The Rust front serving `petstore_owner` beside a Go provider on terraform-plugin-sdk/v2,
//! which speaks plugin protocol 5 (`tests/go-providers/sdkv2`): the front speaks protocol 6 to
//! Terraform and translates each forwarded call. Under Terraform 1.15.5 and 1.0.3: one
//! configuration using both sides' types with references both ways (a list block, a
//! one-element `MaxItems: 1` block, a set of blocks, a set, a sensitive map, sensitive and
//! computed attributes), plan, apply, an empty plan, refresh, import, a forwarded data source,
//! destroy, no Go process left.
//! (SDKv2 cannot serve provider functions, so this fixture has none; the framework fixture's
//! function is forwarded in `beside_go.rs`.)
//!
//! SDKv2 plans values the protocol does not allow (a `Default` on an attribute that is not
//! computed, `""` for an unset string in a block) and says so with `legacy_type_system`, which
//! Terraform tolerates from protocol 5 providers. Through a protocol 6 front Terraform 1.15.5
//! still tolerates it (the pet `tom` relies on a default); Terraform 1.0.3 does not read the
//! flag on protocol 6 and refuses such a plan ("planned value ... for a non-computed
//! attribute"), so under 1.0.3 the configuration sets every attribute SDKv2 would fill in.

mod support;

use support::{
    APPLY, FRONT, Install, Pair, assert_contains, assert_schema_snapshot, sdkv2_provider,
};
use tfsdk_testing::TerraformVersion;

/// What `terraform providers schema -json` (1.15.5) prints for the SDKv2 provider served
/// alone: the input of the schema import round trip in `tfsdk-cli/tests/schema_import.rs`.
const SDKV2_SCHEMA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/sdkv2-schema.json");

const CONFIG: &str = r#"
resource "petstore_owner" "alice" {
  name  = "Alice"
  email = "alice@example.com"
}

resource "petstore_pet" "rex" {
  name      = "Rex"
  species   = "dog"
  owner_id  = petstore_owner.alice.id
  secret    = "bones"
  nicknames = ["rexy", "r"]

  toy {
    name  = "ball"
    color = "red"
  }
  toy {
    name  = "rope"
    color = "brown"
  }

  collar {
    size = 3
  }
}

resource "petstore_tag" "good" {
  name   = "good"
  color  = "green"
  labels = { level = "high" }

  rule {
    pattern = "r*"
    weight  = 2
  }
  rule {
    pattern = "s*"
    weight  = 1
  }
}

# Rust refers to Go.
resource "petstore_owner" "bob" {
  name = petstore_pet.rex.created_at
}

data "petstore_pets" "dogs" {
  species    = "dog"
  depends_on = [petstore_pet.rex]
}

output "rex_owner" {
  value = petstore_pet.rex.owner_id
}

output "alice" {
  value = petstore_owner.alice.id
}

output "collar" {
  value = petstore_pet.rex.collar[0].size
}

output "dogs" {
  value = data.petstore_pets.dogs.names
}
"#;

/// A pet whose species comes from SDKv2's `Default` (Terraform 1.15.5 only, see above).
const DEFAULTED: &str = r#"
resource "petstore_pet" "tom" {
  name = "Tom"
}

output "tom_species" {
  value = petstore_pet.tom.species
}
"#;

#[test]
fn rust_types_and_protocol_5_go_types_in_one_configuration() {
    let Some(go) = sdkv2_provider() else { return };
    for version in TerraformVersion::ALL {
        let install = Install::new(FRONT, Some(&go));
        let pair = Pair::new(version, &install);
        let legacy = version == TerraformVersion::V1_15;
        pair.configure(&format!("{CONFIG}{}", if legacy { DEFAULTED } else { "" }));
        let count = if legacy { 5 } else { 4 };

        let run = pair.run(APPLY);
        run.assert_success();
        assert_contains(
            &run,
            &format!("Apply complete! Resources: {count} added, 0 changed, 0 destroyed."),
        );
        if legacy {
            assert_eq!(pair.output("tom_species"), serde_json::json!("dog"));
        }
        assert_eq!(pair.output("rex_owner"), pair.output("alice"));
        assert_eq!(pair.output("collar"), serde_json::json!(3));
        // Tom, a dog by default, may or may not exist when the data source reads.
        let dogs = pair.output("dogs");
        assert!(
            dogs.as_array().unwrap().contains(&serde_json::json!("Rex")),
            "{dogs}"
        );
        assert_eq!(pair.stored("owner").len(), 2);
        assert_eq!(pair.stored("pet").len(), count - 3);
        assert_eq!(pair.stored("tag").len(), 1);
        assert!(
            pair.plan_is_empty(),
            "{version:?}: the plan after apply must be empty"
        );

        // The schema Terraform sees is the SDK's, translated: a one-element list block.
        let run = pair.run(&["providers", "schema", "-json"]);
        run.assert_success();
        let schemas: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        let (_, petstore) = schemas["provider_schemas"]
            .as_object()
            .unwrap()
            .iter()
            .next()
            .unwrap();
        let pet = &petstore["resource_schemas"]["petstore_pet"];
        assert_eq!(pet["version"], 1, "{pet}");
        assert_eq!(
            pet["block"]["block_types"]["collar"]["max_items"], 1,
            "{pet}"
        );
        assert_eq!(
            pet["block"]["attributes"]["secret"]["sensitive"], true,
            "{pet}"
        );

        // Refresh, then import the Go pet back.
        pair.run(&["apply", "-refresh-only", "-auto-approve", "-no-color"])
            .assert_success();
        assert!(pair.plan_is_empty());
        let rex = pair.run(&["state", "show", "-no-color", "petstore_pet.rex"]);
        rex.assert_success();
        let pet = pair
            .stored("pet")
            .into_iter()
            .find(|id| rex.stdout.contains(id.as_str()))
            .expect("rex in the store");
        pair.run(&["state", "rm", "petstore_pet.rex"])
            .assert_success();
        let run = pair.run(&["import", "-no-color", "petstore_pet.rex", &pet]);
        run.assert_success();
        assert_contains(&run, "Import successful!");
        let run = pair.run(APPLY);
        run.assert_success();
        assert_contains(&run, "Resources: 0 added, 0 changed, 0 destroyed.");
        assert!(
            pair.plan_is_empty(),
            "{version:?}: the imported pet plans no change"
        );

        let run = pair.run(&["destroy", "-auto-approve", "-no-color"]);
        run.assert_success();
        assert_contains(
            &run,
            &format!("Destroy complete! Resources: {count} destroyed."),
        );
        for kind in ["owner", "pet", "tag"] {
            assert!(
                pair.stored(kind).is_empty(),
                "{version:?}: {kind} left behind"
            );
        }
        assert!(pair.go_starts() > 0);
        assert_eq!(
            install.go_processes(),
            Vec::<u32>::new(),
            "{version:?}: a Go process was left running"
        );
    }
}

/// The committed `sdkv2-schema.json` is what Terraform prints for the SDKv2 provider today
/// (`TFSDK_UPDATE_SNAPSHOTS=1` writes it again).
#[test]
fn the_sdkv2_schema_file_is_what_terraform_prints_for_it() {
    let Some(go) = sdkv2_provider() else { return };
    assert_schema_snapshot(&go, SDKV2_SCHEMA, "beside_sdkv2");
}
