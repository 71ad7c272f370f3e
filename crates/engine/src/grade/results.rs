//! What grading's commands end with and tell their reporters, as plain values: how a grading
//! began ([`Started`]), a `verify` row ([`VerifyRow`]) and summary, a package's own checks
//! ([`PackageCheck`]), a `stress` search's failure and summary, a `compare`'s [`Comparison`],
//! `grade`'s rows and [`Scoreboard`], an input checked by a validator ([`CheckedInput`]).
//! The commands make them, `events` names them, and the reports read them.
//!
//! With `outcome` below it (a unit's `Outcome`, a run's `RunSummary`, which these hold), this
//! is the bottom of `grade`: it imports nothing else of it, so that the events, and the
//! reports, name what a command gives without importing the command. Each command's module
//! re-exports its own (as `grade::verify::VerifyRow`).

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::outcome::{self, GroupResult, Outcome, RunIdentity, RunSummary};
use crate::stress::Shrunk;
use judge_core::plan::Shard;
use judge_core::problems::TestSet;
use judge_core::scoring::GroupTree;
use judge_core::stats;
use judge_core::verdict::Verdict;

// Every grading of a submission.

/// How a grading began, for reporters: the submission compiled, and what will run.
#[derive(Debug, Clone, Serialize)]
pub struct Started {
    pub problem: String,
    pub solution: String,
    pub language: String,
    /// Tests or games.
    pub unit: Unit,
    /// How many will run (this shard's share of the plan, when sharded).
    pub count: usize,
    /// The share of the plan this run does, if it is one shard of several.
    pub shard: Option<Shard>,
    pub seed: u64,
    pub jobs: usize,
    /// The compile was served from the cache.
    pub cached: bool,
    pub compile_ms: u64,
    /// How a report draws the games' boards: the problem's view (`resolve::Views`), if any.
    #[serde(skip)]
    pub board: Option<judge_core::problems::PageBoard>,
}

/// What a grading is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    Tests,
    Games,
}

// `judge verify`: a solution checked against its folder's verdict.

/// What one solution got.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Checked {
    /// The language it ran in (for a Kattis package's Python: the interpreter, PyPy 3 or
    /// CPython).
    #[serde(default)]
    pub language: String,
    pub got: Verdict,
    /// The verdict with where it happened, e.g. `WA @random-003` or `AC mean 20480`.
    pub detail: String,
    pub max_cpu_ms: u64,
    pub max_peak_kib: u64,
    pub warning: Option<String>,
    /// Why it was not accepted: the compiler's message (CE), the first failing test's reason
    /// or checker's message, clipped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// A scored problem's groups: the score, each group's result (see `grade::scored`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub groups: Option<Box<GroupResult>>,
    /// How its verdict and score miss what the problem expects of it (a scored problem's
    /// `scoring::expected`), if they do: a mismatch like a verdict's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score_mismatch: Option<String>,
    /// Its row is matched by the expectations of its package (a pass-fail Kattis package's
    /// `submissions.yaml` and folder defaults, `score_mismatch` saying how it misses them)
    /// rather than by the verdict of its folder.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub by_expectations: bool,
    /// What the output visualizer left on each test it ran on (a 2025-09 package's, run when
    /// a report is written), in plan order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub images: Vec<TestVisuals>,
}

/// The output visualizer's images of one test (their names in the feedback folder, after
/// their pass in a multi-pass problem: `pass 2: judgeimage.svg`), and why it left none where
/// it left none.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct TestVisuals {
    pub test: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub images: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

/// One solution checked against its folder's verdict.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct VerifyRow {
    pub problem: String,
    /// The solution's path relative to the runner's folder.
    pub solution: String,
    pub expected: Verdict,
    /// Verdicts besides `expected` it may get (a Polygon tag that allows several).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<Verdict>,
    /// What it got, or why it could not be graded.
    pub result: Result<Checked, String>,
}

impl VerifyRow {
    /// It was graded and got its folder's verdict (or one its tag allows besides); a scored
    /// submission, what its problem expects of its verdict and score (`score_mismatch`).
    pub fn matched(&self) -> bool {
        self.result.as_ref().is_ok_and(|checked| {
            let allowed = checked.got.same_kind(&self.expected)
                || self.also.iter().any(|v| checked.got.same_kind(v));
            match checked.groups {
                // A set of verdicts is not a score expectation: checked here.
                Some(_) if !self.also.is_empty() => checked.score_mismatch.is_none() && allowed,
                Some(_) => checked.score_mismatch.is_none(),
                None if checked.by_expectations => checked.score_mismatch.is_none(),
                None => allowed,
            }
        })
    }

