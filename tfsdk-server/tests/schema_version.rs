//! A schema version chosen at run time (Go's `Schema` method setting `Version` from what the
//! provider knows when it starts): the version served with the schema, a state of that version
//! read as is, an older one sent to `upgrade_state`, whose default error names the version.

use tfsdk_core::TfObject;
use tfsdk_core::diag::Diagnostics;
use tfsdk_server::proto::tfplugin6 as pb;
use tfsdk_server::proto::tfplugin6::provider_server::Provider as _;
use tfsdk_server::{
    Context, CreateRequest, Failed, NoConfig, Provider, Registry, Resource, Server, UpdateRequest,
};

#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(resource))]
struct Volume {
    #[tfsdk(name = "name", required)]
    name: String,
}

/// The schema version comes from the provider's start (a flag, a build setting).
struct Volumes {
    version: i64,
}

impl Resource for Volumes {
    type Provider = Cloud;
    type Model = Volume;
    const TYPE_NAME: &'static str = "cloud_volume";

    fn schema_version(&self) -> i64 {
        self.version
    }

    async fn create(
        &self,
        _: &Context<Cloud>,
        r: CreateRequest<Volume>,
    ) -> Result<Volume, Failed<Volume>> {
        Ok(r.planned)
    }

    async fn read(&self, _: &Context<Cloud>, v: Volume) -> Result<Option<Volume>, Diagnostics> {
        Ok(Some(v))
    }

    async fn update(
        &self,
        _: &Context<Cloud>,
        r: UpdateRequest<Volume>,
    ) -> Result<Volume, Failed<Volume>> {
        Ok(r.planned)
    }

    async fn delete(&self, _: &Context<Cloud>, _: Volume) -> Result<(), Diagnostics> {
        Ok(())
    }
}

struct Cloud {
    version: i64,
}

impl Provider for Cloud {
    type Config = NoConfig;

    fn register(&self, registry: &mut Registry<Self>) {
        registry.resource(Volumes {
            version: self.version,
        });
    }
}

async fn upgrade(server: &Server<Cloud>, version: i64) -> pb::upgrade_resource_state::Response {
    let request = pb::upgrade_resource_state::Request {
        type_name: "cloud_volume".into(),
        version,
        raw_state: Some(pb::RawState {
            json: br#"{"name":"v"}"#.to_vec(),
            ..Default::default()
        }),
    };
    server
        .upgrade_resource_state(tonic::Request::new(request))
        .await
        .unwrap()
        .into_inner()
}

#[tokio::test]
async fn the_schema_version_chosen_at_start_is_served_and_upgrades_go_by_it() {
    let server = Server::new(Cloud { version: 3 });
    let schema = server
        .get_provider_schema(tonic::Request::new(pb::get_provider_schema::Request {}))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(schema.resource_schemas["cloud_volume"].version, 3);

    let current = upgrade(&server, 3).await;
    assert!(current.diagnostics.is_empty(), "{:?}", current.diagnostics);
    assert!(current.upgraded_state.is_some());

    let older = upgrade(&server, 1).await;
    assert_eq!(
        older.diagnostics[0].summary,
        "Unable to Upgrade Resource State"
    );
    assert_eq!(
        older.diagnostics[0].detail,
        "The state of this cloud_volume resource was written with schema version 1; the \
         provider is at version 3 and has no upgrade from it."
    );
}
