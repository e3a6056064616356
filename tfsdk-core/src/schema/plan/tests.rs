//! Terraform's plan rules (P8) on a schema of seed 002's behaviours: a volume with `name`
//! (required), `encrypted` (default false), `uuid` (computed, stable), `revision` (computed, the
//! API bumps it on update), `base_image` (required, force_new, case-insensitive
//! diff_suppress), and `disks`, a list of nested objects with their own computed `serial`.

use super::super::{DefaultValue, DiffSuppress, NestingMode, PlanModifier, Presentation};
use super::*;
use crate::tftypes::Type;

fn attribute(ty: Type) -> Attribute {
    Attribute::new(ty)
}

fn disk_type() -> Type {
    Type::object([("size", Type::Number), ("serial", Type::String)])
}

fn disks() -> Attribute {
    Attribute {
        optional: true,
        nested: Some(NestedAttributes {
            nesting: NestingMode::List,
            attributes: BTreeMap::from([
                (
                    "size".to_owned(),
                    Attribute {
                        required: true,
                        ..attribute(Type::Number)
                    },
                ),
                (
                    "serial".to_owned(),
                    Attribute {
                        computed: true,
                        ..attribute(Type::String)
                    },
                ),
            ]),
            config_validators: Vec::new(),
        }),
        ..attribute(Type::list(disk_type()))
    }
}

fn schema() -> Schema {
    Schema::new(BTreeMap::from([
        (
            "name".to_owned(),
            Attribute {
                required: true,
                ..attribute(Type::String)
            },
        ),
        (
            "encrypted".to_owned(),
            Attribute {
                optional: true,
                default: Some(DefaultValue::new(|| Ok(Some(Value::from(false))), false)),
                ..attribute(Type::Bool)
            },
        ),
        (
            "uuid".to_owned(),
            Attribute {
                computed: true,
                stable: true,
                ..attribute(Type::String)
            },
        ),
        (
            "revision".to_owned(),
            Attribute {
                computed: true,
                ..attribute(Type::Number)
            },
        ),
        (
            "base_image".to_owned(),
            Attribute {
                required: true,
                force_new: true,
                diff_suppress: Some(DiffSuppress::new(|old, new| {
                    old.as_str().map(str::to_lowercase) == new.as_str().map(str::to_lowercase)
                })),
                ..attribute(Type::String)
            },
        ),
        ("disks".to_owned(), disks()),
    ]))
}

fn disk(size: i64, serial: Value) -> Value {
    Value::object_of([("serial", serial), ("size", Value::from(size))])
}

fn disk_list(disks: impl IntoIterator<Item = Value>) -> Value {
    Value::list(disk_type(), disks).unwrap()
}

/// A configuration: computed attributes null, disks of these sizes.
fn config(encrypted: Value, base_image: &str, sizes: &[i64]) -> Value {
    Value::object_of([
        ("base_image", Value::from(base_image)),
        (
            "disks",
            disk_list(sizes.iter().map(|&s| disk(s, Value::null(Type::String)))),
        ),
        ("encrypted", encrypted),
        ("name", Value::from("swap")),
        ("revision", Value::null(Type::Number)),
        ("uuid", Value::null(Type::String)),
    ])
}

/// The state after creating `config(null, base_image, sizes)` and reading it back.
fn state(base_image: &str, sizes: &[i64]) -> Value {
    Value::object_of([
        ("base_image", Value::from(base_image)),
        (
            "disks",
            disk_list(
                sizes
                    .iter()
                    .map(|&s| disk(s, Value::from(format!("sn-{s}")))),
            ),
        ),
        ("encrypted", Value::from(false)),
        ("name", Value::from("swap")),
        ("revision", Value::from(1)),
        ("uuid", Value::from("u-1")),
    ])
}

fn no_errors(plan: &Plan) {
    assert!(!plan.diagnostics.has_error(), "{}", plan.diagnostics);
}

