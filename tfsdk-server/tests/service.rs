//! The `tfplugin6.Provider` service in-process, call by call, on a small provider whose resource
//! exercises what the end-to-end tests with Terraform cannot pin down: a `StopProvider` that
//! cancels work in flight, requests served concurrently, private state passed through, a state
//! upgrade from an older schema version, unknown configuration reaching the model, the plan
//! behaviours (force-new, diff suppression, defaults, destroy), the unknown-after-apply
//! diagnostic, a panic, and the calls the toolkit does not offer.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use tfsdk_core::convert::{TerraformType, ToValue};
use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::tftypes::{Type, Value};
use tfsdk_core::{TfObject, TfSchema, types};
use tfsdk_server::proto::tfplugin6 as pb;
use tfsdk_server::proto::tfplugin6::provider_server::Provider as _;
use tfsdk_server::{
    Context, CreateRequest, Failed, NoConfig, PlannedChange, Provider, RawState, Registry,
    Resource, Server, UpdateRequest,
};
use tokio::sync::Barrier;

fn same_ignoring_case(old: &str, new: &str) -> bool {
    old.eq_ignore_ascii_case(new)
}

/// The resource's model, at schema version 1 (version 0 called `name` `title`).
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema)]
struct Thing {
    #[tfsdk(name = "id", computed)]
    id: types::String,
    #[tfsdk(name = "name", required, force_new)]
    name: String,
    #[tfsdk(name = "note", optional, diff_suppress = same_ignoring_case)]
    note: Option<String>,
    #[tfsdk(name = "size", optional, default = 1)]
    size: Option<i64>,
    #[tfsdk(name = "upstream", optional)]
    upstream: types::String,
}

/// How many creates wait on the barrier at once in the concurrency test.
const PARALLEL: usize = 10;

struct Svc {
    /// Set when `modify_plan` saw `upstream` unknown in the planned model.
    saw_unknown_upstream: AtomicBool,
    /// Every create named `together-*` waits here for all [`PARALLEL`] of them.
    barrier: Barrier,
}

impl Provider for Svc {
    type Config = NoConfig;

    fn register(&self, registry: &mut Registry<Self>) {
        registry.resource(ThingResource);
    }
}

struct ThingResource;

impl Resource for ThingResource {
    type Provider = Svc;
    type Model = Thing;
    const TYPE_NAME: &'static str = "svc_thing";
    const SCHEMA_VERSION: i64 = 1;

    async fn create(
        &self,
        ctx: &Context<Svc>,
        request: CreateRequest<Thing>,
    ) -> Result<Thing, Failed<Thing>> {
        let mut planned = request.planned;
        match planned.name.as_str() {
            "slow" => {
                // Waits for StopProvider (or gives up after a while).
                tokio::select! {
                    () = ctx.stop_token().stopped() => {
                        return Err(Diagnostic::error("Stopped", "StopProvider cancelled the create.").into());
                    }
                    () = tokio::time::sleep(Duration::from_secs(10)) => {}
                }
            }
            "panic" => panic!("create of {} panicked on purpose", planned.name),
            "leave-unknown" => return Ok(planned),
            name if name.starts_with("together-") => {
                let all_arrived =
                    tokio::time::timeout(Duration::from_secs(5), ctx.provider().barrier.wait())
                        .await;
                if all_arrived.is_err() {
                    return Err(Diagnostic::error(
                        "Serialized",
                        "the creates did not run together",
                    )
                    .into());
                }
            }
            _ => {}
        }
        planned.id = types::String::new(format!("id-{}", planned.name));
        ctx.set_private_state(b"created".to_vec());
        Ok(planned)
    }

    async fn read(&self, ctx: &Context<Svc>, state: Thing) -> Result<Option<Thing>, Diagnostics> {
        if ctx.private_state() != b"created" {
            ctx.warn("Private state", "the private state did not come back");
        }
        Ok(Some(state))
    }

    async fn update(
        &self,
        _ctx: &Context<Svc>,
        request: UpdateRequest<Thing>,
    ) -> Result<Thing, Failed<Thing>> {
        Ok(request.planned)
    }

    async fn delete(&self, _ctx: &Context<Svc>, _state: Thing) -> Result<(), Diagnostics> {
        Ok(())
    }

    async fn upgrade_state(
        &self,
        _ctx: &Context<Svc>,
        version: i64,
        raw: RawState,
    ) -> Result<Thing, Diagnostics> {
        assert_eq!(version, 0);
        let old: serde_json::Value = serde_json::from_slice(raw.json())
            .map_err(|error| Diagnostic::error("Bad state", error.to_string()))?;
        Ok(Thing {
            id: types::String::new(old["id"].as_str().unwrap_or_default()),
            name: old["title"].as_str().unwrap_or_default().to_owned(),
            note: None,
            size: Some(1),
            upstream: types::String::null(),
        })
    }

