//! The typed view and paths the derive writes for a schema struct, nested objects, blocks,
//! lists, maps and a flattened struct included; rules of every kind on fitting types; a
//! `default_fn` that may give nothing.
use std::collections::BTreeMap;

use tfsdk_core::convert::{FromValue, TerraformType, ToValue};
use tfsdk_core::path::AttributePath;
use tfsdk_core::tftypes::{Type, Value};
use tfsdk_core::view::Maybe;
use tfsdk_core::{TfObject, TfSchema, View, types};

fn maybe_region() -> Result<Option<String>, std::env::VarError> {
    Ok(None)
}

fn short(text: &str) -> Result<(), String> {
    if text.len() < 10 { Ok(()) } else { Err("too long".into()) }
}

/// Shared by servers.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema)]
struct Common {
    /// When it was made.
    #[tfsdk(name = "created_at", computed, stable)]
    created_at: types::String,
}

#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema)]
struct Disk {
    #[tfsdk(name = "size", required, range = 1..=100)]
    size: u16,
    #[tfsdk(name = "label", optional, length = ..=8, validate = short)]
    label: Option<String>,
}

/// A server.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(resource))]
struct Server {
    /// The name.
    #[tfsdk(name = "name", required, length = 1..=63, conflicts_with(alias))]
    name: String,
    #[tfsdk(name = "alias", optional)]
    alias: Option<String>,
    #[tfsdk(name = "size", optional, one_of = ["s", "m"], exactly_one_of(cpus))]
    size: Option<String>,
    #[tfsdk(name = "cpus", optional, one_of = [1, 2, 4], at_least_one_of(size))]
    cpus: Option<i64>,
    #[tfsdk(name = "region", optional, default_fn = maybe_region, required_with(name))]
    region: Option<String>,
    #[tfsdk(name = "ports", optional, size = 1..=4, range = 1..=65535)]
    ports: Option<Vec<i64>>,
    #[tfsdk(name = "tags", optional, size = ..=10, length = 1..)]
    tags: Option<BTreeMap<String, String>>,
    #[tfsdk(name = "disk", optional, block)]
    disks: Option<Vec<Disk>>,
    #[tfsdk(name = "boot", optional, nested_attribute)]
    boot: Option<Disk>,
    #[tfsdk(name = "old_size", optional, deprecated = "Use `size` instead.")]
    old_size: Option<String>,
    #[tfsdk(flatten)]
    common: Common,
    #[tfsdk(skip)]
    cache: Option<u8>,
}

fn main() {
    let schema = Server::schema();
    assert_eq!(schema.description.as_deref(), Some("A server."));
    assert_eq!(schema.attributes["name"].description.as_deref(), Some("The name."));
    assert!(schema.attributes["created_at"].stable);
    assert_eq!(schema.attributes["name"].validators.len(), 2);
    assert!(schema.attributes["disk"].served_as_block());
    assert!(!schema.attributes["boot"].served_as_block());
    assert_eq!(schema.attributes["region"].default.unwrap().value(), Ok(None));
    assert!(schema.attributes["old_size"].deprecation.is_some());

    // A configuration with unknown parts reads through the view.
    let mut config = Server::schema()
        .object_type()
        .as_object()
        .unwrap()
        .attributes()
        .iter()
        .map(|(name, ty)| (name.clone(), Value::null(ty.clone())))
        .collect::<BTreeMap<_, _>>();
    config.insert("name".into(), Value::unknown(Type::String));
    config.insert(
        "ports".into(),
        Value::list(Type::Number, [Value::from(80), Value::unknown(Type::Number)]).unwrap(),
    );
    let config = Value::object(Server::terraform_type(), config).unwrap();
    let view: View<Server> = ServerView::from_value(config.clone()).unwrap();
    assert!(view.name.is_unknown());
    assert_eq!(view.ports.elements()[0].get(), Some(80));
    assert!(view.ports.elements()[1].is_unknown());
    assert!(view.boot.is_null());
    assert!(view.common.created_at.is_null());
    assert_eq!(view.to_value(&Server::terraform_type()).unwrap(), config);
    let _: Maybe<DiskView> = Maybe::Null;

    // Typed paths name each attribute.
    let path: AttributePath = Server::paths().disks().at(1).size().into();
    assert_eq!(path.to_string(), "disk[1].size");
    let path: AttributePath = Server::paths().tags().key("env").into();
    assert_eq!(path.to_string(), "tags[\"env\"]");
    let path: AttributePath = Server::paths().common().created_at().into();
    assert_eq!(path.to_string(), "created_at");
    let path: AttributePath = Server::paths().boot().into();
    assert_eq!(path.to_string(), "boot");
}
