//! BLOCKGAME (Algospot): two players alternately place an L-tromino (a 2 x 2 square less one
//! cell) or a domino on the empty cells of a 5 x 5 board; whoever cannot move loses.
//!
//! A board is a 25-bit mask (bit `5 * row + column` set = filled). The reference answers with a
//! memoized win/lose search over masks reduced by the eight symmetries of the square (positions
//! that are rotations or reflections of each other have the same value). The memo is one table
//! for all 2^25 masks, two bits per mask (8 MiB), created on first use and shared by every call
//! and thread. Children already known to be lost are looked for before any recursion, and L
//! blocks are tried before dominoes; from the empty board about 0.17 million states are visited.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use super::{check_strict_format, is_plain_decimal, GenRequest, InvalidInput, Problem};
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

/// Every placement of a block on an empty board, as masks: first the 64 L-trominoes (4 per
/// 2 x 2 square), then the 20 horizontal and 20 vertical dominoes. Trying the big blocks first
/// finds winning moves sooner and keeps the search small.
const MOVES: [u32; 104] = build_moves();

const fn bit(row: usize, column: usize) -> u32 {
    1 << (row * SIDE + column)
}

const fn build_moves() -> [u32; 104] {
    let mut moves = [0u32; 104];
    let mut count = 0;
    let mut row = 0;
    while row + 1 < SIDE {
        let mut column = 0;
        while column + 1 < SIDE {
            let square = bit(row, column)
                | bit(row, column + 1)
                | bit(row + 1, column)
                | bit(row + 1, column + 1);
            // The four L shapes: the square less each one of its cells.
            moves[count] = square & !bit(row, column);
            moves[count + 1] = square & !bit(row, column + 1);
            moves[count + 2] = square & !bit(row + 1, column);
            moves[count + 3] = square & !bit(row + 1, column + 1);
            count += 4;
            column += 1;
        }
        row += 1;
    }
    let mut row = 0;
    while row < SIDE {
        let mut column = 0;
        while column < SIDE {
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

/// The seven non-identity symmetries of the square, as per-row tables: the image of a board
/// under symmetry `s` is the OR over rows `r` of `SYMMETRIES[s][r][bits of row r]`.
const SYMMETRIES: [[[u32; 32]; SIDE]; 7] = build_symmetries();

const fn build_symmetries() -> [[[u32; 32]; SIDE]; 7] {
    let mut tables = [[[0u32; 32]; SIDE]; 7];
    let mut symmetry = 1;
    while symmetry < 8 {
        let mut row = 0;
        while row < SIDE {
            let mut bits = 0;
            while bits < 32 {
                let mut image = 0u32;
                let mut column = 0;
                while column < SIDE {
                    if bits >> column & 1 == 1 {
                        let (mut r, mut c) = (row, column);
                        if symmetry & 1 != 0 {
                            c = SIDE - 1 - c;
                        }
                        if symmetry & 2 != 0 {
                            r = SIDE - 1 - r;
                        }
                        if symmetry & 4 != 0 {
                            let t = r;
                            r = c;
                            c = t;
                        }
                        image |= bit(r, c);
                    }
                    column += 1;
                }
                tables[symmetry - 1][row][bits] = image;
                bits += 1;
            }
            row += 1;
        }
        symmetry += 1;
    }
    tables
}

/// The smallest mask among the eight symmetric images of a board (same game value).
fn canonical(mask: u32) -> u32 {
    let rows = [
        (mask & 31) as usize,
        (mask >> 5 & 31) as usize,
        (mask >> 10 & 31) as usize,
        (mask >> 15 & 31) as usize,
        (mask >> 20 & 31) as usize,
    ];
    let mut best = mask;
    for table in &SYMMETRIES {
        let image = table[0][rows[0]]
            | table[1][rows[1]]
            | table[2][rows[2]]
            | table[3][rows[3]]
            | table[4][rows[4]];
        best = best.min(image);
    }
    best
}

/// Two bits per state: `01` = the player to move loses, `10` = wins, `00` = not known yet.
/// Racing threads can only ever store the same value for a state, so relaxed `fetch_or` is
/// enough.
fn table() -> &'static [AtomicU64] {
    static TABLE: OnceLock<Box<[AtomicU64]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..(1usize << CELLS) / 32)
            .map(|_| AtomicU64::new(0))
            .collect()
    })
}

