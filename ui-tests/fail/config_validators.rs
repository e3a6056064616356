use tfsdk_core::TfObject;

/// A name that is no field, and a rule with one name: both reported at once.
#[derive(TfObject)]
#[tfsdk(schema(resource), exactly_one_of(key, key_path), conflicting(key))]
struct Certificate {
    #[tfsdk(name = "key", optional)]
    key: Option<String>,
    #[tfsdk(name = "key_file", optional)]
    key_file: Option<String>,
}

/// Not a schema: there is no block configuration to check.
#[derive(TfObject)]
#[tfsdk(required_together(a, b))]
struct Pair {
    #[tfsdk(name = "a")]
    a: Option<String>,
    #[tfsdk(name = "b")]
    b: Option<String>,
}

fn main() {}
