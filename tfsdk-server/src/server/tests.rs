//! The server's core on typed requests, with no protocol message in sight: each call's request
//! as values, its response read as values. The protocol's edge (decoding and encoding) is
//! tested through the service in `tests/`.

use std::sync::Arc;

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::Value;
use tfsdk_core::types::{self, JsonString};
use tfsdk_core::{TfObject, TfSchema};

use super::Server;
use super::apply::{ApplyRequest, IdentityAnswer, apply};
use super::import::import;
use super::moved::move_state;
use super::plan::{PlanRequest, plan};
use super::read::{ReadRequest, read};
use super::upgrade::upgrade;
use crate::registry::{ImportBy, ResourceHandler};
use crate::resource::MovedState;
use crate::wire::dynamic_value::Undecoded;
use crate::{
    Context, CreateRequest, Failed, NoConfig, Provider, RawState, Registry, Resource,
    ResourceIdentity, UpdateRequest,
};

#[derive(Default)]
struct Api;

impl Provider for Api {
    type Config = NoConfig;

    fn register(&self, registry: &mut Registry<Self>) {
        registry.resource_with_identity(Things);
    }
}

/// A thing.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(resource))]
struct Thing {
    /// Its id.
    #[tfsdk(name = "id", computed, stable)]
    id: types::String,
    /// Its name; the API keeps it in capitals when it ends in `!`.
    #[tfsdk(name = "name", required)]
    name: String,
    /// Its zone; another zone replaces it.
    #[tfsdk(name = "zone", optional, force_new)]
    zone: Option<String>,
    /// A policy the API respells.
    #[tfsdk(name = "policy", optional)]
    policy: Option<JsonString>,
    /// Bumped on every change.
    #[tfsdk(name = "revision", computed)]
    revision: types::Int64,
}

/// A thing's identity.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema)]
struct ThingIdentity {
    /// The id.
    #[tfsdk(name = "id", required)]
    id: String,
}

struct Things;

/// The thing as the API returns it: id set, revision bumped, the policy compact.
fn made(mut thing: Thing) -> Thing {
    if thing.id.is_unknown() {
        thing.id = types::String::new(format!("id-{}", thing.name));
    }
    let revision = thing.revision.get().unwrap_or(0);
    thing.revision = types::Int64::new(revision + 1);
    thing.policy = thing.policy.map(|policy| {
        let text = policy.get().unwrap_or("null");
        let value: serde_json::Value = serde_json::from_str(text).unwrap_or_default();
        JsonString::new(value.to_string())
    });
    thing
}

impl Resource for Things {
    type Provider = Api;
    type Model = Thing;
    const TYPE_NAME: &'static str = "api_thing";

    async fn create(
        &self,
        _ctx: &Context<Api>,
        request: CreateRequest<Thing>,
    ) -> Result<Thing, Failed<Thing>> {
        Ok(made(request.planned))
    }

    async fn read(&self, _ctx: &Context<Api>, thing: Thing) -> Result<Option<Thing>, Diagnostics> {
        // A thing named `gone` was deleted outside Terraform.
        Ok((thing.name != "gone").then(|| made(thing)))
    }

    async fn update(
        &self,
        _ctx: &Context<Api>,
        request: UpdateRequest<Thing>,
    ) -> Result<Thing, Failed<Thing>> {
        if request.planned.name == "fail" {
            return Err(Failed::from(tfsdk_core::diag::Diagnostic::error(
                "No", "Refused.",
            )));
        }
        let mut thing = made(request.planned);
        // A name ending in `!` makes the API hand out a new id: a new identity.
        if thing.name.ends_with('!') {
            thing.id = types::String::new("another");
        }
        Ok(thing)
    }

    async fn delete(&self, _ctx: &Context<Api>, _thing: Thing) -> Result<(), Diagnostics> {
        Ok(())
    }

    async fn import(&self, _ctx: &Context<Api>, id: String) -> Result<Thing, Diagnostics> {
        Ok(made(Thing {
            id: types::String::new(id),
            name: "imported".into(),
            zone: None,
            policy: None,
            revision: types::Int64::new(0),
        }))
    }
}

impl ResourceIdentity for Things {
    type Identity = ThingIdentity;

