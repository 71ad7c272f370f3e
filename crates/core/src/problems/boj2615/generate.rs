//! The generator: twelve scenarios, rotated by test index, that plant a winning five (or none)
//! among background stones, long runs that do not win, and near misses.

use super::board::{at, format_board, inside, Board, DIRS, N};
use super::solve::{winning_fives, Five};
use crate::problems::GenRequest;
use crate::rng::TestRng;

/// Number of generator scenarios; any `K` consecutive indices cover all of them.
const K: u64 = 12;

/// The `len` cells of a line from `(r, c)` in direction `dir`, if all are on the board.
fn line_cells(r: i32, c: i32, dir: usize, len: i32) -> Option<Vec<(usize, usize)>> {
    let (dr, dc) = DIRS[dir];
    let cells: Vec<(i32, i32)> = (0..len).map(|i| (r + dr * i, c + dc * i)).collect();
    if cells.iter().all(|&(x, y)| inside(x, y)) {
        Some(
            cells
                .iter()
                .map(|&(x, y)| (x as usize, y as usize))
                .collect(),
        )
    } else {
        None
    }
}

/// A uniformly random on-board placement `(row, col, dir)` of a line of `len` stones whose
/// cells satisfy `keep` (by rejection; `keep` must accept at least one placement).
fn random_placement(
    rng: &mut TestRng,
    len: i32,
    keep: &impl Fn(&[(usize, usize)]) -> bool,
) -> (i32, i32, usize) {
    for _ in 0..64 {
        let dir = rng.index(4);
        let r = rng.index(N) as i32;
        let c = rng.index(N) as i32;
        let (dr, dc) = DIRS[dir];
        if !inside(r + dr * (len - 1), c + dc * (len - 1)) {
            continue;
        }
        if let Some(cells) = line_cells(r, c, dir, len) {
            if keep(&cells) {
                return (r, c, dir);
            }
        }
    }
    // Rare placements (a corner): list them all and pick one.
    let mut all = Vec::new();
    for dir in 0..4 {
        for r in 0..N as i32 {
            for c in 0..N as i32 {
                if let Some(cells) = line_cells(r, c, dir, len) {
                    if keep(&cells) {
                        all.push((r, c, dir));
                    }
                }
            }
        }
    }
    *rng.pick(&all)
}

/// Puts stones on empty cells as a whole, keeping them only if the set of winning fives is
/// exactly `expected` afterwards.
fn plant(board: &mut Board, stones: &[(usize, usize, u8)], expected: &[Five]) -> bool {
    if stones.iter().any(|&(r, c, _)| board[r][c] != 0) {
        return false;
    }
    let saved = *board;
    for &(r, c, colour) in stones {
        board[r][c] = colour;
    }
    if winning_fives(board) == expected {
        true
    } else {
        *board = saved;
        false
    }
}

/// Puts one stone on an empty cell unless that would create a winning five or lengthen an
/// existing one (the only ways one stone can change the set of winning fives).
fn try_place(board: &mut Board, r: usize, c: usize, colour: u8) -> bool {
    if board[r][c] != 0 {
        return false;
    }
    for &(dr, dc) in &DIRS {
        let count = |sign: i32| {
            let mut n = 0;
            while at(
                board,
                r as i32 + sign * dr * (n + 1),
                c as i32 + sign * dc * (n + 1),
            ) == colour
            {
                n += 1;
            }
            n
        };
        let (back, forward) = (count(-1), count(1));
        if back + forward + 1 == 5 || back == 5 || forward == 5 {
            return false;
        }
    }
    board[r][c] = colour;
    true
}

fn other(colour: u8) -> u8 {
    3 - colour
}

