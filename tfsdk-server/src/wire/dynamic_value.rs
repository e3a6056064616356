//! Values in the protocol's `DynamicValue`: msgpack as Terraform sends them (JSON accepted
//! too), checked against the expected type; answers are always msgpack. Also the JSON of a
//! stored state, which `UpgradeResourceState` receives raw.

use tfsdk_core::diag::Diagnostic;
use tfsdk_core::tftypes::{Type, Value, ValueError};

use crate::proto::tfplugin6 as pb;

/// Decodes a request's value of type `ty`: from msgpack when there is any, else from JSON when
/// there is any, else (an absent or empty `DynamicValue`) a null of `ty`.
///
/// # Errors
/// Bytes that are not a value of `ty`, as an error diagnostic about the part of the value that
/// does not fit.
pub(crate) fn decode(value: Option<&pb::DynamicValue>, ty: &Type) -> Result<Value, Diagnostic> {
    let Some(value) = value else {
        return Ok(Value::null(ty.clone()));
    };
    let decoded = if !value.msgpack.is_empty() {
        Value::from_msgpack(&value.msgpack, ty)
    } else if !value.json.is_empty() {
        Value::from_json(&value.json, ty)
    } else {
        return Ok(Value::null(ty.clone()));
    };
    decoded.map_err(|error| value_error("Unable to decode the value Terraform sent", error))
}

/// A value Terraform sent, kept encoded until something reads it (a configuration that provider
/// code may never look at): what the protocol's edge hands inwards instead of the message.
#[derive(Clone, Debug, Default)]
pub(crate) struct Undecoded(Option<pb::DynamicValue>);

impl Undecoded {
    /// The value of a request's field.
    pub(crate) fn new(value: Option<pb::DynamicValue>) -> Undecoded {
        Undecoded(value)
    }

    /// The value, of type `ty` (see [`decode`]).
    pub(crate) fn decode(&self, ty: &Type) -> Result<Value, Diagnostic> {
        decode(self.0.as_ref(), ty)
    }
}

/// Whether a value Terraform sent is null, read from its first byte where that settles it (a
/// msgpack nil is the single byte `0xc0`), without decoding the rest: PlanResourceChange's
/// proposed state only tells a destroy (null) from a create or update, and is not otherwise
/// used, since the plan is made from the prior state and the configuration.
///
/// # Errors
/// As [`decode`], for a value given as JSON or as empty msgpack of an unexpected shape.
pub(crate) fn is_null(value: Option<&pb::DynamicValue>, ty: &Type) -> Result<bool, Diagnostic> {
    match value {
        None => Ok(true),
        Some(value) if !value.msgpack.is_empty() => Ok(value.msgpack == [0xc0]),
        Some(_) => decode(value, ty).map(|decoded| decoded.is_null()),
    }
}

/// Encodes an answer's value of type `ty` as msgpack.
///
/// # Errors
/// A value that is not of type `ty` (a bug in the server or in provider code), as an error
/// diagnostic about the part of the value that does not fit.
pub(crate) fn encode(value: &Value, ty: &Type) -> Result<pb::DynamicValue, Diagnostic> {
    let msgpack = value
        .to_msgpack(ty)
        .map_err(|error| value_error("Unable to encode the provider's value", error))?;
    Ok(pb::DynamicValue {
        msgpack,
        json: Vec::new(),
    })
}

/// An error diagnostic for a value that does not fit its type: the summary says what failed,
/// the detail says where and why, and the diagnostic is about the part of the value at fault.
fn value_error(summary: &str, error: ValueError) -> Diagnostic {
    let diagnostic = Diagnostic::error(summary, error.to_string());
    if error.path.is_empty() {
        diagnostic
    } else {
        diagnostic.with_path(error.path)
    }
}

#[cfg(test)]
mod tests {
    use tfsdk_core::path::AttributePath;

    use super::*;

