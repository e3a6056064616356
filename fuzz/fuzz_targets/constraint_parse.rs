//! Type-constraint parsing: see `tfsdk_fuzz::check_constraint_parse`.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tfsdk_fuzz::check_constraint_parse(data));
