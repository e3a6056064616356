//! The protocol's service trait on [`Server`]: one method per call, each handing its message
//! to the call's own file and answering with what that returns.

use super::{
    Server, Stream, action, apply, configure, data_source, ephemeral, function, generate, identity,
    import, list, moved, plan, read, schema, state_store, stop, upgrade, validate,
};
use crate::Provider;
use crate::proto::tfplugin6 as pb;

/// What a unary call answers.
type RpcResult<T> = Result<tonic::Response<T>, tonic::Status>;

/// A unary call's answer.
fn ok<T>(message: T) -> RpcResult<T> {
    Ok(tonic::Response::new(message))
}

#[tonic::async_trait]
impl<P: Provider> pb::provider_server::Provider for Server<P> {
    async fn get_metadata(
        &self,
        _request: tonic::Request<pb::get_metadata::Request>,
    ) -> RpcResult<pb::get_metadata::Response> {
        ok(schema::get_metadata(self))
    }

    async fn get_provider_schema(
        &self,
        _request: tonic::Request<pb::get_provider_schema::Request>,
    ) -> RpcResult<pb::get_provider_schema::Response> {
        // Built when asked, not kept: Terraform asks once per launch at most (it need not ask:
        // the server declares the schema optional, and Terraform 1.6+ reuse the one they have).
        ok(schema::provider_schema_response(
            &self.provider_schema,
            &self.registry,
        ))
    }

    async fn validate_provider_config(
        &self,
        request: tonic::Request<pb::validate_provider_config::Request>,
    ) -> RpcResult<pb::validate_provider_config::Response> {
        ok(validate::provider_config(self, request.into_inner()))
    }

    async fn validate_resource_config(
        &self,
        request: tonic::Request<pb::validate_resource_config::Request>,
    ) -> RpcResult<pb::validate_resource_config::Response> {
        ok(validate::resource_config(self, request.into_inner()))
    }

    async fn validate_data_resource_config(
        &self,
        request: tonic::Request<pb::validate_data_resource_config::Request>,
    ) -> RpcResult<pb::validate_data_resource_config::Response> {
        ok(validate::data_resource_config(self, request.into_inner()))
    }

    async fn upgrade_resource_state(
        &self,
        request: tonic::Request<pb::upgrade_resource_state::Request>,
    ) -> RpcResult<pb::upgrade_resource_state::Response> {
        ok(upgrade::upgrade_resource_state(self, request.into_inner()).await)
    }

    async fn get_resource_identity_schemas(
        &self,
        _request: tonic::Request<pb::get_resource_identity_schemas::Request>,
    ) -> RpcResult<pb::get_resource_identity_schemas::Response> {
        ok(identity::identity_schemas(self))
    }

    async fn upgrade_resource_identity(
        &self,
        request: tonic::Request<pb::upgrade_resource_identity::Request>,
    ) -> RpcResult<pb::upgrade_resource_identity::Response> {
        ok(identity::upgrade_resource_identity(self, request.into_inner()).await)
    }

    async fn configure_provider(
        &self,
        request: tonic::Request<pb::configure_provider::Request>,
    ) -> RpcResult<pb::configure_provider::Response> {
        ok(configure::configure_provider(self, request.into_inner()).await)
    }

    async fn read_resource(
        &self,
        request: tonic::Request<pb::read_resource::Request>,
    ) -> RpcResult<pb::read_resource::Response> {
        ok(read::read_resource(self, request.into_inner()).await)
    }

    async fn plan_resource_change(
        &self,
        request: tonic::Request<pb::plan_resource_change::Request>,
    ) -> RpcResult<pb::plan_resource_change::Response> {
        ok(plan::plan_resource_change(self, request.into_inner()).await)
    }

    async fn apply_resource_change(
        &self,
        request: tonic::Request<pb::apply_resource_change::Request>,
    ) -> RpcResult<pb::apply_resource_change::Response> {
        ok(apply::apply_resource_change(self, request.into_inner()).await)
    }

    async fn import_resource_state(
        &self,
        request: tonic::Request<pb::import_resource_state::Request>,
    ) -> RpcResult<pb::import_resource_state::Response> {
        ok(import::import_resource_state(self, request.into_inner()).await)
    }

    async fn move_resource_state(
        &self,
        request: tonic::Request<pb::move_resource_state::Request>,
    ) -> RpcResult<pb::move_resource_state::Response> {
        ok(moved::move_resource_state(self, request.into_inner()).await)
    }

    async fn generate_resource_config(
        &self,
        request: tonic::Request<pb::generate_resource_config::Request>,
    ) -> RpcResult<pb::generate_resource_config::Response> {
        ok(generate::generate_resource_config(
            self,
            request.into_inner(),
        ))
    }

    async fn read_data_source(
        &self,
        request: tonic::Request<pb::read_data_source::Request>,
    ) -> RpcResult<pb::read_data_source::Response> {
        ok(data_source::read_data_source(self, request.into_inner()).await)
    }

    async fn validate_ephemeral_resource_config(
        &self,
        request: tonic::Request<pb::validate_ephemeral_resource_config::Request>,
    ) -> RpcResult<pb::validate_ephemeral_resource_config::Response> {
        ok(ephemeral::validate(self, request.into_inner()))
    }

