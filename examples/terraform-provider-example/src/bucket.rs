//! Resource `example_bucket`: what a ported provider's resources lean on beyond seed 002. Its
//! `name` is planned from `name_prefix` by the resource's plan modification, and replaces the
//! bucket when that changes it (`force_new`, judged on the modified plan: no
//! `require_replace` here); its `keepers` replace it when a value changes, unless every new
//! value is null (`requires_replace_if`, as the random provider's keepers). A create that made
//! the bucket and then failed returns it with the error ([`Failed::with_state`]): Terraform keeps
//! it, tainted, and replaces it next time.

use std::collections::BTreeMap;
use std::time::Duration;

use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::schema::AttributeChange;
use tfsdk_core::{TfObject, types};
use tfsdk_server::{
    Context, CreateRequest, Failed, PlannedChange, Resource, ResourceIdentity, Timeouts,
    UpdateRequest, within,
};

use crate::cloud::BucketRecord;
use crate::provider::ExampleProvider;

/// A storage bucket of the example cloud.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(resource))]
pub struct Bucket {
    /// The bucket's id, assigned by the API.
    #[tfsdk(name = "id", computed, stable)]
    pub id: types::String,
    /// The start of the bucket's name: lower-case letters, digits and dashes, not a reserved
    /// word.
    #[tfsdk(
        name = "name_prefix",
        required,
        length = 1..=40,
        matches = "^[a-z][a-z0-9-]*$",
        none_of = ["admin", "root"]
    )]
    pub name_prefix: String,
    /// The bucket's name: `NAME_PREFIX-bucket` unless set; a new name replaces the bucket.
    #[tfsdk(name = "name", optional, computed, stable, force_new)]
    pub name: types::String,
    /// Values whose change replaces the bucket, unless every new value is null.
    #[tfsdk(name = "keepers", optional, requires_replace_if = keepers_changed)]
    pub keepers: Option<BTreeMap<String, Option<String>>>,
    /// Who may read the bucket: `user:NAME` each, no one twice.
    #[tfsdk(name = "readers", optional, unique, matches = "^user:[a-z]+$")]
    pub readers: Option<Vec<String>>,
    /// The bucket's access policy, a JSON document; the API keeps it compact with its keys
    /// sorted, which means the same (`types::JsonString`'s semantic equality).
    #[tfsdk(name = "policy", optional)]
    pub policy: Option<types::JsonString>,
    /// How long each operation may take.
    #[tfsdk(name = "timeouts", optional, block)]
    pub timeouts: Option<Timeouts>,
}

/// How long a create may take when `timeouts` does not say.
const CREATE_TIMEOUT: Duration = Duration::from_secs(20 * 60);

/// What identifies a bucket for good: its id.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(identity))]
pub struct BucketIdentity {
    /// The bucket's id.
    #[tfsdk(name = "id", required)]
    pub id: String,
}

/// A change of keepers replaces the bucket unless every new value is null.
fn keepers_changed(change: &AttributeChange<types::Map<types::String>>) -> bool {
    change
        .planned
        .elements()
        .values()
        .any(|value| !value.is_null())
}

impl Bucket {
    fn record(&self) -> BucketRecord {
        BucketRecord {
            id: self.id.get().unwrap_or_default().to_owned(),
            name: self.name.get().unwrap_or_default().to_owned(),
            name_prefix: self.name_prefix.clone(),
            keepers: self.keepers.clone(),
            readers: self.readers.clone(),
            policy: self
                .policy
                .as_ref()
                .and_then(|policy| policy.get())
                .map(str::to_owned),
        }
    }

    fn from_record(record: BucketRecord, timeouts: Option<Timeouts>) -> Bucket {
        Bucket {
            id: types::String::new(record.id),
            name_prefix: record.name_prefix,
            name: types::String::new(record.name),
            keepers: record.keepers,
            readers: record.readers,
            policy: record.policy.map(types::JsonString::new),
            timeouts,
        }
    }
}

fn api_error(action: &str, error: &std::io::Error) -> Diagnostics {
    Diagnostic::error(
        format!("Cannot {action} bucket"),
        format!("The example cloud answered: {error}"),
    )
    .into()
}

/// The `example_bucket` resource type.
pub struct BucketResource;

impl Resource for BucketResource {
    type Provider = ExampleProvider;
    type Model = Bucket;
    const TYPE_NAME: &'static str = "example_bucket";

    /// The name is known at plan time: `NAME_PREFIX-bucket` unless configured.
    async fn modify_plan(
        &self,
        _ctx: &Context<ExampleProvider>,
        plan: &mut PlannedChange<Bucket>,
    ) -> Result<(), Diagnostics> {
        let (config, _prior, planned) = plan.views_mut()?;
        if config.name.is_null()
            && let Some(prefix) = planned.name_prefix.get()
        {
            planned.name = types::String::new(format!("{prefix}-bucket"));
        }
        Ok(())
    }

    async fn create(
        &self,
        ctx: &Context<ExampleProvider>,
        request: CreateRequest<Bucket>,
    ) -> Result<Bucket, Failed<Bucket>> {
        let cloud = &ctx.provider().configured()?.cloud;
        let timeouts = request.planned.timeouts.clone();
        let deadline = timeouts
            .clone()
            .unwrap_or_default()
            .create(CREATE_TIMEOUT)?;
        let record = within(
            deadline,
            "create",
            cloud.create_bucket_slowly(request.planned.record()),
        )
        .await?
        .map_err(|error| api_error("create", &error))?;
        // The bucket exists from here on: a failure keeps it in the state (tainted), so that
        // the next apply replaces it instead of making a second one.
        if let Err(error) = cloud.wait_until_ready(&record) {
            return Err(Failed::with_state(
                Bucket::from_record(record, timeouts),
                api_error("create", &error),
            ));
        }
        Ok(Bucket::from_record(record, timeouts))
    }

    async fn read(
        &self,
        ctx: &Context<ExampleProvider>,
        state: Bucket,
    ) -> Result<Option<Bucket>, Diagnostics> {
        let cloud = &ctx.provider().configured()?.cloud;
        let record = cloud
            .bucket(state.id.get().unwrap_or_default())
            .map_err(|error| api_error("read", &error))?;
        Ok(record.map(|record| Bucket::from_record(record, state.timeouts.clone())))
    }

    async fn update(
        &self,
        ctx: &Context<ExampleProvider>,
        request: UpdateRequest<Bucket>,
    ) -> Result<Bucket, Failed<Bucket>> {
        let cloud = &ctx.provider().configured()?.cloud;
        let mut record = request.planned.record();
        record.id = request.prior.id.get().unwrap_or_default().to_owned();
        cloud
            .update_bucket(&mut record)
            .map_err(|error| api_error("update", &error))?;
        Ok(Bucket::from_record(record, request.planned.timeouts))
    }

    async fn delete(
        &self,
        ctx: &Context<ExampleProvider>,
        state: Bucket,
    ) -> Result<(), Diagnostics> {
        let cloud = &ctx.provider().configured()?.cloud;
        cloud
            .delete_bucket(state.id.get().unwrap_or_default())
            .map_err(|error| api_error("delete", &error))
    }
}

/// A bucket's identity never changes: a read that finds another id is refused.
impl ResourceIdentity for BucketResource {
    type Identity = BucketIdentity;

    fn identity(
        &self,
        _ctx: &Context<ExampleProvider>,
        bucket: &Bucket,
    ) -> Result<BucketIdentity, Diagnostics> {
        Ok(BucketIdentity {
            id: bucket.id.get().unwrap_or_default().to_owned(),
        })
    }
}
