//! The child's provider service in the protocol it chose, behind protocol 6's messages.
//!
//! A child speaking protocol 6 gets each call as it came. A child speaking protocol 5 (a
//! provider on terraform-plugin-sdk/v2) gets the same messages under `/tfplugin5.Provider/`
//! paths: every request and response of the calls both versions have is the same message
//! field for field (checked against terraform-plugin-go's definitions; see
//! `proto/tfplugin5.proto`), and six calls have other names there. The one answer that
//! differs is the schema (protocol 5 has no nested attributes, and numbers an attribute's
//! `write_only` and `deprecation_message` 10 and 11), read in protocol 5's shape and
//! translated ([`schema_response_5to6`]). Calls protocol 5 does not have (state stores) are
//! answered `Unimplemented`, which the front reports like any failed call.

use tonic::codegen::http::uri::PathAndQuery;
use tonic::transport::Channel;
use tonic::{IntoRequest, Response, Status, Streaming};

use crate::proto::tfplugin5 as pb5;
use crate::proto::tfplugin6 as pb;

/// The plugin protocol a child chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Protocol {
    /// `tfplugin5`: translated.
    V5,
    /// `tfplugin6`: forwarded as it is.
    V6,
}

impl Protocol {
    /// The protocol of the handshake's version number, if the front speaks it.
    pub(crate) fn of(version: u32) -> Option<Protocol> {
        match version {
            5 => Some(Protocol::V5),
            6 => Some(Protocol::V6),
            _ => None,
        }
    }
}

/// A client of the child's provider service.
#[derive(Clone)]
pub(crate) struct ChildClient {
    inner: tonic::client::Grpc<Channel>,
    protocol: Protocol,
}

type CallResult<T> = Result<Response<T>, Status>;

/// One unary method per call: its protocol 6 path, and its protocol 5 path (`None`: the call
/// is protocol 6 only).
macro_rules! unary_calls {
    ($($method:ident, $module:ident, $v6:literal, $v5:expr;)*) => {$(
        pub(crate) async fn $method(
            &mut self,
            request: impl IntoRequest<pb::$module::Request>,
        ) -> CallResult<pb::$module::Response> {
            let path = self.path($v6, $v5)?;
            self.unary(request.into_request(), path).await
        }
    )*};
}

impl ChildClient {
    pub(crate) fn new(channel: Channel, protocol: Protocol) -> ChildClient {
        let inner = tonic::client::Grpc::new(channel)
            .max_decoding_message_size(usize::MAX)
            .max_encoding_message_size(usize::MAX);
        ChildClient { inner, protocol }
    }

    /// The service path of a call in the child's protocol.
    fn path(&self, v6: &'static str, v5: Option<&'static str>) -> Result<PathAndQuery, Status> {
        ChildClient::path_of(self.protocol, v6, v5)
    }

    fn path_of(
        protocol: Protocol,
        v6: &'static str,
        v5: Option<&'static str>,
    ) -> Result<PathAndQuery, Status> {
        match (protocol, v5) {
            (Protocol::V6, _) => Ok(PathAndQuery::from_static(v6)),
            (Protocol::V5, Some(v5)) => Ok(PathAndQuery::from_static(v5)),
            (Protocol::V5, None) => Err(Status::unimplemented(format!(
                "{} is not part of plugin protocol 5, which the forwarded provider speaks",
                v6.rsplit('/').next().unwrap_or(v6)
            ))),
        }
    }

    async fn ready(&mut self) -> Result<(), Status> {
        self.inner
            .ready()
            .await
            .map_err(|e| Status::unknown(format!("Service was not ready: {e}")))
    }

    async fn unary<Req, Resp>(
        &mut self,
        request: tonic::Request<Req>,
        path: PathAndQuery,
    ) -> CallResult<Resp>
    where
        Req: prost::Message + Send + Sync + 'static,
        Resp: prost::Message + Default + Send + Sync + 'static,
    {
        self.ready().await?;
        let codec = tonic_prost::ProstCodec::default();
        self.inner.unary(request, path, codec).await
    }

    async fn server_streaming<Req, Resp>(
        &mut self,
        request: tonic::Request<Req>,
        path: PathAndQuery,
    ) -> CallResult<Streaming<Resp>>
    where
        Req: prost::Message + Send + Sync + 'static,
        Resp: prost::Message + Default + Send + Sync + 'static,
    {
        self.ready().await?;
        let codec = tonic_prost::ProstCodec::default();
        self.inner.server_streaming(request, path, codec).await
    }

