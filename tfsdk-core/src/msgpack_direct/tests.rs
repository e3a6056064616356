//! The direct route's own depth limit, reached by starting below the root (a Rust type nested
//! 128 deep is beyond what the compiler's recursion limits allow in a test).

use std::collections::BTreeMap;

use super::{Decoder, Encoder, MsgpackDecode, MsgpackEncode};
use crate::tftypes::MAX_DEPTH;

fn decode_at<T: MsgpackDecode>(level: usize, bytes: &[u8]) -> Result<T, String> {
    let mut decoder = Decoder::new(bytes).at_level(level);
    let value = T::decode_msgpack(&mut decoder).map_err(|e| e.to_string())?;
    decoder.finish().map_err(|e| e.to_string())?;
    Ok(value)
}

fn encode_at<T: MsgpackEncode>(level: usize, value: &T) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    value
        .encode_msgpack(&mut Encoder::new(&mut out).at_level(level))
        .map_err(|e| e.to_string())?;
    Ok(out)
}

const TOO_DEEP: &str = "nested deeper than 128 levels (tftypes::MAX_DEPTH)";

#[test]
fn lists_stop_at_the_limit_with_the_path_of_the_first_element_too_deep() {
    let level = MAX_DEPTH - 1;
    // [[]]: the inner list at level 128.
    assert_eq!(
        decode_at::<Vec<Vec<String>>>(level, &[0x91, 0x90]).unwrap(),
        [Vec::<String>::new()]
    );
    assert_eq!(
        decode_at::<Vec<Vec<String>>>(level, &[0x91, 0x91, 0xa1, b'x']).unwrap_err(),
        format!("[0][0]: {TOO_DEEP}")
    );
    assert_eq!(
        encode_at(level, &vec![Vec::<String>::new()]).unwrap(),
        [0x91, 0x90]
    );
    assert_eq!(
        encode_at(level, &vec![vec!["x".to_owned()]]).unwrap_err(),
        format!("[0][0]: {TOO_DEEP}")
    );
}

#[test]
fn maps_stop_at_the_limit_with_the_path_of_the_first_entry_too_deep() {
    let level = MAX_DEPTH - 1;
    let bytes = [0x81, 0xa1, b'k', 0x91, 0xa1, b'x'];
    assert_eq!(
        decode_at::<BTreeMap<String, Vec<String>>>(level, &bytes).unwrap_err(),
        format!("[\"k\"][0]: {TOO_DEEP}")
    );
    let map = BTreeMap::from([("k".to_owned(), vec!["x".to_owned()])]);
    assert_eq!(
        encode_at(level, &map).unwrap_err(),
        format!("[\"k\"][0]: {TOO_DEEP}")
    );
    let empty = BTreeMap::from([("k".to_owned(), Vec::<String>::new())]);
    assert_eq!(encode_at(level, &empty).unwrap(), [0x81, 0xa1, b'k', 0x90]);
}

#[test]
fn a_fallback_value_counts_from_its_level() {
    let level = MAX_DEPTH - 1;
    // A set goes through the value route: set(list(string)) of one list of one string.
    let set = std::collections::BTreeSet::from([vec!["x".to_owned()]]);
    assert!(encode_at(level, &set).unwrap_err().ends_with(TOO_DEEP));
    let bytes = [0x91, 0x91, 0xa1, b'x'];
    assert!(
        decode_at::<std::collections::BTreeSet<Vec<String>>>(level, &bytes)
            .unwrap_err()
            .ends_with(TOO_DEEP)
    );
    let shallow = std::collections::BTreeSet::from([Vec::<String>::new()]);
    assert_eq!(encode_at(level, &shallow).unwrap(), [0x91, 0x90]);
}
