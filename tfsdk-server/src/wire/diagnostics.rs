//! Diagnostics as the protocol's `Diagnostic` messages, each with its attribute path.

use tfsdk_core::diag::{Diagnostic, Diagnostics, Severity};

use super::path::path_to_proto;
use crate::proto::tfplugin6 as pb;

/// Every diagnostic as a protocol message, in order.
pub(crate) fn diagnostics_to_proto(diagnostics: &Diagnostics) -> Vec<pb::Diagnostic> {
    diagnostics.iter().map(diagnostic_to_proto).collect()
}

/// One diagnostic as a protocol message. A path with no step Terraform can follow (empty, or
/// starting with a set element) is left out, so that the diagnostic is about the whole value.
pub(crate) fn diagnostic_to_proto(diagnostic: &Diagnostic) -> pb::Diagnostic {
    let severity = match diagnostic.severity {
        Severity::Error => pb::diagnostic::Severity::Error,
        Severity::Warning => pb::diagnostic::Severity::Warning,
    };
    pb::Diagnostic {
        severity: severity as i32,
        summary: diagnostic.summary.clone(),
        detail: diagnostic.detail.clone(),
        attribute: diagnostic
            .path
            .as_ref()
            .map(path_to_proto)
            .filter(|path| !path.steps.is_empty()),
    }
}

#[cfg(test)]
mod tests {
    use tfsdk_core::path::AttributePath;
    use tfsdk_core::tftypes::Value;

    use super::*;
    use pb::attribute_path::step::Selector;

    #[test]
    fn severity_summary_detail_and_path_are_carried_over() {
        let mut diagnostics = Diagnostics::new();
        diagnostics.add_attribute_error(AttributePath::root("name"), "Bad name", "too long");
        diagnostics.add_warning("Careful", "deprecated");
        let wire = diagnostics_to_proto(&diagnostics);
        assert_eq!(wire.len(), 2);
        assert_eq!(wire[0].severity, pb::diagnostic::Severity::Error as i32);
        assert_eq!(wire[0].summary, "Bad name");
        assert_eq!(wire[0].detail, "too long");
        let steps = &wire[0].attribute.as_ref().unwrap().steps;
        assert_eq!(
            steps[0].selector,
            Some(Selector::AttributeName("name".into()))
        );
        assert_eq!(wire[1].severity, pb::diagnostic::Severity::Warning as i32);
        assert_eq!(wire[1].summary, "Careful");
        assert!(wire[1].attribute.is_none());
    }

    #[test]
    fn an_empty_path_means_no_attribute() {
        let diagnostic = Diagnostic::error("x", "y").with_path(AttributePath::empty());
        assert!(diagnostic_to_proto(&diagnostic).attribute.is_none());
    }

    #[test]
    fn a_path_inside_a_set_points_at_the_set() {
        let path = AttributePath::root("rules")
            .at_set_value(Value::from("a"))
            .at_name("port");
        let diagnostic = Diagnostic::error("x", "y").with_path(path);
        let steps = diagnostic_to_proto(&diagnostic).attribute.unwrap().steps;
        assert_eq!(steps.len(), 1);
        assert_eq!(
            steps[0].selector,
            Some(Selector::AttributeName("rules".into()))
        );
    }

    #[test]
    fn a_path_starting_with_a_set_element_means_no_attribute() {
        let path = AttributePath::empty().at_set_value(Value::from("a"));
        let diagnostic = Diagnostic::warning("x", "y").with_path(path);
        assert!(diagnostic_to_proto(&diagnostic).attribute.is_none());
    }
}