    fn identity(&self, _ctx: &Context<Api>, thing: &Thing) -> Result<ThingIdentity, Diagnostics> {
        Ok(ThingIdentity {
            id: thing.id.get().unwrap_or_default().to_owned(),
        })
    }
}

fn server() -> (Server<Api>, Arc<dyn ResourceHandler<Api>>) {
    let server = Server::new(Api);
    let resource = server.resource("api_thing").unwrap();
    (server, resource)
}

fn value(thing: &Thing) -> Value {
    use tfsdk_core::convert::ToValue;
    thing.to_value(&Thing::schema().object_type()).unwrap()
}

fn thing(name: &str, zone: Option<&str>) -> Thing {
    Thing {
        id: types::String::null(),
        name: name.into(),
        zone: zone.map(str::to_owned),
        policy: Some(JsonString::new("{ \"a\": 1 }")),
        revision: types::Int64::null(),
    }
}

fn stored(name: &str) -> Thing {
    Thing {
        id: types::String::new(format!("id-{name}")),
        revision: types::Int64::new(1),
        ..thing(name, Some("z1"))
    }
}

fn identity(id: &str) -> Value {
    Value::object_of([("id", Value::from(id))])
}

fn null() -> Value {
    Value::null(Thing::schema().object_type())
}

fn block_on<F: std::future::Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(future)
}

#[test]
fn a_plan_on_values_creates_updates_in_place_replaces_and_destroys() {
    let (server, resource) = server();
    let request = |prior: Value, config: Value, destroy: bool| PlanRequest {
        prior,
        config,
        destroy,
        private: Vec::new(),
        deferral_allowed: false,
    };
    block_on(async {
        let created = plan(
            &server,
            Arc::clone(&resource),
            request(null(), value(&thing("a", Some("z1"))), false),
        )
        .await;
        assert!(
            !created.diagnostics.has_error(),
            "{:?}",
            created.diagnostics
        );
        let planned = created.planned.unwrap();
        assert!(planned.attribute("id").unwrap().is_unknown());
        assert!(created.requires_replace.is_empty());

        let prior = value(&stored("a"));
        let renamed = plan(
            &server,
            Arc::clone(&resource),
            request(prior.clone(), value(&thing("b", Some("z1"))), false),
        )
        .await;
        assert!(renamed.requires_replace.is_empty());
        assert!(renamed.keeps_identity);
        let planned = renamed.planned.unwrap();
        assert_eq!(planned.attribute("id"), Some(&Value::from("id-a")));
        assert!(planned.attribute("revision").unwrap().is_unknown());

        let moved = plan(
            &server,
            Arc::clone(&resource),
            request(prior.clone(), value(&thing("a", Some("z2"))), false),
        )
        .await;
        assert_eq!(moved.requires_replace.len(), 1);
        assert_eq!(moved.requires_replace[0].to_string(), "zone");
        assert!(!moved.keeps_identity);

        let destroyed = plan(&server, Arc::clone(&resource), request(prior, null(), true)).await;
        assert_eq!(destroyed.planned, Some(null()));
    });
}

