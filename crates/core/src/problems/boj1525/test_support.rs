//! Test-only helpers shared by the unit tests of the sibling modules.

use super::solve::distance;
use super::state::{relabel, State};
use super::Boj1525;
use crate::problems::{generate_test, GenRequest};

/// Generated test `index` of `seed` at full size.
pub(super) fn gen(seed: u64, index: u64) -> String {
    generate_test(&Boj1525, seed, GenRequest::full(index))
}

/// Generated test `index` of `seed` at `size_percent`.
pub(super) fn gen_at(seed: u64, index: u64, size_percent: u32) -> String {
    generate_test(
        &Boj1525,
        seed,
        GenRequest {
            index,
            size_percent,
        },
    )
}

/// The order shrinking must decrease: reachable before unreachable, then the distance.
pub(super) fn size(s: &State) -> (bool, u8) {
    match distance(s) {
        Some(d) => (false, d),
        None => (true, distance(&relabel(s)).unwrap()),
    }
}
