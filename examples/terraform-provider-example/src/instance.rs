//! Resource `example_instance`: seed 002's instance, whose `base_image` the API keeps in lower
//! case (a change of case alone is no change) and whose change replaces the instance; the API
//! bumps its `revision` on every update.

use std::collections::BTreeMap;

use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::{TfObject, types};
use tfsdk_server::{Context, CreateRequest, Failed, Resource, UpdateRequest};

use crate::cloud::{DiskRecord, InstanceRecord};
use crate::provider::ExampleProvider;

/// A virtual machine of the example cloud.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(resource))]
pub struct Instance {
    /// The instance's id, assigned by the API.
    #[tfsdk(name = "id", computed, stable)]
    pub id: types::String,
    /// The instance's name.
    #[tfsdk(name = "name", required, length = 1..=63)]
    pub name: String,
    /// The image to boot. The API accepts any capitalisation and keeps the name in lower case,
    /// so a change of case alone is no change; any other change replaces the instance.
    #[tfsdk(
        name = "base_image",
        required,
        force_new,
        diff_suppress = same_image,
        validate = image_name
    )]
    pub base_image: String,
    /// The machine's size: `small`, `medium` or `large`.
    #[tfsdk(
        name = "instance_type",
        optional,
        default = "small",
        one_of = ["small", "medium", "large"]
    )]
    pub instance_type: Option<String>,
    /// Virtual CPUs, 1 to 64; the size's own when unset.
    #[tfsdk(name = "cpus", optional, range = 1..=64)]
    pub cpus: Option<i64>,
    /// A public key for the default user; not together with `password`.
    #[tfsdk(name = "ssh_key", optional, conflicts_with(password))]
    pub ssh_key: Option<String>,
    /// A password for the default user.
    #[tfsdk(name = "password", optional, sensitive)]
    pub password: Option<String>,
    /// The subnet to attach to.
    #[tfsdk(name = "subnet_id", optional)]
    pub subnet_id: Option<String>,
    /// A fixed private address in the subnet; needs `subnet_id`.
    #[tfsdk(name = "private_ip", optional, required_with(subnet_id))]
    pub private_ip: Option<String>,
    /// Up to ten tags.
    #[tfsdk(name = "tags", optional, size = ..=10)]
    pub tags: Option<BTreeMap<String, String>>,
    /// Disks attached to the instance, one `disk` block each, at most four.
    #[tfsdk(name = "disk", optional, block, size = ..=4)]
    pub disks: Option<Vec<Disk>>,
    /// The API bumps it on every change: unknown in the plan of each update.
    #[tfsdk(name = "revision", computed)]
    pub revision: types::Int64,
    /// When the instance was created (RFC 3339).
    #[tfsdk(name = "created_at", computed, stable)]
    pub created_at: types::String,
    /// The machine's size, by its old name.
    #[tfsdk(name = "flavor", optional, deprecated = "Use `instance_type` instead.")]
    pub flavor: Option<String>,
}

/// A disk attached to an instance.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema)]
pub struct Disk {
    /// The disk's size in GB.
    #[tfsdk(name = "size_gb", required, range = 1..=16384)]
    pub size_gb: i64,
    /// A label the guest sees.
    #[tfsdk(name = "label", optional)]
    pub label: Option<String>,
}

/// Seed 002's `DiffSuppressFunc`: image names equal in lower case are the same image.
fn same_image(old: &str, new: &str) -> bool {
    old.to_lowercase() == new.to_lowercase()
}

/// Image names are letters, digits, `.`, `_` and `-`.
fn image_name(name: &str) -> Result<(), String> {
    let valid = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
    if valid {
        Ok(())
    } else {
        Err(format!(
            "{name:?} is not an image name: use letters, digits, '.', '_' and '-', as in \
             \"ubuntu_17.10\"."
        ))
    }
}

