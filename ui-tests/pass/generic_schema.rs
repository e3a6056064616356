//! A generic struct with the schema role: the `TfSchema` impl carries the field bounds too.
use tfsdk_core::convert::{FromValue, ToValue};
use tfsdk_core::{TfObject, TfSchema, types};

#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema, description = "A tagged value.")]
struct Tagged<T> {
    #[tfsdk(name = "value", required)]
    value: T,
    #[tfsdk(name = "tag", optional)]
    tag: Option<String>,
    #[tfsdk(name = "id", computed)]
    id: types::String,
}

fn main() {
    let schema = Tagged::<i64>::schema();
    assert_eq!(schema.description.as_deref(), Some("A tagged value."));
    assert!(schema.attributes["value"].required);
    let tagged = Tagged {
        value: "x".to_owned(),
        tag: None,
        id: types::String::unknown(),
    };
    let value = tagged.to_value(&Tagged::<String>::schema().object_type()).unwrap();
    assert_eq!(Tagged::<String>::from_value(value).unwrap(), tagged);
}