#[test]
fn a_create_fills_in_defaults_and_leaves_every_computed_attribute_unknown() {
    let plan = schema().plan(None, &config(Value::null(Type::Bool), "ubuntu", &[10]));
    no_errors(&plan);
    let state = &plan.planned_state;
    assert_eq!(state.attribute("encrypted"), Some(&Value::from(false)));
    assert!(
        state.attribute("uuid").unwrap().is_unknown(),
        "stable, but no prior value"
    );
    assert!(state.attribute("revision").unwrap().is_unknown());
    let disks = state.attribute("disks").unwrap().as_elements().unwrap();
    assert!(disks[0].attribute("serial").unwrap().is_unknown());
    assert!(!plan.requires_replacement());
}

#[test]
fn a_plan_without_changes_is_the_prior_state_exactly() {
    let prior = state("ubuntu", &[10, 20]);
    let plan = schema().plan(
        Some(&prior),
        &config(Value::null(Type::Bool), "ubuntu", &[10, 20]),
    );
    no_errors(&plan);
    assert_eq!(plan.planned_state, prior);
    assert!(!plan.requires_replacement());
}

#[test]
fn an_update_makes_computed_attributes_unknown_but_stable_ones_keep_their_value() {
    let prior = state("ubuntu", &[10]);
    let plan = schema().plan(Some(&prior), &config(Value::from(true), "ubuntu", &[10]));
    no_errors(&plan);
    let state = &plan.planned_state;
    assert_eq!(state.attribute("encrypted"), Some(&Value::from(true)));
    assert!(
        state.attribute("revision").unwrap().is_unknown(),
        "the API bumps it"
    );
    assert_eq!(state.attribute("uuid"), Some(&Value::from("u-1")), "stable");
    let disks = state.attribute("disks").unwrap().as_elements().unwrap();
    assert!(
        disks[0].attribute("serial").unwrap().is_unknown(),
        "nested computed attributes follow the same rule"
    );
    assert!(!plan.requires_replacement());
}

#[test]
fn a_suppressed_difference_is_no_change_at_all() {
    let prior = state("ubuntu_17.10", &[10]);
    let plan = schema().plan(
        Some(&prior),
        &config(Value::null(Type::Bool), "UBunTu_17.10", &[10]),
    );
    no_errors(&plan);
    assert_eq!(plan.planned_state, prior);
    assert!(!plan.requires_replacement());
}

#[test]
fn a_real_change_of_a_force_new_attribute_requires_replacement_at_its_path() {
    let prior = state("ubuntu_16.04", &[10]);
    let plan = schema().plan(
        Some(&prior),
        &config(Value::null(Type::Bool), "ubuntu_17.10", &[10]),
    );
    no_errors(&plan);
    assert_eq!(
        plan.requires_replace,
        vec![AttributePath::root("base_image")]
    );
    assert_eq!(
        plan.planned_state.attribute("base_image"),
        Some(&Value::from("ubuntu_17.10"))
    );
}

#[test]
fn an_unknown_force_new_value_requires_replacement_and_stays_unknown() {
    let prior = state("ubuntu", &[10]);
    let mut config = config(Value::null(Type::Bool), "x", &[10])
        .as_object()
        .unwrap()
        .to_map();
    config.insert("base_image".into(), Value::unknown(Type::String));
    let config = Value::object(prior.ty().clone(), config).unwrap();
    let plan = schema().plan(Some(&prior), &config);
    no_errors(&plan);
    assert!(
        plan.planned_state
            .attribute("base_image")
            .unwrap()
            .is_unknown()
    );
    assert_eq!(
        plan.requires_replace,
        vec![AttributePath::root("base_image")]
    );
}

#[test]
fn removing_an_attribute_with_a_default_plans_the_default_back() {
    let mut prior = state("ubuntu", &[10]).as_object().unwrap().to_map();
    prior.insert("encrypted".into(), Value::from(true));
    let prior = Value::object(schema().object_type(), prior).unwrap();
    let plan = schema().plan(
        Some(&prior),
        &config(Value::null(Type::Bool), "ubuntu", &[10]),
    );
    no_errors(&plan);
    assert_eq!(
        plan.planned_state.attribute("encrypted"),
        Some(&Value::from(false))
    );
    assert!(
        plan.planned_state
            .attribute("revision")
            .unwrap()
            .is_unknown()
    );
}

