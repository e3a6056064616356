//! The testing crate on a provider of its own, under both Terraforms: every kind of step and
//! check on a well-behaved resource, and the automatic empty-plan check catching a resource
//! whose computed value changes without a change in the configuration.

use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex};

use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::{TfObject, View, types};
use tfsdk_server::{
    Context, CreateRequest, Failed, NoConfig, PlannedChange, Provider, Registry, Resource,
    UpdateRequest,
};
use tfsdk_testing::{Output, PlannedAction, ProviderTest, ResourceInstance, Step};

/// The notes the provider keeps, shared by every provider the test's factory makes (one per
/// Terraform command): the "API".
type Store = Arc<Mutex<BTreeMap<String, String>>>;

#[derive(Default)]
struct Notes {
    store: Store,
}

impl Provider for Notes {
    type Config = NoConfig;

    fn register(&self, registry: &mut Registry<Self>) {
        registry.resource(NoteResource).resource(BuggyResource);
    }
}

/// A note.
#[derive(TfObject, Clone, Debug)]
#[tfsdk(schema(resource))]
struct Note {
    /// The note's name, which is its ID.
    #[tfsdk(name = "id", computed, stable)]
    id: types::String,
    /// Its name; a new name makes a new note.
    #[tfsdk(name = "name", required, force_new)]
    name: String,
    /// Its text.
    #[tfsdk(name = "text", required, sensitive)]
    text: String,
    /// The text's length, known at plan time.
    #[tfsdk(name = "length", computed)]
    length: types::Int64,
    /// Tags.
    #[tfsdk(name = "tags", optional)]
    tags: Option<BTreeMap<String, String>>,
}

struct NoteResource;

fn store(ctx: &Context<Notes>) -> std::sync::MutexGuard<'_, BTreeMap<String, String>> {
    ctx.provider()
        .store
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

impl Resource for NoteResource {
    type Provider = Notes;
    type Model = Note;
    const TYPE_NAME: &'static str = "notes_note";

    fn validate_config(&self, config: &View<Note>, diagnostics: &mut Diagnostics) {
        if config.text.get().is_some_and(str::is_empty) {
            diagnostics.push(
                Diagnostic::error("Empty note", "A note needs some text.")
                    .with_path(Note::paths().text()),
            );
        }
    }

    async fn modify_plan(
        &self,
        _ctx: &Context<Notes>,
        plan: &mut PlannedChange<Note>,
    ) -> Result<(), Diagnostics> {
        let planned = plan.planned_mut()?;
        if let Some(text) = planned.text.get() {
            planned.length = types::Int64::new(text.chars().count() as i64);
        }
        Ok(())
    }

    async fn create(
        &self,
        ctx: &Context<Notes>,
        request: CreateRequest<Note>,
    ) -> Result<Note, Failed<Note>> {
        let mut note = request.planned;
        store(ctx).insert(note.name.clone(), note.text.clone());
        note.id = types::String::new(note.name.clone());
        Ok(note)
    }

    async fn read(
        &self,
        ctx: &Context<Notes>,
        mut note: Note,
    ) -> Result<Option<Note>, Diagnostics> {
        let Some(text) = store(ctx).get(&note.name).cloned() else {
            return Ok(None);
        };
        note.length = types::Int64::new(text.chars().count() as i64);
        note.text = text;
        Ok(Some(note))
    }

    async fn update(
        &self,
        ctx: &Context<Notes>,
        request: UpdateRequest<Note>,
    ) -> Result<Note, Failed<Note>> {
        let note = request.planned;
        store(ctx).insert(note.name.clone(), note.text.clone());
        Ok(note)
    }

    async fn delete(&self, ctx: &Context<Notes>, note: Note) -> Result<(), Diagnostics> {
        store(ctx).remove(&note.name);
        Ok(())
    }

    async fn import(&self, ctx: &Context<Notes>, id: String) -> Result<Note, Diagnostics> {
        let Some(text) = store(ctx).get(&id).cloned() else {
            return Err(
                Diagnostic::error("No such note", format!("There is no note {id:?}.")).into(),
            );
        };
        Ok(Note {
            id: types::String::new(id.clone()),
            name: id,
            length: types::Int64::new(text.chars().count() as i64),
            text,
            tags: None,
        })
    }
}

