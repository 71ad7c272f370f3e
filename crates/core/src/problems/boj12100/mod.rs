//! Baekjoon 12100 "2048 (Easy)": on an N x N board of 2048 blocks (1 <= N <= 20, every block a
//! power of two from 2 to 1024, at least one block), print the largest block that can be made
//! in at most five moves. The move rule lives in [`super::game2048`].
//!
//! Each job has its own module: `board` reads, checks and writes boards, `generate` makes the
//! tests, `validate` checks an input's exact format, `solve` is the reference search and
//! `shrink` proposes smaller boards when a failure is shrunk.

mod board;
mod generate;
mod shrink;
mod solve;
#[cfg(test)]
mod test_support;
mod validate;

pub use solve::best_within;

use super::{GenRequest, InvalidInput, Problem};
use crate::rng::TestRng;

/// The largest board side the statement allows.
pub const MAX_N: usize = 20;
/// The number of moves allowed.
pub const MOVES: u32 = 5;
/// The largest block value in an input.
pub const MAX_BLOCK: u32 = 1024;

pub struct Boj12100;

impl Problem for Boj12100 {
    fn id(&self) -> &'static str {
        "boj12100"
    }

    fn generate(&self, rng: &mut TestRng, request: GenRequest) -> String {
        board::board_text(&generate::generate_grid(rng, request))
    }

    fn generate_hard(&self, rng: &mut TestRng, request: GenRequest) -> Option<String> {
        Some(board::board_text(&generate::hard_grid(rng, request)))
    }

    fn validate(&self, input: &str) -> Result<(), InvalidInput> {
        validate::check(input)
    }

    fn solve(&self, input: &str) -> Result<String, InvalidInput> {
        solve::expected_output(input)
    }

    fn shrink(&self, input: &str) -> Vec<String> {
        shrink::candidates(input)
    }
}
