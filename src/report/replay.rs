//! Drawing a replayed 2048 game: each board with its caption (coloured tiles on a terminal),
//! step by step, animated in place, or only the final position, then whether the transcript
//! follows the rules.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use super::style;
use crate::problems::boj28489::{Replay, Transcript};
use crate::problems::game2048::Grid;

/// How to show a replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pace {
    /// Every board, one after another.
    All,
    /// Wait for a line on the input between boards.
    Step,
    /// Redraw in place, waiting this long between boards.
    Animate(Duration),
    /// Only the final board.
    Final,
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

/// Shows a transcript's replay on `out`; with [`Pace::Step`], waits for a line of `input`
/// between boards (and stops at its end).
pub fn show(
    transcript: &Transcript,
    replay: &Replay,
    pace: Pace,
    colour: bool,
    out: &mut impl Write,
    input: &mut impl BufRead,
) -> io::Result<()> {
    let heading = style::bold(&format!("# {}", transcript.header));
    writeln!(out, "{heading}")?;
    let steps: Vec<_> = match pace {
        Pace::Final => replay.steps.last().into_iter().collect(),
        _ => replay.steps.iter().collect(),
    };
    for step in steps {
        if crate::cleanup::interrupted() {
            return Err(io::ErrorKind::Interrupted.into());
        }
        if let Pace::Animate(wait) = pace {
            write!(out, "\x1b[2J\x1b[H")?;
            writeln!(out, "{heading}")?;
            out.flush()?;
            std::thread::sleep(wait);
        }
        writeln!(out, "{}", step.caption)?;
        write!(out, "{}", render_board(&step.grid, colour))?;
        writeln!(out)?;
        if pace == Pace::Step {
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                break;
            }
        }
    }
    writeln!(
        out,
        "the transcript follows the rules: {} moves, score {}{}",
        replay.moves,
        replay.score,
        if transcript.ended {
            ""
        } else {
            " (the game did not end: the program stopped answering)"
        }
    )
}