#[test]
fn an_apply_on_values_keeps_the_planned_spelling_and_refuses_a_new_identity() {
    let (server, resource) = server();
    let request = |prior: Value, planned: Value, identity: Option<Value>| ApplyRequest {
        prior,
        planned,
        config: Undecoded::default(),
        private: b"kept".to_vec(),
        planned_identity: identity,
    };
    block_on(async {
        let mut planned = thing("a", Some("z1"));
        planned.id = types::String::unknown();
        planned.revision = types::Int64::unknown();
        let created = apply(
            &server,
            Arc::clone(&resource),
            request(null(), value(&planned), None),
        )
        .await;
        assert!(
            !created.diagnostics.has_error(),
            "{:?}",
            created.diagnostics
        );
        // The API answered `{"a":1}`; the state keeps the planned spelling.
        assert_eq!(
            created.state.attribute("policy"),
            Some(&Value::from("{ \"a\": 1 }"))
        );
        assert_eq!(
            created.identity,
            IdentityAnswer::New(Some(identity("id-a")))
        );
        assert_eq!(created.private, b"kept");

        let prior = value(&stored("a"));
        let mut renamed = stored("a!");
        renamed.id = types::String::new("id-a");
        let refused = apply(
            &server,
            Arc::clone(&resource),
            request(prior.clone(), value(&renamed), Some(identity("id-a"))),
        )
        .await;
        let error = refused.diagnostics.errors().next().unwrap();
        assert_eq!(error.summary, "Unexpected Identity Change");
        assert_eq!(refused.identity, IdentityAnswer::Held);

        let failing = Thing {
            name: "fail".into(),
            ..stored("a")
        };
        let failed = apply(
            &server,
            Arc::clone(&resource),
            request(prior.clone(), value(&failing), Some(identity("id-a"))),
        )
        .await;
        assert!(failed.diagnostics.has_error());
        assert_eq!(failed.state, prior);
        assert_eq!(failed.identity, IdentityAnswer::Held);

        let deleted = apply(
            &server,
            Arc::clone(&resource),
            request(prior, null(), Some(identity("id-a"))),
        )
        .await;
        assert_eq!(deleted.state, null());
        assert_eq!(deleted.identity, IdentityAnswer::New(None));
    });
}

#[test]
fn a_read_on_values_keeps_the_stored_spelling_and_drops_a_gone_object() {
    let (server, resource) = server();
    block_on(async {
        let request = |current: Value| ReadRequest {
            current,
            private: Vec::new(),
            identity: Some(identity("id-a")),
            deferral_allowed: false,
        };
        let read_back = read(&server, Arc::clone(&resource), request(value(&stored("a")))).await;
        assert!(
            !read_back.diagnostics.has_error(),
            "{:?}",
            read_back.diagnostics
        );
        let state = read_back.state.unwrap();
        assert_eq!(
            state.attribute("policy"),
            Some(&Value::from("{ \"a\": 1 }"))
        );
        assert_eq!(state.attribute("revision"), Some(&Value::from(2)));
        assert_eq!(read_back.identity, Some(Some(identity("id-a"))));

        let gone = read(
            &server,
            Arc::clone(&resource),
            request(value(&stored("gone"))),
        )
        .await;
        assert_eq!(gone.state, Some(null()));
        assert_eq!(gone.identity, Some(None));

        let nothing = read(&server, Arc::clone(&resource), request(null())).await;
        assert_eq!(nothing.state, None);
    });
}

#[test]
fn import_upgrade_and_move_on_values() {
    let (server, resource) = server();
    block_on(async {
        let imported = import(
            &server,
            Arc::clone(&resource),
            ImportBy::Id("id-x".into()),
            false,
        )
        .await;
        let imported = imported.imported.unwrap();
        assert_eq!(
            imported.state.attribute("name"),
            Some(&Value::from("imported"))
        );
        assert_eq!(imported.identity, Some(identity("id-x")));

        let raw = RawState::new(
            br#"{"id":"id-a","name":"a","zone":null,"policy":null,"revision":1,"dropped":true}"#
                .to_vec(),
        );
        let current = upgrade(&server, Arc::clone(&resource), 0, raw).await;
        assert_eq!(
            current.upgraded.unwrap().attribute("name"),
            Some(&Value::from("a"))
        );
        let raw = RawState::new(b"{}".to_vec());
        let newer = upgrade(&server, Arc::clone(&resource), 3, raw).await;
        assert!(newer.upgraded.is_none());
        assert!(
            newer
                .diagnostics
                .errors()
                .next()
                .unwrap()
                .detail
                .contains("schema version 3")
        );

        let source = MovedState {
            source_provider: "registry.terraform.io/example/other".into(),
            source_type: "other_thing".into(),
            source_schema_version: 0,
            state: RawState::new(b"{}".to_vec()),
            identity: None,
        };
        let moved = move_state(
            &server,
            Arc::clone(&resource),
            "api_thing",
            source,
            Vec::new(),
        )
        .await;
        assert!(moved.moved.is_none());
        let error = moved.diagnostics.errors().next().unwrap();
        assert!(
            error
                .detail
                .contains("does not take over state from the resource type other_thing"),
            "{}",
            error.detail
        );
    });
}
