//! The protocol surface since Terraform 1.12, in-process: resource identity (schemas, identity
//! beside every state, import by identity, identity upgrades), list resources (streamed, with
//! a limit, with and without whole states, errors at the end), MoveResourceState (taken over,
//! or refused), GenerateResourceConfig (what configuration sets), actions (progress then
//! completion, a panic contained), a state store it does not have, and the 6.11 deprecation messages.

use tfsdk_core::convert::{FromValue, TerraformType, ToValue};
use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::tftypes::Value;
use tfsdk_core::{TfObject, types};
use tfsdk_server::proto::tfplugin6 as pb;
use tfsdk_server::proto::tfplugin6::provider_server::Provider as _;
use tfsdk_server::{
    Action, Context, CreateRequest, Failed, ListResource, Listing, MovedState, NoConfig, Progress,
    Provider, RawState, Registry, Resource, ResourceIdentity, Server, UpdateRequest,
};
use tokio_stream::StreamExt as _;

#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(resource))]
struct Bucket {
    #[tfsdk(name = "name", required, force_new)]
    name: String,
    #[tfsdk(name = "region", optional, default = "eu")]
    region: Option<String>,
    #[tfsdk(name = "arn", computed, stable)]
    arn: types::String,
    #[tfsdk(name = "old_name", optional, deprecated = "Use `name` instead.")]
    old_name: Option<String>,
}

/// What identifies a bucket.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(identity))]
struct BucketId {
    /// The bucket's name.
    #[tfsdk(name = "name", required)]
    name: String,
    /// Its region, which the provider knows.
    #[tfsdk(name = "region", optional)]
    region: Option<String>,
}

/// The bucket of an older provider version's resource type.
#[derive(TfObject)]
#[tfsdk(schema(resource))]
struct OldBucket {
    #[tfsdk(name = "bucket_name", required)]
    bucket_name: String,
}

struct Buckets;

fn bucket(name: &str) -> Bucket {
    Bucket {
        name: name.into(),
        region: Some("eu".into()),
        arn: types::String::new(format!("arn:{name}")),
        old_name: None,
    }
}

impl Resource for Buckets {
    type Provider = Cloud;
    type Model = Bucket;
    const TYPE_NAME: &'static str = "cloud_bucket";

    async fn create(
        &self,
        _: &Context<Cloud>,
        r: CreateRequest<Bucket>,
    ) -> Result<Bucket, Failed<Bucket>> {
        Ok(bucket(&r.planned.name))
    }

    async fn read(&self, _: &Context<Cloud>, b: Bucket) -> Result<Option<Bucket>, Diagnostics> {
        Ok(Some(b))
    }

    async fn update(
        &self,
        _: &Context<Cloud>,
        r: UpdateRequest<Bucket>,
    ) -> Result<Bucket, Failed<Bucket>> {
        Ok(r.planned)
    }

    async fn delete(&self, _: &Context<Cloud>, _: Bucket) -> Result<(), Diagnostics> {
        Ok(())
    }

    async fn import(&self, _: &Context<Cloud>, name: String) -> Result<Bucket, Diagnostics> {
        Ok(bucket(&name))
    }

    async fn move_state(
        &self,
        _: &Context<Cloud>,
        source: MovedState,
    ) -> Result<Option<Bucket>, Diagnostics> {
        if source.source_type != "cloud_old_bucket" {
            return Ok(None);
        }
        let old: OldBucket = source.state.decode()?;
        Ok(Some(bucket(&old.bucket_name)))
    }
}

impl ResourceIdentity for Buckets {
    type Identity = BucketId;
    const IDENTITY_VERSION: i64 = 1;

    fn identity(&self, _: &Context<Cloud>, b: &Bucket) -> Result<BucketId, Diagnostics> {
        Ok(BucketId {
            name: b.name.clone(),
            region: b.region.clone(),
        })
    }

    async fn import_by_identity(
        &self,
        _: &Context<Cloud>,
        id: BucketId,
    ) -> Result<Bucket, Diagnostics> {
        Ok(bucket(&id.name))
    }