    async fn open_ephemeral_resource(
        &self,
        request: tonic::Request<pb::open_ephemeral_resource::Request>,
    ) -> RpcResult<pb::open_ephemeral_resource::Response> {
        ok(ephemeral::open_ephemeral_resource(self, request.into_inner()).await)
    }

    async fn renew_ephemeral_resource(
        &self,
        request: tonic::Request<pb::renew_ephemeral_resource::Request>,
    ) -> RpcResult<pb::renew_ephemeral_resource::Response> {
        ok(ephemeral::renew_ephemeral_resource(self, request.into_inner()).await)
    }

    async fn close_ephemeral_resource(
        &self,
        request: tonic::Request<pb::close_ephemeral_resource::Request>,
    ) -> RpcResult<pb::close_ephemeral_resource::Response> {
        ok(ephemeral::close_ephemeral_resource(self, request.into_inner()).await)
    }

    async fn get_functions(
        &self,
        _request: tonic::Request<pb::get_functions::Request>,
    ) -> RpcResult<pb::get_functions::Response> {
        ok(pb::get_functions::Response {
            functions: self
                .registry
                .functions
                .values()
                .map(|function| {
                    (
                        function.name().to_owned(),
                        function::function_to_proto(function),
                    )
                })
                .collect(),
            diagnostics: Vec::new(),
        })
    }

    async fn call_function(
        &self,
        request: tonic::Request<pb::call_function::Request>,
    ) -> RpcResult<pb::call_function::Response> {
        ok(function::call_function(self, request.into_inner()).await)
    }

    type ListResourceStream = Stream<pb::list_resource::Event>;

    async fn list_resource(
        &self,
        request: tonic::Request<pb::list_resource::Request>,
    ) -> RpcResult<Self::ListResourceStream> {
        ok(list::list_resource(self, request.into_inner()))
    }

    async fn validate_list_resource_config(
        &self,
        request: tonic::Request<pb::validate_list_resource_config::Request>,
    ) -> RpcResult<pb::validate_list_resource_config::Response> {
        ok(list::validate(self, request.into_inner()))
    }

    async fn validate_action_config(
        &self,
        request: tonic::Request<pb::validate_action_config::Request>,
    ) -> RpcResult<pb::validate_action_config::Response> {
        ok(action::validate(self, request.into_inner()))
    }

    async fn plan_action(
        &self,
        request: tonic::Request<pb::plan_action::Request>,
    ) -> RpcResult<pb::plan_action::Response> {
        ok(action::plan_action(self, request.into_inner()).await)
    }

    type InvokeActionStream = Stream<pb::invoke_action::Event>;

    async fn invoke_action(
        &self,
        request: tonic::Request<pb::invoke_action::Request>,
    ) -> RpcResult<Self::InvokeActionStream> {
        ok(action::invoke_action(self, request.into_inner()))
    }

    async fn validate_state_store_config(
        &self,
        request: tonic::Request<pb::validate_state_store_config::Request>,
    ) -> RpcResult<pb::validate_state_store_config::Response> {
        ok(state_store::validate_state_store_config(
            self,
            request.into_inner(),
        ))
    }

    async fn configure_state_store(
        &self,
        request: tonic::Request<pb::configure_state_store::Request>,
    ) -> RpcResult<pb::configure_state_store::Response> {
        ok(state_store::configure_state_store(self, request.into_inner()).await)
    }

    type ReadStateBytesStream = Stream<pb::read_state_bytes::ResponseChunk>;

    async fn read_state_bytes(
        &self,
        request: tonic::Request<pb::read_state_bytes::Request>,
    ) -> RpcResult<Self::ReadStateBytesStream> {
        ok(state_store::read_state_bytes(self, request.into_inner()).await)
    }

    async fn write_state_bytes(
        &self,
        request: tonic::Request<tonic::Streaming<pb::write_state_bytes::RequestChunk>>,
    ) -> RpcResult<pb::write_state_bytes::Response> {
        ok(state_store::write_state_bytes(self, request.into_inner()).await)
    }

    async fn lock_state(
        &self,
        request: tonic::Request<pb::lock_state::Request>,
    ) -> RpcResult<pb::lock_state::Response> {
        ok(state_store::lock_state(self, request.into_inner()).await)
    }

    async fn unlock_state(
        &self,
        request: tonic::Request<pb::unlock_state::Request>,
    ) -> RpcResult<pb::unlock_state::Response> {
        ok(state_store::unlock_state(self, request.into_inner()).await)
    }

    async fn get_states(
        &self,
        request: tonic::Request<pb::get_states::Request>,
    ) -> RpcResult<pb::get_states::Response> {
        ok(state_store::get_states(self, request.into_inner()).await)
    }

    async fn delete_state(
        &self,
        request: tonic::Request<pb::delete_state::Request>,
    ) -> RpcResult<pb::delete_state::Response> {
        ok(state_store::delete_state(self, request.into_inner()).await)
    }

    async fn stop_provider(
        &self,
        _request: tonic::Request<pb::stop_provider::Request>,
    ) -> RpcResult<pb::stop_provider::Response> {
        ok(stop::stop_provider(self))
    }
}