    async fn modify_plan(
        &self,
        ctx: &Context<Svc>,
        plan: &mut PlannedChange<Thing>,
    ) -> Result<(), Diagnostics> {
        if plan.planned()?.upstream.is_unknown() {
            ctx.provider()
                .saw_unknown_upstream
                .store(true, Ordering::SeqCst);
        }
        Ok(())
    }
}

fn server() -> Arc<Server<Svc>> {
    Arc::new(Server::new(Svc {
        saw_unknown_upstream: AtomicBool::new(false),
        barrier: Barrier::new(PARALLEL),
    }))
}

fn ty() -> Type {
    Thing::terraform_type()
}

fn thing(id: types::String, name: &str, note: Option<&str>) -> Thing {
    Thing {
        id,
        name: name.to_owned(),
        note: note.map(str::to_owned),
        size: Some(1),
        upstream: types::String::null(),
    }
}

fn dynamic(value: &Value) -> Option<pb::DynamicValue> {
    Some(pb::DynamicValue {
        msgpack: value.to_msgpack(&ty()).expect("encodes"),
        json: Vec::new(),
    })
}

fn value(model: &Thing) -> Value {
    model.to_value(&ty()).expect("converts")
}

fn decode(dynamic: Option<pb::DynamicValue>) -> Value {
    Value::from_msgpack(&dynamic.expect("a value").msgpack, &ty()).expect("decodes")
}

/// The configuration of `model`: computed `id` null, `size` as written (here: not).
fn config_of(model: &Thing) -> Value {
    let mut config = model.clone();
    config.id = types::String::null();
    config.size = None;
    value(&config)
}

fn summaries(diagnostics: &[pb::Diagnostic]) -> Vec<String> {
    diagnostics
        .iter()
        .map(|d| format!("{}: {}", d.summary, d.detail))
        .collect()
}

async fn plan(
    server: &Server<Svc>,
    prior: Option<&Thing>,
    config: Option<Value>,
    prior_private: &[u8],
) -> pb::plan_resource_change::Response {
    let null = Value::null(ty());
    let prior = prior.map(value).unwrap_or_else(|| null.clone());
    let config = config.unwrap_or_else(|| null.clone());
    // Terraform's proposed state: configuration, computed attributes from the prior state.
    let proposed = if config.is_null() {
        null.clone()
    } else {
        let mut proposed = config.clone();
        if !prior.is_null()
            && let Some(id) = prior.attribute("id")
        {
            proposed = set_attribute(&proposed, "id", id.clone());
        }
        proposed
    };
    server
        .plan_resource_change(tonic::Request::new(pb::plan_resource_change::Request {
            type_name: "svc_thing".into(),
            prior_state: dynamic(&prior),
            proposed_new_state: dynamic(&proposed),
            config: dynamic(&config),
            prior_private: prior_private.to_vec(),
            ..Default::default()
        }))
        .await
        .expect("answers")
        .into_inner()
}

fn set_attribute(object: &Value, name: &str, attribute: Value) -> Value {
    let mut attributes = object.as_attributes().expect("an object").to_map();
    attributes.insert(name.to_owned(), attribute);
    Value::object(ty(), attributes).expect("an object of the type")
}

async fn apply(
    server: &Server<Svc>,
    planned: &Value,
    config: &Value,
) -> pb::apply_resource_change::Response {
    server
        .apply_resource_change(tonic::Request::new(pb::apply_resource_change::Request {
            type_name: "svc_thing".into(),
            prior_state: dynamic(&Value::null(ty())),
            planned_state: dynamic(planned),
            config: dynamic(config),
            ..Default::default()
        }))
        .await
        .expect("answers")
        .into_inner()
}

/// Plans and applies the creation of `name`.
async fn create(server: &Server<Svc>, name: &str) -> pb::apply_resource_change::Response {
    let config = config_of(&thing(types::String::null(), name, None));
    let planned = plan(server, None, Some(config.clone()), &[]).await;
    assert!(
        planned.diagnostics.is_empty(),
        "{:?}",
        summaries(&planned.diagnostics)
    );
    apply(server, &decode(planned.planned_state), &config).await
}

#[tokio::test]
async fn a_create_plan_has_computed_attributes_unknown_and_defaults_filled_in() {
    let server = server();
    let config = config_of(&thing(types::String::null(), "a", None));
    let response = plan(&server, None, Some(config), &[]).await;
    assert!(
        response.diagnostics.is_empty(),
        "{:?}",
        summaries(&response.diagnostics)
    );
    let planned = decode(response.planned_state);
    assert!(planned.attribute("id").unwrap().is_unknown());
    assert_eq!(planned.attribute("size"), Some(&Value::from(1i64)));
    assert!(response.requires_replace.is_empty());
}