    async fn upgrade_identity(
        &self,
        _: &Context<Cloud>,
        version: i64,
        raw: RawState,
    ) -> Result<BucketId, Diagnostics> {
        assert_eq!(version, 0);
        #[derive(TfObject)]
        #[tfsdk(schema(identity))]
        struct V0 {
            #[tfsdk(name = "bucket", required)]
            bucket: String,
        }
        let old: V0 = raw.decode()?;
        Ok(BucketId {
            name: old.bucket,
            region: Some("eu".into()),
        })
    }
}

/// Which buckets to list.
#[derive(TfObject)]
#[tfsdk(schema(list))]
struct Filter {
    #[tfsdk(name = "wanted", required)]
    count: i64,
    #[tfsdk(name = "fail", optional)]
    fail: Option<bool>,
}

struct ListBuckets;

impl ListResource for ListBuckets {
    type Provider = Cloud;
    type Resource = Buckets;
    type Config = Filter;

    async fn list(
        &self,
        _: &Context<Cloud>,
        filter: Filter,
        results: &mut Listing<Buckets>,
    ) -> Result<(), Diagnostics> {
        for index in 0..filter.count {
            let name = format!("b{index}");
            if !results.push(name.clone(), bucket(&name)).await {
                break;
            }
        }
        if filter.fail == Some(true) {
            return Err(Diagnostic::error("Listing failed", "The API went away.").into());
        }
        Ok(())
    }
}

#[derive(TfObject)]
#[tfsdk(schema(action))]
struct Restart {
    #[tfsdk(name = "service", required)]
    service: String,
}

struct RestartAction;

impl Action for RestartAction {
    type Provider = Cloud;
    type Config = Restart;
    const TYPE_NAME: &'static str = "cloud_restart";

    async fn invoke(
        &self,
        _: &Context<Cloud>,
        r: Restart,
        progress: &Progress,
    ) -> Result<(), Diagnostics> {
        if r.service == "explode" {
            panic!("the action blew up");
        }
        progress.report(format!("stopping {}", r.service));
        progress.report(format!("starting {}", r.service));
        Ok(())
    }
}

#[derive(Default)]
struct Cloud;

impl Provider for Cloud {
    type Config = NoConfig;

    fn register(&self, registry: &mut Registry<Self>) {
        registry
            .resource_with_identity(Buckets)
            .list_resource(ListBuckets)
            .action(RestartAction);
    }
}

fn server() -> Server<Cloud> {
    Server::new(Cloud)
}

fn dynamic<T: ToValue + TerraformType>(value: &T) -> pb::DynamicValue {
    let ty = T::terraform_type();
    pb::DynamicValue {
        msgpack: value.to_value(&ty).unwrap().to_msgpack(&ty).unwrap(),
        json: Vec::new(),
    }
}

fn decoded<T: FromValue + TerraformType>(value: &pb::DynamicValue) -> T {
    T::from_value(Value::from_msgpack(&value.msgpack, &T::terraform_type()).unwrap()).unwrap()
}

fn identity_of(data: Option<&pb::ResourceIdentityData>) -> BucketId {
    decoded(data.unwrap().identity_data.as_ref().unwrap())
}

