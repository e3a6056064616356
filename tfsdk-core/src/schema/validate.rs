//! Validation of a configuration against the schema's own rules: each attribute's
//! [`Validator`](super::Validator)s and the warnings for deprecated attributes, at every depth.

use std::collections::BTreeMap;

use super::pairing::pair_elements;
use super::rules::Site;
use super::walk::Here;
use super::{Attribute, NestedAttributes, Schema};
use crate::diag::{Diagnostic, Diagnostics};
use crate::tftypes::Value;

impl Schema {
    /// Checks a configuration (an object of this schema's type, in which any value may be
    /// unknown) against the rules of its attributes, nested ones included, and warns where a
    /// deprecated attribute is set. Every diagnostic carries its attribute's path, which
    /// Terraform turns into the line of the argument.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use tfsdk_core::schema::{Attribute, Schema, Validator};
    /// use tfsdk_core::tftypes::{Type, Value};
    ///
    /// let mut content = Attribute::new(Type::String);
    /// content.optional = true;
    /// content.validators.push(Validator::ConflictsWith(vec!["source".into()]));
    /// let mut source = Attribute::new(Type::String);
    /// source.optional = true;
    /// let schema = Schema::new(BTreeMap::from([
    ///     ("content".to_string(), content),
    ///     ("source".to_string(), source),
    /// ]));
    ///
    /// let both = Value::object_of([("content", Value::from("a")), ("source", Value::from("b"))]);
    /// let diagnostics = schema.validate(&both);
    /// let error = diagnostics.errors().next().unwrap();
    /// assert_eq!(error.summary, "Invalid Attribute Combination");
    /// assert_eq!(
    ///     error.detail,
    ///     r#"Attribute "source" cannot be specified when "content" is specified"#
    /// );
    ///
    /// // A value not known yet is checked later, once it is.
    /// let later = Value::object_of([
    ///     ("content", Value::from("a")),
    ///     ("source", Value::unknown(Type::String)),
    /// ]);
    /// assert!(schema.validate(&later).is_empty());
    /// ```
    pub fn validate(&self, config: &Value) -> Diagnostics {
        let mut out = Diagnostics::new();
        object(&self.attributes, config, &Here::ROOT, &mut out);
        self.config_rule_problems(config, &mut out);
        out
    }
}

fn object(
    schema: &BTreeMap<String, Attribute>,
    value: &Value,
    here: &Here<'_>,
    out: &mut Diagnostics,
) {
    let (Some(siblings), Some(values)) = (value.as_object(), value.object_values()) else {
        return;
    };
    if values.len() != schema.len() {
        return;
    }
    for ((name, attribute), value) in schema.iter().zip(values) {
        if let Some(message) = &attribute.deprecation
            && value.is_known()
        {
            out.push(
                Diagnostic::warning("Attribute Deprecated", message.clone())
                    .with_path(here.name(name).path()),
            );
        }
        let site = Site {
            siblings,
            parent: here,
            name,
        };
        for validator in &attribute.validators {
            validator.check(value, &site, out);
        }
        if let Some(nested) = &attribute.nested {
            nested_objects(nested, value, &here.name(name), out);
        }
    }
}

