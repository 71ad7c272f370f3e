//! Test-only helpers shared by the unit tests of the sibling modules.

use super::BlockGame;

/// The problem under test.
pub(super) const P: BlockGame = BlockGame;

/// The boards of an input as text blocks of five lines.
pub(super) fn boards_of(input: &str) -> Vec<String> {
    let lines: Vec<&str> = input.lines().skip(1).collect();
    lines
        .chunks(5)
        .map(|rows| rows.iter().map(|r| format!("{r}\n")).collect())
        .collect()
}

/// The number of empty cells of a board given as text.
pub(super) fn empty_cells(board: &str) -> usize {
    board.bytes().filter(|&b| b == b'.').count()
}