#[test]
fn a_missing_required_attribute_and_a_configured_computed_one_are_errors_at_their_paths() {
    let mut config = config(Value::null(Type::Bool), "x", &[])
        .as_object()
        .unwrap()
        .to_map();
    config.insert("name".into(), Value::null(Type::String));
    config.insert("uuid".into(), Value::from("mine"));
    let config = Value::object(schema().object_type(), config).unwrap();
    let plan = schema().plan(None, &config);
    let found: Vec<(String, String)> = plan
        .diagnostics
        .errors()
        .map(|d| (d.path.as_ref().unwrap().to_string(), d.summary.clone()))
        .collect();
    assert_eq!(
        found,
        [
            ("name".to_owned(), "Missing required argument".to_owned()),
            (
                "uuid".to_owned(),
                "Invalid Configuration for Read-Only Attribute".to_owned()
            ),
        ]
    );
}

fn tagged_set_schema(stable: bool) -> Schema {
    let element = Type::object([("id", Type::String), ("tag", Type::String)]);
    Schema::new(BTreeMap::from([(
        "tags".to_owned(),
        Attribute {
            optional: true,
            nested: Some(NestedAttributes {
                nesting: NestingMode::Set,
                attributes: BTreeMap::from([
                    (
                        "tag".to_owned(),
                        Attribute {
                            required: true,
                            ..attribute(Type::String)
                        },
                    ),
                    (
                        "id".to_owned(),
                        Attribute {
                            computed: true,
                            stable,
                            ..attribute(Type::String)
                        },
                    ),
                ]),
                config_validators: Vec::new(),
            }),
            ..attribute(Type::set(element))
        },
    )]))
}

fn tags(elements: &[(&str, Option<&str>)]) -> Value {
    let element = Type::object([("id", Type::String), ("tag", Type::String)]);
    Value::object_of([(
        "tags",
        Value::set(
            element,
            elements.iter().map(|(tag, id)| {
                Value::object_of([
                    (
                        "id",
                        id.map_or_else(|| Value::null(Type::String), Value::from),
                    ),
                    ("tag", Value::from(*tag)),
                ])
            }),
        )
        .unwrap(),
    )])
}

#[test]
fn set_elements_find_their_prior_element_so_an_unchanged_set_plans_no_change() {
    let prior = tags(&[("a", Some("id-a")), ("b", Some("id-b"))]);
    let config = tags(&[("a", None), ("b", None)]);
    let plan = tagged_set_schema(false).plan(Some(&prior), &config);
    no_errors(&plan);
    assert_eq!(plan.planned_state, prior);
}

#[test]
fn a_stable_attribute_in_a_set_element_keeps_its_value_and_a_new_element_is_unknown() {
    let prior = tags(&[("a", Some("id-a"))]);
    let config = tags(&[("a", None), ("c", None)]);
    let plan = tagged_set_schema(true).plan(Some(&prior), &config);
    no_errors(&plan);
    let elements = plan
        .planned_state
        .attribute("tags")
        .unwrap()
        .as_elements()
        .unwrap();
    let by_tag = |tag: &str| {
        elements
            .iter()
            .find(|e| e.attribute("tag") == Some(&Value::from(tag)))
            .unwrap()
            .attribute("id")
            .unwrap()
            .clone()
    };
    assert_eq!(by_tag("a"), Value::from("id-a"));
    assert!(by_tag("c").is_unknown());
}

#[test]
fn sets_of_many_elements_plan_without_comparing_every_pair() {
    // Terraform's own matching compares every configured element with every prior one; this
    // one hashes. 20,000 elements would take seconds if quadratic.
    let n = 20_000;
    let names: Vec<String> = (0..n).map(|i| format!("t{i}")).collect();
    let ids: Vec<String> = (0..n).map(|i| format!("id-{i}")).collect();
    let prior: Vec<(&str, Option<&str>)> = names
        .iter()
        .zip(&ids)
        .map(|(t, id)| (t.as_str(), Some(id.as_str())))
        .collect();
    let config: Vec<(&str, Option<&str>)> = names.iter().map(|t| (t.as_str(), None)).collect();
    let prior = tags(&prior);
    let plan = tagged_set_schema(false).plan(Some(&prior), &tags(&config));
    no_errors(&plan);
    assert_eq!(plan.planned_state, prior);
}