/// Random stones on up to `count` empty cells; `black_percent` is the chance of black.
fn add_noise(rng: &mut TestRng, board: &mut Board, count: usize, black_percent: u64) {
    let mut cells: Vec<(usize, usize)> = (0..N)
        .flat_map(|r| (0..N).map(move |c| (r, c)))
        .filter(|&(r, c)| board[r][c] == 0)
        .collect();
    // A partial Fisher-Yates shuffle: only the first `count` places are drawn.
    let count = count.min(cells.len());
    for i in 0..count {
        let j = i + rng.index(cells.len() - i);
        cells.swap(i, j);
    }
    for &(r, c) in cells.iter().take(count) {
        let colour = if rng.chance(black_percent, 100) { 1 } else { 2 };
        if !try_place(board, r, c, colour) {
            try_place(board, r, c, other(colour));
        }
    }
}

fn random_colour(rng: &mut TestRng) -> u8 {
    if rng.chance(1, 2) {
        1
    } else {
        2
    }
}

/// Plants the winning five at a placement chosen uniformly among those passing `keep`.
fn plant_five(
    rng: &mut TestRng,
    board: &mut Board,
    colour: u8,
    keep: impl Fn(&[(usize, usize)]) -> bool,
) -> Option<Five> {
    for _ in 0..20 {
        let (r, c, dir) = random_placement(rng, 5, &keep);
        let cells = line_cells(r, c, dir, 5).expect("placement is on the board");
        let stones: Vec<_> = cells.iter().map(|&(x, y)| (x, y, colour)).collect();
        let five = Five {
            colour,
            row: r as usize,
            col: c as usize,
            dir,
        };
        let mut expected = winning_fives(board);
        expected.push(five);
        expected.sort_by_key(|f| (f.row, f.col, f.dir));
        if plant(board, &stones, &expected) {
            // Sometimes cap the ends with the other colour (or leave them to chance).
            let (dr, dc) = DIRS[dir];
            for (er, ec) in [(r - dr, c - dc), (r + 5 * dr, c + 5 * dc)] {
                if inside(er, ec) && rng.chance(1, 3) {
                    try_place(board, er as usize, ec as usize, other(colour));
                }
            }
            return Some(five);
        }
    }
    None
}

/// Plants a run of `len` stones (usually 6 or more) somewhere, keeping the fives unchanged.
fn plant_run(rng: &mut TestRng, board: &mut Board, colour: u8, len: i32) -> bool {
    let expected = winning_fives(board);
    for _ in 0..30 {
        let (r, c, dir) = random_placement(rng, len, &|_: &[(usize, usize)]| true);
        let cells = line_cells(r, c, dir, len).expect("placement is on the board");
        let stones: Vec<_> = cells.iter().map(|&(x, y)| (x, y, colour)).collect();
        if plant(board, &stones, &expected) {
            return true;
        }
    }
    false
}

/// A long run length: mostly 6 or 7, sometimes much longer.
fn long_len(rng: &mut TestRng) -> i32 {
    match rng.below(4) {
        0 | 1 => 6,
        2 => 7,
        _ => rng.range_inclusive(8, 19) as i32,
    }
}

/// Plants a run of 6+ stones of `colour` right beside `five` (parallel, one step aside).
fn plant_run_beside(rng: &mut TestRng, board: &mut Board, five: &Five, colour: u8) -> bool {
    let expected = winning_fives(board);
    let (dr, dc) = DIRS[five.dir];
    for _ in 0..60 {
        let len = long_len(rng).min(9);
        let (or, oc) = loop {
            let offset = (
                rng.range_inclusive(0, 2) as i32 - 1,
                rng.range_inclusive(0, 2) as i32 - 1,
            );
            if offset != (0, 0) && offset != (dr, dc) && offset != (-dr, -dc) {
                break offset;
            }
        };
        let shift = rng.range_inclusive(0, 6) as i32 - 3;
        let r = five.row as i32 + or + shift * dr;
        let c = five.col as i32 + oc + shift * dc;
        if let Some(cells) = line_cells(r, c, five.dir, len) {
            let stones: Vec<_> = cells.iter().map(|&(x, y)| (x, y, colour)).collect();
            if plant(board, &stones, &expected) {
                return true;
            }
        }
    }
    false
}

