//! How a value keeps the spelling of an earlier one that means the same, derived from a type's
//! [semantic equality](TerraformType::semantic_equality): the value itself for a type that has
//! one, each element against the element it continues for lists (by index), maps (by key) and
//! sets (an element without an equal one takes an unused earlier element it means), so that a
//! `List<JsonString>` keeps the configured spelling of each document as Go's framework does.
//!
//! Each function answers `Some(kept)` only when something is kept, so a caller pays for no
//! copy when nothing is.

use super::conversion::TerraformType;
use crate::tftypes::{Value, ValueData, ValueKind};

pub use crate::schema::KeepEquivalent;

/// `earlier` when it means what `new` means by `T`'s semantic equality and differs from it:
/// both known and not null.
pub fn keep_equal<T: TerraformType + ?Sized>(earlier: &Value, new: &Value) -> Option<Value> {
    let equal = T::semantic_equality()?;
    let comparable = !earlier.is_null() && earlier.is_known() && !new.is_null() && new.is_known();
    (comparable && earlier != new && equal(earlier, new)).then(|| earlier.clone())
}

/// `new`, a list, with each element that means what the element of `earlier` at its index
/// means in that element's spelling.
pub fn list<T: TerraformType + ?Sized>(earlier: &Value, new: &Value) -> Option<Value> {
    let keep = T::keep_equivalent()?;
    let (ValueKind::List(earlier), ValueKind::List(elements)) = (earlier.kind(), new.kind()) else {
        return None;
    };
    let kept: Vec<Option<Value>> = elements
        .iter()
        .enumerate()
        .map(|(i, element)| earlier.get(i).and_then(|earlier| keep(earlier, element)))
        .collect();
    rebuild(new, kept).map(|elements| with_data(new, ValueData::List(elements)))
}

/// `new`, a set, with each element that is not in `earlier` but means what an element of
/// `earlier` that is not in `new` means in that element's spelling (each earlier element kept
/// once).
pub fn set<T: TerraformType + ?Sized>(earlier: &Value, new: &Value) -> Option<Value> {
    let keep = T::keep_equivalent()?;
    let (ValueKind::Set(earlier), ValueKind::Set(elements)) = (earlier.kind(), new.kind()) else {
        return None;
    };
    let mut unused: Vec<&Value> = earlier.iter().filter(|e| !elements.contains(e)).collect();
    let kept: Vec<Option<Value>> = elements
        .iter()
        .map(|element| {
            if unused.is_empty() || earlier.contains(element) {
                return None;
            }
            let position = unused
                .iter()
                .position(|earlier| keep(earlier, element).as_ref() == Some(*earlier))?;
            Some(unused.swap_remove(position).clone())
        })
        .collect();
    rebuild(new, kept).map(|elements| with_data(new, ValueData::Set(elements)))
}

/// `new`, a map, with each element that means what the element of `earlier` under its key
/// means in that element's spelling.
pub fn map<T: TerraformType + ?Sized>(earlier: &Value, new: &Value) -> Option<Value> {
    let keep = T::keep_equivalent()?;
    let (Some(earlier), Some(elements)) = (earlier.as_map(), new.as_map()) else {
        return None;
    };
    let kept: Vec<Option<Value>> = elements
        .iter()
        .map(|(key, element)| earlier.get(key).and_then(|earlier| keep(earlier, element)))
        .collect();
    let entries = rebuild(new, kept)?;
    let keys = elements.keys().map(str::to_owned);
    Some(with_data(new, ValueData::Map(keys.zip(entries).collect())))
}

/// The elements of `new` (a known list, set or map, in its order) with those `kept` replaced;
/// `None` when nothing is.
fn rebuild(new: &Value, kept: Vec<Option<Value>>) -> Option<Vec<Value>> {
    if kept.iter().all(Option::is_none) {
        return None;
    }
    let elements: Vec<&Value> = match new.kind() {
        ValueKind::List(elements) | ValueKind::Set(elements) => elements.iter().collect(),
        ValueKind::Map(elements) => elements.values().collect(),
        _ => return None,
    };
    Some(
        kept.into_iter()
            .zip(elements)
            .map(|(kept, element)| kept.unwrap_or_else(|| element.clone()))
            .collect(),
    )
}

fn with_data(new: &Value, data: ValueData) -> Value {
    Value::from_parts_unchecked(new.ty().clone(), data)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tftypes::Type;
    use crate::types::{JsonString, List, Map, Set};

    fn json(text: &str) -> Value {
        Value::from(text)
    }

    #[test]
    fn a_list_keeps_each_element_that_means_the_same() {
        let earlier = Value::list(Type::String, [json(r#"{"a": 1}"#), json("[1]")]).unwrap();
        let new = Value::list(Type::String, [json(r#"{"a":1}"#), json("[2]")]).unwrap();
        let kept = list::<JsonString>(&earlier, &new).unwrap();
        let expected = Value::list(Type::String, [json(r#"{"a": 1}"#), json("[2]")]).unwrap();
        assert_eq!(kept, expected);
        assert_eq!(list::<JsonString>(&earlier, &earlier), None);
        assert_eq!(
            List::<JsonString>::keep_equivalent().unwrap()(&earlier, &new),
            Some(expected)
        );
        assert!(List::<String>::keep_equivalent().is_none());
    }

    #[test]
    fn a_set_element_takes_the_unused_earlier_element_it_means() {
        let earlier = Value::set(Type::String, [json(r#"{"a": 1}"#), json("[1]")]).unwrap();
        let new = Value::set(Type::String, [json("[1]"), json(r#"{"a":1}"#)]).unwrap();
        assert_eq!(set::<JsonString>(&earlier, &new), Some(earlier.clone()));
        let other = Value::set(Type::String, [json("[1]"), json(r#"{"a":2}"#)]).unwrap();
        assert_eq!(
            Set::<JsonString>::keep_equivalent().unwrap()(&earlier, &other),
            None
        );
    }

    #[test]
    fn a_map_keeps_each_element_by_key() {
        let earlier = Value::map(Type::String, [("x", json("[1, 2]"))]).unwrap();
        let new = Value::map(Type::String, [("x", json("[1,2]")), ("y", json("{}"))]).unwrap();
        let kept = Map::<JsonString>::keep_equivalent().unwrap()(&earlier, &new).unwrap();
        assert_eq!(kept.as_map().unwrap().get("x"), Some(&json("[1, 2]")));
        assert_eq!(kept.as_map().unwrap().get("y"), Some(&json("{}")));
    }
}
