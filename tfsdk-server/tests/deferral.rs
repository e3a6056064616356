//! Deferred changes at the protocol level, with the requests Terraform sends (stable Terraform
//! 1.15.5 refuses `-allow-deferral` without experiments): a resource defers its plan, read or
//! import and a data source its read when the request allows it (Go's `resp.Deferred`); a
//! provider that defers in `configure` defers every change of the run without calling the
//! types' code, as Go's framework does; deferring where Terraform did not allow it is an error.

use std::sync::atomic::{AtomicUsize, Ordering};

use tfsdk_core::convert::{TerraformType, ToValue};
use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::{Type, Value};
use tfsdk_core::{TfObject, types};
use tfsdk_server::proto::tfplugin6 as pb;
use tfsdk_server::proto::tfplugin6::provider_server::Provider as _;
use tfsdk_server::{
    Context, CreateRequest, DataSource, DeferredReason, Failed, PlannedChange, Provider, Registry,
    Resource, Server, UpdateRequest,
};

/// The provider block: `defer_all = true` stands for a configuration not known yet.
#[derive(TfObject, Clone, Debug, Default)]
#[tfsdk(schema(provider))]
struct CloudConfig {
    #[tfsdk(name = "defer_all", optional)]
    defer_all: Option<bool>,
}

#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(resource))]
struct Cluster {
    #[tfsdk(name = "name", required)]
    name: String,
    /// The network the cluster joins; `"later"` does not exist yet.
    #[tfsdk(name = "network", optional)]
    network: Option<String>,
    #[tfsdk(name = "id", computed, stable)]
    id: types::String,
}

#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema)]
struct Lookup {
    #[tfsdk(name = "name", required)]
    name: String,
    #[tfsdk(name = "id", computed)]
    id: types::String,
}

/// Counts the calls into the types' code.
#[derive(Default)]
struct Cloud {
    calls: AtomicUsize,
}

fn called(ctx: &Context<Cloud>) {
    ctx.provider().calls.fetch_add(1, Ordering::SeqCst);
}

impl Provider for Cloud {
    type Config = CloudConfig;

    fn register(&self, registry: &mut Registry<Self>) {
        registry.resource(Clusters).data_source(Lookups);
    }

    async fn configure(&self, ctx: &Context<Self>, config: CloudConfig) -> Result<(), Diagnostics> {
        if config.defer_all == Some(true) {
            ctx.defer(DeferredReason::ProviderConfigUnknown);
        }
        Ok(())
    }
}

struct Clusters;

impl Resource for Clusters {
    type Provider = Cloud;
    type Model = Cluster;
    const TYPE_NAME: &'static str = "cloud_cluster";

    async fn create(
        &self,
        _: &Context<Cloud>,
        r: CreateRequest<Cluster>,
    ) -> Result<Cluster, Failed<Cluster>> {
        Ok(r.planned)
    }

    async fn read(
        &self,
        ctx: &Context<Cloud>,
        cluster: Cluster,
    ) -> Result<Option<Cluster>, Diagnostics> {
        called(ctx);
        if cluster.network.as_deref() == Some("later") {
            ctx.defer(DeferredReason::AbsentPrerequisite);
        }
        Ok(Some(cluster))
    }

    async fn update(
        &self,
        _: &Context<Cloud>,
        r: UpdateRequest<Cluster>,
    ) -> Result<Cluster, Failed<Cluster>> {
        Ok(r.planned)
    }

    async fn delete(&self, _: &Context<Cloud>, _: Cluster) -> Result<(), Diagnostics> {
        Ok(())
    }

    async fn modify_plan(
        &self,
        ctx: &Context<Cloud>,
        plan: &mut PlannedChange<Cluster>,
    ) -> Result<(), Diagnostics> {
        called(ctx);
        if plan.planned()?.network.get() == Some("later") {
            ctx.defer(DeferredReason::AbsentPrerequisite);
        }
        Ok(())
    }

    async fn import(&self, ctx: &Context<Cloud>, id: String) -> Result<Cluster, Diagnostics> {
        called(ctx);
        if ctx.deferral_allowed() && id == "not-yet" {
            ctx.defer(DeferredReason::ResourceConfigUnknown);
        }
        Ok(Cluster {
            name: id.clone(),
            network: None,
            id: types::String::new(id),
        })
    }
}

struct Lookups;

impl DataSource for Lookups {
    type Provider = Cloud;
    type Model = Lookup;
    const TYPE_NAME: &'static str = "cloud_lookup";

