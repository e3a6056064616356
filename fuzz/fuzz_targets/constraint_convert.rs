//! Conversion to a type constraint: `TYPE EXPRESSION` NUL `JSON VALUE`. Conversion never
//! panics; a converted value conforms to the constraint, is well formed, and converts to
//! itself again.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tfsdk_core::typeexpr::{self, json_value, parse};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Some((type_text, json)) = text.split_once('\0') else {
        return;
    };
    let Ok(constraint) = parse(type_text) else {
        return;
    };
    let Ok(input) = json_value::parse_json(json) else {
        return;
    };
    let Ok(value) = typeexpr::convert(input, &constraint) else {
        return;
    };
    let want = constraint.value_type();
    assert!(
        value.ty().usable_as(&want),
        "converted to {} for constraint {constraint}",
        value.ty()
    );
    value
        .check_type(value.ty())
        .unwrap_or_else(|e| panic!("converted value is malformed: {e}: {value:?}"));
    let again = typeexpr::convert(value.clone(), &constraint)
        .unwrap_or_else(|e| panic!("a converted value does not convert again: {e}: {value:?}"));
    assert_eq!(
        again, value,
        "conversion is not idempotent for {constraint}"
    );
});
