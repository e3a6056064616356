//! Attribute paths: where in a value something happened (`buckets[0].website["index"]`).

use std::fmt;

use crate::tftypes::Value;

/// One step of an [`AttributePath`].
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum PathStep {
    /// An object attribute: `.name`.
    AttributeName(String),
    /// A map element: `["key"]`.
    ElementKeyString(String),
    /// A list or tuple element: `[0]`.
    ElementKeyInt(i64),
    /// A set element, identified by its value: `[Value("a")]`.
    ElementKeyValue(Value),
}

/// A path from the root of a value to one of its parts.
///
/// Built step by step with the framework's names, and printed the way Terraform users read
/// them:
///
/// ```
/// use tfsdk_core::path::AttributePath;
///
/// let path = AttributePath::root("buckets")
///     .at_list_index(0)
///     .at_name("website")
///     .at_map_key("index");
/// assert_eq!(path.to_string(), r#"buckets[0].website["index"]"#);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct AttributePath {
    steps: Vec<PathStep>,
}

impl AttributePath {
    /// The empty path: the value itself.
    pub fn empty() -> AttributePath {
        AttributePath::default()
    }

    /// A path starting at a top-level attribute (Go's `path.Root`).
    pub fn root(name: impl Into<String>) -> AttributePath {
        AttributePath::empty().at_name(name)
    }

    /// A path made of these steps.
    pub fn from_steps(steps: impl IntoIterator<Item = PathStep>) -> AttributePath {
        AttributePath {
            steps: steps.into_iter().collect(),
        }
    }

    /// This path, then an object attribute.
    pub fn at_name(self, name: impl Into<String>) -> AttributePath {
        self.with(PathStep::AttributeName(name.into()))
    }

    /// This path, then a list or tuple element.
    pub fn at_list_index(self, index: i64) -> AttributePath {
        self.with(PathStep::ElementKeyInt(index))
    }

    /// This path, then a map element.
    pub fn at_map_key(self, key: impl Into<String>) -> AttributePath {
        self.with(PathStep::ElementKeyString(key.into()))
    }

    /// This path, then a set element.
    pub fn at_set_value(self, value: Value) -> AttributePath {
        self.with(PathStep::ElementKeyValue(value))
    }

    /// This path, then one more step.
    pub fn with(mut self, step: PathStep) -> AttributePath {
        self.steps.push(step);
        self
    }

    /// Appends a step in place.
    pub fn push(&mut self, step: PathStep) {
        self.steps.push(step);
    }

    /// Removes and returns the last step.
    pub fn pop(&mut self) -> Option<PathStep> {
        self.steps.pop()
    }

    /// This path followed by all steps of `other`.
    pub fn join(mut self, other: &AttributePath) -> AttributePath {
        self.steps.extend(other.steps.iter().cloned());
        self
    }

    /// The steps, from the root.
    pub fn steps(&self) -> &[PathStep] {
        &self.steps
    }

    /// The last step, if any.
    pub fn last_step(&self) -> Option<&PathStep> {
        self.steps.last()
    }

    /// The path without its last step.
    pub fn parent(&self) -> AttributePath {
        let mut parent = self.clone();
        parent.steps.pop();
        parent
    }

    /// True for the empty path.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// Number of steps.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// True when `self` is `prefix` or lies beneath it.
    pub fn starts_with(&self, prefix: &AttributePath) -> bool {
        self.steps.starts_with(&prefix.steps)
    }
}

impl fmt::Display for PathStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathStep::AttributeName(name) => write!(f, ".{name}"),
            PathStep::ElementKeyString(key) => write!(f, "[{key:?}]"),
            PathStep::ElementKeyInt(index) => write!(f, "[{index}]"),
            PathStep::ElementKeyValue(value) => write!(f, "[Value({value})]"),
        }
    }
}

impl fmt::Display for AttributePath {
    /// `buckets[0].website["index"]`; the empty path prints as nothing.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, step) in self.steps.iter().enumerate() {
            match step {
                PathStep::AttributeName(name) if i == 0 => f.write_str(name)?,
                step => write!(f, "{step}")?,
            }
        }
        Ok(())
    }
}

impl fmt::Debug for AttributePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AttributePath({self})")
    }
}

impl From<PathStep> for AttributePath {
    fn from(step: PathStep) -> AttributePath {
        AttributePath { steps: vec![step] }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_print_like_terraform() {
        let path = AttributePath::root("buckets")
            .at_list_index(0)
            .at_name("website")
            .at_name("index_document");
        assert_eq!(path.to_string(), "buckets[0].website.index_document");
        assert_eq!(
            AttributePath::root("tags").at_map_key("env").to_string(),
            r#"tags["env"]"#
        );
        assert_eq!(
            AttributePath::root("ids")
                .at_set_value(Value::from("a"))
                .to_string(),
            r#"ids[Value("a")]"#
        );
        assert_eq!(AttributePath::empty().to_string(), "");
        assert_eq!(AttributePath::empty().at_list_index(3).to_string(), "[3]");
        assert_eq!(
            AttributePath::root("k").at_map_key("quote\"d").to_string(),
            r#"k["quote\"d"]"#
        );
    }

    #[test]
    fn parent_join_and_prefix() {
        let path = AttributePath::root("a").at_list_index(1);
        assert_eq!(path.parent(), AttributePath::root("a"));
        assert!(path.starts_with(&AttributePath::root("a")));
        assert!(!AttributePath::root("a").starts_with(&path));
        let joined = AttributePath::root("x").join(&path);
        assert_eq!(joined.to_string(), "x.a[1]");
        assert_eq!(joined.len(), 3);
    }
}
