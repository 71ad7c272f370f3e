//! Reports: consumers of grading events. Each report implements [`Reporter`] (defined with
//! [`Event`] in `grade::events`, which grading tells) and writes to a writer it is given;
//! grading never prints. The terminal table (`table`), the progress bar
//! (`progress`), JSON (`json`), JUnit XML (`junit`), game transcripts (`transcripts`), the
//! verify matrix (`verify`), the stress report (`stress`), the paired comparison (`compare`),
//! the scoreboard of many submissions (`scoreboard`, `csv`), the checks of inputs
//! (`validation`) and the self-contained HTML page (`html`) are the reports; `replay` draws a game's boards, `list` the problems and `config`
//! the merged configuration with the origin of each value.

pub mod compare;
pub mod config;
pub mod csv;
#[cfg(test)]
pub(crate) mod fixtures;
pub mod groups;
pub mod html;
pub mod json;
pub mod junit;
pub mod list;
pub mod progress;
pub mod replay;
pub mod scoreboard;
pub mod stress;
pub mod style;
pub mod table;
pub mod transcripts;
pub mod validation;
pub mod verify;

use std::io::{self, Write};

pub use judge_engine::grade::events::{Event, Reporter, Reporters};

/// Where a whole document (JSON, JUnit) goes: written, then committed. A report file is a
/// `files::OutputFile` (replaced whole, or written like a shell redirection where the path
/// is a device or a FIFO).
pub trait Destination: Write {
    /// Makes what was written visible (a file appears whole, atomically).
    fn commit(&mut self) -> io::Result<()>;
}

impl Destination for Vec<u8> {
    fn commit(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Destination for judge_core::files::OutputFile {
    fn commit(&mut self) -> io::Result<()> {
        judge_core::files::OutputFile::commit(self)
    }
}

/// A count with its word: `1 submission`, `2 submissions`.
pub(crate) fn plural(count: usize, word: &str) -> String {
    if count == 1 {
        format!("{count} {word}")
    } else {
        format!("{count} {word}s")
    }
}
