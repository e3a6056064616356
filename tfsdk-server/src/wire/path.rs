//! Attribute paths as the protocol's `AttributePath`: attribute names, map keys and list
//! indexes. The protocol has no step for a set element, so a path through a set stops at the
//! set, which is where Terraform then points.

use tfsdk_core::path::{AttributePath, PathStep};

use crate::proto::tfplugin6 as pb;
use pb::attribute_path::step::Selector;

/// The path as the protocol spells it, cut before its first set element.
pub(crate) fn path_to_proto(path: &AttributePath) -> pb::AttributePath {
    let steps = path
        .steps()
        .iter()
        .map_while(|step| {
            let selector = match step {
                PathStep::AttributeName(name) => Selector::AttributeName(name.clone()),
                PathStep::ElementKeyString(key) => Selector::ElementKeyString(key.clone()),
                PathStep::ElementKeyInt(index) => Selector::ElementKeyInt(*index),
                PathStep::ElementKeyValue(_) => return None,
            };
            Some(pb::attribute_path::Step {
                selector: Some(selector),
            })
        })
        .collect();
    pb::AttributePath { steps }
}

/// The protocol's path as an [`AttributePath`]; a step without a selector (which Terraform
/// never sends) is skipped. Terraform sends no path the server reads: the tests use it to read
/// back what the server writes.
#[cfg(test)]
fn path_from_proto(path: &pb::AttributePath) -> AttributePath {
    AttributePath::from_steps(path.steps.iter().filter_map(|step| {
        Some(match step.selector.as_ref()? {
            Selector::AttributeName(name) => PathStep::AttributeName(name.clone()),
            Selector::ElementKeyString(key) => PathStep::ElementKeyString(key.clone()),
            Selector::ElementKeyInt(index) => PathStep::ElementKeyInt(*index),
        })
    }))
}

#[cfg(test)]
mod tests {
    use tfsdk_core::tftypes::Value;

    use super::*;

    /// A protocol step with this selector.
    fn step(selector: Selector) -> pb::attribute_path::Step {
        pb::attribute_path::Step {
            selector: Some(selector),
        }
    }

    #[test]
    fn names_keys_and_indexes_become_the_matching_steps() {
        let path = AttributePath::root("rules")
            .at_list_index(2)
            .at_name("tags")
            .at_map_key("env");
        assert_eq!(
            path_to_proto(&path).steps,
            [
                step(Selector::AttributeName("rules".into())),
                step(Selector::ElementKeyInt(2)),
                step(Selector::AttributeName("tags".into())),
                step(Selector::ElementKeyString("env".into())),
            ]
        );
    }

    #[test]
    fn names_keys_and_indexes_round_trip() {
        let path = AttributePath::root("rules")
            .at_list_index(2)
            .at_name("tags")
            .at_map_key("env");
        assert_eq!(path_from_proto(&path_to_proto(&path)), path);
    }

    #[test]
    fn a_path_through_a_set_stops_at_the_set() {
        let path = AttributePath::root("ports")
            .at_set_value(Value::from(80))
            .at_name("protocol");
        assert_eq!(
            path_from_proto(&path_to_proto(&path)),
            AttributePath::root("ports")
        );
    }

    #[test]
    fn the_empty_path_has_no_steps() {
        assert!(path_to_proto(&AttributePath::empty()).steps.is_empty());
        assert!(path_from_proto(&pb::AttributePath::default()).is_empty());
    }

    #[test]
    fn a_step_without_a_selector_is_skipped() {
        let wire = pb::AttributePath {
            steps: vec![
                step(Selector::AttributeName("tags".into())),
                pb::attribute_path::Step { selector: None },
                step(Selector::ElementKeyString("env".into())),
            ],
        };
        assert_eq!(
            path_from_proto(&wire),
            AttributePath::root("tags").at_map_key("env")
        );
    }
}
