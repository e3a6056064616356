//! `petstore_owner`: a type that only the Rust side has. Go's `petstore_pet` refers to it
//! (`owner_id`), and it refers to Go's function (`provider::petstore::slug`) in configurations.

use serde::{Deserialize, Serialize};
use tfsdk_core::diag::Diagnostics;
use tfsdk_core::{TfObject, types};
use tfsdk_server::{Context, CreateRequest, Failed, Resource, UpdateRequest};

use crate::Petstore;

/// A pet owner.
#[derive(TfObject, Clone, Debug)]
#[tfsdk(schema(resource))]
pub struct Owner {
    /// The owner's id.
    #[tfsdk(name = "id", computed, stable)]
    pub id: types::String,
    /// The owner's name.
    #[tfsdk(name = "name", required)]
    pub name: String,
    /// Where to write to the owner.
    #[tfsdk(name = "email", optional)]
    pub email: Option<String>,
}

/// What the store keeps of an owner.
#[derive(Serialize, Deserialize)]
struct OwnerObject {
    name: String,
    email: Option<String>,
}

/// The resource that manages owners.
pub struct OwnerResource;

const KIND: &str = "owner";

impl Resource for OwnerResource {
    type Provider = Petstore;
    type Model = Owner;
    const TYPE_NAME: &'static str = "petstore_owner";

    async fn create(
        &self,
        ctx: &Context<Petstore>,
        request: CreateRequest<Owner>,
    ) -> Result<Owner, Failed<Owner>> {
        let store = ctx.provider().store()?;
        let mut owner = request.planned;
        let id = store.new_id(KIND);
        store.put(
            KIND,
            &id,
            &OwnerObject {
                name: owner.name.clone(),
                email: owner.email.clone(),
            },
        )?;
        owner.id = types::String::new(id);
        Ok(owner)
    }

    async fn read(
        &self,
        ctx: &Context<Petstore>,
        state: Owner,
    ) -> Result<Option<Owner>, Diagnostics> {
        let store = ctx.provider().store()?;
        let id = state.id.get().unwrap_or_default().to_owned();
        let Some(object) = store.get::<OwnerObject>(KIND, &id)? else {
            return Ok(None);
        };
        Ok(Some(Owner {
            id: state.id,
            name: object.name,
            email: object.email,
        }))
    }

    async fn update(
        &self,
        ctx: &Context<Petstore>,
        request: UpdateRequest<Owner>,
    ) -> Result<Owner, Failed<Owner>> {
        let store = ctx.provider().store()?;
        let owner = request.planned;
        let id = owner.id.get().unwrap_or_default().to_owned();
        store.put(
            KIND,
            &id,
            &OwnerObject {
                name: owner.name.clone(),
                email: owner.email.clone(),
            },
        )?;
        Ok(owner)
    }

    async fn delete(&self, ctx: &Context<Petstore>, state: Owner) -> Result<(), Diagnostics> {
        let store = ctx.provider().store()?;
        store.remove(KIND, state.id.get().unwrap_or_default())?;
        Ok(())
    }
}
