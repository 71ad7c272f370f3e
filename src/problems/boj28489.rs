//! Baekjoon 28489 "2048 game" (interactive): the game side. Each round a 2 appears on an empty
//! cell chosen uniformly from the game's own random stream and its index (1 to 16, row by row)
//! is sent; the program answers UP, DOWN, LEFT or RIGHT. A move that changes nothing ends the
//! game (`-1` is sent); the score is the largest tile. Also verifies and replays transcripts.

use super::game2048::{Direction, Grid};
use super::{GameSession, InteractiveProblem, Step};
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
}

/// A game in progress.
pub struct Game {
    grid: Grid,
    rng: TestRng,
    moves: u64,
}

impl Game {
    fn new(rng: TestRng) -> Game {
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

    fn reply(&mut self, line: &str) -> Result<Step, String> {
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

/// One round of a transcript: the cell announced, and the reply (absent if the program gave
/// none before the transcript ends).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    pub position: usize,
    pub reply: Option<String>,
}

/// A parsed transcript file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transcript {
    /// The `#` header line, without the `#`.
    pub header: String,
    pub rounds: Vec<Round>,
    /// Whether the interactor ended the game with `-1`.
    pub ended: bool,
}

/// Parses a transcript: `# header`, lines `POSITION REPLY`, and maybe a last `-1`.
pub fn parse_transcript(text: &str) -> Result<Transcript, String> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let header = match lines.next() {
        Some((_, line)) if line.starts_with('#') => line[1..].trim().to_string(),
        _ => return Err("line 1: a transcript starts with a `#` header line".into()),
    };
    let mut rounds = Vec::new();
    let mut ended = false;
    for (number, line) in lines {
        let number = number + 1;
        if ended {
            return Err(format!("line {number}: nothing may follow the final -1"));
        }
        let line = line.trim();
        if line == GAME_OVER {
            ended = true;
            continue;
        }
        let (position, reply) = match line.split_once(char::is_whitespace) {
            Some((p, r)) => (p, Some(r.trim().to_string())),
            None => (line, None),
        };
        let position: usize = position
            .parse()
            .ok()
            .filter(|p| (1..=SIZE * SIZE).contains(p))
            .ok_or_else(|| format!("line {number}: {position:?} is not a cell from 1 to 16"))?;
        if rounds.last().is_some_and(|r: &Round| r.reply.is_none()) {
            return Err(format!("line {number}: the previous round has no reply"));
        }
        rounds.push(Round { position, reply });
    }
    Ok(Transcript {
        header,
        rounds,
        ended,
    })
}

/// A position of a replayed game, for display.
#[derive(Debug, Clone)]
pub struct ReplayStep {
    /// What happened, e.g. `round 3: 2 at cell 6, RIGHT`.
    pub caption: String,
    pub grid: Grid,
}

/// The outcome of replaying a transcript under the rules.
#[derive(Debug, Clone)]
pub struct Replay {
    pub steps: Vec<ReplayStep>,
    pub score: u64,
    pub moves: u64,
}

/// Replays a transcript and checks that it follows the rules: every tile lands on an empty
/// cell, every reply is a direction, every move but the last changes the board, and the game
/// ends (`-1`) exactly when a move changes nothing.
pub fn replay(transcript: &Transcript) -> Result<Replay, String> {
    let mut grid = Grid::new(SIZE);
    let mut steps = Vec::new();
    let mut moves = 0;
    let count = transcript.rounds.len();
    for (index, round) in transcript.rounds.iter().enumerate() {
        let number = index + 1;
        let cell = round.position - 1;
        let (row, col) = (cell / SIZE, cell % SIZE);
        if grid.get(row, col) != 0 {
            return Err(format!(
                "round {number}: cell {} is not empty",
                round.position
            ));
        }
        grid.set(row, col, 2);
        steps.push(ReplayStep {
            caption: format!("round {number}: a 2 appears at cell {}", round.position),
            grid: grid.clone(),
        });
        let Some(reply) = &round.reply else {
            return Err(format!("round {number}: the program gave no reply"));
        };
        let direction = Direction::parse(reply.trim())
            .ok_or_else(|| format!("round {number}: reply {reply:?} is not a direction"))?;
        let changed = grid.apply(direction);
        let last = number == count;
        if changed {
            moves += 1;
            steps.push(ReplayStep {
                caption: format!("round {number}: {}", direction.as_word()),
                grid: grid.clone(),
            });
            if last && transcript.ended {
                return Err(format!(
                    "round {number}: the game was ended with -1 although {} changed the board",
                    direction.as_word()
                ));
            }
        } else if !last || !transcript.ended {
            return Err(format!(
                "round {number}: {} changes nothing, so the game should have ended here",
                direction.as_word()
            ));
        } else {
            steps.push(ReplayStep {
                caption: format!(
                    "round {number}: {} changes nothing: game over",
                    direction.as_word()
                ),
                grid: grid.clone(),
            });
        }
    }
    Ok(Replay {
        score: u64::from(grid.max_tile()),
        moves,
        steps,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = include_str!("../../problems/boj28489/samples/official-1.transcript");

    #[test]
    fn the_official_sample_replays_to_score_four() {
        let transcript = parse_transcript(SAMPLE).unwrap();
        assert!(transcript.ended);
        assert_eq!(transcript.rounds.len(), 5);
        let replay = replay(&transcript).unwrap();
        assert_eq!(replay.score, 4);
        assert_eq!(replay.moves, 4);
    }

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
            error,
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

    #[test]
    fn transcripts_that_break_the_rules_are_rejected() {
        let bad_cell = "# t\n10 UP\n1 LEFT\n1 UP\n";
        // After UP the 2 from cell 10 sits at cell 2; cell 1 then gets a 2; LEFT merges them
        // into a 4 at cell 1, so a 2 at cell 1 again is on an occupied cell.
        assert!(replay(&parse_transcript(bad_cell).unwrap())
            .unwrap_err()
            .contains("not empty"));
        let not_ended = "# t\n1 UP\n";
        assert!(replay(&parse_transcript(not_ended).unwrap())
            .unwrap_err()
            .contains("should have ended"));
        let ended_early = "# t\n1 DOWN\n-1\n";
        assert!(replay(&parse_transcript(ended_early).unwrap())
            .unwrap_err()
            .contains("changed the board"));
        assert!(parse_transcript("10 UP\n").is_err());
        assert!(parse_transcript("# t\n17 UP\n").is_err());
        assert!(parse_transcript("# t\n-1\n3 UP\n").is_err());
    }
}
