//! Placeholder for problem blockgame: being written (generator, validator, reference solver).

use super::{GenRequest, InvalidInput, Problem};
use crate::rng::TestRng;

pub struct BlockGame;

impl Problem for BlockGame {
    fn id(&self) -> &'static str {
        "blockgame"
    }

    fn generate(&self, _rng: &mut TestRng, _request: GenRequest) -> String {
        String::new()
    }

    fn validate(&self, _input: &str) -> Result<(), InvalidInput> {
        Err(InvalidInput::new("blockgame is not available yet"))
    }

    fn solve(&self, _input: &str) -> Result<String, InvalidInput> {
        Err(InvalidInput::new("blockgame is not available yet"))
    }
}
