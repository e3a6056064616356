//! The forms of Go's timeouts: a data source's `timeouts` block with the read only
//! (`ReadTimeouts`, Go's `datasource/timeouts`), a resource's as a nested attribute (Go's
//! `timeouts.Attributes`), a block of the operations a resource chooses (`timeouts!`, Go's
//! `timeouts.Opts`), durations validated with Go's words, a negative one accepted as Go
//! accepts it.

use tfsdk_core::convert::{TerraformType, ToValue};
use tfsdk_core::diag::Diagnostics;
use tfsdk_core::{TfObject, types};
use tfsdk_server::proto::tfplugin6 as pb;
use tfsdk_server::proto::tfplugin6::provider_server::Provider as _;
use tfsdk_server::{
    Context, CreateRequest, DataSource, Failed, NoConfig, Provider, ReadTimeouts, Registry,
    Resource, Server, Timeouts, UpdateRequest,
};

/// A data source with a read timeout block.
#[derive(TfObject, Clone, Debug, Default)]
#[tfsdk(schema)]
struct Lookup {
    #[tfsdk(name = "name", required)]
    name: String,
    #[tfsdk(name = "timeouts", optional, block)]
    timeouts: Option<ReadTimeouts>,
}

/// A resource with its timeouts as a nested attribute.
#[derive(TfObject, Clone, Debug)]
#[tfsdk(schema(resource))]
struct Job {
    #[tfsdk(name = "name", required)]
    name: String,
    #[tfsdk(name = "timeouts", optional, nested_attribute)]
    timeouts: Option<Timeouts>,
    #[tfsdk(name = "id", computed, stable)]
    id: types::String,
}

tfsdk_server::timeouts! {
    /// Creating and deleting a volume only (Go's `timeouts.Opts{Create: true, Delete: true}`).
    pub struct VolumeTimeouts { create, delete }
}

/// A resource whose timeouts block offers the create and the delete.
#[derive(TfObject, Clone, Debug)]
#[tfsdk(schema(resource))]
struct Volume {
    #[tfsdk(name = "size", required)]
    size: i64,
    #[tfsdk(name = "timeouts", optional, block)]
    timeouts: Option<VolumeTimeouts>,
}

struct Volumes;

impl Resource for Volumes {
    type Provider = Api;
    type Model = Volume;
    const TYPE_NAME: &'static str = "api_volume";

    async fn create(
        &self,
        _: &Context<Api>,
        r: CreateRequest<Volume>,
    ) -> Result<Volume, Failed<Volume>> {
        let timeouts = r.planned.timeouts.clone().unwrap_or_default();
        timeouts.create(std::time::Duration::from_secs(600))?;
        Ok(r.planned)
    }

    async fn read(&self, _: &Context<Api>, volume: Volume) -> Result<Option<Volume>, Diagnostics> {
        Ok(Some(volume))
    }

    async fn update(
        &self,
        _: &Context<Api>,
        r: UpdateRequest<Volume>,
    ) -> Result<Volume, Failed<Volume>> {
        Ok(r.planned)
    }

    async fn delete(&self, _: &Context<Api>, volume: Volume) -> Result<(), Diagnostics> {
        let timeouts = volume.timeouts.unwrap_or_default();
        timeouts.delete(std::time::Duration::from_secs(600))?;
        Ok(())
    }
}

struct Lookups;

impl DataSource for Lookups {
    type Provider = Api;
    type Model = Lookup;
    const TYPE_NAME: &'static str = "api_lookup";

    async fn read(&self, _: &Context<Api>, config: Lookup) -> Result<Lookup, Diagnostics> {
        let timeout = config.timeouts.clone().unwrap_or_default();
        timeout.read(std::time::Duration::from_secs(20))?;
        Ok(config)
    }
}

struct Jobs;

impl Resource for Jobs {
    type Provider = Api;
    type Model = Job;
    const TYPE_NAME: &'static str = "api_job";

    async fn create(&self, _: &Context<Api>, r: CreateRequest<Job>) -> Result<Job, Failed<Job>> {
        Ok(r.planned)
    }

    async fn read(&self, _: &Context<Api>, job: Job) -> Result<Option<Job>, Diagnostics> {
        Ok(Some(job))
    }

    async fn update(&self, _: &Context<Api>, r: UpdateRequest<Job>) -> Result<Job, Failed<Job>> {
        Ok(r.planned)
    }