#[test]
fn provider_defaults_fill_null_attributes_and_a_required_one_without_a_value_is_an_error() {
    let region = |default: fn() -> super::super::DefaultResult| Attribute {
        required: true,
        default: Some(DefaultValue::new(default, true)),
        ..attribute(Type::String)
    };
    let schema = |default| Schema::new(BTreeMap::from([("region".to_owned(), region(default))]));
    let unset = Value::object_of([("region", Value::null(Type::String))]);

    let (config, diagnostics) = schema(|| Ok(Some(Value::from("us-west")))).with_defaults(&unset);
    assert!(diagnostics.is_empty(), "{diagnostics}");
    assert_eq!(config.attribute("region"), Some(&Value::from("us-west")));

    let configured = Value::object_of([("region", Value::from("eu-north"))]);
    let (config, _) = schema(|| Ok(Some(Value::from("us-west")))).with_defaults(&configured);
    assert_eq!(config, configured);

    let (_, diagnostics) = schema(|| Ok(None)).with_defaults(&unset);
    let error = diagnostics.errors().next().expect("an error");
    assert_eq!(error.summary, "Missing required argument");
    assert_eq!(
        error.detail,
        "The argument \"region\" is required, but no definition was found."
    );
    assert_eq!(error.path, Some(AttributePath::root("region")));
}

#[test]
fn a_panicking_default_or_diff_suppress_is_an_error_not_a_panic() {
    let schema = Schema::new(BTreeMap::from([
        (
            "a".to_owned(),
            Attribute {
                optional: true,
                default: Some(DefaultValue::new(|| panic!("no default today"), true)),
                ..attribute(Type::String)
            },
        ),
        (
            "b".to_owned(),
            Attribute {
                optional: true,
                diff_suppress: Some(DiffSuppress::new(|_, _| panic!("cannot compare"))),
                ..attribute(Type::String)
            },
        ),
    ]));
    let prior = Value::object_of([("a", Value::from("x")), ("b", Value::from("old"))]);
    let config = Value::object_of([("a", Value::null(Type::String)), ("b", Value::from("new"))]);
    let plan = schema.plan(Some(&prior), &config);
    let details: Vec<&str> = plan
        .diagnostics
        .errors()
        .map(|d| d.detail.as_str())
        .collect();
    assert_eq!(details.len(), 2, "{details:?}");
    assert!(details[0].contains("the default function panicked: no default today"));
    assert!(details[1].contains("the diff_suppress function panicked: cannot compare"));
    // Every contained panic has one summary.
    assert!(
        plan.diagnostics
            .errors()
            .all(|d| d.summary == "Provider panicked")
    );
}

#[test]
fn a_null_list_of_blocks_is_planned_empty() {
    let mut rules = disks();
    rules.presentation = Presentation::Block;
    let schema = Schema::new(BTreeMap::from([("disk".to_owned(), rules)]));
    let config = Value::object_of([("disk", Value::null(Type::list(disk_type())))]);
    let plan = schema.plan(None, &config);
    no_errors(&plan);
    assert_eq!(plan.planned_state.attribute("disk"), Some(&disk_list([])));
    let normalized = schema.normalize_state(config);
    assert_eq!(normalized.attribute("disk"), Some(&disk_list([])));
}

/// A schema with `tag` (optional, computed, force_new: the API fills it in) and `note`
/// (optional), with `tag`'s plan modifiers given.
fn tagged(modifiers: Vec<PlanModifier>, stable: bool) -> Schema {
    Schema::new(BTreeMap::from([
        (
            "tag".to_owned(),
            Attribute {
                optional: true,
                computed: true,
                stable,
                force_new: true,
                plan_modifiers: modifiers,
                ..attribute(Type::String)
            },
        ),
        (
            "note".to_owned(),
            Attribute {
                optional: true,
                ..attribute(Type::String)
            },
        ),
    ]))
}

fn tag_object(tag: Value, note: &str) -> Value {
    Value::object_of([("note", Value::from(note)), ("tag", tag)])
}

fn upper_case(plan: &mut AttributeChange<'_, Value>) {
    if let Some(text) = plan.config.as_str() {
        plan.planned = Value::from(text.to_uppercase());
    }
}

