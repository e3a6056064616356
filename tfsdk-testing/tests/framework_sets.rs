//! A set of nested objects as the framework types it, `types::Set<M>`: served as a set nested
//! attribute (Go's `SetNestedAttribute` with a `types.Set` field), its model needing neither
//! `Hash` nor `Ord`; applied, planned again without a change, and updated when one element
//! changes. Terraform 1.0's plan renderer crashes on any set nested attribute, so from 1.1 on.

use std::sync::{Arc, Mutex};

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::{TfObject, types};
use tfsdk_server::{
    Context, CreateRequest, Failed, NoConfig, Provider, Registry, Resource, UpdateRequest,
};
use tfsdk_testing::{PlannedAction, ProviderTest, ResourceInstance, Step};

/// A rule: no `Hash`, no `Ord`.
#[derive(TfObject, Clone, Debug)]
#[tfsdk(schema)]
struct Rule {
    /// The port.
    #[tfsdk(name = "port", required)]
    port: i64,
    /// A note.
    #[tfsdk(name = "note", optional)]
    note: types::String,
}

/// A firewall with a set of rules.
#[derive(TfObject, Clone, Debug)]
#[tfsdk(schema(resource))]
struct Firewall {
    /// The name.
    #[tfsdk(name = "name", required)]
    name: String,
    /// The rules, in no order.
    #[tfsdk(name = "rules", optional)]
    rules: types::Set<Rule>,
}

/// The last firewall the "API" stored.
type Store = Arc<Mutex<Option<Firewall>>>;

struct Sets {
    store: Store,
}

impl Provider for Sets {
    type Config = NoConfig;

    fn register(&self, registry: &mut Registry<Self>) {
        registry.resource(Firewalls);
    }
}

struct Firewalls;

fn stored(ctx: &Context<Sets>) -> std::sync::MutexGuard<'_, Option<Firewall>> {
    ctx.provider()
        .store
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

impl Resource for Firewalls {
    type Provider = Sets;
    type Model = Firewall;
    const TYPE_NAME: &'static str = "sets_firewall";

    async fn create(
        &self,
        ctx: &Context<Sets>,
        request: CreateRequest<Firewall>,
    ) -> Result<Firewall, Failed<Firewall>> {
        *stored(ctx) = Some(request.planned.clone());
        Ok(request.planned)
    }

    async fn read(
        &self,
        ctx: &Context<Sets>,
        _: Firewall,
    ) -> Result<Option<Firewall>, Diagnostics> {
        Ok(stored(ctx).clone())
    }

    async fn update(
        &self,
        ctx: &Context<Sets>,
        request: UpdateRequest<Firewall>,
    ) -> Result<Firewall, Failed<Firewall>> {
        *stored(ctx) = Some(request.planned.clone());
        Ok(request.planned)
    }

    async fn delete(&self, ctx: &Context<Sets>, _: Firewall) -> Result<(), Diagnostics> {
        *stored(ctx) = None;
        Ok(())
    }
}

fn sets() -> ProviderTest {
    let store = Store::default();
    ProviderTest::new("example/sets", move || Sets {
        store: Arc::clone(&store),
    })
}

fn config(ports: &[u16]) -> String {
    let rules: Vec<String> = ports
        .iter()
        .map(|port| format!("{{ port = {port}, note = \"p{port}\" }}"))
        .collect();
    format!(
        "resource \"sets_firewall\" \"a\" {{\n  name  = \"edge\"\n  rules = [{}]\n}}\n",
        rules.join(", ")
    )
}

#[test]
fn a_framework_set_of_models_is_a_set_nested_attribute() {
    let firewall = ResourceInstance::<Firewall>::new("sets_firewall.a");
    sets()
        .min_terraform("1.1")
        .step(
            Step::apply(config(&[22, 80]))
                .expect_action(&firewall, PlannedAction::Create)
                .state_check(firewall.attribute(|f| f.rules()).satisfies(|rules| {
                    match rules.as_elements().map(<[_]>::len) {
                        Some(2) => Ok(()),
                        other => Err(format!("expected two rules, found {other:?}")),
                    }
                })),
        )
        // The same rules in another order are the same set.
        .step(Step::plan(config(&[80, 22])).expect_action(&firewall, PlannedAction::NoOp))
        .step(Step::apply(config(&[22, 443])).expect_action(&firewall, PlannedAction::Update))
        .run();
    let provider = sets().schema_json(tfsdk_testing::TerraformVersion::V1_15);
    let rules = &provider["resource_schemas"]["sets_firewall"]["block"]["attributes"]["rules"];
    assert_eq!(rules["nested_type"]["nesting_mode"], "set", "{rules}");
}
