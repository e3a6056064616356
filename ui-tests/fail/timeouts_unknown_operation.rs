// `timeouts!` offers Go's operations only; a misspelt one is named in the error.
tfsdk_server::timeouts! {
    pub struct JobTimeouts { create, destroy }
}

fn main() {}
