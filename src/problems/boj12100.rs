//! Placeholder for problem boj12100: being written (generator, validator, reference solver).

use super::{GenRequest, InvalidInput, Problem};
use crate::rng::TestRng;

pub struct Boj12100;

impl Problem for Boj12100 {
    fn id(&self) -> &'static str {
        "boj12100"
    }

    fn generate(&self, _rng: &mut TestRng, _request: GenRequest) -> String {
        String::new()
    }

    fn validate(&self, _input: &str) -> Result<(), InvalidInput> {
        Err(InvalidInput::new("boj12100 is not available yet"))
    }

    fn solve(&self, _input: &str) -> Result<String, InvalidInput> {
        Err(InvalidInput::new("boj12100 is not available yet"))
    }
}
