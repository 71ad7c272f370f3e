//! Baekjoon 28489 "2048 game" (interactive): the game side. Each round a 2 appears on an empty
//! cell chosen uniformly from the game's own random stream and its index (1 to 16, row by row)
//! is sent; the program answers UP, DOWN, LEFT or RIGHT. A move that changes nothing ends the
//! game (`-1` is sent); the score is the largest tile.
//!
//! `game` plays the game against a program; `transcript` reads a game's transcript and replays
//! it under the rules; `view` draws the replayed boards (`judge replay`).

mod game;
mod transcript;
mod view;

pub use game::Game;
pub use transcript::{parse_transcript, replay, Replay, ReplayStep, Round, Transcript};
pub use view::{render_board, BoardReplayer};

use super::{GameSession, InteractiveProblem, Replayer};
use crate::rng::TestRng;

/// Side of the board.
pub const SIZE: usize = 4;
/// The line that ends a game.
pub const GAME_OVER: &str = "-1";

pub struct Boj28489;

impl InteractiveProblem for Boj28489 {
    fn id(&self) -> &'static str {
        "boj28489"
    }

    fn new_game(&self, rng: TestRng) -> Box<dyn GameSession> {
        Box::new(Game::new(rng))
    }

    fn milestones(&self) -> &'static [u64] {
        &[2048, 4096, 8192, 16384, 32768, 65536]
    }

    fn replayer(&self) -> Option<&'static dyn Replayer> {
        Some(&BoardReplayer)
    }
}
