//! ImportResourceState: `terraform import` and `import` blocks, by ID or (Terraform 1.12 and
//! newer) by identity. The resource turns either into a state, sent with its identity;
//! Terraform reads it next.

use std::sync::Arc;

use tfsdk_core::diag::Diagnostics;

use tfsdk_core::tftypes::Value;

use super::{
    Server, answer, call, decode, deferral_allowed, deferred_to_proto, encode, identity_data, known,
};
use crate::proto::tfplugin6 as pb;
use crate::registry::{ImportBy, ResourceHandler, Stored};
use crate::{DeferredReason, Provider, deferral};

/// What an import answers.
#[derive(Debug, Default)]
pub(crate) struct ImportResponse {
    /// The object found: its state (wholly known) and identity; `None` when the import failed.
    pub(crate) imported: Option<Stored>,
    /// The private data the import left.
    pub(crate) private: Vec<u8>,
    /// The import is put off to a later run.
    pub(crate) deferred: Option<DeferredReason>,
    /// Errors and warnings.
    pub(crate) diagnostics: Diagnostics,
}

/// Imports the object `by` names through `resource`; `deferral_allowed` is Terraform's client
/// capability.
pub(crate) async fn import<P: Provider>(
    server: &Server<P>,
    resource: Arc<dyn ResourceHandler<P>>,
    by: ImportBy,
    deferral_allowed: bool,
) -> ImportResponse {
    // The provider deferred in `configure`: an unknown object stands for the import, as Go's
    // framework sends.
    if let Some(reason) = server.provider_deferral(deferral_allowed) {
        let unknown = Value::unknown(resource.object_type().clone());
        return ImportResponse {
            imported: Some(Stored {
                state: unknown,
                identity: None,
            }),
            private: Vec::new(),
            deferred: Some(reason),
            diagnostics: Diagnostics::new(),
        };
    }
    let (ctx, state) = server.deferrable_context(Vec::new(), deferral_allowed);
    let mut outcome = call::run("import", state, resource.import(ctx, by)).await;
    let private = std::mem::take(&mut outcome.private);
    let deferred = outcome.deferred.take();
    let (imported, mut found) = outcome.split();
    let deferred = deferral::accepted(deferred, deferral_allowed, "import", &mut found);
    let imported = imported.and_then(|mut imported| {
        // A deferred import may hold what is not known yet.
        if deferred.is_none() {
            imported.state = known::checked("import", imported.state, &mut found);
        }
        (!found.has_error()).then_some(imported)
    });
    ImportResponse {
        imported,
        private,
        deferred,
        diagnostics: found,
    }
}

/// ImportResourceState at the protocol's edge: the request decoded, [`import`], the answer
/// encoded.
pub(super) async fn import_resource_state<P: Provider>(
    server: &Server<P>,
    request: pb::import_resource_state::Request,
) -> pb::import_resource_state::Response {
    let mut response = pb::import_resource_state::Response::default();
    let decoded = server.resource(&request.type_name).and_then(|resource| {
        let given_identity =
            (request.identity.as_ref()).and_then(|identity| identity.identity_data.as_ref());
        let by = match (given_identity, resource.identity_type()) {
            (Some(data), Some(identity_ty)) => {
                ImportBy::Identity(decode(Some(data), &identity_ty)?)
            }
            _ => ImportBy::Id(request.id),
        };
        Ok((resource, by))
    });
    let (resource, by) = match decoded {
        Ok(decoded) => decoded,
        Err(error) => return answer(response, error.into()),
    };
    let ty = resource.object_type().clone();
    let identity_ty = resource.identity_type();
    let deferral_allowed = deferral_allowed(request.client_capabilities.as_ref());
    let imported = import(server, resource, by, deferral_allowed).await;
    let mut found = imported.diagnostics;
    response.deferred = deferred_to_proto(imported.deferred);
    if let Some(imported_object) = imported.imported {
        let encoded = encode(&imported_object.state, &ty).and_then(|state| {
            let identity = identity_data(imported_object.identity.as_ref(), identity_ty.as_ref())?;
            Ok((state, identity))
        });
        match encoded {
            Ok((state, identity)) => {
                response
                    .imported_resources
                    .push(pb::import_resource_state::ImportedResource {
                        type_name: request.type_name,
                        state: Some(state),
                        private: imported.private,
                        identity,
                    });
            }
            Err(error) => found.push(error),
        }
    }
    answer(response, found)
}
