use tfsdk_server::function;

/// `#[allow_null]` on a type that cannot hold null.
#[function]
fn shout(#[allow_null] text: String) -> String {
    text.to_uppercase()
}

/// `#[allow_unknown]` on a type that cannot hold unknown.
#[function]
fn whisper(#[allow_unknown] text: Option<String>) -> String {
    text.unwrap_or_default().to_lowercase()
}

fn main() {}
