//! What a provider method gets besides its data: the provider, the stop signal, and a place for
//! warnings and private state.

use std::sync::{Arc, Mutex, PoisonError};

use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tokio_util::sync::CancellationToken;

use crate::DeferredReason;

/// Tells provider code that Terraform asked it to stop (the `StopProvider` call, sent when the
/// practitioner presses Ctrl-C).
///
/// Long operations should check [`is_stopped`](StopToken::is_stopped) between steps or race
/// their work against [`stopped`](StopToken::stopped), and return an error diagnostic when
/// stopped.
///
/// ```
/// # async fn example(token: tfsdk_server::StopToken) {
/// tokio::select! {
///     _ = token.stopped() => { /* give up: return an error diagnostic */ }
///     _ = tokio::time::sleep(std::time::Duration::from_millis(10)) => { /* the work */ }
/// }
/// # }
/// ```
#[derive(Clone, Debug, Default)]
pub struct StopToken(CancellationToken);

impl StopToken {
    /// A token that is not stopped.
    pub fn new() -> StopToken {
        StopToken::default()
    }

    /// True once Terraform has asked the provider to stop.
    pub fn is_stopped(&self) -> bool {
        self.0.is_cancelled()
    }

    /// Completes when Terraform asks the provider to stop.
    pub async fn stopped(&self) {
        self.0.cancelled().await;
    }

    pub(crate) fn stop(&self) {
        self.0.cancel();
    }
}

/// The context of one call into provider code: the provider, the stop signal, warnings to
/// report alongside a successful result, and the resource's private state.
///
/// The server makes one per request; provider code receives it by reference.
pub struct Context<P> {
    provider: Arc<P>,
    stop: StopToken,
    shared: Arc<Mutex<CallState>>,
}

/// What provider code leaves behind in a [`Context`], read by the server after the call.
#[derive(Default)]
pub(crate) struct CallState {
    pub(crate) diagnostics: Diagnostics,
    pub(crate) private: Vec<u8>,
    /// Terraform's request allows a deferred answer.
    pub(crate) deferral_allowed: bool,
    /// What provider code asked for with [`Context::defer`].
    pub(crate) deferred: Option<DeferredReason>,
}

impl<P> Context<P> {
    /// A context for one call. The returned handle lets the server read the warnings and the
    /// private state after the call, even if provider code panicked.
    pub(crate) fn new(
        provider: Arc<P>,
        stop: StopToken,
        private: Vec<u8>,
    ) -> (Context<P>, Arc<Mutex<CallState>>) {
        let shared = Arc::new(Mutex::new(CallState {
            private,
            ..CallState::default()
        }));
        let context = Context {
            provider,
            stop,
            shared: Arc::clone(&shared),
        };
        (context, shared)
    }

    /// Another handle on this call's context (same provider, stop signal, warnings and
    /// private state), for helpers the server hands to provider code.
    pub(crate) fn sibling(&self) -> Context<P> {
        Context {
            provider: Arc::clone(&self.provider),
            stop: self.stop.clone(),
            shared: Arc::clone(&self.shared),
        }
    }

    /// The provider: its configuration as [`Provider::configure`](crate::Provider::configure)
    /// stored it, clients, caches.
    pub fn provider(&self) -> &P {
        &self.provider
    }

    /// The stop signal of this call.
    pub fn stop_token(&self) -> &StopToken {
        &self.stop
    }

    /// True once Terraform has asked the provider to stop.
    pub fn is_stopped(&self) -> bool {
        self.stop.is_stopped()
    }

    /// Reports a warning (or any diagnostic) along with the call's result.
    pub fn add_diagnostic(&self, diagnostic: Diagnostic) {
        self.state().diagnostics.push(diagnostic);
    }

    /// Reports a warning along with the call's result.
    pub fn warn(&self, summary: impl Into<String>, detail: impl Into<String>) {
        self.add_diagnostic(Diagnostic::warning(summary, detail));
    }

    /// The resource's private state: bytes the provider stored with the resource, which
    /// Terraform keeps in its state file without reading and hands back on every later read,
    /// plan and apply. Empty when nothing was stored.
    pub fn private_state(&self) -> Vec<u8> {
        self.state().private.clone()
    }

    /// Replaces the resource's private state (see [`private_state`](Context::private_state)).
    /// Only resource reads, plans, applies and imports keep it.
    pub fn set_private_state(&self, private: impl Into<Vec<u8>>) {
        self.state().private = private.into();
    }

    /// True when Terraform's request allows a deferred answer
    /// (`ClientCapabilities.deferral_allowed`: Terraform 1.9 and newer with
    /// `-allow-deferral`, or a stack). False in calls that cannot be deferred.
    pub fn deferral_allowed(&self) -> bool {
        self.state().deferral_allowed
    }

    /// Puts this object's change off to a later run, as Go's `resp.Deferred`: in a resource's
    /// plan (`modify_plan`), read or import, or a data source's read, the answer tells
    /// Terraform to come back once `reason` no longer holds (the plan, state or import
    /// returned alongside is what Terraform shows meanwhile). In
    /// [`Provider::configure`](crate::Provider::configure) it defers every plan, read, import
    /// and data source read of the run, without calling the types' code.
    ///
    /// Deferring when [`deferral_allowed`](Context::deferral_allowed) is false is an error of
    /// the call ("Invalid Deferred Resource Response", or Go's "Invalid Deferred Provider
    /// Response" from `configure`).
    pub fn defer(&self, reason: DeferredReason) {
        self.state().deferred = Some(reason);
    }

    /// Lets this call defer when Terraform's request allows it.
    pub(crate) fn allow_deferral(&self, allowed: bool) {
        self.state().deferral_allowed = allowed;
    }

    fn state(&self) -> std::sync::MutexGuard<'_, CallState> {
        // A panic in provider code while holding the lock leaves plain data behind: keep it.
        self.shared.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
