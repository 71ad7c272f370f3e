//! BLOCKGAME (Algospot): two players alternately place an L-tromino (a 2 x 2 square less one
//! cell) or a domino on the empty cells of a 5 x 5 board; whoever cannot move loses.
//!
//! A board is a 25-bit mask (bit `5 * row + column` set = filled). The reference answers with a
//! memoized win/lose search over masks; the memo is one table for all 2^25 states, two bits per
//! state (8 MiB), created on first use and shared by every call and thread.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use super::{check_strict_format, GenRequest, InvalidInput, Problem};
use crate::rng::TestRng;

pub struct BlockGame;

/// Board side.
const SIDE: usize = 5;
/// Number of cells.
const CELLS: usize = SIDE * SIDE;
/// The mask of a completely filled board.
const FULL: u32 = (1 << CELLS) - 1;
/// Most test cases per input.
const MAX_CASES: u64 = 50;
/// Number of generator scenarios (see [`BlockGame::generate`]).
const SCENARIOS: u64 = 6;

/// Every placement of a block on an empty board, as masks: 64 L-trominoes (4 per 2 x 2
/// square), 20 horizontal and 20 vertical dominoes.
const MOVES: [u32; 104] = build_moves();

const fn bit(row: usize, column: usize) -> u32 {
    1 << (row * SIDE + column)
}

const fn build_moves() -> [u32; 104] {
    let mut moves = [0u32; 104];
    let mut count = 0;
    let mut row = 0;
    while row < SIDE {
        let mut column = 0;
        while column < SIDE {
            if row + 1 < SIDE && column + 1 < SIDE {
                let square =
                    bit(row, column) | bit(row, column + 1) | bit(row + 1, column) | bit(row + 1, column + 1);
                // The four L shapes: the square less each one of its cells.
                moves[count] = square & !bit(row, column);
                moves[count + 1] = square & !bit(row, column + 1);
                moves[count + 2] = square & !bit(row + 1, column);
                moves[count + 3] = square & !bit(row + 1, column + 1);
                count += 4;
            }
            if column + 1 < SIDE {
                moves[count] = bit(row, column) | bit(row, column + 1);
                count += 1;
            }
            if row + 1 < SIDE {
                moves[count] = bit(row, column) | bit(row + 1, column);
                count += 1;
            }
            column += 1;
        }
        row += 1;
    }
    assert!(count == 104);
    moves
}

/// Two bits per state: `01` = the player to move loses, `10` = wins, `00` = not known yet.
/// Racing threads can only ever store the same value for a state, so relaxed `fetch_or` is
/// enough.
fn table() -> &'static [AtomicU64] {
    static TABLE: OnceLock<Box<[AtomicU64]>> = OnceLock::new();
    TABLE.get_or_init(|| (0..(1usize << CELLS) / 32).map(|_| AtomicU64::new(0)).collect())
}

/// Whether the player to move on board `mask` can force a win.
fn wins(table: &[AtomicU64], mask: u32) -> bool {
    let word = &table[(mask >> 5) as usize];
    let shift = (mask & 31) * 2;
    match (word.load(Ordering::Relaxed) >> shift) & 3 {
        1 => return false,
        2 => return true,
        _ => {}
    }
    let result = MOVES
        .iter()
        .any(|&piece| mask & piece == 0 && !wins(table, mask | piece));
    let code: u64 = if result { 2 } else { 1 };
    word.fetch_or(code << shift, Ordering::Relaxed);
    result
}

