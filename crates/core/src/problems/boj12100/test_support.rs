//! Test-only helpers shared by the unit tests of the sibling modules: an independent naive
//! model of the game (boards as `Vec<Vec<u32>>`, every direction done by turning the board so
//! that it becomes a move to the left, moving left, and turning back), the brute force built on
//! it, and the classic wrong solutions the generated tests must catch.

use std::collections::HashMap;

use super::board::parse_board;
use super::solve::best_within;
use super::Boj12100;
use crate::problems::Problem;

/// The problem under test.
pub(super) const P: Boj12100 = Boj12100;

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

/// The answer by brute force on the naive model.
pub(super) fn brute(input: &str) -> u32 {
    naive_best(&read_board(input), 5, merge_from_front)
}

/// A wrong solution: a merged block may merge again in the same move.
pub(super) fn wrong_double(input: &str) -> u32 {
    naive_best(&read_board(input), 5, merge_twice)
}

/// A wrong solution: pairs are formed from the far end of each line.
pub(super) fn wrong_far(input: &str) -> u32 {
    naive_best(&read_board(input), 5, merge_far_pair_first)
}

/// A wrong solution: the right search, one move short.
pub(super) fn wrong_four_moves(input: &str) -> u32 {
    best_within(&parse_board(input).unwrap(), 4)
}

/// The reference solver's answer as a number.
pub(super) fn answer(input: &str) -> u32 {
    P.solve(input).unwrap().trim_end().parse().unwrap()
}

/// The board side N of an input.
pub(super) fn size_of(input: &str) -> usize {
    input.lines().next().unwrap().parse().unwrap()
}

mod tests {
    use super::*;
    use crate::problems::game2048::{Direction, Grid};

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
}
