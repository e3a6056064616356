//! Import by passthrough (Go's `ImportStatePassthroughID`): the import stores the ID alone and
//! the read Terraform runs next fills in the rest; a model that cannot hold such a state is
//! told which field and why.

use tfsdk_core::convert::{FromValue, TerraformType, ToValue};
use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::Value;
use tfsdk_core::{TfObject, types};
use tfsdk_server::proto::tfplugin6 as pb;
use tfsdk_server::proto::tfplugin6::provider_server::Provider as _;
use tfsdk_server::{
    Context, CreateRequest, Failed, NoConfig, Provider, Registry, Resource, Server, UpdateRequest,
};

/// Framework types throughout: the model holds the state of an ID alone.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(resource))]
struct Volume {
    #[tfsdk(name = "id", computed, stable)]
    id: types::String,
    #[tfsdk(name = "name", required)]
    name: types::String,
    #[tfsdk(name = "size", optional)]
    size: Option<i64>,
}

/// A plain `String` for a required attribute: it cannot be null.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(resource))]
struct Disk {
    #[tfsdk(name = "id", computed, stable)]
    id: types::String,
    #[tfsdk(name = "name", required)]
    name: String,
}

struct Volumes;

impl Resource for Volumes {
    type Provider = Cloud;
    type Model = Volume;
    const TYPE_NAME: &'static str = "cloud_volume";
    const IMPORT_PASSTHROUGH: Option<&'static str> = Some("id");

    async fn create(
        &self,
        _: &Context<Cloud>,
        r: CreateRequest<Volume>,
    ) -> Result<Volume, Failed<Volume>> {
        Ok(r.planned)
    }

    /// What Go's `Read` does after a passthrough: the object found by its ID.
    async fn read(&self, _: &Context<Cloud>, state: Volume) -> Result<Option<Volume>, Diagnostics> {
        let id = state.id.get().unwrap_or_default().to_owned();
        Ok(Some(Volume {
            name: types::String::new(format!("volume named by {id}")),
            size: Some(20),
            id: types::String::new(id),
        }))
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

struct Disks;

impl Resource for Disks {
    type Provider = Cloud;
    type Model = Disk;
    const TYPE_NAME: &'static str = "cloud_disk";
    const IMPORT_PASSTHROUGH: Option<&'static str> = Some("id");

    async fn create(
        &self,
        _: &Context<Cloud>,
        r: CreateRequest<Disk>,
    ) -> Result<Disk, Failed<Disk>> {
        Ok(r.planned)
    }

    async fn read(&self, _: &Context<Cloud>, state: Disk) -> Result<Option<Disk>, Diagnostics> {
        Ok(Some(state))
    }

    async fn update(
        &self,
        _: &Context<Cloud>,
        r: UpdateRequest<Disk>,
    ) -> Result<Disk, Failed<Disk>> {
        Ok(r.planned)
    }

    async fn delete(&self, _: &Context<Cloud>, _: Disk) -> Result<(), Diagnostics> {
        Ok(())
    }
}

struct Cloud;

impl Provider for Cloud {
    type Config = NoConfig;

    fn register(&self, registry: &mut Registry<Self>) {
        registry.resource(Volumes).resource(Disks);
    }
}

async fn import(server: &Server<Cloud>, type_name: &str) -> pb::import_resource_state::Response {
    let request = pb::import_resource_state::Request {
        type_name: type_name.into(),
        id: "vol-7".into(),
        ..Default::default()
    };
    server
        .import_resource_state(tonic::Request::new(request))
        .await
        .unwrap()
        .into_inner()
}

#[tokio::test]
async fn an_import_stores_the_id_alone_and_the_read_fills_in_the_rest() {
    let server = Server::new(Cloud);
    let ty = Volume::terraform_type();
    let imported = import(&server, "cloud_volume").await;
    assert!(
        imported.diagnostics.is_empty(),
        "{:?}",
        imported.diagnostics
    );
    let state = imported.imported_resources[0].state.clone().unwrap();
    let partial = Value::from_msgpack(&state.msgpack, &ty).unwrap();
    let expected = Volume {
        id: types::String::new("vol-7"),
        name: types::String::null(),
        size: None,
    };
    assert_eq!(partial, expected.to_value(&ty).unwrap());

    let read = server
        .read_resource(tonic::Request::new(pb::read_resource::Request {
            type_name: "cloud_volume".into(),
            current_state: Some(state),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
    let filled = Value::from_msgpack(&read.new_state.unwrap().msgpack, &ty).unwrap();
    assert_eq!(
        Volume::from_value(filled).unwrap(),
        Volume {
            id: types::String::new("vol-7"),
            name: types::String::new("volume named by vol-7"),
            size: Some(20),
        }
    );
}

#[tokio::test]
async fn a_model_that_cannot_hold_the_id_alone_is_told_which_field() {
    let imported = import(&Server::new(Cloud), "cloud_disk").await;
    assert!(imported.imported_resources.is_empty());
    let error = &imported.diagnostics[0];
    assert!(
        error.attribute.is_some(),
        "the path of the field: {error:?}"
    );
    assert!(
        error.detail.ends_with(
            "An import by passthrough stores the ID alone, every other attribute null, for the \
             read that follows: each field of the model must hold null (an Option or a framework \
             type), or the resource implements `import`."
        ),
        "{}",
        error.detail
    );
}
