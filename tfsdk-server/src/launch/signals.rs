//! SIGINT. A Ctrl-C in the terminal reaches every process of the group, Terraform's providers
//! included; Terraform passes it on as `StopProvider`, so under Terraform the provider ignores
//! the signal itself. In debug mode nobody else is there to stop the provider: Ctrl-C does.
//!
//! The handler is installed before the function returns (before the handshake line), so no
//! early Ctrl-C can kill the process. Call from inside the tokio runtime.

use std::io;

use super::controller::Shutdown;

/// Takes SIGINT over for the rest of the process and does nothing with it.
pub(crate) fn ignore_interrupt() -> io::Result<()> {
    on_interrupt(|| {})
}

/// Triggers `shutdown` on SIGINT.
pub(crate) fn shutdown_on_interrupt(shutdown: Shutdown) -> io::Result<()> {
    on_interrupt(move || shutdown.trigger())
}

#[cfg(unix)]
fn on_interrupt(action: impl Fn() + Send + 'static) -> io::Result<()> {
    use tokio::signal::unix::{SignalKind, signal};

    let mut interrupts = signal(SignalKind::interrupt())?;
    tokio::spawn(async move {
        while interrupts.recv().await.is_some() {
            action();
        }
    });
    Ok(())
}

#[cfg(not(unix))]
fn on_interrupt(action: impl Fn() + Send + 'static) -> io::Result<()> {
    let mut interrupts = tokio::signal::windows::ctrl_c()?;
    tokio::spawn(async move {
        while interrupts.recv().await.is_some() {
            action();
        }
    });
    Ok(())
}
