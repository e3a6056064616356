//! Every schema option of seed 002 on a `#[tfsdk(schema)]` struct, with a nested schema struct.
use tfsdk_core::schema::NestingMode;
use tfsdk_core::tftypes::Value;
use tfsdk_core::{TfObject, TfSchema, types};

fn region_from_env() -> Result<String, std::env::VarError> {
    Ok(std::env::var("PASS_CASE_REGION").unwrap_or_else(|_| "us-west".to_owned()))
}

fn same_ignoring_case(old: &str, new: &str) -> bool {
    old.eq_ignore_ascii_case(new)
}

#[derive(TfObject)]
#[tfsdk(schema)]
struct Disk {
    #[tfsdk(name = "size", required)]
    size: i64,
    #[tfsdk(name = "kind", optional, default = "ssd")]
    kind: Option<String>,
}

#[derive(TfObject)]
#[tfsdk(schema, description = "A volume.")]
struct Volume {
    #[tfsdk(name = "name", required, description = "The name.")]
    name: String,
    #[tfsdk(name = "encrypted", optional, default = false)]
    encrypted: Option<bool>,
    #[tfsdk(name = "uuid", computed)]
    uuid: types::String,
    #[tfsdk(name = "base_image", required, force_new, diff_suppress = same_ignoring_case)]
    base_image: String,
    #[tfsdk(name = "region", optional, default_fn = region_from_env)]
    region: Option<String>,
    #[tfsdk(name = "api_key", optional, sensitive)]
    api_key: Option<String>,
    #[tfsdk(name = "disks", optional)]
    disks: Option<Vec<Disk>>,
}

fn main() {
    let schema = Volume::schema();
    assert_eq!(schema.description.as_deref(), Some("A volume."));
    let name = &schema.attributes["name"];
    assert!(name.required && !name.optional);
    assert_eq!(name.description.as_deref(), Some("The name."));
    assert_eq!(schema.attributes["encrypted"].default.unwrap().value(), Ok(Some(Value::from(false))));
    assert_eq!(schema.attributes["region"].default.unwrap().value(), Ok(Some(Value::from("us-west"))));
    assert!(schema.attributes["uuid"].computed);
    assert!(schema.attributes["api_key"].sensitive);
    let base_image = &schema.attributes["base_image"];
    assert!(base_image.force_new);
    let suppress = base_image.diff_suppress.unwrap();
    assert_eq!(suppress.suppresses(&Value::from("ubuntu"), &Value::from("UBUNTU")), Ok(true));
    let disks = schema.attributes["disks"].nested.as_ref().unwrap();
    assert_eq!(disks.nesting, NestingMode::List);
    assert!(disks.attributes["size"].required);
}
