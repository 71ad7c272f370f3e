//! The shrinker: boards with fewer stones for a failing test.

use super::board::{format_board, parse_board, stone_count, Board, N};
use super::solve::winning_fives;

/// Candidates with fewer stones: all removed, a whole row, a whole column, one stone;
/// those that keep the board valid (at most one five) come first.
pub(super) fn candidates(input: &str) -> Vec<String> {
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

#[cfg(test)]
mod tests {
    use crate::problems::boj2615::board::{parse_board, stone_count};
    use crate::problems::boj2615::test_support::gen;
    use crate::problems::boj2615::Boj2615;
    use crate::problems::Problem;

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
            std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
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
