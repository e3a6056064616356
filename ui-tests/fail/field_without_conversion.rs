use tfsdk_core::TfObject;

struct Handle {
    _fd: i32,
}

#[derive(TfObject)]
struct Volume {
    #[tfsdk(name = "handle")]
    handle: Handle,
}

fn main() {}
