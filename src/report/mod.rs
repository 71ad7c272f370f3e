//! Reports: consumers of grading events. Each report implements [`Reporter`] and writes to a
//! writer it is given; grading never prints. The terminal table (`table`), the progress bar
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

use crate::grade::batch::TestOutcome;
use crate::grade::games::{Comparison, GameOutcome};
use crate::grade::many::{GradeStarted, GradedSubmission, Scoreboard};
use crate::grade::stress::{FoundFailure, StressSummary};
use crate::grade::validation::CheckedInput;
use crate::grade::verify::{VerifyRow, VerifySummary};
use crate::grade::{Started, Summary};

/// What grading tells reporters, in the order it happens.
#[derive(Debug, Clone, Copy)]
pub enum Event<'a> {
    /// A submission compiled (or was found in the cache) and its tests or games begin.
    Started(&'a Started),
    /// A worker began a test.
    TestStarted { name: &'a str },
    /// A test was decided (reported in plan order).
    TestFinished(&'a TestOutcome),
    /// A game was decided (reported as games finish).
    GameFinished(&'a GameOutcome),
    /// A submission's grading is over (a compile error included).
    Finished(Summary<'a>),
    /// `verify`: one solution was checked against its folder's verdict.
    Verified(&'a VerifyRow),
    /// `verify` of a package: its tests checked by its input validators, its time limit.
    PackageChecked(&'a crate::grade::package::PackageCheck),
    /// `verify` is over.
    VerifyFinished(&'a VerifySummary),
    /// `stress` found a failing test and starts shrinking it.
    StressFailureFound(&'a FoundFailure),
    /// `stress` is over, with or without a failure.
    StressFinished(&'a StressSummary),
    /// `compare` is over.
    Compared(&'a Comparison),
    /// `grade`: the submissions are found and grading begins.
    GradeStarted(&'a GradeStarted),
    /// `grade`: a submission is graded (or its result was found from an earlier run).
    SubmissionGraded(&'a GradedSubmission),
    /// `grade` is over: the scoreboard.
    GradeFinished(&'a Scoreboard),
    /// Inputs are about to be checked by validators: `count` (input, validator) pairs on
    /// `jobs` workers (`verify` of a package, `validate`).
    InputChecksStarted { count: usize, jobs: usize },
    /// A worker began checking an input with a validator.
    InputCheckStarted { input: &'a str, validator: &'a str },
    /// An input was checked by a validator (reported in plan order).
    InputChecked(&'a CheckedInput),
    /// Every input is checked.
    InputsChecked(&'a [CheckedInput]),
}

/// A consumer of grading events.
pub trait Reporter {
    /// Takes one event; an error (a closed pipe, a full disk) ends the grading.
    fn report(&mut self, event: &Event) -> io::Result<()>;

    /// Called once after the last event: write what was held back.
    fn finish(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Several reporters that each get every event, in order.
#[derive(Default)]
pub struct Reporters {
    list: Vec<Box<dyn Reporter>>,
}

impl Reporters {
    pub fn new() -> Reporters {
        Reporters::default()
    }

    pub fn add(&mut self, reporter: impl Reporter + 'static) {
        self.list.push(Box::new(reporter));
    }
}

impl Reporter for Reporters {
    fn report(&mut self, event: &Event) -> io::Result<()> {
        self.list
            .iter_mut()
            .try_for_each(|reporter| reporter.report(event))
    }

    fn finish(&mut self) -> io::Result<()> {
        self.list
            .iter_mut()
            .try_for_each(|reporter| reporter.finish())
    }
}

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

impl Destination for crate::files::OutputFile {
    fn commit(&mut self) -> io::Result<()> {
        crate::files::OutputFile::commit(self)
    }
}
