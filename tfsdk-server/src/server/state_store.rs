//! The state store calls (protocol 6.11): configuration validated and handed to the store,
//! state files streamed in the chunk size agreed at ConfigureStateStore, assembled and checked
//! as Go's framework checks them, locks, the list of states and their deletion. The store
//! itself sees whole files ([`StateStore`](crate::StateStore)).

use std::sync::{Arc, PoisonError};

use tfsdk_core::diag::{Diagnostic, Diagnostics};

use super::{Server, Stream, answer, call, decode, diagnostics, registered};
use crate::Provider;
use crate::proto::tfplugin6 as pb;
use crate::registry::{StateStoreHandler, StoreAnswer, StoreCall};

/// The chunk size when Terraform suggests none: Terraform's own default, 8 MiB.
const DEFAULT_CHUNK_SIZE: i64 = 8 << 20;

impl<P: Provider> Server<P> {
    fn state_store(&self, type_name: &str) -> Result<Arc<dyn StateStoreHandler<P>>, Diagnostic> {
        registered(&self.registry.state_stores, "State Store", type_name)
    }

    /// The chunk size agreed at ConfigureStateStore, or Go's error when there was none.
    fn chunk_size(&self, summary: &str) -> Result<usize, Diagnostic> {
        let agreed = *self
            .chunk_size
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        agreed
            .and_then(|size| usize::try_from(size).ok())
            .filter(|size| *size > 0)
            .ok_or_else(|| {
                Diagnostic::error(
                    summary,
                    "The provider server does not have a chunk size configured. This is a bug in \
                     either Terraform core or tfsdk-server and should be reported.",
                )
            })
    }

    /// WriteStateBytes on chunks already received (a forwarding front read the first to
    /// route the call).
    pub(crate) async fn write_state_chunks(
        &self,
        chunks: impl tokio_stream::Stream<
            Item = Result<pb::write_state_bytes::RequestChunk, tonic::Status>,
        > + Unpin,
    ) -> pb::write_state_bytes::Response {
        write_state_bytes(self, chunks).await
    }

    /// Runs one call of the store `type_name`.
    async fn store_call(
        &self,
        type_name: &str,
        request: StoreCall,
    ) -> (Option<StoreAnswer>, Diagnostics) {
        let store = match self.state_store(type_name) {
            Ok(store) => store,
            Err(error) => return (None, error.into()),
        };
        let (ctx, state) = self.context(Vec::new());
        call::run("state store call", state, store.call(ctx, request))
            .await
            .split()
    }
}

/// ValidateStateStoreConfig: the model's rules, then the store's own checks.
pub(super) fn validate_state_store_config<P: Provider>(
    server: &Server<P>,
    request: pb::validate_state_store_config::Request,
) -> pb::validate_state_store_config::Response {
    let found = server.state_store(&request.type_name).and_then(|store| {
        let config = decode(request.config.as_ref(), store.object_type())?;
        Ok(store.validate(config))
    });
    pb::validate_state_store_config::Response {
        diagnostics: diagnostics(&found.unwrap_or_else(Diagnostics::from)),
    }
}

/// ConfigureStateStore: the store configured; the chunk size is the one Terraform suggests,
/// as Go's framework answers.
pub(super) async fn configure_state_store<P: Provider>(
    server: &Server<P>,
    request: pb::configure_state_store::Request,
) -> pb::configure_state_store::Response {
    let mut response = pb::configure_state_store::Response::default();
    let decoded = server.state_store(&request.type_name).and_then(|store| {
        let config = decode(request.config.as_ref(), store.object_type())?;
        Ok((store, config))
    });
    let (store, config) = match decoded {
        Ok(decoded) => decoded,
        Err(error) => return answer(response, error.into()),
    };
    let (ctx, state) = server.context(Vec::new());
    let found = call::run("state store configure", state, store.configure(ctx, config))
        .await
        .split()
        .1;
    if !found.has_error() {
        let suggested = (request.capabilities.as_ref()).map(|c| c.chunk_size);
        let chunk_size = suggested
            .filter(|size| *size > 0)
            .unwrap_or(DEFAULT_CHUNK_SIZE);
        *server
            .chunk_size
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(chunk_size);
        response.capabilities = Some(pb::StateStoreServerCapabilities { chunk_size });
    }
    answer(response, found)
}

/// ReadStateBytes: the whole file from the store, streamed in chunks of the agreed size, each
/// with the total length and its inclusive byte range; an empty file is no chunk at all.
pub(super) async fn read_state_bytes<P: Provider>(
    server: &Server<P>,
    request: pb::read_state_bytes::Request,
) -> Stream<pb::read_state_bytes::ResponseChunk> {
    let failed = |found: &Diagnostics| {
        let chunk = pb::read_state_bytes::ResponseChunk {
            diagnostics: diagnostics(found),
            ..Default::default()
        };
        Box::pin(tokio_stream::iter([Ok(chunk)])) as Stream<_>
    };
    let chunk_size = match server.chunk_size("Error reading state") {
        Ok(size) => size,
        Err(error) => return failed(&error.into()),
    };
    let read = StoreCall::Read(request.state_id);
    let bytes = match server.store_call(&request.type_name, read).await {
        (Some(StoreAnswer::Bytes(bytes)), found) if !found.has_error() => bytes,
        (_, found) => return failed(&found),
    };
    let total_length = i64::try_from(bytes.len()).unwrap_or(i64::MAX);
    let chunks: Vec<_> = bytes
        .chunks(chunk_size)
        .enumerate()
        .map(|(index, chunk)| {
            let start = index * chunk_size;
            let end = start + chunk.len() - 1;
            Ok(pb::read_state_bytes::ResponseChunk {
                bytes: chunk.to_vec(),
                total_length,
                range: Some(pb::StateByteRange {
                    start: i64::try_from(start).unwrap_or(i64::MAX),
                    end: i64::try_from(end).unwrap_or(i64::MAX),
                }),
                diagnostics: Vec::new(),
            })
        })
        .collect();
    Box::pin(tokio_stream::iter(chunks))
}