#[test]
fn force_new_is_judged_on_the_value_the_plan_modifiers_leave() {
    let schema = tagged(vec![PlanModifier::Modify(upper_case)], true);
    let prior = tag_object(Value::from("A"), "n");
    // Configured "a" becomes "A": the prior value, so no replacement.
    let plan = schema.plan(Some(&prior), &tag_object(Value::from("a"), "n"));
    no_errors(&plan);
    assert_eq!(plan.planned_state, prior);
    assert!(plan.requires_replace.is_empty());
    // Configured "b" becomes "B": a change, so a replacement.
    let plan = schema.plan(Some(&prior), &tag_object(Value::from("b"), "n"));
    assert_eq!(plan.planned_state.attribute("tag"), Some(&Value::from("B")));
    assert_eq!(plan.requires_replace, [AttributePath::root("tag")]);
}

#[test]
fn an_unknown_planned_value_of_a_force_new_attribute_is_a_change() {
    let prior = tag_object(Value::from("t-1"), "old");
    let config = tag_object(Value::null(Type::String), "new");
    // Not stable: the update makes `tag` unknown, which replaces (Go without
    // UseStateForUnknown).
    let plan = tagged(Vec::new(), false).plan(Some(&prior), &config);
    assert!(plan.planned_state.attribute("tag").unwrap().is_unknown());
    assert_eq!(plan.requires_replace, [AttributePath::root("tag")]);
    // Stable: the prior value stays, no replacement.
    let plan = tagged(Vec::new(), true).plan(Some(&prior), &config);
    assert_eq!(
        plan.planned_state.attribute("tag"),
        Some(&Value::from("t-1"))
    );
    assert!(plan.requires_replace.is_empty());
}

fn replace_when_shorter(plan: &mut AttributeChange<'_, Value>) {
    let length = |value: &Value| value.as_str().map(str::len);
    plan.requires_replace = length(&plan.planned) < plan.prior.as_ref().and_then(length);
}

#[test]
fn requires_replace_if_is_asked_only_about_a_change() {
    let schema = Schema::new(BTreeMap::from([(
        "name".to_owned(),
        Attribute {
            optional: true,
            plan_modifiers: vec![PlanModifier::RequiresReplaceIf(replace_when_shorter)],
            ..attribute(Type::String)
        },
    )]));
    let object = |name: &str| Value::object_of([("name", Value::from(name))]);
    let prior = object("abc");
    assert!(
        schema
            .plan(Some(&prior), &object("abcd"))
            .requires_replace
            .is_empty()
    );
    assert_eq!(
        schema.plan(Some(&prior), &object("ab")).requires_replace,
        [AttributePath::root("name")]
    );
    assert!(schema.plan(None, &object("a")).requires_replace.is_empty());
}

#[test]
fn requires_replace_if_configured_leaves_an_unset_value_alone() {
    let schema = Schema::new(BTreeMap::from([(
        "zone".to_owned(),
        Attribute {
            optional: true,
            computed: true,
            stable: true,
            plan_modifiers: vec![PlanModifier::RequiresReplaceIfConfigured],
            ..attribute(Type::String)
        },
    )]));
    let object = |zone: Value| Value::object_of([("zone", zone)]);
    let prior = object(Value::from("z1"));
    assert_eq!(
        schema
            .plan(Some(&prior), &object(Value::from("z2")))
            .requires_replace,
        [AttributePath::root("zone")]
    );
    let unset = schema.plan(Some(&prior), &object(Value::null(Type::String)));
    assert!(unset.requires_replace.is_empty());
    assert_eq!(unset.planned_state, prior);
}

fn note_from_tag(plan: &mut AttributeChange<'_, Value>) {
    plan.planned = Value::from("planned");
}

#[test]
fn plan_modifiers_run_on_a_plan_without_other_changes() {
    let mut schema = tagged(Vec::new(), true);
    schema.attributes.get_mut("note").unwrap().plan_modifiers =
        vec![PlanModifier::Modify(note_from_tag)];
    let prior = tag_object(Value::from("t"), "n");
    let plan = schema.plan(Some(&prior), &tag_object(Value::null(Type::String), "n"));
    no_errors(&plan);
    assert_eq!(
        plan.planned_state.attribute("note"),
        Some(&Value::from("planned"))
    );
    // Nothing else became unknown: the modifier's change is not Terraform's.
    assert_eq!(plan.planned_state.attribute("tag"), Some(&Value::from("t")));
}

