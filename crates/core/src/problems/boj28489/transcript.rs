//! Transcripts of games: reading them, and replaying them to check that they follow the rules.

use thiserror::Error;

use super::{GAME_OVER, SIZE};
use crate::problems::game2048::{Direction, Grid};

/// A transcript that cannot be read, or that breaks the rules, with where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct TranscriptError(String);

impl From<String> for TranscriptError {
    fn from(message: String) -> Self {
        TranscriptError(message)
    }
}

impl From<&str> for TranscriptError {
    fn from(message: &str) -> Self {
        TranscriptError(message.to_string())
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

impl Transcript {
    /// The word after `key` in the header, as `judge test --transcripts` writes it (`# boj28489
    /// seed 7 game 1 score 64 verdict AC`); none in a header written otherwise.
    pub fn header_value(&self, key: &str) -> Option<&str> {
        let mut words = self.header.split_whitespace();
        while let Some(word) = words.next() {
            if word == key {
                return words.next();
            }
        }
        None
    }
}

/// Parses a transcript: `# header`, lines `POSITION REPLY`, and maybe a last `-1`.
pub fn parse_transcript(text: &str) -> Result<Transcript, TranscriptError> {
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
            return Err(format!("line {number}: nothing may follow the final -1").into());
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
            return Err(format!("line {number}: the previous round has no reply").into());
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
pub fn replay(transcript: &Transcript) -> Result<Replay, TranscriptError> {
    let mut grid = Grid::new(SIZE);
    let mut steps = Vec::new();
    let mut moves = 0;
    let count = transcript.rounds.len();
    // Every game has a first round (the program is told a cell before anything else).
    if count == 0 {
        return Err("the transcript ends early: it has no round".into());
    }
    for (index, round) in transcript.rounds.iter().enumerate() {
        let number = index + 1;
        let cell = round.position - 1;
        let (row, col) = (cell / SIZE, cell % SIZE);
        if grid.get(row, col) != 0 {
            return Err(format!("round {number}: cell {} is not empty", round.position).into());
        }
        grid.set(row, col, 2);
        steps.push(ReplayStep {
            caption: format!("round {number}: a 2 appears at cell {}", round.position),
            grid: grid.clone(),
        });
        let Some(reply) = &round.reply else {
            return Err(format!("round {number}: the program gave no reply").into());
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
                )
                .into());
            }
        } else if !last || !transcript.ended {
            return Err(format!(
                "round {number}: {} changes nothing, so the game should have ended here",
                direction.as_word()
            )
            .into());
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
    // A game that was accepted ended with -1: one that stops before is a file cut short (a
    // game that was not accepted may stop anywhere: the program failed there).
    if !transcript.ended && transcript.header_value("verdict") == Some("AC") {
        return Err(format!(
            "the transcript ends early: its header says verdict AC, but no -1 follows round {count}"
        )
        .into());
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

    const SAMPLE: &str =
        include_str!("../../../../../problems/boj28489/samples/official-1.transcript");

    #[test]
    fn the_official_sample_replays_to_score_four() {
        let transcript = parse_transcript(SAMPLE).unwrap();
        assert!(transcript.ended);
        assert_eq!(transcript.rounds.len(), 5);
        let replay = replay(&transcript).unwrap();
        assert_eq!(replay.score, 4);
        assert_eq!(replay.moves, 4);
    }

    #[test]
    fn transcripts_that_break_the_rules_are_rejected() {
        let bad_cell = "# t\n10 UP\n1 LEFT\n1 UP\n";
        // After UP the 2 from cell 10 sits at cell 2; cell 1 then gets a 2; LEFT merges them
        // into a 4 at cell 1, so a 2 at cell 1 again is on an occupied cell.
        assert!(replay(&parse_transcript(bad_cell).unwrap())
            .unwrap_err()
            .to_string()
            .contains("not empty"));
        let not_ended = "# t\n1 UP\n";
        assert!(replay(&parse_transcript(not_ended).unwrap())
            .unwrap_err()
            .to_string()
            .contains("should have ended"));
        let ended_early = "# t\n1 DOWN\n-1\n";
        assert!(replay(&parse_transcript(ended_early).unwrap())
            .unwrap_err()
            .to_string()
            .contains("changed the board"));
        let cut = "# boj28489 seed 1 game 1 score 4 verdict AC\n10 UP\n4 LEFT\n";
        let error = replay(&parse_transcript(cut).unwrap())
            .unwrap_err()
            .to_string();
        assert!(error.contains("ends early"), "{error}");
        // A game that failed stops where the program failed.
        let failed = "# boj28489 seed 1 game 1 score 4 verdict TLE\n10 UP\n4 LEFT\n";
        assert!(replay(&parse_transcript(failed).unwrap()).is_ok());
        let header_only = "# boj28489 seed 1 ga";
        let error = replay(&parse_transcript(header_only).unwrap())
            .unwrap_err()
            .to_string();
        assert!(error.contains("ends early"), "{error}");
        assert!(parse_transcript("10 UP\n").is_err());
        assert!(parse_transcript("# t\n17 UP\n").is_err());
        assert!(parse_transcript("# t\n-1\n3 UP\n").is_err());
    }
}
