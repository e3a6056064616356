//! Unification: the single type that several types can all convert to (go-cty's `unify`).
//!
//! This is how `list(any)` of `["a", 1, "b"]` becomes `list(string)`. The rules are the
//! reference's: same-kind collections unify their element types, objects with the same
//! attribute names unify attribute by attribute (else try a map), tuples likewise (else try a
//! list), and otherwise the most general given type that every other converts to wins.
//!
//! The result depends only on which *distinct* types are given, so they are deduplicated first
//! (keeping first occurrences in order). That keeps unification linear in the number of
//! elements where the reference compares every pair (quadratic on large lists).

use std::collections::HashSet;

use tfsdk_core::tftypes::Type;

use super::convert::conversion_exists;

/// The unified type, or `None` when there is none. `unsafe_` allows the conversions that may
/// fail on some values (string → number, list → set, map → object), as Terraform's
/// conversions do.
pub(crate) fn unify(types: &[Type], unsafe_: bool) -> Option<Type> {
    unify_detailed(types, unsafe_).map(|u| u.ty)
}

/// A unification result, with whether it is the "give up, everything is dynamic" answer the
/// reference produces when `any` mixes with collections or structures (its conversions then
/// produce unknown values).
pub(crate) struct Unified {
    pub(crate) ty: Type,
    pub(crate) all_dynamic: bool,
}

pub(crate) fn unify_detailed(types: &[Type], unsafe_: bool) -> Option<Unified> {
    let types = distinct(types);
    if types.is_empty() {
        return None;
    }
    let (mut maps, mut lists, mut sets, mut objects, mut tuples, mut dynamics) = (0, 0, 0, 0, 0, 0);
    for ty in &types {
        match ty {
            Type::Map(_) => maps += 1,
            Type::List(_) => lists += 1,
            Type::Set(_) => sets += 1,
            Type::Object(_) => objects += 1,
            Type::Tuple(_) => tuples += 1,
            Type::Dynamic => dynamics += 1,
            _ => {}
        }
    }
    let n = types.len();
    let has_dynamic = dynamics > 0;
    if maps > 0 && maps + dynamics == n {
        return unify_collections(Type::map, &types, unsafe_, has_dynamic);
    } else if maps > 0 && maps + objects + dynamics == n {
        if let Some(ty) = unify_objects_as_maps(&types, unsafe_)
            && matches!(ty, Type::Map(_))
        {
            return Some(plain(ty));
        }
    } else if lists > 0 && lists + dynamics == n {
        return unify_collections(Type::list, &types, unsafe_, has_dynamic);
    } else if lists > 0 && lists + tuples + dynamics == n {
        if let Some(ty) = unify_tuples_as_list(&types, unsafe_)
            && matches!(ty, Type::List(_))
        {
            return Some(plain(ty));
        }
    } else if sets > 0 && sets + dynamics == n {
        return unify_collections(Type::set, &types, unsafe_, has_dynamic);
    } else if objects > 0 && objects + dynamics == n {
        return unify_object_types(&types, unsafe_, has_dynamic);
    } else if tuples > 0 && tuples + dynamics == n {
        return unify_tuple_types(&types, unsafe_, has_dynamic);
    } else if objects > 0 && tuples > 0 {
        return None;
    }

    // The most general type that all the others convert to.
    'preferences: for want_index in sort_types(&types) {
        let want = &types[want_index];
        for (i, try_ty) in types.iter().enumerate() {
            if i == want_index || try_ty == want {
                continue;
            }
            // Lists and sets convert to tuples only by the documented rule the reference
            // lacks; unification stays the reference's.
            if matches!(want, Type::Tuple(_)) && matches!(try_ty, Type::List(_) | Type::Set(_)) {
                continue 'preferences;
            }
            if !conversion_exists(try_ty, want, unsafe_) {
                continue 'preferences;
            }
        }
        return Some(plain(want.clone()));
    }
    None
}

fn plain(ty: Type) -> Unified {
    Unified {
        ty,
        all_dynamic: false,
    }
}

fn all_dynamic() -> Option<Unified> {
    Some(Unified {
        ty: Type::Dynamic,
        all_dynamic: true,
    })
}

fn distinct(types: &[Type]) -> Vec<Type> {
    let mut seen: HashSet<&Type> = HashSet::with_capacity(4);
    let mut out = Vec::new();
    for ty in types {
        // Runs of equal types are the common case: skip hashing them.
        if out.last() == Some(ty) {
            continue;
        }
        if seen.insert(ty) {
            out.push(ty.clone());
        }
    }
    out
}

