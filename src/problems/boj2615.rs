//! Baekjoon 2615 "Omok": find the colour with exactly five stones in a row on a 19 x 19 board.
//!
//! A winning five is a maximal run of exactly five stones of one colour along a row, a column or
//! either diagonal; runs of six or more do not win. The answer names the colour and the leftmost
//! stone of the five (the topmost for a vertical five). The input guarantees at most one winning
//! five on the whole board.

use super::{check_strict_format, GenRequest, InvalidInput, Problem, Tokens};
use crate::rng::TestRng;

pub struct Boj2615;

/// The board side.
const N: usize = 19;

/// A board: 0 empty, 1 black, 2 white; `board[row][column]`.
type Board = [[u8; N]; N];

/// The four line directions, each walked from its leftmost stone (topmost when vertical):
/// right, down, down-right, up-right.
const DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (-1, 1)];

/// Number of generator scenarios; any `K` consecutive indices cover all of them.
const K: u64 = 12;

/// One winning five: its colour, its first stone (0-based) and its direction index in `DIRS`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Five {
    colour: u8,
    row: usize,
    col: usize,
    dir: usize,
}

fn inside(r: i32, c: i32) -> bool {
    // Negative values wrap to huge unsigned ones.
    (r as u32) < N as u32 && (c as u32) < N as u32
}

fn at(board: &Board, r: i32, c: i32) -> u8 {
    if inside(r, c) {
        board[r as usize][c as usize]
    } else {
        0
    }
}

/// Every winning five on the board, ordered by first stone (row-major), then direction.
/// Each line of each direction is walked once, closing runs as the colour changes.
fn winning_fives(board: &Board) -> Vec<Five> {
    let mut fives = Vec::new();
    for (dir, &(dr, dc)) in DIRS.iter().enumerate() {
        for r in 0..N as i32 {
            for c in 0..N as i32 {
                if inside(r - dr, c - dc) {
                    continue; // not the first cell of its line
                }
                // Number of cells on this line.
                let mut steps = 0;
                while inside(r + dr * steps, c + dc * steps) {
                    steps += 1;
                }
                let (mut colour, mut len, mut start) = (0u8, 0usize, 0i32);
                for i in 0..=steps {
                    let here = if i < steps {
                        board[(r + dr * i) as usize][(c + dc * i) as usize]
                    } else {
                        0
                    };
                    if here != colour {
                        if colour != 0 && len == 5 {
                            fives.push(Five {
                                colour,
                                row: (r + dr * start) as usize,
                                col: (c + dc * start) as usize,
                                dir,
                            });
                        }
                        colour = here;
                        len = 0;
                        start = i;
                    }
                    len += 1;
                }
            }
        }
    }
    fives.sort_by_key(|f| (f.row, f.col, f.dir));
    fives
}

