//! A computed nested attribute (the API fills it): `types::List<M>`, `types::Set<M>` or
//! `types::Map<M>` for a collection of objects, `view::Maybe<M>` with `nested_attribute` for
//! one object. Each holds unknown, as a computed attribute must in plans.

use tfsdk_core::schema::NestingMode;
use tfsdk_core::view::Maybe;
use tfsdk_core::{TfObject, TfSchema, types};

#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema)]
struct Endpoint {
    #[tfsdk(name = "host", computed)]
    host: types::String,
}

#[derive(TfObject)]
#[tfsdk(schema(resource))]
struct Cluster {
    #[tfsdk(name = "endpoints", computed)]
    endpoints: types::List<Endpoint>,
    #[tfsdk(name = "by_zone", computed)]
    by_zone: types::Map<Endpoint>,
    #[tfsdk(name = "replicas", computed)]
    replicas: types::Set<Endpoint>,
    #[tfsdk(name = "primary", computed, nested_attribute)]
    primary: Maybe<Endpoint>,
}

fn main() {
    let schema = Cluster::schema();
    let nesting = |name: &str| {
        let attribute = &schema.attributes[name];
        assert!(attribute.computed && !attribute.served_as_block(), "{name}");
        attribute.nested.as_ref().map(|nested| nested.nesting)
    };
    assert_eq!(nesting("endpoints"), Some(NestingMode::List));
    assert_eq!(nesting("by_zone"), Some(NestingMode::Map));
    assert_eq!(nesting("replicas"), Some(NestingMode::Set));
    assert_eq!(nesting("primary"), Some(NestingMode::Single));
}
