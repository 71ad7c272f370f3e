//! The board of an input: reading it leniently (for `solve` and `shrink`), checking the
//! statement's guarantees on its blocks, and writing it in the official format.

use super::{MAX_BLOCK, MAX_N};
use crate::problems::game2048::Grid;
use crate::problems::{InvalidInput, Tokens};

fn is_block(value: u32) -> bool {
    (2..=MAX_BLOCK).contains(&value) && value.is_power_of_two()
}

/// Checks the board's guarantees (values, at least one block) and names the first violation.
pub(super) fn check_board(grid: &Grid) -> Result<(), InvalidInput> {
    for row in 0..grid.size {
        for col in 0..grid.size {
            let value = grid.get(row, col);
            if value != 0 && !is_block(value) {
                return Err(InvalidInput::new(format!(
                    "line {}: row {}, column {}: {value} is neither 0 nor a power of two \
                     from 2 to {MAX_BLOCK}",
                    row + 2,
                    row + 1,
                    col + 1
                )));
            }
        }
    }
    if grid.max_tile() == 0 {
        return Err(InvalidInput::new(
            "the board has no block (every cell is 0)",
        ));
    }
    Ok(())
}

/// Reads a board, tolerant of whitespace layout (used by `solve`), and checks its guarantees.
pub(super) fn parse_board(input: &str) -> Result<Grid, InvalidInput> {
    let mut tokens = Tokens::new(input);
    let n: u64 = tokens.parse("N")?;
    if !(1..=MAX_N as u64).contains(&n) {
        return Err(InvalidInput::new(format!(
            "N must be between 1 and {MAX_N}, found {n}"
        )));
    }
    let n = n as usize;
    let mut grid = Grid::new(n);
    for row in 0..n {
        for col in 0..n {
            let what = format!("the cell at row {}, column {}", row + 1, col + 1);
            let value: u64 = tokens.parse(&what)?;
            if value > u64::from(MAX_BLOCK) {
                return Err(InvalidInput::new(format!(
                    "{what} is {value}, above {MAX_BLOCK}"
                )));
            }
            grid.set(row, col, value as u32);
        }
    }
    tokens.expect_end()?;
    check_board(&grid)?;
    Ok(grid)
}

/// The board in the official input format: N, then the rows.
pub(super) fn board_text(grid: &Grid) -> String {
    format!("{}\n{grid}", grid.size)
}
