//! Seed 002's schema behaviours, each example as a test: defaults, computed values, force-new,
//! diff suppression and required attributes, through `#[tfsdk(schema)]` and `Schema::plan`.

use tfsdk_core::convert::{TerraformType, ToValue};
use tfsdk_core::path::AttributePath;
use tfsdk_core::tftypes::Value;
use tfsdk_core::{TfObject, TfSchema, types};

fn same_image(old: &str, new: &str) -> bool {
    old.to_lowercase() == new.to_lowercase()
}

/// The `example_volume` / `example_instance` resource of seed 002.
#[derive(TfObject, Clone, Default)]
#[tfsdk(schema)]
struct Instance {
    #[tfsdk(name = "name", required)]
    name: Option<String>,
    #[tfsdk(name = "encrypted", optional, default = false)]
    encrypted: Option<bool>,
    #[tfsdk(name = "uuid", computed)]
    uuid: types::String,
    #[tfsdk(name = "base_image", required, force_new, diff_suppress = same_image)]
    base_image: Option<String>,
}

fn config(instance: &Instance) -> Value {
    instance.to_value(&Instance::terraform_type()).unwrap()
}

fn swap_volume() -> Instance {
    Instance {
        name: Some("swap volume".into()),
        base_image: Some("ubuntu_17.10".into()),
        ..Instance::default()
    }
}

#[test]
fn encrypted_defaults_to_false_when_omitted() {
    let plan = Instance::schema().plan(None, &config(&swap_volume()));
    assert!(plan.diagnostics.is_empty(), "{}", plan.diagnostics);
    assert_eq!(
        plan.planned_state.attribute("encrypted"),
        Some(&Value::from(false))
    );
}

#[test]
fn encrypted_is_true_when_set() {
    let instance = Instance {
        encrypted: Some(true),
        ..swap_volume()
    };
    let plan = Instance::schema().plan(None, &config(&instance));
    assert_eq!(
        plan.planned_state.attribute("encrypted"),
        Some(&Value::from(true))
    );
}

#[test]
fn uuid_is_known_after_apply_on_create_and_kept_while_nothing_changes() {
    let plan = Instance::schema().plan(None, &config(&swap_volume()));
    assert!(plan.planned_state.attribute("uuid").unwrap().is_unknown());

    let prior = config(&Instance {
        uuid: types::String::new("0b3e…"),
        encrypted: Some(false),
        ..swap_volume()
    });
    let plan = Instance::schema().plan(Some(&prior), &config(&swap_volume()));
    assert_eq!(
        plan.planned_state.attribute("uuid"),
        Some(&Value::from("0b3e…"))
    );
}

#[test]
fn configuring_a_computed_attribute_is_an_error_at_its_path() {
    let instance = Instance {
        uuid: types::String::new("mine"),
        ..swap_volume()
    };
    let plan = Instance::schema().plan(None, &config(&instance));
    let error = plan.diagnostics.errors().next().expect("an error");
    assert_eq!(error.path, Some(AttributePath::root("uuid")));
}

/// The same instance with a `stable` uuid, as Go's `UseStateForUnknown` keeps it.
#[derive(TfObject, Clone, Default)]
#[tfsdk(schema)]
struct StableInstance {
    #[tfsdk(name = "name", required)]
    name: Option<String>,
    #[tfsdk(name = "uuid", computed, stable)]
    uuid: types::String,
}

#[test]
fn an_update_plans_the_uuid_unknown_unless_it_is_stable() {
    // Seed 002's uuid is computed: once the instance changes, the API may give it a new one,
    // and Terraform rejects a known planned value that changes on apply.
    let prior = config(&Instance {
        uuid: types::String::new("0b3e…"),
        encrypted: Some(false),
        ..swap_volume()
    });
    let renamed = Instance {
        name: Some("swap volume 2".into()),
        ..swap_volume()
    };
    let plan = Instance::schema().plan(Some(&prior), &config(&renamed));
    assert!(plan.planned_state.attribute("uuid").unwrap().is_unknown());

    let stable = |name: &str, uuid: types::String| {
        StableInstance {
            name: Some(name.into()),
            uuid,
        }
        .to_value(&StableInstance::terraform_type())
        .unwrap()
    };
    let plan = StableInstance::schema().plan(
        Some(&stable("a", types::String::new("0b3e…"))),
        &stable("b", types::String::null()),
    );
    assert_eq!(
        plan.planned_state.attribute("uuid"),
        Some(&Value::from("0b3e…"))
    );
}

#[test]
fn missing_required_attributes_are_errors_at_their_paths() {
    let plan = Instance::schema().plan(None, &config(&Instance::default()));
    let paths: Vec<String> = plan
        .diagnostics
        .errors()
        .map(|error| {
            assert_eq!(error.summary, "Missing required argument");
            error.path.as_ref().unwrap().to_string()
        })
        .collect();
    assert_eq!(paths, ["base_image", "name"]);
}

#[test]
fn changing_base_image_forces_a_replacement() {
    let prior = Instance {
        base_image: Some("ubuntu_16.04".into()),
        encrypted: Some(false),
        uuid: types::String::new("u"),
        ..swap_volume()
    };
    let next = Instance {
        base_image: Some("ubuntu_17.10".into()),
        ..swap_volume()
    };
    let plan = Instance::schema().plan(Some(&config(&prior)), &config(&next));
    assert_eq!(
        plan.requires_replace,
        vec![AttributePath::root("base_image")]
    );
    assert!(plan.requires_replacement());
}

#[test]
fn base_image_differing_only_in_case_is_suppressed() {
    let prior = Instance {
        base_image: Some("ubuntu_17.10".into()),
        encrypted: Some(false),
        uuid: types::String::new("u"),
        ..swap_volume()
    };
    let next = Instance {
        base_image: Some("UBunTu_17.10".into()),
        ..swap_volume()
    };
    let plan = Instance::schema().plan(Some(&config(&prior)), &config(&next));
    assert_eq!(
        plan.planned_state.attribute("base_image"),
        Some(&Value::from("ubuntu_17.10"))
    );
    assert!(
        !plan.requires_replacement(),
        "a suppressed diff is no change"
    );
}

/// Nested attributes get the same treatment at their paths.
#[derive(TfObject, Clone, Default)]
#[tfsdk(schema)]
struct Disk {
    #[tfsdk(name = "size", required)]
    size: Option<i64>,
    #[tfsdk(name = "kind", optional, default = "ssd")]
    kind: Option<String>,
    #[tfsdk(name = "id", computed)]
    id: types::String,
}

#[derive(TfObject, Clone, Default)]
#[tfsdk(schema)]
struct Server {
    #[tfsdk(name = "disks", optional)]
    disks: Option<Vec<Disk>>,
}

#[test]
fn nested_attributes_are_planned_at_their_paths() {
    let server = Server {
        disks: Some(vec![
            Disk {
                size: Some(10),
                ..Disk::default()
            },
            Disk::default(),
        ]),
    };
    let plan = Server::schema().plan(None, &server.to_value(&Server::terraform_type()).unwrap());
    let first = plan
        .planned_state
        .at_path(&AttributePath::root("disks").at_list_index(0))
        .unwrap();
    assert_eq!(first.attribute("kind"), Some(&Value::from("ssd")));
    assert!(first.attribute("id").unwrap().is_unknown());
    let error = plan
        .diagnostics
        .errors()
        .next()
        .expect("the second disk has no size");
    assert_eq!(error.path.as_ref().unwrap().to_string(), "disks[1].size");
}
