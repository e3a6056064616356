use tfsdk_core::TfObject;

struct Connection {
    _socket: i32,
}

#[derive(TfObject)]
struct Volume {
    #[tfsdk(skip)]
    connection: Connection,
}

fn main() {}