/// A resource with the classic bug: its plan makes a computed value unknown every time, so
/// Terraform plans an update after every apply.
#[derive(TfObject, Clone, Debug)]
#[tfsdk(schema(resource))]
struct Buggy {
    #[tfsdk(name = "name", required)]
    name: String,
    #[tfsdk(name = "stamp", computed)]
    stamp: types::Int64,
}

struct BuggyResource;

impl Resource for BuggyResource {
    type Provider = Notes;
    type Model = Buggy;
    const TYPE_NAME: &'static str = "notes_buggy";

    async fn modify_plan(
        &self,
        _ctx: &Context<Notes>,
        plan: &mut PlannedChange<Buggy>,
    ) -> Result<(), Diagnostics> {
        // The bug: "it may change", on every plan.
        plan.planned_mut()?.stamp = types::Int64::unknown();
        Ok(())
    }

    async fn create(
        &self,
        _ctx: &Context<Notes>,
        request: CreateRequest<Buggy>,
    ) -> Result<Buggy, Failed<Buggy>> {
        let mut buggy = request.planned;
        buggy.stamp = types::Int64::new(1);
        Ok(buggy)
    }

    async fn read(
        &self,
        _ctx: &Context<Notes>,
        buggy: Buggy,
    ) -> Result<Option<Buggy>, Diagnostics> {
        Ok(Some(buggy))
    }

    async fn update(
        &self,
        _ctx: &Context<Notes>,
        request: UpdateRequest<Buggy>,
    ) -> Result<Buggy, Failed<Buggy>> {
        let mut buggy = request.planned;
        buggy.stamp = types::Int64::new(request.prior.stamp.get().unwrap_or(0) + 1);
        Ok(buggy)
    }

    async fn delete(&self, _ctx: &Context<Notes>, _buggy: Buggy) -> Result<(), Diagnostics> {
        Ok(())
    }
}

fn notes(store: &Store) -> ProviderTest {
    let store = Arc::clone(store);
    ProviderTest::new("example/notes", move || Notes {
        store: Arc::clone(&store),
    })
}

const ONE: &str = r#"
resource "notes_note" "a" {
  name = "a"
  text = "hello"
  tags = { env = "dev" }
}

output "length" {
  value = notes_note.a.length
}
"#;

