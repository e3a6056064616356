//! A resource as a [`ResourceHandler`]: values decoded into its model, its calls made,
//! models written back as states with their identities.

use std::sync::Arc;

use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::path::AttributePath;
use tfsdk_core::schema::Plan;
use tfsdk_core::tftypes::{Type, Value};

use crate::call::BoxFuture;
use crate::lazy_schema::LazySchema;
use crate::resource::{CreateRequest, MovedState, UpdateRequest};
use crate::wire::dynamic_value::Undecoded;
use crate::{ClientCapabilities, Config, Context, PlannedChange, RawState, Resource};

use super::handler::{Applied, IdentitySchema, ImportBy, ResourceHandler, Stored};
use super::identity::IdentityOps;
use super::typed::{Typed, model, validate_config};

/// A resource with its schema and, when it has one, its identity.
pub(crate) struct TypedResource<R: Resource> {
    pub(super) typed: Typed<R>,
    pub(super) identity: Option<Box<dyn IdentityOps<R>>>,
    /// [`Resource::schema_version`], read once at registration.
    pub(super) version: i64,
}

impl<R: Resource> std::ops::Deref for TypedResource<R> {
    type Target = Typed<R>;

    fn deref(&self) -> &Typed<R> {
        &self.typed
    }
}

impl<R: Resource> TypedResource<R> {
    /// Go's `ImportStatePassthroughID`: a state of `attribute` set to the ID and every other
    /// attribute null, for the read Terraform runs next to fill in. That read takes the
    /// model, so the model must hold such a state: checked here, the field at fault named.
    fn passthrough(&self, attribute: &str, id: String) -> Result<Stored, Diagnostics> {
        let partial = passthrough_state(self.lazy.ty(), R::TYPE_NAME, attribute, &id)?;
        let model = model::<R::Model>(partial).map_err(explain_passthrough)?;
        Ok(Stored {
            state: self.state(&model)?,
            identity: None,
        })
    }
}

/// The state of an import by passthrough: `attribute` (which must be a string attribute of
/// the resource's object type `ty`) set to the ID, every other attribute null. Not generic:
/// one copy for every resource type.
fn passthrough_state(
    ty: &Type,
    type_name: &str,
    attribute: &str,
    id: &str,
) -> Result<Value, Diagnostics> {
    let attributes = ty.as_object().map(|object| object.attributes());
    if attributes.and_then(|a| a.get(attribute)) != Some(&Type::String) {
        return Err(Diagnostic::error(
            "Invalid Import Passthrough",
            format!(
                "{type_name} imports by passing the ID to the attribute {attribute:?}, which is \
                 not a string attribute of its schema. This is a bug in the provider."
            ),
        )
        .into());
    }
    // In the type's attribute order, as `object_in_order` takes them.
    let values = (attributes.into_iter().flatten())
        .map(|(name, attribute_ty)| match name.as_str() == attribute {
            true => Value::string(id),
            false => Value::null(attribute_ty.clone()),
        })
        .collect();
    Value::object_in_order(ty.clone(), values)
        .map_err(|error| Diagnostic::error("Invalid Import Passthrough", error.to_string()).into())
}

/// Why a model refused the state of an import by passthrough, added to each error.
fn explain_passthrough(found: Diagnostics) -> Diagnostics {
    found
        .into_iter()
        .map(|mut diagnostic| {
            diagnostic.detail.push_str(
                "\n\nAn import by passthrough stores the ID alone, every other attribute \
                 null, for the read that follows: each field of the model must hold null \
                 (an Option or a framework type), or the resource implements `import`.",
            );
            diagnostic
        })
        .collect()
}

impl<R: Resource> ResourceHandler<R::Provider> for TypedResource<R> {
    fn lazy(&self) -> &LazySchema {
        &self.lazy
    }

    fn schema_version(&self) -> i64 {
        self.version
    }