fn all_convert(types: &[Type], to: &Type, unsafe_: bool) -> bool {
    types
        .iter()
        .all(|ty| ty == to || conversion_exists(ty, to, unsafe_))
}

fn unify_collections(
    make: fn(Type) -> Type,
    types: &[Type],
    unsafe_: bool,
    has_dynamic: bool,
) -> Option<Unified> {
    if has_dynamic {
        return all_dynamic();
    }
    let elements: Vec<Type> = types
        .iter()
        .filter_map(|t| t.element_type().cloned())
        .collect();
    let element = unify(&elements, unsafe_)?;
    let ty = make(element);
    all_convert(types, &ty, unsafe_).then(|| plain(ty))
}

fn unify_object_types(types: &[Type], unsafe_: bool, has_dynamic: bool) -> Option<Unified> {
    if has_dynamic {
        return all_dynamic();
    }
    let first = types[0].as_object()?;
    let same_names = types.iter().skip(1).all(|t| {
        t.as_object().is_some_and(|o| {
            o.attributes().len() == first.attributes().len()
                && o.attributes().keys().all(|k| first.attribute(k).is_some())
        })
    });
    if !same_names {
        return unify_object_types_to_map(types, unsafe_).map(plain);
    }
    let mut attributes = Vec::with_capacity(first.attributes().len());
    for name in first.attributes().keys() {
        let across: Vec<Type> = types
            .iter()
            .filter_map(|t| t.as_object().and_then(|o| o.attribute(name)).cloned())
            .collect();
        attributes.push((name.clone(), unify(&across, unsafe_)?));
    }
    let ty = Type::object(attributes);
    if all_convert(types, &ty, unsafe_) {
        Some(plain(ty))
    } else {
        unify_object_types_to_map(types, unsafe_).map(plain)
    }
}

fn unify_object_types_to_map(types: &[Type], unsafe_: bool) -> Option<Type> {
    let attributes: Vec<Type> = types
        .iter()
        .filter_map(Type::as_object)
        .flat_map(|o| o.attributes().values().cloned())
        .collect();
    let ty = Type::map(unify(&attributes, unsafe_)?);
    all_convert(types, &ty, unsafe_).then_some(ty)
}

fn unify_tuple_types(types: &[Type], unsafe_: bool, has_dynamic: bool) -> Option<Unified> {
    if has_dynamic {
        return all_dynamic();
    }
    let first = types[0].tuple_elements()?;
    let same_len = types
        .iter()
        .all(|t| t.tuple_elements().is_some_and(|e| e.len() == first.len()));
    if !same_len {
        return unify_tuple_types_to_list(types, unsafe_).map(plain);
    }
    let mut elements = Vec::with_capacity(first.len());
    for i in 0..first.len() {
        let across: Vec<Type> = types
            .iter()
            .filter_map(|t| t.tuple_elements().map(|e| e[i].clone()))
            .collect();
        elements.push(unify(&across, unsafe_)?);
    }
    let ty = Type::tuple(elements);
    if all_convert(types, &ty, unsafe_) {
        Some(plain(ty))
    } else {
        unify_tuple_types_to_list(types, unsafe_).map(plain)
    }
}

fn unify_tuple_types_to_list(types: &[Type], unsafe_: bool) -> Option<Type> {
    let elements: Vec<Type> = types
        .iter()
        .filter_map(Type::tuple_elements)
        .flat_map(|e| e.iter().cloned())
        .collect();
    let ty = Type::list(unify(&elements, unsafe_)?);
    all_convert(types, &ty, unsafe_).then_some(ty)
}

fn unify_tuples_as_list(types: &[Type], unsafe_: bool) -> Option<Type> {
    let tuples: Vec<Type> = types
        .iter()
        .filter(|t| matches!(t, Type::Tuple(_)))
        .cloned()
        .collect();
    let list = unify_tuple_types_to_list(&tuples, unsafe_)?;
    let listed: Vec<Type> = types
        .iter()
        .map(|t| {
            if matches!(t, Type::Tuple(_)) {
                list.clone()
            } else {
                t.clone()
            }
        })
        .collect();
    unify(&listed, unsafe_).filter(|t| matches!(t, Type::List(_)))
}

fn unify_objects_as_maps(types: &[Type], unsafe_: bool) -> Option<Type> {
    let objects: Vec<Type> = types
        .iter()
        .filter(|t| matches!(t, Type::Object(_)))
        .cloned()
        .collect();
    let map = unify_object_types_to_map(&objects, unsafe_)?;
    let mapped: Vec<Type> = types
        .iter()
        .map(|t| {
            if matches!(t, Type::Object(_)) {
                map.clone()
            } else {
                t.clone()
            }
        })
        .collect();
    unify(&mapped, unsafe_).filter(|t| matches!(t, Type::Map(_)))
}

