//! `#[tfsdk(flatten)]` inlines a struct's attributes (Go's embedded structs); skipped fields
//! take their default.
use tfsdk_core::TfObject;
use tfsdk_core::convert::{FromValue, TerraformType, ToValue};
use tfsdk_core::tftypes::{Type, Value};

#[derive(TfObject, Debug, PartialEq, Default)]
struct Common {
    #[tfsdk(name = "id")]
    id: String,
    #[tfsdk(name = "tags")]
    tags: Vec<String>,
}

#[derive(TfObject, Debug, PartialEq)]
struct Volume {
    #[tfsdk(name = "size")]
    size: i64,
    #[tfsdk(flatten)]
    common: Common,
    #[tfsdk(skip)]
    cached_handle: Option<u64>,
}

#[derive(TfObject, Debug, PartialEq)]
struct Generic<T> {
    #[tfsdk(flatten)]
    inner: T,
    #[tfsdk(name = "extra")]
    extra: bool,
}

fn main() {
    assert_eq!(
        Volume::terraform_type(),
        Type::object([("id", Type::String), ("size", Type::Number), ("tags", Type::list(Type::String))])
    );
    let value = Value::object_of([
        ("id", Value::from("vol-1")),
        ("size", Value::from(8)),
        ("tags", Value::list(Type::String, [Value::from("a")]).unwrap()),
    ]);
    let volume = Volume::from_value(value.clone()).unwrap();
    assert_eq!(volume.cached_handle, None);
    assert_eq!(volume.common.id, "vol-1");
    assert_eq!(volume.to_value(&Volume::terraform_type()).unwrap(), value);

    let generic = Generic { inner: Common::default(), extra: true };
    let value = generic.to_value(&Generic::<Common>::terraform_type()).unwrap();
    assert_eq!(Generic::<Common>::from_value(value).unwrap(), generic);
}
