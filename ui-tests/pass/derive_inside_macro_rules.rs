// A model declared by the author's own `macro_rules!` macro, rules and defaults included: the
// derive's output resolves its names where the derive is called, whatever hygiene the
// field tokens carry.
use tfsdk_core::TfObject;

fn not_blank(text: &str) -> Result<(), String> {
    if text.trim().is_empty() { Err("must not be blank".into()) } else { Ok(()) }
}

macro_rules! model {
    ($name:ident) => {
        #[derive(TfObject, Clone, Debug, PartialEq)]
        #[tfsdk(schema(resource))]
        pub struct $name {
            #[tfsdk(name = "name", required, length = 1..=64, validate = not_blank)]
            pub name: String,
            #[tfsdk(name = "size", optional, default = 10i64)]
            pub size: Option<i64>,
            #[tfsdk(name = "tags", optional)]
            pub tags: Option<Vec<String>>,
        }
    };
}

model!(Volume);

tfsdk_server::timeouts! {
    /// Every operation of Go's `timeouts.Opts`, in another order.
    pub struct AllTimeouts { delete, update, read, create, open }
}

fn main() {
    let schema = <Volume as tfsdk_core::TfSchema>::schema();
    assert!(schema.attributes.contains_key("size"));
    let all = AllTimeouts::default();
    assert!(all.open(std::time::Duration::from_secs(1)).is_ok());
}
