//! Showing a replayed game (a problem's [`Replayed`] view: each position with its caption,
//! drawn by the problem), step by step, animated in place, or only the final position, then
//! whether the transcript follows the rules. What a board looks like is the problem's.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use super::style;
use judge_core::problems::Replayed;

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

/// The replay's heading: the transcript's header, in bold.
pub fn heading(replayed: &Replayed) -> String {
    style::bold(&format!("# {}", replayed.heading))
}

/// Shows a replay that follows the rules on `out`; with [`Pace::Step`], waits for a line of
/// `input` between boards (and stops at its end), and stops when `stop` is asked for.
pub fn show(
    replayed: &Replayed,
    pace: Pace,
    out: &mut impl Write,
    input: &mut impl BufRead,
    stop: judge_core::cleanup::Stop,
) -> io::Result<()> {
    let heading = heading(replayed);
    writeln!(out, "{heading}")?;
    let frames: Vec<_> = match pace {
        Pace::Final => replayed.frames.last().into_iter().collect(),
        _ => replayed.frames.iter().collect(),
    };
    for frame in frames {
        if stop.requested() {
            return Err(io::ErrorKind::Interrupted.into());
        }
        if let Pace::Animate(wait) = pace {
            write!(out, "\x1b[2J\x1b[H")?;
            writeln!(out, "{heading}")?;
            out.flush()?;
            std::thread::sleep(wait);
        }
        writeln!(out, "{}", frame.caption)?;
        write!(out, "{}", frame.board)?;
        writeln!(out)?;
        if pace == Pace::Step {
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                break;
            }
        }
    }
    match &replayed.outcome {
        Ok(outcome) => writeln!(out, "the transcript follows the rules: {outcome}"),
        Err(violation) => writeln!(out, "the transcript breaks the rules: {violation}"),
    }
}
