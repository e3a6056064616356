//! A derived struct's schema as constant data: the derive writes one [`AttributeSpec`] per
//! attribute into a table the compiler evaluates, and [`add_attributes`] turns the table into
//! schema attributes when a schema is built. One loop here replaces, for every derived struct,
//! a generated statement per behaviour and per rule (each string allocation and vector push
//! written out again): a provider of a thousand resources compiles this code once.

use std::collections::BTreeMap;

use super::rules::{CustomRule, Pattern};
use super::{
    Attribute, DefaultResult, DefaultValue, DescriptionKind, DiffSuppress, PlanModifier,
    Presentation, Validator,
};
use crate::tftypes::{Number, Value};

/// One attribute of a derived struct, as `#[tfsdk(...)]` describes it.
#[derive(Clone, Copy, Debug)]
pub struct AttributeSpec {
    /// The attribute's name.
    pub name: &'static str,
    /// The attribute without behaviours: its type and nested attributes, from the field's type
    /// (`__private::schema_attribute::<FieldType>`, one function per field type, shared by
    /// every struct that has a field of that type).
    pub base: fn() -> Attribute,
    /// The flags of the attribute's behaviours.
    pub flags: Flags,
    /// `description = "..."` or the field's doc comment.
    pub description: Option<&'static str>,
    /// `description_kind = "plain"` on the field or its struct.
    pub description_kind: DescriptionKind,
    /// `deprecated = "..."`.
    pub deprecation: Option<&'static str>,
    /// `default = <expr>` (`dynamic: false`) or `default_fn = path` (`dynamic: true`).
    pub default: Option<DefaultSpec>,
    /// `diff_suppress = path`, wrapped to take values.
    pub diff_suppress: Option<fn(&Value, &Value) -> bool>,
    /// `plan_modifier = path`, `requires_replace_if = path` and
    /// `requires_replace_if_configured`, in the order written.
    pub plan_modifiers: &'static [PlanModifier],
    /// `block` or `nested_attribute`.
    pub presentation: Presentation,
    /// The validation rules, in the order written.
    pub rules: &'static [RuleSpec],
    /// `min_items = N` and `max_items = N` of a list or set of blocks (0: not given).
    pub items: (u64, u64),
}

/// The yes-or-no behaviours of an attribute.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // one per option of the derive, as `Attribute` has
pub struct Flags {
    /// `required`.
    pub required: bool,
    /// `optional`.
    pub optional: bool,
    /// `computed`.
    pub computed: bool,
    /// `stable`.
    pub stable: bool,
    /// `sensitive`.
    pub sensitive: bool,
    /// `write_only`.
    pub write_only: bool,
    /// `force_new`.
    pub force_new: bool,
}

/// A default of an attribute: the function computing it, and whether it is `default_fn`.
#[derive(Clone, Copy, Debug)]
pub struct DefaultSpec {
    /// Computes the default as a value of the attribute's type.
    pub compute: fn() -> DefaultResult,
    /// True for `default_fn`.
    pub dynamic: bool,
}

