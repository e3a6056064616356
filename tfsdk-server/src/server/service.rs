//! The gRPC service Terraform talks to: the generated `ProviderServer` for every method but
//! GetProviderSchema, whose answer is written in parts as each type's schema is built (see
//! [`encode_provider_schema`]), so that a provider of a thousand resources never holds every
//! schema as protocol structs at once.

use std::convert::Infallible;
use std::sync::Arc;
use std::task::{Context, Poll};

use prost::bytes::{Buf, BufMut};
use prost::encoding::{DecodeContext, WireType};
use tonic::codegen::{Body, BoxFuture, Service, StdError, http};

use super::Server;
use super::schema::encode_provider_schema;
use crate::Provider;
use crate::proto::tfplugin6 as pb;

/// The path of the one method answered here rather than by the generated server.
const GET_PROVIDER_SCHEMA: &str = "/tfplugin6.Provider/GetProviderSchema";

/// The provider's gRPC service (`tfplugin6.Provider`), to add to a tonic router
/// ([`Server::into_service`]).
pub struct ProviderService<P: Provider> {
    server: Arc<Server<P>>,
    generated: pb::provider_server::ProviderServer<Server<P>>,
}

impl<P: Provider> ProviderService<P> {
    pub(super) fn new(server: Server<P>) -> ProviderService<P> {
        let server = Arc::new(server);
        let generated = pb::provider_server::ProviderServer::from_arc(Arc::clone(&server))
            .max_decoding_message_size(usize::MAX)
            .max_encoding_message_size(usize::MAX);
        ProviderService { server, generated }
    }
}

impl<P: Provider> Clone for ProviderService<P> {
    fn clone(&self) -> Self {
        ProviderService {
            server: Arc::clone(&self.server),
            generated: self.generated.clone(),
        }
    }
}

impl<P: Provider> tonic::server::NamedService for ProviderService<P> {
    const NAME: &'static str = "tfplugin6.Provider";
}

impl<P: Provider, B> Service<http::Request<B>> for ProviderService<P>
where
    B: Body + Send + 'static,
    B::Error: Into<StdError> + Send + 'static,
{
    type Response = http::Response<tonic::body::Body>;
    type Error = Infallible;
    type Future = BoxFuture<Self::Response, Self::Error>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: http::Request<B>) -> Self::Future {
        if request.uri().path() != GET_PROVIDER_SCHEMA {
            return self.generated.call(request);
        }
        let method = SchemaMethod(Arc::clone(&self.server));
        Box::pin(async move {
            let codec =
                tonic_prost::ProstCodec::<Encoded, pb::get_provider_schema::Request>::default();
            let mut grpc = tonic::server::Grpc::new(codec)
                .apply_max_message_size_config(Some(usize::MAX), Some(usize::MAX));
            Ok(grpc.unary(method, request).await)
        })
    }
}

/// GetProviderSchema, answered with the encoded parts.
struct SchemaMethod<P: Provider>(Arc<Server<P>>);

impl<P: Provider> tonic::server::UnaryService<pb::get_provider_schema::Request>
    for SchemaMethod<P>
{
    type Response = Encoded;
    type Future = BoxFuture<tonic::Response<Encoded>, tonic::Status>;

    fn call(&mut self, _: tonic::Request<pb::get_provider_schema::Request>) -> Self::Future {
        let server = Arc::clone(&self.0);
        Box::pin(async move {
            let encoded = encode_provider_schema(&server.provider_schema, &server.registry);
            Ok(tonic::Response::new(Encoded(encoded)))
        })
    }
}

/// A message already encoded, in parts: written as they are, one after the other.
#[derive(Debug, Default, Clone, PartialEq)]
struct Encoded(Vec<Vec<u8>>);

impl prost::Message for Encoded {
    fn encode_raw(&self, buf: &mut impl BufMut) {
        for part in &self.0 {
            buf.put_slice(part);
        }
    }

    /// Never decoded: the server only sends these; a decoder would skip every field.
    fn merge_field(
        &mut self,
        tag: u32,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), prost::DecodeError> {
        prost::encoding::skip_field(wire_type, tag, buf, ctx)
    }

    fn encoded_len(&self) -> usize {
        self.0.iter().map(Vec::len).sum()
    }

    fn clear(&mut self) {
        self.0.clear();
    }
}
