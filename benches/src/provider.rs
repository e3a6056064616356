//! The reference model served by a provider: the resource the server benches send requests
//! to (`benches/server.rs`) and the provider the start-up bench launches (`launch-probe`).

use std::collections::BTreeMap;

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::{TfObject, types};
use tfsdk_server::{
    Context, CreateRequest, Failed, NoConfig, Provider, Registry, Resource, UpdateRequest,
};

use crate::collections::{CollectionResource, ListOf, MapOf, SetOf};

/// The reference model as a resource schema: the same 12 attributes, each with a role.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema)]
pub struct Model {
    /// A required string.
    #[tfsdk(name = "name", required)]
    pub name: String,
    /// An optional string.
    #[tfsdk(name = "description", optional)]
    pub description: Option<String>,
    /// Another required string.
    #[tfsdk(name = "region", required)]
    pub region: String,
    /// An int64.
    #[tfsdk(name = "size", required)]
    pub size: i64,
    /// A float64.
    #[tfsdk(name = "ratio", required)]
    pub ratio: f64,
    /// A bool.
    #[tfsdk(name = "enabled", required)]
    pub enabled: bool,
    /// Computed: unknown in the plan of a create, set by create, kept by updates.
    #[tfsdk(name = "id", computed, stable)]
    pub id: types::String,
    /// An optional framework Int64.
    #[tfsdk(name = "max_items", optional)]
    pub max_items: types::Int64,
    /// A list of strings.
    #[tfsdk(name = "aliases", required)]
    pub aliases: Vec<String>,
    /// A map of strings.
    #[tfsdk(name = "labels", required)]
    pub labels: BTreeMap<String, String>,
    /// One nested object.
    #[tfsdk(name = "settings", required)]
    pub settings: Settings,
    /// N nested objects.
    #[tfsdk(name = "rules", required)]
    pub rules: Vec<Rule>,
}

/// The reference model's nested object.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema)]
pub struct Settings {
    /// A string.
    #[tfsdk(name = "mode", required)]
    pub mode: String,
    /// An int64.
    #[tfsdk(name = "retries", required)]
    pub retries: i64,
    /// A bool.
    #[tfsdk(name = "verbose", required)]
    pub verbose: bool,
}

/// An element of the reference model's nested list.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema)]
pub struct Rule {
    /// A string.
    #[tfsdk(name = "name", required)]
    pub name: String,
    /// An int64.
    #[tfsdk(name = "priority", required)]
    pub priority: i64,
    /// A float64.
    #[tfsdk(name = "weight", required)]
    pub weight: f64,
    /// A bool.
    #[tfsdk(name = "enabled", required)]
    pub enabled: bool,
    /// An optional string.
    #[tfsdk(name = "comment", optional)]
    pub comment: Option<String>,
}

impl Model {
    /// The reference sample with `n` rules; `id` as given.
    pub fn sample(n: usize, id: types::String) -> Model {
        let reference = crate::Resource::sample(n);
        Model {
            name: reference.name,
            description: reference.description,
            region: reference.region,
            size: reference.size,
            ratio: reference.ratio,
            enabled: reference.enabled,
            id,
            max_items: reference.max_items,
            aliases: reference.aliases,
            labels: reference.labels,
            settings: Settings {
                mode: reference.settings.mode,
                retries: reference.settings.retries,
                verbose: reference.settings.verbose,
            },
            rules: reference
                .rules
                .into_iter()
                .map(|rule| Rule {
                    name: rule.name,
                    priority: rule.priority,
                    weight: rule.weight,
                    enabled: rule.enabled,
                    comment: rule.comment,
                })
                .collect(),
        }
    }
}

/// A provider without configuration that serves [`Thing`] as `bench_thing`, and the
/// [`collections`](crate::collections) as `bench_set`, `bench_list` and `bench_map`.
pub struct Bench;

impl Provider for Bench {
    type Config = NoConfig;

    fn register(&self, registry: &mut Registry<Self>) {
        registry
            .resource(Thing)
            .resource(CollectionResource::<SetOf>::default())
            .resource(CollectionResource::<ListOf>::default())
            .resource(CollectionResource::<MapOf>::default())
            .function(heaviest_rule::function());
    }
}

/// A resource whose create assigns the id; everything else echoes.
pub struct Thing;

impl Resource for Thing {
    type Provider = Bench;
    type Model = Model;
    const TYPE_NAME: &'static str = "bench_thing";

    async fn create(
        &self,
        _ctx: &Context<Bench>,
        request: CreateRequest<Model>,
    ) -> Result<Model, Failed<Model>> {
        let mut planned = request.planned;
        planned.id = types::String::new("thing-1");
        Ok(planned)
    }

    async fn read(
        &self,
        _ctx: &Context<Bench>,
        state: Model,
    ) -> Result<Option<Model>, Diagnostics> {
        Ok(Some(state))
    }

    async fn update(
        &self,
        _ctx: &Context<Bench>,
        request: UpdateRequest<Model>,
    ) -> Result<Model, Failed<Model>> {
        Ok(request.planned)
    }

    async fn delete(&self, _ctx: &Context<Bench>, _state: Model) -> Result<(), Diagnostics> {
        Ok(())
    }
}

/// The name of the rule with the greatest weight: a provider-defined function over the
/// reference model's N nested objects, for the function call bench.
#[tfsdk_server::function]
pub fn heaviest_rule(
    /// The rules.
    rules: Vec<Rule>,
) -> Option<String> {
    rules
        .into_iter()
        .max_by(|a, b| a.weight.total_cmp(&b.weight))
        .map(|rule| rule.name)
}