/// A validation rule as written in `#[tfsdk(...)]`, in constant form; [`RuleSpec::validator`]
/// makes it the runtime's [`Validator`].
#[derive(Clone, Copy, Debug)]
pub enum RuleSpec {
    /// `conflicts_with(...)`.
    ConflictsWith(&'static [&'static str]),
    /// `exactly_one_of(...)`.
    ExactlyOneOf(&'static [&'static str]),
    /// `at_least_one_of(...)`.
    AtLeastOneOf(&'static [&'static str]),
    /// `required_with(...)`.
    RequiredWith(&'static [&'static str]),
    /// `one_of = ["a", "b"]`.
    OneOfStrings(&'static [&'static str]),
    /// `one_of = [1, 2.5]`: each number's decimal text.
    OneOfNumbers(&'static [&'static str]),
    /// `length = a..=b`.
    Length {
        /// The least length.
        min: Option<u64>,
        /// The greatest length.
        max: Option<u64>,
    },
    /// `size = a..=b`.
    Size {
        /// The fewest elements.
        min: Option<u64>,
        /// The most elements.
        max: Option<u64>,
    },
    /// `range = a..=b`: each bound's decimal text.
    Range {
        /// The least value.
        min: Option<&'static str>,
        /// The greatest value.
        max: Option<&'static str>,
    },
    /// `none_of = ["a", "b"]`.
    NoneOfStrings(&'static [&'static str]),
    /// `none_of = [1, 2.5]`: each number's decimal text.
    NoneOfNumbers(&'static [&'static str]),
    /// `matches = "regex"`, checked by the derive.
    Matches(&'static str),
    /// `unique`.
    Unique,
    /// `validate = path`, wrapped to take a value.
    Custom(fn(&Value) -> Result<(), crate::diag::Diagnostic>),
}

impl RuleSpec {
    /// The rule as a [`Validator`].
    pub fn validator(&self) -> Validator {
        let names = |names: &[&str]| names.iter().map(|&name| name.to_owned()).collect();
        match *self {
            RuleSpec::ConflictsWith(others) => Validator::ConflictsWith(names(others)),
            RuleSpec::ExactlyOneOf(others) => Validator::ExactlyOneOf(names(others)),
            RuleSpec::AtLeastOneOf(others) => Validator::AtLeastOneOf(names(others)),
            RuleSpec::RequiredWith(others) => Validator::RequiredWith(names(others)),
            RuleSpec::OneOfStrings(values) => Validator::OneOf(strings(values)),
            RuleSpec::OneOfNumbers(values) => Validator::OneOf(numbers(values)),
            RuleSpec::Length { min, max } => Validator::Length { min, max },
            RuleSpec::Size { min, max } => Validator::Size { min, max },
            RuleSpec::Range { min, max } => Validator::Range {
                min: min.map(number_literal),
                max: max.map(number_literal),
            },
            RuleSpec::NoneOfStrings(values) => Validator::NoneOf(strings(values)),
            RuleSpec::NoneOfNumbers(values) => Validator::NoneOf(numbers(values)),
            RuleSpec::Matches(pattern) => Validator::Matches(Pattern::new(pattern)),
            RuleSpec::Unique => Validator::Unique,
            RuleSpec::Custom(check) => Validator::Custom(CustomRule::new(check)),
        }
    }
}

/// A `const` setter for each named flag of [`Flags`].
macro_rules! flag_setters {
    ($($flag:ident),*) => {$(
        #[doc = concat!("`", stringify!($flag), "`.")]
        #[must_use]
        pub const fn $flag(mut self) -> AttributeSpec {
            self.flags.$flag = true;
            self
        }
    )*};
}

/// The derive writes each attribute as `AttributeSpec::new(name, base)` followed by one call
/// per option given (`.required()`, `.description("...")`, …), evaluated by the compiler:
/// short generated code, and the table the same as if written field by field.
impl AttributeSpec {
    /// An attribute without behaviours, texts or rules.
    pub const fn new(name: &'static str, base: fn() -> Attribute) -> AttributeSpec {
        AttributeSpec {
            name,
            base,
            flags: Flags {
                required: false,
                optional: false,
                computed: false,
                stable: false,
                sensitive: false,
                write_only: false,
                force_new: false,
            },
            description: None,
            description_kind: DescriptionKind::Markdown,
            deprecation: None,
            default: None,
            diff_suppress: None,
            plan_modifiers: &[],
            presentation: Presentation::Default,
            rules: &[],
            items: (0, 0),
        }
    }

    // `.required()`, `.optional()`, … : one setter per flag.
    flag_setters!(
        required, optional, computed, stable, sensitive, write_only, force_new
    );

    /// `description = "..."` or the field's doc comment.
    #[must_use]
    pub const fn description(mut self, text: &'static str) -> AttributeSpec {
        self.description = Some(text);
        self
    }

