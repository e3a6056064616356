//! A panic anywhere provider code runs fails that one request with one error diagnostic, and
//! the same server serves the next request: validation (the provider's and a resource's, and a
//! `validate = path` rule), `default_fn`, `diff_suppress`, plan modification, the destroy plan,
//! configure, and CRUD (tested in `service.rs`).

use std::sync::atomic::{AtomicBool, Ordering};

use tfsdk_core::convert::{TerraformType, ToValue};
use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::{Type, Value};
use tfsdk_core::{TfObject, View, types};
use tfsdk_server::proto::tfplugin6 as pb;
use tfsdk_server::proto::tfplugin6::provider_server::Provider as _;
use tfsdk_server::{
    Context, CreateRequest, Failed, PlannedChange, Provider, Registry, Resource, Server,
    UpdateRequest,
};

/// Set while a default function should panic (the tests below run one after another).
static PANIC_IN_DEFAULTS: AtomicBool = AtomicBool::new(false);

fn region_default() -> Result<String, std::convert::Infallible> {
    if PANIC_IN_DEFAULTS.load(Ordering::SeqCst) {
        panic!("the region default is on fire");
    }
    Ok("us-west".to_owned())
}

fn size_default() -> Result<i64, std::convert::Infallible> {
    if PANIC_IN_DEFAULTS.load(Ordering::SeqCst) {
        panic!("the size default is on fire");
    }
    Ok(1)
}

fn suppress_note(old: &str, new: &str) -> bool {
    if new == "panic" {
        panic!("comparing {old:?} with {new:?} went wrong");
    }
    old.eq_ignore_ascii_case(new)
}

fn check_word(word: &str) -> Result<(), String> {
    if word == "panic" {
        panic!("the word check broke on {word:?}");
    }
    Ok(())
}

#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(provider))]
struct Settings {
    #[tfsdk(name = "region", optional, default_fn = region_default)]
    region: Option<String>,
}

#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(resource))]
struct Thing {
    #[tfsdk(name = "id", computed, stable)]
    id: types::String,
    /// `panic-validate`, `panic-plan` and `panic-destroy` make those panic.
    #[tfsdk(name = "name", required)]
    name: String,
    #[tfsdk(name = "note", optional, diff_suppress = suppress_note)]
    note: Option<String>,
    #[tfsdk(name = "size", optional, default_fn = size_default)]
    size: Option<i64>,
    #[tfsdk(name = "word", optional, validate = check_word)]
    word: Option<String>,
}

struct Panicky;

impl Provider for Panicky {
    type Config = Settings;

    fn register(&self, registry: &mut Registry<Self>) {
        registry.resource(ThingResource);
    }

    fn validate_config(&self, config: &View<Settings>, _diagnostics: &mut Diagnostics) {
        if config.region.get() == Some("panic-validate") {
            panic!("provider validation broke");
        }
    }

    async fn configure(&self, _ctx: &Context<Self>, config: Settings) -> Result<(), Diagnostics> {
        if config.region.as_deref() == Some("panic-configure") {
            panic!("configure broke");
        }
        Ok(())
    }
}

struct ThingResource;

impl Resource for ThingResource {
    type Provider = Panicky;
    type Model = Thing;
    const TYPE_NAME: &'static str = "panicky_thing";

    async fn create(
        &self,
        _ctx: &Context<Panicky>,
        request: CreateRequest<Thing>,
    ) -> Result<Thing, Failed<Thing>> {
        let mut planned = request.planned;
        planned.id = types::String::new("id-1");
        Ok(planned)
    }

    async fn read(
        &self,
        _ctx: &Context<Panicky>,
        state: Thing,
    ) -> Result<Option<Thing>, Diagnostics> {
        Ok(Some(state))
    }

    async fn update(
        &self,
        _ctx: &Context<Panicky>,
        request: UpdateRequest<Thing>,
    ) -> Result<Thing, Failed<Thing>> {
        Ok(request.planned)
    }

    async fn delete(&self, _ctx: &Context<Panicky>, _state: Thing) -> Result<(), Diagnostics> {
        Ok(())
    }

