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
use crate::wire::protobuf::ProtoWriter;

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

/// Field numbers of `GetProviderSchema.Response` whose values are schemas.
mod field {
    pub(super) const PROVIDER: u32 = 1;
    pub(super) const RESOURCES: u32 = 2;
    pub(super) const DATA_SOURCES: u32 = 3;
    pub(super) const EPHEMERAL_RESOURCES: u32 = 8;
    pub(super) const LIST_RESOURCES: u32 = 9;
    pub(super) const STATE_STORES: u32 = 10;
    pub(super) const ACTIONS: u32 = 11;
}

/// The answer to GetProviderSchema, encoded in parts to be sent one after the other, computed
/// each time Terraform asks (once per launch that needs it). Every schema is built, checked and
/// written in turn, and only those already in use are kept (see [`LazySchema::inspect`]): each
/// type's schema is written straight into the answer ([`wire::schema::write_schema`]) as an
/// entry of its map field, and dropped, so the process holds the encoded answer and one type's
/// schema per thread at a time, never every schema as protocol structs. A provider of many
/// types has them written on several threads at once ([`write_entries`]). What the checks
/// found is reported, with the registration's own mistakes, in the last part (a protobuf
/// message may arrive in parts: map and repeated fields add up).
pub(crate) fn encode_provider_schema<P: Provider>(
    provider_schema: &Schema,
    registry: &Registry<P>,
) -> Vec<Vec<u8>> {
    let mut head = Vec::new();
    ProtoWriter::new(&mut head).message(field::PROVIDER, |w| {
        wire::schema::write_schema(w, provider_schema, 0);
    });
    let mut found = registry.diagnostics.clone();
    let mut parts = vec![head];
    for (part, problems) in write_entries(&schema_entries(registry)) {
        parts.push(part);
        found.extend(problems);
    }
    // Functions, diagnostics and capabilities are few and small: written by prost.
    let mut rest = pb::get_provider_schema::Response::default();
    for function in registry.functions.values() {
        rest.functions.insert(
            function.name().to_owned(),
            super::function::function_to_proto(function),
        );
    }
    // Identities are served by GetResourceIdentitySchemas; their mistakes are reported here.
    for identity in (registry.resources.values()).filter_map(|r| r.identity_schema.as_deref()) {
        identity.inspect(|_, problems| found.extend(problems.iter().cloned()));
    }
    rest.diagnostics = diagnostics(&found);
    rest.server_capabilities = Some(capabilities());
    parts.push(prost::Message::encode_to_vec(&rest));
    parts
}

/// One type's entry in the answer: the map field it goes in, its name, its schema and the
/// schema's version.
struct SchemaEntry<'a> {
    field: u32,
    name: &'a str,
    schema: &'a LazySchema,
    version: i64,
}

/// Every type with a schema in the answer, in the order they are written: resources, data
/// sources, ephemeral resources, list resources, actions, state stores, each by name.
fn schema_entries<P: Provider>(registry: &Registry<P>) -> Vec<SchemaEntry<'_>> {
    let entry = |field, name, schema, version| SchemaEntry {
        field,
        name,
        schema,
        version,
    };
    let resources = (registry.resources.iter())
        .map(|(name, r)| entry(field::RESOURCES, *name, &r.schema, r.version));
    let data_sources = (registry.data_sources.iter())
        .map(|(name, d)| entry(field::DATA_SOURCES, *name, &d.schema, 0));
    let ephemeral = (registry.ephemeral_resources.iter())
        .map(|(name, e)| entry(field::EPHEMERAL_RESOURCES, *name, &e.schema, 0));
    let lists = (registry.list_resources.iter())
        .map(|(name, l)| entry(field::LIST_RESOURCES, *name, &l.schema, 0));
    let actions =
        (registry.actions.iter()).map(|(name, a)| entry(field::ACTIONS, *name, &a.schema, 0));
    let stores = (registry.state_stores.iter())
        .map(|(name, s)| entry(field::STATE_STORES, *name, &s.schema, 0));
    resources
        .chain(data_sources)
        .chain(ephemeral)
        .chain(lists)
        .chain(actions)
        .chain(stores)
        .collect()
}

/// The fewest types a thread is given: below this, starting a thread costs more than it saves.
const TYPES_PER_THREAD: usize = 64;

/// The entries written, in order, as parts with what their checks found: on one thread for a
/// small provider, else split into runs of consecutive types, one per core, written at once.
/// Building a type's schema is independent of every other type's, so a provider of a thousand
/// resources answers in about its single-threaded time divided by the cores.
fn write_entries(entries: &[SchemaEntry<'_>]) -> Vec<(Vec<u8>, Diagnostics)> {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let threads = cores.min(entries.len() / TYPES_PER_THREAD).max(1);
    if threads == 1 {
        return vec![write_run(entries)];
    }
    let run = entries.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let mut runs = entries.chunks(run);
        let first = runs.next().unwrap_or_default();
        // The other runs on threads of their own; one that cannot be started is written here.
        let started: Vec<_> = runs
            .map(|entries| {
                std::thread::Builder::new()
                    .name("tfsdk-schema".into())
                    .spawn_scoped(scope, move || write_run(entries))
                    .map_err(|_| entries)
            })
            .collect();
        let mut written = vec![write_run(first)];
        for thread in started {
            written.push(match thread {
                Ok(thread) => thread
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                Err(entries) => write_run(entries),
            });
        }
        written
    })
}

