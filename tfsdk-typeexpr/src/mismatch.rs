//! Why a value's type cannot convert to a wanted type, in the reference's words (go-cty's
//! `MismatchMessage`): `element 0: number required, but have bool`, `attribute "name" is
//! required`, `all list elements must have the same type`.
//!
//! Where the reference picks "the first" of several offending attributes by Go map iteration
//! (which is random), we pick the first by name.

use tfsdk_core::path::{AttributePath, PathStep};
use tfsdk_core::tftypes::Type;

use super::convert::conversion_exists;
use super::quote::go_quote;
use super::type_util::friendly_name_for_constraint;

/// The message for a failed conversion from `got` to `want`, and the path (relative to the
/// value being converted) of the part it is about.
pub(crate) fn mismatch_message(got: &Type, want: &Type) -> (String, AttributePath) {
    let mut path = AttributePath::empty();
    let message = message(got, want, &mut path);
    (message, path)
}

fn message(got: &Type, want: &Type, path: &mut AttributePath) -> String {
    match (got, want) {
        (Type::Object(_), Type::Object(_)) => objects(got, want, path),
        (Type::Tuple(_), Type::List(e)) if e.is_dynamic() => {
            "all list elements must have the same type".into()
        }
        (Type::Tuple(_), Type::Set(e)) if e.is_dynamic() => {
            "all set elements must have the same type".into()
        }
        (Type::Object(_), Type::Map(e)) if e.is_dynamic() => {
            "all map elements must have the same type".into()
        }
        (Type::Tuple(_) | Type::Object(_), _) if want.is_collection() => {
            collections_from_structural(got, want, path)
        }
        _ if got.is_collection() && want.is_collection() => {
            collections_from_collections(got, want, path)
        }
        _ if !likely_to_confuse(got, want) => {
            format!(
                "{} required, but have {}",
                want.friendly_name(),
                got.friendly_name()
            )
        }
        _ => format!("{} required", friendly_name_for_constraint(want)),
    }
}

fn objects(got: &Type, want: &Type, path: &mut AttributePath) -> String {
    let (Some(got_o), Some(want_o)) = (got.as_object(), want.as_object()) else {
        return "incorrect object attributes".into();
    };
    let mut missing: Vec<&str> = Vec::new();
    let mut unsafe_mismatch: Option<(&str, &Type, &Type)> = None;
    let mut safe_mismatch: Option<(&str, &Type, &Type)> = None;
    for (name, want_aty) in want_o.attributes() {
        let Some(got_aty) = got_o.attribute(name) else {
            if !want_o.is_optional(name) {
                missing.push(name);
            }
            continue;
        };
        if got_aty == want_aty {
            continue;
        }
        if unsafe_mismatch.is_some() {
            continue;
        }
        if !conversion_exists(got_aty, want_aty, true) {
            unsafe_mismatch = Some((name, got_aty, want_aty));
        }
        if safe_mismatch.is_some() {
            continue;
        }
        if !conversion_exists(got_aty, want_aty, false) {
            safe_mismatch = Some((name, got_aty, want_aty));
        }
    }
    match missing.len() {
        0 => {}
        1 => return format!("attribute {} is required", go_quote(missing[0])),
        2 => {
            return format!(
                "attributes {} and {} are required",
                go_quote(missing[0]),
                go_quote(missing[1])
            );
        }
        n => {
            let mut list = String::new();
            for name in &missing[..n - 1] {
                list.push_str(&go_quote(name));
                list.push_str(", ");
            }
            list.push_str("and ");
            list.push_str(&go_quote(missing[n - 1]));
            return format!("attributes {list} are required");
        }
    }
    match unsafe_mismatch.or(safe_mismatch) {
        Some((name, got_aty, want_aty)) => {
            path.push(PathStep::AttributeName(name.to_owned()));
            let inner = message(got_aty, want_aty, path);
            format!("attribute {}: {inner}", go_quote(name))
        }
        None => "incorrect object attributes".into(),
    }
}

