//! Configuration validators of a whole block (Go's `resourcevalidator`, `datasourcevalidator`
//! and `providervalidator`): rules over several top-level attributes that no one attribute's
//! rule says, `#[tfsdk(exactly_one_of(a, b))]` and the like on the struct, with the messages of
//! Go's `configvalidator` package. On a nested struct the rules hold in each of its objects
//! (Go's `objectvalidator` on the nested object), reported at the object's path.

use super::Schema;
use super::walk::Here;
use crate::diag::{Diagnostic, Diagnostics};
use crate::tftypes::Value;

/// What a [`ConfigValidator`] requires of its attributes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConfigRule {
    /// Exactly one is configured (Go's `ExactlyOneOf`).
    ExactlyOneOf,
    /// At least one is configured (Go's `AtLeastOneOf`).
    AtLeastOneOf,
    /// All or none are configured (Go's `RequiredTogether`).
    RequiredTogether,
    /// At most one is configured (Go's `Conflicting`).
    Conflicting,
}

/// A rule over several top-level attributes of a block, checked when its configuration is
/// validated. A value that is not known yet may be null or not, so a rule that depends on it
/// waits for a later validation, when it is known.
///
/// The derive writes them from the struct's options:
///
/// ```
/// use tfsdk_core::tftypes::{Type, Value};
/// use tfsdk_core::{TfObject, TfSchema};
///
/// /// A key is given inline or read from a file, not both, not neither.
/// #[derive(TfObject)]
/// #[tfsdk(schema(resource), exactly_one_of(key, key_file))]
/// struct Certificate {
///     #[tfsdk(name = "key", optional)]
///     key: Option<String>,
///     #[tfsdk(name = "key_file", optional)]
///     key_file: Option<String>,
/// }
///
/// let neither = Value::object_of([("key", Value::null(Type::String)), ("key_file", Value::null(Type::String))]);
/// let found = Certificate::schema().validate(&neither);
/// let error = found.errors().next().unwrap();
/// assert_eq!(error.summary, "Missing Attribute Configuration");
/// assert_eq!(error.detail, "Exactly one of these attributes must be configured: [key,key_file]");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ConfigValidator {
    /// What is required.
    pub rule: ConfigRule,
    /// The top-level attributes it is about, by name.
    pub attributes: Vec<String>,
}

impl ConfigValidator {
    /// A rule over `attributes`.
    pub fn new(rule: ConfigRule, attributes: impl IntoIterator<Item = impl Into<String>>) -> Self {
        ConfigValidator {
            rule,
            attributes: attributes.into_iter().map(Into::into).collect(),
        }
    }

    /// The validators of a table the derive writes (`TfSchema::CONFIG_VALIDATORS`).
    pub fn all(table: &[(ConfigRule, &[&str])]) -> Vec<ConfigValidator> {
        table
            .iter()
            .map(|&(rule, names)| ConfigValidator::new(rule, names.iter().copied()))
            .collect()
    }

    /// Go's description: "Exactly one of these attributes must be configured: [a,b]".
    fn description(&self) -> String {
        let what = match self.rule {
            ConfigRule::ExactlyOneOf => "Exactly one of these attributes must be configured",
            ConfigRule::AtLeastOneOf => "At least one of these attributes must be configured",
            ConfigRule::RequiredTogether => "These attributes must be configured together",
            ConfigRule::Conflicting => "These attributes cannot be configured together",
        };
        format!("{what}: [{}]", self.attributes.join(","))
    }

    /// The rule's problems in `config`, an object of `schema`'s type, found `here` (the root
    /// for a block's own rules, the object's place for a nested struct's).
    pub(super) fn check(&self, config: &Value, here: &Here<'_>, out: &mut Diagnostics) {
        let mut configured = Vec::new();
        let mut unknown = false;
        for name in &self.attributes {
            match config.attribute(name) {
                Some(value) if !value.is_known() && !value.is_null() => unknown = true,
                Some(value) if !value.is_null() => configured.push(name),
                _ => {}
            }
        }
        let combination = |name: &String| {
            Diagnostic::error("Invalid Attribute Combination", self.description())
                .with_path(here.name(name).path())
        };
        let at_object = |diagnostic: Diagnostic| match here.is_root() {
            true => diagnostic,
            false => diagnostic.with_path(here.path()),
        };
        let missing = || {
            at_object(Diagnostic::error(
                "Missing Attribute Configuration",
                self.description(),
            ))
        };
        match self.rule {
            ConfigRule::ExactlyOneOf => {
                if configured.len() > 1 {
                    out.push(combination(configured[0]));
                } else if configured.is_empty() && !unknown {
                    out.push(missing());
                }
            }
            ConfigRule::AtLeastOneOf => {
                if configured.is_empty() && !unknown {
                    out.push(missing());
                }
            }
            ConfigRule::RequiredTogether => {
                let some = !configured.is_empty();
                if some && !unknown && configured.len() < self.attributes.len() {
                    out.push(at_object(Diagnostic::error(
                        "Invalid Attribute Combination",
                        self.description(),
                    )));
                }
            }
            ConfigRule::Conflicting => {
                if configured.len() > 1 {
                    out.push(combination(configured[0]));
                }
            }
        }
    }
}

