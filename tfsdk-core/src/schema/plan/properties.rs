//! The plan's replacement against a second pass over the finished plan, on generated schemas:
//! nested lists, sets and maps of objects (two levels deep) with `force_new`, `computed`,
//! `stable`, defaults and plan modifiers, and prior states and configurations made for them.
//! Whatever the shape, the paths the plan reports are the paths [`Schema::replacements`] finds
//! on its result; and a configuration that changes only the top-level `name` of a prior state
//! the plan rules could have produced asks for no replacement, though computed attributes in
//! nested elements become unknown.

use proptest::prelude::*;

use super::super::pairing::configurable_part;
use super::super::{DefaultValue, NestingMode, PlanModifier};
use super::*;
use crate::tftypes::Type;

/// A small deterministic generator (SplitMix64): proptest gives the seed, so a failing case
/// is reported by the seed that makes it.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

fn upper_case(plan: &mut AttributeChange<'_, Value>) {
    if let Some(text) = plan.config.as_str() {
        plan.planned = Value::from(text.to_uppercase());
    }
}

fn default_d() -> super::super::DefaultResult {
    Ok(Some(Value::from("D")))
}

/// A leaf string attribute with behaviours drawn by `dice`: required, optional, computed or
/// both; `force_new` only where an update keeps the value (not on a computed attribute that
/// is not `stable`), so that a plan of other changes needs no replacement.
fn leaf(dice: &mut Dice) -> Attribute {
    let mut attribute = Attribute::new(Type::String);
    match dice.below(5) {
        0 => attribute.required = true,
        1 => attribute.optional = true,
        2 => attribute.computed = true,
        3 => {
            attribute.optional = true;
            attribute.computed = true;
        }
        _ => {
            attribute.optional = true;
            attribute.computed = true;
            attribute.default = Some(DefaultValue::new(default_d, true));
        }
    }
    attribute.stable = attribute.computed && dice.chance(50);
    attribute.force_new = (!attribute.computed || attribute.stable) && dice.chance(50);
    if !attribute.computed && dice.chance(30) {
        attribute.plan_modifiers = vec![PlanModifier::Modify(upper_case)];
    }
    attribute
}

fn attributes(dice: &mut Dice, depth: u32) -> BTreeMap<String, Attribute> {
    let count = 1 + dice.below(3);
    (0..count)
        .map(|i| {
            let attribute = if depth > 0 && dice.chance(40) {
                nested(dice, depth - 1)
            } else {
                leaf(dice)
            };
            (format!("a{i}"), attribute)
        })
        .collect()
}

fn nested(dice: &mut Dice, depth: u32) -> Attribute {
    let nesting = match dice.below(4) {
        0 => NestingMode::Single,
        1 => NestingMode::List,
        2 => NestingMode::Set,
        _ => NestingMode::Map,
    };
    let attributes = attributes(dice, depth);
    let object = Type::object(attributes.iter().map(|(n, a)| (n.clone(), a.ty.clone())));
    let ty = match nesting {
        NestingMode::Single => object,
        NestingMode::List => Type::list(object),
        NestingMode::Set => Type::set(object),
        NestingMode::Map => Type::map(object),
    };
    let mut attribute = Attribute::new(ty);
    attribute.optional = true;
    attribute.nested = Some(NestedAttributes {
        nesting,
        attributes,
        config_validators: Vec::new(),
    });
    attribute
}

fn schema(dice: &mut Dice) -> Schema {
    let mut attributes = attributes(dice, 2);
    let mut name = Attribute::new(Type::String);
    name.required = true;
    attributes.insert("name".to_owned(), name);
    Schema::new(attributes)
}

