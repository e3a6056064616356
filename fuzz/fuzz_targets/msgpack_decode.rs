//! msgpack decoding against a type: see `tfsdk_fuzz::check_msgpack_decode`.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tfsdk_fuzz::check_msgpack_decode(data));
