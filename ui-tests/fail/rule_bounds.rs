use tfsdk_core::TfObject;

#[derive(TfObject)]
#[tfsdk(schema)]
struct Server {
    #[tfsdk(name = "a", optional, length = 1..64)]
    a: Option<String>,
    #[tfsdk(name = "b", optional, length = ..)]
    b: Option<String>,
    #[tfsdk(name = "c", optional, length = 9..=3)]
    c: Option<String>,
    #[tfsdk(name = "d", optional, range = 1..=MAX)]
    d: Option<i64>,
    #[tfsdk(name = "e", optional, one_of = ["a", 1])]
    e: Option<String>,
    #[tfsdk(name = "f", optional, one_of = [])]
    f: Option<String>,
    #[tfsdk(name = "g", optional, one_of = "a")]
    g: Option<String>,
    #[tfsdk(name = "h", optional, size = 1.5..)]
    h: Option<Vec<String>>,
}

const MAX: i64 = 10;

fn main() {}
