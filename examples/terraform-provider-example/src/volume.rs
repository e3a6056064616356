//! Resource `example_volume`: seed 002's volume, `encrypted` unless configured otherwise.

use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::{TfObject, types};
use tfsdk_server::{Context, CreateRequest, Failed, Resource, ResourceIdentity, UpdateRequest};

use crate::cloud::VolumeRecord;
use crate::provider::ExampleProvider;

/// A block volume of the example cloud.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(resource))]
pub struct Volume {
    /// The volume's id, assigned by the API.
    #[tfsdk(name = "id", computed, stable)]
    pub id: types::String,
    /// The volume's name.
    #[tfsdk(name = "name", required, length = 1..=63)]
    pub name: String,
    /// Whether the volume is encrypted; `false` when unset.
    #[tfsdk(name = "encrypted", optional, default = false)]
    pub encrypted: Option<bool>,
    /// The size of an empty volume, in GB; or give `snapshot_id`.
    #[tfsdk(
        name = "size_gb",
        optional,
        force_new,
        range = 1..=16384,
        exactly_one_of(snapshot_id)
    )]
    pub size_gb: Option<i64>,
    /// The snapshot a volume starts from.
    #[tfsdk(name = "snapshot_id", optional, force_new)]
    pub snapshot_id: Option<String>,
    /// The zone to place the volume in; or give `placement_group`.
    #[tfsdk(name = "zone", optional, at_least_one_of(placement_group))]
    pub zone: Option<String>,
    /// A placement group to place the volume in.
    #[tfsdk(name = "placement_group", optional)]
    pub placement_group: Option<String>,
}

impl Volume {
    fn record(&self) -> VolumeRecord {
        VolumeRecord {
            id: self.id.get().unwrap_or_default().to_owned(),
            name: self.name.clone(),
            encrypted: self.encrypted.unwrap_or(false),
            size_gb: self.size_gb,
            snapshot_id: self.snapshot_id.clone(),
            zone: self.zone.clone(),
            placement_group: self.placement_group.clone(),
        }
    }

    fn from_record(record: VolumeRecord) -> Volume {
        Volume {
            id: types::String::new(record.id),
            name: record.name,
            encrypted: Some(record.encrypted),
            size_gb: record.size_gb,
            snapshot_id: record.snapshot_id,
            zone: record.zone,
            placement_group: record.placement_group,
        }
    }
}

fn api_error(action: &str, error: &std::io::Error) -> Diagnostics {
    Diagnostic::error(
        format!("Cannot {action} volume"),
        format!("The example cloud answered: {error}"),
    )
    .into()
}

/// The `example_volume` resource type.
pub struct VolumeResource;

impl Resource for VolumeResource {
    type Provider = ExampleProvider;
    type Model = Volume;
    const TYPE_NAME: &'static str = "example_volume";

    async fn create(
        &self,
        ctx: &Context<ExampleProvider>,
        request: CreateRequest<Volume>,
    ) -> Result<Volume, Failed<Volume>> {
        let cloud = &ctx.provider().configured()?.cloud;
        let record = cloud
            .create_volume(request.planned.record())
            .map_err(|error| api_error("create", &error))?;
        Ok(Volume::from_record(record))
    }

    async fn read(
        &self,
        ctx: &Context<ExampleProvider>,
        state: Volume,
    ) -> Result<Option<Volume>, Diagnostics> {
        let cloud = &ctx.provider().configured()?.cloud;
        let record = cloud
            .volume(state.id.get().unwrap_or_default())
            .map_err(|error| api_error("read", &error))?;
        Ok(record.map(Volume::from_record))
    }

    async fn update(
        &self,
        ctx: &Context<ExampleProvider>,
        request: UpdateRequest<Volume>,
    ) -> Result<Volume, Failed<Volume>> {
        let cloud = &ctx.provider().configured()?.cloud;
        let mut record = request.planned.record();
        record.id = request.prior.id.get().unwrap_or_default().to_owned();
        cloud
            .update_volume(&record)
            .map_err(|error| api_error("update", &error))?;
        Ok(Volume::from_record(record))
    }

    async fn delete(
        &self,
        ctx: &Context<ExampleProvider>,
        state: Volume,
    ) -> Result<(), Diagnostics> {
        let cloud = &ctx.provider().configured()?.cloud;
        cloud
            .delete_volume(state.id.get().unwrap_or_default())
            .map_err(|error| api_error("delete", &error))
    }
}

/// What identifies a volume: its id, which the API may change (a volume moved to another
/// pool gets a new one), so the identity is declared mutable.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(identity))]
pub struct VolumeIdentity {
    /// The volume's id.
    #[tfsdk(name = "id", required)]
    pub id: String,
}

impl ResourceIdentity for VolumeResource {
    type Identity = VolumeIdentity;
    const MUTABLE_IDENTITY: bool = true;

    fn identity(
        &self,
        _ctx: &Context<ExampleProvider>,
        volume: &Volume,
    ) -> Result<VolumeIdentity, Diagnostics> {
        Ok(VolumeIdentity {
            id: volume.id.get().unwrap_or_default().to_owned(),
        })
    }
}
