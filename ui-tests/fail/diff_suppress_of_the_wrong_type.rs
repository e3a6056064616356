use tfsdk_core::TfObject;

fn compare_numbers(old: &i64, new: &i64) -> bool {
    old == new
}

#[derive(TfObject)]
#[tfsdk(schema)]
struct Instance {
    #[tfsdk(name = "base_image", required, diff_suppress = compare_numbers)]
    base_image: String,
}

fn main() {}
