//! What makes a set a set in [`Value`]: its wholly known elements are unique, and their order
//! carries no meaning.
//!
//! A set keeps the order its elements were given or read, as Go's `tftypes` does, so building
//! or decoding one never reorders it. Equality, hashing and [`Value::canonical_cmp`] ignore
//! the order instead. (Sorting every set into one canonical order made each large set cost a
//! sort of element trees, and left the elements out of the order their data lies in memory, so
//! that every later walk over them missed the cache once per element.)
//!
//! Finding duplicates among `n` elements, or matching the elements of two sets, starts from a
//! 64-bit hash of each element's content under one fixed seed: a sort of `n` integers, with a
//! full comparison only between elements whose hashes are equal.

use std::cmp::Ordering;
use std::hash::{BuildHasher, Hasher};

use foldhash::fast::FixedState;

use super::Value;

/// Sets of at most this many elements are compared pairwise: no hashing, no allocation.
const PAIRWISE: usize = 8;

/// The hasher of element content: a fixed seed, so that a value hashes alike in every run.
fn content_hasher() -> FixedState {
    FixedState::with_seed(0x7466_7364_6b2d_7273)
}

fn content_hash(element: &Value, hasher: &FixedState) -> u64 {
    let mut state = hasher.build_hasher();
    element.hash_content(&mut state);
    state.finish()
}

/// A hash of a set's elements that is the same in any order: the wrapping sum of their
/// content hashes.
pub(super) fn unordered_hash(elements: &[Value]) -> u64 {
    let hasher = content_hasher();
    elements.iter().fold(0, |sum: u64, element| {
        sum.wrapping_add(content_hash(element, &hasher))
    })
}

/// The content hashes of `elements` with their positions, sorted (by hash, then position).
fn sorted_hashes<'a>(elements: impl Iterator<Item = (usize, &'a Value)>) -> Vec<(u64, usize)> {
    let hasher = content_hasher();
    let mut keyed: Vec<(u64, usize)> = elements
        .map(|(at, element)| (content_hash(element, &hasher), at))
        .collect();
    keyed.sort_unstable();
    keyed
}

/// The position of the first wholly known element that equals an earlier one, if any. An
/// element that is not wholly known is never a duplicate: an unknown may turn out to be
/// anything.
pub(crate) fn duplicate_in_set(elements: &[Value]) -> Option<usize> {
    if elements.len() <= PAIRWISE {
        return (1..elements.len())
            .find(|&at| elements[at].is_wholly_known() && elements[..at].contains(&elements[at]));
    }
    let keyed = sorted_hashes(
        elements
            .iter()
            .enumerate()
            .filter(|(_, element)| element.is_wholly_known()),
    );
    let mut first: Option<usize> = None;
    // Equal elements have equal hashes; a run of equal hashes is in position order.
    for run in keyed
        .chunk_by(|a, b| a.0 == b.0)
        .filter(|run| run.len() > 1)
    {
        for (k, &(_, at)) in run.iter().enumerate().skip(1) {
            if first.is_some_and(|first| first <= at) {
                break;
            }
            if run[..k].iter().any(|&(_, i)| elements[i] == elements[at]) {
                first = Some(at);
                break;
            }
        }
    }
    first
}

/// Whether two sets' elements are the same, in any order.
pub(super) fn same_elements(a: &[Value], b: &[Value]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    // Two sets read from one source, or built alike, list their elements in one order.
    if a == b {
        return true;
    }
    if a.len() <= PAIRWISE {
        let mut matched = [false; PAIRWISE];
        return a.iter().all(|x| {
            let found = (0..b.len()).find(|&k| !matched[k] && b[k] == *x);
            found.inspect(|&k| matched[k] = true).is_some()
        });
    }
    let (ka, kb) = (
        sorted_hashes(a.iter().enumerate()),
        sorted_hashes(b.iter().enumerate()),
    );
    if !ka.iter().map(|k| k.0).eq(kb.iter().map(|k| k.0)) {
        return false;
    }
    // Equal hashes: within each run, every element of `a` must match one of `b` (equality is
    // an equivalence, so matching greedily finds a matching when there is one).
    let same_hash = |x: &(u64, usize), y: &(u64, usize)| x.0 == y.0;
    ka.chunk_by(same_hash)
        .zip(kb.chunk_by(same_hash))
        .all(|(run_a, run_b)| {
            if let ([(_, i)], [(_, j)]) = (run_a, run_b) {
                return a[*i] == b[*j];
            }
            let mut matched = vec![false; run_b.len()];
            run_a.iter().all(|&(_, i)| {
                let found = (0..run_b.len()).find(|&k| !matched[k] && b[run_b[k].1] == a[i]);
                found.inspect(|&k| matched[k] = true).is_some()
            })
        })
}

/// [`Value::canonical_cmp`] between two sets: their elements, each set's in that order.
pub(super) fn cmp_unordered(a: &[Value], b: &[Value]) -> Ordering {
    fn sorted(elements: &[Value]) -> Vec<&Value> {
        let mut sorted: Vec<&Value> = elements.iter().collect();
        sorted.sort_unstable_by(|p, q| Value::canonical_cmp(p, q));
        sorted
    }
    let (a, b) = (sorted(a), sorted(b));
    a.iter()
        .zip(&b)
        .map(|(p, q)| Value::canonical_cmp(p, q))
        .find(|order| order.is_ne())
        .unwrap_or_else(|| a.len().cmp(&b.len()))
}
