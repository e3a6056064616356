//! An attribute's plan modifier reaches what a resource's `modify_plan` reaches: the provider
//! (its configured client) and the resource's private state, through the plan's context
//! (`AttributeChange::context`), as Go's attribute plan modifiers reach `req.Private` and the
//! provider data their resource holds.

use tfsdk_core::convert::{TerraformType, ToValue};
use tfsdk_core::diag::Diagnostics;
use tfsdk_core::schema::AttributeChange;
use tfsdk_core::tftypes::{Type, Value};
use tfsdk_core::{TfObject, types};
use tfsdk_server::proto::tfplugin6 as pb;
use tfsdk_server::proto::tfplugin6::provider_server::Provider as _;
use tfsdk_server::{
    Context, CreateRequest, Failed, NoConfig, PlannedChange, Provider, Registry, Resource, Server,
    UpdateRequest,
};

#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(resource))]
struct Disk {
    #[tfsdk(name = "name", required)]
    name: String,
    /// The provider's region unless configured.
    #[tfsdk(name = "region", optional, computed, plan_modifier = region_of_provider)]
    region: types::String,
    /// What apply learnt from the private state.
    #[tfsdk(name = "placed_by", computed)]
    placed_by: types::String,
}

/// The provider's default region for a disk that does not name one, noted in the private
/// state for apply to find.
fn region_of_provider(change: &mut AttributeChange<'_, types::String>) {
    let Some(ctx) = change.context::<Context<Cloud>>() else {
        return;
    };
    if change.config.is_null() {
        change.planned = types::String::new(ctx.provider().default_region);
        ctx.set_private_state(b"region=provider".to_vec());
    }
}

struct Cloud {
    default_region: &'static str,
}

impl Provider for Cloud {
    type Config = NoConfig;

    fn register(&self, registry: &mut Registry<Self>) {
        registry.resource(Disks);
    }
}

struct Disks;

impl Resource for Disks {
    type Provider = Cloud;
    type Model = Disk;
    const TYPE_NAME: &'static str = "cloud_disk";

    /// Apply receives the private state the plan left.
    async fn create(
        &self,
        ctx: &Context<Cloud>,
        request: CreateRequest<Disk>,
    ) -> Result<Disk, Failed<Disk>> {
        let mut disk = request.planned;
        disk.placed_by = types::String::new(match ctx.private_state().as_slice() {
            b"region=provider;seen" => "provider",
            _ => "configuration",
        });
        Ok(disk)
    }

    async fn read(&self, _: &Context<Cloud>, state: Disk) -> Result<Option<Disk>, Diagnostics> {
        Ok(Some(state))
    }

    async fn update(
        &self,
        _: &Context<Cloud>,
        request: UpdateRequest<Disk>,
    ) -> Result<Disk, Failed<Disk>> {
        Ok(request.planned)
    }

    async fn delete(&self, _: &Context<Cloud>, _: Disk) -> Result<(), Diagnostics> {
        Ok(())
    }

    /// Runs after the attributes' modifiers, in the same context: it sees their private state.
    async fn modify_plan(
        &self,
        ctx: &Context<Cloud>,
        plan: &mut PlannedChange<Disk>,
    ) -> Result<(), Diagnostics> {
        if ctx.private_state() == b"region=provider" {
            assert_eq!(plan.planned()?.region.get(), Some("eu-west"));
            ctx.set_private_state(b"region=provider;seen".to_vec());
        }
        Ok(())
    }
}

fn ty() -> Type {
    Disk::terraform_type()
}

fn dynamic(value: &Value) -> Option<pb::DynamicValue> {
    Some(pb::DynamicValue {
        msgpack: value.to_msgpack(&ty()).expect("encodes"),
        json: Vec::new(),
    })
}

fn server() -> Server<Cloud> {
    Server::new(Cloud {
        default_region: "eu-west",
    })
}

async fn plan(server: &Server<Cloud>, config: &Value) -> pb::plan_resource_change::Response {
    server
        .plan_resource_change(tonic::Request::new(pb::plan_resource_change::Request {
            type_name: "cloud_disk".into(),
            prior_state: dynamic(&Value::null(ty())),
            proposed_new_state: dynamic(config),
            config: dynamic(config),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner()
}

/// Plans `disk` for creation and applies the plan as Terraform would, with the planned
/// private state: the plan's response and the new state.
async fn plan_and_apply(disk: Disk) -> (pb::plan_resource_change::Response, Value) {
    let server = server();
    let config = disk.to_value(&ty()).unwrap();
    let planned = plan(&server, &config).await;
    assert!(planned.diagnostics.is_empty(), "{:?}", planned.diagnostics);
    let applied = server
        .apply_resource_change(tonic::Request::new(pb::apply_resource_change::Request {
            type_name: "cloud_disk".into(),
            prior_state: dynamic(&Value::null(ty())),
            planned_state: planned.planned_state.clone(),
            config: dynamic(&config),
            planned_private: planned.planned_private.clone(),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(applied.diagnostics.is_empty(), "{:?}", applied.diagnostics);
    let state = Value::from_msgpack(&applied.new_state.unwrap().msgpack, &ty()).unwrap();
    (planned, state)
}

#[tokio::test]
async fn an_attribute_modifier_reads_the_provider_and_writes_private_state_that_apply_sees() {
    let (planned, state) = plan_and_apply(Disk {
        name: "data".into(),
        region: types::String::null(),
        placed_by: types::String::null(),
    })
    .await;
    let planned_state =
        Value::from_msgpack(&planned.planned_state.unwrap().msgpack, &ty()).unwrap();
    assert_eq!(
        planned_state.attribute("region"),
        Some(&Value::from("eu-west"))
    );
    assert_eq!(planned.planned_private, b"region=provider;seen");
    assert_eq!(state.attribute("placed_by"), Some(&Value::from("provider")));
}

#[tokio::test]
async fn a_configured_value_is_left_to_the_configuration() {
    let (planned, state) = plan_and_apply(Disk {
        name: "data".into(),
        region: types::String::new("us-east"),
        placed_by: types::String::null(),
    })
    .await;
    assert!(planned.planned_private.is_empty());
    assert_eq!(state.attribute("region"), Some(&Value::from("us-east")));
    assert_eq!(
        state.attribute("placed_by"),
        Some(&Value::from("configuration"))
    );
}