    unary_calls! {
        get_metadata, get_metadata, "/tfplugin6.Provider/GetMetadata",
            Some("/tfplugin5.Provider/GetMetadata");
        validate_provider_config, validate_provider_config,
            "/tfplugin6.Provider/ValidateProviderConfig",
            Some("/tfplugin5.Provider/PrepareProviderConfig");
        validate_resource_config, validate_resource_config,
            "/tfplugin6.Provider/ValidateResourceConfig",
            Some("/tfplugin5.Provider/ValidateResourceTypeConfig");
        validate_data_resource_config, validate_data_resource_config,
            "/tfplugin6.Provider/ValidateDataResourceConfig",
            Some("/tfplugin5.Provider/ValidateDataSourceConfig");
        upgrade_resource_state, upgrade_resource_state, "/tfplugin6.Provider/UpgradeResourceState",
            Some("/tfplugin5.Provider/UpgradeResourceState");
        get_resource_identity_schemas, get_resource_identity_schemas,
            "/tfplugin6.Provider/GetResourceIdentitySchemas",
            Some("/tfplugin5.Provider/GetResourceIdentitySchemas");
        upgrade_resource_identity, upgrade_resource_identity,
            "/tfplugin6.Provider/UpgradeResourceIdentity",
            Some("/tfplugin5.Provider/UpgradeResourceIdentity");
        configure_provider, configure_provider, "/tfplugin6.Provider/ConfigureProvider",
            Some("/tfplugin5.Provider/Configure");
        read_resource, read_resource, "/tfplugin6.Provider/ReadResource",
            Some("/tfplugin5.Provider/ReadResource");
        plan_resource_change, plan_resource_change, "/tfplugin6.Provider/PlanResourceChange",
            Some("/tfplugin5.Provider/PlanResourceChange");
        apply_resource_change, apply_resource_change, "/tfplugin6.Provider/ApplyResourceChange",
            Some("/tfplugin5.Provider/ApplyResourceChange");
        import_resource_state, import_resource_state, "/tfplugin6.Provider/ImportResourceState",
            Some("/tfplugin5.Provider/ImportResourceState");
        move_resource_state, move_resource_state, "/tfplugin6.Provider/MoveResourceState",
            Some("/tfplugin5.Provider/MoveResourceState");
        generate_resource_config, generate_resource_config,
            "/tfplugin6.Provider/GenerateResourceConfig",
            Some("/tfplugin5.Provider/GenerateResourceConfig");
        read_data_source, read_data_source, "/tfplugin6.Provider/ReadDataSource",
            Some("/tfplugin5.Provider/ReadDataSource");
        validate_ephemeral_resource_config, validate_ephemeral_resource_config,
            "/tfplugin6.Provider/ValidateEphemeralResourceConfig",
            Some("/tfplugin5.Provider/ValidateEphemeralResourceConfig");
        open_ephemeral_resource, open_ephemeral_resource,
            "/tfplugin6.Provider/OpenEphemeralResource",
            Some("/tfplugin5.Provider/OpenEphemeralResource");
        renew_ephemeral_resource, renew_ephemeral_resource,
            "/tfplugin6.Provider/RenewEphemeralResource",
            Some("/tfplugin5.Provider/RenewEphemeralResource");
        close_ephemeral_resource, close_ephemeral_resource,
            "/tfplugin6.Provider/CloseEphemeralResource",
            Some("/tfplugin5.Provider/CloseEphemeralResource");
        validate_list_resource_config, validate_list_resource_config,
            "/tfplugin6.Provider/ValidateListResourceConfig",
            Some("/tfplugin5.Provider/ValidateListResourceConfig");
        get_functions, get_functions, "/tfplugin6.Provider/GetFunctions",
            Some("/tfplugin5.Provider/GetFunctions");
        call_function, call_function, "/tfplugin6.Provider/CallFunction",
            Some("/tfplugin5.Provider/CallFunction");
        validate_action_config, validate_action_config, "/tfplugin6.Provider/ValidateActionConfig",
            Some("/tfplugin5.Provider/ValidateActionConfig");
        plan_action, plan_action, "/tfplugin6.Provider/PlanAction",
            Some("/tfplugin5.Provider/PlanAction");
        validate_state_store_config, validate_state_store_config,
            "/tfplugin6.Provider/ValidateStateStoreConfig", None;
        configure_state_store, configure_state_store, "/tfplugin6.Provider/ConfigureStateStore",
            None;
        lock_state, lock_state, "/tfplugin6.Provider/LockState", None;
        unlock_state, unlock_state, "/tfplugin6.Provider/UnlockState", None;
        get_states, get_states, "/tfplugin6.Provider/GetStates", None;
        delete_state, delete_state, "/tfplugin6.Provider/DeleteState", None;
        stop_provider, stop_provider, "/tfplugin6.Provider/StopProvider",
            Some("/tfplugin5.Provider/Stop");
    }

