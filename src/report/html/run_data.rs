//! The data of one run (a test or a game) as the page embeds it: a JSON block per run that the
//! page's script parses only when the run is opened. A test carries its input, expected and
//! received output with the first difference located; a game carries its transcript in a
//! compact form (one character per regular round, as the game's board codes it), so a report
//! of 1000 games stays small.

use serde::Serialize;

use judge_core::problems::PageBoard;
use judge_core::quote;
use judge_engine::grade::outcome::{GameDetail, Outcome, TestDetail};
use judge_engine::interact::TranscriptLine;

/// A test as the detail panel shows it.
#[derive(Debug, Serialize)]
pub struct TestData<'a> {
    pub name: &'a str,
    pub verdict: &'a str,
    pub message: Option<&'a str>,
    pub input: &'a str,
    pub input_bytes: usize,
    pub expected: Option<&'a str>,
    pub received: &'a str,
    pub received_bytes: u64,
    pub stderr: &'a str,
    /// The command that prints the test's input again.
    pub reproduce: Option<&'a str>,
    /// Where expected and received output first differ, if they do.
    pub difference: Option<Difference>,
}

impl<'a> TestData<'a> {
    pub fn new(outcome: &'a Outcome, test: &'a TestDetail) -> TestData<'a> {
        TestData {
            name: &test.name,
            verdict: &outcome.verdict_detail,
            message: outcome.message.as_deref(),
            input: &test.input_head,
            input_bytes: test.input_bytes,
            expected: test.expected_head.as_deref(),
            received: &test.received_head,
            received_bytes: test.received_bytes,
            stderr: &outcome.stderr_head,
            reproduce: test.reproduce.as_deref(),
            difference: test
                .expected_head
                .as_deref()
                .and_then(|expected| first_difference(expected, &test.received_head)),
        }
    }
}

/// Where two texts first differ: a range in each, in UTF-16 code units (the unit of the page's
/// strings). An empty range at the end of a text means that text ended there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Difference {
    /// `token` when a token differs, `line` when the tokens agree but a line does not (spacing).
    pub by: &'static str,
    pub expected: (usize, usize),
    pub received: (usize, usize),
}

/// Spans of the pieces of `text` that `split` finds, in UTF-16 code units.
fn spans(text: &str, is_separator: impl Fn(char) -> bool) -> Vec<(usize, usize, &str)> {
    let mut spans = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    let mut position = 0;
    for (byte, c) in text.char_indices() {
        if is_separator(c) {
            if let Some((from, from_byte)) = start.take() {
                spans.push((from, position, &text[from_byte..byte]));
            }
        } else if start.is_none() {
            start = Some((position, byte));
        }
        position += c.len_utf16();
    }
    if let Some((from, from_byte)) = start {
        spans.push((from, position, &text[from_byte..]));
    }
    spans
}

/// Lines with their spans, line ends excluded (and a `\r` before them, as the lines checker
/// ignores it).
fn line_spans(text: &str) -> Vec<(usize, usize, &str)> {
    let mut lines = Vec::new();
    let mut position = 0;
    for line in text.split('\n') {
        let length: usize = line.encode_utf16().count();
        let shown = line.strip_suffix('\r').unwrap_or(line);
        lines.push((position, position + shown.encode_utf16().count(), shown));
        position += length + 1;
    }
    lines
}

/// The first difference between the expected and the received text: the first token that
/// differs, else (same tokens, other spacing) the first line that differs.
pub fn first_difference(expected: &str, received: &str) -> Option<Difference> {
    let end = |text: &str| {
        let length = text.encode_utf16().count();
        (length, length)
    };
    let pick = |pieces: &[(usize, usize, &str)], index: usize, text: &str| {
        pieces.get(index).map_or(end(text), |p| (p.0, p.1))
    };
    let whitespace = |c: char| c.is_ascii_whitespace();
    let (want, got) = (spans(expected, whitespace), spans(received, whitespace));
    if let Some(index) = (0..want.len().max(got.len()))
        .find(|&i| want.get(i).map(|p| p.2) != got.get(i).map(|p| p.2))
    {
        return Some(Difference {
            by: "token",
            expected: pick(&want, index, expected),
            received: pick(&got, index, received),
        });
    }
    let trimmed = |line: &str| line.trim_end().to_string();
    let (want, got) = (line_spans(expected), line_spans(received));
    let index = (0..want.len().max(got.len())).find(|&i| {
        want.get(i).map(|p| trimmed(p.2)) != got.get(i).map(|p| trimmed(p.2))
            // A missing last line and an empty one are the same output.
            && !(want.get(i).map_or(true, |p| p.2.trim().is_empty())
                && got.get(i).map_or(true, |p| p.2.trim().is_empty()))
    })?;
    Some(Difference {
        by: "line",
        expected: pick(&want, index, expected),
        received: pick(&got, index, received),
    })
}

/// A game's transcript as the replayer reads it: the regular rounds one character each, as the
/// game's board codes them (`PageBoard::round_code`), the rest as sent and replied. A few bytes
/// a move, so a report can keep it for a game whose outcome no longer holds its transcript (see
/// `HtmlReporter`). A game without a board has no coded rounds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CodedTranscript {
    pub rounds: String,
    pub tail: Vec<(String, Option<String>)>,
}

