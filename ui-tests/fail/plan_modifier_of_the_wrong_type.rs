use tfsdk_core::schema::AttributeChange;
use tfsdk_core::{TfObject, types};

// Typed on the field's view type: a `String` field's is `types::String`, which holds unknown.
fn lower_case(change: &mut AttributeChange<String>) {
    let _ = change;
}

fn always(change: &mut AttributeChange<types::String>) -> bool {
    let _ = change;
    true
}

#[derive(TfObject)]
#[tfsdk(schema(resource))]
struct Bucket {
    #[tfsdk(name = "name", required, plan_modifier = lower_case)]
    name: String,
    #[tfsdk(name = "region", optional, requires_replace_if = always)]
    region: Option<String>,
}

fn main() {}
