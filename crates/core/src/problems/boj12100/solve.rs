//! The reference solver: a depth-first search over the 4^5 move sequences that skips moves
//! which change nothing and stops a branch early when even doubling the largest block on every
//! remaining move (capped by the total of all blocks) cannot beat the best found so far.

use super::board::parse_board;
use super::MOVES;
use crate::problems::game2048::{Direction, Grid};
use crate::problems::InvalidInput;

/// The exact expected output: the largest block reachable in at most five moves.
pub(super) fn expected_output(input: &str) -> Result<String, InvalidInput> {
    let grid = parse_board(input)?;
    Ok(format!("{}\n", best_within(&grid, MOVES)))
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

#[cfg(test)]
mod tests {
    use crate::problems::boj12100::generate::SCENARIOS;
    use crate::problems::boj12100::test_support::{
        answer, brute, wrong_double, wrong_far, wrong_four_moves, P,
    };
    use crate::problems::{generate_test, sample_files, GenRequest, Problem};

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
        let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("problems/boj12100/samples");
        let mut seen = 0;
        for (path, input, expected) in sample_files("boj12100") {
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
}
