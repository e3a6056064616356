//! Plan modification and validation through the model's typed view, in-process: a computed
//! value inside a list of nested objects set at plan time, a replacement required at a nested
//! attribute's typed path, the configuration reached from create, a validation error at a typed
//! path, and Terraform's plan rules as the server applies them (a computed attribute unknown
//! in the plan of an update, a stable one kept, a plan without changes kept as it is).

use tfsdk_core::convert::{TerraformType, ToValue};
use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::path::AttributePath;
use tfsdk_core::tftypes::{Type, Value};
use tfsdk_core::{TfObject, View, types};
use tfsdk_server::proto::tfplugin6 as pb;
use tfsdk_server::proto::tfplugin6::provider_server::Provider as _;
use tfsdk_server::{
    Context, CreateRequest, Failed, NoConfig, PlannedChange, Provider, Registry, Resource, Server,
    UpdateRequest,
};

#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(resource))]
struct Firewall {
    #[tfsdk(name = "id", computed, stable)]
    id: types::String,
    #[tfsdk(name = "name", required)]
    name: String,
    /// Bumped by the API on every update.
    #[tfsdk(name = "revision", computed)]
    revision: types::Int64,
    #[tfsdk(name = "rules", optional)]
    rules: Option<Vec<Rule>>,
}

#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema)]
struct Rule {
    #[tfsdk(name = "port", required)]
    port: i64,
    /// `tcp/PORT`, known at plan time.
    #[tfsdk(name = "label", computed)]
    label: types::String,
}

struct Api;

impl Provider for Api {
    type Config = NoConfig;

    fn register(&self, registry: &mut Registry<Self>) {
        registry.resource(FirewallResource);
    }
}

struct FirewallResource;

impl Resource for FirewallResource {
    type Provider = Api;
    type Model = Firewall;
    const TYPE_NAME: &'static str = "api_firewall";

    async fn create(
        &self,
        _ctx: &Context<Api>,
        request: CreateRequest<Firewall>,
    ) -> Result<Firewall, Failed<Firewall>> {
        // The configuration is there too: here it must agree with the plan.
        let config = request.config.view()?;
        assert_eq!(config.name.get(), Some(request.planned.name.as_str()));
        assert!(config.id.is_null());
        // The whole configuration as the model itself (Go's `req.Config.Get`).
        let whole: Firewall = request.config.model()?;
        assert_eq!(whole.name, request.planned.name);
        assert!(whole.id.is_null() && whole.revision.is_null());
        let mut planned = request.planned;
        planned.id = types::String::new("fw-1");
        planned.revision = types::Int64::new(1);
        Ok(planned)
    }

    async fn read(
        &self,
        _ctx: &Context<Api>,
        state: Firewall,
    ) -> Result<Option<Firewall>, Diagnostics> {
        Ok(Some(state))
    }

    async fn update(
        &self,
        _ctx: &Context<Api>,
        request: UpdateRequest<Firewall>,
    ) -> Result<Firewall, Failed<Firewall>> {
        let mut planned = request.planned;
        planned.revision = types::Int64::new(request.prior.revision.get().unwrap_or(0) + 1);
        Ok(planned)
    }

    async fn delete(&self, _ctx: &Context<Api>, _state: Firewall) -> Result<(), Diagnostics> {
        Ok(())
    }

    async fn modify_plan(
        &self,
        _ctx: &Context<Api>,
        plan: &mut PlannedChange<Firewall>,
    ) -> Result<(), Diagnostics> {
        let planned = plan.planned_mut()?;
        let mut port_zero = false;
        if let Some(rules) = planned.rules.get_mut() {
            for rule in rules.iter_mut() {
                let Some(rule) = rule.get_mut() else { continue };
                rule.label = match rule.port.get() {
                    Some(port) => types::String::new(format!("tcp/{port}")),
                    None => types::String::unknown(),
                };
                port_zero |= rule.port.get() == Some(0);
            }
        }
        if port_zero {
            plan.require_replace(Firewall::paths().rules().at(0).port());
        }
        Ok(())
    }

    fn validate_config(&self, config: &View<Firewall>, diagnostics: &mut Diagnostics) {
        if config.name.get() == Some("forbidden") {
            diagnostics.push(
                Diagnostic::error("Forbidden name", "Pick another name.")
                    .with_path(Firewall::paths().name()),
            );
        }
    }
}

fn ty() -> Type {
    Firewall::terraform_type()
}

fn dynamic(value: &Value) -> Option<pb::DynamicValue> {
    Some(pb::DynamicValue {
        msgpack: value.to_msgpack(&ty()).expect("encodes"),
        json: Vec::new(),
    })
}

fn decode(value: Option<pb::DynamicValue>) -> Value {
    Value::from_msgpack(&value.expect("a value").msgpack, &ty()).expect("decodes")
}