/// Parses (and fully validates) an input into its boards.
fn parse(input: &str) -> Result<Vec<u32>, InvalidInput> {
    check_strict_format(input)?;
    let lines: Vec<&str> = input.split_terminator('\n').collect();
    let first = lines[0];
    if first.is_empty()
        || !first.bytes().all(|b| b.is_ascii_digit())
        || (first.len() > 1 && first.starts_with('0'))
        || first.len() > 3
    {
        return Err(InvalidInput::new(format!(
            "line 1: expected the number of test cases C (1..=50) alone on the line, found {first:?}"
        )));
    }
    let cases: usize = first.parse().expect("checked digits");
    if !(1..=MAX_CASES as usize).contains(&cases) {
        return Err(InvalidInput::new(format!(
            "line 1: number of test cases C = {cases} is outside 1..=50"
        )));
    }
    let expected_lines = 1 + SIDE * cases;
    if lines.len() != expected_lines {
        return Err(InvalidInput::new(format!(
            "expected {expected_lines} lines (C = {cases} boards of {SIDE} lines after the first), found {}",
            lines.len()
        )));
    }
    let mut boards = Vec::with_capacity(cases);
    for case in 0..cases {
        let mut mask = 0u32;
        for row in 0..SIDE {
            let number = 2 + case * SIDE + row;
            let line = lines[number - 1];
            if line.len() != SIDE {
                return Err(InvalidInput::new(format!(
                    "line {number} (case {}, row {}): expected {SIDE} characters, found {}",
                    case + 1,
                    row + 1,
                    line.len()
                )));
            }
            for (column, byte) in line.bytes().enumerate() {
                match byte {
                    b'#' => mask |= bit(row, column),
                    b'.' => {}
                    other => {
                        return Err(InvalidInput::new(format!(
                            "line {number} (case {}, row {}), column {}: expected '#' or '.', found {:?}",
                            case + 1,
                            row + 1,
                            column + 1,
                            other as char
                        )))
                    }
                }
            }
        }
        boards.push(mask);
    }
    Ok(boards)
}

/// Renders boards in the official input format.
fn render(boards: &[u32]) -> String {
    let mut text = format!("{}\n", boards.len());
    for &mask in boards {
        for row in 0..SIDE {
            for column in 0..SIDE {
                text.push(if mask & bit(row, column) != 0 { '#' } else { '.' });
            }
            text.push('\n');
        }
    }
    text
}

/// The input with the most work for a solution without a memo shared between cases: 50 empty
/// boards. Used by the benchmark suite.
pub fn worst_case_input() -> String {
    render(&[0; MAX_CASES as usize])
}

/// `count` distinct random cells as a mask.
fn random_cells(rng: &mut TestRng, count: usize) -> u32 {
    let mut cells: Vec<usize> = (0..CELLS).collect();
    rng.shuffle(&mut cells);
    cells[..count].iter().fold(0, |mask, &cell| mask | 1 << cell)
}

/// An empty board with 0..=3 filled cells (empty most often).
fn nearly_empty_board(rng: &mut TestRng) -> u32 {
    let filled = if rng.chance(1, 4) { 0 } else { rng.range_inclusive(1, 3) as usize };
    random_cells(rng, filled)
}

/// A board with at most 12 empty cells (sometimes none or one).
fn dense_board(rng: &mut TestRng) -> u32 {
    let empty = rng.range_inclusive(0, 12) as usize;
    FULL & !random_cells(rng, empty)
}

/// Each cell filled with one probability between 30% and 70%.
fn medium_board(rng: &mut TestRng) -> u32 {
    let percent = rng.range_inclusive(30, 70);
    (0..CELLS).fold(0, |mask, cell| {
        if rng.chance(percent, 100) {
            mask | 1 << cell
        } else {
            mask
        }
    })
}

/// A filled board with a few small shapes carved out (they may touch or overlap): isolated
/// dominoes of both directions, every L orientation, single cells, bars and squares, so the
/// game is a sum of tiny regions where every missing placement changes the answer.
fn carved_board(rng: &mut TestRng) -> u32 {
    const SHAPES: [&[(usize, usize)]; 10] = [
        &[(0, 0), (0, 1)],
        &[(0, 0), (1, 0)],
        &[(0, 1), (1, 0), (1, 1)],
        &[(0, 0), (1, 0), (1, 1)],
        &[(0, 0), (0, 1), (1, 1)],
        &[(0, 0), (0, 1), (1, 0)],
        &[(0, 0)],
        &[(0, 0), (0, 1), (0, 2)],
        &[(0, 0), (1, 0), (2, 0)],
        &[(0, 0), (0, 1), (1, 0), (1, 1)],
    ];
    let mut mask = FULL;
    for _ in 0..rng.range_inclusive(1, 4) {
        let shape = *rng.pick(&SHAPES);
        let height = shape.iter().map(|&(r, _)| r).max().unwrap_or(0) + 1;
        let width = shape.iter().map(|&(_, c)| c).max().unwrap_or(0) + 1;
        let top = rng.index(SIDE - height + 1);
        let left = rng.index(SIDE - width + 1);
        for &(r, c) in shape {
            mask &= !bit(top + r, left + c);
        }
    }
    mask
}