    /// `GetProviderSchema` (protocol 5's `GetSchema`, translated).
    pub(crate) async fn get_provider_schema(
        &mut self,
        request: impl IntoRequest<pb::get_provider_schema::Request>,
    ) -> CallResult<pb::get_provider_schema::Response> {
        let request = request.into_request();
        match self.protocol {
            Protocol::V6 => {
                let path = PathAndQuery::from_static("/tfplugin6.Provider/GetProviderSchema");
                self.unary(request, path).await
            }
            Protocol::V5 => {
                let path = PathAndQuery::from_static("/tfplugin5.Provider/GetSchema");
                let response: Response<pb5::get_provider_schema::Response> =
                    self.unary(request, path).await?;
                Ok(response.map(schema_response_5to6))
            }
        }
    }

    /// `ListResource`, a stream of events.
    pub(crate) async fn list_resource(
        &mut self,
        request: impl IntoRequest<pb::list_resource::Request>,
    ) -> CallResult<Streaming<pb::list_resource::Event>> {
        let path = self.path(
            "/tfplugin6.Provider/ListResource",
            Some("/tfplugin5.Provider/ListResource"),
        )?;
        self.server_streaming(request.into_request(), path).await
    }

    /// `InvokeAction`, a stream of events.
    pub(crate) async fn invoke_action(
        &mut self,
        request: impl IntoRequest<pb::invoke_action::Request>,
    ) -> CallResult<Streaming<pb::invoke_action::Event>> {
        let path = self.path(
            "/tfplugin6.Provider/InvokeAction",
            Some("/tfplugin5.Provider/InvokeAction"),
        )?;
        self.server_streaming(request.into_request(), path).await
    }

    /// `ReadStateBytes` (protocol 6 only), a stream of chunks.
    pub(crate) async fn read_state_bytes(
        &mut self,
        request: impl IntoRequest<pb::read_state_bytes::Request>,
    ) -> CallResult<Streaming<pb::read_state_bytes::ResponseChunk>> {
        let path = self.path("/tfplugin6.Provider/ReadStateBytes", None)?;
        self.server_streaming(request.into_request(), path).await
    }

    /// `WriteStateBytes` (protocol 6 only), from a stream of chunks.
    pub(crate) async fn write_state_bytes(
        &mut self,
        chunks: impl tonic::IntoStreamingRequest<Message = pb::write_state_bytes::RequestChunk>,
    ) -> CallResult<pb::write_state_bytes::Response> {
        let path = self.path("/tfplugin6.Provider/WriteStateBytes", None)?;
        self.ready().await?;
        let codec = tonic_prost::ProstCodec::default();
        self.inner
            .client_streaming(chunks.into_streaming_request(), path, codec)
            .await
    }
}

/// Protocol 5's schema answer as protocol 6's: the same schemas, whose attributes have no
/// nested type.
fn schema_response_5to6(
    response: pb5::get_provider_schema::Response,
) -> pb::get_provider_schema::Response {
    let schemas = |map: std::collections::HashMap<String, pb5::Schema>| {
        map.into_iter()
            .map(|(name, schema)| (name, schema_5to6(schema)))
            .collect()
    };
    pb::get_provider_schema::Response {
        provider: response.provider.map(schema_5to6),
        resource_schemas: schemas(response.resource_schemas),
        data_source_schemas: schemas(response.data_source_schemas),
        diagnostics: response.diagnostics,
        provider_meta: response.provider_meta.map(schema_5to6),
        server_capabilities: response.server_capabilities,
        functions: response.functions,
        ephemeral_resource_schemas: schemas(response.ephemeral_resource_schemas),
        list_resource_schemas: schemas(response.list_resource_schemas),
        state_store_schemas: Default::default(),
        action_schemas: response
            .action_schemas
            .into_iter()
            .map(|(name, action)| {
                let schema = action.schema.map(schema_5to6);
                (name, pb::ActionSchema { schema })
            })
            .collect(),
    }
}

