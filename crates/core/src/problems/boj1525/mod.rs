//! Baekjoon 1525 "Puzzle": the least number of slides that turn a 3 x 3 table of 0..8 (0 is the
//! empty cell) into `1 2 3 / 4 5 6 / 7 8 0`, or -1 when it cannot be done.
//!
//! Each job has its own module: `state` holds a table as a permutation (ranks, slides, parity,
//! reading and writing), `solve` is the reference distance table, `generate` makes the tests,
//! `validate` checks an input's exact format and `shrink` proposes simpler tables when a
//! failure is shrunk.

mod generate;
mod shrink;
mod solve;
mod state;
#[cfg(test)]
mod test_support;
mod validate;

use super::{GenRequest, InvalidInput, Problem};
use crate::rng::TestRng;

pub struct Boj1525;

impl Problem for Boj1525 {
    fn id(&self) -> &'static str {
        "boj1525"
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
