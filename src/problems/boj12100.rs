//! Baekjoon 12100 "2048 (Easy)": on an N x N board of 2048 blocks (1 <= N <= 20, every block a
//! power of two from 2 to 1024, at least one block), print the largest block that can be made
//! in at most five moves. The move rule lives in [`super::game2048`].
//!
//! The reference solver is a depth-first search over the 4^5 move sequences that skips moves
//! which change nothing and stops a branch early when even doubling the largest block on every
//! remaining move (capped by the total of all blocks) cannot beat the best found so far.

use super::game2048::{Direction, Grid};
use super::{check_strict_format, is_plain_decimal, GenRequest, InvalidInput, Problem, Tokens};
use crate::rng::TestRng;

/// The largest board side the statement allows.
pub const MAX_N: usize = 20;
/// The number of moves allowed.
pub const MOVES: u32 = 5;
/// The largest block value in an input.
pub const MAX_BLOCK: u32 = 1024;
/// How many generator scenarios `generate` rotates through.
const SCENARIOS: u64 = 10;

pub struct Boj12100;

fn is_block(value: u32) -> bool {
    (2..=MAX_BLOCK).contains(&value) && value.is_power_of_two()
}

/// Checks the board's guarantees (values, at least one block) and names the first violation.
fn check_board(grid: &Grid) -> Result<(), InvalidInput> {
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
fn parse_board(input: &str) -> Result<Grid, InvalidInput> {
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

/// A number token in plain decimal: digits only, no sign, no leading zero.
fn plain_number(token: &str, line: usize, what: &str) -> Result<u32, InvalidInput> {
    if !is_plain_decimal(token, 9) {
        return Err(InvalidInput::new(format!(
            "line {line}: {what} must be a plain decimal number, found {token:?}"
        )));
    }
    Ok(token.parse().expect("checked digits"))
}

/// The largest block reachable from `grid` in at most `moves` moves.
pub fn best_within(grid: &Grid, moves: u32) -> u32 {
    let total: u64 = grid.cells.iter().map(|&v| u64::from(v)).sum();
    // No block can exceed the largest power of two not above the total of all blocks.
    let cap = if total == 0 {
        0
    } else {
        1u64 << (63 - total.leading_zeros())
    };
    let mut best = grid.max_tile();
    // One board per depth, reused, so the search allocates nothing per node.
    let mut stack = vec![grid.clone(); moves as usize + 1];
    search(&mut stack, 0, cap, &mut best);
    best
}

/// Searches from `stack[depth]`; `stack.len() - 1 - depth` moves remain.
fn search(stack: &mut [Grid], depth: usize, cap: u64, best: &mut u32) {
    let here = stack[depth].max_tile();
    *best = (*best).max(here);
    let moves_left = (stack.len() - 1 - depth) as u32;
    if moves_left == 0 {
        return;
    }
    for direction in Direction::ALL {
        // Even doubling the largest block on every remaining move cannot beat `best`.
        if (u64::from(here) << moves_left).min(cap) <= u64::from(*best) {
            return;
        }
        let (done, rest) = stack.split_at_mut(depth + 1);
        let next = &mut rest[0];
        next.cells.copy_from_slice(&done[depth].cells);
        if next.apply(direction) {
            search(stack, depth + 1, cap, best);
        }
    }
}

fn board_text(grid: &Grid) -> String {
    format!("{}\n{grid}", grid.size)
}

// ---------------------------------------------------------------------------------------------
// Generation

/// `2^exponent`.
fn power(exponent: u64) -> u32 {
    1u32 << exponent
}

/// A side length in `low..=` the size allowed by `request` (at least `low`).
fn pick_n(rng: &mut TestRng, request: GenRequest, low: usize) -> usize {
    let high = request.scaled(low as u64, MAX_N as u64);
    rng.range_inclusive(low as u64, high) as usize
}

/// Puts a 2 in a random cell when the board has no block, so every board is valid.
fn ensure_block(rng: &mut TestRng, grid: &mut Grid) {
    if grid.max_tile() == 0 {
        let cell = rng.index(grid.cells.len());
        grid.cells[cell] = 2;
    }
}

/// Copies the left or upper neighbour into cells with probability `num/den`, which makes
/// equal neighbours (merges) frequent.
fn smear(rng: &mut TestRng, grid: &mut Grid, num: u64, den: u64) {
    let n = grid.size;
    for row in 0..n {
        for col in 0..n {
            if !rng.chance(num, den) {
                continue;
            }
            let from_left = rng.chance(1, 2);
            let source = if from_left && col > 0 {
                Some(grid.get(row, col - 1))
            } else if row > 0 {
                Some(grid.get(row - 1, col))
            } else if col > 0 {
                Some(grid.get(row, col - 1))
            } else {
                None
            };
            if let Some(value) = source.filter(|&v| v != 0) {
                grid.set(row, col, value);
            }
        }
    }
}

/// A board whose cells are filled with probability `density_percent`, each block drawn from
/// `exponents` (exponents of two).
fn random_board(rng: &mut TestRng, n: usize, density_percent: u64, exponents: &[u64]) -> Grid {
    let mut grid = Grid::new(n);
    for cell in grid.cells.iter_mut() {
        if rng.chance(density_percent, 100) {
            *cell = power(*rng.pick(exponents));
        }
    }
    grid
}

/// `count` consecutive exponents starting at a random base, all within 1..=10.
fn exponent_window(rng: &mut TestRng, count: u64, lowest: u64, highest: u64) -> Vec<u64> {
    let top_base = highest + 1 - count;
    let base = rng.range_inclusive(lowest, top_base.max(lowest));
    (base..base + count)
        .filter(|&e| (1..=10).contains(&e))
        .collect()
}

/// The grid mirrored in its main diagonal.
fn transposed(grid: &Grid) -> Grid {
    let mut out = grid.clone();
    for row in 0..grid.size {
        for col in 0..grid.size {
            out.set(col, row, grid.get(row, col));
        }
    }
    out
}

/// One of the eight symmetries of the square, chosen at random.
fn random_symmetry(rng: &mut TestRng, grid: &Grid) -> Grid {
    let n = grid.size;
    let transpose = rng.chance(1, 2);
    let turns = rng.below(4);
    let mut out = if transpose {
        transposed(grid)
    } else {
        grid.clone()
    };
    for _ in 0..turns {
        let before = out.clone();
        for row in 0..n {
            for col in 0..n {
                out.set(col, n - 1 - row, before.get(row, col));
            }
        }
    }
    out
}

/// `count` distinct values of `0..n` in increasing order.
fn sorted_sample(rng: &mut TestRng, n: usize, count: usize) -> Vec<usize> {
    let mut all: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut all);
    let mut chosen = all[..count].to_vec();
    chosen.sort_unstable();
    chosen
}

/// Places a small board into an `n` x `n` one after a random symmetry and a random scaling
/// by a power of two (keeping blocks <= 1024). Its rows go to increasing random rows and its
/// columns to increasing random columns: the order of blocks along every row and column is
/// kept, so the game from the big board is the game from the small one.
fn embed(rng: &mut TestRng, small: &Grid, n: usize) -> Grid {
    let k = small.size;
    let shaped = random_symmetry(rng, small);
    let largest = shaped.max_tile().max(1);
    let max_shift = (MAX_BLOCK / largest).trailing_zeros() as u64;
    let shift = rng.range_inclusive(0, max_shift);
    let rows = sorted_sample(rng, n, k);
    let cols = sorted_sample(rng, n, k);
    let mut grid = Grid::new(n);
    for (r, &row) in rows.iter().enumerate() {
        for (c, &col) in cols.iter().enumerate() {
            grid.set(row, col, shaped.get(r, c) << shift);
        }
    }
    grid
}

/// 3 x 3 boards where merging the pair farthest from the side first changes the answer.
const FAR_PAIR_GADGETS: [[[u32; 3]; 3]; 6] = [
    [[0, 2, 0], [4, 8, 2], [0, 0, 2]],
    [[2, 4, 2], [0, 8, 0], [0, 2, 0]],
    [[0, 4, 0], [0, 8, 2], [2, 2, 0]],
    [[2, 0, 0], [2, 8, 4], [0, 2, 0]],
    [[4, 0, 4], [2, 0, 0], [8, 8, 8]],
    [[4, 2, 8], [0, 8, 0], [4, 8, 0]],
];

/// 3 x 3 boards where letting a merged block merge again in the same move changes the answer.
const DOUBLE_MERGE_GADGETS: [[[u32; 3]; 3]; 5] = [
    [[0, 2, 0], [0, 4, 8], [0, 2, 0]],
    [[0, 0, 0], [4, 8, 4], [0, 8, 8]],
    [[0, 0, 0], [4, 4, 0], [2, 4, 2]],
    [[0, 0, 2], [4, 0, 4], [0, 4, 2]],
    [[0, 4, 2], [0, 4, 4], [0, 0, 2]],
];

/// 3 x 3 boards whose best block needs all five moves (fallbacks of the fifth-move scenario).
const FIFTH_MOVE_GADGETS: [[[u32; 3]; 3]; 4] = [
    [[0, 0, 0], [8, 0, 2], [2, 4, 0]],
    [[0, 0, 8], [0, 4, 2], [0, 8, 0]],
    [[0, 4, 0], [0, 0, 8], [8, 8, 4]],
    [[0, 8, 0], [4, 4, 8], [0, 8, 0]],
];

fn gadget(cells: &[[u32; 3]; 3]) -> Grid {
    Grid::from_rows(cells.iter().map(|row| row.to_vec()).collect())
}

/// Scenario: dense boards over two or three neighbouring values with many equal neighbours.
fn merge_rich(rng: &mut TestRng, request: GenRequest) -> Grid {
    let n = pick_n(rng, request, 2);
    let count = rng.range_inclusive(2, 3);
    let exponents = exponent_window(rng, count, 1, 9);
    let density = rng.range_inclusive(60, 100);
    let mut grid = random_board(rng, n, density, &exponents);
    smear(rng, &mut grid, 1, 2);
    grid
}

/// Scenario: the rows (or columns) are runs of equal blocks: `x x x x`, `x x 2x`, `2x x x`...
fn long_runs(rng: &mut TestRng, request: GenRequest) -> Grid {
    let n = pick_n(rng, request, 3);
    let mut grid = Grid::new(n);
    for row in 0..n {
        let mut line: Vec<u32> = Vec::with_capacity(n);
        let mut first = true;
        while line.len() < n {
            if !first && rng.chance(1, 5) {
                line.push(0);
                continue;
            }
            let x = power(rng.range_inclusive(1, 8));
            let room = n - line.len();
            // The first run of the first row is at least three long, so every board has one.
            let kind = if first && row == 0 { 0 } else { rng.below(3) };
            let mut run: Vec<u32> = match kind {
                0 => {
                    let low = if first && row == 0 {
                        3.min(room)
                    } else {
                        2.min(room)
                    };
                    let length = rng.range_inclusive(low as u64, room as u64) as usize;
                    vec![x; length]
                }
                1 => vec![x, x, 2 * x],
                _ => vec![x, x, x, 2 * x],
            };
            if kind != 0 && rng.chance(1, 2) {
                run.reverse();
            }
            run.truncate(room);
            line.extend(run);
            first = false;
        }
        for (col, &value) in line.iter().enumerate() {
            grid.set(row, col, value);
        }
    }
    if rng.chance(1, 2) {
        // Columns instead of rows (a transpose keeps the runs whole).
        grid = transposed(&grid);
    }
    grid
}

/// Scenario: a board that only a correct "pair nearest the side first" rule solves right.
fn far_pair(rng: &mut TestRng, request: GenRequest) -> Grid {
    let n = pick_n(rng, request, 3);
    let small = gadget(rng.pick(&FAR_PAIR_GADGETS));
    embed(rng, &small, n)
}

/// Scenario: a board where a block merged twice in one move changes the answer; on wide
/// boards sometimes the chain `v v 2v 4v 8v 16v 32v` (correct: 32v; merging twice: 64v).
fn double_merge(rng: &mut TestRng, request: GenRequest) -> Grid {
    let n = pick_n(rng, request, 3);
    if n >= 7 && rng.chance(1, 2) {
        let v = power(rng.range_inclusive(1, 5));
        let mut chain: Vec<u32> = vec![v];
        chain.extend((0..6).map(|i| v << i));
        if rng.chance(1, 2) {
            chain.reverse();
        }
        let line = rng.index(n);
        let start = rng.index(n - chain.len() + 1);
        let vertical = rng.chance(1, 2);
        let mut grid = Grid::new(n);
        for (offset, &value) in chain.iter().enumerate() {
            if vertical {
                grid.set(start + offset, line, value);
            } else {
                grid.set(line, start + offset, value);
            }
        }
        return grid;
    }
    let small = gadget(rng.pick(&DOUBLE_MERGE_GADGETS));
    embed(rng, &small, n)
}

/// Scenario: the largest block needs the fifth move. Small boards are drawn until one needs
/// it (bounded retries, then a fixed board), then embedded in the big board.
fn fifth_move(rng: &mut TestRng, request: GenRequest) -> Grid {
    let n = pick_n(rng, request, 3);
    let k = if n >= 4 && rng.chance(1, 2) { 4 } else { 3 };
    for _ in 0..60 {
        let blocks = rng.range_inclusive(5, 8) as usize;
        let mut cells: Vec<usize> = (0..k * k).collect();
        rng.shuffle(&mut cells);
        let mut small = Grid::new(k);
        for &cell in &cells[..blocks] {
            small.cells[cell] = power(rng.range_inclusive(1, 3));
        }
        if best_within(&small, MOVES) > best_within(&small, MOVES - 1) {
            return embed(rng, &small, n);
        }
    }
    let small = gadget(rng.pick(&FIFTH_MOVE_GADGETS));
    embed(rng, &small, n)
}

/// Scenario: the smallest board, one cell.
fn single_cell(rng: &mut TestRng) -> Grid {
    Grid::from_rows(vec![vec![power(rng.range_inclusive(1, 10))]])
}

/// Scenario: every cell holds a block.
fn full_board(rng: &mut TestRng, request: GenRequest) -> Grid {
    let n = pick_n(rng, request, 2);
    let count = rng.range_inclusive(2, 4);
    let exponents = exponent_window(rng, count, 1, 10);
    let mut grid = random_board(rng, n, 100, &exponents);
    if rng.chance(1, 2) {
        smear(rng, &mut grid, 1, 4);
    }
    grid
}

/// Scenario: few blocks far apart.
fn sparse(rng: &mut TestRng, request: GenRequest) -> Grid {
    let n = pick_n(rng, request, 2);
    let most = (n * n / 8).max(1);
    let blocks = rng.range_inclusive(1, most as u64) as usize;
    let mut cells: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut cells);
    let low_values = rng.chance(1, 2);
    let mut grid = Grid::new(n);
    for &cell in &cells[..blocks] {
        let exponent = if low_values {
            rng.range_inclusive(1, 3)
        } else {
            rng.range_inclusive(1, 10)
        };
        grid.cells[cell] = power(exponent);
    }
    grid
}

