//! Plan rules on nested collections under both Terraforms: a resource whose own plan
//! modification sets a value beside a nested set (an attribute and a block) whose elements have
//! a `force_new` attribute and a computed one updates in place when only its name changes, and
//! is replaced when a new element comes; JSON the API respells, as the element of a list, a
//! set and a map and inside a nested list of objects, plans no change after apply and after a
//! refresh-only run.

use std::collections::{BTreeMap, HashSet};
use std::sync::{Arc, Mutex};

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::types::JsonString;
use tfsdk_core::{TfObject, types};
use tfsdk_server::{
    Context, CreateRequest, Failed, NoConfig, PlannedChange, Provider, Registry, Resource,
    UpdateRequest,
};
use tfsdk_testing::{PlannedAction, ProviderTest, ResourceInstance, Step};

/// The documents the "API" keeps, by resource name, in its own (compact) spelling.
type Store = Arc<Mutex<BTreeMap<String, Document>>>;

#[derive(Default)]
struct Rules {
    store: Store,
}

impl Provider for Rules {
    type Config = NoConfig;

    fn register(&self, registry: &mut Registry<Self>) {
        registry.resource(ServerResource).resource(DocumentResource);
    }
}

/// A server with tags (a set nested attribute) and rules (a set of blocks).
#[derive(TfObject, Clone, Debug)]
#[tfsdk(schema(resource))]
struct Server {
    /// The server's id.
    #[tfsdk(name = "id", computed, stable)]
    id: types::String,
    /// Its name; a new name is an update.
    #[tfsdk(name = "name", required)]
    name: String,
    /// Set by plan modification: the name in capitals.
    #[tfsdk(name = "label", computed)]
    label: types::String,
    /// Tags; a new tag replaces the server.
    #[tfsdk(name = "tags", optional)]
    tags: Option<HashSet<Tag>>,
    /// Rules; a new rule replaces the server.
    #[tfsdk(name = "rule", optional, block)]
    rules: HashSet<Rule>,
}

/// A tag.
#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]
#[tfsdk(schema)]
struct Tag {
    /// The tag.
    #[tfsdk(name = "tag", required, force_new)]
    tag: String,
    /// Its id, given by the API.
    #[tfsdk(name = "id", computed)]
    id: types::String,
}

/// A rule.
#[derive(TfObject, Clone, Debug, PartialEq, Eq, Hash)]
#[tfsdk(schema)]
struct Rule {
    /// The port.
    #[tfsdk(name = "port", required, force_new)]
    port: i64,
    /// Its id, given by the API.
    #[tfsdk(name = "id", computed)]
    id: types::String,
}

struct ServerResource;

/// The server as the API returns it: every id filled in (the server's own once, at create).
fn made(mut server: Server) -> Server {
    if server.id.is_unknown() {
        server.id = types::String::new(format!("srv-{}", server.name));
    }
    if let Some(tags) = server.tags.take() {
        let with_ids = tags.into_iter().map(|tag| Tag {
            id: types::String::new(format!("tag-{}", tag.tag)),
            ..tag
        });
        server.tags = Some(with_ids.collect());
    }
    let rules = std::mem::take(&mut server.rules).into_iter();
    server.rules = rules
        .map(|rule| Rule {
            id: types::String::new(format!("rule-{}", rule.port)),
            ..rule
        })
        .collect();
    server
}

impl Resource for ServerResource {
    type Provider = Rules;
    type Model = Server;
    const TYPE_NAME: &'static str = "rules_server";

    async fn modify_plan(
        &self,
        _ctx: &Context<Rules>,
        plan: &mut PlannedChange<Server>,
    ) -> Result<(), Diagnostics> {
        let planned = plan.planned_mut()?;
        if let Some(name) = planned.name.get() {
            planned.label = types::String::new(name.to_uppercase());
        }
        Ok(())
    }

    async fn create(
        &self,
        _ctx: &Context<Rules>,
        request: CreateRequest<Server>,
    ) -> Result<Server, Failed<Server>> {
        Ok(made(request.planned))
    }

    async fn read(
        &self,
        _ctx: &Context<Rules>,
        server: Server,
    ) -> Result<Option<Server>, Diagnostics> {
        Ok(Some(server))
    }

