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

/// What Terraform refuses in an identity schema, found at registration: attributes that are
/// not strings, numbers, bools or lists of them, and an identity without attributes.
pub(crate) fn identity_schema_problems(type_name: &str, schema: &Schema) -> Diagnostics {
    use tfsdk_core::tftypes::Type;
    let mut found = Diagnostics::new();
    if schema.attributes.is_empty() {
        found.push(Diagnostic::error(
            "Empty resource identity",
            format!(
                "The identity of {type_name} has no attributes; an identity names at least                  one. This is a bug in the provider."
            ),
        ));
    }
    for (name, attribute) in &schema.attributes {
        let allowed = match &attribute.ty {
            Type::List(element) => element.is_primitive(),
            ty => ty.is_primitive(),
        };
        if !allowed || attribute.nested.is_some() {
            found.push(Diagnostic::error(
                "Unsupported identity attribute type",
                format!(
                    "The identity attribute {name} of {type_name} is a {}; identity attributes                      are strings, numbers, bools or lists of them. This is a bug in the                      provider.",
                    attribute.ty.friendly_name()
                ),
            ));
        }
        if attribute.computed || attribute.sensitive || attribute.write_only {
            found.push(Diagnostic::error(
                "Invalid identity attribute",
                format!(
                    "The identity attribute {name} of {type_name} is computed, sensitive or                      write-only; an identity attribute is `required` (import by identity needs                      it) or `optional`, and nothing else. This is a bug in the provider."
                ),
            ));
        }
    }
    found
}

/// What Terraform refuses in a provider block, found when the server starts (a
/// `#[tfsdk(schema(provider))]` model is refused at compile time instead): computed
/// attributes, nested ones included. Reported with the schema, so that Terraform stops with the
/// attribute's name.
pub(super) fn provider_schema_problems(schema: &Schema) -> Diagnostics {
    let mut found: Diagnostics = schema
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
        .collect();
    found.append(write_only_outside_resources(
        "provider",
        "the provider block",
        schema,
    ));
    found
}

/// An error for each write-only attribute of a schema that is not a managed resource's (`kind`
/// `name`): Terraform has write-only attributes in managed resources only.
pub(crate) fn write_only_outside_resources(kind: &str, name: &str, schema: &Schema) -> Diagnostics {
    schema
        .walk_attributes()
        .into_iter()
        .filter(|(_, attribute)| attribute.write_only)
        .map(|(path, _)| {
            Diagnostic::error(
                format!("Write-only attribute in a {kind} schema"),
                format!(
                    "{name} has a write-only attribute, {path}, but only managed resources \
                     have write-only attributes. This is a bug in the provider."
                ),
            )
        })
        .collect()
}

/// What the schema of a data source or an ephemeral resource (`kind`) says that it cannot do,
/// found at registration: it is read or opened, never planned, so plan-time behaviours would
/// silently do nothing.
pub(crate) fn unplanned_schema_problems(
    kind: &str,
    type_name: &str,
    schema: &Schema,
) -> Diagnostics {
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
            let role = match kind {
                "data source" => "data_source",
                "list resource" => "list",
                "action" => "action",
                _ => "ephemeral",
            };
            Some(Diagnostic::error(
                format!("Plan behaviour in a {kind} schema"),
                format!(
                    "The {kind} {type_name} has {behaviour} on {path}, but it is never planned. \
                     Remove it (or declare the model #[tfsdk(schema({role}))] to have this \
                     checked at compile time). This is a bug in the provider."
                ),
            ))
        })
        .collect::<Diagnostics>()
        .into_iter()
        .chain(write_only_outside_resources(
            kind,
            &format!("The {kind} {type_name}"),
            schema,
        ))
        .collect()
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
    for function in registry.functions.values() {
        put(Response {
            functions: entry(function.name(), wire::function::function_to_proto(function)),
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
        state_stores: Vec::new(),
    }
}