impl Instance {
    /// The record the API is asked for (the API fills in what it assigns).
    fn record(&self) -> InstanceRecord {
        InstanceRecord {
            id: self.id.get().unwrap_or_default().to_owned(),
            name: self.name.clone(),
            base_image: self.base_image.clone(),
            instance_type: self.instance_type.clone().unwrap_or_else(|| "small".into()),
            cpus: self.cpus,
            ssh_key: self.ssh_key.clone(),
            password: self.password.clone(),
            subnet_id: self.subnet_id.clone(),
            private_ip: self.private_ip.clone(),
            tags: self.tags.clone(),
            disks: self
                .disks
                .iter()
                .flatten()
                .map(|disk| DiskRecord {
                    size_gb: disk.size_gb,
                    label: disk.label.clone(),
                })
                .collect(),
            flavor: self.flavor.clone(),
            revision: 0,
            created_at: String::new(),
        }
    }

    /// The state after the API acted: what it assigned, and the configuration's own spelling
    /// of the image (Terraform requires a configured value to come back as planned).
    fn applied(mut self, record: InstanceRecord) -> Instance {
        self.id = types::String::new(record.id);
        self.revision = types::Int64::new(record.revision);
        self.created_at = types::String::new(record.created_at);
        self
    }

    /// The state as the API reports it (a refresh): the image in lower case.
    fn from_record(record: InstanceRecord) -> Instance {
        Instance {
            id: types::String::new(record.id),
            name: record.name,
            base_image: record.base_image,
            instance_type: Some(record.instance_type),
            cpus: record.cpus,
            ssh_key: record.ssh_key,
            password: record.password,
            subnet_id: record.subnet_id,
            private_ip: record.private_ip,
            tags: record.tags,
            disks: Some(
                record
                    .disks
                    .into_iter()
                    .map(|disk| Disk {
                        size_gb: disk.size_gb,
                        label: disk.label,
                    })
                    .collect(),
            ),
            flavor: record.flavor,
            revision: types::Int64::new(record.revision),
            created_at: types::String::new(record.created_at),
        }
    }
}

fn api_error(action: &str, error: &std::io::Error) -> Diagnostics {
    Diagnostic::error(
        format!("Cannot {action} instance"),
        format!("The example cloud answered: {error}"),
    )
    .into()
}

/// The `example_instance` resource type.
pub struct InstanceResource;

impl Resource for InstanceResource {
    type Provider = ExampleProvider;
    type Model = Instance;
    const TYPE_NAME: &'static str = "example_instance";

    async fn create(
        &self,
        ctx: &Context<ExampleProvider>,
        request: CreateRequest<Instance>,
    ) -> Result<Instance, Failed<Instance>> {
        let cloud = &ctx.provider().configured()?.cloud;
        let record = cloud
            .create_instance(request.planned.record())
            .map_err(|error| api_error("create", &error))?;
        Ok(request.planned.applied(record))
    }

    async fn read(
        &self,
        ctx: &Context<ExampleProvider>,
        state: Instance,
    ) -> Result<Option<Instance>, Diagnostics> {
        let cloud = &ctx.provider().configured()?.cloud;
        let id = state.id.get().unwrap_or_default();
        let record = cloud
            .instance(id)
            .map_err(|error| api_error("read", &error))?;
        Ok(record.map(Instance::from_record))
    }

    async fn update(
        &self,
        ctx: &Context<ExampleProvider>,
        request: UpdateRequest<Instance>,
    ) -> Result<Instance, Failed<Instance>> {
        let cloud = &ctx.provider().configured()?.cloud;
        let mut record = request.planned.record();
        record.id = request.prior.id.get().unwrap_or_default().to_owned();
        let record = cloud
            .update_instance(record)
            .map_err(|error| api_error("update", &error))?;
        Ok(request.planned.applied(record))
    }

    async fn delete(
        &self,
        ctx: &Context<ExampleProvider>,
        state: Instance,
    ) -> Result<(), Diagnostics> {
        let cloud = &ctx.provider().configured()?.cloud;
        cloud
            .delete_instance(state.id.get().unwrap_or_default())
            .map_err(|error| api_error("delete", &error))
    }

    async fn import(
        &self,
        ctx: &Context<ExampleProvider>,
        id: String,
    ) -> Result<Instance, Diagnostics> {
        let cloud = &ctx.provider().configured()?.cloud;
        match cloud
            .instance(&id)
            .map_err(|error| api_error("read", &error))?
        {
            Some(record) => Ok(Instance::from_record(record)),
            None => Err(Diagnostic::error(
                "Cannot import instance",
                format!("The example cloud has no instance {id}."),
            )
            .into()),
        }
    }
}
