//! Calls of the protocol this toolkit does not offer: state stores (a provider keeping
//! Terraform's state, Terraform 1.15 experiments). Each answers at once with an error
//! diagnostic saying so, never a hang.

use tfsdk_core::diag::Diagnostic;

use super::diagnostic;
use crate::proto::tfplugin6 as pb;

/// The answer to every state store call.
pub(super) fn state_store(type_name: &str) -> Vec<pb::Diagnostic> {
    diagnostic(Diagnostic::error(
        "State Store Not Supported",
        format!(
            "This provider has no state store {type_name:?}: providers built on tfsdk-server do \
             not offer state stores."
        ),
    ))
}
