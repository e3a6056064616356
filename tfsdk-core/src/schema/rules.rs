//! Validation rules of one attribute, the ones providers use most (the names and messages of
//! Go's `terraform-plugin-framework-validators`). [`Schema::validate`](super::Schema::validate)
//! runs them on a configuration, where any value may still be unknown: a rule that meets an
//! unknown value it needs waits for a later validation, with the value known.

use super::walk::Here;
use crate::diag::{Diagnostic, Diagnostics};
use crate::path::AttributePath;
use crate::tftypes::{Attributes, Number, Value, ValueKind};

/// A rule a configured attribute value must follow.
///
/// The derive writes them from field options; attributes are named by their siblings' names
/// in the same object (the derive checks at compile time that they exist).
///
/// | rule | field option | error when |
/// |---|---|---|
/// | [`ConflictsWith`](Validator::ConflictsWith) | `conflicts_with(other, ...)` | this attribute and one of the others are both set |
/// | [`ExactlyOneOf`](Validator::ExactlyOneOf) | `exactly_one_of(other, ...)` | not exactly one of this attribute and the others is set |
/// | [`AtLeastOneOf`](Validator::AtLeastOneOf) | `at_least_one_of(other, ...)` | none of this attribute and the others is set |
/// | [`RequiredWith`](Validator::RequiredWith) | `required_with(other, ...)` | this attribute is set and one of the others is not (Go's `AlsoRequires`) |
/// | [`OneOf`](Validator::OneOf) | `one_of = ["a", "b"]` / `one_of = [1, 2]` | a string or number (or an element of a collection of them) is not one of the values |
/// | [`Length`](Validator::Length) | `length = 1..=64` | a string (or an element of a collection of strings) has fewer or more characters |
/// | [`Size`](Validator::Size) | `size = 1..` | a list, set or map has fewer or more elements |
/// | [`Range`](Validator::Range) | `range = 1..=65535` | a number (or an element of a collection of numbers) is out of range |
/// | [`NoneOf`](Validator::NoneOf) | `none_of = ["a", "b"]` / `none_of = [1, 2]` | a string or number (or an element of a collection of them) is one of the values |
/// | [`Matches`](Validator::Matches) | `matches = "^[a-z]+$"` | a string (or an element of a collection of strings) does not match (Go's `RegexMatches`) |
/// | [`Unique`](Validator::Unique) | `unique` | a list holds a value twice (Go's `UniqueValues`) |
/// | [`Custom`](Validator::Custom) | `validate = path` | the function returns an error |
///
/// "Set" means neither null nor unknown is needed: the combination rules skip their check while
/// an attribute they look at is unknown, the value rules skip null and unknown values.
#[derive(Clone, Debug, PartialEq)]
pub enum Validator {
    /// The other attributes must be null when this one is set.
    ConflictsWith(Vec<String>),
    /// Exactly one of this attribute and the others is set.
    ExactlyOneOf(Vec<String>),
    /// At least one of this attribute and the others is set.
    AtLeastOneOf(Vec<String>),
    /// When this attribute is set, the others must be set too.
    RequiredWith(Vec<String>),
    /// The value is one of these.
    OneOf(Vec<Value>),
    /// A string's length in characters (Unicode scalar values) is within the bounds.
    Length {
        /// The least length allowed.
        min: Option<u64>,
        /// The greatest length allowed.
        max: Option<u64>,
    },
    /// A collection's number of elements is within the bounds.
    Size {
        /// The fewest elements allowed.
        min: Option<u64>,
        /// The most elements allowed.
        max: Option<u64>,
    },
    /// A number is within the bounds (both included).
    Range {
        /// The least value allowed.
        min: Option<Number>,
        /// The greatest value allowed.
        max: Option<Number>,
    },
    /// The value is none of these.
    NoneOf(Vec<Value>),
    /// A string matches the regular expression.
    Matches(Pattern),
    /// A list's known elements are all different.
    Unique,
    /// A function of the provider's.
    Custom(CustomRule),
}

/// A regular expression of a `matches` rule (the syntax of the `regex` crate, which the
/// derive checks at compile time).
#[derive(Clone)]
pub struct Pattern {
    source: String,
    compiled: Result<regex::Regex, String>,
}

