use tfsdk_server::function;

#[function]
fn generic<T>(value: T) -> String {
    let _ = value;
    String::new()
}

#[function]
fn borrows(text: &str) -> String {
    text.to_owned()
}

#[function]
fn variadic_first(#[variadic] parts: Vec<String>, separator: String) -> String {
    parts.join(&separator)
}

#[function]
fn variadic_not_a_vec(#[variadic] parts: String) -> String {
    parts
}

#[function(name = "Bad-Name")]
fn bad_name() -> String {
    String::new()
}

#[function]
fn pattern((a, b): (String, String)) -> String {
    a + &b
}

fn main() {}
