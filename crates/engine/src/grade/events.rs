//! What grading tells: the [`Event`]s of a run, in the order they happen, and the
//! [`Reporter`] trait that consumes them (every report in `report` implements it). It lives
//! here, beside the engine that sends the events, so that grading never depends on the
//! reports: the reports depend on grading's outcomes. An event carries only results, from
//! `outcome` and `results` below it: it names no command, and the engine and the commands that
//! tell it are above it.

use std::io;

use super::outcome::{Detail, Outcome, RunSummary};
use super::results::{
    CheckedInput, Comparison, FoundFailure, GradeStarted, GradedSubmission, PackageCheck,
    Scoreboard, Started, StressSummary, VerifyRow, VerifySummary,
};

/// What grading tells reporters, in the order it happens.
#[derive(Debug, Clone, Copy)]
pub enum Event<'a> {
    /// A submission compiled (or was found in the cache) and its tests or games begin.
    Started(&'a Started),
    /// A worker began a test.
    TestStarted { name: &'a str },
    /// A test was decided (reported in plan order).
    TestFinished(&'a Outcome),
    /// A game was decided (reported in plan order).
    GameFinished(&'a Outcome),
    /// A submission's grading is over (a compile error included).
    Finished(&'a RunSummary),
    /// `verify`: one solution was checked against its folder's verdict.
    Verified(&'a VerifyRow),
    /// `verify` of a package: its tests checked by its input validators, its time limit.
    PackageChecked(&'a PackageCheck),
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

impl<'a> Event<'a> {
    /// The event that tells a unit was decided: a test's or a game's.
    pub fn unit_finished(outcome: &'a Outcome) -> Event<'a> {
        match outcome.detail {
            Detail::Test(_) => Event::TestFinished(outcome),
            Detail::Game(_) => Event::GameFinished(outcome),
        }
    }
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
