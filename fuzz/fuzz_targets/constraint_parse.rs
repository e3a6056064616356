//! Type-constraint parsing: any text parses or fails cleanly; a parsed constraint renders to
//! text that parses to the same constraint (defaults included), and renders the same again.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tfsdk_core::typeexpr::parse;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(constraint) = parse(text) else {
        return;
    };
    let rendered = constraint.to_string();
    let again = parse(&rendered)
        .unwrap_or_else(|e| panic!("the rendering of {text:?} does not parse: {rendered:?}: {e}"));
    assert_eq!(again, constraint, "{text:?} rendered as {rendered:?}");
    assert_eq!(again.to_string(), rendered);
});
