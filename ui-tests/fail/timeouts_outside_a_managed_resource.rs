use tfsdk_core::TfObject;
use tfsdk_server::Timeouts;

#[derive(TfObject)]
#[tfsdk(schema(data_source))]
struct Lookup {
    #[tfsdk(name = "name", required)]
    name: String,
    // A data source is read, never created, updated or deleted.
    #[tfsdk(name = "timeouts", optional, block)]
    timeouts: Option<Timeouts>,
}

fn main() {}
