//! msgpack decoding: a type code (see `tfsdk_fuzz`) then msgpack bytes. Decoding must fail
//! cleanly or give a value that encodes, and whose encoding decodes to the same value.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tfsdk_core::tftypes::Value;
use tfsdk_fuzz::type_from_bytes;

fuzz_target!(|data: &[u8]| {
    let (ty, bytes) = type_from_bytes(data);
    let Ok(value) = Value::from_msgpack(bytes, &ty) else {
        return;
    };
    let encoded = value
        .to_msgpack(&ty)
        .unwrap_or_else(|e| panic!("a decoded value does not encode: {e}\n{value:?} as {ty}"));
    let again = Value::from_msgpack(&encoded, &ty)
        .unwrap_or_else(|e| panic!("an encoded value does not decode: {e}\n{value:?} as {ty}"));
    assert_eq!(
        again, value,
        "msgpack round trip changed the value (type {ty})"
    );
    let encoded_again = again.to_msgpack(&ty).expect("encodes");
    assert_eq!(encoded_again, encoded, "msgpack encoding is not stable");
});
