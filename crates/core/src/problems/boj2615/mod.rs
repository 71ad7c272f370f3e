//! Baekjoon 2615 "Omok": find the colour with exactly five stones in a row on a 19 x 19 board.
//!
//! A winning five is a maximal run of exactly five stones of one colour along a row, a column or
//! either diagonal; runs of six or more do not win. The answer names the colour and the leftmost
//! stone of the five (the topmost for a vertical five). The input guarantees at most one winning
//! five on the whole board.
//!
//! Each job has its own module: `board` holds the board and its geometry, `solve` finds the
//! winning fives (the reference solver, which the other modules use to check their boards),
//! `generate` makes the tests, `validate` checks an input's exact format and the one-five
//! guarantee, and `shrink` proposes boards with fewer stones when a failure is shrunk.

mod board;
mod generate;
mod shrink;
mod solve;
#[cfg(test)]
mod test_support;
mod validate;

use super::{GenRequest, InvalidInput, Problem};
use crate::rng::TestRng;

pub struct Boj2615;

impl Problem for Boj2615 {
    fn id(&self) -> &'static str {
        "boj2615"
    }

    fn generate(&self, rng: &mut TestRng, request: GenRequest) -> String {
        generate::input(rng, request)
    }

    fn generate_hard(&self, rng: &mut TestRng, request: GenRequest) -> Option<String> {
        Some(generate::hard_input(rng, request))
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