/// WriteStateBytes: the chunks Terraform streams, checked as Go's framework checks them (every
/// chunk but the last of the agreed size, the total length as announced, a state ID given),
/// then the whole file handed to the store.
pub(super) async fn write_state_bytes<P: Provider>(
    server: &Server<P>,
    mut chunks: impl tokio_stream::Stream<
        Item = Result<pb::write_state_bytes::RequestChunk, tonic::Status>,
    > + Unpin,
) -> pb::write_state_bytes::Response {
    use tokio_stream::StreamExt;
    let response = pb::write_state_bytes::Response::default();
    let refused =
        |detail: String| Diagnostics::from(Diagnostic::error("Error Writing State", detail));
    let chunk_size = match server.chunk_size("Error Writing State") {
        Ok(size) => size,
        Err(error) => return answer(response, error.into()),
    };
    let (mut type_name, mut state_id) = (String::new(), String::new());
    let mut file = Vec::new();
    let mut expected_length = 0;
    while let Some(chunk) = chunks.next().await {
        let chunk = match chunk {
            Ok(chunk) => chunk,
            Err(status) => return answer(response, refused(status.message().to_owned())),
        };
        if let Some(meta) = chunk.meta {
            (type_name, state_id) = (meta.type_name, meta.state_id);
        }
        let end = chunk.range.as_ref().map_or(0, |range| range.end);
        let size = chunk.bytes.len();
        if end < chunk.total_length - 1 && size != chunk_size {
            return answer(
                response,
                refused(format!(
                    "Unexpected chunk of size {size} was received from Terraform, expected chunk size \
                 was {chunk_size}. This is a bug in Terraform core and should be reported."
                )),
            );
        }
        if end >= chunk.total_length - 1 && size > chunk_size {
            return answer(
                response,
                refused(format!(
                    "Unexpected final chunk of size {size} was received from Terraform, which exceeds \
                 the configured chunk size of {chunk_size}. This is a bug in Terraform core and \
                 should be reported."
                )),
            );
        }
        if expected_length == 0 {
            expected_length = chunk.total_length;
        }
        file.extend_from_slice(&chunk.bytes);
    }
    if file.is_empty() {
        return answer(
            response,
            refused(
                "No state data was received from Terraform. This is a bug in Terraform core and \
             should be reported."
                    .into(),
            ),
        );
    }
    if i64::try_from(file.len()).ok() != Some(expected_length) {
        return answer(
            response,
            refused(format!(
                "Unexpected size of state data received from Terraform, got: {}, expected: \
             {expected_length}. This is a bug in Terraform core and should be reported.",
                file.len()
            )),
        );
    }
    if state_id.is_empty() {
        return answer(
            response,
            refused(
                "No state ID was received from Terraform. This is a bug in Terraform core and \
             should be reported."
                    .into(),
            ),
        );
    }
    let found = server
        .store_call(&type_name, StoreCall::Write(state_id, file))
        .await
        .1;
    answer(response, found)
}

/// LockState: the new lock's ID, empty when the store does not lock.
pub(super) async fn lock_state<P: Provider>(
    server: &Server<P>,
    request: pb::lock_state::Request,
) -> pb::lock_state::Response {
    let lock = StoreCall::Lock(request.state_id, request.operation);
    let (answered, found) = server.store_call(&request.type_name, lock).await;
    let lock_id = match answered {
        Some(StoreAnswer::Locked(id)) => id.unwrap_or_default(),
        _ => String::new(),
    };
    answer(
        pb::lock_state::Response {
            lock_id,
            ..Default::default()
        },
        found,
    )
}

/// UnlockState.
pub(super) async fn unlock_state<P: Provider>(
    server: &Server<P>,
    request: pb::unlock_state::Request,
) -> pb::unlock_state::Response {
    let unlock = StoreCall::Unlock(request.state_id, request.lock_id);
    let found = server.store_call(&request.type_name, unlock).await.1;
    answer(pb::unlock_state::Response::default(), found)
}

/// GetStates.
pub(super) async fn get_states<P: Provider>(
    server: &Server<P>,
    request: pb::get_states::Request,
) -> pb::get_states::Response {
    let (answered, found) = server
        .store_call(&request.type_name, StoreCall::States)
        .await;
    let state_ids = match answered {
        Some(StoreAnswer::States(ids)) => ids,
        _ => Vec::new(),
    };
    answer(
        pb::get_states::Response {
            state_ids,
            ..Default::default()
        },
        found,
    )
}

/// DeleteState.
pub(super) async fn delete_state<P: Provider>(
    server: &Server<P>,
    request: pb::delete_state::Request,
) -> pb::delete_state::Response {
    let delete = StoreCall::Delete(request.state_id);
    let found = server.store_call(&request.type_name, delete).await.1;
    answer(pb::delete_state::Response::default(), found)
}
