use std::time::Duration;

use tfsdk_server::function;

/// A parameter type the toolkit does not convert.
#[function]
fn wait(duration: Duration) -> String {
    format!("{duration:?}")
}

/// A result type the toolkit does not convert.
#[function]
fn nothing(text: String) {
    let _ = text;
}

fn main() {}