    async fn read(&self, ctx: &Context<Cloud>, config: Lookup) -> Result<Lookup, Diagnostics> {
        called(ctx);
        if ctx.deferral_allowed() && config.name == "later" {
            ctx.defer(DeferredReason::AbsentPrerequisite);
        }
        Ok(Lookup {
            id: types::String::new("found"),
            ..config
        })
    }
}

fn dynamic<T: TerraformType>(value: &Value) -> Option<pb::DynamicValue> {
    Some(pb::DynamicValue {
        msgpack: value.to_msgpack(&T::terraform_type()).unwrap(),
        json: Vec::new(),
    })
}

fn capabilities(deferral_allowed: bool) -> Option<pb::ClientCapabilities> {
    Some(pb::ClientCapabilities {
        deferral_allowed,
        write_only_attributes_allowed: true,
    })
}

fn cluster(network: Option<&str>) -> Cluster {
    Cluster {
        name: "c".into(),
        network: network.map(Into::into),
        id: types::String::new("id-c"),
    }
}

async fn configured(
    defer_all: bool,
    deferral_allowed: bool,
) -> (Server<Cloud>, Vec<pb::Diagnostic>) {
    let server = Server::new(Cloud::default());
    let config = CloudConfig {
        defer_all: Some(defer_all),
    };
    let ty = CloudConfig::terraform_type();
    let configured = server
        .configure_provider(tonic::Request::new(pb::configure_provider::Request {
            config: dynamic::<CloudConfig>(&config.to_value(&ty).unwrap()),
            client_capabilities: capabilities(deferral_allowed),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    (server, configured.diagnostics)
}

async fn plan(
    server: &Server<Cloud>,
    planned: &Cluster,
    deferral_allowed: bool,
) -> pb::plan_resource_change::Response {
    let ty: Type = Cluster::terraform_type();
    // As configured: the computed id null.
    let config = Cluster {
        id: types::String::null(),
        ..planned.clone()
    };
    let config = config.to_value(&ty).unwrap();
    server
        .plan_resource_change(tonic::Request::new(pb::plan_resource_change::Request {
            type_name: "cloud_cluster".into(),
            prior_state: dynamic::<Cluster>(&Value::null(ty.clone())),
            proposed_new_state: dynamic::<Cluster>(&config),
            config: dynamic::<Cluster>(&config),
            client_capabilities: capabilities(deferral_allowed),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner()
}

async fn read(
    server: &Server<Cloud>,
    stored: &Cluster,
    deferral_allowed: bool,
) -> pb::read_resource::Response {
    let ty: Type = Cluster::terraform_type();
    server
        .read_resource(tonic::Request::new(pb::read_resource::Request {
            type_name: "cloud_cluster".into(),
            current_state: dynamic::<Cluster>(&stored.to_value(&ty).unwrap()),
            client_capabilities: capabilities(deferral_allowed),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner()
}

async fn import(
    server: &Server<Cloud>,
    id: &str,
    deferral_allowed: bool,
) -> pb::import_resource_state::Response {
    server
        .import_resource_state(tonic::Request::new(pb::import_resource_state::Request {
            type_name: "cloud_cluster".into(),
            id: id.into(),
            client_capabilities: capabilities(deferral_allowed),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner()
}

async fn read_data(
    server: &Server<Cloud>,
    name: &str,
    deferral_allowed: bool,
) -> pb::read_data_source::Response {
    let ty: Type = Lookup::terraform_type();
    let config = Lookup {
        name: name.into(),
        id: types::String::null(),
    };
    server
        .read_data_source(tonic::Request::new(pb::read_data_source::Request {
            type_name: "cloud_lookup".into(),
            config: dynamic::<Lookup>(&config.to_value(&ty).unwrap()),
            client_capabilities: capabilities(deferral_allowed),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner()
}

fn reason(deferred: Option<&pb::Deferred>) -> Option<pb::deferred::Reason> {
    deferred.map(|d| pb::deferred::Reason::try_from(d.reason).unwrap())
}

#[tokio::test]
async fn a_resource_defers_its_plan_read_and_import_when_terraform_allows_it() {
    let (server, found) = configured(false, true).await;
    assert!(found.is_empty(), "{found:?}");

    let planned = plan(&server, &cluster(Some("later")), true).await;
    assert!(planned.diagnostics.is_empty(), "{:?}", planned.diagnostics);
    assert_eq!(
        reason(planned.deferred.as_ref()),
        Some(pb::deferred::Reason::AbsentPrereq)
    );
    assert!(planned.planned_state.is_some(), "the plan shown meanwhile");
    let now = plan(&server, &cluster(Some("net-1")), true).await;
    assert_eq!(now.deferred, None);

    let read_back = read(&server, &cluster(Some("later")), true).await;
    assert_eq!(
        reason(read_back.deferred.as_ref()),
        Some(pb::deferred::Reason::AbsentPrereq)
    );
    assert!(
        read_back.diagnostics.is_empty(),
        "{:?}",
        read_back.diagnostics
    );

    let imported = import(&server, "not-yet", true).await;
    assert_eq!(
        reason(imported.deferred.as_ref()),
        Some(pb::deferred::Reason::ResourceConfigUnknown)
    );
    assert_eq!(imported.imported_resources.len(), 1);
    // Where Terraform does not allow deferral, the import checks and goes on.
    let imported = import(&server, "not-yet", false).await;
    assert_eq!(imported.deferred, None);
    assert!(
        imported.diagnostics.is_empty(),
        "{:?}",
        imported.diagnostics
    );

    let data = read_data(&server, "later", true).await;
    assert_eq!(
        reason(data.deferred.as_ref()),
        Some(pb::deferred::Reason::AbsentPrereq)
    );
}

#[tokio::test]
async fn deferring_where_terraform_does_not_allow_it_is_an_error() {
    let (server, _) = configured(false, false).await;
    let planned = plan(&server, &cluster(Some("later")), false).await;
    assert_eq!(planned.deferred, None);
    assert_eq!(planned.diagnostics.len(), 1, "{:?}", planned.diagnostics);
    assert_eq!(
        planned.diagnostics[0].summary,
        "Invalid Deferred Resource Response"
    );
    assert!(planned.diagnostics[0].detail.starts_with(
        "The provider deferred the plan but the Terraform request did not indicate support for \
         deferred actions"
    ));
    let read_back = read(&server, &cluster(Some("later")), false).await;
    assert_eq!(
        read_back.diagnostics[0].summary,
        "Invalid Deferred Resource Response"
    );

    // A provider deferring in `configure`: Go's own error.
    let (_, found) = configured(true, false).await;
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].summary, "Invalid Deferred Provider Response");
    assert_eq!(
        found[0].detail,
        "Provider configured a deferred response for all resources and data sources but the \
         Terraform request did not indicate support for deferred actions. This is an issue with \
         the provider and should be reported to the provider developers."
    );
}

#[tokio::test]
async fn a_provider_that_defers_in_configure_defers_every_change_without_calling_the_types() {
    let (server, found) = configured(true, true).await;
    assert!(found.is_empty(), "{found:?}");
    let provider_unknown = Some(pb::deferred::Reason::ProviderConfigUnknown);

    // The plan is Terraform's proposal, returned as it came.
    let proposal = cluster(Some("net-1"));
    let planned = plan(&server, &proposal, true).await;
    assert_eq!(reason(planned.deferred.as_ref()), provider_unknown);
    let ty: Type = Cluster::terraform_type();
    let expected = Cluster {
        id: types::String::null(),
        ..proposal.clone()
    };
    let expected = expected.to_value(&ty).unwrap();
    assert_eq!(planned.planned_state, dynamic::<Cluster>(&expected));

    // A read keeps what Terraform holds.
    let stored = cluster(Some("net-1"));
    let read_back = read(&server, &stored, true).await;
    assert_eq!(reason(read_back.deferred.as_ref()), provider_unknown);
    assert_eq!(
        read_back.new_state,
        dynamic::<Cluster>(&stored.to_value(&ty).unwrap())
    );

    // An import and a data source read: an unknown object, as Go's framework sends.
    let imported = import(&server, "id-9", true).await;
    assert_eq!(reason(imported.deferred.as_ref()), provider_unknown);
    assert_eq!(
        imported.imported_resources[0].state,
        dynamic::<Cluster>(&Value::unknown(ty))
    );
    let data = read_data(&server, "any", true).await;
    assert_eq!(reason(data.deferred.as_ref()), provider_unknown);
    assert_eq!(
        data.state,
        dynamic::<Lookup>(&Value::unknown(Lookup::terraform_type()))
    );

    assert_eq!(
        server.provider().calls.load(Ordering::SeqCst),
        0,
        "no type's code ran"
    );

    // A type the provider does not have is not found, deferral or not.
    let unknown = server
        .plan_resource_change(tonic::Request::new(pb::plan_resource_change::Request {
            type_name: "cloud_nothing".into(),
            client_capabilities: capabilities(true),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(unknown.deferred, None);
    assert_eq!(unknown.diagnostics[0].summary, "Resource Type Not Found");

    // A request that does not allow deferral is served as usual.
    let planned = plan(&server, &proposal, false).await;
    assert_eq!(planned.deferred, None);
    assert!(planned.diagnostics.is_empty(), "{:?}", planned.diagnostics);
}
