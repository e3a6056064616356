//! What a call forwarded to the child answers when the child does not: an error diagnostic
//! saying whether the child has exited and where its output is, in an answer that keeps what
//! Terraform already holds ([`Fallback`]).

use std::time::Duration;

use super::child::Child;
use crate::proto::tfplugin6 as pb;
use crate::wire::diagnostics::diagnostics_to_proto;

/// How long a failed call waits for the child's exit status, to say whether it ended.
const EXIT_PATIENCE: Duration = Duration::from_millis(500);

/// The diagnostic of a call the child did not answer, saying whether it has exited.
pub(super) async fn call_failed(
    child: &Child,
    call: &str,
    status: &tonic::Status,
) -> Vec<pb::Diagnostic> {
    let exited = child.exit_status_within(EXIT_PATIENCE).await;
    failure(child, call, status, exited)
}

/// The diagnostic of a call the child did not answer; `exited`: how it ended, if it has.
pub(super) fn failure(
    child: &Child,
    call: &str,
    status: &tonic::Status,
    exited: Option<std::process::ExitStatus>,
) -> Vec<pb::Diagnostic> {
    let exited = exited
        .map(|status| format!(" It has exited ({status})."))
        .unwrap_or_default();
    let detail = format!(
        "{} (process {}) did not answer {call}: {} ({:?}).{exited} Its output is in Terraform's \
         log (TF_LOG_PROVIDER=debug). Objects it was changing keep the state Terraform held \
         before this call; refresh to see what the remote API holds now.",
        child.executable.display(),
        child.pid,
        status.message(),
        status.code(),
    );
    diagnostics_to_proto(
        &tfsdk_core::diag::Diagnostic::error("Forwarded provider failed", detail).into(),
    )
}

/// An answer to give when a forwarded call fails: what Terraform already holds, with the
/// failure's diagnostics.
pub(super) trait Fallback: Sized {
    fn failed(self, diagnostics: Vec<pb::Diagnostic>) -> Self;
}

macro_rules! fallbacks {
    ($($module:ident $(. $field:ident)?),* $(,)?) => {$(
        impl Fallback for pb::$module::Response {
            fn failed(mut self, diagnostics: Vec<pb::Diagnostic>) -> Self {
                fallbacks!(@set self, diagnostics $(, $field)?);
                self
            }
        }
    )*};
    (@set $self:ident, $diagnostics:ident) => { $self.diagnostics.extend($diagnostics); };
}

fallbacks!(
    validate_provider_config,
    validate_resource_config,
    validate_data_resource_config,
    upgrade_resource_state,
    upgrade_resource_identity,
    configure_provider,
    read_resource,
    plan_resource_change,
    apply_resource_change,
    import_resource_state,
    move_resource_state,
    generate_resource_config,
    read_data_source,
    validate_ephemeral_resource_config,
    open_ephemeral_resource,
    renew_ephemeral_resource,
    close_ephemeral_resource,
    validate_list_resource_config,
    validate_action_config,
    plan_action,
    validate_state_store_config,
    configure_state_store,
    write_state_bytes,
    lock_state,
    unlock_state,
    get_states,
    delete_state,
    get_metadata,
    get_provider_schema,
    get_resource_identity_schemas,
    get_functions,
);

impl Fallback for pb::call_function::Response {
    fn failed(mut self, diagnostics: Vec<pb::Diagnostic>) -> Self {
        let text = diagnostics
            .iter()
            .map(|d| format!("{}: {}", d.summary, d.detail))
            .collect::<Vec<_>>()
            .join("\n");
        self.error = Some(pb::FunctionError {
            text,
            function_argument: None,
        });
        self
    }
}

impl Fallback for pb::list_resource::Event {
    fn failed(mut self, diagnostics: Vec<pb::Diagnostic>) -> Self {
        self.diagnostic = diagnostics;
        self
    }
}

impl Fallback for pb::invoke_action::Event {
    fn failed(mut self, diagnostics: Vec<pb::Diagnostic>) -> Self {
        self.r#type = Some(pb::invoke_action::event::Type::Completed(
            pb::invoke_action::event::Completed { diagnostics },
        ));
        self
    }
}

impl Fallback for pb::read_state_bytes::ResponseChunk {
    fn failed(mut self, diagnostics: Vec<pb::Diagnostic>) -> Self {
        self.diagnostics = diagnostics;
        self
    }
}
