//! JSON (state) decoding: one flags byte (bit 0: ignore undefined attributes), a type code
//! (see `tfsdk_fuzz`), then JSON text. Decoding must fail cleanly or give a value that
//! encodes, and whose encoding decodes to the same value.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tfsdk_core::tftypes::{JsonOptions, Value};
use tfsdk_fuzz::type_from_bytes;

fuzz_target!(|data: &[u8]| {
    let Some((flags, rest)) = data.split_first() else {
        return;
    };
    let options = JsonOptions::default().ignore_undefined_attributes(flags & 1 != 0);
    let (ty, json) = type_from_bytes(rest);
    let Ok(value) = Value::from_json_with(json, &ty, options) else {
        return;
    };
    let encoded = value
        .to_json(&ty)
        .unwrap_or_else(|e| panic!("a decoded value does not encode: {e}\n{value:?} as {ty}"));
    let again = Value::from_json(&encoded, &ty)
        .unwrap_or_else(|e| panic!("an encoded value does not decode: {e}\n{encoded} as {ty}"));
    assert_eq!(
        again, value,
        "JSON round trip changed the value (type {ty}): {encoded}"
    );
    let encoded_again = again.to_json(&ty).expect("encodes");
    assert_eq!(encoded_again, encoded, "JSON encoding is not stable");
});