impl Pattern {
    /// The pattern `source`, compiled; a pattern that does not compile reports its error when
    /// it checks a value.
    pub fn new(source: &str) -> Pattern {
        Pattern {
            source: source.to_owned(),
            compiled: regex::Regex::new(source).map_err(|error| error.to_string()),
        }
    }

    /// The pattern as written.
    pub fn as_str(&self) -> &str {
        &self.source
    }

    /// Whether `text` matches.
    ///
    /// # Errors
    /// The pattern does not compile: the reason.
    pub fn is_match(&self, text: &str) -> Result<bool, &str> {
        match &self.compiled {
            Ok(regex) => Ok(regex.is_match(text)),
            Err(error) => Err(error),
        }
    }
}

impl std::fmt::Debug for Pattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Pattern({:?})", self.source)
    }
}

impl PartialEq for Pattern {
    fn eq(&self, other: &Pattern) -> bool {
        self.source == other.source
    }
}

/// A validation function over an attribute's known value: `Err(diagnostic)` when it is
/// invalid, reported at the attribute's path. The derive writes one for `validate = path`,
/// converting the value to the field's type; a function whose error is a message is reported
/// as "Invalid Attribute Value", one whose error is a [`Diagnostic`] with its own summary and
/// detail (as Go's validators choose theirs).
#[derive(Clone, Copy)]
pub struct CustomRule {
    check: fn(&Value) -> Result<(), Diagnostic>,
}

impl CustomRule {
    /// Wraps a function.
    pub fn new(check: fn(&Value) -> Result<(), Diagnostic>) -> CustomRule {
        CustomRule { check }
    }
}

function_wrapper_impls!(CustomRule, check);

/// What a rule needs to know about where it is checked.
pub(super) struct Site<'a, 'h> {
    /// The object holding the attribute.
    pub(super) siblings: Attributes<'a>,
    /// The object's place in the configuration.
    pub(super) parent: &'h Here<'h>,
    /// The attribute's name.
    pub(super) name: &'a str,
}

impl Site<'_, '_> {
    fn path(&self) -> AttributePath {
        self.parent.name(self.name).path()
    }

    fn sibling_path(&self, name: &str) -> AttributePath {
        self.parent.name(name).path()
    }

    /// The sibling's value; a name the object does not have counts as null.
    fn sibling(&self, name: &str) -> Option<&Value> {
        self.siblings.get(name)
    }

    /// `[this,others...]`, as Go's path expressions print.
    fn group(&self, others: &[String]) -> String {
        let names: Vec<String> = std::iter::once(self.path().to_string())
            .chain(others.iter().map(|o| self.sibling_path(o).to_string()))
            .collect();
        format!("[{}]", names.join(","))
    }
}

/// The value of each sibling: `Err(())` as soon as one is unknown (the check waits).
fn sibling_states<'a>(
    site: &'a Site<'_, '_>,
    others: &'a [String],
) -> Result<Vec<(&'a str, bool)>, ()> {
    others
        .iter()
        .map(|name| match site.sibling(name) {
            Some(value) if value.is_unknown() => Err(()),
            Some(value) => Ok((name.as_str(), !value.is_null())),
            None => Ok((name.as_str(), false)),
        })
        .collect()
}

fn combination(path: AttributePath, detail: String) -> Diagnostic {
    Diagnostic::error("Invalid Attribute Combination", detail).with_path(path)
}

/// `conflicts_with` (`offending_when_set`: a sibling that is set is at fault) and
/// `required_with` (one that is not): for a known value, an error for each sibling at fault,
/// Go's "Attribute "b" cannot be specified / must be specified when "a" is specified".
fn pair_rule(
    value: &Value,
    site: &Site<'_, '_>,
    others: &[String],
    offending_when_set: bool,
    out: &mut Diagnostics,
    must: &str,
) {
    if !value.is_known() {
        return;
    }
    let Ok(states) = sibling_states(site, others) else {
        return;
    };
    for (name, set) in states {
        if set == offending_when_set {
            out.push(combination(
                site.path(),
                format!(
                    "Attribute \"{}\" {must} when \"{}\" is specified",
                    site.sibling_path(name),
                    site.path()
                ),
            ));
        }
    }
}