#[tokio::test]
async fn identity_schemas_are_served() {
    let schemas = server()
        .get_resource_identity_schemas(tonic::Request::new(Default::default()))
        .await
        .unwrap()
        .into_inner();
    let schema = &schemas.identity_schemas["cloud_bucket"];
    assert_eq!(schema.version, 1);
    let names: Vec<(&str, bool, bool)> = schema
        .identity_attributes
        .iter()
        .map(|a| {
            (
                a.name.as_str(),
                a.required_for_import,
                a.optional_for_import,
            )
        })
        .collect();
    assert_eq!(names, [("name", true, false), ("region", false, true)]);
    assert_eq!(
        schema.identity_attributes[0].description,
        "The bucket's name."
    );
    assert_eq!(schema.identity_attributes[0].r#type, br#""string""#);
}

#[tokio::test]
async fn every_state_comes_with_its_identity() {
    let server = server();
    let ty = Bucket::terraform_type();
    let planned = dynamic(&Bucket {
        arn: types::String::unknown(),
        ..bucket("logs")
    });
    let applied = server
        .apply_resource_change(tonic::Request::new(pb::apply_resource_change::Request {
            type_name: "cloud_bucket".into(),
            prior_state: Some(pb::DynamicValue {
                msgpack: Value::null(ty.clone()).to_msgpack(&ty).unwrap(),
                json: Vec::new(),
            }),
            planned_state: Some(planned.clone()),
            config: Some(planned),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(applied.diagnostics.is_empty(), "{:?}", applied.diagnostics);
    let identity = identity_of(applied.new_identity.as_ref());
    assert_eq!(identity.name, "logs");

    let read = server
        .read_resource(tonic::Request::new(pb::read_resource::Request {
            type_name: "cloud_bucket".into(),
            current_state: applied.new_state.clone(),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(identity_of(read.new_identity.as_ref()), identity);

    // An update plans the prior identity.
    let prior_identity = applied.new_identity.clone();
    let plan = server
        .plan_resource_change(tonic::Request::new(pb::plan_resource_change::Request {
            type_name: "cloud_bucket".into(),
            prior_state: applied.new_state.clone(),
            proposed_new_state: applied.new_state.clone(),
            config: Some(dynamic(&Bucket {
                arn: types::String::null(),
                ..bucket("logs")
            })),
            prior_identity: prior_identity.clone(),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(plan.diagnostics.is_empty(), "{:?}", plan.diagnostics);
    assert_eq!(plan.planned_identity, prior_identity);

    // Import by identity.
    let imported = server
        .import_resource_state(tonic::Request::new(pb::import_resource_state::Request {
            type_name: "cloud_bucket".into(),
            identity: Some(pb::ResourceIdentityData {
                identity_data: Some(dynamic(&BucketId {
                    name: "backups".into(),
                    region: None,
                })),
            }),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(
        imported.diagnostics.is_empty(),
        "{:?}",
        imported.diagnostics
    );
    let object = &imported.imported_resources[0];
    assert_eq!(
        decoded::<Bucket>(object.state.as_ref().unwrap()),
        bucket("backups")
    );
    assert_eq!(
        identity_of(object.identity.as_ref()),
        BucketId {
            name: "backups".into(),
            region: Some("eu".into())
        }
    );
}

#[tokio::test]
async fn stored_identities_are_upgraded_or_read_as_they_are() {
    let server = server();
    let upgrade = |version: i64, json: &str| {
        server.upgrade_resource_identity(tonic::Request::new(
            pb::upgrade_resource_identity::Request {
                type_name: "cloud_bucket".into(),
                version,
                raw_identity: Some(pb::RawState {
                    json: json.as_bytes().to_vec(),
                    flatmap: Default::default(),
                }),
            },
        ))
    };
    let old = upgrade(0, r#"{"bucket": "logs"}"#)
        .await
        .unwrap()
        .into_inner();
    assert!(old.diagnostics.is_empty(), "{:?}", old.diagnostics);
    assert_eq!(identity_of(old.upgraded_identity.as_ref()).name, "logs");
    let current = upgrade(1, r#"{"name": "logs", "region": "us"}"#)
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        identity_of(current.upgraded_identity.as_ref())
            .region
            .as_deref(),
        Some("us")
    );
    let newer = upgrade(2, "{}").await.unwrap().into_inner();
    assert!(newer.diagnostics[0].detail.contains("identity version 2"));
}

async fn list(
    server: &Server<Cloud>,
    count: i64,
    fail: bool,
    limit: i64,
    include: bool,
) -> Vec<pb::list_resource::Event> {
    #[derive(TfObject)]
    #[tfsdk(schema(list))]
    struct Config {
        #[tfsdk(name = "wanted", required)]
        count: i64,
        #[tfsdk(name = "fail", optional)]
        fail: Option<bool>,
    }
    let stream = server
        .list_resource(tonic::Request::new(pb::list_resource::Request {
            type_name: "cloud_bucket".into(),
            config: Some(dynamic(&Config {
                count,
                fail: Some(fail),
            })),
            include_resource_object: include,
            limit,
        }))
        .await
        .unwrap()
        .into_inner();
    stream.map(Result::unwrap).collect::<Vec<_>>().await
}

#[tokio::test]
async fn list_resources_stream_identities_up_to_the_limit() {
    let server = server();
    let events = list(&server, 5, false, 3, false).await;
    let names: Vec<&str> = events.iter().map(|e| e.display_name.as_str()).collect();
    assert_eq!(names, ["b0", "b1", "b2"]);
    assert_eq!(identity_of(events[1].identity.as_ref()).name, "b1");
    assert!(events.iter().all(|e| e.resource_object.is_none()));

    let events = list(&server, 2, false, 0, true).await;
    assert_eq!(events.len(), 2);
    let state: Bucket = decoded(events[0].resource_object.as_ref().unwrap());
    assert_eq!(state, bucket("b0"));

    // An error after two objects: both listed, then the error.
    let events = list(&server, 2, true, 0, false).await;
    assert_eq!(events.len(), 3);
    assert_eq!(events[2].diagnostic[0].summary, "Listing failed");
}

#[tokio::test]
async fn a_list_resource_needs_its_resource_registered_with_an_identity() {
    #[derive(Default)]
    struct Careless;
    struct NoIdentityList;
    impl ListResource for NoIdentityList {
        type Provider = Careless;
        type Resource = CarelessBuckets;
        type Config = Filter;
        async fn list(
            &self,
            _: &Context<Careless>,
            _: Filter,
            _: &mut Listing<CarelessBuckets>,
        ) -> Result<(), Diagnostics> {
            Ok(())
        }
    }
    struct CarelessBuckets;
    impl Resource for CarelessBuckets {
        type Provider = Careless;
        type Model = Bucket;
        const TYPE_NAME: &'static str = "cloud_bucket";
        async fn create(
            &self,
            _: &Context<Careless>,
            r: CreateRequest<Bucket>,
        ) -> Result<Bucket, Failed<Bucket>> {
            Ok(r.planned)
        }
        async fn read(
            &self,
            _: &Context<Careless>,
            b: Bucket,
        ) -> Result<Option<Bucket>, Diagnostics> {
            Ok(Some(b))
        }
        async fn update(
            &self,
            _: &Context<Careless>,
            r: UpdateRequest<Bucket>,
        ) -> Result<Bucket, Failed<Bucket>> {
            Ok(r.planned)
        }
        async fn delete(&self, _: &Context<Careless>, _: Bucket) -> Result<(), Diagnostics> {
            Ok(())
        }
    }
    impl ResourceIdentity for CarelessBuckets {
        type Identity = BucketId;
        fn identity(&self, _: &Context<Careless>, b: &Bucket) -> Result<BucketId, Diagnostics> {
            Ok(BucketId {
                name: b.name.clone(),
                region: None,
            })
        }
    }
    impl Provider for Careless {
        type Config = NoConfig;
        fn register(&self, registry: &mut Registry<Self>) {
            // Registered without its identity.
            registry
                .resource(CarelessBuckets)
                .list_resource(NoIdentityList);
        }
    }
    let schema = Server::new(Careless)
        .get_provider_schema(tonic::Request::new(Default::default()))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        schema.diagnostics[0].summary,
        "List resource without an identity"
    );
    assert!(
        schema.diagnostics[0]
            .detail
            .contains("resource_with_identity")
    );
}

#[tokio::test]
async fn state_moves_from_a_known_source_and_is_refused_from_others() {
    let server = server();
    let moved = |source_type: &str| {
        server.move_resource_state(tonic::Request::new(pb::move_resource_state::Request {
            source_provider_address: "registry.terraform.io/example/cloud".into(),
            source_type_name: source_type.into(),
            source_schema_version: 0,
            source_state: Some(pb::RawState {
                json: br#"{"bucket_name": "logs"}"#.to_vec(),
                flatmap: Default::default(),
            }),
            target_type_name: "cloud_bucket".into(),
            ..Default::default()
        }))
    };
    let taken = moved("cloud_old_bucket").await.unwrap().into_inner();
    assert!(taken.diagnostics.is_empty(), "{:?}", taken.diagnostics);
    assert_eq!(
        decoded::<Bucket>(taken.target_state.as_ref().unwrap()),
        bucket("logs")
    );
    assert_eq!(identity_of(taken.target_identity.as_ref()).name, "logs");

    let refused = moved("cloud_other").await.unwrap().into_inner();
    assert!(refused.target_state.is_none());
    assert_eq!(
        refused.diagnostics[0].summary,
        "Unable to Move Resource State"
    );
    assert!(refused.diagnostics[0].detail.contains("cloud_other"));
}

#[tokio::test]
async fn generated_configuration_leaves_out_what_configuration_does_not_set() {
    let mut state = bucket("logs");
    state.old_name = Some("legacy".into());
    let generated = server()
        .generate_resource_config(tonic::Request::new(pb::generate_resource_config::Request {
            type_name: "cloud_bucket".into(),
            state: Some(dynamic(&state)),
        }))
        .await
        .unwrap()
        .into_inner();
    let ty = Bucket::terraform_type();
    let config = Value::from_msgpack(&generated.config.unwrap().msgpack, &ty).unwrap();
    assert_eq!(config.attribute("name"), Some(&Value::from("logs")));
    assert_eq!(config.attribute("region"), Some(&Value::from("eu")));
    assert!(config.attribute("arn").unwrap().is_null(), "computed only");
    assert!(
        config.attribute("old_name").unwrap().is_null(),
        "deprecated"
    );
}

async fn invoke(server: &Server<Cloud>, service: &str) -> Vec<pb::invoke_action::Event> {
    let stream = server
        .invoke_action(tonic::Request::new(pb::invoke_action::Request {
            action_type: "cloud_restart".into(),
            config: Some(dynamic(&Restart {
                service: service.into(),
            })),
            client_capabilities: None,
        }))
        .await
        .unwrap()
        .into_inner();
    stream.map(Result::unwrap).collect::<Vec<_>>().await
}

#[tokio::test]
async fn actions_report_progress_then_complete() {
    use pb::invoke_action::event::Type;
    let server = server();
    let events = invoke(&server, "web").await;
    let kinds: Vec<String> = events
        .iter()
        .map(|event| match event.r#type.as_ref().unwrap() {
            Type::Progress(progress) => progress.message.clone(),
            Type::Completed(done) => {
                format!("completed with {} diagnostics", done.diagnostics.len())
            }
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "stopping web",
            "starting web",
            "completed with 0 diagnostics"
        ]
    );

    let events = invoke(&server, "explode").await;
    let Some(Type::Completed(done)) = events.last().and_then(|e| e.r#type.as_ref()) else {
        panic!("no completion: {events:?}");
    };
    assert_eq!(done.diagnostics[0].summary, "Provider panicked");
    assert!(done.diagnostics[0].detail.contains("the action blew up"));

    let schema = server
        .get_provider_schema(tonic::Request::new(Default::default()))
        .await
        .unwrap()
        .into_inner();
    assert!(schema.action_schemas.contains_key("cloud_restart"));
    assert!(schema.list_resource_schemas.contains_key("cloud_bucket"));
    let capabilities = schema.server_capabilities.unwrap();
    assert!(capabilities.move_resource_state && capabilities.generate_resource_config);
    let bucket = &schema.resource_schemas["cloud_bucket"];
    let old_name = bucket
        .block
        .as_ref()
        .unwrap()
        .attributes
        .iter()
        .find(|a| a.name == "old_name")
        .unwrap();
    assert!(old_name.deprecated);
    assert_eq!(old_name.deprecation_message, "Use `name` instead.");
}

/// A provider without state stores answers a state store call with Terraform's "not found".
#[tokio::test]
async fn a_state_store_the_provider_does_not_have_is_not_found() {
    let answer = server()
        .get_states(tonic::Request::new(pb::get_states::Request {
            type_name: "cloud_s3".into(),
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(answer.diagnostics[0].summary, "State Store Type Not Found");
}

/// A bucket the API moves to another region on every read: its identity changes.
struct Drifting<const MUTABLE: bool>;

impl<const MUTABLE: bool> Resource for Drifting<MUTABLE> {
    type Provider = Drift;
    type Model = Bucket;
    const TYPE_NAME: &'static str = if MUTABLE {
        "drift_mutable"
    } else {
        "drift_fixed"
    };

    async fn create(
        &self,
        _: &Context<Drift>,
        r: CreateRequest<Bucket>,
    ) -> Result<Bucket, Failed<Bucket>> {
        Ok(bucket(&r.planned.name))
    }

    async fn read(&self, _: &Context<Drift>, b: Bucket) -> Result<Option<Bucket>, Diagnostics> {
        Ok(Some(Bucket {
            region: Some("us".into()),
            ..b
        }))
    }

    async fn update(
        &self,
        _: &Context<Drift>,
        r: UpdateRequest<Bucket>,
    ) -> Result<Bucket, Failed<Bucket>> {
        Ok(Bucket {
            region: Some("us".into()),
            ..r.planned
        })
    }

    async fn delete(&self, _: &Context<Drift>, _: Bucket) -> Result<(), Diagnostics> {
        Ok(())
    }
}

impl<const MUTABLE: bool> ResourceIdentity for Drifting<MUTABLE> {
    type Identity = BucketId;
    const MUTABLE_IDENTITY: bool = MUTABLE;

    fn identity(&self, _: &Context<Drift>, b: &Bucket) -> Result<BucketId, Diagnostics> {
        Ok(BucketId {
            name: b.name.clone(),
            region: b.region.clone(),
        })
    }
}

#[derive(Default)]
struct Drift;

impl Provider for Drift {
    type Config = NoConfig;

    fn register(&self, registry: &mut Registry<Self>) {
        registry
            .resource_with_identity(Drifting::<false>)
            .resource_with_identity(Drifting::<true>);
    }
}

fn identity_data(identity: &BucketId) -> pb::ResourceIdentityData {
    pb::ResourceIdentityData {
        identity_data: Some(dynamic(identity)),
    }
}

async fn read_drifting(type_name: &str) -> pb::read_resource::Response {
    let stored = bucket("logs");
    Server::new(Drift)
        .read_resource(tonic::Request::new(pb::read_resource::Request {
            type_name: type_name.into(),
            current_state: Some(dynamic(&stored)),
            current_identity: Some(identity_data(&BucketId {
                name: "logs".into(),
                region: Some("eu".into()),
            })),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner()
}

#[tokio::test]
async fn a_changed_identity_is_refused_unless_the_resource_declares_it_mutable() {
    let refused = read_drifting("drift_fixed").await;
    let error = refused.diagnostics.first().expect("an error");
    assert_eq!(error.summary, "Unexpected Identity Change");
    assert!(
        error.detail.contains("Current Identity: ") && error.detail.contains("\"us\""),
        "{}",
        error.detail
    );
    // Nothing of the read is stored: the state and identity stay as Terraform holds them.
    let kept: Bucket = decoded(refused.new_state.as_ref().unwrap());
    assert_eq!(kept.region.as_deref(), Some("eu"));
    assert_eq!(
        identity_of(refused.new_identity.as_ref()).region.as_deref(),
        Some("eu")
    );

    let accepted = read_drifting("drift_mutable").await;
    assert!(
        accepted.diagnostics.is_empty(),
        "{:?}",
        accepted.diagnostics
    );
    assert_eq!(
        identity_of(accepted.new_identity.as_ref())
            .region
            .as_deref(),
        Some("us")
    );
}

#[tokio::test]
async fn an_update_that_changes_the_identity_is_refused() {
    let prior = bucket("logs");
    let applied = Server::new(Drift)
        .apply_resource_change(tonic::Request::new(pb::apply_resource_change::Request {
            type_name: "drift_fixed".into(),
            prior_state: Some(dynamic(&prior)),
            planned_state: Some(dynamic(&Bucket {
                old_name: Some("x".into()),
                ..prior.clone()
            })),
            config: Some(dynamic(&prior)),
            planned_identity: Some(identity_data(&BucketId {
                name: "logs".into(),
                region: Some("eu".into()),
            })),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        applied.diagnostics.first().map(|d| d.summary.as_str()),
        Some("Unexpected Identity Change")
    );
    assert_eq!(
        identity_of(applied.new_identity.as_ref()).region.as_deref(),
        Some("eu")
    );
}
