//! GetProviderSchema and GetMetadata: the schemas derived from the models, and what the server
//! supports.

use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::schema::Schema;

use super::{Server, diagnostics};
use crate::Provider;
use crate::lazy_schema::LazySchema;
use crate::proto::tfplugin6 as pb;
use crate::registry::Registry;
use crate::wire;

/// What the server supports beyond the protocol's base: the whole schema is optional (Terraform
/// 1.6 and newer reuse the schema an earlier launch gave and call GetMetadata instead, so a
/// launch builds only the schemas it uses: see `lazy_schema`), destroy plans go through
/// PlanResourceChange (with a null proposed state), MoveResourceState (resources take over
/// state from other types through [`Resource::move_state`](crate::Resource::move_state)), and
/// GenerateResourceConfig (configuration for imported and listed objects).
fn capabilities() -> pb::ServerCapabilities {
    pb::ServerCapabilities {
        plan_destroy: true,
        get_provider_schema_optional: true,
        move_resource_state: true,
        generate_resource_config: true,
    }
}

/// The answer to GetProviderSchema, encoded, computed each time Terraform asks (once per launch
/// that needs it). Every schema is built, converted, checked and encoded in turn, and only those
/// already in use are kept (see [`LazySchema::inspect`]): a protobuf message may arrive in parts
/// (map and repeated fields add up, the last of a singular field wins), so each type is written
/// as a message of its own, and the process holds the encoded answer and one type's schema at
/// a time, never every schema as protocol structs. What the checks found is reported, with the
/// registration's own mistakes, in the last part.
pub(crate) fn encode_provider_schema<P: Provider>(
    provider_schema: &Schema,
    registry: &Registry<P>,
) -> Vec<u8> {
    use pb::get_provider_schema::Response;
    let mut out = Vec::new();
    let mut found = registry.diagnostics.clone();
    let mut put = |part: Response| prost::Message::encode_raw(&part, &mut out);
    let mut served = |lazy: &LazySchema, version: i64| {
        lazy.inspect(|schema, problems| {
            found.extend(problems.iter().cloned());
            wire::schema::schema_to_proto(schema, version)
        })
    };
    put(Response {
        provider: Some(wire::schema::schema_to_proto(provider_schema, 0)),
        ..Response::default()
    });
    for (name, resource) in &registry.resources {
        let schema = served(&resource.schema, resource.version);
        put(Response {
            resource_schemas: entry(name, schema),
            ..Response::default()
        });
    }
    for (name, data_source) in &registry.data_sources {
        put(Response {
            data_source_schemas: entry(name, served(&data_source.schema, 0)),
            ..Response::default()
        });
    }
    for (name, ephemeral) in &registry.ephemeral_resources {
        put(Response {
            ephemeral_resource_schemas: entry(name, served(&ephemeral.schema, 0)),
            ..Response::default()
        });
    }
    for (name, list) in &registry.list_resources {
        put(Response {
            list_resource_schemas: entry(name, served(&list.schema, 0)),
            ..Response::default()
        });
    }
    for (name, action) in &registry.actions {
        let schema = Some(served(&action.schema, 0));
        put(Response {
            action_schemas: entry(name, pb::ActionSchema { schema }),
            ..Response::default()
        });
    }
    for (name, store) in &registry.state_stores {
        put(Response {
            state_store_schemas: entry(name, served(&store.schema, 0)),
            ..Response::default()
        });
    }
    for function in registry.functions.values() {
        put(Response {
            functions: entry(
                function.name(),
                super::function::function_to_proto(function),
            ),
            ..Response::default()
        });
    }
    // Identities are served by GetResourceIdentitySchemas; their mistakes are reported here.
    for identity in (registry.resources.values()).filter_map(|r| r.identity_schema.as_deref()) {
        identity.inspect(|_, problems| found.extend(problems.iter().cloned()));
    }
    put(Response {
        diagnostics: diagnostics(&found),
        server_capabilities: Some(capabilities()),
        ..Response::default()
    });
    out
}

/// A map of one entry: one type's part of the answer.
fn entry<V>(name: &str, value: V) -> std::collections::HashMap<String, V> {
    std::iter::once((name.to_owned(), value)).collect()
}

/// The answer to GetProviderSchema as one message: [`encode_provider_schema`]'s parts read
/// back, for callers of the service trait in process (the wire answer is the encoded one).
pub(crate) fn provider_schema_response<P: Provider>(
    provider_schema: &Schema,
    registry: &Registry<P>,
) -> pb::get_provider_schema::Response {
    let encoded = encode_provider_schema(provider_schema, registry);
    prost::Message::decode(encoded.as_slice()).unwrap_or_else(|error| {
        // Unreachable: the parts were encoded from the same message type just now.
        pb::get_provider_schema::Response {
            diagnostics: diagnostics(&Diagnostics::from(Diagnostic::error(
                "The provider's schema could not be read back",
                format!("{error}. This is a bug in tfsdk-server."),
            ))),
            ..Default::default()
        }
    })
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
        functions: server
            .registry
            .functions
            .keys()
            .map(|name| pb::get_metadata::FunctionMetadata { name: name.clone() })
            .collect(),
        ephemeral_resources: server
            .registry
            .ephemeral_resources
            .keys()
            .map(|name| pb::get_metadata::EphemeralMetadata {
                type_name: (*name).to_owned(),
            })
            .collect(),
        list_resources: server
            .registry
            .list_resources
            .keys()
            .map(|name| pb::get_metadata::ListResourceMetadata {
                type_name: (*name).to_owned(),
            })
            .collect(),
        actions: server
            .registry
            .actions
            .keys()
            .map(|name| pb::get_metadata::ActionMetadata {
                type_name: (*name).to_owned(),
            })
            .collect(),
        state_stores: server
            .registry
            .state_stores
            .keys()
            .map(|name| pb::get_metadata::StateStoreMetadata {
                type_name: (*name).to_owned(),
            })
            .collect(),
    }
}
