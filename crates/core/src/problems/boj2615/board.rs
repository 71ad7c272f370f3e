//! The 19 x 19 board: its cells, the four line directions, and reading and writing it.

use crate::problems::{InvalidInput, Tokens};

/// The board side.
pub(super) const N: usize = 19;

/// A board: 0 empty, 1 black, 2 white; `board[row][column]`.
pub(super) type Board = [[u8; N]; N];

/// The four line directions, each walked from its leftmost stone (topmost when vertical):
/// right, down, down-right, up-right.
pub(super) const DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (-1, 1)];

/// Whether `(r, c)` is on the board.
pub(super) fn inside(r: i32, c: i32) -> bool {
    // Negative values wrap to huge unsigned ones.
    (r as u32) < N as u32 && (c as u32) < N as u32
}

/// The cell at `(r, c)`, 0 (empty) off the board.
pub(super) fn at(board: &Board, r: i32, c: i32) -> u8 {
    if inside(r, c) {
        board[r as usize][c as usize]
    } else {
        0
    }
}

/// Reads 361 cells leniently (any whitespace), each 0, 1 or 2.
pub(super) fn parse_board(input: &str) -> Result<Board, InvalidInput> {
    let mut tokens = Tokens::new(input);
    let mut board = [[0u8; N]; N];
    for (r, row) in board.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            let value: u32 = tokens.parse(&format!("cell ({}, {})", r + 1, c + 1))?;
            if value > 2 {
                return Err(InvalidInput::new(format!(
                    "cell ({}, {}) must be 0, 1 or 2, found {value}",
                    r + 1,
                    c + 1
                )));
            }
            *cell = value as u8;
        }
    }
    tokens.expect_end()?;
    Ok(board)
}

/// The board in the official input format.
pub(super) fn format_board(board: &Board) -> String {
    let mut out = String::with_capacity(N * 2 * N);
    for row in board {
        for (c, &v) in row.iter().enumerate() {
            if c > 0 {
                out.push(' ');
            }
            out.push(char::from(b'0' + v));
        }
        out.push('\n');
    }
    out
}

/// The number of stones on the board.
pub(super) fn stone_count(board: &Board) -> usize {
    board.iter().flatten().filter(|&&v| v != 0).count()
}