/// Scenario: the largest side the size allows, often with large blocks (answers above 1024).
fn largest(rng: &mut TestRng, request: GenRequest) -> Grid {
    let n = request.scaled(1, MAX_N as u64) as usize;
    let count = rng.range_inclusive(2, 4);
    let exponents = if rng.chance(1, 2) {
        exponent_window(rng, count, 7, 10)
    } else {
        exponent_window(rng, count, 1, 10)
    };
    let density = rng.range_inclusive(40, 100);
    let mut grid = random_board(rng, n, density, &exponents);
    smear(rng, &mut grid, 1, 3);
    grid
}

/// Scenario: plain random boards.
fn plain_random(rng: &mut TestRng, request: GenRequest) -> Grid {
    let n = pick_n(rng, request, 1);
    let density = rng.range_inclusive(1, 100);
    let exponents: Vec<u64> = (1..=10).collect();
    random_board(rng, n, density, &exponents)
}

fn generate_grid(rng: &mut TestRng, request: GenRequest) -> Grid {
    let mut grid = match request.index % SCENARIOS {
        0 => merge_rich(rng, request),
        1 => far_pair(rng, request),
        2 => long_runs(rng, request),
        3 => double_merge(rng, request),
        4 => fifth_move(rng, request),
        5 => single_cell(rng),
        6 => full_board(rng, request),
        7 => sparse(rng, request),
        8 => largest(rng, request),
        _ => plain_random(rng, request),
    };
    ensure_block(rng, &mut grid);
    grid
}

