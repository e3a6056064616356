//! Calls of the protocol this toolkit does not offer (moving state between resource types,
//! resource identity): each answers at once with an error diagnostic saying
//! so, never a hang.

use tfsdk_core::diag::Diagnostic;

use super::diagnostic;
use crate::proto::tfplugin6 as pb;

fn not_offered(what: &str, name: &str) -> Vec<pb::Diagnostic> {
    diagnostic(Diagnostic::error(
        format!("{what} not supported"),
        format!(
            "This provider has no {what} {name:?}: providers built on tfsdk-server do not offer {what}s yet."
        ),
    ))
}

pub(super) fn move_resource_state(
    request: pb::move_resource_state::Request,
) -> pb::move_resource_state::Response {
    pb::move_resource_state::Response {
        diagnostics: diagnostic(Diagnostic::error(
            "Move Resource State Not Supported",
            format!(
                "The resource type {:?} cannot take over state from {:?}: this provider does \
                 not support moving state between resource types.",
                request.target_type_name, request.source_type_name
            ),
        )),
        ..Default::default()
    }
}

pub(super) fn upgrade_resource_identity(
    request: pb::upgrade_resource_identity::Request,
) -> pb::upgrade_resource_identity::Response {
    pb::upgrade_resource_identity::Response {
        diagnostics: not_offered("resource identity for", &request.type_name),
        ..Default::default()
    }
}