#[tokio::test]
async fn unknown_configuration_survives_into_the_plan_and_reaches_the_model_as_unknown() {
    let server = server();
    let mut model = thing(types::String::null(), "a", None);
    model.upstream = types::String::unknown();
    let response = plan(&server, None, Some(config_of(&model)), &[]).await;
    assert!(
        response.diagnostics.is_empty(),
        "{:?}",
        summaries(&response.diagnostics)
    );
    let planned = decode(response.planned_state);
    assert!(planned.attribute("upstream").unwrap().is_unknown());
    assert!(server_saw_unknown(&server));
}

fn server_saw_unknown(server: &Server<Svc>) -> bool {
    server
        .provider()
        .saw_unknown_upstream
        .load(Ordering::SeqCst)
}

#[tokio::test]
async fn changing_a_force_new_attribute_requires_replacement_at_its_path() {
    let server = server();
    let prior = thing(types::String::new("id-a"), "a", None);
    let config = config_of(&thing(types::String::null(), "b", None));
    let response = plan(&server, Some(&prior), Some(config), b"created").await;
    assert!(
        response.diagnostics.is_empty(),
        "{:?}",
        summaries(&response.diagnostics)
    );
    let paths: Vec<_> = response
        .requires_replace
        .iter()
        .map(|path| path.steps.clone())
        .collect();
    assert_eq!(
        paths,
        vec![vec![pb::attribute_path::Step {
            selector: Some(pb::attribute_path::step::Selector::AttributeName(
                "name".into()
            )),
        }]]
    );
    // Terraform plans the replacement again as a create (prior state null), which makes the
    // id unknown; this plan keeps what it knows, and the private state rides along.
    assert_eq!(
        decode(response.planned_state).attribute("name"),
        Some(&Value::from("b"))
    );
    assert_eq!(response.planned_private, b"created");
}

#[tokio::test]
async fn a_suppressed_difference_keeps_the_prior_value() {
    let server = server();
    let prior = thing(types::String::new("id-a"), "a", Some("Hello"));
    let config = config_of(&thing(types::String::null(), "a", Some("HELLO")));
    let response = plan(&server, Some(&prior), Some(config), &[]).await;
    assert!(
        response.diagnostics.is_empty(),
        "{:?}",
        summaries(&response.diagnostics)
    );
    assert_eq!(decode(response.planned_state), value(&prior));
}

#[tokio::test]
async fn a_destroy_plan_is_null() {
    let server = server();
    let prior = thing(types::String::new("id-a"), "a", None);
    let response = plan(&server, Some(&prior), None, &[]).await;
    assert!(
        response.diagnostics.is_empty(),
        "{:?}",
        summaries(&response.diagnostics)
    );
    assert!(decode(response.planned_state).is_null());
}