    async fn modify_plan(
        &self,
        _ctx: &Context<Panicky>,
        plan: &mut PlannedChange<Thing>,
    ) -> Result<(), Diagnostics> {
        if plan.config()?.name.get() == Some("panic-plan") {
            panic!("plan modification broke");
        }
        Ok(())
    }

    async fn plan_destroy(
        &self,
        _ctx: &Context<Panicky>,
        state: &Thing,
    ) -> Result<(), Diagnostics> {
        if state.name == "panic-destroy" {
            panic!("the destroy plan broke");
        }
        Ok(())
    }

    fn validate_config(&self, config: &View<Thing>, _diagnostics: &mut Diagnostics) {
        if config.name.get() == Some("panic-validate") {
            panic!("resource validation broke");
        }
    }
}

fn thing_type() -> Type {
    Thing::terraform_type()
}

fn dynamic(value: &Value, ty: &Type) -> Option<pb::DynamicValue> {
    Some(pb::DynamicValue {
        msgpack: value.to_msgpack(ty).expect("encodes"),
        json: Vec::new(),
    })
}

/// A configuration of `Thing`: `name`, `note` and `word`, the rest null.
fn config(name: &str, note: Option<&str>, word: Option<&str>) -> Value {
    Thing {
        id: types::String::null(),
        name: name.to_owned(),
        note: note.map(str::to_owned),
        size: None,
        word: word.map(str::to_owned),
    }
    .to_value(&thing_type())
    .unwrap()
}

/// The state of a created `Thing`.
fn state(name: &str, note: Option<&str>) -> Value {
    Thing {
        id: types::String::new("id-1"),
        name: name.to_owned(),
        note: note.map(str::to_owned),
        size: Some(1),
        word: None,
    }
    .to_value(&thing_type())
    .unwrap()
}

fn settings(region: Option<&str>) -> Value {
    Settings {
        region: region.map(str::to_owned),
    }
    .to_value(&Settings::terraform_type())
    .unwrap()
}

/// The one diagnostic, which must be a panic's error mentioning `message`.
fn one_panic(diagnostics: &[pb::Diagnostic], message: &str) {
    let summaries: Vec<String> = diagnostics
        .iter()
        .map(|d| format!("{}: {}", d.summary, d.detail))
        .collect();
    assert_eq!(diagnostics.len(), 1, "{summaries:?}");
    assert_eq!(
        diagnostics[0].severity,
        pb::diagnostic::Severity::Error as i32,
        "{summaries:?}"
    );
    assert!(
        summaries[0].contains("panicked") && summaries[0].contains(message),
        "{summaries:?}"
    );
}

fn no_errors(diagnostics: &[pb::Diagnostic]) {
    assert!(
        diagnostics
            .iter()
            .all(|d| d.severity != pb::diagnostic::Severity::Error as i32),
        "{:?}",
        diagnostics.iter().map(|d| &d.detail).collect::<Vec<_>>()
    );
}

