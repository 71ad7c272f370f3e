//! BLOCKGAME (Algospot): two players alternately place an L-tromino (a 2 x 2 square less one
//! cell) or a domino on the empty cells of a 5 x 5 board; whoever cannot move loses.
//!
//! Each job has its own module: `board` holds the board masks and reads and writes inputs in
//! the statement's exact format (that reading is the validator), `solve` is the reference
//! search, `generate` makes the tests and `shrink` proposes smaller inputs when a failure is
//! shrunk.

mod board;
mod generate;
mod shrink;
mod solve;
#[cfg(test)]
mod test_support;

pub use board::worst_case_input;

use super::{GenRequest, InvalidInput, Problem};
use crate::rng::TestRng;

pub struct BlockGame;

impl Problem for BlockGame {
    fn id(&self) -> &'static str {
        "blockgame"
    }

    fn generate(&self, rng: &mut TestRng, request: GenRequest) -> String {
        generate::input(rng, request)
    }

    fn generate_hard(&self, rng: &mut TestRng, request: GenRequest) -> Option<String> {
        Some(generate::hard_input(rng, request))
    }

    fn validate(&self, input: &str) -> Result<(), InvalidInput> {
        board::parse(input).map(|_| ())
    }

    fn solve(&self, input: &str) -> Result<String, InvalidInput> {
        solve::expected_output(input)
    }

    fn shrink(&self, input: &str) -> Vec<String> {
        shrink::candidates(input)
    }
}