    fn identity_schema(&self) -> Option<IdentitySchema<'_>> {
        self.identity.as_ref().map(|identity| IdentitySchema {
            schema: identity.lazy().schema(),
            ty: identity.lazy().ty(),
            version: identity.version(),
            mutable: identity.mutable(),
        })
    }

    fn validate(&self, config: Value, write_only_allowed: bool) -> Diagnostics {
        let mut found = Diagnostics::new();
        if !write_only_allowed {
            found.append(self.lazy.schema().write_only_values(&config));
        }
        let client = ClientCapabilities::new(write_only_allowed);
        found.append(validate_config::<R::Model>(
            self.lazy.schema(),
            &config,
            |view, found| self.inner.validate_config_for(&client, view, found),
        ));
        found
    }

    fn create(
        self: Arc<Self>,
        ctx: Context<R::Provider>,
        planned: Value,
        config: Undecoded,
    ) -> BoxFuture<Result<Applied, Diagnostics>> {
        Box::pin(async move {
            let request = CreateRequest {
                planned: model::<R::Model>(planned)?,
                config: Config::encoded(config, self.lazy.ty().clone()),
            };
            let created = self.inner.create(&ctx, request).await;
            self.applied(&ctx, created)
        })
    }

    fn read(
        self: Arc<Self>,
        ctx: Context<R::Provider>,
        state: Value,
        held: Option<Value>,
    ) -> BoxFuture<Result<Option<Stored>, Diagnostics>> {
        Box::pin(async move {
            let state = model::<R::Model>(state)?;
            let Some(read) = self.inner.read(&ctx, state).await? else {
                return Ok(None);
            };
            let identity = match &self.identity {
                Some(ops) => Some(ops.read_identity(&self.inner, &ctx, held, &read)?),
                None => None,
            };
            Ok(Some(Stored {
                state: self.state(&read)?,
                identity,
            }))
        })
    }

    fn update(
        self: Arc<Self>,
        ctx: Context<R::Provider>,
        prior: Value,
        planned: Value,
        config: Undecoded,
    ) -> BoxFuture<Result<Applied, Diagnostics>> {
        Box::pin(async move {
            let request = UpdateRequest {
                prior: model::<R::Model>(prior)?,
                planned: model::<R::Model>(planned)?,
                config: Config::encoded(config, self.lazy.ty().clone()),
            };
            let updated = self.inner.update(&ctx, request).await;
            self.applied(&ctx, updated)
        })
    }

    fn delete(
        self: Arc<Self>,
        ctx: Context<R::Provider>,
        state: Value,
    ) -> BoxFuture<Result<(), Diagnostics>> {
        Box::pin(async move {
            let state = model::<R::Model>(state)?;
            self.inner.delete(&ctx, state).await
        })
    }

    fn import(
        self: Arc<Self>,
        ctx: Context<R::Provider>,
        by: ImportBy,
    ) -> BoxFuture<Result<Stored, Diagnostics>> {
        Box::pin(async move {
            let state = match (by, &self.identity) {
                (ImportBy::Id(id), _) => match R::IMPORT_PASSTHROUGH {
                    Some(attribute) => return self.passthrough(attribute, id),
                    None => self.inner.import(&ctx, id).await?,
                },
                (ImportBy::Identity(identity), Some(ops)) => {
                    ops.import(&self.inner, &ctx, identity).await?
                }
                (ImportBy::Identity(_), None) => {
                    return Err(Diagnostic::error(
                        "Import By Identity Not Supported",
                        format!(
                            "The resource type {} has no identity: import it by ID.",
                            R::TYPE_NAME
                        ),
                    )
                    .into());
                }
            };
            self.store(&ctx, &state)
        })
    }

    fn upgrade(
        self: Arc<Self>,
        ctx: Context<R::Provider>,
        version: i64,
        raw: RawState,
    ) -> BoxFuture<Result<Value, Diagnostics>> {
        Box::pin(async move {
            let state = self.inner.upgrade_state(&ctx, version, raw).await?;
            self.state(&state)
        })
    }

    fn upgrade_identity(
        self: Arc<Self>,
        ctx: Context<R::Provider>,
        version: i64,
        raw: RawState,
    ) -> BoxFuture<Result<Value, Diagnostics>> {
        Box::pin(async move {
            match &self.identity {
                Some(identity) => identity.upgrade(&self.inner, &ctx, version, raw).await,
                None => Err(Diagnostic::error(
                    "Unable to Upgrade Resource Identity",
                    format!("The resource type {} has no identity.", R::TYPE_NAME),
                )
                .into()),
            }
        })
    }

    fn move_state(
        self: Arc<Self>,
        ctx: Context<R::Provider>,
        source: MovedState,
    ) -> BoxFuture<Result<Option<Stored>, Diagnostics>> {
        Box::pin(async move {
            let kept = source.clone();
            let Some(moved) = self.inner.move_state(&ctx, source).await? else {
                return Ok(None);
            };
            let identity = match &self.identity {
                Some(ops) => Some(ops.moved_identity(&self.inner, &ctx, &kept, &moved)?),
                None => None,
            };
            Ok(Some(Stored {
                state: self.state(&moved)?,
                identity,
            }))
        })
    }

    fn stored(&self, ctx: &Context<R::Provider>, state: Value) -> Result<Stored, Diagnostics> {
        let state = model::<R::Model>(state)?;
        self.store(ctx, &state)
    }

    fn modify_plan(
        self: Arc<Self>,
        ctx: Context<R::Provider>,
        prior: Option<Value>,
        config: Value,
        plan: Plan,
    ) -> BoxFuture<Result<(Value, Vec<AttributePath>), Diagnostics>> {
        Box::pin(async move {
            let mut change = PlannedChange::<R::Model>::new(
                prior,
                config,
                plan.planned_state,
                plan.requires_replace,
            );
            self.inner.modify_plan(&ctx, &mut change).await?;
            change.into_parts(self.lazy.schema())
        })
    }

    fn plan_destroy(
        self: Arc<Self>,
        ctx: Context<R::Provider>,
        prior: Value,
    ) -> BoxFuture<Result<(), Diagnostics>> {
        Box::pin(async move {
            let state = model::<R::Model>(prior)?;
            self.inner.plan_destroy(&ctx, &state).await
        })
    }
}
