//! A type moves from Go to Rust with its state, under Terraform 1.15.5 and 1.0.3: applied with
//! the Go implementation of `petstore_tag`, then served by a build where Rust serves it (and Go
//! no longer does), the next plan is empty, `terraform providers schema -json` prints the same
//! schema for the type before and after, and the Rust implementation updates and destroys what
//! Go created.
//!
//! One known difference is pinned: Go serves these descriptions with `description_kind`
//! `plain`, and the derive serves every description as `markdown` (Terraform renders both as
//! the same text). Everything else in the type's schema is compared as is.

mod support;

use support::{APPLY, FRONT, FRONT_WITH_TAG, Install, Pair, assert_contains, go_provider};
use tfsdk_testing::TerraformVersion;

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

/// `schema` with every `description_kind` taken out, and the kinds it had.
fn without_description_kinds(schema: &mut serde_json::Value, kinds: &mut Vec<String>) {
    match schema {
        serde_json::Value::Object(members) => {
            if let Some(kind) = members.remove("description_kind") {
                kinds.push(kind.as_str().unwrap_or_default().to_owned());
            }
            members
                .values_mut()
                .for_each(|member| without_description_kinds(member, kinds));
        }
        serde_json::Value::Array(items) => items
            .iter_mut()
            .for_each(|item| without_description_kinds(item, kinds)),
        _ => {}
    }
}

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
        let (mut rust_schema, mut go_schema) = (tag_schema(&pair), go_schema);
        let (mut rust_kinds, mut go_kinds) = (Vec::new(), Vec::new());
        without_description_kinds(&mut rust_schema, &mut rust_kinds);
        without_description_kinds(&mut go_schema, &mut go_kinds);
        assert_eq!(
            rust_schema, go_schema,
            "{version:?}: the schema of petstore_tag changed"
        );
        assert_eq!(rust_kinds.len(), go_kinds.len());
        assert!(go_kinds.iter().all(|kind| kind == "plain"), "{go_kinds:?}");
        assert!(
            rust_kinds.iter().all(|kind| kind == "markdown"),
            "{rust_kinds:?}"
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
