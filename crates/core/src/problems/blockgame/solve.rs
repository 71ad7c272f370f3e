//! The reference solver: a memoized win/lose search over masks reduced by the eight symmetries
//! of the square (positions that are rotations or reflections of each other have the same
//! value). The memo is one table
//! for all 2^25 masks, two bits per mask (8 MiB), created on first use and shared by every call
//! and thread. Children already known to be lost are looked for before any recursion, and L
//! blocks are tried before dominoes; from the empty board about 0.17 million states are visited.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use super::board::{bit, parse, CELLS, SIDE};
use crate::problems::InvalidInput;

/// Every placement of a block on an empty board, as masks: first the 64 L-trominoes (4 per
/// 2 x 2 square), then the 20 horizontal and 20 vertical dominoes. Trying the big blocks first
/// finds winning moves sooner and keeps the search small.
pub(super) const MOVES: [u32; 104] = build_moves();

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

/// The exact expected output: `WINNING` or `LOSING` for each board, a line each.
pub(super) fn expected_output(input: &str) -> Result<String, InvalidInput> {
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

#[cfg(test)]
mod tests {
    use crate::problems::blockgame::test_support::{boards_of, empty_cells, P};
    use crate::problems::{generate_test, sample_files, GenRequest, Problem};
    use crate::rng::TestRng;

    fn board(rows: [&str; 5]) -> String {
        rows.iter().map(|row| format!("{row}\n")).collect()
    }

    fn answer(rows: [&str; 5]) -> String {
        P.solve(&format!("1\n{}", board(rows))).unwrap()
    }

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
        for (path, input, expected) in sample_files("blockgame") {
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
}