    async fn update(
        &self,
        _ctx: &Context<Rules>,
        request: UpdateRequest<Server>,
    ) -> Result<Server, Failed<Server>> {
        Ok(made(request.planned))
    }

    async fn delete(&self, _ctx: &Context<Rules>, _server: Server) -> Result<(), Diagnostics> {
        Ok(())
    }
}

/// JSON documents in every kind of collection.
#[derive(TfObject, Clone, Debug)]
#[tfsdk(schema(resource))]
struct Document {
    /// The document's name.
    #[tfsdk(name = "id", required)]
    id: String,
    /// Documents in a list.
    #[tfsdk(name = "list", optional)]
    list: Option<Vec<JsonString>>,
    /// Documents in a set.
    #[tfsdk(name = "set", optional)]
    set: Option<HashSet<JsonString>>,
    /// Documents by key.
    #[tfsdk(name = "map", optional)]
    map: Option<BTreeMap<String, JsonString>>,
    /// Parts, each with a body.
    #[tfsdk(name = "parts", optional)]
    parts: Option<Vec<Part>>,
}

/// A part of a document.
#[derive(TfObject, Clone, Debug)]
#[tfsdk(schema)]
struct Part {
    /// Its body.
    #[tfsdk(name = "body", required)]
    body: JsonString,
}

/// `text` in the API's spelling: compact, members sorted.
fn compact(json: &JsonString) -> JsonString {
    let text = json.get().unwrap_or("null");
    let value: serde_json::Value = serde_json::from_str(text).unwrap_or(serde_json::Value::Null);
    JsonString::new(value.to_string())
}

/// The document as the API keeps and returns it.
fn respelled(document: &Document) -> Document {
    Document {
        id: document.id.clone(),
        list: document
            .list
            .as_ref()
            .map(|l| l.iter().map(compact).collect()),
        set: document
            .set
            .as_ref()
            .map(|s| s.iter().map(compact).collect()),
        map: document
            .map
            .as_ref()
            .map(|m| m.iter().map(|(k, v)| (k.clone(), compact(v))).collect()),
        parts: document.parts.as_ref().map(|parts| {
            parts
                .iter()
                .map(|part| Part {
                    body: compact(&part.body),
                })
                .collect()
        }),
    }
}

struct DocumentResource;

fn store(ctx: &Context<Rules>) -> std::sync::MutexGuard<'_, BTreeMap<String, Document>> {
    ctx.provider()
        .store
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

impl Resource for DocumentResource {
    type Provider = Rules;
    type Model = Document;
    const TYPE_NAME: &'static str = "rules_document";

    async fn create(
        &self,
        ctx: &Context<Rules>,
        request: CreateRequest<Document>,
    ) -> Result<Document, Failed<Document>> {
        let kept = respelled(&request.planned);
        store(ctx).insert(kept.id.clone(), kept.clone());
        Ok(kept)
    }

    async fn read(
        &self,
        ctx: &Context<Rules>,
        document: Document,
    ) -> Result<Option<Document>, Diagnostics> {
        Ok(store(ctx).get(&document.id).cloned())
    }

    async fn update(
        &self,
        ctx: &Context<Rules>,
        request: UpdateRequest<Document>,
    ) -> Result<Document, Failed<Document>> {
        let kept = respelled(&request.planned);
        store(ctx).insert(kept.id.clone(), kept.clone());
        Ok(kept)
    }

    async fn delete(&self, ctx: &Context<Rules>, document: Document) -> Result<(), Diagnostics> {
        store(ctx).remove(&document.id);
        Ok(())
    }
}

fn rules(store: &Store) -> ProviderTest {
    let store = Arc::clone(store);
    ProviderTest::new("example/rules", move || Rules {
        store: Arc::clone(&store),
    })
}

fn server(name: &str, tags: Option<&[&str]>, ports: &[u16]) -> String {
    let tags = match tags {
        Some(tags) => {
            let tags: Vec<String> = tags
                .iter()
                .map(|t| format!("{{ tag = \"{t}\" }}"))
                .collect();
            format!("  tags = [{}]\n", tags.join(", "))
        }
        None => String::new(),
    };
    let rules: String = ports
        .iter()
        .map(|p| format!("  rule {{\n    port = {p}\n  }}\n"))
        .collect();
    format!("resource \"rules_server\" \"a\" {{\n  name = \"{name}\"\n{tags}{rules}}}\n")
}

