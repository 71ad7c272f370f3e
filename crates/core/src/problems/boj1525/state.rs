//! A table as a value: the permutation of 0..8 read row by row, its lexicographic rank, its
//! parity (which decides whether the goal can be reached), the slides from it, and reading and
//! writing it.

use crate::problems::{InvalidInput, Tokens};

/// A table, row by row; 0 is the empty cell.
pub(super) type State = [u8; 9];

/// The table to reach.
pub(super) const GOAL: State = [1, 2, 3, 4, 5, 6, 7, 8, 0];

/// `(8 - i)!` for each place `i`: the weights of the places in a rank.
pub(super) const FACTORIALS: [usize; 9] = [40320, 5040, 720, 120, 24, 6, 2, 1, 1];

/// The lexicographic rank of a permutation of 0..8, in `0..9!`.
pub(super) fn rank(state: &State) -> usize {
    let mut used = 0u32; // bit v: value v already seen
    let mut r = 0;
    for (i, &v) in state.iter().enumerate() {
        // Values smaller than v still unused are exactly those smaller than v after it.
        let smaller_unused = v as usize - (used & ((1 << v) - 1)).count_ones() as usize;
        r += smaller_unused * FACTORIALS[i];
        used |= 1 << v;
    }
    r
}

/// The permutation of lexicographic rank `r`.
pub(super) fn unrank(mut r: usize) -> State {
    let mut left: Vec<u8> = (0..9).collect();
    let mut state = [0u8; 9];
    for (i, slot) in state.iter_mut().enumerate() {
        let pick = r / FACTORIALS[i];
        r %= FACTORIALS[i];
        *slot = left.remove(pick);
    }
    state
}

/// Whether the tiles 1..8 read row by row form an even permutation: exactly the tables that can
/// reach the goal (on a board of odd width a slide never changes this parity).
pub(super) fn solvable(state: &State) -> bool {
    let tiles: Vec<u8> = state.iter().copied().filter(|&v| v != 0).collect();
    let mut inversions = 0;
    for i in 0..tiles.len() {
        for j in i + 1..tiles.len() {
            inversions += usize::from(tiles[i] > tiles[j]);
        }
    }
    inversions % 2 == 0
}

/// The tables one slide away.
pub(super) fn neighbours(state: &State) -> Vec<State> {
    let mut out = Vec::with_capacity(4);
    for_each_neighbour(state, |next| out.push(next));
    out
}

/// Calls `visit` with every table one slide away (no allocation: used by the table's search).
pub(super) fn for_each_neighbour(state: &State, mut visit: impl FnMut(State)) {
    let z = state
        .iter()
        .position(|&v| v == 0)
        .expect("a table has an empty cell");
    let (r, c) = (z / 3, z % 3);
    let mut slide = |from: usize| {
        let mut next = *state;
        next.swap(z, from);
        visit(next);
    };
    if r > 0 {
        slide(z - 3);
    }
    if r < 2 {
        slide(z + 3);
    }
    if c > 0 {
        slide(z - 1);
    }
    if c < 2 {
        slide(z + 1);
    }
}

/// Swaps the labels 7 and 8. This maps unreachable tables onto reachable ones and the table
/// `1 2 3 / 4 5 6 / 8 7 0` onto the goal, preserving slides: so the distance of an unreachable
/// table to `1 2 3 / 4 5 6 / 8 7 0` is the goal distance of its relabelled table.
pub(super) fn relabel(state: &State) -> State {
    state.map(|v| match v {
        7 => 8,
        8 => 7,
        other => other,
    })
}

/// Reads nine numbers leniently; they must be 0..8, each once.
pub(super) fn parse(input: &str) -> Result<State, InvalidInput> {
    let mut tokens = Tokens::new(input);
    let mut state = [0u8; 9];
    let mut seen = [None; 9];
    for (i, slot) in state.iter_mut().enumerate() {
        let (r, c) = (i / 3 + 1, i % 3 + 1);
        let value: u32 = tokens.parse(&format!("the number at row {r}, column {c}"))?;
        if value > 8 {
            return Err(InvalidInput::new(format!(
                "row {r}, column {c}: numbers must be 0..8, found {value}"
            )));
        }
        if let Some((pr, pc)) = seen[value as usize] {
            return Err(InvalidInput::new(format!(
                "row {r}, column {c}: {value} already appears at row {pr}, column {pc}"
            )));
        }
        seen[value as usize] = Some((r, c));
        *slot = value as u8;
    }
    tokens.expect_end()?;
    Ok(state)
}

/// The table in the official input format.
pub(super) fn format_state(state: &State) -> String {
    let mut out = String::with_capacity(18);
    for (i, &v) in state.iter().enumerate() {
        out.push(char::from(b'0' + v));
        out.push(if i % 3 == 2 { '\n' } else { ' ' });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_unrank_are_inverse() {
        for r in (0..362880).step_by(997) {
            assert_eq!(rank(&unrank(r)), r);
        }
        assert_eq!(rank(&[0, 1, 2, 3, 4, 5, 6, 7, 8]), 0);
        assert_eq!(rank(&[8, 7, 6, 5, 4, 3, 2, 1, 0]), 362879);
    }
}
