//! The shrinker: smaller boards for a failing test, each smaller by (N, number of blocks, sum
//! of blocks) in that order.

use super::board::{board_text, parse_board};
use crate::problems::game2048::Grid;

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

/// Candidates, each smaller by (N, number of blocks, sum of blocks) in that order: one row
/// and column fewer (an empty row with an empty column first: that keeps the game the
/// same; then the last ones, the first ones, and the mixed pairs), every block halved, one
/// block removed, one block halved.
pub(super) fn candidates(input: &str) -> Vec<String> {
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

#[cfg(test)]
mod tests {
    use crate::problems::boj12100::board::parse_board;
    use crate::problems::boj12100::test_support::{answer, size_of, wrong_far, P};
    use crate::problems::{generate_test, GenRequest, Problem};

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