/// A preference order for the result of unification: a topological sort of "more general
/// than", ties in the given order (go-cty's `sortTypes`).
fn sort_types(types: &[Type]) -> Vec<usize> {
    let n = types.len();
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    for i in 0..n {
        for j in i + 1..n {
            match compare_types(&types[i], &types[j]) {
                c if c < 0 => edges[i].push(j),
                c if c > 0 => edges[j].push(i),
                _ => {}
            }
        }
    }
    let mut in_degree = vec![0usize; n];
    for outs in &edges {
        for &j in outs {
            in_degree[j] += 1;
        }
    }
    let mut result: Vec<usize> = (0..n).filter(|&i| in_degree[i] == 0).collect();
    let mut head = 0;
    while head < result.len() {
        let i = result[head];
        head += 1;
        for &j in &edges[i] {
            in_degree[j] -= 1;
            if in_degree[j] == 0 {
                result.push(j);
            }
        }
    }
    result
}

/// go-cty's `compareTypes`: negative when `a` is the more general (preferred) type.
fn compare_types(a: &Type, b: &Type) -> i32 {
    if a.is_dynamic() || b.is_dynamic() {
        return match (a.is_dynamic(), b.is_dynamic()) {
            (false, _) => -1,
            (_, false) => 1,
            _ => 0,
        };
    }
    if a.is_primitive() && b.is_primitive() && (*a == Type::String || *b == Type::String) {
        return match (a == &Type::String, b == &Type::String) {
            (false, _) => 1,
            (_, false) => -1,
            _ => 0,
        };
    }
    match (a, b) {
        (Type::List(x), Type::List(y))
        | (Type::Set(x), Type::Set(y))
        | (Type::Map(x), Type::Map(y)) => {
            return compare_types(x, y);
        }
        _ => {}
    }
    let (a, b, swap) = match (a, b) {
        (Type::Tuple(_), Type::List(_))
        | (Type::Object(_), Type::Map(_))
        | (Type::Set(_), Type::Tuple(_))
        | (Type::Set(_), Type::List(_)) => (b, a, -1),
        _ => (a, b, 1),
    };
    if matches!(b, Type::Set(_)) && matches!(a, Type::Tuple(_) | Type::List(_)) {
        return -swap;
    }
    if matches!(a, Type::List(_)) && matches!(b, Type::Tuple(_)) {
        return -swap;
    }
    if matches!(a, Type::Map(_)) && matches!(b, Type::Object(_)) {
        return -swap;
    }
    let verdict = |pairs: Vec<(&Type, &Type)>| -> i32 {
        let (mut a_super, mut b_super) = (false, false);
        for (x, y) in pairs {
            match compare_types(x, y) {
                c if c < 0 => a_super = true,
                c if c > 0 => b_super = true,
                _ => {}
            }
        }
        match (a_super, b_super) {
            (true, false) => -swap,
            (false, true) => swap,
            _ => 0,
        }
    };
    match (a, b) {
        (Type::Object(x), Type::Object(y)) => {
            if x.attributes().len() != y.attributes().len() {
                return 0;
            }
            let mut pairs = Vec::new();
            for (k, xt) in x.attributes() {
                let Some(yt) = y.attribute(k) else { return 0 };
                pairs.push((xt, yt));
            }
            verdict(pairs)
        }
        (Type::Tuple(x), Type::Tuple(y)) => {
            if x.len() != y.len() {
                return 0;
            }
            verdict(x.iter().zip(y.iter()).collect())
        }
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_win_over_numbers_and_bools() {
        assert_eq!(
            unify(&[Type::String, Type::Number, Type::String], true),
            Some(Type::String)
        );
        assert_eq!(unify(&[Type::Number, Type::Bool], true), None);
        assert_eq!(
            unify(&[Type::Dynamic, Type::Number], true),
            Some(Type::Number)
        );
    }

    #[test]
    fn objects_unify_by_attribute_or_as_maps() {
        let a = Type::object([("x", Type::String)]);
        let b = Type::object([("x", Type::Number)]);
        assert_eq!(unify(&[a.clone(), b], true), Some(a.clone()));
        let c = Type::object([("y", Type::Number)]);
        assert_eq!(unify(&[a, c], true), Some(Type::map(Type::String)));
    }

    #[test]
    fn empty_tuple_and_string_do_not_unify() {
        assert_eq!(unify(&[Type::String, Type::tuple([])], true), None);
    }
}
