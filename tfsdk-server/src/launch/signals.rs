//! Ctrl-C. Under Terraform the provider ignores SIGINT (the terminal sends it to the whole
//! process group; Terraform passes the request on as `StopProvider`). In debug mode it stops
//! the provider.

use tokio::sync::watch;

/// Takes SIGINT over and does nothing with it.
pub(crate) fn ignore_interrupt() {
    tokio::spawn(async {
        while tokio::signal::ctrl_c().await.is_ok() {}
    });
}

/// Requests shutdown on the first SIGINT.
pub(crate) fn stop_on_interrupt(shutdown: watch::Sender<bool>) {
    tokio::spawn(async move {
        if tokio::signal::ctrl_c().await.is_ok() {
            shutdown.send_replace(true);
        }
    });
}