    /// `description_kind = "plain"`, on the field or its struct.
    #[must_use]
    pub const fn plain_description(mut self) -> AttributeSpec {
        self.description_kind = DescriptionKind::Plain;
        self
    }

    /// `deprecated = "..."`.
    #[must_use]
    pub const fn deprecation(mut self, text: &'static str) -> AttributeSpec {
        self.deprecation = Some(text);
        self
    }

    /// `default = <expr>` or `default_fn = path`.
    #[must_use]
    pub const fn default(mut self, default: DefaultSpec) -> AttributeSpec {
        self.default = Some(default);
        self
    }

    /// `diff_suppress = path`, wrapped to take values.
    #[must_use]
    pub const fn diff_suppress(mut self, suppress: fn(&Value, &Value) -> bool) -> AttributeSpec {
        self.diff_suppress = Some(suppress);
        self
    }

    /// The plan modification steps, in the order written.
    #[must_use]
    pub const fn plan_modifiers(mut self, modifiers: &'static [PlanModifier]) -> AttributeSpec {
        self.plan_modifiers = modifiers;
        self
    }

    /// `block` or `nested_attribute`.
    #[must_use]
    pub const fn presentation(mut self, presentation: Presentation) -> AttributeSpec {
        self.presentation = presentation;
        self
    }

    /// `min_items = N` and `max_items = N` (0: not given).
    #[must_use]
    pub const fn items(mut self, min: u64, max: u64) -> AttributeSpec {
        self.items = (min, max);
        self
    }

    /// The validation rules, in the order written.
    #[must_use]
    pub const fn rules(mut self, rules: &'static [RuleSpec]) -> AttributeSpec {
        self.rules = rules;
        self
    }
}

impl AttributeSpec {
    /// The schema attribute this describes.
    pub fn attribute(&self) -> Attribute {
        let mut attribute = (self.base)();
        let Flags {
            required,
            optional,
            computed,
            stable,
            sensitive,
            write_only,
            force_new,
        } = self.flags;
        attribute.required = required;
        attribute.optional = optional;
        attribute.computed = computed;
        attribute.stable = stable;
        attribute.sensitive = sensitive;
        attribute.write_only = write_only;
        attribute.force_new = force_new;
        attribute.description = self.description.map(str::to_owned);
        attribute.description_kind = self.description_kind;
        attribute.deprecation = self.deprecation.map(str::to_owned);
        attribute.default = self
            .default
            .map(|default| DefaultValue::new(default.compute, default.dynamic));
        attribute.diff_suppress = self.diff_suppress.map(DiffSuppress::new);
        attribute.plan_modifiers = self.plan_modifiers.to_vec();
        attribute.presentation = self.presentation;
        attribute.validators = self.rules.iter().map(RuleSpec::validator).collect();
        (attribute.min_items, attribute.max_items) = self.items;
        attribute
    }
}

/// Adds the attributes of `specs` to `out`, by name.
pub fn add_attributes(out: &mut BTreeMap<String, Attribute>, specs: &[AttributeSpec]) {
    for spec in specs {
        out.insert(spec.name.to_owned(), spec.attribute());
    }
}

/// String literals as values.
fn strings(values: &[&str]) -> Vec<Value> {
    values.iter().map(|&value| Value::from(value)).collect()
}

/// Number literals (their decimal text) as values.
fn numbers(values: &[&str]) -> Vec<Value> {
    values
        .iter()
        .map(|&text| Value::number(number_literal(text)))
        .collect()
}

