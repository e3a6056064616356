use tfsdk_core::TfObject;

// `description_kind` takes "plain" or "markdown", on the struct and on a field.
#[derive(TfObject)]
#[tfsdk(schema, description_kind = "html")]
struct Volume {
    /// The name.
    #[tfsdk(name = "name", required, description_kind = "text")]
    name: String,
}

fn main() {}
