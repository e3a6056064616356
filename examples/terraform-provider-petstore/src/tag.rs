//! `petstore_tag`, ported from Go: the model is `models::resources::tag`, written by
//! `tfsdk schema import` from the schema the Go provider served (`go-schema.json`), with the
//! two behaviours the schema JSON cannot carry added by hand (`stable` on `id` for Go's
//! `UseStateForUnknown`, `force_new` on `name` for `RequiresReplace`). So the type serves the
//! very schema Go did, the state Go wrote is read unchanged, and the store's objects keep
//! their Go JSON form.

use std::collections::{BTreeMap, HashSet};

use serde::{Deserialize, Serialize};
use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::Number;
use tfsdk_core::types;
use tfsdk_server::{Context, CreateRequest, Failed, Resource, UpdateRequest};

use crate::Petstore;
pub use crate::models::resources::tag::{Tag, TagRule};

/// What the store keeps of a tag: the Go provider's JSON form.
#[derive(Serialize, Deserialize)]
struct TagObject {
    name: String,
    color: Option<String>,
    labels: Option<BTreeMap<String, String>>,
    rules: Option<Vec<RuleObject>>,
}

#[derive(Serialize, Deserialize)]
struct RuleObject {
    pattern: String,
    weight: Option<i64>,
}

/// A weight as the store keeps it: Go's `*int64`.
fn weight_of(weight: &types::Number) -> Option<i64> {
    weight.get().and_then(|number| number.to_i64().ok())
}

impl Tag {
    fn object(&self) -> TagObject {
        let rules: Vec<RuleObject> = self
            .rule
            .iter()
            .map(|rule| RuleObject {
                pattern: rule.pattern.get().unwrap_or_default().to_owned(),
                weight: weight_of(&rule.weight),
            })
            .collect();
        let labels = self.labels.get().map(|labels| {
            labels
                .iter()
                .map(|(key, value)| (key.clone(), value.get().unwrap_or_default().to_owned()))
                .collect()
        });
        TagObject {
            name: self.name.get().unwrap_or_default().to_owned(),
            color: self.color.get().map(str::to_owned),
            labels,
            rules: (!rules.is_empty()).then_some(rules),
        }
    }

    fn from_object(id: types::String, object: TagObject) -> Tag {
        let rule: HashSet<TagRule> = object
            .rules
            .into_iter()
            .flatten()
            .map(|rule| TagRule {
                pattern: types::String::new(rule.pattern),
                weight: rule.weight.map_or_else(types::Number::null, |weight| {
                    types::Number::new(Number::from(weight))
                }),
            })
            .collect();
        let labels = object.labels.map_or_else(types::Map::null, |labels| {
            types::Map::new(
                labels
                    .into_iter()
                    .map(|(key, value)| (key, types::String::new(value))),
            )
        });
        Tag {
            id,
            name: types::String::new(object.name),
            color: object
                .color
                .map_or_else(types::String::null, types::String::new),
            labels,
            rule,
        }
    }
}

/// The resource that manages tags.
pub struct TagResource;

const KIND: &str = "tag";

impl Resource for TagResource {
    type Provider = Petstore;
    type Model = Tag;
    const TYPE_NAME: &'static str = "petstore_tag";

    async fn create(
        &self,
        ctx: &Context<Petstore>,
        request: CreateRequest<Tag>,
    ) -> Result<Tag, Failed<Tag>> {
        let store = ctx.provider().store()?;
        let mut tag = request.planned;
        let id = store.new_id(KIND);
        store.put(KIND, &id, &tag.object())?;
        tag.id = types::String::new(id);
        Ok(tag)
    }

    async fn read(&self, ctx: &Context<Petstore>, state: Tag) -> Result<Option<Tag>, Diagnostics> {
        let store = ctx.provider().store()?;
        let id = state.id.get().unwrap_or_default().to_owned();
        Ok(store
            .get::<TagObject>(KIND, &id)?
            .map(|object| Tag::from_object(state.id, object)))
    }

    async fn update(
        &self,
        ctx: &Context<Petstore>,
        request: UpdateRequest<Tag>,
    ) -> Result<Tag, Failed<Tag>> {
        let store = ctx.provider().store()?;
        let tag = request.planned;
        store.put(KIND, tag.id.get().unwrap_or_default(), &tag.object())?;
        Ok(tag)
    }

    async fn delete(&self, ctx: &Context<Petstore>, state: Tag) -> Result<(), Diagnostics> {
        let store = ctx.provider().store()?;
        store.remove(KIND, state.id.get().unwrap_or_default())?;
        Ok(())
    }
}
