use tfsdk_core::TfObject;

#[derive(TfObject)]
#[tfsdk(schema)]
struct Wheel {
    #[tfsdk(name = "position", required)]
    position: String,
}

// `min_items` and `max_items` limit a list or set of blocks, and must leave a number that fits.
#[derive(TfObject)]
#[tfsdk(schema)]
struct Car {
    #[tfsdk(name = "wheel", optional, max_items = 4)]
    wheels: Vec<Wheel>,
    #[tfsdk(name = "spare", optional, block, min_items = 3, max_items = 2)]
    spares: Vec<Wheel>,
}

// A single block has no number of blocks to limit.
#[derive(TfObject)]
#[tfsdk(schema)]
struct Trailer {
    #[tfsdk(name = "hitch", optional, block, max_items = 1)]
    hitch: Option<Wheel>,
}

fn main() {}
