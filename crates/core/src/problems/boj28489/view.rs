//! How a game of 2048 is shown: a transcript replayed under the rules ([`transcript`]), each
//! position drawn as a board of tiles, coloured by value on a terminal (`judge replay`).
//!
//! [`transcript`]: super::transcript

use super::{parse_transcript, replay};
use crate::problems::game2048::{Direction, Grid};
use crate::problems::{Frame, PageBoard, Replayed, Replayer};

/// The 2048 replayer: draws every position of a transcript that follows the rules.
pub struct BoardReplayer;

impl Replayer for BoardReplayer {
    fn replay(&self, text: &str, colour: bool) -> Result<Replayed, String> {
        let transcript = parse_transcript(text).map_err(|e| e.to_string())?;
        let (frames, outcome) = match replay(&transcript) {
            Ok(replayed) => {
                let frames = replayed
                    .steps
                    .iter()
                    .map(|step| Frame {
                        caption: step.caption.clone(),
                        board: render_board(&step.grid, colour),
                    })
                    .collect();
                let outcome = format!(
                    "{} moves, score {}{}",
                    replayed.moves,
                    replayed.score,
                    if transcript.ended {
                        ""
                    } else {
                        " (the game did not end: the program stopped answering)"
                    }
                );
                (frames, Ok(outcome))
            }
            Err(violation) => (Vec::new(), Err(violation.to_string())),
        };
        Ok(Replayed {
            heading: transcript.header,
            frames,
            outcome,
        })
    }

    /// The board of a report's replayer: the same rules and tiles, in the page's script.
    fn page_board(&self) -> Option<PageBoard> {
        Some(PageBoard {
            name: "2048",
            script: include_str!("board.js"),
            style: include_str!("board.css"),
            round_code,
        })
    }
}

/// The characters that code a regular round in a report's data: `(cell - 1) * 4 + direction`,
/// cells 1 to 16 and directions in [`Direction::ALL`]'s order; `board.js` decodes them.
const ROUND_CODES: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// A round coded as one character, when the cell sent is 1 to 16 and the reply a direction.
fn round_code(sent: &str, reply: Option<&str>) -> Option<char> {
    let cell: usize = sent.trim().parse().ok().filter(|c| (1..=16).contains(c))?;
    let reply = Direction::parse(reply?.trim())?;
    let direction = Direction::ALL.iter().position(|&d| d == reply)?;
    ROUND_CODES.chars().nth((cell - 1) * 4 + direction)
}

/// ANSI 256-colour background for a tile value.
fn tile_colour(value: u32) -> u8 {
    const COLOURS: [u8; 17] = [
        236, 230, 223, 216, 209, 202, 196, 226, 220, 214, 208, 202, 129, 93, 57, 21, 27,
    ];
    let exponent = if value == 0 {
        0
    } else {
        value.trailing_zeros() as usize
    };
    COLOURS[exponent.min(COLOURS.len() - 1)]
}

/// The board as text, with coloured tiles when `colour` is on.
pub fn render_board(grid: &Grid, colour: bool) -> String {
    let size = grid.size;
    let mut out = String::new();
    for row in 0..size {
        for col in 0..size {
            let value = grid.get(row, col);
            let text = if value == 0 {
                ".".to_string()
            } else {
                value.to_string()
            };
            if colour {
                let fg = if value >= 8 { 15 } else { 0 };
                out.push_str(&format!(
                    "\x1b[48;5;{};38;5;{fg}m{text:^7}\x1b[0m",
                    tile_colour(value)
                ));
            } else {
                out.push_str(&format!("{text:>6}"));
            }
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str =
        include_str!("../../../../../problems/boj28489/samples/official-1.transcript");

    #[test]
    fn a_transcript_is_replayed_board_by_board_or_names_the_rule_it_breaks() {
        let replayed = BoardReplayer.replay(SAMPLE, false).unwrap();
        assert!(replayed.heading.starts_with("boj28489 official sample"));
        assert_eq!(replayed.outcome, Ok("4 moves, score 4".to_string()));
        let last = replayed.frames.last().unwrap();
        assert_eq!(last.caption, "round 5: DOWN changes nothing: game over");
        assert_eq!(last.board.lines().count(), 4);
        // A reply that is no direction breaks the rules; a file of no rounds is no transcript.
        let broken = SAMPLE.replacen("10 UP", "10 NORTH", 1);
        let replayed = BoardReplayer.replay(&broken, false).unwrap();
        assert!(replayed.frames.is_empty());
        assert!(replayed.outcome.unwrap_err().contains("not a direction"));
        assert!(BoardReplayer.replay("no header\n", false).is_err());
        // Coloured tiles on a terminal.
        let coloured = BoardReplayer.replay(SAMPLE, true).unwrap();
        assert!(coloured.frames[0].board.contains("\x1b[48;5;"));
    }

    #[test]
    fn a_regular_round_is_one_character_the_pages_board_decodes() {
        assert_eq!(round_code("1", Some("UP")), Some('A'));
        assert_eq!(round_code(" 16 ", Some(" RIGHT")), Some('_'));
        for (sent, reply) in [("6", Some("SIDEWAYS")), ("17", Some("UP")), ("6", None)] {
            assert_eq!(round_code(sent, reply), None, "{sent} {reply:?}");
        }
        // board.js decodes with the same characters, directions in the same order.
        let script = include_str!("board.js");
        assert!(
            script.contains(&format!("const ROUND_CODES = \"{ROUND_CODES}\";")),
            "board.js decodes rounds otherwise"
        );
        let directions = Direction::ALL.map(|d| format!("\"{}\"", d.as_word()));
        assert!(
            script.contains(&format!("const DIRECTIONS = [{}];", directions.join(", "))),
            "board.js orders directions otherwise"
        );
    }
}