fn firewall(name: &str, ports: &[i64], id: Option<&str>, revision: Option<i64>) -> Value {
    Firewall {
        id: id.into(),
        name: name.to_owned(),
        revision: revision.into(),
        rules: Some(
            ports
                .iter()
                .map(|&port| Rule {
                    port,
                    label: if id.is_some() {
                        types::String::new(format!("tcp/{port}"))
                    } else {
                        types::String::null()
                    },
                })
                .collect(),
        ),
    }
    .to_value(&ty())
    .unwrap()
}

async fn plan(
    server: &Server<Api>,
    prior: Option<&Value>,
    config: &Value,
) -> pb::plan_resource_change::Response {
    let null = Value::null(ty());
    server
        .plan_resource_change(tonic::Request::new(pb::plan_resource_change::Request {
            type_name: "api_firewall".into(),
            prior_state: dynamic(prior.unwrap_or(&null)),
            proposed_new_state: dynamic(config),
            config: dynamic(config),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner()
}

fn no_diagnostics(diagnostics: &[pb::Diagnostic]) {
    assert!(
        diagnostics.is_empty(),
        "{:?}",
        diagnostics.iter().map(|d| &d.detail).collect::<Vec<_>>()
    );
}

#[tokio::test]
async fn plan_modification_sets_nested_computed_values_through_the_view() {
    let server = Server::new(Api);
    let response = plan(&server, None, &firewall("edge", &[22, 443], None, None)).await;
    no_diagnostics(&response.diagnostics);
    let planned = decode(response.planned_state);
    assert!(planned.attribute("id").unwrap().is_unknown());
    assert!(planned.attribute("revision").unwrap().is_unknown());
    let rules = planned.attribute("rules").unwrap().as_elements().unwrap();
    assert_eq!(rules[1].attribute("label"), Some(&Value::from("tcp/443")));
}

#[tokio::test]
async fn a_replacement_is_required_at_a_nested_typed_path() {
    let server = Server::new(Api);
    let prior = firewall("edge", &[22], Some("fw-1"), Some(1));
    let response = plan(&server, Some(&prior), &firewall("edge", &[0], None, None)).await;
    no_diagnostics(&response.diagnostics);
    let path = tfsdk_server_path(&response.requires_replace[0]);
    assert_eq!(path, "rules[0].port");
}

/// An attribute path as the protocol carries it, printed.
fn tfsdk_server_path(path: &pb::AttributePath) -> String {
    use pb::attribute_path::step::Selector;
    let mut out = AttributePath::empty();
    for step in &path.steps {
        out = match step.selector.as_ref().unwrap() {
            Selector::AttributeName(name) => out.at_name(name.clone()),
            Selector::ElementKeyInt(index) => out.at_list_index(*index),
            Selector::ElementKeyString(key) => out.at_map_key(key.clone()),
        };
    }
    out.to_string()
}

#[tokio::test]
async fn an_update_plans_the_revision_unknown_keeps_the_stable_id_and_a_no_change_plan_is_the_state()
 {
    let server = Server::new(Api);
    let prior = firewall("edge", &[22], Some("fw-1"), Some(1));

    let unchanged = plan(&server, Some(&prior), &firewall("edge", &[22], None, None)).await;
    no_diagnostics(&unchanged.diagnostics);
    assert_eq!(decode(unchanged.planned_state), prior);

    let renamed = plan(
        &server,
        Some(&prior),
        &firewall("edge-2", &[22], None, None),
    )
    .await;
    no_diagnostics(&renamed.diagnostics);
    let planned = decode(renamed.planned_state);
    assert!(planned.attribute("revision").unwrap().is_unknown());
    assert_eq!(planned.attribute("id"), Some(&Value::from("fw-1")));
    assert!(renamed.requires_replace.is_empty());

    let applied = server
        .apply_resource_change(tonic::Request::new(pb::apply_resource_change::Request {
            type_name: "api_firewall".into(),
            prior_state: dynamic(&prior),
            planned_state: dynamic(&planned),
            config: dynamic(&firewall("edge-2", &[22], None, None)),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    no_diagnostics(&applied.diagnostics);
    let state = decode(applied.new_state);
    assert_eq!(state.attribute("revision"), Some(&Value::from(2)));
}

#[tokio::test]
async fn validation_reports_at_the_typed_path() {
    let server = Server::new(Api);
    let response = server
        .validate_resource_config(tonic::Request::new(pb::validate_resource_config::Request {
            type_name: "api_firewall".into(),
            config: dynamic(&firewall("forbidden", &[], None, None)),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(response.diagnostics.len(), 1);
    let error = &response.diagnostics[0];
    assert_eq!(error.summary, "Forbidden name");
    assert_eq!(tfsdk_server_path(error.attribute.as_ref().unwrap()), "name");
}