/// Near misses around the board: fours, broken fives, runs with a gap next to a five.
fn plant_traps(rng: &mut TestRng, board: &mut Board, count: usize) {
    let patterns: [&[u8]; 5] = [
        &[1, 1, 1, 1],
        &[1, 1, 1, 1, 0, 1],
        &[1, 1, 0, 1, 1, 1],
        &[1, 1, 1, 0, 1, 1, 1],
        &[2, 1, 1, 1, 1, 2],
    ];
    let expected = winning_fives(board);
    for _ in 0..count {
        let pattern = *rng.pick(&patterns);
        let colour = random_colour(rng);
        let (r, c, dir) = random_placement(rng, pattern.len() as i32, &|_: &[(usize, usize)]| true);
        let cells = line_cells(r, c, dir, pattern.len() as i32).expect("on the board");
        let stones: Vec<_> = cells
            .iter()
            .zip(pattern)
            .filter(|(_, &p)| p != 0)
            .map(|(&(x, y), &p)| (x, y, if p == 1 { colour } else { other(colour) }))
            .collect();
        plant(board, &stones, &expected);
    }
}

/// Adds a scenario's background stones at a random level (see [`noise_level`]).
fn add_background(rng: &mut TestRng, board: &mut Board) {
    let (count, black) = noise_level(rng);
    add_noise(rng, board, count, black);
}

/// The stones a scenario adds as background: (count, black percent).
fn noise_level(rng: &mut TestRng) -> (usize, u64) {
    let count = match rng.below(3) {
        0 => rng.range_inclusive(5, 60),
        1 => rng.range_inclusive(60, 160),
        _ => rng.range_inclusive(160, 280),
    } as usize;
    (count, rng.range_inclusive(35, 65))
}

/// Whether a five's cells satisfy `keep`: used to aim at sides and corners.
fn on_side(side: u64) -> impl Fn(&[(usize, usize)]) -> bool {
    move |cells| {
        cells.iter().any(|&(r, c)| match side {
            0 => r == 0,
            1 => r == N - 1,
            2 => c == 0,
            _ => c == N - 1,
        })
    }
}

fn at_corner(corner: u64) -> impl Fn(&[(usize, usize)]) -> bool {
    let target = match corner {
        0 => (0, 0),
        1 => (0, N - 1),
        2 => (N - 1, 0),
        _ => (N - 1, N - 1),
    };
    move |cells| cells.contains(&target)
}