async fn validate_resource(server: &Server<Panicky>, config: &Value) -> Vec<pb::Diagnostic> {
    server
        .validate_resource_config(tonic::Request::new(pb::validate_resource_config::Request {
            type_name: "panicky_thing".into(),
            config: dynamic(config, &thing_type()),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner()
        .diagnostics
}

async fn plan(
    server: &Server<Panicky>,
    prior: Option<&Value>,
    config: Option<&Value>,
) -> pb::plan_resource_change::Response {
    let null = Value::null(thing_type());
    let prior = prior.unwrap_or(&null);
    let config = config.unwrap_or(&null);
    server
        .plan_resource_change(tonic::Request::new(pb::plan_resource_change::Request {
            type_name: "panicky_thing".into(),
            prior_state: dynamic(prior, &thing_type()),
            proposed_new_state: dynamic(config, &thing_type()),
            config: dynamic(config, &thing_type()),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner()
}

async fn validate_provider(server: &Server<Panicky>, config: &Value) -> Vec<pb::Diagnostic> {
    server
        .validate_provider_config(tonic::Request::new(pb::validate_provider_config::Request {
            config: dynamic(config, &Settings::terraform_type()),
        }))
        .await
        .unwrap()
        .into_inner()
        .diagnostics
}

async fn configure(server: &Server<Panicky>, config: &Value) -> Vec<pb::Diagnostic> {
    server
        .configure_provider(tonic::Request::new(pb::configure_provider::Request {
            config: dynamic(config, &Settings::terraform_type()),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner()
        .diagnostics
}

#[tokio::test]
async fn each_panic_is_one_error_and_the_next_request_is_served() {
    let server = Server::new(Panicky);

    // Validation: the resource's own, then a `validate = path` rule.
    one_panic(
        &validate_resource(&server, &config("panic-validate", None, None)).await,
        "resource validation broke",
    );
    no_errors(&validate_resource(&server, &config("fine", None, None)).await);
    one_panic(
        &validate_resource(&server, &config("fine", None, Some("panic"))).await,
        "the word check broke",
    );
    no_errors(&validate_resource(&server, &config("fine", None, Some("word"))).await);

    // The provider's validation and configure.
    one_panic(
        &validate_provider(&server, &settings(Some("panic-validate"))).await,
        "provider validation broke",
    );
    no_errors(&validate_provider(&server, &settings(Some("eu"))).await);
    one_panic(
        &configure(&server, &settings(Some("panic-configure"))).await,
        "configure broke",
    );
    no_errors(&configure(&server, &settings(Some("eu"))).await);

    // diff_suppress, in a plan of an update.
    let prior = state("fine", Some("old"));
    let planned = plan(
        &server,
        Some(&prior),
        Some(&config("fine", Some("panic"), None)),
    )
    .await;
    one_panic(
        &planned.diagnostics,
        "comparing \"old\" with \"panic\" went wrong",
    );
    let planned = plan(
        &server,
        Some(&prior),
        Some(&config("fine", Some("OLD"), None)),
    )
    .await;
    no_errors(&planned.diagnostics);

    // Plan modification, and the destroy plan.
    let planned = plan(&server, None, Some(&config("panic-plan", None, None))).await;
    one_panic(&planned.diagnostics, "plan modification broke");
    let destroy = plan(&server, Some(&state("panic-destroy", None)), None).await;
    one_panic(&destroy.diagnostics, "the destroy plan broke");
    let destroy = plan(&server, Some(&state("fine", None)), None).await;
    no_errors(&destroy.diagnostics);

    // default_fn, in a plan and in the provider block.
    PANIC_IN_DEFAULTS.store(true, Ordering::SeqCst);
    let planned = plan(&server, None, Some(&config("fine", None, None))).await;
    one_panic(&planned.diagnostics, "the size default is on fire");
    one_panic(
        &configure(&server, &settings(None)).await,
        "the region default is on fire",
    );
    PANIC_IN_DEFAULTS.store(false, Ordering::SeqCst);
    let planned = plan(&server, None, Some(&config("fine", None, None))).await;
    no_errors(&planned.diagnostics);
    let planned_state =
        Value::from_msgpack(&planned.planned_state.unwrap().msgpack, &thing_type()).unwrap();
    assert_eq!(planned_state.attribute("size"), Some(&Value::from(1)));
    no_errors(&configure(&server, &settings(None)).await);
}

#[derive(TfObject)]
#[tfsdk(schema)]
struct ComputedSettings {
    #[tfsdk(name = "token", computed)]
    token: types::String,
}

struct ComputedInProviderBlock;

impl Provider for ComputedInProviderBlock {
    type Config = ComputedSettings;

    fn register(&self, _registry: &mut Registry<Self>) {}
}

#[tokio::test]
async fn a_computed_attribute_in_the_provider_block_is_an_error_at_start_up_naming_it() {
    let server = Server::new(ComputedInProviderBlock);
    let schema = server
        .get_provider_schema(tonic::Request::new(pb::get_provider_schema::Request {}))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(schema.diagnostics.len(), 1);
    let error = &schema.diagnostics[0];
    assert_eq!(error.summary, "Computed attribute in the provider schema");
    assert!(
        error.detail.contains("computed attribute, token"),
        "{}",
        error.detail
    );
}