    /// The verdicts it may get as reports name them: `WA`, `TLE/AC`, or `!AC` for any but
    /// accepted.
    pub fn expected_code(&self) -> String {
        let all_but_accepted = ["WA", "PE", "TLE", "MLE", "RE", "OLE", "CE"];
        let codes: Vec<&str> = std::iter::once(&self.expected)
            .chain(&self.also)
            .map(Verdict::code)
            .collect();
        if codes.len() == all_but_accepted.len()
            && all_but_accepted.iter().all(|code| codes.contains(code))
        {
            return "!AC".into();
        }
        codes.join("/")
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct VerifySummary {
    pub rows: Vec<VerifyRow>,
    pub mismatches: usize,
    pub warnings: usize,
    /// Solutions that could not be graded.
    pub not_graded: usize,
    /// The judge's version, the plan's identity and the shard, for merging.
    #[serde(flatten)]
    pub run: RunIdentity,
    /// Where the time went (a package's verify).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timings: Option<super::timings::VerifyTimings>,
    /// Units (tests, games) taken from what an earlier verify remembered instead of run
    /// (see `RunMemory`).
    #[serde(default)]
    pub remembered: usize,
}

impl VerifySummary {
    /// The summary of these rows: the counts of mismatches, warnings and rows not graded.
    pub fn of(rows: Vec<VerifyRow>, run: RunIdentity) -> VerifySummary {
        VerifySummary {
            mismatches: rows
                .iter()
                .filter(|r| r.result.is_ok() && !r.matched())
                .count(),
            warnings: rows
                .iter()
                .filter(|r| r.result.as_ref().is_ok_and(|c| c.warning.is_some()))
                .count(),
            not_graded: rows.iter().filter(|r| r.result.is_err()).count(),
            rows,
            run,
            timings: None,
            remembered: 0,
        }
    }
}

// `judge verify` of a Kattis package: its own checks.

/// Where the time limit came from.
#[derive(Debug, Clone, Serialize)]
pub struct TimeLimit {
    pub ms: u64,
    /// `problem.yaml`, `.timelimit`, `--time-limit`, or how it was derived.
    pub from: String,
    /// Submissions run at the limit times this; verdicts are read at the limit.
    pub safety_margin: f64,
    /// Why a derived limit may differ from Kattis's: the slowest accepted submission was
    /// timed under another interpreter than Kattis's (Python under CPython); or that no
    /// accepted submission could be timed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warning: Option<String>,
    /// The limit DOMjudge's files fix when it is not the one graded at, and which file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub domjudge: Option<String>,
}

/// The package's own checks before any submission: its tests against its input validators,
/// and its time limit.
#[derive(Debug, Clone, Serialize)]
pub struct PackageCheck {
    pub problem: String,
    pub tests: usize,
    pub input_validators: usize,
    /// Tests an input validator refused, or a validator that failed: `secret/3: ...`; and
    /// each case of the checks of the validators that failed (`invalid_input/x: ...`).
    pub invalid: Vec<String>,
    /// The checks of the validators (`data/invalid_input`, `invalid_output`,
    /// `valid_output`), one line per kind: its cases, and how many failed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub validator_checks: Vec<String>,
    pub time_limit: Option<TimeLimit>,
    /// Entries of `submissions/` that are not graded, with why.
    pub skipped: Vec<String>,
    /// What problemtools would warn of and grade anyway (no secret test data), and input
    /// validators that could not be run here (checktestdata not installed), each named.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    /// What DOMjudge's files say that is not used here, or that disagrees with problem.yaml.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The images the package's input visualizer made, one per test it made one for.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub images: Vec<TestImage>,
}

/// An image a visualizer made of a test (its file's name says its kind: `testcase.svg`); the
/// JSON report names it, the HTML report shows it.
#[derive(Debug, Clone, Serialize)]
pub struct TestImage {
    pub test: String,
    pub file: String,
    pub bytes: usize,
    #[serde(skip)]
    pub image: Vec<u8>,
}

// `judge stress`.

/// The first failing test the search found.
#[derive(Debug, Clone, Serialize)]
pub struct FoundFailure {
    /// The set of the generated test (the default tests or the hard set) and its index there.
    pub set: TestSet,
    pub index: u64,
    pub size_percent: u32,
    pub input: String,
    pub outcome: Outcome,
    /// Runs the shrinker may spend on it.
    pub shrink_budget: usize,
}

/// A failure shrunk to a minimal input.
#[derive(Debug, Clone, Serialize)]
pub struct ShrunkFailure {
    pub found: FoundFailure,
    pub shrunk: Shrunk,
    /// The minimal input run once more: it fails the same way.
    pub minimal: Outcome,
    /// The reference's answer to the minimal input.
    pub expected: String,
}

/// The result of a stress run.
#[derive(Debug, Clone, Serialize)]
pub struct StressSummary {
    pub problem: String,
    pub solution: String,
    pub seed: u64,
    /// Tests run before the first failure (or in all, without one).
    pub tests_run: u64,
    pub elapsed_ms: u64,
    pub failure: Option<ShrunkFailure>,
}

// `judge compare`.

/// One game played by both solutions.
#[derive(Debug, Clone, Serialize)]
pub struct PairedGame {
    pub game: u64,
    pub first_score: u64,
    pub second_score: u64,
    pub first_verdict: String,
    pub second_verdict: String,
}

impl PairedGame {
    /// Second minus first.
    pub fn difference(&self) -> f64 {
        self.second_score as f64 - self.first_score as f64
    }
}

/// The paired comparison of two solutions.
#[derive(Debug, Clone, Serialize)]
pub struct Comparison {
    pub problem: String,
    pub first: RunSummary,
    pub second: RunSummary,
    pub games: Vec<PairedGame>,
    /// Mean of second - first over the paired games, with the half-width of its 95 %
    /// confidence interval.
    pub mean_difference: f64,
    pub half_width: f64,
    /// Whether the interval excludes zero, and on which side.
    pub difference: stats::Difference,
}

// `judge grade`: many submissions into a scoreboard.

/// What a submission got.
#[derive(Debug, Clone)]
pub enum Graded {
    /// Graded on tests or by games (CE included); boxed, as a summary is large beside a
    /// reason.
    Run(Box<RunSummary>),
    /// It could not be graded: no source file, an unknown language, a missing compiler ...
    NotGraded(String),
}

/// A row's result as the JSON keeps it: `tests`, `games` or `not_graded`.
#[derive(Serialize)]
#[serde(rename_all = "snake_case")]
enum GradedOut<'a> {
    Tests(&'a RunSummary),
    Games(&'a RunSummary),
    NotGraded(&'a str),
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum GradedIn {
    #[serde(deserialize_with = "outcome::deserialize_tests")]
    Tests(RunSummary),
    #[serde(deserialize_with = "outcome::deserialize_games")]
    Games(RunSummary),
    NotGraded(String),
}

impl Serialize for Graded {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Graded::Run(summary) if summary.is_games() => GradedOut::Games(summary),
            Graded::Run(summary) => GradedOut::Tests(summary),
            Graded::NotGraded(reason) => GradedOut::NotGraded(reason),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Graded {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(match GradedIn::deserialize(deserializer)? {
            GradedIn::Tests(summary) | GradedIn::Games(summary) => Graded::Run(Box::new(summary)),
            GradedIn::NotGraded(reason) => Graded::NotGraded(reason),
        })
    }
}

impl Graded {
    /// The run's summary, if it was graded.
    pub fn summary(&self) -> Option<&RunSummary> {
        match self {
            Graded::Run(summary) => Some(summary),
            Graded::NotGraded(_) => None,
        }
    }

    /// The verdict, if it was graded.
    pub fn verdict(&self) -> Option<Verdict> {
        self.summary().map(|summary| summary.verdict)
    }

    /// Whether this is a verdict about the submission, to be kept for later runs: AC, a
    /// rejection, a compile error. A judge error anywhere in it (a checker or interactor that
    /// failed, a run the sandbox could not set up, a group's rules that could not be applied)
    /// is the grader's failure, not the submission's; and a submission that could not be
    /// graded at all may be gradable later. Neither is final: the next run grades it again.
    pub fn is_final(&self) -> bool {
        let Graded::Run(summary) = self else {
            return false;
        };
        let judge_error = |verdict: Verdict| verdict == Verdict::JudgeError;
        !judge_error(summary.verdict)
            && !summary
                .outcomes
                .iter()
                .any(|unit| judge_error(unit.verdict))
            && summary
                .groups()
                .map_or(true, |groups| groups.judge_error.is_none())
    }

    /// Names its summary's solution as the scoreboard does (an identical submission's result
    /// taken for this one).
    pub(super) fn rename(&mut self, name: &str) {
        if let Graded::Run(summary) = self {
            summary.solution = name.to_string();
        }
    }
}

/// One row of the scoreboard.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GradedSubmission {
    pub name: String,
    /// SHA-256 of its bytes (first 16 bytes, hex): identical submissions have the same.
    pub sha256: Option<String>,
    pub graded: Graded,
    /// Its result came from the results folder, from an earlier run.
    #[serde(skip)]
    pub resumed: bool,
}

impl GradedSubmission {
    pub fn language(&self) -> &str {
        self.graded
            .summary()
            .map_or("", |summary| &summary.language)
    }

    /// Units passed and planned: tests, or games accepted.
    pub fn passed(&self) -> Option<(usize, usize)> {
        match &self.graded {
            Graded::Run(s) => Some((s.passed(), s.units_planned())),
            Graded::NotGraded(_) => None,
        }
    }

    /// The first failing test or game, by name.
    pub fn first_failure(&self) -> Option<String> {
        match &self.graded {
            Graded::Run(s) => s.first_failure().map(Outcome::name),
            Graded::NotGraded(_) => None,
        }
    }

    pub fn max_cpu_ms(&self) -> u64 {
        match &self.graded {
            Graded::Run(s) => s.max_cpu_ms(),
            Graded::NotGraded(_) => 0,
        }
    }

    pub fn max_peak_kib(&self) -> u64 {
        match &self.graded {
            Graded::Run(s) => s.max_peak_kib(),
            Graded::NotGraded(_) => 0,
        }
    }

    /// Why it is not accepted, in one line: the compiler's first line, the checker's message,
    /// why it could not be graded.
    pub fn note(&self) -> Option<String> {
        // A compiler's message: its first line that says `error`, else its first line.
        let first_line = |text: &str| {
            text.lines()
                .find(|line| line.to_ascii_lowercase().contains("error"))
                .or_else(|| text.lines().next())
                .unwrap_or("")
                .trim()
                .to_string()
        };
        match &self.graded {
            Graded::Run(s) if s.is_games() => s
                .compile_message
                .as_deref()
                .map(first_line)
                .or_else(|| s.reason().map(String::from)),
            Graded::Run(s) => s
                .compile_message
                .as_deref()
                .map(first_line)
                .or_else(|| s.first_failure().and_then(|t| t.message.clone())),
            Graded::NotGraded(reason) => Some(reason.clone()),
        }
    }
}

/// How a `grade` began, for reporters.
#[derive(Debug, Clone, Serialize)]
pub struct GradeStarted {
    pub problem: String,
    /// Submissions in this run (this shard's share, when sharded).
    pub submissions: usize,
    /// What each submission is graded on, and how many of them.
    pub unit: Unit,
    pub units: usize,
    pub seed: u64,
    pub jobs: usize,
    pub shard: Option<Shard>,
    /// Submissions whose results an earlier run left in the results folder.
    pub resumed: usize,
    /// Submissions to grade now, after identical ones are put together.
    pub to_grade: usize,
    /// How a report draws the games' boards: the problem's view, if any.
    #[serde(skip)]
    pub board: Option<judge_core::problems::PageBoard>,
}

/// The scoreboard: every submission's result, in name order.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Scoreboard {
    pub problem: String,
    pub seed: u64,
    /// What each submission was graded on.
    pub unit: Unit,
    pub submissions: Vec<GradedSubmission>,
    /// A scored problem's groups, which its group table is made of (each row's results are
    /// in its summary): kept in the JSON so that a merge of shards has them too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group_tree: Option<Arc<GroupTree>>,
    /// The judge's version, the plan's identity and the shard, for merging.
    #[serde(flatten)]
    pub run: RunIdentity,
}

impl Scoreboard {
    /// How many submissions got each verdict (`not graded` for those that could not be),
    /// in order of first appearance.
    pub fn tally(&self) -> Vec<(String, usize)> {
        let mut tally: Vec<(String, usize)> = Vec::new();
        for row in &self.submissions {
            let key = row
                .graded
                .verdict()
                .map_or("not graded".to_string(), |v| v.code().to_string());
            match tally.iter_mut().find(|(k, _)| *k == key) {
                Some((_, count)) => *count += 1,
                None => tally.push((key, 1)),
            }
        }
        tally
    }

    /// Every submission was graded and accepted.
    pub fn all_accepted(&self) -> bool {
        self.submissions
            .iter()
            .all(|row| row.graded.verdict().is_some_and(|v| v.is_accepted()))
    }
}

// Inputs checked by validators (`judge validate`, `judge verify` of a package).

/// What a validator said of an input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "result", content = "message", rename_all = "snake_case")]
pub enum InputCheck {
    Valid,
    /// The input breaks the problem's format or guarantees: why.
    Invalid(String),
    /// The validator could not say (it crashed, broke its convention, ran out of time), or
    /// the input could not be read: why.
    Failed(String),
}

/// One input checked by one validator.
#[derive(Debug, Clone, Serialize)]
pub struct CheckedInput {
    pub input: String,
    pub validator: String,
    #[serde(flatten)]
    pub check: InputCheck,
}

impl CheckedInput {
    /// The line a report gives a pair that is not valid: `secret/3: validator v.py says: ...`.
    pub fn problem(&self) -> Option<String> {
        match &self.check {
            InputCheck::Valid => None,
            InputCheck::Invalid(why) | InputCheck::Failed(why) => {
                Some(format!("{}: {why}", self.input))
            }
        }
    }
}