/// One attempt at scenario `scenario`; `None` when it did not come out as intended.
fn build(rng: &mut TestRng, scenario: u64, round: u64) -> Option<Board> {
    let mut board = [[0u8; N]; N];
    let b = &mut board;
    // Whether the finished board must have exactly one winning five (true) or none (false).
    let want_five: bool;
    match scenario {
        // A five in one fixed direction, with background and sometimes a long run.
        0..=3 => {
            let dir = scenario as usize;
            let colour = random_colour(rng);
            plant_five(rng, b, colour, |cells| {
                cells[1].0 as i32 - cells[0].0 as i32 == DIRS[dir].0
                    && cells[1].1 as i32 - cells[0].1 as i32 == DIRS[dir].1
            })?;
            if rng.chance(1, 3) {
                let len = long_len(rng);
                let colour = random_colour(rng);
                plant_run(rng, b, colour, len);
            }
            add_background(rng, b);
            want_five = true;
        }
        // A five touching one side of the board (rotating through the four sides).
        4 => {
            let colour = random_colour(rng);
            plant_five(rng, b, colour, on_side(round % 4))?;
            add_background(rng, b);
            want_five = true;
        }
        // A five through one corner (rotating through the four corners).
        5 => {
            let colour = random_colour(rng);
            plant_five(rng, b, colour, at_corner(round % 4))?;
            add_background(rng, b);
            want_five = true;
        }
        // No winner, but runs of six or more.
        6 => {
            let runs = rng.range_inclusive(1, 4);
            let mut planted = 0;
            for _ in 0..runs {
                let len = long_len(rng);
                let colour = random_colour(rng);
                planted += u32::from(plant_run(rng, b, colour, len));
            }
            if planted == 0 {
                return None;
            }
            add_background(rng, b);
            want_five = false;
        }
        // A real five of one colour with a run of six or more of the other right beside it.
        7 => {
            let colour = random_colour(rng);
            let five = plant_five(rng, b, colour, |_| true)?;
            if !plant_run_beside(rng, b, &five, other(colour)) {
                return None;
            }
            let (count, black) = noise_level(rng);
            add_noise(rng, b, count / 2, black);
            want_five = true;
        }
        // A crowded board with no winner.
        8 => {
            let count = rng.range_inclusive(230, 361) as usize;
            let black = rng.range_inclusive(25, 75);
            add_noise(rng, b, count, black);
            want_five = false;
        }
        // A sparse board, with or without a five (sometimes empty).
        9 => {
            want_five = rng.chance(1, 2);
            if want_five {
                let colour = random_colour(rng);
                plant_five(rng, b, colour, |_| true)?;
            }
            let count = if round % 4 == 3 {
                0
            } else {
                rng.range_inclusive(0, 20) as usize
            };
            add_noise(rng, b, count, 50);
        }
        // A crowded board with one five and long runs.
        10 => {
            let colour = random_colour(rng);
            plant_five(rng, b, colour, |_| true)?;
            for _ in 0..rng.range_inclusive(0, 2) {
                let len = long_len(rng);
                let colour = random_colour(rng);
                plant_run(rng, b, colour, len);
            }
            let count = rng.range_inclusive(220, 356) as usize;
            let black = rng.range_inclusive(30, 70);
            add_noise(rng, b, count, black);
            want_five = true;
        }
        // Near misses: fours, broken fives, a same-colour long run, and usually one five.
        _ => {
            want_five = !rng.chance(1, 4);
            if want_five {
                let colour = random_colour(rng);
                plant_five(rng, b, colour, |_| true)?;
                if rng.chance(1, 2) {
                    let len = long_len(rng);
                    plant_run(rng, b, colour, len);
                }
            }
            let traps = rng.range_inclusive(3, 10) as usize;
            plant_traps(rng, b, traps);
            let count = rng.range_inclusive(0, 120) as usize;
            add_noise(rng, b, count, 50);
        }
    }
    let fives = winning_fives(&board);
    (fives.len() == usize::from(want_five)).then_some(board)
}

/// A generated input. The board has a fixed size, so `size_percent` is not used; scenarios rotate by index:
/// 0-3 a five in each direction, 4 a five on a side, 5 a five through a corner, 6 long runs
/// and no winner, 7 a five with a long run of the other colour beside it, 8 crowded with no
/// winner, 9 sparse, 10 crowded with a five, 11 near misses.
pub(super) fn input(rng: &mut TestRng, request: GenRequest) -> String {
    let scenario = request.index % K;
    let round = request.index / K;
    for _ in 0..50 {
        if let Some(board) = build(rng, scenario, round) {
            return format_board(&board);
        }
    }
    // Not reached in practice (tests check it); an empty board is always valid.
    format_board(&[[0u8; N]; N])
}

/// The default scenarios the hard set rotates through (see [`hard_input`]).
pub(super) const HARD_SCENARIOS: [u64; 3] = [8, 10, 6];

