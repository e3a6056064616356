//! The Rust front serving `petstore_owner` beside the Go provider (terraform-plugin-framework,
//! plugin protocol 6) that serves the rest, under Terraform 1.15.5 and 1.0.3: one
//! configuration using both sides' types with references between them, plan, apply, refresh,
//! import, a forwarded data source and function, destroy; the plan after apply is empty; the
//! Go process starts only when a call needs it and never outlives the front.

mod support;

use support::{APPLY, FRONT, Install, Pair, assert_contains, go_provider};
use tfsdk_testing::TerraformVersion;

const CONFIG: &str = r#"
resource "petstore_owner" "alice" {
  name  = "Alice"
  email = "alice@example.com"
}

resource "petstore_pet" "rex" {
  name      = "Rex"
  owner_id  = petstore_owner.alice.id
  secret    = "bones"
  nicknames = ["rexy", "r"]

  toy {
    name  = "ball"
    color = "red"
  }
  toy {
    name = "rope"
  }
}

resource "petstore_tag" "good" {
  name   = "good"
  labels = { level = "high" }

  rule {
    pattern = "r*"
    weight  = 2
  }
}

# Rust refers to Go.
resource "petstore_owner" "bob" {
  name = petstore_tag.good.id
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

output "bob" {
  value = petstore_owner.bob.name
}

output "tag" {
  value = petstore_tag.good.id
}

output "dogs" {
  value = data.petstore_pets.dogs.names
}
"#;

/// Provider functions need Terraform 1.8.
const FUNCTION: &str = r#"
output "slug" {
  value = provider::petstore::slug("Good Boy")
}
"#;

#[test]
fn rust_and_go_types_in_one_configuration_plan_apply_refresh_import_and_destroy() {
    let Some(go) = go_provider(&[]) else { return };
    for version in TerraformVersion::ALL {
        let install = Install::new(FRONT, Some(&go));
        let pair = Pair::new(version, &install);
        let functions = version == TerraformVersion::V1_15;
        pair.configure(&format!(
            "{CONFIG}{}",
            if functions { FUNCTION } else { "" }
        ));

        let run = pair.run(APPLY);
        run.assert_success();
        assert_contains(
            &run,
            "Apply complete! Resources: 4 added, 0 changed, 0 destroyed.",
        );
        assert_eq!(pair.output("rex_owner"), pair.output("alice"));
        assert_eq!(pair.output("bob"), pair.output("tag"));
        assert_eq!(pair.output("dogs"), serde_json::json!(["Rex"]));
        if functions {
            assert_eq!(pair.output("slug"), serde_json::json!("good-boy"));
        }
        assert_eq!(pair.stored("owner").len(), 2);
        assert_eq!(pair.stored("pet").len(), 1);
        assert_eq!(pair.stored("tag").len(), 1);
        assert!(
            pair.plan_is_empty(),
            "{version:?}: the plan after apply must be empty"
        );

        // Refresh, then import the Go pet and the Rust owner back.
        pair.run(&["apply", "-refresh-only", "-auto-approve", "-no-color"])
            .assert_success();
        assert!(pair.plan_is_empty());
        let pet = pair.stored("pet").remove(0);
        pair.run(&["state", "rm", "petstore_pet.rex"])
            .assert_success();
        let run = pair.run(&["import", "-no-color", "petstore_pet.rex", &pet]);
        run.assert_success();
        assert_contains(&run, "Import successful!");
        // The imported state is the configuration's: applying changes no resource (Terraform
        // 1.0.3 dropped the outputs that named the removed pet, which the apply writes back).
        let run = pair.run(APPLY);
        run.assert_success();
        assert_contains(&run, "Resources: 0 added, 0 changed, 0 destroyed.");
        assert!(
            pair.plan_is_empty(),
            "{version:?}: the imported pet plans no change"
        );

        let run = pair.run(&["destroy", "-auto-approve", "-no-color"]);
        run.assert_success();
        assert_contains(&run, "Destroy complete! Resources: 4 destroyed.");
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

#[test]
fn a_run_that_touches_only_rust_types_starts_no_go_process() {
    let Some(go) = go_provider(&[]) else { return };
    for version in TerraformVersion::ALL {
        let install = Install::new(FRONT, Some(&go));
        let pair = Pair::new(version, &install);
        pair.configure("resource \"petstore_owner\" \"alice\" {\n  name = \"Alice\"\n}\n");
        // The first run learns what the Go provider serves (and caches it).
        pair.run(APPLY).assert_success();
        let learned = pair.go_starts();
        assert!(
            learned >= 1,
            "{version:?}: the schema was asked of the Go provider once"
        );
        pair.configure("resource \"petstore_owner\" \"alice\" {\n  name = \"Alice B.\"\n}\n");
        let run = pair.run(APPLY);
        run.assert_success();
        assert_contains(&run, "1 changed");
        assert!(pair.plan_is_empty());
        pair.run(&["destroy", "-auto-approve", "-no-color"])
            .assert_success();
        assert_eq!(
            pair.go_starts(),
            learned,
            "{version:?}: runs that touch only Rust types start no Go process"
        );
    }
}