fn collections_from_structural(got: &Type, want: &Type, path: &mut AttributePath) -> String {
    match (got, want) {
        (Type::Tuple(elements), Type::List(want_e) | Type::Set(want_e)) => {
            for (i, got_e) in elements.iter().enumerate() {
                if got_e == &**want_e || conversion_exists(got_e, want_e, true) {
                    continue;
                }
                path.push(PathStep::ElementKeyInt(i as i64));
                let inner = message(got_e, want_e, path);
                return format!("element {i}: {inner}");
            }
            format!(
                "all elements must be {}",
                friendly_name_for_constraint(want_e)
            )
        }
        (Type::Object(o), Type::Map(want_e)) => {
            for (name, got_aty) in o.attributes() {
                if got_aty == &**want_e || conversion_exists(got_aty, want_e, true) {
                    continue;
                }
                path.push(PathStep::ElementKeyString(name.clone()));
                let inner = message(got_aty, want_e, path);
                return format!("element {}: {inner}", go_quote(name));
            }
            format!(
                "all elements must be {}",
                friendly_name_for_constraint(want_e)
            )
        }
        _ => format!("{} required", friendly_name_for_constraint(want)),
    }
}

fn collections_from_collections(got: &Type, want: &Type, path: &mut AttributePath) -> String {
    let noun = match (got, want) {
        (Type::List(_) | Type::Set(_), Type::List(_)) => "list element type",
        (Type::List(_) | Type::Set(_), Type::Set(_)) => "set element type",
        (Type::Map(_), Type::Map(_)) => "map element type",
        _ => return format!("{} required", friendly_name_for_constraint(want)),
    };
    let (Some(got_e), Some(want_e)) = (got.element_type(), want.element_type()) else {
        return format!("{} required", friendly_name_for_constraint(want));
    };
    format!("incorrect {noun}: {}", message(got_e, want_e, path))
}

/// go-cty's `typesAreLikelyToCauseConfusion`: when naming both types would mislead, say only
/// what was required.
fn likely_to_confuse(got: &Type, want: &Type) -> bool {
    if got.is_primitive() != want.is_primitive() {
        return false;
    }
    if *want == Type::String {
        return false;
    }
    if matches!(
        (got, want),
        (Type::Number, Type::Bool) | (Type::Bool, Type::Number)
    ) {
        return false;
    }
    if let (Some(ge), Some(we)) = (got.element_type(), want.element_type())
        && !ge.contains_dynamic()
        && we.contains_dynamic()
    {
        return false;
    }
    if matches!((got, want), (Type::Tuple(_), Type::Object(_))) {
        return false;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn msg(got: Type, want: Type) -> String {
        mismatch_message(&got, &want).0
    }

    #[test]
    fn messages_match_the_reference() {
        assert_eq!(
            msg(Type::tuple([Type::Bool]), Type::list(Type::Number)),
            "element 0: number required, but have bool"
        );
        assert_eq!(
            msg(
                Type::tuple([Type::Bool]),
                Type::tuple([Type::String, Type::Number])
            ),
            "tuple required"
        );
        assert_eq!(
            msg(
                Type::tuple([Type::String, Type::tuple([])]),
                Type::list(Type::Dynamic)
            ),
            "all list elements must have the same type"
        );
        assert_eq!(
            msg(
                Type::object([("a", Type::String)]),
                Type::object([("b", Type::String), ("c", Type::String), ("d", Type::Bool)])
            ),
            r#"attributes "b", "c", and "d" are required"#
        );
        assert_eq!(
            msg(Type::String, Type::list(Type::String)),
            "list of string required, but have string"
        );
        let (m, path) = mismatch_message(
            &Type::object([("size", Type::Bool)]),
            &Type::object([("size", Type::Number)]),
        );
        assert_eq!(m, r#"attribute "size": number required, but have bool"#);
        assert_eq!(path.to_string(), "size");
    }
}
