//! Placeholder for problem boj1525: being written (generator, validator, reference solver).

use super::{GenRequest, InvalidInput, Problem};
use crate::rng::TestRng;

pub struct Boj1525;

impl Problem for Boj1525 {
    fn id(&self) -> &'static str {
        "boj1525"
    }

    fn generate(&self, _rng: &mut TestRng, _request: GenRequest) -> String {
        String::new()
    }

    fn validate(&self, _input: &str) -> Result<(), InvalidInput> {
        Err(InvalidInput::new("boj1525 is not available yet"))
    }

    fn solve(&self, _input: &str) -> Result<String, InvalidInput> {
        Err(InvalidInput::new("boj1525 is not available yet"))
    }
}