    #[test]
    fn a_null_is_told_from_its_first_byte_and_json_is_decoded() {
        let ty = ty();
        let msgpack = |bytes: Vec<u8>| pb::DynamicValue {
            msgpack: bytes,
            json: Vec::new(),
        };
        assert!(is_null(None, &ty).unwrap());
        assert!(is_null(Some(&msgpack(vec![0xc0])), &ty).unwrap());
        let known = Value::from_json(br#"{"name": "a", "size": 1, "ports": []}"#, &ty).unwrap();
        assert!(!is_null(Some(&msgpack(known.to_msgpack(&ty).unwrap())), &ty).unwrap());
        let json = |text: &str| pb::DynamicValue {
            msgpack: Vec::new(),
            json: text.as_bytes().to_vec(),
        };
        assert!(is_null(Some(&json("null")), &ty).unwrap());
        assert!(!is_null(Some(&json(r#"{"name": "a", "size": 1, "ports": []}"#)), &ty).unwrap());
        assert!(is_null(Some(&json("[")), &ty).is_err());
    }

    /// The object type the tests decode.
    fn ty() -> Type {
        Type::object([
            ("name", Type::String),
            ("size", Type::Number),
            ("ports", Type::list(Type::Number)),
        ])
    }

    /// A value of [`ty`] with an unknown size.
    fn value() -> Value {
        Value::object_of([
            ("name", Value::from("a")),
            ("size", Value::unknown(Type::Number)),
            ("ports", Value::null(Type::list(Type::Number))),
        ])
    }

    #[test]
    fn a_value_with_an_unknown_round_trips_through_msgpack() {
        let wire = encode(&value(), &ty()).unwrap();
        assert!(wire.json.is_empty());
        assert_eq!(decode(Some(&wire), &ty()).unwrap(), value());
    }

    #[test]
    fn json_is_read_when_there_is_no_msgpack() {
        let wire = pb::DynamicValue {
            msgpack: Vec::new(),
            json: br#"{"name": "a", "size": 3, "ports": [80]}"#.to_vec(),
        };
        let value = decode(Some(&wire), &ty()).unwrap();
        assert_eq!(value.attribute("name"), Some(&Value::from("a")));
        assert_eq!(value.attribute("size"), Some(&Value::from(3)));
    }

    #[test]
    fn msgpack_wins_over_json_when_both_are_present() {
        let mut wire = encode(&value(), &ty()).unwrap();
        wire.json = b"not json".to_vec();
        assert_eq!(decode(Some(&wire), &ty()).unwrap(), value());
    }

    #[test]
    fn an_absent_or_empty_value_is_a_null_of_the_type() {
        let absent = decode(None, &ty()).unwrap();
        assert_eq!(absent, Value::null(ty()));
        let empty = decode(Some(&pb::DynamicValue::default()), &ty()).unwrap();
        assert_eq!(empty, Value::null(ty()));
    }

    #[test]
    fn bad_bytes_are_an_error_diagnostic() {
        let wire = pb::DynamicValue {
            msgpack: vec![0xc1],
            json: Vec::new(),
        };
        let error = decode(Some(&wire), &ty()).unwrap_err();
        assert!(error.is_error());
        assert_eq!(error.summary, "Unable to decode the value Terraform sent");
        assert!(!error.detail.is_empty());
    }

    #[test]
    fn a_mismatch_inside_the_value_is_reported_at_its_path() {
        let wire = pb::DynamicValue {
            msgpack: Vec::new(),
            json: br#"{"name": "a", "size": 3, "ports": [true]}"#.to_vec(),
        };
        let error = decode(Some(&wire), &ty()).unwrap_err();
        assert_eq!(
            error.path,
            Some(AttributePath::root("ports").at_list_index(0))
        );
        assert!(error.detail.starts_with("ports[0]: "), "{}", error.detail);
    }

    #[test]
    fn a_value_not_of_the_type_cannot_be_encoded() {
        let error = encode(&Value::from(true), &ty()).unwrap_err();
        assert!(error.is_error());
        assert_eq!(error.summary, "Unable to encode the provider's value");
    }
}