    async fn delete(&self, _: &Context<Api>, _: Job) -> Result<(), Diagnostics> {
        Ok(())
    }
}

struct Api;

impl Provider for Api {
    type Config = NoConfig;

    fn register(&self, registry: &mut Registry<Self>) {
        registry
            .data_source(Lookups)
            .resource(Jobs)
            .resource(Volumes);
    }
}

#[tokio::test]
async fn a_data_source_has_a_read_timeout_block_and_a_resource_a_timeouts_attribute() {
    let schema = Server::new(Api)
        .get_provider_schema(tonic::Request::new(pb::get_provider_schema::Request {}))
        .await
        .unwrap()
        .into_inner();
    let lookup = schema.data_source_schemas["api_lookup"]
        .block
        .as_ref()
        .unwrap();
    let block = lookup
        .block_types
        .iter()
        .find(|b| b.type_name == "timeouts")
        .unwrap();
    let names: Vec<&str> = (block.block.as_ref().unwrap().attributes.iter())
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(names, ["read"]);
    let job = schema.resource_schemas["api_job"].block.as_ref().unwrap();
    let timeouts = job
        .attributes
        .iter()
        .find(|a| a.name == "timeouts")
        .unwrap();
    let nested = timeouts.nested_type.as_ref().expect("a nested attribute");
    let names: Vec<&str> = nested.attributes.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["create", "delete", "read", "update"]);
}

async fn validate(read: &str) -> Vec<pb::Diagnostic> {
    let config = Lookup {
        name: "x".into(),
        timeouts: Some(ReadTimeouts {
            read: Some(read.into()),
        }),
    };
    let ty = Lookup::terraform_type();
    Server::new(Api)
        .validate_data_resource_config(tonic::Request::new(
            pb::validate_data_resource_config::Request {
                type_name: "api_lookup".into(),
                config: Some(pb::DynamicValue {
                    msgpack: config.to_value(&ty).unwrap().to_msgpack(&ty).unwrap(),
                    json: Vec::new(),
                }),
            },
        ))
        .await
        .unwrap()
        .into_inner()
        .diagnostics
}

#[tokio::test]
async fn durations_are_validated_with_gos_words_and_may_be_negative() {
    assert!(validate("-5m").await.is_empty());
    assert!(validate("90s").await.is_empty());
    let refused = validate("5 minutes").await;
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!(refused[0].summary, "Invalid Attribute Value Time Duration");
    assert!(
        refused[0]
            .detail
            .starts_with("\"5 minutes\" must be a string containing a sequence of decimal numbers"),
        "{}",
        refused[0].detail
    );
}

#[tokio::test]
async fn a_resource_chooses_the_operations_its_timeouts_block_offers() {
    let server = Server::new(Api);
    let schema = server
        .get_provider_schema(tonic::Request::new(pb::get_provider_schema::Request {}))
        .await
        .unwrap()
        .into_inner();
    let volume = schema.resource_schemas["api_volume"]
        .block
        .as_ref()
        .unwrap();
    let block = (volume.block_types.iter())
        .find(|b| b.type_name == "timeouts")
        .expect("a timeouts block");
    let attributes = &block.block.as_ref().unwrap().attributes;
    let names: Vec<&str> = attributes.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["create", "delete"]);
    assert!(
        attributes[0]
            .description
            .starts_with("How long a create may take.")
    );

    let validate = |create: &str| {
        let config = Volume {
            size: 1,
            timeouts: Some(VolumeTimeouts {
                create: Some(create.into()),
                delete: None,
            }),
        };
        let ty = Volume::terraform_type();
        let request = pb::validate_resource_config::Request {
            type_name: "api_volume".into(),
            config: Some(pb::DynamicValue {
                msgpack: config.to_value(&ty).unwrap().to_msgpack(&ty).unwrap(),
                json: Vec::new(),
            }),
            client_capabilities: None,
        };
        let server = &server;
        async move {
            (server
                .validate_resource_config(tonic::Request::new(request))
                .await)
                .unwrap()
                .into_inner()
                .diagnostics
        }
    };
    assert!(validate("45m").await.is_empty());
    let refused = validate("an hour").await;
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!(refused[0].summary, "Invalid Attribute Value Time Duration");
}