fn serial_from_size(plan: &mut AttributeChange<'_, Value>) {
    assert!(
        plan.path().to_string().starts_with("disks["),
        "{}",
        plan.path()
    );
    plan.planned = Value::from("planned-serial");
}

#[test]
fn plan_modifiers_run_at_each_element_of_a_nested_list() {
    let mut schema = schema();
    let disks = schema.attributes.get_mut("disks").unwrap();
    let serial = disks
        .nested
        .as_mut()
        .unwrap()
        .attributes
        .get_mut("serial")
        .unwrap();
    serial.plan_modifiers = vec![PlanModifier::Modify(serial_from_size)];
    let plan = schema.plan(None, &config(Value::null(Type::Bool), "img", &[1, 2]));
    no_errors(&plan);
    let disks = plan
        .planned_state
        .attribute("disks")
        .unwrap()
        .as_elements()
        .unwrap();
    assert!(
        disks
            .iter()
            .all(|disk| disk.attribute("serial") == Some(&Value::from("planned-serial")))
    );
}

fn panics(_: &mut AttributeChange<'_, Value>) {
    panic!("no plan today")
}

#[test]
fn a_panicking_plan_modifier_is_an_error_at_its_attribute() {
    let schema = tagged(vec![PlanModifier::Modify(panics)], true);
    let plan = schema.plan(None, &tag_object(Value::from("a"), "n"));
    let error = plan.diagnostics.errors().next().expect("an error");
    assert_eq!(error.summary, "Provider panicked");
    assert!(
        error
            .detail
            .contains("the plan_modifier function panicked: no plan today")
    );
    assert_eq!(error.path, Some(AttributePath::root("tag")));
}

#[test]
fn replacements_are_judged_again_on_a_modified_plan() {
    let schema = schema();
    let prior = state("img", &[1]);
    // Plan modification changed base_image (force_new) and a nested serial (not force_new).
    let mut planned = prior.clone();
    planned = replace_attribute(planned, "base_image", Value::from("other"));
    assert_eq!(
        schema.replacements(&prior, &planned),
        [AttributePath::root("base_image")]
    );
    assert!(schema.replacements(&prior, &prior).is_empty());
    let unknown = replace_attribute(prior.clone(), "base_image", Value::unknown(Type::String));
    assert_eq!(
        schema.replacements(&prior, &unknown),
        [AttributePath::root("base_image")]
    );
}

fn replace_attribute(object: Value, name: &str, value: Value) -> Value {
    let (ty, mut values) = object.into_object_values().unwrap();
    let index = ty
        .as_object()
        .unwrap()
        .attributes()
        .keys()
        .position(|key| key == name)
        .unwrap();
    values[index] = value;
    Value::object_values_unchecked(ty, values)
}

fn keep_same_json(earlier: &Value, new: &Value) -> Option<Value> {
    (earlier != new && same_json(earlier, new)).then(|| earlier.clone())
}

fn same_json(a: &Value, b: &Value) -> bool {
    let parse =
        |v: &Value| serde_json::from_str::<serde_json::Value>(v.as_str().unwrap_or("")).ok();
    parse(a).is_some() && parse(a) == parse(b)
}

fn policy_schema() -> Schema {
    Schema::new(BTreeMap::from([(
        "policy".to_owned(),
        Attribute {
            optional: true,
            semantic_equality: Some(super::super::SemanticEquality::new(keep_same_json)),
            ..attribute(Type::String)
        },
    )]))
}