// ---------------------------------------------------------------------------------------------
// Shrinking

/// The board without row `drop_row` and column `drop_col`.
fn drop_row_and_column(grid: &Grid, drop_row: usize, drop_col: usize) -> Grid {
    let rows: Vec<Vec<u32>> = grid
        .to_rows()
        .into_iter()
        .enumerate()
        .filter(|&(r, _)| r != drop_row)
        .map(|(_, row)| {
            row.into_iter()
                .enumerate()
                .filter(|&(c, _)| c != drop_col)
                .map(|(_, v)| v)
                .collect()
        })
        .collect();
    Grid::from_rows(rows)
}

impl Problem for Boj12100 {
    fn id(&self) -> &'static str {
        "boj12100"
    }

    fn generate(&self, rng: &mut TestRng, request: GenRequest) -> String {
        board_text(&generate_grid(rng, request))
    }

    fn validate(&self, input: &str) -> Result<(), InvalidInput> {
        check_strict_format(input)?;
        let lines: Vec<&str> = input.split_terminator('\n').collect();
        let header: Vec<&str> = lines[0].split(' ').collect();
        if header.len() != 1 {
            return Err(InvalidInput::new(format!(
                "line 1 must hold only N, found {} tokens",
                header.len()
            )));
        }
        let n = plain_number(header[0], 1, "N")? as usize;
        if !(1..=MAX_N).contains(&n) {
            return Err(InvalidInput::new(format!(
                "line 1: N must be between 1 and {MAX_N}, found {n}"
            )));
        }
        if lines.len() != n + 1 {
            return Err(InvalidInput::new(format!(
                "expected {} lines (N and {n} rows), found {}",
                n + 1,
                lines.len()
            )));
        }
        let mut grid = Grid::new(n);
        for row in 0..n {
            let line = row + 2;
            let tokens: Vec<&str> = lines[row + 1].split(' ').collect();
            if tokens.len() != n {
                return Err(InvalidInput::new(format!(
                    "line {line}: row {} must have {n} numbers, found {}",
                    row + 1,
                    tokens.len()
                )));
            }
            for (col, token) in tokens.iter().enumerate() {
                let what = format!("row {}, column {}", row + 1, col + 1);
                grid.set(row, col, plain_number(token, line, &what)?);
            }
        }
        check_board(&grid)
    }

    fn solve(&self, input: &str) -> Result<String, InvalidInput> {
        let grid = parse_board(input)?;
        Ok(format!("{}\n", best_within(&grid, MOVES)))
    }

    /// Candidates, each smaller by (N, number of blocks, sum of blocks) in that order: one row
    /// and column fewer (an empty row with an empty column first: that keeps the game the
    /// same; then the last ones, the first ones, and the mixed pairs), every block halved, one
    /// block removed, one block halved.
    fn shrink(&self, input: &str) -> Vec<String> {
        let Ok(grid) = parse_board(input) else {
            return Vec::new();
        };
        let n = grid.size;
        let mut out: Vec<Grid> = Vec::new();
        if n > 1 {
            let empty_row = (0..n).find(|&r| (0..n).all(|c| grid.get(r, c) == 0));
            let empty_col = (0..n).find(|&c| (0..n).all(|r| grid.get(r, c) == 0));
            let mut pairs = vec![(n - 1, n - 1), (0, 0), (0, n - 1), (n - 1, 0)];
            if let (Some(row), Some(col)) = (empty_row, empty_col) {
                pairs.insert(0, (row, col));
            }
            for (row, col) in pairs {
                let smaller = drop_row_and_column(&grid, row, col);
                if smaller.max_tile() > 0 && !out.contains(&smaller) {
                    out.push(smaller);
                }
            }
        }
        if grid.cells.iter().all(|&v| v == 0 || v >= 4) {
            let mut halved = grid.clone();
            halved.cells.iter_mut().for_each(|v| *v /= 2);
            out.push(halved);
        }
        let blocks: Vec<usize> = (0..grid.cells.len())
            .filter(|&i| grid.cells[i] != 0)
            .collect();
        if blocks.len() > 1 {
            for &cell in &blocks {
                let mut fewer = grid.clone();
                fewer.cells[cell] = 0;
                out.push(fewer);
            }
        }
        for &cell in &blocks {
            if grid.cells[cell] >= 4 {
                let mut lower = grid.clone();
                lower.cells[cell] /= 2;
                out.push(lower);
            }
        }
        out.iter().map(board_text).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::generate_test;
    use std::collections::HashMap;

    const P: Boj12100 = Boj12100;

    // --- An independent naive model: boards as Vec<Vec<u32>>, every direction done by turning
    // the board so that it becomes a move to the left, moving left, and turning back. ---------

    type Board = Vec<Vec<u32>>;
    type LineRule = fn(&[u32]) -> Vec<u32>;

    fn read_board(input: &str) -> Board {
        let numbers: Vec<u32> = input
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        let n = numbers[0] as usize;
        (0..n)
            .map(|r| numbers[1 + r * n..1 + (r + 1) * n].to_vec())
            .collect()
    }

    /// Where cell (r, c) of the board turned `way` quarter turns clockwise comes from.
    fn turned(n: usize, way: usize, r: usize, c: usize) -> (usize, usize) {
        let (mut r, mut c) = (r, c);
        for _ in 0..way {
            (r, c) = (n - 1 - c, r);
        }
        (r, c)
    }

    /// The blocks of a line in order, merged pairwise from the front: a pair is consumed
    /// whole, so nothing merges twice.
    fn merge_from_front(blocks: &[u32]) -> Vec<u32> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < blocks.len() {
            if i + 1 < blocks.len() && blocks[i] == blocks[i + 1] {
                out.push(blocks[i] + blocks[i + 1]);
                i += 2;
            } else {
                out.push(blocks[i]);
                i += 1;
            }
        }
        out
    }

    /// Wrong (a): a merged block may merge again with the next equal block.
    fn merge_twice(blocks: &[u32]) -> Vec<u32> {
        let mut out: Vec<u32> = Vec::new();
        for &b in blocks {
            match out.last_mut() {
                Some(last) if *last == b => *last *= 2,
                _ => out.push(b),
            }
        }
        out
    }

    /// Wrong (b): pairs are formed from the far end (`2 2 2` left gives `2 4`).
    fn merge_far_pair_first(blocks: &[u32]) -> Vec<u32> {
        let reversed: Vec<u32> = blocks.iter().rev().copied().collect();
        merge_from_front(&reversed).into_iter().rev().collect()
    }

    /// Move number `way` (0..4): looks at the board turned `way` times and moves every row of
    /// that view to the left, writing the result through the same view.
    fn naive_move(board: &Board, way: usize, rule: LineRule) -> Board {
        let n = board.len();
        let mut out = vec![vec![0; n]; n];
        for r in 0..n {
            let blocks: Vec<u32> = (0..n)
                .map(|c| turned(n, way, r, c))
                .map(|(rr, cc)| board[rr][cc])
                .filter(|&v| v != 0)
                .collect();
            for (c, value) in rule(&blocks).into_iter().enumerate() {
                let (rr, cc) = turned(n, way, r, c);
                out[rr][cc] = value;
            }
        }
        out
    }

    /// The largest block over all 4^depth move sequences (no pruning: every move is tried,
    /// changed or not). A board already explored with at least as many moves left is not
    /// explored again, which changes nothing in the result.
    fn naive_best(board: &Board, depth: u32, rule: LineRule) -> u32 {
        fn explore(
            board: &Board,
            depth: u32,
            rule: LineRule,
            seen: &mut HashMap<Board, u32>,
            best: &mut u32,
        ) {
            if seen.get(board).is_some_and(|&d| d >= depth) {
                return;
            }
            seen.insert(board.clone(), depth);
            let here = board.iter().flatten().copied().max().unwrap_or(0);
            *best = (*best).max(here);
            if depth > 0 {
                for way in 0..4 {
                    explore(&naive_move(board, way, rule), depth - 1, rule, seen, best);
                }
            }
        }
        let mut best = 0;
        explore(board, depth, rule, &mut HashMap::new(), &mut best);
        best
    }

    fn brute(input: &str) -> u32 {
        naive_best(&read_board(input), 5, merge_from_front)
    }

    fn wrong_double(input: &str) -> u32 {
        naive_best(&read_board(input), 5, merge_twice)
    }

    fn wrong_far(input: &str) -> u32 {
        naive_best(&read_board(input), 5, merge_far_pair_first)
    }

    fn wrong_four_moves(input: &str) -> u32 {
        best_within(&parse_board(input).unwrap(), 4)
    }

    fn answer(input: &str) -> u32 {
        P.solve(input).unwrap().trim_end().parse().unwrap()
    }

    fn size_of(input: &str) -> usize {
        input.lines().next().unwrap().parse().unwrap()
    }

    #[test]
    fn naive_model_follows_the_rule() {
        assert_eq!(merge_from_front(&[2, 2, 2]), vec![4, 2]);
        assert_eq!(merge_from_front(&[2, 2, 4]), vec![4, 4]);
        assert_eq!(merge_twice(&[2, 2, 4]), vec![8]);
        assert_eq!(merge_far_pair_first(&[2, 2, 2]), vec![2, 4]);
        let board = vec![vec![2, 2, 2], vec![0, 0, 0], vec![4, 0, 4]];
        // Each way matches the shared rule in some direction (the naming may differ).
        for way in 0..4 {
            let naive = naive_move(&board, way, merge_from_front);
            let shared: Vec<Board> = Direction::ALL
                .iter()
                .map(|&d| {
                    let mut g = Grid::from_rows(board.clone());
                    g.apply(d);
                    g.to_rows()
                })
                .collect();
            assert!(shared.contains(&naive), "way {way}: {naive:?}");
        }
    }

    #[test]
    fn official_sample() {
        let input = "3\n2 2 2\n4 4 4\n8 8 8\n";
        P.validate(input).unwrap();
        assert_eq!(P.solve(input).unwrap(), "16\n");
        assert_eq!(brute(input), 16);
    }

    #[test]
    fn hand_cases() {
        let cases = [
            ("1\n2\n", 2),
            ("1\n1024\n", 1024),
            ("2\n2 2\n2 2\n", 8),
            ("2\n1024 1024\n1024 1024\n", 4096),
            ("2\n2 4\n4 2\n", 4),
            // 2 2 4 gives 4 4 (then 8), never 8 in one move: still 8 after five moves.
            ("3\n2 2 4\n0 0 0\n0 0 0\n", 8),
            // The chain needs six merges in a row; five moves reach 64 only.
            ("7\n2 2 4 8 16 32 64\n0 0 0 0 0 0 0\n0 0 0 0 0 0 0\n0 0 0 0 0 0 0\n0 0 0 0 0 0 0\n0 0 0 0 0 0 0\n0 0 0 0 0 0 0\n", 64),
            // Five moves exactly: 2 2 4 8 16 32 -> 64.
            ("6\n0 0 0 0 0 0\n2 2 4 8 16 32\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n", 64),
        ];
        for (input, expected) in cases {
            P.validate(input).unwrap();
            assert_eq!(answer(input), expected, "{input}");
            assert_eq!(brute(input), expected, "{input}");
        }
        let chain6 = cases[7].0;
        assert_eq!(wrong_four_moves(chain6), 32);
        let chain7 = cases[6].0;
        assert_eq!(wrong_double(chain7), 128);
        // The pair nearest the side merges first: here that matters.
        let gadget = "3\n0 4 0\n0 8 2\n2 2 0\n";
        assert_eq!(
            (answer(gadget), brute(gadget), wrong_far(gadget)),
            (8, 8, 16)
        );
        let fifth = "3\n0 8 0\n4 4 8\n0 8 0\n";
        assert_eq!((answer(fifth), wrong_four_moves(fifth)), (32, 16));
    }

    #[test]
    fn samples_folder_passes() {
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/boj12100/samples");
        let mut seen = 0;
        for (path, input, expected) in super::super::sample_files("boj12100") {
            P.validate(&input)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!(P.solve(&input).unwrap(), expected, "{}", path.display());
            assert_eq!(
                brute(&input).to_string() + "\n",
                expected,
                "{}",
                path.display()
            );
            seen += 1;
        }
        assert!(seen >= 4, "only {seen} samples in {}", dir.display());
    }

    #[test]
    fn solve_matches_brute_force_on_generated_boards() {
        // Debug builds keep boards small (N <= 9) and check a few full-size ones; release
        // builds check every size.
        let percents: [u32; 4] = if cfg!(debug_assertions) {
            [10, 20, 30, 40]
        } else {
            [15, 35, 60, 100]
        };
        let mut count = 0;
        for seed in 1..=2u64 {
            for index in 0..260u64 {
                let size_percent = percents[(index / SCENARIOS) as usize % 4];
                let request = GenRequest {
                    index,
                    size_percent,
                };
                let input = generate_test(&P, seed, request);
                assert_eq!(
                    answer(&input),
                    brute(&input),
                    "seed {seed}, index {index}, {size_percent}%:\n{input}"
                );
                count += 1;
            }
        }
        for index in 0..SCENARIOS {
            let input = generate_test(&P, 3, GenRequest::full(index));
            assert_eq!(answer(&input), brute(&input), "index {index}:\n{input}");
            count += 1;
        }
        assert!(count >= 500);
    }

    /// The first 20 tests of any seed catch each of the three wrong solutions.
    #[test]
    fn default_set_catches_the_wrong_variants() {
        type Wrong = fn(&str) -> u32;
        let wrongs: [(&str, Wrong); 3] = [
            ("merges a block twice", wrong_double),
            ("merges the far pair first", wrong_far),
            ("searches only four moves", wrong_four_moves),
        ];
        for seed in 1..=20u64 {
            let mut right: Vec<Option<u32>> = vec![None; 20];
            let inputs: Vec<String> = (0..20)
                .map(|index| generate_test(&P, seed, GenRequest::full(index)))
                .collect();
            for (name, wrong) in wrongs {
                // Every index may catch it; the aimed scenarios are tried first (cheap boards).
                let order = [1usize, 3, 4].into_iter().chain(0..20);
                let caught = order.into_iter().any(|index| {
                    let expected = *right[index].get_or_insert_with(|| answer(&inputs[index]));
                    wrong(&inputs[index]) != expected
                });
                assert!(caught, "seed {seed}: the solution that {name} passes 0..20");
            }
        }
    }

    #[test]
    fn validate_accepts_every_generated_input() {
        for size_percent in [1, 10, 35, 70, 100] {
            for seed in 1..=6u64 {
                for index in 0..100u64 {
                    let request = GenRequest {
                        index,
                        size_percent,
                    };
                    let input = generate_test(&P, seed, request);
                    P.validate(&input).unwrap_or_else(|e| {
                        panic!("seed {seed}, index {index}, {size_percent}%: {e}\n{input}")
                    });
                    let n = size_of(&input) as u64;
                    let limit = request.scaled(3, MAX_N as u64);
                    assert!(n <= limit, "N = {n} above {limit} at {size_percent}%");
                }
            }
        }
    }

    #[test]
    fn validate_rejects_bad_inputs() {
        let bad = [
            ("", "empty"),
            ("1\n2", "newline"),
            ("1\n2 \n", "trailing"),
            ("2\n2  2\n2 2\n", "two spaces"),
            ("0\n", "between 1 and 20"),
            ("21\n", "between 1 and 20"),
            ("1 1\n2\n", "only N"),
            ("x\n2\n", "plain decimal"),
            ("01\n2\n", "plain decimal"),
            ("+1\n2\n", "plain decimal"),
            ("2\n2 2\n", "expected 3 lines"),
            ("1\n2\n2\n", "expected 2 lines"),
            ("2\n2 2 2\n2 2\n", "must have 2 numbers"),
            ("2\n2 2\n2\n", "must have 2 numbers"),
            ("2\n2 3\n2 2\n", "row 1, column 2: 3 is neither"),
            ("2\n2 2\n2 1\n", "row 2, column 2: 1 is neither"),
            ("1\n2048\n", "neither"),
            ("1\n-2\n", "plain decimal"),
            ("2\n0 0\n0 0\n", "no block"),
            ("1\n0\n", "no block"),
        ];
        for (input, fragment) in bad {
            let error = P.validate(input).expect_err(input);
            assert!(
                error.message.contains(fragment),
                "{input:?}: {:?} lacks {fragment:?}",
                error.message
            );
        }
        assert!(P.solve("2\n2 2\n2\n").is_err());
        assert!(P.solve("1\n0\n").is_err());
        assert!(P.solve("1\n2048\n").is_err());
        assert!(P.solve("21\n").is_err());
        // solve is lenient about layout.
        assert_eq!(P.solve("2 2 2\n2 2").unwrap(), "8\n");
    }

    #[test]
    fn generated_bytes_are_pinned() {
        assert_eq!(
            generate_test(
                &P,
                1,
                GenRequest {
                    index: 5,
                    size_percent: 100
                }
            ),
            "1\n128\n"
        );
        assert_eq!(
            generate_test(
                &P,
                7,
                GenRequest {
                    index: 1,
                    size_percent: 20
                }
            ),
            "4\n0 0 4 0\n0 0 0 0\n4 0 16 8\n4 0 0 0\n"
        );
        assert_eq!(
            generate_test(
                &P,
                3,
                GenRequest {
                    index: 2,
                    size_percent: 15
                }
            ),
            "3\n256 2 8\n256 2 8\n256 2 16\n"
        );
        let digest = super::super::generated_digest(&P, 1, 50);
        assert_eq!(
            digest,
            "035d58936aebeeb1151211e777c22ebc95c14254722c2db98c52b234ca0aa349"
        );
    }

    fn runs_of_three(grid: &Grid) -> bool {
        let n = grid.size;
        let line_has = |cells: Vec<u32>| {
            cells
                .windows(3)
                .any(|w| w[0] != 0 && w[0] == w[1] && w[1] == w[2])
        };
        (0..n).any(|k| {
            line_has((0..n).map(|c| grid.get(k, c)).collect())
                || line_has((0..n).map(|r| grid.get(r, k)).collect())
        })
    }

    fn equal_neighbours(grid: &Grid) -> usize {
        let n = grid.size;
        let mut count = 0;
        for r in 0..n {
            for c in 0..n {
                let v = grid.get(r, c);
                if v != 0 && c + 1 < n && grid.get(r, c + 1) == v {
                    count += 1;
                }
                if v != 0 && r + 1 < n && grid.get(r + 1, c) == v {
                    count += 1;
                }
            }
        }
        count
    }

    #[test]
    fn every_scenario_occurs() {
        for seed in 1..=5u64 {
            for index in 0..2 * SCENARIOS {
                let input = generate_test(&P, seed, GenRequest::full(index));
                let grid = parse_board(&input).unwrap();
                let n = grid.size;
                let blocks = grid.cells.iter().filter(|&&v| v != 0).count();
                let at = format!("seed {seed}, index {index}:\n{input}");
                match index % SCENARIOS {
                    0 => assert!(equal_neighbours(&grid) > 0, "{at}"),
                    1 => assert_ne!(wrong_far(&input), answer(&input), "{at}"),
                    2 => assert!(runs_of_three(&grid), "{at}"),
                    3 => assert_ne!(wrong_double(&input), answer(&input), "{at}"),
                    4 => assert!(best_within(&grid, 5) > best_within(&grid, 4), "{at}"),
                    5 => assert_eq!(n, 1, "{at}"),
                    6 => assert_eq!(blocks, n * n, "{at}"),
                    7 => assert!(blocks <= (n * n / 8).max(1), "{at}"),
                    8 => assert_eq!(n, MAX_N, "{at}"),
                    _ => {}
                }
            }
        }
        // Answers above 1024 and full 20 x 20 boards both occur in the default set.
        let answers: Vec<u32> = (0..50)
            .map(|i| answer(&generate_test(&P, 1, GenRequest::full(i))))
            .collect();
        assert!(answers.iter().any(|&a| a > MAX_BLOCK), "{answers:?}");
        // The fifth-move scenario finds its boards by search, not only by the fixed fallbacks.
        let searched = (0..30u64)
            .map(|k| generate_test(&P, k, GenRequest::full(4)))
            .filter(|input| {
                let blocks = parse_board(input)
                    .unwrap()
                    .cells
                    .iter()
                    .filter(|&&v| v != 0)
                    .count();
                blocks > 5
            })
            .count();
        assert!(searched > 0);
    }

    /// (N, blocks, sum): every shrink candidate must be smaller in this order.
    fn measure(input: &str) -> (usize, usize, u64) {
        let grid = parse_board(input).unwrap();
        let blocks = grid.cells.iter().filter(|&&v| v != 0).count();
        let sum = grid.cells.iter().map(|&v| u64::from(v)).sum();
        (grid.size, blocks, sum)
    }

    #[test]
    fn shrink_candidates_are_smaller_and_valid() {
        for index in 0..40u64 {
            let input = generate_test(
                &P,
                11,
                GenRequest {
                    index,
                    size_percent: 40,
                },
            );
            let before = measure(&input);
            let candidates = P.shrink(&input);
            if before != (1, 1, 2) {
                assert!(!candidates.is_empty(), "{input}");
            }
            for candidate in candidates {
                P.validate(&candidate)
                    .unwrap_or_else(|e| panic!("{e}\n{candidate}"));
                assert!(measure(&candidate) < before, "{input} -> {candidate}");
            }
        }
        assert!(P.shrink("1\n2\n").is_empty());
        assert!(P.shrink("not a board").is_empty());
        // The first candidate drops the last row and column.
        assert_eq!(P.shrink("2\n2 4\n8 16\n")[0], "1\n2\n");
        assert_eq!(P.shrink("2\n2 4\n8 16\n")[1], "1\n16\n");
    }

    #[test]
    fn greedy_shrink_terminates_and_keeps_a_failure() {
        // A pretend failure: "the far-pair solution disagrees". Shrink greedily while it holds.
        let mut current = generate_test(&P, 4, GenRequest::full(1));
        assert_ne!(wrong_far(&current), answer(&current));
        let mut steps = 0;
        loop {
            steps += 1;
            assert!(steps < 1000, "shrink does not terminate");
            let next = P.shrink(&current).into_iter().find(|candidate| {
                P.validate(candidate).is_ok() && wrong_far(candidate) != answer(candidate)
            });
            match next {
                Some(smaller) => current = smaller,
                None => break,
            }
        }
        assert!(size_of(&current) <= 3, "{current}");
        assert_ne!(wrong_far(&current), answer(&current));
    }
}
