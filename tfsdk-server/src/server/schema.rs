//! GetProviderSchema and GetMetadata: the schemas derived from the models, and what the server
//! supports.

use tfsdk_core::diag::{Diagnostic, Diagnostics};
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

/// What Terraform refuses in a provider block, found when the server starts (a
/// `#[tfsdk(schema(provider))]` model is refused at compile time instead): computed
/// attributes, nested ones included. Reported with the schema, so that Terraform stops with the
/// attribute's name.
pub(super) fn provider_schema_problems(schema: &Schema) -> Diagnostics {
    schema
        .walk_attributes()
        .into_iter()
        .filter(|(_, attribute)| attribute.computed)
        .map(|(path, _)| {
            Diagnostic::error(
                "Computed attribute in the provider schema",
                format!(
                    "The provider's configuration model has a computed attribute, {path}, and \
                     Terraform refuses computed provider arguments. Make it optional (with a \
                     default or default_fn for the value it takes when unset). This is a bug in \
                     the provider."
                ),
            )
        })
        .collect()
}

/// What a data source's schema says that a data source cannot do, found at registration: it is
/// read, never planned, so plan-time behaviours would silently do nothing.
pub(crate) fn data_source_schema_problems(type_name: &str, schema: &Schema) -> Diagnostics {
    schema
        .walk_attributes()
        .into_iter()
        .filter_map(|(path, attribute)| {
            let behaviour = if attribute.default.is_some() {
                "a default"
            } else if attribute.force_new {
                "force_new"
            } else if attribute.diff_suppress.is_some() {
                "diff_suppress"
            } else if attribute.stable {
                "stable"
            } else {
                return None;
            };
            Some(Diagnostic::error(
                "Plan behaviour in a data source schema",
                format!(
                    "The data source {type_name} has {behaviour} on {path}, but data sources \
                     are read, not planned. Remove it (or declare the model \
                     #[tfsdk(schema(data_source))] to have this checked at compile time). This \
                     is a bug in the provider."
                ),
            ))
        })
        .collect()
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