/// The stored code of a state (0 = unknown, 1 = losing, 2 = winning).
fn known(table: &[AtomicU64], mask: u32) -> u64 {
    table[(mask >> 5) as usize].load(Ordering::Relaxed) >> ((mask & 31) * 2) & 3
}

/// Whether the player to move on the canonical board `mask` can force a win.
fn wins(table: &[AtomicU64], mask: u32) -> bool {
    match known(table, mask) {
        1 => return false,
        2 => return true,
        _ => {}
    }
    let mut children = [0u32; 104];
    let mut count = 0;
    for &piece in &MOVES {
        if mask & piece == 0 {
            children[count] = canonical(mask | piece);
            count += 1;
        }
    }
    let children = &children[..count];
    // A child already known to be lost decides at once; otherwise search them in order.
    let result = children.iter().any(|&child| known(table, child) == 1)
        || children.iter().any(|&child| !wins(table, child));
    let code: u64 = if result { 2 } else { 1 };
    table[(mask >> 5) as usize].fetch_or(code << ((mask & 31) * 2), Ordering::Relaxed);
    result
}

/// Parses (and fully validates) an input into its boards.
fn parse(input: &str) -> Result<Vec<u32>, InvalidInput> {
    check_strict_format(input)?;
    let lines: Vec<&str> = input.split_terminator('\n').collect();
    let first = lines[0];
    if !is_plain_decimal(first, 3) {
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
                text.push(if mask & bit(row, column) != 0 {
                    '#'
                } else {
                    '.'
                });
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
    cells[..count]
        .iter()
        .fold(0, |mask, &cell| mask | 1 << cell)
}

/// An empty board with 0..=3 filled cells (empty most often).
fn nearly_empty_board(rng: &mut TestRng) -> u32 {
    let filled = if rng.chance(1, 4) {
        0
    } else {
        rng.range_inclusive(1, 3) as usize
    };
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
            output.push_str(if wins(table, canonical(mask)) {
                "WINNING\n"
            } else {
                "LOSING\n"
            });
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
    use crate::problems::generate_test;

    const P: BlockGame = BlockGame;

    fn board(rows: [&str; 5]) -> String {
        rows.iter().map(|row| format!("{row}\n")).collect()
    }

    fn answer(rows: [&str; 5]) -> String {
        P.solve(&format!("1\n{}", board(rows))).unwrap()
    }

    // ---------------------------------------------------------------- brute force

    /// The placements, as cell offsets from an anchor, written out by hand.
    const PIECES: [&[(usize, usize)]; 6] = [
        &[(0, 0), (0, 1)],         // horizontal domino
        &[(0, 0), (1, 0)],         // vertical domino
        &[(0, 0), (0, 1), (1, 0)], // L missing bottom right
        &[(0, 0), (0, 1), (1, 1)], // L missing bottom left
        &[(0, 0), (1, 0), (1, 1)], // L missing top right
        &[(0, 1), (1, 0), (1, 1)], // L missing top left
    ];

    /// Plain minimax without memo on a grid of booleans (true = empty).
    fn brute_wins(grid: &mut [[bool; 5]; 5]) -> bool {
        for piece in PIECES {
            for top in 0..5 {
                for left in 0..5 {
                    let fits = piece
                        .iter()
                        .all(|&(r, c)| top + r < 5 && left + c < 5 && grid[top + r][left + c]);
                    if !fits {
                        continue;
                    }
                    for &(r, c) in piece {
                        grid[top + r][left + c] = false;
                    }
                    let opponent_wins = brute_wins(grid);
                    for &(r, c) in piece {
                        grid[top + r][left + c] = true;
                    }
                    if !opponent_wins {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Brute-force answers for an input given as text (parsed independently of `parse`).
    fn brute_solve(input: &str) -> String {
        let mut lines = input.lines();
        let cases: usize = lines.next().unwrap().parse().unwrap();
        let mut output = String::new();
        for _ in 0..cases {
            let mut grid = [[false; 5]; 5];
            for row in grid.iter_mut() {
                let line = lines.next().unwrap();
                for (cell, ch) in row.iter_mut().zip(line.chars()) {
                    *cell = ch == '.';
                }
            }
            output += if brute_wins(&mut grid) {
                "WINNING\n"
            } else {
                "LOSING\n"
            };
        }
        output
    }

    /// The boards of an input as text blocks of five lines.
    fn boards_of(input: &str) -> Vec<String> {
        let lines: Vec<&str> = input.lines().skip(1).collect();
        lines
            .chunks(5)
            .map(|rows| rows.iter().map(|r| format!("{r}\n")).collect())
            .collect()
    }

    fn empty_cells(board: &str) -> usize {
        board.bytes().filter(|&b| b == b'.').count()
    }

    /// Test-only dense boards: a random set of at most 11 empty cells.
    fn dense_for_brute(rng: &mut TestRng) -> String {
        let empty = rng.range_inclusive(0, 11) as usize;
        let mut cells: Vec<usize> = (0..25).collect();
        rng.shuffle(&mut cells);
        let mut grid = [['#'; 5]; 5];
        for &cell in &cells[..empty] {
            grid[cell / 5][cell % 5] = '.';
        }
        grid.iter()
            .map(|row| row.iter().collect::<String>() + "\n")
            .collect()
    }

    #[test]
    fn brute_force_agrees_with_solve() {
        let mut checked = 0;
        // Boards from the real generator that are small enough for the brute force.
        for seed in 1..=3u64 {
            for index in 0..60u64 {
                let input = generate_test(&P, seed, GenRequest::full(index));
                for board in boards_of(&input) {
                    if empty_cells(&board) <= 11 {
                        let single = format!("1\n{board}");
                        assert_eq!(P.solve(&single).unwrap(), brute_solve(&single), "{single}");
                        checked += 1;
                    }
                }
            }
        }
        // Whole multi-case inputs of dense boards.
        let mut rng = TestRng::new(7, 0, crate::rng::Purpose::Other);
        for _ in 0..100 {
            let cases = rng.range_inclusive(1, 6) as usize;
            let input = format!(
                "{cases}\n{}",
                (0..cases)
                    .map(|_| dense_for_brute(&mut rng))
                    .collect::<String>()
            );
            P.validate(&input).unwrap();
            assert_eq!(P.solve(&input).unwrap(), brute_solve(&input), "{input}");
            checked += cases;
        }
        assert!(checked >= 500, "only {checked} boards checked");
    }

    // ---------------------------------------------------------------- rules and samples

    #[test]
    fn official_sample() {
        let input = "3\n.....\n.##..\n##..#\n#.###\n..#..\n.....\n.....\n.....\n.....\n.....\n#..##\n##.##\n##.##\n#...#\n##.##\n";
        P.validate(input).unwrap();
        assert_eq!(P.solve(input).unwrap(), "WINNING\nLOSING\nWINNING\n");
    }

    #[test]
    fn hand_cases_follow_the_rules() {
        let full = "#####";
        // No move at all: the player to move loses.
        assert_eq!(answer([full; 5]), "LOSING\n");
        assert_eq!(answer(["#.###", full, full, full, full]), "LOSING\n");
        // Diagonal neighbours do not form a block.
        assert_eq!(answer(["#.###", "##.##", full, full, full]), "LOSING\n");
        // One domino of either direction: take it and win.
        assert_eq!(answer(["#..##", full, full, full, full]), "WINNING\n");
        assert_eq!(answer([full, full, "###.#", "###.#", full]), "WINNING\n");
        // Each L orientation alone: take it and win.
        for rows in [
            [".####", "..###", full, full, full],
            ["..###", ".####", full, full, full],
            ["..###", "#.###", full, full, full],
            ["#.###", "..###", full, full, full],
        ] {
            assert_eq!(answer(rows), "WINNING\n", "{rows:?}");
        }
        // Two separate dominoes: the opponent answers the first with the second.
        assert_eq!(answer(["..###", full, full, full, "###.."]), "LOSING\n");
        // A vertical and a horizontal domino apart.
        assert_eq!(answer([".####", ".####", full, full, "###.."]), "LOSING\n");
        // An L plus a separate domino: every move leaves the opponent a win.
        assert_eq!(answer([".####", "..###", full, full, "###.."]), "LOSING\n");
        // A 2 x 2 square: the L leaves a single cell.
        assert_eq!(answer(["..###", "..###", full, full, full]), "WINNING\n");
        // A bar of three: take an end domino.
        assert_eq!(answer(["...##", full, full, full, full]), "WINNING\n");
        // Four separate dominoes: an even number of moves whatever happens.
        assert_eq!(answer(["..#..", full, full, full, "..#.."]), "LOSING\n");
        // The empty board is lost for the player to move (statement sample).
        assert_eq!(answer(["....."; 5]), "LOSING\n");
    }

    #[test]
    fn samples_folder_matches_solve() {
        let mut count = 0;
        for (path, input, expected) in super::super::sample_files("blockgame") {
            P.validate(&input)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!(P.solve(&input).unwrap(), expected, "{}", path.display());
            // Small boards are also checked by the brute force.
            let small: Vec<String> = boards_of(&input)
                .into_iter()
                .filter(|b| empty_cells(b) <= 11)
                .collect();
            if !small.is_empty() {
                let text = format!("{}\n{}", small.len(), small.concat());
                assert_eq!(
                    P.solve(&text).unwrap(),
                    brute_solve(&text),
                    "{}",
                    path.display()
                );
            }
            count += 1;
        }
        assert!(count >= 4, "only {count} samples");
    }

    #[test]
    fn worst_case_input_is_fifty_empty_boards() {
        let input = worst_case_input();
        P.validate(&input).unwrap();
        assert!(input.starts_with("50\n"));
        assert_eq!(input.lines().count(), 251);
        assert!(input.lines().skip(1).all(|line| line == "....."));
        assert_eq!(P.solve(&input).unwrap(), "LOSING\n".repeat(50));
    }

    // ---------------------------------------------------------------- validate

    #[test]
    fn validate_accepts_generated_inputs() {
        for seed in 1..=10u64 {
            for index in 0..60u64 {
                for size_percent in [1, 7, 30, 100] {
                    let input = generate_test(
                        &P,
                        seed,
                        GenRequest {
                            index,
                            size_percent,
                        },
                    );
                    P.validate(&input)
                        .unwrap_or_else(|e| panic!("{seed}/{index}/{size_percent}: {e}\n{input}"));
                }
            }
        }
    }

    #[test]
    fn validate_rejects_bad_inputs() {
        let good_board = ".....\n.##..\n##..#\n#.###\n..#..\n";
        assert!(P.validate(&format!("1\n{good_board}")).is_ok());
        let bad = [
            ("", "empty"),
            ("1\n.....\n.....\n.....\n.....\n.....", "no final newline"),
            ("0\n", "C = 0"),
            (&*format!("51\n{}", good_board.repeat(51)), "C = 51"),
            (&*format!("01\n{good_board}"), "leading zero"),
            (&*format!("+1\n{good_board}"), "plus sign"),
            (&*format!("x\n{good_board}"), "not a number"),
            (
                &*format!("1 1\n{good_board}"),
                "two numbers on the first line",
            ),
            (&*format!("2\n{good_board}"), "too few boards"),
            (&*format!("1\n{good_board}{good_board}"), "too many boards"),
            ("1\n.....\n.....\n.....\n.....\n", "a missing row"),
            ("1\n......\n.....\n.....\n.....\n.....\n", "a long row"),
            ("1\n....\n.....\n.....\n.....\n.....\n", "a short row"),
            ("1\n.....\n..o..\n.....\n.....\n.....\n", "a bad character"),
            ("1\n.....\n.. ..\n.....\n.....\n.....\n", "a space in a row"),
            ("1\n.....\n.....\n\n.....\n.....\n.....\n", "an empty line"),
            ("1\r\n.....\r\n.....\r\n.....\r\n.....\r\n.....\r\n", "CRLF"),
            (
                "1\n.....\n.....\n.....\n.....\n.....\n\n",
                "a trailing empty line",
            ),
            (" 1\n.....\n.....\n.....\n.....\n.....\n", "a leading space"),
        ];
        for (input, what) in bad {
            let error = P.validate(input).expect_err(what);
            assert!(!error.message.is_empty(), "{what}");
            assert!(P.solve(input).is_err(), "{what}");
        }
        let error = P
            .validate("1\n.....\n..o..\n.....\n.....\n.....\n")
            .unwrap_err();
        assert!(
            error.message.contains("line 3") && error.message.contains("column 3"),
            "{error}"
        );
        let error = P
            .validate(&format!(
                "2\n{good_board}.....\n....\n.....\n.....\n.....\n"
            ))
            .unwrap_err();
        assert!(
            error.message.contains("line 8") && error.message.contains("case 2"),
            "{error}"
        );
    }

    // ---------------------------------------------------------------- generator

    #[test]
    fn golden_generated_bytes() {
        assert_eq!(
            generate_test(
                &P,
                1,
                GenRequest {
                    index: 2,
                    size_percent: 4
                }
            ),
            "2\n#####\n##.##\n#.###\n#..#.\n#..##\n##.##\n#####\n#####\n#####\n#####\n"
        );
        assert_eq!(
            generate_test(
                &P,
                1,
                GenRequest {
                    index: 4,
                    size_percent: 4
                }
            ),
            "2\n#####\n#####\n####.\n####.\n####.\n###.#\n....#\n.#.##\n#####\n#####\n"
        );
        let digest = super::super::generated_digest(&P, 1, 50);
        assert_eq!(
            digest,
            "ae47bd22a6528c3b53e5164609fa7517f19318e3c364fec9a04a25d305a4b32d"
        );
    }

    #[test]
    fn generator_is_deterministic_and_scales() {
        for index in 0..12 {
            let a = generate_test(&P, 5, GenRequest::full(index));
            assert_eq!(a, generate_test(&P, 5, GenRequest::full(index)));
            assert!(a.starts_with("50\n"), "full size has 50 cases");
            let small = generate_test(
                &P,
                5,
                GenRequest {
                    index,
                    size_percent: 1,
                },
            );
            assert!(small.starts_with("1\n"), "1% has one case");
            let half = generate_test(
                &P,
                5,
                GenRequest {
                    index,
                    size_percent: 50,
                },
            );
            assert!(half.starts_with("25\n"));
        }
    }

    #[test]
    fn every_scenario_occurs() {
        for seed in 1..=5u64 {
            for start in [0u64, 6, 17] {
                let inputs: Vec<Vec<String>> = (start..start + SCENARIOS)
                    .map(|index| boards_of(&generate_test(&P, seed, GenRequest::full(index))))
                    .collect();
                let by = |index: u64| {
                    &inputs[((index + SCENARIOS - start % SCENARIOS) % SCENARIOS) as usize]
                };
                // 0: all empty.
                assert!(by(0).iter().all(|b| empty_cells(b) == 25));
                // 1: the empty board first, then nearly empty ones, not all empty.
                assert_eq!(empty_cells(&by(1)[0]), 25);
                assert!(by(1).iter().all(|b| empty_cells(b) >= 22));
                assert!(by(1).iter().any(|b| empty_cells(b) < 25));
                // 2: dense.
                assert!(by(2).iter().all(|b| empty_cells(b) <= 12));
                assert!(by(2).iter().any(|b| empty_cells(b) <= 1));
                // 3: medium density, with a spread.
                assert!(
                    by(3).iter().all(|b| (1..=24).contains(&empty_cells(b)))
                        || by(3).iter().any(|b| (5..=20).contains(&empty_cells(b)))
                );
                // 4: carved shapes, small regions.
                assert!(by(4).iter().all(|b| (1..=16).contains(&empty_cells(b))));
                // 5: a mix, with nearly empty and dense boards.
                assert!(by(5).iter().any(|b| empty_cells(b) >= 22));
                assert!(by(5).iter().any(|b| empty_cells(b) <= 8));
            }
        }
        // Both answers occur in each scenario but the all-empty one (few nearly empty boards:
        // each is a large search in debug builds).
        for index in 1..SCENARIOS {
            let size_percent = if index == 1 { 6 } else { 20 };
            let request = GenRequest {
                index,
                size_percent,
            };
            let output = P.solve(&generate_test(&P, 1, request)).unwrap();
            assert!(
                output.contains("WINNING") && output.contains("LOSING"),
                "scenario {index}"
            );
        }
    }

    /// A wrong solver using only the moves `keep` accepts, memoized on its own table.
    struct Variant {
        moves: Vec<u32>,
        memo: Vec<u8>,
    }

    impl Variant {
        fn new(keep: impl Fn(usize) -> bool) -> Self {
            let moves = MOVES
                .iter()
                .enumerate()
                .filter(|&(i, _)| keep(i))
                .map(|(_, &m)| m)
                .collect();
            Variant {
                moves,
                memo: vec![0; 1 << CELLS],
            }
        }

        fn wins(&mut self, mask: u32) -> bool {
            match self.memo[mask as usize] {
                1 => return false,
                2 => return true,
                _ => {}
            }
            let mut result = false;
            for i in 0..self.moves.len() {
                let piece = self.moves[i];
                if mask & piece == 0 && !self.wins(mask | piece) {
                    result = true;
                    break;
                }
            }
            self.memo[mask as usize] = if result { 2 } else { 1 };
            result
        }

        fn solve(&mut self, input: &str) -> String {
            parse(input)
                .unwrap()
                .into_iter()
                .map(|mask| {
                    if self.wins(mask) {
                        "WINNING\n"
                    } else {
                        "LOSING\n"
                    }
                })
                .collect()
        }
    }

    fn is_l(piece: u32) -> bool {
        piece.count_ones() == 3
    }

    fn assert_caught(mut variant: Variant, what: &str) {
        for seed in 1..=20u64 {
            // Some test of 0..20 differs exactly when some board of them does; boards with few
            // empty cells are compared first, as they are cheap for the unoptimized variant.
            let mut boards: Vec<String> = (0..20u64)
                .flat_map(|index| boards_of(&generate_test(&P, seed, GenRequest::full(index))))
                .collect();
            boards.sort_by_key(|board| empty_cells(board));
            boards.dedup();
            let caught = boards.iter().any(|board| {
                let single = format!("1\n{board}");
                variant.solve(&single) != P.solve(&single).unwrap()
            });
            assert!(caught, "seed {seed}: {what} is not caught in indices 0..20");
        }
    }

    #[test]
    fn default_set_catches_a_missing_l_orientation() {
        // Every fourth L is the square less its bottom-right cell (see `build_moves`).
        let variant = Variant::new(|i| !(is_l(MOVES[i]) && i % 4 == 3));
        assert_eq!(variant.moves.len(), 104 - 16);
        assert_caught(variant, "a solver without one L orientation");
    }

    #[test]
    fn default_set_catches_missing_vertical_dominoes() {
        let variant = Variant::new(|i| {
            let piece = MOVES[i];
            let vertical =
                piece.count_ones() == 2 && piece.trailing_zeros() + 5 == 31 - piece.leading_zeros();
            !vertical
        });
        assert_eq!(variant.moves.len(), 104 - 20);
        assert_caught(variant, "a solver without vertical dominoes");
    }

    // ---------------------------------------------------------------- shrink

    fn size(input: &str) -> (usize, usize) {
        let boards = boards_of(input);
        (boards.len(), boards.iter().map(|b| empty_cells(b)).sum())
    }

    #[test]
    fn shrink_candidates_are_smaller_and_mostly_valid() {
        for index in 0..12 {
            let input = generate_test(
                &P,
                3,
                GenRequest {
                    index,
                    size_percent: 8,
                },
            );
            let (cases, empty) = size(&input);
            let candidates = P.shrink(&input);
            assert!(!candidates.is_empty() || (cases == 1 && empty == 0));
            for candidate in &candidates {
                P.validate(candidate).unwrap();
                let (c, e) = size(candidate);
                assert!(c < cases || (c == cases && e < empty), "{candidate}");
            }
        }
        // A single case shrinks only by filling cells.
        let one = "1\n.....\n#####\n#####\n#####\n#####\n";
        let candidates = P.shrink(one);
        assert_eq!(candidates.len(), 5);
        assert!(candidates.contains(&"1\n#....\n#####\n#####\n#####\n#####\n".to_string()));
        // Fewer cases come first.
        let two = generate_test(
            &P,
            3,
            GenRequest {
                index: 2,
                size_percent: 4,
            },
        );
        assert!(P.shrink(&two)[0].starts_with("1\n"));
    }

    #[test]
    fn shrink_loop_terminates() {
        // Greedy: keep the first candidate that still answers WINNING somewhere.
        let mut input = "3\n.....\n.##..\n##..#\n#.###\n..#..\n.....\n.....\n.....\n.....\n.....\n#..##\n##.##\n##.##\n#...#\n##.##\n".to_string();
        let failing = |text: &str| P.solve(text).unwrap().contains("WINNING");
        let mut steps = 0;
        while let Some(next) = P
            .shrink(&input)
            .into_iter()
            .find(|c| P.validate(c).is_ok() && failing(c))
        {
            input = next;
            steps += 1;
            assert!(steps < 200);
        }
        assert_eq!(size(&input).0, 1);
        assert!(steps > 3);
        // Minimal: no candidate is still winning.
        assert!(P.shrink(&input).iter().all(|c| !failing(c)), "{input}");
    }
}
