//! Conversion to a type constraint: see `tfsdk_fuzz::check_constraint_convert`.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tfsdk_fuzz::check_constraint_convert(data));