#[test]
fn a_configured_value_that_means_the_prior_one_plans_no_change() {
    let object = |policy: &str| Value::object_of([("policy", Value::from(policy))]);
    let prior = object(r#"{"a":1,"b":2}"#);
    let plan = policy_schema().plan(Some(&prior), &object(r#"{ "b": 2, "a": 1 }"#));
    no_errors(&plan);
    assert_eq!(plan.planned_state, prior);
    let plan = policy_schema().plan(Some(&prior), &object(r#"{"a":1,"b":3}"#));
    assert_eq!(
        plan.planned_state.attribute("policy"),
        Some(&Value::from(r#"{"a":1,"b":3}"#))
    );
}

#[test]
fn a_state_the_api_respells_keeps_the_spelling_terraform_holds() {
    let object = |policy: &str| Value::object_of([("policy", Value::from(policy))]);
    let planned = object(r#"{ "a": 1, "b": 2 }"#);
    let returned = object(r#"{"b":2,"a":1}"#);
    assert_eq!(policy_schema().keep_equivalent(&planned, returned), planned);
    let changed = object(r#"{"a":9}"#);
    assert_eq!(
        policy_schema().keep_equivalent(&planned, changed.clone()),
        changed
    );
    let null = Value::null(policy_schema().object_type());
    assert_eq!(
        policy_schema().keep_equivalent(&planned, null.clone()),
        null
    );
}

fn note_from_resource(plan: &mut AttributeChange<'_, Value>) {
    // Go's req.Config: the whole configuration, for a rule that needs another attribute.
    let tag = plan.resource_config().attribute("tag").cloned();
    if let Some(tag) = tag.filter(|tag| tag.is_known() && !tag.is_null()) {
        plan.planned = tag;
    }
}

#[test]
fn a_plan_modifier_sees_the_whole_resource() {
    let mut schema = tagged(Vec::new(), true);
    schema.attributes.get_mut("note").unwrap().plan_modifiers =
        vec![PlanModifier::Modify(note_from_resource)];
    let plan = schema.plan(None, &tag_object(Value::from("blue"), "n"));
    no_errors(&plan);
    assert_eq!(
        plan.planned_state.attribute("note"),
        Some(&Value::from("blue"))
    );
}

/// What a caller hands the plan: a client's idea of the note, and a log of who asked.
struct NoteService {
    note: &'static str,
    asked: std::sync::Mutex<Vec<String>>,
}

fn note_from_service(plan: &mut AttributeChange<'_, Value>) {
    if let Some(service) = plan.context::<NoteService>() {
        service.asked.lock().unwrap().push(plan.path().to_string());
        plan.planned = Value::from(service.note);
    }
}

#[test]
fn a_plan_modifier_reaches_the_context_of_the_plan() {
    let mut schema = tagged(Vec::new(), true);
    schema.attributes.get_mut("note").unwrap().plan_modifiers =
        vec![PlanModifier::Modify(note_from_service)];
    let service = NoteService {
        note: "from the service",
        asked: std::sync::Mutex::new(Vec::new()),
    };
    let config = tag_object(Value::from("blue"), "n");
    let plan = schema.plan_in(Some(&service), None, &config);
    no_errors(&plan);
    assert_eq!(
        plan.planned_state.attribute("note"),
        Some(&Value::from("from the service"))
    );
    assert_eq!(*service.asked.lock().unwrap(), ["note"]);
    // Without a context, or with one of another type, the modifier finds none.
    let plan = schema.plan_in(Some(&"a string"), None, &config);
    assert_eq!(
        plan.planned_state.attribute("note"),
        Some(&Value::from("n"))
    );
    let plain = schema.plan(None, &config);
    assert_eq!(plain, plan);
}

#[test]
fn requires_replace_if_configured_in_a_new_list_element_replaces_as_force_new_does() {
    let rule = Type::object([("port", Type::Number)]);
    let schema = Schema::new(BTreeMap::from([(
        "rules".to_owned(),
        Attribute {
            optional: true,
            nested: Some(NestedAttributes {
                nesting: NestingMode::List,
                attributes: BTreeMap::from([(
                    "port".to_owned(),
                    Attribute {
                        required: true,
                        plan_modifiers: vec![PlanModifier::RequiresReplaceIfConfigured],
                        ..attribute(Type::Number)
                    },
                )]),
                config_validators: Vec::new(),
            }),
            ..attribute(Type::list(rule.clone()))
        },
    )]));
    let rules = |ports: &[i64]| {
        let elements = ports
            .iter()
            .map(|&port| Value::object_of([("port", Value::from(port))]));
        Value::object_of([("rules", Value::list(rule.clone(), elements).unwrap())])
    };
    let plan = schema.plan(Some(&rules(&[80])), &rules(&[80, 443]));
    no_errors(&plan);
    let replaced: Vec<String> = plan
        .requires_replace
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(replaced, ["rules[1].port"]);
    assert!(
        schema
            .plan(None, &rules(&[80, 443]))
            .requires_replace
            .is_empty()
    );
}

/// A resource `name` beside a nested set whose elements have a `force_new` `tag` and a
/// computed `id`, as a new user writes it.
fn named_tags_schema() -> Schema {
    let mut schema = tagged_set_schema(false);
    let tags = schema.attributes.get_mut("tags").unwrap();
    let nested = tags.nested.as_mut().unwrap();
    nested.attributes.get_mut("tag").unwrap().force_new = true;
    schema.attributes.insert(
        "name".to_owned(),
        Attribute {
            required: true,
            ..attribute(Type::String)
        },
    );
    schema
}

fn named_tags(name: &str, elements: &[(&str, Option<&str>)]) -> Value {
    let tags = tags(elements).attribute("tags").unwrap().clone();
    Value::object_of([("name", Value::from(name)), ("tags", tags)])
}

#[test]
fn renaming_beside_a_nested_set_with_a_force_new_attribute_updates_in_place() {
    let schema = named_tags_schema();
    let prior = named_tags("before", &[("a", Some("id-a")), ("b", Some("id-b"))]);
    let config = named_tags("after", &[("a", None), ("b", None)]);
    let plan = schema.plan(Some(&prior), &config);
    no_errors(&plan);
    assert!(
        plan.requires_replace.is_empty(),
        "{:?}",
        plan.requires_replace
    );
    // The ids become unknown (an update, not stable): the set's elements then differ from
    // the prior ones, yet each continues its prior element, so the pass run after a
    // resource's own plan modification finds no replacement either.
    let elements = plan.planned_state.attribute("tags").unwrap();
    assert!(
        elements
            .as_elements()
            .unwrap()
            .iter()
            .all(|e| e.attribute("id").unwrap().is_unknown())
    );
    assert!(schema.replacements(&prior, &plan.planned_state).is_empty());
    // A new tag is a new element: its force_new `tag` replaces, at the planned element.
    let config = named_tags("after", &[("a", None), ("c", None)]);
    let plan = schema.plan(Some(&prior), &config);
    assert_eq!(
        plan.requires_replace.len(),
        1,
        "{:?}",
        plan.requires_replace
    );
    assert_eq!(
        plan.requires_replace[0].to_string(),
        r#"tags[Value({"id" = (unknown), "tag" = "c"})].tag"#
    );
    assert_eq!(
        schema.replacements(&prior, &plan.planned_state),
        plan.requires_replace
    );
}

#[test]
fn a_set_element_the_api_respells_keeps_the_planned_spelling() {
    let element = Type::object([("doc", Type::String), ("id", Type::String)]);
    let schema = Schema::new(BTreeMap::from([(
        "docs".to_owned(),
        Attribute {
            optional: true,
            nested: Some(NestedAttributes {
                nesting: NestingMode::Set,
                attributes: BTreeMap::from([
                    (
                        "doc".to_owned(),
                        Attribute {
                            required: true,
                            semantic_equality: Some(super::super::SemanticEquality::new(
                                keep_same_json,
                            )),
                            ..attribute(Type::String)
                        },
                    ),
                    (
                        "id".to_owned(),
                        Attribute {
                            computed: true,
                            ..attribute(Type::String)
                        },
                    ),
                ]),
                config_validators: Vec::new(),
            }),
            ..attribute(Type::set(element.clone()))
        },
    )]));
    let docs = |elements: &[(&str, Value)]| {
        Value::object_of([(
            "docs",
            Value::set(
                element.clone(),
                elements.iter().map(|(doc, id)| {
                    Value::object_of([("doc", Value::from(*doc)), ("id", id.clone())])
                }),
            )
            .unwrap(),
        )])
    };
    let planned = docs(&[
        (r#"{"a": 1}"#, Value::unknown(Type::String)),
        (r#"{"b": 2}"#, Value::unknown(Type::String)),
    ]);
    let returned = docs(&[
        (r#"{"b":2}"#, Value::from("id-b")),
        (r#"{"a":1}"#, Value::from("id-a")),
    ]);
    let kept = schema.keep_equivalent(&planned, returned);
    assert_eq!(
        kept,
        docs(&[
            (r#"{"b": 2}"#, Value::from("id-b")),
            (r#"{"a": 1}"#, Value::from("id-a")),
        ])
    );
}
