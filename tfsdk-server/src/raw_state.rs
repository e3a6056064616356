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
    /// `ignore_undefined_attributes` (for attributes an older version had and dropped).
    ///
    /// # Errors
    /// JSON that is not a value of `ty`, with its path.
    pub fn value(&self, ty: &Type, ignore_undefined_attributes: bool) -> Result<Value, Diagnostic> {
        let options =
            JsonOptions::default().ignore_undefined_attributes(ignore_undefined_attributes);
        Value::from_json_with(&self.json, ty, options).map_err(|error| {
            Diagnostic::error(
                "Unable to Read Previously Saved State for UpgradeResourceState",
                format!("The stored state does not match the expected schema: {error}"),
            )
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
