//! A stored state as Terraform hands it to a state upgrade: the JSON the state file holds,
//! written by an older version of the resource's schema.

use tfsdk_core::convert::{ConvertError, FromValue, TerraformType};
use tfsdk_core::diag::Diagnostic;
use tfsdk_core::tftypes::{JsonOptions, Type, Value};

/// A resource's stored state in the JSON of Terraform's state file, as an older schema
/// version wrote it.
///
/// Read it with the model of that older version ([`decode`](RawState::decode)), or as a
/// value of any type ([`value`](RawState::value)), then build the current model from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawState {
    json: Vec<u8>,
}

impl RawState {
    /// A raw state of this JSON text.
    pub fn new(json: impl Into<Vec<u8>>) -> RawState {
        RawState { json: json.into() }
    }

    /// The JSON text.
    pub fn json(&self) -> &[u8] {
        &self.json
    }

    /// The state as a value of type `ty`; attributes `ty` does not have are an error unless
    /// `ignore_undefined_attributes` (for attributes an older version had and dropped). Empty
    /// JSON is a null of `ty`.
    ///
    /// # Errors
    /// JSON that is not a value of `ty`, about the part of the state that does not fit.
    pub fn value(&self, ty: &Type, ignore_undefined_attributes: bool) -> Result<Value, Diagnostic> {
        if self.json.is_empty() {
            return Ok(Value::null(ty.clone()));
        }
        let options =
            JsonOptions::default().ignore_undefined_attributes(ignore_undefined_attributes);
        Value::from_json_with(&self.json, ty, options).map_err(|error| {
            let diagnostic = Diagnostic::error(
                "Unable to Read Previously Saved State for UpgradeResourceState",
                format!("The stored state does not match the expected schema: {error}"),
            );
            if error.path.is_empty() {
                diagnostic
            } else {
                diagnostic.with_path(error.path)
            }
        })
    }

    /// The state as `M`, the derived model of the schema version that wrote it.
    ///
    /// # Errors
    /// JSON that is not a value of `M`'s type, or a value `M` cannot hold.
    pub fn decode<M: FromValue + TerraformType>(&self) -> Result<M, Diagnostic> {
        let value = self.value(&M::terraform_type(), false)?;
        M::from_value(value).map_err(|error: ConvertError| error.to_diagnostic())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ty() -> Type {
        Type::object([
            ("name", Type::String),
            ("size", Type::Number),
            ("ports", Type::list(Type::Number)),
        ])
    }

    #[test]
    fn raw_state_json_is_read_as_the_type() {
        let state = RawState::new(r#"{"name": "a", "size": 3, "ports": null}"#);
        let value = state.value(&ty(), false).unwrap();
        assert_eq!(value.attribute("size"), Some(&Value::from(3)));
        assert!(value.attribute("ports").unwrap().is_null());
    }

    #[test]
    fn empty_raw_state_is_a_null_of_the_type() {
        assert_eq!(
            RawState::new("").value(&ty(), false).unwrap(),
            Value::null(ty())
        );
    }

    #[test]
    fn removed_attributes_are_skipped_only_when_told_to() {
        let state = RawState::new(r#"{"name": "a", "size": 3, "ports": [], "removed": "x"}"#);
        let error = state.value(&ty(), false).unwrap_err();
        assert_eq!(
            error.summary,
            "Unable to Read Previously Saved State for UpgradeResourceState"
        );
        let value = state.value(&ty(), true).unwrap();
        assert_eq!(value.attribute("name"), Some(&Value::from("a")));
        assert_eq!(value.attribute("removed"), None);
    }

    #[test]
    fn a_value_that_does_not_fit_is_an_error_about_its_attribute() {
        let error = RawState::new(r#"{"name": "a", "size": "big", "ports": []}"#)
            .value(&ty(), false)
            .unwrap_err();
        assert_eq!(
            error.path,
            Some(tfsdk_core::path::AttributePath::root("size"))
        );
    }

    #[test]
    fn raw_state_that_is_not_json_is_an_error_diagnostic() {
        let error = RawState::new("{").value(&ty(), true).unwrap_err();
        assert!(error.is_error());
        assert!(error.detail.contains("invalid JSON"), "{}", error.detail);
    }
}
