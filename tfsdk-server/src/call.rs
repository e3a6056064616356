//! Running provider code for one request: in its own task, so that a panic becomes an error
//! diagnostic for that request and the server keeps serving.

use std::any::Any;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};

use tfsdk_core::diag::{Diagnostic, Diagnostics};

use crate::context::CallState;

/// A future the server can spawn: owned, `Send`, `'static`.
pub type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send + 'static>>;

/// What a call into provider code left: its result, the warnings it reported through the
/// context, and the private state.
pub(crate) struct Outcome<T> {
    /// `Err` holds the errors (and any warnings returned with them).
    pub(crate) result: Result<T, Diagnostics>,
    /// Diagnostics reported through the context.
    pub(crate) diagnostics: Diagnostics,
    /// The private state after the call.
    pub(crate) private: Vec<u8>,
    /// What the call asked for with [`Context::defer`](crate::Context::defer).
    pub(crate) deferred: Option<crate::DeferredReason>,
}

impl<T> Outcome<T> {
    /// Every diagnostic of the call, the context's first; and the value if there was no error.
    pub(crate) fn split(self) -> (Option<T>, Diagnostics) {
        let mut diagnostics = self.diagnostics;
        match self.result {
            Ok(value) if !diagnostics.has_error() => (Some(value), diagnostics),
            Ok(_) => (None, diagnostics),
            Err(errors) => {
                diagnostics.append(errors);
                if !diagnostics.has_error() {
                    diagnostics.push(Diagnostic::error(
                        "Provider call failed",
                        "The provider returned an error without an error diagnostic.",
                    ));
                }
                (None, diagnostics)
            }
        }
    }
}

/// Runs `future` (provider code) in its own task and collects what it left in `state`.
/// A panic becomes an error diagnostic naming the operation and the panic's message.
pub(crate) async fn run<T: Send + 'static>(
    operation: &str,
    state: Arc<Mutex<CallState>>,
    future: BoxFuture<Result<T, Diagnostics>>,
) -> Outcome<T> {
    let result = match tokio::spawn(future).await {
        Ok(result) => result,
        Err(error) if error.is_panic() => Err(Diagnostics::from(panic_diagnostic(
            operation,
            error.into_panic(),
        ))),
        Err(_) => Err(Diagnostics::from(Diagnostic::error(
            "Provider call cancelled",
            format!("The provider's {operation} did not finish: the server is shutting down."),
        ))),
    };
    let state = std::mem::take(&mut *state.lock().unwrap_or_else(PoisonError::into_inner));
    Outcome {
        result,
        diagnostics: state.diagnostics,
        private: state.private,
        deferred: state.deferred,
    }
}

/// Runs `future` (provider code that reports no diagnostics, such as a function call) in its
/// own task; a panic becomes an error diagnostic naming the operation.
pub(crate) async fn spawn_contained<T: Send + 'static>(
    operation: &str,
    future: BoxFuture<T>,
) -> Result<T, Diagnostic> {
    match tokio::spawn(future).await {
        Ok(value) => Ok(value),
        Err(error) if error.is_panic() => Err(panic_diagnostic(operation, error.into_panic())),
        Err(_) => Err(Diagnostic::error(
            "Provider call cancelled",
            format!("The provider's {operation} did not finish: the server is shutting down."),
        )),
    }
}

/// Runs synchronous provider code (validation) and turns a panic into an error diagnostic
/// naming the operation, so that the request fails and the server keeps serving.
pub(crate) fn contained<T>(operation: &str, f: impl FnOnce() -> T) -> Result<T, Diagnostic> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
        .map_err(|payload| panic_diagnostic(operation, payload))
}

fn panic_diagnostic(operation: &str, payload: Box<dyn Any + Send>) -> Diagnostic {
    let message = tfsdk_core::schema::panic_message(&*payload);
    Diagnostic::error(
        "Provider panicked",
        format!(
            "The provider's {operation} panicked: {message}\n\nThis is a bug in the provider; \
             the request failed, and the provider keeps serving other requests."
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state() -> Arc<Mutex<CallState>> {
        Arc::new(Mutex::new(CallState::default()))
    }

    #[tokio::test]
    async fn a_panic_becomes_an_error_diagnostic_with_its_message() {
        let outcome: Outcome<()> = run(
            "create",
            state(),
            Box::pin(async { panic!("disk on fire") }),
        )
        .await;
        let (value, diagnostics) = outcome.split();
        assert!(value.is_none());
        let error = diagnostics.errors().next().expect("an error");
        assert_eq!(error.summary, "Provider panicked");
        assert!(
            error.detail.contains("create panicked: disk on fire"),
            "{}",
            error.detail
        );
    }

    #[tokio::test]
    async fn warnings_from_the_context_come_with_a_success() {
        let shared = state();
        shared
            .lock()
            .unwrap()
            .diagnostics
            .add_warning("careful", "it worked, mostly");
        let (value, diagnostics) = run("read", shared, Box::pin(async { Ok(7) })).await.split();
        assert_eq!(value, Some(7));
        assert_eq!(diagnostics.warnings().count(), 1);
    }

    #[tokio::test]
    async fn an_error_without_diagnostics_still_fails_the_request() {
        let (value, diagnostics) = run::<()>(
            "delete",
            state(),
            Box::pin(async { Err(Diagnostics::new()) }),
        )
        .await
        .split();
        assert!(value.is_none());
        assert!(diagnostics.has_error());
    }
}
