//! The reference solver: every winning five on the board, found by walking each line of each
//! direction once; the answer is the first of them (there is at most one in a valid input).

use super::board::{inside, parse_board, Board, DIRS, N};
use crate::problems::InvalidInput;

/// One winning five: its colour, its first stone (0-based) and its direction index in `DIRS`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Five {
    pub(super) colour: u8,
    pub(super) row: usize,
    pub(super) col: usize,
    pub(super) dir: usize,
}

/// Every winning five on the board, ordered by first stone (row-major), then direction.
/// Each line of each direction is walked once, closing runs as the colour changes.
pub(super) fn winning_fives(board: &Board) -> Vec<Five> {
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

/// The exact expected output: `0`, or the winner's colour and the position of the first stone
/// of its five.
pub(super) fn expected_output(input: &str) -> Result<String, InvalidInput> {
    let board = parse_board(input)?;
    Ok(match winning_fives(&board).first() {
        None => "0\n".to_string(),
        Some(five) => format!("{}\n{} {}\n", five.colour, five.row + 1, five.col + 1),
    })
}

#[cfg(test)]
mod tests {
    use crate::problems::boj2615::board::{format_board, N};
    use crate::problems::boj2615::test_support::{board_with, gen};
    use crate::problems::boj2615::Boj2615;
    use crate::problems::{sample_files, Problem};

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
        for (path, input, expected) in sample_files("boj2615") {
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
            std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
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
}