#[tokio::test]
async fn apply_sets_the_computed_id_and_private_state_which_read_gets_back() {
    let server = server();
    let applied = create(&server, "a").await;
    assert!(
        applied.diagnostics.is_empty(),
        "{:?}",
        summaries(&applied.diagnostics)
    );
    assert_eq!(applied.private, b"created");
    let state = decode(applied.new_state);
    assert_eq!(state.attribute("id"), Some(&Value::from("id-a")));

    let read = server
        .read_resource(tonic::Request::new(pb::read_resource::Request {
            type_name: "svc_thing".into(),
            current_state: dynamic(&state),
            private: applied.private.clone(),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(
        read.diagnostics.is_empty(),
        "{:?}",
        summaries(&read.diagnostics)
    );
    assert_eq!(read.private, b"created");
    assert_eq!(decode(read.new_state), state);
}

#[tokio::test]
async fn an_attribute_left_unknown_after_apply_is_named() {
    let server = server();
    let applied = create(&server, "leave-unknown").await;
    let messages = summaries(&applied.diagnostics);
    assert_eq!(applied.diagnostics.len(), 1, "{messages:?}");
    assert!(
        messages[0].contains("the value of id is still unknown"),
        "{messages:?}"
    );
    let path = applied.diagnostics[0].attribute.as_ref().expect("a path");
    assert_eq!(
        path.steps[0].selector,
        Some(pb::attribute_path::step::Selector::AttributeName(
            "id".into()
        ))
    );
}

#[tokio::test]
async fn state_of_an_older_schema_version_is_upgraded_and_the_current_one_read_as_is() {
    let server = server();
    let upgrade = |version: i64, json: &str| {
        server.upgrade_resource_state(tonic::Request::new(pb::upgrade_resource_state::Request {
            type_name: "svc_thing".into(),
            version,
            raw_state: Some(pb::RawState {
                json: json.as_bytes().to_vec(),
                ..Default::default()
            }),
        }))
    };
    let old = upgrade(0, r#"{"id":"id-a","title":"a"}"#)
        .await
        .unwrap()
        .into_inner();
    assert!(
        old.diagnostics.is_empty(),
        "{:?}",
        summaries(&old.diagnostics)
    );
    assert_eq!(
        decode(old.upgraded_state),
        value(&thing(types::String::new("id-a"), "a", None))
    );
    let current = upgrade(
        1,
        r#"{"id":"id-b","name":"b","note":"n","size":3,"upstream":null}"#,
    )
    .await
    .unwrap()
    .into_inner();
    assert!(
        current.diagnostics.is_empty(),
        "{:?}",
        summaries(&current.diagnostics)
    );
    let mut expected = thing(types::String::new("id-b"), "b", Some("n"));
    expected.size = Some(3);
    assert_eq!(decode(current.upgraded_state), value(&expected));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stop_provider_cancels_work_in_flight() {
    let server = server();
    let in_flight = tokio::spawn({
        let server = Arc::clone(&server);
        async move { create(&server, "slow").await }
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    let stopped_at = Instant::now();
    let stop = server
        .stop_provider(tonic::Request::new(pb::stop_provider::Request {}))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(stop.error, "");
    let applied = in_flight.await.unwrap();
    assert!(stopped_at.elapsed() < Duration::from_secs(2));
    assert_eq!(
        summaries(&applied.diagnostics),
        vec!["Stopped: StopProvider cancelled the create.".to_owned()]
    );
    // Later requests get a fresh token.
    let after = create(&server, "after-stop").await;
    assert!(
        after.diagnostics.is_empty(),
        "{:?}",
        summaries(&after.diagnostics)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_are_served_concurrently() {
    let server = server();
    let mut creates = tokio::task::JoinSet::new();
    for i in 0..PARALLEL {
        let server = Arc::clone(&server);
        creates.spawn(async move { create(&server, &format!("together-{i}")).await });
    }
    while let Some(applied) = creates.join_next().await {
        let applied = applied.unwrap();
        assert!(
            applied.diagnostics.is_empty(),
            "{:?}",
            summaries(&applied.diagnostics)
        );
    }
}

#[tokio::test]
async fn a_panic_is_an_error_for_its_request_and_the_next_request_is_served() {
    let server = server();
    let panicked = create(&server, "panic").await;
    let messages = summaries(&panicked.diagnostics);
    assert!(
        messages
            .iter()
            .any(|m| m.contains("create of panic panicked on purpose")),
        "{messages:?}"
    );
    let next = create(&server, "b").await;
    assert!(
        next.diagnostics.is_empty(),
        "{:?}",
        summaries(&next.diagnostics)
    );
}

#[tokio::test]
async fn calls_the_toolkit_does_not_offer_answer_at_once() {
    let server = server();
    let functions = server
        .get_functions(tonic::Request::new(pb::get_functions::Request {}))
        .await
        .unwrap()
        .into_inner();
    assert!(functions.functions.is_empty() && functions.diagnostics.is_empty());
    let call = server
        .call_function(tonic::Request::new(pb::call_function::Request {
            name: "f".into(),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(
        call.error
            .expect("an error")
            .text
            .contains("no function \"f\"")
    );
    let open = server
        .open_ephemeral_resource(tonic::Request::new(pb::open_ephemeral_resource::Request {
            type_name: "svc_secret".into(),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(open.diagnostics.len(), 1);
    let unknown_type = server
        .read_resource(tonic::Request::new(pb::read_resource::Request {
            type_name: "svc_nothing".into(),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(summaries(&unknown_type.diagnostics)[0].contains("svc_nothing"));
}

#[tokio::test]
async fn the_schema_is_the_models() {
    let server = server();
    let schema = server
        .get_provider_schema(tonic::Request::new(pb::get_provider_schema::Request {}))
        .await
        .unwrap()
        .into_inner();
    let thing = &schema.resource_schemas["svc_thing"];
    assert_eq!(thing.version, 1);
    let block = thing.block.as_ref().unwrap();
    let names: Vec<&str> = block.attributes.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["id", "name", "note", "size", "upstream"]);
    assert_eq!(Thing::schema().attributes.len(), names.len());
    let id = &block.attributes[0];
    assert!(id.computed && !id.optional && !id.required);
    assert!(
        schema.provider.is_some(),
        "the provider's own schema, even empty"
    );
}
