//! Floats keep what the configuration said, under both Terraforms, as Go's `types.Float64` and
//! `types.Float32` do: a configured `1 - 0.99` or `1 / 3` (more precise than any float) plans, applies and
//! stays in state at full precision, whether the resource hands back the planned value or the
//! API answers with its float (semantic equality: the same float means the same value); the
//! next plan and a refresh find nothing to change. A number beyond `f32`'s range is an error at
//! its attribute.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::Value;
use tfsdk_core::{TfObject, types};
use tfsdk_server::{
    Context, CreateRequest, Failed, NoConfig, Provider, Registry, Resource, UpdateRequest,
};
use tfsdk_testing::{PlannedAction, ProviderTest, ResourceInstance, Step};

/// What the "API" keeps, by id: floats, as an API does.
type Store = Arc<Mutex<BTreeMap<String, (f64, Option<f32>)>>>;

struct Floats {
    store: Store,
}

impl Provider for Floats {
    type Config = NoConfig;

    fn register(&self, registry: &mut Registry<Self>) {
        registry.resource(Gauges);
    }
}

/// A gauge.
#[derive(TfObject, Clone, Debug)]
#[tfsdk(schema(resource))]
struct Gauge {
    /// The id.
    #[tfsdk(name = "id", required)]
    id: String,
    /// The ratio: the API answers with its `f64`.
    #[tfsdk(name = "ratio", required)]
    ratio: types::Float64,
    /// The scale: the resource hands back the planned value.
    #[tfsdk(name = "scale", optional)]
    scale: types::Float32,
}

struct Gauges;

fn store(ctx: &Context<Floats>) -> std::sync::MutexGuard<'_, BTreeMap<String, (f64, Option<f32>)>> {
    ctx.provider()
        .store
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

/// Stores the gauge's floats and answers as the API does: the ratio as its float, the scale
/// as planned.
fn save(ctx: &Context<Floats>, planned: Gauge) -> Gauge {
    store(ctx).insert(
        planned.id.clone(),
        (planned.ratio.value_float64(), planned.scale.get()),
    );
    Gauge {
        ratio: types::Float64::new(planned.ratio.value_float64()),
        ..planned
    }
}

impl Resource for Gauges {
    type Provider = Floats;
    type Model = Gauge;
    const TYPE_NAME: &'static str = "floats_gauge";

    async fn create(
        &self,
        ctx: &Context<Floats>,
        request: CreateRequest<Gauge>,
    ) -> Result<Gauge, Failed<Gauge>> {
        Ok(save(ctx, request.planned))
    }

    async fn read(
        &self,
        ctx: &Context<Floats>,
        gauge: Gauge,
    ) -> Result<Option<Gauge>, Diagnostics> {
        let stored = store(ctx).get(&gauge.id).copied();
        Ok(stored.map(|(ratio, scale)| Gauge {
            id: gauge.id,
            ratio: types::Float64::new(ratio),
            scale: scale.into(),
        }))
    }

    async fn update(
        &self,
        ctx: &Context<Floats>,
        request: UpdateRequest<Gauge>,
    ) -> Result<Gauge, Failed<Gauge>> {
        Ok(save(ctx, request.planned))
    }

    async fn delete(&self, ctx: &Context<Floats>, gauge: Gauge) -> Result<(), Diagnostics> {
        store(ctx).remove(&gauge.id);
        Ok(())
    }
}

/// The provider, every launch of it serving the same "API".
fn floats() -> ProviderTest {
    let store = Store::default();
    ProviderTest::new("example/floats", move || Floats {
        store: Arc::clone(&store),
    })
}

const PRECISE: &str = r#"
resource "floats_gauge" "a" {
  id    = "a"
  ratio = 1 - 0.99
  scale = 1 / 3
}
"#;

/// A number that rounds to `float` but says more than it: what Terraform computed.
fn more_precise_than(float: f64) -> impl Fn(&Value) -> Result<(), String> + Send + Sync {
    move |value: &Value| {
        let number = value
            .as_number()
            .ok_or_else(|| format!("not a number: {value}"))?;
        if number.nearest_f64() != float {
            return Err(format!("{number} does not round to {float}"));
        }
        if number.to_string().len() <= 20 {
            return Err(format!("{number} was rounded to a float"));
        }
        Ok(())
    }
}

#[test]
fn floats_keep_what_the_configuration_said() {
    let gauge = ResourceInstance::<Gauge>::new("floats_gauge.a");
    floats()
        .step(
            Step::apply(PRECISE)
                .expect_action(&gauge, PlannedAction::Create)
                .state_check(
                    gauge
                        .attribute(|g| g.ratio())
                        .satisfies(more_precise_than(0.01)),
                )
                .state_check(gauge.attribute(|g| g.scale()).satisfies(|value| {
                    let number = value.as_number().ok_or("not a number")?;
                    match number.nearest_f32() == 1.0 / 3.0 && number.to_string().len() > 20 {
                        true => Ok(()),
                        false => Err(format!("{number} is not 1 / 3 at full precision")),
                    }
                })),
        )
        .step(
            // The read answers the API's floats; the state keeps the configured numbers.
            Step::refresh_only().state_check(
                gauge
                    .attribute(|g| g.ratio())
                    .satisfies(more_precise_than(0.01)),
            ),
        )
        .step(Step::plan(PRECISE).expect_action(&gauge, PlannedAction::NoOp))
        .step(
            Step::apply(PRECISE.replace("1 - 0.99", "0.5"))
                .expect_action(&gauge, PlannedAction::Update)
                .state_check(gauge.attribute(|g| g.ratio()).equals(0.5)),
        )
        .run();
}

#[test]
fn a_number_beyond_the_range_of_f32_is_an_error_at_its_attribute() {
    floats()
        .step(
            Step::apply(PRECISE.replace("1 / 3", "1e39"))
                .expect_error(r"does not fit in .Float32."),
        )
        .run();
}
