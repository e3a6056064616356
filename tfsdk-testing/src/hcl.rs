//! Values written as configuration-language literals, for the blocks the crate writes itself
//! (`import { identity = { ... } }`).

use tfsdk_core::tftypes::Value;

/// `value` as a literal: `"text"` (templates escaped), `42`, `true`, `null`, `["a", "b"]`,
/// `{ "key" = "value" }`; unknown values, which configuration cannot write, as `null`.
pub(crate) fn literal(value: &Value) -> String {
    if value.is_null() || value.is_unknown() {
        return "null".into();
    }
    if let Some(text) = value.as_str() {
        return string(text);
    }
    if let Some(number) = value.as_number() {
        return number.to_string();
    }
    if let Some(flag) = value.as_bool() {
        return flag.to_string();
    }
    if let Some(elements) = value.as_elements() {
        let items: Vec<String> = elements.iter().map(literal).collect();
        return format!("[{}]", items.join(", "));
    }
    if let Some(attributes) = value.as_attributes() {
        let items: Vec<String> = attributes
            .iter()
            .map(|(name, value)| format!("{} = {}", string(name), literal(value)))
            .collect();
        return format!("{{ {} }}", items.join(", "));
    }
    "null".into()
}

/// A quoted string whose `${` and `%{` are not templates.
fn string(text: &str) -> String {
    serde_json::Value::from(text)
        .to_string()
        .replace("${", "$${")
        .replace("%{", "%%{")
}

#[cfg(test)]
mod tests {
    use super::*;
    use tfsdk_core::tftypes::Type;

    #[test]
    fn values_are_literals() {
        let value = Value::object_of([
            ("path", Value::from("a${b}.txt")),
            ("size", Value::from(3_i64)),
            (
                "tags",
                Value::list(Type::String, [Value::from("x"), Value::from("\"y\"")]).unwrap(),
            ),
            ("gone", Value::null(Type::Bool)),
        ]);
        assert_eq!(
            literal(&value),
            r#"{ "gone" = null, "path" = "a$${b}.txt", "size" = 3, "tags" = ["x", "\"y\""] }"#
        );
    }
}
