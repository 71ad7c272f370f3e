//! Test-only helpers shared by the unit tests of the sibling modules.

use super::board::{Board, N};
use super::Boj2615;
use crate::problems::{generate_test, GenRequest};

/// Generated test `index` of `seed` at full size.
pub(super) fn gen(seed: u64, index: u64) -> String {
    generate_test(&Boj2615, seed, GenRequest::full(index))
}

/// A board with the given stones `(row, column, colour)`, rows and columns 1-based.
pub(super) fn board_with(stones: &[(usize, usize, u8)]) -> Board {
    let mut b = [[0u8; N]; N];
    for &(r, c, v) in stones {
        b[r - 1][c - 1] = v;
    }
    b
}