/// Renames the server, then adds a rule and (`with_tags`) a tag: an update in place, then
/// replacements. The computed ids in the elements become unknown in the plan of the rename
/// (an update, not `stable`) and plan modification sets `label`, yet every element continues
/// its prior one, so the rename asks for no replacement.
fn rename_then_add(test: ProviderTest, with_tags: bool) {
    let server_a = ResourceInstance::<Server>::new("rules_server.a");
    let config =
        |name: &str, tags: &[&str], ports: &[u16]| server(name, with_tags.then_some(tags), ports);
    let mut test = test
        .step(
            Step::apply(config("one", &["a", "b"], &[80, 22]))
                .expect_action(&server_a, PlannedAction::Create)
                .state_check(server_a.attribute(|s| s.label()).equals("ONE")),
        )
        .step(
            Step::apply(config("two", &["a", "b"], &[80, 22]))
                .expect_action(&server_a, PlannedAction::Update)
                .plan_check(server_a.attribute(|s| s.label()).equals("TWO"))
                .state_check(server_a.attribute(|s| s.label()).equals("TWO")),
        )
        .step(
            Step::apply(config("two", &["a", "b"], &[80, 22, 443]))
                .expect_action(&server_a, PlannedAction::Replace),
        );
    if with_tags {
        test = test.step(
            Step::apply(config("two", &["a", "c"], &[80, 22, 443]))
                .expect_action(&server_a, PlannedAction::Replace),
        );
    }
    test.run();
}

#[test]
fn renaming_beside_a_set_of_blocks_with_a_force_new_attribute_updates_in_place() {
    rename_then_add(rules(&Store::default()), false);
}

#[test]
fn renaming_beside_a_nested_set_attribute_with_a_force_new_attribute_updates_in_place() {
    // Terraform 1.0's plan renderer crashes on a set nested attribute ("can't call
    // HasElement on a nil value"), whoever serves it: from 1.1 on.
    rename_then_add(rules(&Store::default()).min_terraform("1.1"), true);
}

const DOCUMENT: &str = r#"
resource "rules_document" "a" {
  id   = "a"
  list = ["{ \"a\": 1, \"b\": [true] }", "[1, 2]"]
  set  = ["{ \"s\": 1 }", "{ \"t\": 2 }"]
  map  = { one = "{ \"m\": 1 }" }
  parts = [{ body = "{ \"z\": 1, \"y\": 2 }" }]
}
"#;

#[test]
fn json_the_api_respells_in_lists_sets_maps_and_nested_lists_plans_no_change() {
    let document = ResourceInstance::<Document>::new("rules_document.a");
    rules(&Store::default())
        .step(
            Step::apply(DOCUMENT)
                .expect_action(&document, PlannedAction::Create)
                .state_check(
                    document
                        .attribute(|d| d.list().at(0))
                        .equals("{ \"a\": 1, \"b\": [true] }"),
                )
                .state_check(
                    document
                        .attribute(|d| d.map().key("one"))
                        .equals("{ \"m\": 1 }"),
                )
                .state_check(
                    document
                        .attribute(|d| d.parts().at(0).body())
                        .equals("{ \"z\": 1, \"y\": 2 }"),
                ),
        )
        .step(
            // The read returns the compact spelling; the state keeps the configured one.
            Step::refresh_only().state_check(
                document
                    .attribute(|d| d.parts().at(0).body())
                    .equals("{ \"z\": 1, \"y\": 2 }"),
            ),
        )
        .step(Step::plan(DOCUMENT).expect_action(&document, PlannedAction::NoOp))
        .step(
            // A change of meaning in one element is a change.
            Step::apply(DOCUMENT.replace("[1, 2]", "[1, 3]"))
                .expect_action(&document, PlannedAction::Update)
                .state_check(document.attribute(|d| d.list().at(1)).equals("[1, 3]")),
        )
        .run();
}