/// Reads 361 cells leniently (any whitespace), each 0, 1 or 2.
fn parse_board(input: &str) -> Result<Board, InvalidInput> {
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

fn format_board(board: &Board) -> String {
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

fn answer(board: &Board) -> String {
    match winning_fives(board).first() {
        None => "0\n".to_string(),
        Some(five) => format!("{}\n{} {}\n", five.colour, five.row + 1, five.col + 1),
    }
}

fn describe(five: &Five) -> String {
    let name = [
        "horizontal",
        "vertical",
        "down-right diagonal",
        "up-right diagonal",
    ][five.dir];
    let colour = if five.colour == 1 { "black" } else { "white" };
    format!(
        "{colour} {name} five starting at row {}, column {}",
        five.row + 1,
        five.col + 1
    )
}

fn stone_count(board: &Board) -> usize {
    board.iter().flatten().filter(|&&v| v != 0).count()
}

// ---------------------------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------------------------

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
            let (count, black) = noise_level(rng);
            add_noise(rng, b, count, black);
            want_five = true;
        }
        // A five touching one side of the board (rotating through the four sides).
        4 => {
            let colour = random_colour(rng);
            plant_five(rng, b, colour, on_side(round % 4))?;
            let (count, black) = noise_level(rng);
            add_noise(rng, b, count, black);
            want_five = true;
        }
        // A five through one corner (rotating through the four corners).
        5 => {
            let colour = random_colour(rng);
            plant_five(rng, b, colour, at_corner(round % 4))?;
            let (count, black) = noise_level(rng);
            add_noise(rng, b, count, black);
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
            let (count, black) = noise_level(rng);
            add_noise(rng, b, count, black);
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

/// The colour and direction of every maximal run of `min_len` or more stones.
#[cfg(test)]
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

impl Problem for Boj2615 {
    fn id(&self) -> &'static str {
        "boj2615"
    }

    /// The board has a fixed size, so `size_percent` is not used; scenarios rotate by index:
    /// 0-3 a five in each direction, 4 a five on a side, 5 a five through a corner, 6 long runs
    /// and no winner, 7 a five with a long run of the other colour beside it, 8 crowded with no
    /// winner, 9 sparse, 10 crowded with a five, 11 near misses.
    fn generate(&self, rng: &mut TestRng, request: GenRequest) -> String {
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

    fn validate(&self, input: &str) -> Result<(), InvalidInput> {
        check_strict_format(input)?;
        let lines: Vec<&str> = input.split_terminator('\n').collect();
        if lines.len() != N {
            return Err(InvalidInput::new(format!(
                "expected {N} lines, found {}",
                lines.len()
            )));
        }
        for (r, line) in lines.iter().enumerate() {
            let cells: Vec<&str> = line.split(' ').collect();
            if cells.len() != N {
                return Err(InvalidInput::new(format!(
                    "line {}: expected {N} numbers, found {}",
                    r + 1,
                    cells.len()
                )));
            }
            if let Some((c, bad)) = cells
                .iter()
                .enumerate()
                .find(|(_, t)| !matches!(**t, "0" | "1" | "2"))
            {
                return Err(InvalidInput::new(format!(
                    "line {}, column {}: expected 0, 1 or 2, found {bad:?}",
                    r + 1,
                    c + 1
                )));
            }
        }
        let board = parse_board(input)?;
        let fives = winning_fives(&board);
        if fives.len() > 1 {
            let kind = if fives[0].colour != fives[1].colour {
                "both colours win"
            } else {
                "one colour wins in two places"
            };
            return Err(InvalidInput::new(format!(
                "{kind}: {} and {}",
                describe(&fives[0]),
                describe(&fives[1])
            )));
        }
        Ok(())
    }

    fn solve(&self, input: &str) -> Result<String, InvalidInput> {
        Ok(answer(&parse_board(input)?))
    }

    /// Candidates with fewer stones: all removed, a whole row, a whole column, one stone;
    /// those that keep the board valid (at most one five) come first.
    fn shrink(&self, input: &str) -> Vec<String> {
        let Ok(board) = parse_board(input) else {
            return Vec::new();
        };
        let mut candidates: Vec<Board> = Vec::new();
        if stone_count(&board) > 0 {
            candidates.push([[0u8; N]; N]);
        }
        for r in 0..N {
            if board[r].iter().any(|&v| v != 0) {
                let mut next = board;
                next[r] = [0; N];
                candidates.push(next);
            }
        }
        for c in 0..N {
            if (0..N).any(|r| board[r][c] != 0) {
                let mut next = board;
                for row in next.iter_mut() {
                    row[c] = 0;
                }
                candidates.push(next);
            }
        }
        for r in 0..N {
            for c in 0..N {
                if board[r][c] != 0 {
                    let mut next = board;
                    next[r][c] = 0;
                    candidates.push(next);
                }
            }
        }
        let (valid, invalid): (Vec<Board>, Vec<Board>) = candidates
            .into_iter()
            .partition(|b| winning_fives(b).len() <= 1);
        valid.iter().chain(&invalid).map(format_board).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::generate_test;

    fn gen(seed: u64, index: u64) -> String {
        generate_test(&Boj2615, seed, GenRequest::full(index))
    }

    fn board_with(stones: &[(usize, usize, u8)]) -> Board {
        let mut b = [[0u8; N]; N];
        for &(r, c, v) in stones {
            b[r - 1][c - 1] = v;
        }
        b
    }

    /// Brute force: from every stone walk each of the 8 directions; a stone whose neighbour
    /// behind is not its colour and that starts exactly five forward is an end of a five.
    /// Each five is seen from both ends; the answer is the end with the smaller column, then
    /// the smaller row.
    fn brute(input: &str) -> String {
        let nums: Vec<u8> = input
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        let cell = |r: i64, c: i64| -> u8 {
            if r < 0 || c < 0 || r >= 19 || c >= 19 {
                0
            } else {
                nums[(r * 19 + c) as usize]
            }
        };
        let mut ends: Vec<(i64, i64, u8)> = Vec::new(); // (column, row, colour)
        for r in 0..19i64 {
            for c in 0..19i64 {
                let k = cell(r, c);
                if k == 0 {
                    continue;
                }
                for dr in -1..=1i64 {
                    for dc in -1..=1i64 {
                        if (dr, dc) == (0, 0) || cell(r - dr, c - dc) == k {
                            continue;
                        }
                        let mut len = 0;
                        while cell(r + len * dr, c + len * dc) == k {
                            len += 1;
                        }
                        if len == 5 {
                            ends.push((c, r, k));
                        }
                    }
                }
            }
        }
        match ends.iter().min() {
            None => "0\n".to_string(),
            Some(&(c, r, k)) => format!("{k}\n{} {}\n", r + 1, c + 1),
        }
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
    fn hand_cases_follow_the_rules() {
        let p = Boj2615;
        // Empty board: nobody wins.
        assert_eq!(p.solve(&format_board(&[[0; N]; N])).unwrap(), "0\n");
        // Horizontal five of white.
        let b = board_with(&[(5, 3, 2), (5, 4, 2), (5, 5, 2), (5, 6, 2), (5, 7, 2)]);
        assert_eq!(p.solve(&format_board(&b)).unwrap(), "2\n5 3\n");
        // Six in a row: no win.
        let mut b6 = b;
        b6[4][7] = 2;
        assert_eq!(p.solve(&format_board(&b6)).unwrap(), "0\n");
        // Vertical five: topmost stone.
        let b = board_with(&[
            (15, 19, 1),
            (16, 19, 1),
            (17, 19, 1),
            (18, 19, 1),
            (19, 19, 1),
        ]);
        assert_eq!(p.solve(&format_board(&b)).unwrap(), "1\n15 19\n");
        // Rising diagonal from the bottom-left corner: the lowest stone is reported.
        let b = board_with(&[(19, 1, 1), (18, 2, 1), (17, 3, 1), (16, 4, 1), (15, 5, 1)]);
        assert_eq!(p.solve(&format_board(&b)).unwrap(), "1\n19 1\n");
        // Falling diagonal ending in the bottom-right corner.
        let b = board_with(&[
            (15, 15, 2),
            (16, 16, 2),
            (17, 17, 2),
            (18, 18, 2),
            (19, 19, 2),
        ]);
        assert_eq!(p.solve(&format_board(&b)).unwrap(), "2\n15 15\n");
        // A five blocked at both ends by the other colour still wins.
        let b = board_with(&[
            (1, 1, 1),
            (1, 2, 2),
            (1, 3, 2),
            (1, 4, 2),
            (1, 5, 2),
            (1, 6, 2),
            (1, 7, 1),
        ]);
        assert_eq!(p.solve(&format_board(&b)).unwrap(), "2\n1 2\n");
        // Seven on a rising diagonal beside a black vertical five.
        let mut stones: Vec<(usize, usize, u8)> = (0..7).map(|i| (12 - i, 2 + i, 2)).collect();
        stones.extend((0..5).map(|i| (3 + i, 10, 1)));
        let b = board_with(&stones);
        assert_eq!(p.solve(&format_board(&b)).unwrap(), "1\n3 10\n");
        for b in [b, b6] {
            assert_eq!(
                brute(&format_board(&b)),
                p.solve(&format_board(&b)).unwrap()
            );
        }
    }

    #[test]
    fn samples_in_problem_folder_pass() {
        let mut seen = 0;
        for (path, input, expected) in super::super::sample_files("boj2615") {
            Boj2615
                .validate(&input)
                .unwrap_or_else(|e| panic!("{path:?}: {e}"));
            assert_eq!(Boj2615.solve(&input).unwrap(), expected, "{path:?}");
            assert_eq!(brute(&input), expected, "{path:?}");
            seen += 1;
        }
        assert!(
            seen >= 4,
            "official sample and edge cases expected, found {seen}"
        );
    }

    #[test]
    fn official_sample() {
        let input = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("problems/boj2615/samples/official-1.in"),
        )
        .unwrap();
        assert_eq!(Boj2615.solve(&input).unwrap(), "1\n3 2\n");
    }

    #[test]
    fn brute_force_agrees_with_solve() {
        let mut checked = 0;
        for seed in 1..=5 {
            for index in 0..100 {
                let input = gen(seed, index);
                assert_eq!(
                    brute(&input),
                    Boj2615.solve(&input).unwrap(),
                    "seed {seed} index {index}\n{input}"
                );
                checked += 1;
            }
        }
        assert!(checked >= 500);
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
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
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
    fn validate_rejects_bad_inputs() {
        let p = Boj2615;
        let good = format_board(&[[0; N]; N]);
        assert!(p.validate(&good).is_ok());
        let bad_format = [
            good.trim_end().to_string(),      // no final newline
            good.replacen("0 0", "0  0", 1),  // two spaces
            good.replacen('\n', " \n", 1),    // trailing space
            good.replacen("0", "3", 1),       // bad value
            good.replacen("0", "00", 1),      // not a plain digit
            good.replacen("0 0\n", "0\n", 1), // short line
            good.lines().skip(1).map(|l| format!("{l}\n")).collect(), // 18 lines
            format!("{good}{}\n", ["0"; 19].join(" ")), // 20 lines
        ];
        for bad in &bad_format {
            assert!(p.validate(bad).is_err(), "accepted:\n{bad}");
        }
        // Two colours win.
        let b = board_with(&[
            (1, 1, 1),
            (1, 2, 1),
            (1, 3, 1),
            (1, 4, 1),
            (1, 5, 1),
            (3, 1, 2),
            (3, 2, 2),
            (3, 3, 2),
            (3, 4, 2),
            (3, 5, 2),
        ]);
        let err = p.validate(&format_board(&b)).unwrap_err();
        assert!(err.message.contains("both colours"), "{err}");
        // One colour wins twice (sharing a stone).
        let b = board_with(&[
            (1, 1, 1),
            (1, 2, 1),
            (1, 3, 1),
            (1, 4, 1),
            (1, 5, 1),
            (2, 1, 1),
            (3, 1, 1),
            (4, 1, 1),
            (5, 1, 1),
        ]);
        let err = p.validate(&format_board(&b)).unwrap_err();
        assert!(err.message.contains("two places"), "{err}");
        // A six and a five of the same colour are fine.
        let b = board_with(&[
            (1, 1, 1),
            (1, 2, 1),
            (1, 3, 1),
            (1, 4, 1),
            (1, 5, 1),
            (1, 6, 1),
            (9, 9, 1),
            (10, 9, 1),
            (11, 9, 1),
            (12, 9, 1),
            (13, 9, 1),
        ]);
        assert!(p.validate(&format_board(&b)).is_ok());
        assert_eq!(p.solve(&format_board(&b)).unwrap(), "1\n9 9\n");
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
        let digest = super::super::generated_digest(&Boj2615, 1, 50);
        assert_eq!(
            digest,
            "a89282693329d22f4c593c1bff4632b2f196b4e45363334725ec2ebc85b40fa0"
        );
    }

    #[test]
    fn shrink_candidates_are_smaller_and_loop_ends() {
        let p = Boj2615;
        for index in [0, 3, 7, 10] {
            let input = gen(2, index);
            let before = stone_count(&parse_board(&input).unwrap());
            let candidates = p.shrink(&input);
            assert!(!candidates.is_empty());
            for c in &candidates {
                assert!(stone_count(&parse_board(c).unwrap()) < before);
            }
            // Valid candidates come first.
            let first_invalid = candidates.iter().position(|c| p.validate(c).is_err());
            if let Some(pos) = first_invalid {
                assert!(candidates[pos..].iter().all(|c| p.validate(c).is_err()));
            }
        }
        // Greedy loop on the official sample: keep its answer; must end at the five alone.
        let mut current = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("problems/boj2615/samples/official-1.in"),
        )
        .unwrap();
        let target = p.solve(&current).unwrap();
        let mut steps = 0;
        'outer: loop {
            steps += 1;
            assert!(steps < 400, "shrink loop does not end");
            for c in p.shrink(&current) {
                if p.validate(&c).is_ok() && p.solve(&c).unwrap() == target {
                    current = c;
                    continue 'outer;
                }
            }
            break;
        }
        assert_eq!(stone_count(&parse_board(&current).unwrap()), 5);
    }
}