impl Validator {
    /// Checks `value`, the attribute at `site`.
    pub(super) fn check(&self, value: &Value, site: &Site<'_, '_>, out: &mut Diagnostics) {
        match self {
            Validator::ConflictsWith(others) => {
                pair_rule(value, site, others, true, out, "cannot be specified");
            }
            Validator::ExactlyOneOf(others) => {
                if value.is_unknown() {
                    return;
                }
                let Ok(states) = sibling_states(site, others) else {
                    return;
                };
                let count =
                    usize::from(!value.is_null()) + states.iter().filter(|(_, set)| *set).count();
                let group = site.group(others);
                if count == 0 {
                    out.push(combination(
                        site.path(),
                        format!(
                            "No attribute specified when one (and only one) of {group} is required"
                        ),
                    ));
                } else if count > 1 {
                    out.push(combination(
                        site.path(),
                        format!(
                            "{count} attributes specified when one (and only one) of {group} is \
                             required"
                        ),
                    ));
                }
            }
            Validator::AtLeastOneOf(others) => {
                if !value.is_null() {
                    return;
                }
                let Ok(states) = sibling_states(site, others) else {
                    return;
                };
                if states.iter().any(|(_, set)| *set) {
                    return;
                }
                out.push(combination(
                    site.path(),
                    format!(
                        "At least one attribute out of {} must be specified",
                        site.group(others)
                    ),
                ));
            }
            Validator::RequiredWith(others) => {
                pair_rule(value, site, others, false, out, "must be specified");
            }
            Validator::Size { min, max } => {
                let (kind, count) = match value.kind() {
                    ValueKind::List(e) => ("list", e.len()),
                    ValueKind::Set(e) => ("set", e.len()),
                    ValueKind::Map(e) => ("map", e.len()),
                    _ => return,
                };
                if outside(count as u64, *min, *max) {
                    out.push(
                        Diagnostic::error(
                            "Invalid Attribute Value",
                            format!(
                                "Attribute {} {kind} must contain {}, got: {count}",
                                site.path(),
                                bounds_text(*min, *max, " elements")
                            ),
                        )
                        .with_path(site.path()),
                    );
                }
            }
            Validator::Custom(rule) => {
                if !value.is_known() {
                    return;
                }
                let result = super::contained("the validate function", || (rule.check)(value))
                    .unwrap_or_else(|panic| {
                        Err(Diagnostic::error("Invalid Attribute Value", panic))
                    });
                if let Err(diagnostic) = result {
                    out.push(diagnostic.with_path(site.path()));
                }
            }
            Validator::Unique => {
                let ValueKind::List(elements) = value.kind() else {
                    return;
                };
                let known = elements.iter().filter(|element| element.is_wholly_known());
                let mut seen = std::collections::HashSet::new();
                if let Some(duplicate) = known.into_iter().find(|element| !seen.insert(*element)) {
                    out.push(
                        Diagnostic::error(
                            "Duplicate List Value",
                            format!(
                                "This attribute contains duplicate values of: {}",
                                go_literal(duplicate)
                            ),
                        )
                        .with_path(site.path()),
                    );
                }
            }
            Validator::OneOf(_)
            | Validator::NoneOf(_)
            | Validator::Matches(_)
            | Validator::Length { .. }
            | Validator::Range { .. } => {
                each_element(value, &site.parent.name(site.name), &mut |value, here| {
                    self.check_primitive(value, here, out);
                });
            }
        }
    }