impl Problem for BlockGame {
    fn id(&self) -> &'static str {
        "blockgame"
    }

    /// Scenarios by `request.index % 6`, each with `scaled(1, 50)` cases:
    /// 0. all boards empty (the most work for solutions without a shared memo);
    /// 1. the empty board first, then nearly empty boards (0..=3 filled cells);
    /// 2. dense boards (0..=12 empty cells);
    /// 3. random boards filled at a random 30..70% density;
    /// 4. filled boards with a few small shapes carved out (sums of tiny games);
    /// 5. a shuffled mix of the kinds above.
    fn generate(&self, rng: &mut TestRng, request: GenRequest) -> String {
        let cases = request.scaled(1, MAX_CASES) as usize;
        let scenario = request.index % SCENARIOS;
        let mut boards: Vec<u32> = (0..cases)
            .map(|case| match scenario {
                0 => 0,
                1 if case == 0 => 0,
                1 => nearly_empty_board(rng),
                2 => dense_board(rng),
                3 => medium_board(rng),
                4 => carved_board(rng),
                _ => match case % 4 {
                    0 => nearly_empty_board(rng),
                    1 => dense_board(rng),
                    2 => medium_board(rng),
                    _ => carved_board(rng),
                },
            })
            .collect();
        if scenario == 5 {
            rng.shuffle(&mut boards);
        }
        render(&boards)
    }

    fn validate(&self, input: &str) -> Result<(), InvalidInput> {
        parse(input).map(|_| ())
    }

    fn solve(&self, input: &str) -> Result<String, InvalidInput> {
        let boards = parse(input)?;
        let table = table();
        let mut output = String::with_capacity(boards.len() * 8);
        for mask in boards {
            output.push_str(if wins(table, mask) { "WINNING\n" } else { "LOSING\n" });
        }
        Ok(output)
    }

    /// Most aggressive first: each case alone, then the input less one case, then each empty
    /// cell filled in turn. Every candidate has fewer cases or, with as many cases, fewer
    /// empty cells.
    fn shrink(&self, input: &str) -> Vec<String> {
        let Ok(boards) = parse(input) else {
            return Vec::new();
        };
        let mut candidates = Vec::new();
        if boards.len() > 1 {
            for &board in &boards {
                candidates.push(render(&[board]));
            }
            if boards.len() > 2 {
                for skip in 0..boards.len() {
                    let rest: Vec<u32> = boards
                        .iter()
                        .enumerate()
                        .filter(|&(i, _)| i != skip)
                        .map(|(_, &b)| b)
                        .collect();
                    candidates.push(render(&rest));
                }
            }
        }
        for case in 0..boards.len() {
            for cell in 0..CELLS {
                if boards[case] & 1 << cell == 0 {
                    let mut changed = boards.clone();
                    changed[case] |= 1 << cell;
                    candidates.push(render(&changed));
                }
            }
        }
        candidates
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tmp_timing() {
        let t = std::time::Instant::now();
        let out = BlockGame.solve(&worst_case_input()).unwrap();
        eprintln!("first {:?}", t.elapsed());
        let t = std::time::Instant::now();
        let out2 = BlockGame.solve(&worst_case_input()).unwrap();
        eprintln!("second {:?}", t.elapsed());
        assert_eq!(out, out2);
        let n: u64 = table().iter().map(|w| { let v = w.load(Ordering::Relaxed); (0..32).filter(|i| (v >> (2*i)) & 3 != 0).count() as u64 }).sum();
        eprintln!("states {n}");
    }
}
