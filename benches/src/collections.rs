//! Resources holding one large collection of nested objects, as a set, a list and a map
//! (`bench_set`, `bench_list`, `bench_map`), for the collection benches
//! (`benches/collections.rs`) and the whole-run scenario (`scripts/whole_run.py`): which shape
//! scales, in the provider and in Terraform.

use std::collections::{BTreeMap, BTreeSet};

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::{TfObject, TfSchema, types};
use tfsdk_server::{Context, CreateRequest, Failed, Resource, UpdateRequest};

use crate::provider::Bench;

/// One element: a name, a size and a flag.
#[derive(TfObject, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[tfsdk(schema)]
pub struct Item {
    /// The element's name.
    #[tfsdk(name = "name", required)]
    pub name: String,
    /// A number.
    #[tfsdk(name = "size", required)]
    pub size: i64,
    /// A flag.
    #[tfsdk(name = "enabled", required)]
    pub enabled: bool,
}

impl Item {
    /// The `i`-th element of a sample.
    pub fn sample(i: usize) -> Item {
        Item {
            name: format!("item-{i:06}"),
            size: i64::try_from(i).unwrap_or(i64::MAX),
            enabled: i.is_multiple_of(2),
        }
    }
}

/// `bench_set`: a set of items.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(resource))]
pub struct SetOf {
    /// Assigned by create.
    #[tfsdk(name = "id", computed, stable)]
    pub id: types::String,
    /// The items.
    #[tfsdk(name = "items", required)]
    pub items: BTreeSet<Item>,
}

/// `bench_list`: a list of items.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(resource))]
pub struct ListOf {
    /// Assigned by create.
    #[tfsdk(name = "id", computed, stable)]
    pub id: types::String,
    /// The items.
    #[tfsdk(name = "items", required)]
    pub items: Vec<Item>,
}

/// `bench_map`: a map of items by name.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(resource))]
pub struct MapOf {
    /// Assigned by create.
    #[tfsdk(name = "id", computed, stable)]
    pub id: types::String,
    /// The items, by name.
    #[tfsdk(name = "items", required)]
    pub items: BTreeMap<String, Item>,
}

/// A model of one of the three shapes: its resource type and its id.
pub trait Collection: TfSchema + Send + Sync + 'static {
    /// The resource type, e.g. `bench_set`.
    const TYPE_NAME: &'static str;
    /// The model's `id` attribute.
    fn id_mut(&mut self) -> &mut types::String;
    /// A sample of `n` items with `id`.
    fn sample(n: usize, id: types::String) -> Self;
}

impl Collection for SetOf {
    const TYPE_NAME: &'static str = "bench_set";
    fn id_mut(&mut self) -> &mut types::String {
        &mut self.id
    }
    fn sample(n: usize, id: types::String) -> Self {
        SetOf {
            id,
            items: (0..n).map(Item::sample).collect(),
        }
    }
}

impl Collection for ListOf {
    const TYPE_NAME: &'static str = "bench_list";
    fn id_mut(&mut self) -> &mut types::String {
        &mut self.id
    }
    fn sample(n: usize, id: types::String) -> Self {
        ListOf {
            id,
            items: (0..n).map(Item::sample).collect(),
        }
    }
}

impl Collection for MapOf {
    const TYPE_NAME: &'static str = "bench_map";
    fn id_mut(&mut self) -> &mut types::String {
        &mut self.id
    }
    fn sample(n: usize, id: types::String) -> Self {
        MapOf {
            id,
            items: (0..n)
                .map(|i| {
                    let item = Item::sample(i);
                    (item.name.clone(), item)
                })
                .collect(),
        }
    }
}

/// The resource of a [`Collection`]: create assigns the id, everything else echoes.
pub struct CollectionResource<M>(std::marker::PhantomData<fn() -> M>);

impl<M> Default for CollectionResource<M> {
    fn default() -> Self {
        CollectionResource(std::marker::PhantomData)
    }
}

impl<M: Collection> Resource for CollectionResource<M> {
    type Provider = Bench;
    type Model = M;
    const TYPE_NAME: &'static str = M::TYPE_NAME;

    async fn create(
        &self,
        _ctx: &Context<Bench>,
        request: CreateRequest<M>,
    ) -> Result<M, Failed<M>> {
        let mut planned = request.planned;
        *planned.id_mut() = types::String::new("collection-1");
        Ok(planned)
    }

    async fn read(&self, _ctx: &Context<Bench>, state: M) -> Result<Option<M>, Diagnostics> {
        Ok(Some(state))
    }

    async fn update(
        &self,
        _ctx: &Context<Bench>,
        request: UpdateRequest<M>,
    ) -> Result<M, Failed<M>> {
        Ok(request.planned)
    }

    async fn delete(&self, _ctx: &Context<Bench>, _state: M) -> Result<(), Diagnostics> {
        Ok(())
    }
}