impl CodedTranscript {
    pub fn of(transcript: &[TranscriptLine], board: Option<&PageBoard>) -> CodedTranscript {
        let rounds = match board {
            Some(board) => transcript
                .iter()
                .map_while(|line| (board.round_code)(&line.sent, line.reply.as_deref()))
                .collect::<Vec<char>>(),
            None => Vec::new(),
        };
        let tail = transcript[rounds.len()..]
            .iter()
            .map(|line| (line.sent.clone(), line.reply.clone()))
            .collect();
        CodedTranscript {
            rounds: rounds.into_iter().collect(),
            tail,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.rounds.is_empty() && self.tail.is_empty()
    }
}

/// A game as the replayer reads it.
#[derive(Debug, Serialize)]
pub struct GameData<'a> {
    pub game: u64,
    pub seed: u64,
    pub score: u64,
    pub moves: u64,
    pub verdict: &'a str,
    pub message: Option<&'a str>,
    /// The regular rounds, one character each (see [`CodedTranscript`]).
    pub rounds: String,
    /// The rounds from the first irregular one on (a reply that is not a direction, no reply),
    /// as sent and replied.
    pub tail: Vec<(String, Option<String>)>,
    /// The interactor's last line (`-1`) when it ended the game.
    pub ended: bool,
    pub stderr: &'a str,
    /// The command that plays this game again and saves its transcript.
    pub reproduce: String,
}

impl<'a> GameData<'a> {
    /// A game with its own transcript (the tests' way; sections use [`GameData::coded`]).
    #[cfg(test)]
    pub fn new(
        outcome: &'a Outcome,
        board: Option<&PageBoard>,
        solution: &str,
        problem: &str,
    ) -> GameData<'a> {
        let game = outcome.game().expect("the outcome of a game");
        GameData::coded(
            outcome,
            game,
            CodedTranscript::of(&game.transcript, board),
            solution,
            problem,
        )
    }

    /// A game with its transcript already coded (the outcome's own is then not read).
    pub fn coded(
        outcome: &'a Outcome,
        game: &GameDetail,
        transcript: CodedTranscript,
        solution: &str,
        problem: &str,
    ) -> GameData<'a> {
        let CodedTranscript { rounds, tail } = transcript;
        GameData {
            game: game.game,
            seed: game.seed,
            score: game.score,
            moves: game.moves,
            verdict: &outcome.verdict_detail,
            message: outcome.message.as_deref(),
            rounds,
            tail,
            ended: game.final_line.is_some(),
            stderr: &outcome.stderr_head,
            // For a person to paste into a shell: the names quoted.
            reproduce: format!(
                "judge test {} --problem {} --seed {} --game {} --transcripts games/ && judge replay games/game-{:02}.txt",
                quote::shell(solution),
                quote::shell(problem),
                game.seed,
                game.game,
                game.game
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_differing_token_is_located_on_both_sides() {
        let difference = first_difference("1 2 3\n", "1 2 4\n").unwrap();
        assert_eq!(difference.by, "token");
        assert_eq!((difference.expected, difference.received), ((4, 5), (4, 5)));
        // Received ends early: an empty range at its end.
        let short = first_difference("16\n8\n", "16\n").unwrap();
        assert_eq!((short.expected, short.received), ((3, 4), (3, 3)));
        // Offsets count UTF-16 units, as the page's strings do.
        let wide = first_difference("é 😀 x", "é 😀 y").unwrap();
        assert_eq!(wide.expected, (5, 6));
    }

    #[test]
    fn same_tokens_with_other_spacing_point_at_the_line() {
        let difference = first_difference("1 2\n3\n", "1 2 3\n").unwrap();
        assert_eq!(difference.by, "line");
        assert_eq!((difference.expected, difference.received), ((0, 3), (0, 5)));
        assert_eq!(first_difference("1 2\r\n", "1 2\n"), None);
        assert_eq!(first_difference("7\n", "7"), None);
    }

    #[test]
    fn regular_rounds_take_one_character_and_the_rest_is_kept_as_is() {
        let line = |sent: &str, reply: Option<&str>| TranscriptLine {
            sent: sent.into(),
            reply: reply.map(String::from),
        };
        let mut outcome = judge_engine::grade::fixtures::games_summary().outcomes[0].clone();
        if let Some(game) = outcome.game_mut() {
            game.transcript = vec![
                line("1", Some("R")),
                line("9", Some("R")),
                line("6", Some("SIDEWAYS")),
                line("2", Some("R")),
            ];
            game.final_line = None;
        }
        // A board that codes a round whose reply is `R` as its cell.
        let board = PageBoard {
            name: "test",
            script: "",
            style: "",
            round_code: |sent, reply| match reply {
                Some("R") => sent.chars().next(),
                _ => None,
            },
        };
        let data = GameData::new(&outcome, Some(&board), "ai.cpp", "boj28489");
        assert_eq!(data.rounds, "19");
        assert_eq!(
            data.tail,
            vec![
                ("6".into(), Some("SIDEWAYS".into())),
                ("2".into(), Some("R".into()))
            ]
        );
        assert!(!data.ended);
        // Without a board, no round is coded.
        let data = GameData::new(&outcome, None, "ai.cpp", "boj28489");
        assert_eq!((data.rounds.as_str(), data.tail.len()), ("", 4));
    }
}
