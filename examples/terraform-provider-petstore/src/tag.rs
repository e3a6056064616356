//! `petstore_tag`, ported from Go: the model declares the schema the Go provider served
//! (attribute names, types, nesting, flags), so the state Go wrote is read unchanged, and the
//! store's objects keep their Go JSON form.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use tfsdk_core::diag::Diagnostics;
use tfsdk_core::{TfObject, types};
use tfsdk_server::{Context, CreateRequest, Failed, Resource, UpdateRequest};

use crate::Petstore;

/// A tag for pets.
#[derive(TfObject, Clone, Debug)]
#[tfsdk(schema(resource))]
pub struct Tag {
    /// The tag's id.
    #[tfsdk(name = "id", computed, stable)]
    pub id: types::String,
    /// The tag's name; another name replaces the tag.
    #[tfsdk(name = "name", required, force_new)]
    pub name: String,
    #[tfsdk(name = "color", optional)]
    pub color: Option<String>,
    #[tfsdk(name = "labels", optional, sensitive)]
    pub labels: Option<BTreeMap<String, String>>,
    #[tfsdk(name = "rule", optional, block)]
    pub rules: Option<BTreeSet<Rule>>,
}

/// A `rule` block.
#[derive(TfObject, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[tfsdk(schema)]
pub struct Rule {
    #[tfsdk(name = "pattern", required)]
    pub pattern: String,
    #[tfsdk(name = "weight", optional)]
    pub weight: Option<i64>,
}

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

impl Tag {
    fn object(&self) -> TagObject {
        let rules: Vec<RuleObject> = self
            .rules
            .iter()
            .flatten()
            .map(|rule| RuleObject {
                pattern: rule.pattern.clone(),
                weight: rule.weight,
            })
            .collect();
        TagObject {
            name: self.name.clone(),
            color: self.color.clone(),
            labels: self.labels.clone(),
            rules: (!rules.is_empty()).then_some(rules),
        }
    }

    fn from_object(id: types::String, object: TagObject) -> Tag {
        let rules: BTreeSet<Rule> = object
            .rules
            .into_iter()
            .flatten()
            .map(|rule| Rule {
                pattern: rule.pattern,
                weight: rule.weight,
            })
            .collect();
        Tag {
            id,
            name: object.name,
            color: object.color,
            labels: object.labels,
            rules: (!rules.is_empty()).then_some(rules),
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