#[test]
fn every_kind_of_step_and_check() {
    let store = Store::default();
    let note = ResourceInstance::<Note>::new("notes_note.a");
    let drift = Arc::clone(&store);
    let after_destroy = Arc::clone(&store);
    notes(&store)
        .step(
            Step::apply(ONE)
                .expect_action(&note, PlannedAction::Create)
                .plan_check(note.attribute(|n| n.id()).is_unknown())
                .plan_check(note.attribute(|n| n.length()).equals(5))
                .plan_check(note.attribute(|n| n.text()).is_sensitive())
                .plan_check(note.attribute(|n| n.name()).is_not_sensitive())
                .state_check(note.attribute(|n| n.id()).equals("a"))
                // Sensitive as Terraform says: in 1.0's state only by the schema it received.
                .state_check(note.attribute(|n| n.text()).is_sensitive())
                .state_check(note.attribute(|n| n.tags()).is_not_sensitive())
                .state_check(note.attribute(|n| n.tags().key("env")).equals("dev"))
                .state_check(note.satisfies(|view| {
                    if view.text.get() == Some("hello") {
                        Ok(())
                    } else {
                        Err(format!("text is {:?}", view.text))
                    }
                }))
                .state_check(Output::new("length").equals(5_i64)),
        )
        .step(
            Step::apply(ONE.replace("hello", "hello, world"))
                .expect_action(&note, PlannedAction::Update)
                .plan_check(note.attribute(|n| n.length()).equals(12))
                .state_check(note.attribute(|n| n.text()).equals("hello, world")),
        )
        .step(Step::import(&note, "a").ignore(note.attribute(|n| n.tags())))
        .step(
            Step::refresh_only()
                .before(move |_| {
                    drift.lock().unwrap().insert("a".into(), "changed elsewhere".into());
                })
                .state_check(note.attribute(|n| n.text()).equals("changed elsewhere")),
        )
        .step(
            Step::apply(ONE.replace("\"a\"\n  text", "\"b\"\n  text"))
                .expect_action(&note, PlannedAction::Replace)
                .state_check(note.attribute(|n| n.name()).equals("b")),
        )
        .step(Step::plan(ONE.replace("hello", "")).expect_error(
            r#"Error: Empty note with notes_note\.a, on main\.tf line \d+, in resource "notes_note" "a": .* A note needs some text\."#,
        ))
        .step(
            Step::import(&note, "missing")
                .without_verify()
                .expect_error(r#"No such note There is no note "missing"\."#),
        )
        .check_destroy(move |_| {
            let left = after_destroy.lock().unwrap();
            assert!(left.is_empty(), "notes left after the destroy: {left:?}");
        })
        .run();
}

#[test]
fn the_empty_plan_check_catches_a_computed_value_that_changes_without_a_plan() {
    let store = Store::default();
    let config = r#"
resource "notes_buggy" "b" {
  name = "b"
}
"#;
    let failure = catch_unwind(AssertUnwindSafe(|| {
        notes(&store).step(Step::apply(config)).run();
    }))
    .expect_err("the buggy resource passed the test");
    let message = failure
        .downcast_ref::<String>()
        .expect("the failure is a message");
    for version in ["1.15.5", "1.0.3"] {
        assert!(
            message.contains(&format!(
                "with Terraform {version}: step 1 of 1 (apply) failed"
            )),
            "{message}"
        );
    }
    assert!(
        message.contains(
            "after the apply, the plan of the same configuration is not empty: Terraform would change\n  - notes_buggy.b (update): stamp: 1 → (known after apply)"
        ),
        "{message}"
    );

    // The same resource passes when the test says the plan cannot converge.
    notes(&store)
        .step(Step::apply(config).expect_non_empty_plan())
        .run();
}

#[test]
fn a_missed_expectation_says_what_the_plan_did() {
    let store = Store::default();
    let note = ResourceInstance::<Note>::new("notes_note.a");
    let failure = catch_unwind(AssertUnwindSafe(|| {
        notes(&store)
            .min_terraform("1.15")
            .step(
                Step::apply(ONE)
                    .expect_action(&note, PlannedAction::Update)
                    .plan_check(note.attribute(|n| n.length()).equals(4)),
            )
            .run();
    }))
    .expect_err("the wrong expectations passed");
    let message = failure.downcast_ref::<String>().unwrap();
    assert!(
        message.contains(
            "the plan is not as expected:\n  - notes_note.a: expected update, the plan says create\n  - notes_note.a: length: expected 4, found 5"
        ),
        "{message}"
    );
    assert!(!message.contains("1.0.3"), "{message}");
}

#[test]
fn a_step_that_fails_after_an_apply_still_destroys_what_was_created() {
    let store = Store::default();
    let note = ResourceInstance::<Note>::new("notes_note.a");
    let failure = catch_unwind(AssertUnwindSafe(|| {
        notes(&store)
            .min_terraform("1.15")
            .step(Step::apply(ONE))
            .step(
                Step::apply(ONE.replace("hello", "hello again"))
                    .state_check(note.attribute(|n| n.text()).equals("something else")),
            )
            .run();
    }))
    .expect_err("the wrong expectation passed");
    let message = failure.downcast_ref::<String>().unwrap();
    assert!(
        message.contains("step 2 of 2 (apply) failed:\nthe state is not as expected"),
        "{message}"
    );
    assert!(!message.contains("destroy"), "{message}");
    // The note the steps made is gone: the destroy ran after the failing step.
    let left = store.lock().unwrap();
    assert!(left.is_empty(), "notes left behind: {left:?}");
}

#[test]
fn a_test_that_no_terraform_runs_fails() {
    let store = Store::default();
    let failure = catch_unwind(AssertUnwindSafe(|| {
        notes(&store)
            .min_terraform("99.0")
            .step(Step::apply(ONE))
            .run();
    }))
    .expect_err("a test that ran nothing passed");
    let message = failure.downcast_ref::<String>().unwrap();
    assert!(
        message.starts_with(
            "tfsdk-testing: no Terraform ran this test: it needs Terraform 99.0 or newer"
        ),
        "{message}"
    );
}

#[test]
fn check_shutdown_needs_a_provider_process() {
    let store = Store::default();
    let failure = catch_unwind(AssertUnwindSafe(|| {
        notes(&store).check_shutdown().step(Step::apply(ONE)).run();
    }))
    .expect_err("check_shutdown of an in-process provider passed");
    // A message without arguments panics with a `&str`.
    let message = failure.downcast_ref::<&str>().unwrap();
    assert!(
        message.contains("check_shutdown watches provider processes"),
        "{message}"
    );
}
