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

mod plan_modifiers {
    use std::collections::BTreeMap;

    use tfsdk_core::convert::{TerraformType, ToValue};
    use tfsdk_core::path::AttributePath;
    use tfsdk_core::schema::AttributeChange;
    use tfsdk_core::tftypes::Value;
    use tfsdk_core::{TfObject, TfSchema, types};

    /// A name the API keeps in lower case: planned as it will be stored.
    fn lower_case(change: &mut AttributeChange<types::String>) {
        if let Some(name) = change.config.get() {
            change.planned = types::String::new(name.to_lowercase());
        }
    }

    /// Keepers replace the resource unless every new value is null (random_id's rule).
    fn keepers_changed(change: &AttributeChange<types::Map<types::String>>) -> bool {
        change
            .planned
            .elements()
            .values()
            .any(|value| !value.is_null())
    }

    #[derive(TfObject, Clone, Debug, PartialEq)]
    #[tfsdk(schema(resource))]
    struct Random {
        #[tfsdk(name = "name", optional, computed, force_new, plan_modifier = lower_case)]
        name: types::String,
        #[tfsdk(name = "keepers", optional, requires_replace_if = keepers_changed)]
        keepers: Option<BTreeMap<String, Option<String>>>,
        #[tfsdk(
            name = "zone",
            optional,
            computed,
            stable,
            requires_replace_if_configured,
            plan_modifier = lower_case
        )]
        zone: types::String,
    }

    fn value(name: types::String, keepers: &[(&str, Option<&str>)], zone: types::String) -> Value {
        let keepers = (!keepers.is_empty()).then(|| {
            keepers
                .iter()
                .map(|(k, v)| ((*k).to_owned(), v.map(str::to_owned)))
                .collect()
        });
        Random {
            name,
            keepers,
            zone,
        }
        .to_value(&Random::terraform_type())
        .unwrap()
    }

    fn prior() -> Value {
        value(
            types::String::new("web"),
            &[("ami", Some("a-1"))],
            types::String::new("z1"),
        )
    }

    #[test]
    fn the_derive_attaches_each_modifier_in_the_order_written() {
        use tfsdk_core::schema::PlanModifier;
        let schema = Random::schema();
        assert!(matches!(
            schema.attributes["name"].plan_modifiers[..],
            [PlanModifier::Modify(_)]
        ));
        assert!(matches!(
            schema.attributes["keepers"].plan_modifiers[..],
            [PlanModifier::RequiresReplaceIf(_)]
        ));
        // Written `requires_replace_if_configured, plan_modifier = ...`: kept in that order,
        // not in the order the options are declared.
        assert!(matches!(
            schema.attributes["zone"].plan_modifiers[..],
            [
                PlanModifier::RequiresReplaceIfConfigured,
                PlanModifier::Modify(_)
            ]
        ));
    }

    #[test]
    fn a_plan_modifier_changes_the_planned_value_and_force_new_sees_the_result() {
        let schema = Random::schema();
        let config = value(
            types::String::new("WEB"),
            &[("ami", Some("a-1"))],
            types::String::null(),
        );
        let plan = schema.plan(Some(&prior()), &config);
        assert!(!plan.diagnostics.has_error(), "{}", plan.diagnostics);
        // "WEB" is planned "web", the prior value: neither a change nor a replacement.
        assert_eq!(plan.planned_state, prior());
        assert!(plan.requires_replace.is_empty());

        let config = value(
            types::String::new("API"),
            &[("ami", Some("a-1"))],
            types::String::null(),
        );
        let plan = schema.plan(Some(&prior()), &config);
        assert_eq!(
            plan.planned_state.attribute("name"),
            Some(&Value::from("api"))
        );
        assert_eq!(plan.requires_replace, [AttributePath::root("name")]);
    }

    #[test]
    fn keepers_replace_unless_every_new_value_is_null() {
        let schema = Random::schema();
        let changed = value(
            types::String::new("web"),
            &[("ami", Some("a-2"))],
            types::String::null(),
        );
        assert_eq!(
            schema.plan(Some(&prior()), &changed).requires_replace,
            [AttributePath::root("keepers")]
        );
        let nulled = value(
            types::String::new("web"),
            &[("ami", None)],
            types::String::null(),
        );
        assert!(
            schema
                .plan(Some(&prior()), &nulled)
                .requires_replace
                .is_empty()
        );
    }

    #[test]
    fn a_configured_zone_that_changes_replaces_and_an_unset_one_does_not() {
        let schema = Random::schema();
        let moved = value(
            types::String::new("web"),
            &[("ami", Some("a-1"))],
            types::String::new("z2"),
        );
        assert_eq!(
            schema.plan(Some(&prior()), &moved).requires_replace,
            [AttributePath::root("zone")]
        );
        let unset = value(
            types::String::new("web"),
            &[("ami", Some("a-1"))],
            types::String::null(),
        );
        assert!(
            schema
                .plan(Some(&prior()), &unset)
                .requires_replace
                .is_empty()
        );
    }

    #[test]
    fn a_create_runs_the_plan_modifier_and_never_replaces() {
        let config = value(types::String::new("NEW"), &[], types::String::null());
        let plan = Random::schema().plan(None, &config);
        assert_eq!(
            plan.planned_state.attribute("name"),
            Some(&Value::from("new"))
        );
        assert!(plan.planned_state.attribute("zone").unwrap().is_unknown());
        assert!(plan.requires_replace.is_empty());
    }
}

/// A type ported from Go keeps Go's `description_kind`: `plain` for the struct and its fields,
/// a field that says `markdown` keeps Markdown, and a nested block's own fields follow their
/// own struct.
#[derive(TfObject)]
#[tfsdk(schema, description_kind = "plain")]
struct PortedFromGo {
    /// The name.
    #[tfsdk(name = "name", required)]
    name: String,
    /// Written in **Markdown**.
    #[tfsdk(name = "notes", optional, description_kind = "markdown")]
    notes: Option<String>,
    /// A rule.
    #[tfsdk(name = "rule", optional, block)]
    rules: Vec<PortedRule>,
}

#[derive(TfObject)]
#[tfsdk(schema)]
struct PortedRule {
    #[tfsdk(name = "port", required, description_kind = "plain")]
    port: i64,
    #[tfsdk(name = "note", optional)]
    note: Option<String>,
}

#[test]
fn description_kinds_follow_the_struct_and_the_field() {
    let json = PortedFromGo::schema().to_json_block();
    assert_eq!(json["description_kind"], "plain");
    assert_eq!(json["attributes"]["name"]["description_kind"], "plain");
    assert_eq!(json["attributes"]["notes"]["description_kind"], "markdown");
    let rule = &json["block_types"]["rule"]["block"];
    assert_eq!(rule["description_kind"], "plain");
    assert_eq!(rule["attributes"]["port"]["description_kind"], "plain");
    assert_eq!(rule["attributes"]["note"]["description_kind"], "markdown");
}