/// A run of consecutive entries written as one part, with what their checks found.
fn write_run(entries: &[SchemaEntry<'_>]) -> (Vec<u8>, Diagnostics) {
    let mut out = Vec::new();
    let mut found = Diagnostics::new();
    let mut w = ProtoWriter::new(&mut out);
    for entry in entries {
        entry.schema.inspect(|schema, problems| {
            found.extend(problems.iter().cloned());
            write_schema_entry(&mut w, entry, schema);
        });
    }
    (out, found)
}

/// One entry of a map field of the answer (`map<string, Schema>`: the name as key 1, the
/// schema as value 2; for actions an `ActionSchema`, whose field 1 is the schema).
fn write_schema_entry(w: &mut ProtoWriter<'_>, entry: &SchemaEntry<'_>, schema: &Schema) {
    w.message(entry.field, |w| {
        w.string(1, entry.name);
        w.message(2, |w| {
            if entry.field == field::ACTIONS {
                w.message(1, |w| wire::schema::write_schema(w, schema, entry.version));
            } else {
                wire::schema::write_schema(w, schema, entry.version);
            }
        });
    });
}

/// The answer to GetProviderSchema as one message: [`encode_provider_schema`]'s parts read
/// back, for callers of the service trait in process (the wire answer is the encoded one).
pub(crate) fn provider_schema_response<P: Provider>(
    provider_schema: &Schema,
    registry: &Registry<P>,
) -> pb::get_provider_schema::Response {
    let encoded = encode_provider_schema(provider_schema, registry).concat();
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

#[cfg(test)]
mod tests {
    use tfsdk_core::TfObject;

    use super::*;
    use crate::lazy_schema::SchemaCheck;

    /// A model whose schema is clean.
    #[derive(TfObject, Clone, Debug, PartialEq)]
    #[tfsdk(schema)]
    struct Clean {
        /// The name.
        #[tfsdk(name = "name", required)]
        name: String,
    }

    /// A model whose schema the data source check refuses (a default is a plan behaviour).
    #[derive(TfObject, Clone, Debug, PartialEq)]
    #[tfsdk(schema)]
    struct Defaulted {
        #[tfsdk(name = "size", optional, default = 1)]
        size: Option<i64>,
    }

    #[test]
    fn many_types_written_on_several_threads_give_the_answer_one_thread_gives() {
        let count = 5 * TYPES_PER_THREAD + 3;
        let names: Vec<String> = (0..count).map(|i| format!("t_thing{i:04}")).collect();
        // Each problem names its type (identical diagnostics are reported once).
        let schemas: Vec<LazySchema> = (names.iter())
            .enumerate()
            .map(|(i, name)| {
                let name: &'static str = Box::leak(name.clone().into_boxed_str());
                match i % 7 {
                    0 => LazySchema::of::<Defaulted>(name, SchemaCheck::Unplanned("data source")),
                    _ => LazySchema::of::<Clean>(name, SchemaCheck::Resource),
                }
            })
            .collect();
        let entries: Vec<SchemaEntry<'_>> = (names.iter().zip(&schemas))
            .enumerate()
            .map(|(i, (name, schema))| SchemaEntry {
                field: if i % 5 == 0 {
                    field::ACTIONS
                } else {
                    field::RESOURCES
                },
                name,
                schema,
                version: i as i64,
            })
            .collect();

        let (alone, alone_found) = write_run(&entries);
        let parts = write_entries(&entries);
        if std::thread::available_parallelism().map_or(1, std::num::NonZero::get) > 1 {
            assert!(
                parts.len() > 1,
                "a provider this size is written on several threads"
            );
        }
        let together: Vec<u8> = parts.iter().flat_map(|(part, _)| part.clone()).collect();
        assert_eq!(together, alone);
        let found: Vec<String> = (parts.iter())
            .flat_map(|(_, found)| found.iter().map(|d| d.detail.clone()))
            .collect();
        let alone_found: Vec<String> = alone_found.iter().map(|d| d.detail.clone()).collect();
        assert_eq!(found, alone_found);
        assert_eq!(found.len(), count.div_ceil(7));

        let response: pb::get_provider_schema::Response =
            prost::Message::decode(together.as_slice()).unwrap();
        assert_eq!(
            response.resource_schemas.len() + response.action_schemas.len(),
            count
        );
        assert_eq!(response.resource_schemas["t_thing0001"].version, 1);
        let action = &response.action_schemas["t_thing0005"];
        assert_eq!(action.schema.as_ref().map(|s| s.version), Some(5));
    }
}