/// An input of the hard set: only crowded boards and long runs, where a scan does the most
/// work (scenario 8, crowded with no winner; 10, crowded with a five and long runs; 6, runs of
/// six or more and no winner). The board's size is fixed, so the default tests hold such
/// boards too; here every test is one.
pub(super) fn hard_input(rng: &mut TestRng, request: GenRequest) -> String {
    let count = HARD_SCENARIOS.len() as u64;
    let scenario = HARD_SCENARIOS[(request.index % count) as usize];
    let round = request.index / count;
    for _ in 0..50 {
        if let Some(board) = build(rng, scenario, round) {
            return format_board(&board);
        }
    }
    // Not reached in practice (tests check it); an empty board is always valid.
    format_board(&[[0u8; N]; N])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::boj2615::board::{parse_board, stone_count};
    use crate::problems::boj2615::test_support::gen;
    use crate::problems::boj2615::Boj2615;
    use crate::problems::{
        generate_hard_test, generate_test, generated_digest, hard_digest, Problem,
    };

    /// The colour and direction of every maximal run of `min_len` or more stones.
    fn long_runs(board: &Board, min_len: i32) -> Vec<(u8, usize)> {
        let mut runs = Vec::new();
        for r in 0..N as i32 {
            for c in 0..N as i32 {
                let colour = at(board, r, c);
                if colour == 0 {
                    continue;
                }
                for (dir, &(dr, dc)) in DIRS.iter().enumerate() {
                    if at(board, r - dr, c - dc) == colour {
                        continue;
                    }
                    let mut len = 0;
                    while at(board, r + dr * len, c + dc * len) == colour {
                        len += 1;
                    }
                    if len >= min_len {
                        runs.push((colour, dir));
                    }
                }
            }
        }
        runs
    }

    /// Classic wrong answer (a): any run of five or more wins.
    fn wrong_six_wins(input: &str) -> String {
        let b = parse_board(input).unwrap();
        for c in 0..N as i32 {
            for r in 0..N as i32 {
                let k = at(&b, r, c);
                if k == 0 {
                    continue;
                }
                for &(dr, dc) in &DIRS {
                    if at(&b, r - dr, c - dc) == k {
                        continue;
                    }
                    let mut len = 0;
                    while at(&b, r + dr * len, c + dc * len) == k {
                        len += 1;
                    }
                    if len >= 5 {
                        return format!("{k}\n{} {}\n", r + 1, c + 1);
                    }
                }
            }
        }
        "0\n".to_string()
    }

    /// Classic wrong answer (b): on the rising diagonal, report the upper-right end.
    fn wrong_rising_end(input: &str) -> String {
        let b = parse_board(input).unwrap();
        match winning_fives(&b).first() {
            None => "0\n".to_string(),
            Some(f) if f.dir == 3 => format!("{}\n{} {}\n", f.colour, f.row + 1 - 4, f.col + 1 + 4),
            Some(f) => format!("{}\n{} {}\n", f.colour, f.row + 1, f.col + 1),
        }
    }

    #[test]
    fn generated_inputs_are_valid_and_as_intended() {
        // 1000 pairs in debug builds, 4000 in release.
        let seeds = if cfg!(debug_assertions) { 10 } else { 40 };
        for seed in 1..=seeds {
            for index in 0..100 {
                let input = gen(seed, index);
                Boj2615
                    .validate(&input)
                    .unwrap_or_else(|e| panic!("seed {seed} index {index}: {e}\n{input}"));
                // The generator never falls back to its empty board except on purpose.
                let scenario = index % K;
                if scenario != 9 {
                    assert!(stone_count(&parse_board(&input).unwrap()) > 0);
                }
            }
        }
        // size_percent does not change anything but must be accepted.
        for percent in [1, 50] {
            let request = GenRequest {
                index: 7,
                size_percent: percent,
            };
            assert_eq!(generate_test(&Boj2615, 3, request), gen(3, 7));
        }
    }

    #[test]
    fn every_shape_occurs_in_default_indices() {
        for seed in 1..=5 {
            let mut dirs = [false; 4];
            let mut sides = [false; 4];
            let mut corners = [false; 4];
            let (mut no_winner, mut six_no_win, mut six_beside_other) = (false, false, false);
            let (mut sparse, mut crowded, mut black, mut white) = (false, false, false, false);
            let (mut sparse_win, mut crowded_win, mut crowded_none) = (false, false, false);
            for index in 0..48 {
                let b = parse_board(&gen(seed, index)).unwrap();
                let fives = winning_fives(&b);
                let stones = stone_count(&b);
                let runs = long_runs(&b, 6);
                sparse |= stones <= 30;
                crowded |= stones >= 250;
                match fives.first() {
                    None => {
                        no_winner = true;
                        six_no_win |= !runs.is_empty();
                        crowded_none |= stones >= 250;
                    }
                    Some(f) => {
                        dirs[f.dir] = true;
                        black |= f.colour == 1;
                        white |= f.colour == 2;
                        sparse_win |= stones <= 30;
                        crowded_win |= stones >= 250;
                        six_beside_other |= runs.iter().any(|&(k, _)| k != f.colour);
                        let cells = line_cells(f.row as i32, f.col as i32, f.dir, 5).unwrap();
                        for s in 0..4 {
                            sides[s as usize] |= on_side(s)(&cells);
                            corners[s as usize] |= at_corner(s)(&cells);
                        }
                    }
                }
            }
            let all = [
                dirs.iter().all(|&x| x),
                sides.iter().all(|&x| x),
                corners.iter().all(|&x| x),
                no_winner,
                six_no_win,
                six_beside_other,
                sparse,
                crowded,
                black,
                white,
                sparse_win,
                crowded_win,
                crowded_none,
            ];
            assert!(
                all.iter().all(|&x| x),
                "seed {seed}: {all:?} {dirs:?} {sides:?} {corners:?}"
            );
        }
    }

    #[test]
    fn classic_wrong_answers_are_caught() {
        let sample = std::fs::read_to_string(
            std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
                .join("problems/boj2615/samples/official-1.in"),
        )
        .unwrap();
        // Both pass the official sample, so only generated tests can catch them.
        assert_eq!(wrong_six_wins(&sample), "1\n3 2\n");
        assert_eq!(wrong_rising_end(&sample), "1\n3 2\n");
        for seed in 1..=20 {
            let inputs: Vec<String> = (0..20).map(|i| gen(seed, i)).collect();
            let reference: Vec<String> = inputs.iter().map(|i| Boj2615.solve(i).unwrap()).collect();
            for (name, wrong) in [
                ("six wins", wrong_six_wins as fn(&str) -> String),
                ("rising end", wrong_rising_end),
            ] {
                assert!(
                    inputs.iter().zip(&reference).any(|(i, r)| wrong(i) != *r),
                    "seed {seed}: wrong answer '{name}' not caught in indices 0..20"
                );
            }
        }
    }

    #[test]
    fn golden_generated_bytes() {
        let expected_1_9 = "\
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2 0
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 2 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 2 0 0 0 0 0 0 0 0 0 0
1 2 2 2 2 2 1 0 0 0 0 0 0 2 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 2 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 2 2 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1
0 0 0 0 0 0 0 0 0 0 0 2 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 0 1 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0 0
";
        let expected_3_9 = "\
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 2 0 0 0 0 0 0 0 0 0 0 0
0 0 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
";
        assert_eq!(gen(1, 9), expected_1_9);
        assert_eq!(gen(3, 9), expected_3_9);
        let digest = generated_digest(&Boj2615, 1, 50);
        assert_eq!(
            digest,
            "a89282693329d22f4c593c1bff4632b2f196b4e45363334725ec2ebc85b40fa0"
        );
        assert_eq!(
            hard_digest(&Boj2615, 1, 30),
            "1759771ea95c65eee279b323dcc989a4344f0f71e083d81ebd76cfe6a0360a02"
        );
    }

    /// The hard set: valid, crowded boards or boards with runs of six or more, as intended
    /// (a five exactly when the scenario plants one).
    #[test]
    fn the_hard_set_holds_crowded_boards_and_long_runs() {
        for seed in 1..=10 {
            for index in 0..2 * HARD_SCENARIOS.len() as u64 {
                let input = generate_hard_test(&Boj2615, seed, GenRequest::full(index)).unwrap();
                Boj2615
                    .validate(&input)
                    .unwrap_or_else(|e| panic!("seed {seed} index {index}: {e}\n{input}"));
                let board = parse_board(&input).unwrap();
                let scenario = HARD_SCENARIOS[index as usize % HARD_SCENARIOS.len()];
                let fives = winning_fives(&board).len();
                match scenario {
                    8 => assert!(stone_count(&board) >= 200 && fives == 0, "{input}"),
                    10 => assert!(stone_count(&board) >= 200 && fives == 1, "{input}"),
                    _ => assert!(!long_runs(&board, 6).is_empty() && fives == 0, "{input}"),
                }
            }
        }
    }
}
