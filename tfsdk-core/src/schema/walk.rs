//! Where a walk over a value is, without allocating: the steps from the root as a chain of
//! borrowed frames on the stack, made into an [`AttributePath`] only when a diagnostic or a
//! replacement needs one. Planning a list of a thousand objects then costs no path allocation
//! per attribute.

use crate::path::{AttributePath, PathStep};
use crate::tftypes::Value;

/// One frame of the chain: its step and the frame it was taken from.
#[derive(Clone, Copy)]
pub(super) struct Here<'a> {
    parent: Option<&'a Here<'a>>,
    step: Step<'a>,
}

#[derive(Clone, Copy)]
enum Step<'a> {
    Root,
    Name(&'a str),
    Index(usize),
    Key(&'a str),
    Element(&'a Value),
}

impl<'a> Here<'a> {
    /// The root of the value.
    pub(super) const ROOT: Here<'static> = Here {
        parent: None,
        step: Step::Root,
    };

    /// The attribute `name` of the object here.
    pub(super) fn name(&'a self, name: &'a str) -> Here<'a> {
        self.with(Step::Name(name))
    }

    /// The element at `index` of the list here.
    pub(super) fn index(&'a self, index: usize) -> Here<'a> {
        self.with(Step::Index(index))
    }

    /// The element `key` of the map here.
    pub(super) fn key(&'a self, key: &'a str) -> Here<'a> {
        self.with(Step::Key(key))
    }

    /// The element `value` of the set here.
    pub(super) fn element(&'a self, value: &'a Value) -> Here<'a> {
        self.with(Step::Element(value))
    }

    fn with(&'a self, step: Step<'a>) -> Here<'a> {
        Here {
            parent: Some(self),
            step,
        }
    }

    /// True at the root of the walk.
    pub(super) fn is_root(&self) -> bool {
        self.parent.is_none()
    }

    /// The path from the root to here.
    pub(super) fn path(&self) -> AttributePath {
        let mut steps = Vec::new();
        let mut frame = Some(self);
        while let Some(here) = frame {
            match here.step {
                Step::Root => {}
                Step::Name(name) => steps.push(PathStep::AttributeName(name.to_owned())),
                Step::Index(index) => steps.push(PathStep::ElementKeyInt(index as i64)),
                Step::Key(key) => steps.push(PathStep::ElementKeyString(key.to_owned())),
                Step::Element(value) => steps.push(PathStep::ElementKeyValue(value.clone())),
            }
            frame = here.parent;
        }
        steps.reverse();
        AttributePath::from_steps(steps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chain_of_frames_becomes_the_path_from_the_root() {
        let root = Here::ROOT;
        let rules = root.name("rules");
        let first = rules.index(0);
        let tags = first.name("tags");
        let env = tags.key("env");
        assert_eq!(env.path().to_string(), "rules[0].tags[\"env\"]");
        assert!(Here::ROOT.path().is_empty());
        let value = Value::from("a");
        assert_eq!(
            root.name("set").element(&value).path().to_string(),
            "set[Value(\"a\")]"
        );
    }
}