/// A prior state the plan rules could have produced: upper-case strings (what the modifiers
/// plan), `D` where a default applies, ids for computed attributes; up to three elements per
/// collection, set elements distinct in what configuration sets.
fn prior_object(dice: &mut Dice, schema: &BTreeMap<String, Attribute>) -> Value {
    let values = schema.iter().map(|(name, attribute)| {
        let value = match &attribute.nested {
            Some(nested) => prior_nested(dice, attribute, nested),
            None if attribute.default.is_some() => Value::from("D"),
            None if attribute.computed => Value::from(format!("ID-{}", dice.below(1000))),
            None => Value::from(["A", "B", "C"][dice.below(3) as usize]),
        };
        (name.clone(), value)
    });
    Value::object_of(values)
}

fn prior_nested(dice: &mut Dice, attribute: &Attribute, nested: &NestedAttributes) -> Value {
    let element = || attribute.ty.element_type().cloned();
    let count = dice.below(4);
    let mut elements: Vec<Value> = (0..count)
        .map(|_| prior_object(dice, &nested.attributes))
        .collect();
    match nested.nesting {
        NestingMode::Single => prior_object(dice, &nested.attributes),
        NestingMode::List => Value::list(element().unwrap(), elements).unwrap(),
        NestingMode::Set => {
            let mut seen = std::collections::HashSet::new();
            elements.retain(|e| seen.insert(configurable_part(&nested.attributes, e)));
            Value::set(element().unwrap(), elements).unwrap()
        }
        NestingMode::Map => Value::map(
            element().unwrap(),
            elements
                .into_iter()
                .enumerate()
                .map(|(i, e)| (format!("k{i}"), e)),
        )
        .unwrap(),
    }
}

/// The configuration that produced `prior`: computed-only attributes null, the rest as they
/// are (optional computed ones configured).
fn config_of(schema: &BTreeMap<String, Attribute>, prior: &Value) -> Value {
    super::super::state::map_attributes(schema, prior.clone(), |_, attribute, value| {
        if attribute.is_computed_only() {
            return Value::null(value.ty().clone());
        }
        match &attribute.nested {
            Some(nested) => {
                super::super::pairing::map_paired_elements(nested, None, value, |_, element| {
                    config_of(&nested.attributes, &element)
                })
            }
            None => value,
        }
    })
}

fn with_name(value: Value, name: &str) -> Value {
    let (ty, mut values) = value.into_object_values().unwrap();
    let index = ty
        .as_object()
        .unwrap()
        .attributes()
        .keys()
        .position(|key| key == "name")
        .unwrap();
    values[index] = Value::from(name);
    Value::object_values_unchecked(ty, values)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn the_plan_and_a_second_pass_over_it_find_the_same_replacements(seed in any::<u64>()) {
        let mut dice = Dice(seed);
        let schema = schema(&mut dice);
        let prior = with_name(prior_object(&mut dice, &schema.attributes), "before");
        let unchanged = config_of(&schema.attributes, &prior);
        let plan = schema.plan(Some(&prior), &unchanged);
        prop_assert!(!plan.diagnostics.has_error(), "{:?}", plan.diagnostics);
        prop_assert_eq!(&plan.planned_state, &prior);
        prop_assert!(plan.requires_replace.is_empty());

        // Only the top-level name changes: computed attributes in nested elements become
        // unknown, and no element is taken for a new one.
        let renamed = with_name(unchanged, "after");
        let plan = schema.plan(Some(&prior), &renamed);
        prop_assert!(!plan.diagnostics.has_error(), "{:?}", plan.diagnostics);
        prop_assert_eq!(&plan.requires_replace, &Vec::<AttributePath>::new());
        prop_assert_eq!(
            schema.replacements(&prior, &plan.planned_state),
            plan.requires_replace.clone()
        );

        // A configuration drawn at random (another prior's): whatever the plan asks, a second
        // pass over its result finds the same.
        let other = config_of(&schema.attributes, &prior_object(&mut dice, &schema.attributes));
        let plan = schema.plan(Some(&prior), &other);
        prop_assert!(!plan.diagnostics.has_error(), "{:?}", plan.diagnostics);
        prop_assert_eq!(
            schema.replacements(&prior, &plan.planned_state),
            plan.requires_replace
        );
    }
}
