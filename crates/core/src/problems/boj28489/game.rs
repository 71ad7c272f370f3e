//! The game side of a live game: announces each new 2, applies the program's moves and ends the
//! game on a move that changes nothing.

use super::{GAME_OVER, SIZE};
use crate::problems::game2048::{Direction, Grid};
use crate::problems::{GameSession, ProtocolViolation, Step};
use crate::rng::TestRng;

/// A game in progress.
pub struct Game {
    grid: Grid,
    rng: TestRng,
    moves: u64,
}

impl Game {
    pub(super) fn new(rng: TestRng) -> Game {
        Game {
            grid: Grid::new(SIZE),
            rng,
            moves: 0,
        }
    }

    /// Puts a 2 on a uniformly chosen empty cell and returns the line announcing it.
    fn spawn_tile(&mut self) -> String {
        let empty = self.grid.empty_cells();
        // A move that changed the board always leaves an empty cell (a slide needs one, a
        // merge frees one), so `empty` is never empty here.
        let cell = empty[self.rng.index(empty.len())];
        self.grid.set(cell / SIZE, cell % SIZE, 2);
        (cell + 1).to_string()
    }

    pub fn grid(&self) -> &Grid {
        &self.grid
    }
}

impl GameSession for Game {
    fn opening(&mut self) -> String {
        self.spawn_tile()
    }

    fn reply(&mut self, line: &str) -> Result<Step, ProtocolViolation> {
        let direction = Direction::parse(line.trim()).ok_or_else(|| {
            format!(
                "round {}: reply {:?} is not UP, DOWN, LEFT or RIGHT",
                // A 2 is announced at the opening and after each move: this is the round
                // of the last one.
                self.moves + 1,
                crate::check::clip(line, 40)
            )
        })?;
        if self.grid.apply(direction) {
            self.moves += 1;
            Ok(Step::Continue(self.spawn_tile()))
        } else {
            Ok(Step::Over(GAME_OVER.to_string()))
        }
    }

    fn score(&self) -> u64 {
        u64::from(self.grid.max_tile())
    }

    fn moves(&self) -> u64 {
        self.moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::boj28489::Boj28489;
    use crate::problems::InteractiveProblem;

    /// A game session answering the sample's replies after the sample's positions must say
    /// exactly what the sample says. Positions come from the rng, so drive the grid directly.
    #[test]
    fn the_session_ends_the_game_on_a_move_that_changes_nothing() {
        let mut game = Game::new(TestRng::for_game(1, 0));
        let first: usize = game.opening().parse().unwrap();
        assert!((1..=16).contains(&first));
        // Keep pressing one direction: sooner or later it changes nothing and the game ends.
        let mut steps = 0;
        loop {
            steps += 1;
            match game.reply("  UP\r").unwrap() {
                Step::Continue(line) => {
                    let cell: usize = line.parse().unwrap();
                    assert!((1..=16).contains(&cell));
                }
                Step::Over(line) => {
                    assert_eq!(line, "-1");
                    break;
                }
            }
            assert!(steps < 100, "pressing UP forever must end the game");
        }
        assert_eq!(game.moves() + 1, steps);
        assert!(game.score() >= 2);
    }

    #[test]
    fn protocol_violations_quote_the_reply_and_name_the_round() {
        let mut game = Boj28489.new_game(TestRng::for_game(1, 0));
        game.opening();
        let error = game.reply("up").unwrap_err();
        assert_eq!(
            error.to_string(),
            "round 1: reply \"up\" is not UP, DOWN, LEFT or RIGHT"
        );
        assert!(game.reply("").is_err());
        assert!(game.reply("LEFTT").is_err());
    }

    /// Golden vectors: the first ten positions of a few games, played by a fixed policy (the
    /// first of LEFT, UP, RIGHT, DOWN that changes the board). Any change to the game's
    /// randomness or rules changes them; that must only happen with a version note.
    #[test]
    fn golden_first_positions_of_games() {
        let positions = |seed: u64, index: u64| -> Vec<usize> {
            let mut game = Game::new(TestRng::for_game(seed, index));
            let mut seen = vec![game.opening().parse().unwrap()];
            while seen.len() < 10 {
                let order = [
                    Direction::Left,
                    Direction::Up,
                    Direction::Right,
                    Direction::Down,
                ];
                let direction = order
                    .into_iter()
                    .find(|&d| game.grid().clone().apply(d))
                    .expect("the game cannot be stuck this early");
                match game.reply(direction.as_word()).unwrap() {
                    Step::Continue(line) => seen.push(line.parse().unwrap()),
                    Step::Over(_) => unreachable!("a changing move never ends the game"),
                }
            }
            seen
        };
        assert_eq!(
            positions(20261121, 0),
            [6, 11, 10, 14, 11, 16, 4, 11, 15, 11]
        );
        assert_eq!(positions(20261121, 1), [1, 14, 3, 3, 8, 9, 14, 10, 8, 11]);
        assert_eq!(positions(20261121, 15), [15, 7, 8, 10, 8, 16, 15, 1, 6, 1]);
        assert_eq!(positions(7, 3), [6, 10, 7, 8, 14, 16, 11, 2, 12, 2]);
    }
}
