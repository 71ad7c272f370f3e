//! Game transcripts: one file per game (`game-NN.txt`) in a folder, each a `#` header, one
//! line per round (what the interactor sent and the reply) and `-1` if the interactor ended
//! the game. `judge replay` reads them back.

use std::io::{self, Write};
use std::path::PathBuf;

use super::{Event, Reporter};
use judge_core::cleanup::Stop;
use judge_engine::grade::outcome::{GameDetail, Outcome};

/// Writes each game's transcript into `dir` as the game is reported, and says where on `note`
/// when the grading is over.
pub struct TranscriptReporter<W: Write> {
    dir: PathBuf,
    note: W,
    /// Once asked for, no transcript is written.
    stop: Stop,
    /// The problem's id, from the grading's start (a transcript's header names it).
    problem: String,
    written: usize,
}

impl<W: Write> TranscriptReporter<W> {
    pub fn new(dir: PathBuf, note: W, stop: Stop) -> Self {
        TranscriptReporter {
            dir,
            note,
            stop,
            problem: String::new(),
            written: 0,
        }
    }
}

/// The transcript file of a game.
pub fn transcript_text(problem_id: &str, outcome: &Outcome, game: &GameDetail) -> String {
    let mut text = format!(
        "# {problem_id} seed {} game {} score {} verdict {}\n",
        game.seed,
        game.game,
        game.score,
        outcome.verdict.code()
    );
    for line in &game.transcript {
        match &line.reply {
            Some(reply) => text.push_str(&format!("{} {}\n", line.sent, reply)),
            None => text.push_str(&format!("{}\n", line.sent)),
        }
    }
    if let Some(last) = &game.final_line {
        text.push_str(last);
        text.push('\n');
    }
    text
}

impl<W: Write> Reporter for TranscriptReporter<W> {
    fn report(&mut self, event: &Event) -> io::Result<()> {
        let context = |path: &std::path::Path, e: io::Error| {
            io::Error::new(e.kind(), format!("{}: {e}", path.display()))
        };
        match event {
            Event::Started(started) => {
                self.problem = started.problem.clone();
                Ok(())
            }
            // Written as each game ends: the grading drops a transcript once it is reported.
            Event::GameFinished(outcome) => {
                let Some(game) = outcome.game() else {
                    return Ok(());
                };
                if self.written == 0 {
                    std::fs::create_dir_all(&self.dir).map_err(|e| context(&self.dir, e))?;
                }
                let path = self.dir.join(format!("game-{:02}.txt", game.game));
                let text = transcript_text(&self.problem, outcome, game);
                judge_core::files::write_file(&path, text.as_bytes(), self.stop)?;
                self.written += 1;
                Ok(())
            }
            Event::Finished(summary) if summary.is_games() && self.written > 0 => {
                writeln!(self.note, "transcripts written to {}", self.dir.display())
            }
            _ => Ok(()),
        }
    }
}
