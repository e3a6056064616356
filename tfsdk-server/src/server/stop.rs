//! StopProvider: Ctrl-C in Terraform. Cancels the stop token of every call in flight; later
//! calls get a fresh token.

use std::mem;
use std::sync::PoisonError;

use super::Server;
use crate::proto::tfplugin6 as pb;
use crate::{Provider, StopToken};

pub(super) fn stop_provider<P: Provider>(server: &Server<P>) -> pb::stop_provider::Response {
    let mut current = server.stop.lock().unwrap_or_else(PoisonError::into_inner);
    mem::replace(&mut *current, StopToken::new()).stop();
    pb::stop_provider::Response::default()
}
