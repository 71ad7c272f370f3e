//! Placeholder for problem boj2615: being written (generator, validator, reference solver).

use super::{GenRequest, InvalidInput, Problem};
use crate::rng::TestRng;

pub struct Boj2615;

impl Problem for Boj2615 {
    fn id(&self) -> &'static str {
        "boj2615"
    }

    fn generate(&self, _rng: &mut TestRng, _request: GenRequest) -> String {
        String::new()
    }

    fn validate(&self, _input: &str) -> Result<(), InvalidInput> {
        Err(InvalidInput::new("boj2615 is not available yet"))
    }

    fn solve(&self, _input: &str) -> Result<String, InvalidInput> {
        Err(InvalidInput::new("boj2615 is not available yet"))
    }
}