    /// The value rules on one known string or number.
    fn check_primitive(&self, value: &Value, here: &Here<'_>, out: &mut Diagnostics) {
        match (self, value.kind()) {
            (Validator::OneOf(allowed), ValueKind::String(_) | ValueKind::Number(_))
                if !allowed.contains(value) =>
            {
                out.push(value_match(here, "one of", allowed, value));
            }
            (Validator::NoneOf(forbidden), ValueKind::String(_) | ValueKind::Number(_))
                if forbidden.contains(value) =>
            {
                out.push(value_match(here, "none of", forbidden, value));
            }
            (Validator::Matches(pattern), ValueKind::String(text)) => {
                let path = here.path();
                match pattern.is_match(text) {
                    Ok(true) => {}
                    Ok(false) => out.push(
                        Diagnostic::error(
                            "Invalid Attribute Value Match",
                            format!(
                                "Attribute {path} value must match regular expression '{}', \
                                 got: {text}",
                                pattern.as_str(),
                            ),
                        )
                        .with_path(path),
                    ),
                    Err(error) => out.push(
                        Diagnostic::error(
                            "Invalid regular expression",
                            format!(
                                "The pattern of {path}, '{}', does not compile: {error}. This is \
                                 a bug in the provider.",
                                pattern.as_str()
                            ),
                        )
                        .with_path(path),
                    ),
                }
            }
            (Validator::Length { min, max }, ValueKind::String(text)) => {
                let length = text.chars().count() as u64;
                if outside(length, *min, *max) {
                    let path = here.path();
                    out.push(
                        Diagnostic::error(
                            "Invalid Attribute Value Length",
                            format!(
                                "Attribute {path} string length must be {}, got: {length}",
                                bounds_text(*min, *max, "")
                            ),
                        )
                        .with_path(path),
                    );
                }
            }
            (Validator::Range { min, max }, ValueKind::Number(number)) => {
                let below = min.as_ref().is_some_and(|min| number < min);
                let above = max.as_ref().is_some_and(|max| number > max);
                if below || above {
                    let path = here.path();
                    let bounds = match (min, max) {
                        (Some(min), Some(max)) => format!("between {min} and {max}"),
                        (Some(min), None) => format!("at least {min}"),
                        (None, Some(max)) => format!("at most {max}"),
                        (None, None) => String::new(),
                    };
                    out.push(
                        Diagnostic::error(
                            "Invalid Attribute Value",
                            format!("Attribute {path} value must be {bounds}, got: {number}"),
                        )
                        .with_path(path),
                    );
                }
            }
            _ => {}
        }
    }
}

/// Calls `f` on a known primitive value, or on each known primitive element of a known list,
/// set or map, at its path.
fn each_element(value: &Value, here: &Here<'_>, f: &mut dyn FnMut(&Value, &Here<'_>)) {
    match value.kind() {
        ValueKind::Null | ValueKind::Unknown => {}
        ValueKind::List(elements) | ValueKind::Tuple(elements) => {
            for (i, element) in elements.iter().enumerate() {
                each_element(element, &here.index(i), f);
            }
        }
        ValueKind::Set(elements) => {
            for element in elements {
                each_element(element, &here.element(element), f);
            }
        }
        ValueKind::Map(elements) => {
            for (key, element) in elements.iter() {
                each_element(element, &here.key(key), f);
            }
        }
        ValueKind::Object(_) => {}
        ValueKind::String(_) | ValueKind::Number(_) | ValueKind::Bool(_) => f(value, here),
    }
}

fn outside(count: u64, min: Option<u64>, max: Option<u64>) -> bool {
    min.is_some_and(|min| count < min) || max.is_some_and(|max| count > max)
}

/// `between 1 and 3`, `at least 1`, `at most 3`, with `unit` after each number as Go writes
/// a collection's size ("at least 1 elements and at most 3 elements").
fn bounds_text(min: Option<u64>, max: Option<u64>, unit: &str) -> String {
    match (min, max) {
        (Some(min), Some(max)) if unit.is_empty() => format!("between {min} and {max}"),
        (Some(min), Some(max)) => format!("at least {min}{unit} and at most {max}{unit}"),
        (Some(min), None) => format!("at least {min}{unit}"),
        (None, Some(max)) => format!("at most {max}{unit}"),
        (None, None) => String::new(),
    }
}

/// A value as Go's validators print it: strings quoted, numbers bare.
/// Go's "Invalid Attribute Value Match" for `one_of` and `none_of` (`which`): the list, and
/// the value at fault.
fn value_match(here: &Here<'_>, which: &str, list: &[Value], value: &Value) -> Diagnostic {
    let path = here.path();
    let list: Vec<String> = list.iter().map(go_literal).collect();
    Diagnostic::error(
        "Invalid Attribute Value Match",
        format!(
            "Attribute {path} value must be {which}: [{}], got: {}",
            list.join(" "),
            go_literal(value)
        ),
    )
    .with_path(path)
}

fn go_literal(value: &Value) -> String {
    match value.kind() {
        ValueKind::String(text) => format!("{text:?}"),
        _ => value.to_string(),
    }
}