/// The rules of each object of a nested attribute's value, at its place (the one walk over
/// elements, [`pair_elements`], with nothing to pair them with).
fn nested_objects(
    nested: &NestedAttributes,
    value: &Value,
    here: &Here<'_>,
    out: &mut Diagnostics,
) {
    pair_elements(nested, None, value, here, |here, _, element| {
        object(&nested.attributes, element, here, out);
        if element.as_object().is_some() {
            for validator in &nested.config_validators {
                validator.check(element, here, out);
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::super::{CustomRule, NestingMode, Validator};
    use super::*;
    use crate::tftypes::{Number, Type};

    fn optional(ty: Type, validators: Vec<Validator>) -> Attribute {
        Attribute {
            optional: true,
            validators,
            ..Attribute::new(ty)
        }
    }

    /// `a`, `b` and `c`, strings; `a` carries `rule`.
    fn messages(rule: Validator, a: Value, b: Value, c: Value) -> Vec<String> {
        let schema = Schema::new(BTreeMap::from([
            ("a".to_owned(), optional(Type::String, vec![rule])),
            ("b".to_owned(), optional(Type::String, vec![])),
            ("c".to_owned(), optional(Type::String, vec![])),
        ]));
        let config = Value::object_of([("a", a), ("b", b), ("c", c)]);
        schema
            .validate(&config)
            .iter()
            .map(|d| {
                format!(
                    "{} at {}: {}",
                    d.summary,
                    d.path.as_ref().map(ToString::to_string).unwrap_or_default(),
                    d.detail
                )
            })
            .collect()
    }

    fn set(text: &str) -> Value {
        Value::from(text)
    }

    fn null() -> Value {
        Value::null(Type::String)
    }

    fn unknown() -> Value {
        Value::unknown(Type::String)
    }

    fn others() -> Vec<String> {
        vec!["b".to_owned(), "c".to_owned()]
    }

    #[test]
    fn combination_rules_say_what_go_says_and_wait_for_unknown_values() {
        type Rule = fn(Vec<String>) -> Validator;
        // (rule, a, b, c, the message or none)
        let cases: [(Rule, [Value; 3], Option<&str>); 10] = [
            (
                Validator::ConflictsWith,
                [set("x"), set("y"), null()],
                Some(r#"Attribute "b" cannot be specified when "a" is specified"#),
            ),
            (
                Validator::ConflictsWith,
                [set("x"), unknown(), set("z")],
                None,
            ),
            (Validator::ConflictsWith, [null(), set("y"), set("z")], None),
            (
                Validator::ExactlyOneOf,
                [null(), null(), null()],
                Some("No attribute specified when one (and only one) of [a,b,c] is required"),
            ),
            (
                Validator::ExactlyOneOf,
                [set("x"), null(), set("z")],
                Some("2 attributes specified when one (and only one) of [a,b,c] is required"),
            ),
            (Validator::ExactlyOneOf, [null(), set("y"), null()], None),
            (Validator::ExactlyOneOf, [null(), unknown(), null()], None),
            (
                Validator::AtLeastOneOf,
                [null(), null(), null()],
                Some("At least one attribute out of [a,b,c] must be specified"),
            ),
            (Validator::AtLeastOneOf, [null(), null(), set("z")], None),
            (
                Validator::RequiredWith,
                [set("x"), set("y"), null()],
                Some(r#"Attribute "c" must be specified when "a" is specified"#),
            ),
        ];
        for (rule, [a, b, c], expected) in cases {
            let found = messages(rule(others()), a, b, c);
            let expected: Vec<String> = expected
                .map(|detail| format!("Invalid Attribute Combination at a: {detail}"))
                .into_iter()
                .collect();
            assert_eq!(found, expected, "{:?}", rule(others()));
        }
        assert!(messages(Validator::RequiredWith(others()), null(), null(), null()).is_empty());
    }

    #[test]
    fn value_rules_check_known_values_with_go_messages() {
        let one_of = Validator::OneOf(vec![Value::from("GET"), Value::from("POST")]);
        assert_eq!(
            messages(one_of.clone(), set("PUT"), null(), null()),
            [
                r#"Invalid Attribute Value Match at a: Attribute a value must be one of: ["GET" "POST"], got: "PUT""#
            ]
        );
        assert!(messages(one_of.clone(), set("GET"), null(), null()).is_empty());
        assert!(messages(one_of, unknown(), null(), null()).is_empty());

        let length = Validator::Length {
            min: Some(2),
            max: Some(3),
        };
        assert_eq!(
            messages(length.clone(), set("héllo"), null(), null()),
            [
                "Invalid Attribute Value Length at a: Attribute a string length must be between 2 and 3, got: 5"
            ]
        );
        assert!(
            messages(length, set("hé"), null(), null()).is_empty(),
            "characters, not bytes"
        );
        assert_eq!(
            messages(
                Validator::Length {
                    min: Some(1),
                    max: None
                },
                set(""),
                null(),
                null()
            ),
            [
                "Invalid Attribute Value Length at a: Attribute a string length must be at least 1, got: 0"
            ]
        );

        let custom = Validator::Custom(CustomRule::new(|value| match value.as_str() {
            Some("bad") => Err(Diagnostic::error(
                "Invalid Attribute Value",
                "\"bad\" is not allowed here",
            )),
            _ => Ok(()),
        }));
        assert_eq!(
            messages(custom, set("bad"), null(), null()),
            [r#"Invalid Attribute Value at a: "bad" is not allowed here"#]
        );
    }

    #[test]
    fn ranges_and_sizes_apply_to_numbers_and_collections_at_each_element() {
        let port = optional(
            Type::list(Type::Number),
            vec![
                Validator::Range {
                    min: Some(Number::from(1)),
                    max: Some(Number::from(65535)),
                },
                Validator::Size {
                    min: None,
                    max: Some(2),
                },
            ],
        );
        let schema = Schema::new(BTreeMap::from([("ports".to_owned(), port)]));
        let ports = Value::list(
            Type::Number,
            [
                Value::from(80),
                Value::from(0),
                Value::unknown(Type::Number),
            ],
        )
        .unwrap();
        let found: Vec<String> = schema
            .validate(&Value::object_of([("ports", ports)]))
            .iter()
            .map(|d| format!("{}: {}", d.path.as_ref().unwrap(), d.detail))
            .collect();
        assert_eq!(
            found,
            [
                "ports[1]: Attribute ports[1] value must be between 1 and 65535, got: 0",
                "ports: Attribute ports list must contain at most 2 elements, got: 3",
            ]
        );
    }

    #[test]
    fn a_deprecated_attribute_warns_when_set() {
        let mut old = optional(Type::String, vec![]);
        old.deprecation = Some("Use `name` instead.".to_owned());
        let schema = Schema::new(BTreeMap::from([("title".to_owned(), old)]));
        let warnings = schema.validate(&Value::object_of([("title", Value::from("x"))]));
        let warning = warnings.warnings().next().expect("a warning");
        assert_eq!(
            (warning.summary.as_str(), warning.detail.as_str()),
            ("Attribute Deprecated", "Use `name` instead.")
        );
        assert!(
            schema
                .validate(&Value::object_of([("title", Value::null(Type::String))]))
                .is_empty()
        );
    }

    #[test]
    fn rules_of_nested_objects_run_at_each_element_with_its_siblings() {
        let element = Type::object([("from", Type::Number), ("to", Type::Number)]);
        let inner = BTreeMap::from([
            (
                "from".to_owned(),
                optional(
                    Type::Number,
                    vec![Validator::RequiredWith(vec!["to".into()])],
                ),
            ),
            ("to".to_owned(), optional(Type::Number, vec![])),
        ]);
        let ranges = Attribute {
            optional: true,
            nested: Some(NestedAttributes {
                nesting: NestingMode::List,
                attributes: inner,
                config_validators: Vec::new(),
            }),
            ..Attribute::new(Type::list(element.clone()))
        };
        let schema = Schema::new(BTreeMap::from([("ranges".to_owned(), ranges)]));
        let value = Value::object_of([(
            "ranges",
            Value::list(
                element,
                [
                    Value::object_of([("from", Value::from(1)), ("to", Value::from(2))]),
                    Value::object_of([("from", Value::from(1)), ("to", Value::null(Type::Number))]),
                ],
            )
            .unwrap(),
        )]);
        let found: Vec<String> = schema
            .validate(&value)
            .iter()
            .map(|d| format!("{}: {}", d.path.as_ref().unwrap(), d.detail))
            .collect();
        assert_eq!(
            found,
            [
                r#"ranges[1].from: Attribute "ranges[1].to" must be specified when "ranges[1].from" is specified"#
            ]
        );
    }
}
