//! GetProviderSchema and GetMetadata: the schemas derived from the models, and what the server
//! supports.

use tfsdk_core::schema::Schema;

use super::{Server, diagnostics};
use crate::Provider;
use crate::proto::tfplugin6 as pb;
use crate::registry::Registry;
use crate::wire;

/// What the server supports beyond the protocol's base: destroy plans go through
/// PlanResourceChange (with a null proposed state).
fn capabilities() -> pb::ServerCapabilities {
    pb::ServerCapabilities {
        plan_destroy: true,
        ..pb::ServerCapabilities::default()
    }
}

/// The answer to GetProviderSchema, computed once when the server starts.
pub(super) fn provider_schema_response<P: Provider>(
    provider_schema: &Schema,
    registry: &Registry<P>,
) -> pb::get_provider_schema::Response {
    pb::get_provider_schema::Response {
        provider: Some(wire::schema::schema_to_proto(provider_schema, 0)),
        resource_schemas: registry
            .resources
            .iter()
            .map(|(name, resource)| {
                let schema =
                    wire::schema::schema_to_proto(resource.schema(), resource.schema_version());
                ((*name).to_owned(), schema)
            })
            .collect(),
        data_source_schemas: registry
            .data_sources
            .iter()
            .map(|(name, data_source)| {
                (
                    (*name).to_owned(),
                    wire::schema::schema_to_proto(data_source.schema(), 0),
                )
            })
            .collect(),
        diagnostics: diagnostics(&registry.diagnostics),
        provider_meta: None,
        server_capabilities: Some(capabilities()),
        ..pb::get_provider_schema::Response::default()
    }
}

/// The answer to GetMetadata: capabilities and type names, without schemas.
pub(super) fn get_metadata<P: Provider>(server: &Server<P>) -> pb::get_metadata::Response {
    pb::get_metadata::Response {
        server_capabilities: Some(capabilities()),
        diagnostics: diagnostics(&server.registry.diagnostics),
        data_sources: server
            .registry
            .data_sources
            .keys()
            .map(|name| pb::get_metadata::DataSourceMetadata {
                type_name: (*name).to_owned(),
            })
            .collect(),
        resources: server
            .registry
            .resources
            .keys()
            .map(|name| pb::get_metadata::ResourceMetadata {
                type_name: (*name).to_owned(),
            })
            .collect(),
        ..pb::get_metadata::Response::default()
    }
}