impl Schema {
    /// This schema with rules over several of its top-level attributes, checked by
    /// [`Schema::validate`].
    #[must_use]
    pub fn with_config_validators(
        mut self,
        validators: impl IntoIterator<Item = ConfigValidator>,
    ) -> Schema {
        self.config_validators.extend(validators);
        self
    }

    /// The problems the block's [`ConfigValidator`]s find in `config`.
    pub(super) fn config_rule_problems(&self, config: &Value, out: &mut Diagnostics) {
        if config.as_object().is_none() {
            return;
        }
        for validator in &self.config_validators {
            validator.check(config, &Here::ROOT, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::schema::Attribute;
    use crate::tftypes::Type;

    fn schema(rule: ConfigRule) -> Schema {
        let optional = || Attribute {
            optional: true,
            ..Attribute::new(Type::String)
        };
        let attributes = ["a", "b", "c"].map(|name| (name.to_owned(), optional()));
        Schema::new(BTreeMap::from(attributes))
            .with_config_validators([ConfigValidator::new(rule, ["a", "b"])])
    }

    /// `a` and `b` as given (`Some("?")` is unknown), `c` set.
    fn config(a: Option<&str>, b: Option<&str>) -> Value {
        let value = |v: Option<&str>| match v {
            None => Value::null(Type::String),
            Some("?") => Value::unknown(Type::String),
            Some(text) => Value::from(text),
        };
        Value::object_of([("a", value(a)), ("b", value(b)), ("c", Value::from("c"))])
    }

    fn found(rule: ConfigRule, a: Option<&str>, b: Option<&str>) -> Vec<String> {
        schema(rule)
            .validate(&config(a, b))
            .iter()
            .map(|d| match &d.path {
                Some(path) => format!("{} at {path}: {}", d.summary, d.detail),
                None => format!("{}: {}", d.summary, d.detail),
            })
            .collect()
    }

    #[test]
    fn exactly_one_of_says_what_go_says() {
        let rule = ConfigRule::ExactlyOneOf;
        assert!(found(rule, Some("x"), None).is_empty());
        assert_eq!(
            found(rule, None, None),
            [
                "Missing Attribute Configuration: Exactly one of these attributes must be configured: [a,b]"
            ]
        );
        assert_eq!(
            found(rule, Some("x"), Some("y")),
            [
                "Invalid Attribute Combination at a: Exactly one of these attributes must be configured: [a,b]"
            ]
        );
        // Not known yet: it may be set or not.
        assert!(found(rule, None, Some("?")).is_empty());
    }

    #[test]
    fn at_least_one_of_required_together_and_conflicting() {
        assert_eq!(
            found(ConfigRule::AtLeastOneOf, None, None),
            [
                "Missing Attribute Configuration: At least one of these attributes must be configured: [a,b]"
            ]
        );
        assert!(found(ConfigRule::AtLeastOneOf, Some("x"), Some("y")).is_empty());
        assert_eq!(
            found(ConfigRule::RequiredTogether, Some("x"), None),
            ["Invalid Attribute Combination: These attributes must be configured together: [a,b]"]
        );
        assert!(found(ConfigRule::RequiredTogether, None, None).is_empty());
        assert!(found(ConfigRule::RequiredTogether, Some("x"), Some("?")).is_empty());
        assert_eq!(
            found(ConfigRule::Conflicting, Some("x"), Some("y")),
            [
                "Invalid Attribute Combination at a: These attributes cannot be configured together: [a,b]"
            ]
        );
        assert!(found(ConfigRule::Conflicting, Some("x"), None).is_empty());
    }
}