/// A number literal the derive wrote (and checked to be one).
pub(crate) fn number_literal(text: &str) -> Number {
    match text.parse() {
        Ok(number) => number,
        Err(_) => unreachable!("the derive writes number literals only, not {text:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tftypes::Type;

    fn string_attribute() -> Attribute {
        Attribute::new(Type::String)
    }

    fn custom(value: &Value) -> Result<(), crate::diag::Diagnostic> {
        if value.is_null() {
            Err(crate::diag::Diagnostic::error(
                "Invalid Attribute Value",
                "null",
            ))
        } else {
            Ok(())
        }
    }

    const SPECS: &[AttributeSpec] = &[
        AttributeSpec {
            name: "name",
            base: string_attribute,
            flags: Flags {
                required: true,
                optional: false,
                computed: false,
                stable: false,
                sensitive: true,
                write_only: false,
                force_new: true,
            },
            description: Some("The name."),
            description_kind: DescriptionKind::Plain,
            deprecation: Some("Use label."),
            default: None,
            diff_suppress: None,
            plan_modifiers: &[],
            presentation: Presentation::Default,
            rules: &[
                RuleSpec::OneOfStrings(&["a", "b"]),
                RuleSpec::Length {
                    min: Some(1),
                    max: None,
                },
                RuleSpec::ConflictsWith(&["size"]),
                RuleSpec::Custom(custom),
            ],
            items: (0, 0),
        },
        AttributeSpec {
            name: "size",
            base: || Attribute::new(Type::Number),
            flags: Flags {
                required: false,
                optional: true,
                computed: true,
                stable: true,
                sensitive: false,
                write_only: false,
                force_new: false,
            },
            description: None,
            description_kind: DescriptionKind::Markdown,
            deprecation: None,
            default: Some(DefaultSpec {
                compute: || Ok(Some(Value::from(7))),
                dynamic: false,
            }),
            diff_suppress: Some(|old, new| old == new),
            plan_modifiers: &[PlanModifier::RequiresReplaceIfConfigured],
            presentation: Presentation::Default,
            rules: &[
                RuleSpec::OneOfNumbers(&["1", "-2.5"]),
                RuleSpec::Range {
                    min: Some("0"),
                    max: Some("10.5"),
                },
            ],
            items: (0, 0),
        },
    ];

    #[test]
    fn a_table_becomes_the_attributes_it_describes() {
        let mut out = BTreeMap::new();
        add_attributes(&mut out, SPECS);
        let name = &out["name"];
        assert_eq!(name.ty, Type::String);
        assert!(name.required && name.sensitive && name.force_new);
        assert!(!name.optional && !name.computed && !name.stable && !name.write_only);
        assert_eq!(name.description.as_deref(), Some("The name."));
        assert_eq!(name.description_kind, DescriptionKind::Plain);
        assert_eq!(name.deprecation.as_deref(), Some("Use label."));
        assert!(name.default.is_none() && name.diff_suppress.is_none());
        assert_eq!(
            name.validators[..3],
            [
                Validator::OneOf(vec![Value::from("a"), Value::from("b")]),
                Validator::Length {
                    min: Some(1),
                    max: None
                },
                Validator::ConflictsWith(vec!["size".to_owned()]),
            ]
        );
        assert_eq!(
            name.validators[3],
            Validator::Custom(CustomRule::new(custom))
        );

        let size = &out["size"];
        assert_eq!(size.ty, Type::Number);
        assert!(size.optional && size.computed && size.stable && !size.required);
        let default = size.default.as_ref().expect("a default");
        assert!(!default.dynamic);
        assert_eq!(default.value(), Ok(Some(Value::from(7))));
        let suppress = size.diff_suppress.as_ref().expect("a diff suppression");
        assert_eq!(
            suppress.suppresses(&Value::from(1), &Value::from(1)),
            Ok(true)
        );
        assert_eq!(
            size.plan_modifiers,
            [PlanModifier::RequiresReplaceIfConfigured]
        );
        assert_eq!(
            size.validators,
            [
                Validator::OneOf(vec![
                    Value::number(number_literal("1")),
                    Value::number(number_literal("-2.5"))
                ]),
                Validator::Range {
                    min: Some(number_literal("0")),
                    max: Some(number_literal("10.5"))
                },
            ]
        );
    }
}