fn schema_5to6(schema: pb5::Schema) -> pb::Schema {
    pb::Schema {
        version: schema.version,
        block: schema.block.map(block_5to6),
    }
}

fn block_5to6(block: pb5::schema::Block) -> pb::schema::Block {
    pb::schema::Block {
        version: block.version,
        attributes: block.attributes.into_iter().map(attribute_5to6).collect(),
        block_types: block
            .block_types
            .into_iter()
            .map(|nested| pb::schema::NestedBlock {
                type_name: nested.type_name,
                block: nested.block.map(block_5to6),
                // The nesting modes have the same numbers in both versions.
                nesting: nested.nesting,
                min_items: nested.min_items,
                max_items: nested.max_items,
            })
            .collect(),
        description: block.description,
        description_kind: block.description_kind,
        deprecated: block.deprecated,
        deprecation_message: block.deprecation_message,
    }
}

fn attribute_5to6(attribute: pb5::schema::Attribute) -> pb::schema::Attribute {
    pb::schema::Attribute {
        name: attribute.name,
        r#type: attribute.r#type,
        nested_type: None,
        description: attribute.description,
        required: attribute.required,
        optional: attribute.optional,
        computed: attribute.computed,
        sensitive: attribute.sensitive,
        description_kind: attribute.description_kind,
        deprecated: attribute.deprecated,
        write_only: attribute.write_only,
        deprecation_message: attribute.deprecation_message,
    }
}

#[cfg(test)]
mod tests {
    use prost::Message;

    use super::*;

    #[test]
    fn a_protocol_5_schema_keeps_write_only_and_deprecation_message() {
        let v5 = pb5::get_provider_schema::Response {
            resource_schemas: [(
                "old_thing".to_owned(),
                pb5::Schema {
                    version: 2,
                    block: Some(pb5::schema::Block {
                        attributes: vec![pb5::schema::Attribute {
                            name: "password".into(),
                            r#type: br#""string""#.to_vec(),
                            optional: true,
                            write_only: true,
                            deprecated: true,
                            deprecation_message: "Use token.".into(),
                            ..Default::default()
                        }],
                        block_types: vec![pb5::schema::NestedBlock {
                            type_name: "rule".into(),
                            nesting: pb5::schema::nested_block::NestingMode::List as i32,
                            max_items: 1,
                            block: Some(pb5::schema::Block::default()),
                            ..Default::default()
                        }],
                        ..Default::default()
                    }),
                },
            )]
            .into(),
            ..Default::default()
        };
        // Read as protocol 6 without translation, `write_only` (a bool at field 10) would be
        // taken for a nested type: the bytes are not protocol 6's.
        assert!(pb::get_provider_schema::Response::decode(&*v5.encode_to_vec()).is_err());
        let v6 = schema_response_5to6(v5);
        let schema = &v6.resource_schemas["old_thing"];
        assert_eq!(schema.version, 2);
        let block = schema.block.as_ref().unwrap();
        let password = &block.attributes[0];
        assert!(password.write_only && password.optional && password.nested_type.is_none());
        assert_eq!(password.deprecation_message, "Use token.");
        let rule = &block.block_types[0];
        assert_eq!(
            rule.nesting,
            pb::schema::nested_block::NestingMode::List as i32
        );
        assert_eq!(rule.max_items, 1);
    }

    #[test]
    fn calls_protocol_5_lacks_are_unimplemented_naming_the_call() {
        let error =
            ChildClient::path_of(Protocol::V5, "/tfplugin6.Provider/LockState", None).unwrap_err();
        assert_eq!(error.code(), tonic::Code::Unimplemented);
        assert!(
            error
                .message()
                .contains("LockState is not part of plugin protocol 5")
        );
        let renamed = ChildClient::path_of(
            Protocol::V5,
            "/tfplugin6.Provider/ConfigureProvider",
            Some("/tfplugin5.Provider/Configure"),
        )
        .unwrap();
        assert_eq!(renamed.as_str(), "/tfplugin5.Provider/Configure");
    }
}
