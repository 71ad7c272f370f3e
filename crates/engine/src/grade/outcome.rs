//! What grading decides: the one [`Outcome`] of a unit (a test, a game) and the one
//! [`RunSummary`] of a submission's run. Both hold the facts every unit has (verdict, times,
//! memory, message) once, and what is particular to the judge in a detail ([`Detail`],
//! [`RunDetail`]). Their JSON keeps the schema of the reports (a run of tests writes `tests`,
//! a run of games `games`, each with its own keys in their own order): it goes through the
//! private wire types at the end of this file, which are the only place that knows it.
//!
//! Beside them, what a summary is made of: the [`AppliedLimits`], the [`RunIdentity`] the parts
//! of a sharded run merge by, and the [`GroupResult`] the engine concludes a job's units
//! into (a scored run's groups among them). This is the bottom of `grade`: it imports no other
//! module of it (`results`, the commands' results, is the one above).

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::interact::TranscriptLine;
use judge_core::limits::Limits;
use judge_core::plan::{PlanIdentity, Shard};
use judge_core::scoring::aggregate::ValidatorScore;
use judge_core::scoring::GroupTree;
use judge_core::stats::{self, ScoreStats};
use judge_core::verdict::{Crash, Verdict};
use judge_sandbox::RunFacts;

/// The result of one unit of a run.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub verdict: Verdict,
    /// The verdict for people: `RE (SIGSEGV)` and the like ([`Verdict::describe`]). JSON
    /// carries it for them and for older readers; it is never read back (a crash is read from
    /// its data).
    pub verdict_detail: String,
    pub cpu_ms: u64,
    pub wall_ms: u64,
    /// Time the run was ready to run but waited for a CPU that other work held (not counted
    /// against the wall-clock limit).
    pub wait_ms: u64,
    pub peak_kib: u64,
    /// The machine was busy during the run: its timings may be off.
    pub disturbed: bool,
    /// The checker's or interactor's message, or why the run failed.
    pub message: Option<String>,
    /// The head of what the program wrote on its standard error (not in JSON).
    pub stderr_head: String,
    /// The sandbox's facts of the run (not in JSON).
    pub facts: Option<RunFacts>,
    /// What is particular to the unit's judge.
    pub detail: Detail,
}

/// What an outcome holds besides the shared facts, by the judge that decided it.
#[derive(Debug, Clone)]
pub enum Detail {
    /// A test: its output compared by a checker, or judged by an interactor.
    Test(TestDetail),
    /// A seeded game played against the problem's referee.
    Game(GameDetail),
}

/// A test's particulars.
#[derive(Debug, Clone, Default)]
pub struct TestDetail {
    pub name: String,
    pub input_head: String,
    pub input_bytes: usize,
    pub expected_head: Option<String>,
    pub received_head: String,
    pub received_bytes: u64,
    /// How to print this test's input again.
    pub reproduce: Option<String>,
    /// The partial score its checker, output validator or interactor gave, if it gave one
    /// (a scoring problem's; the test's score is its group's rules applied to it, see
    /// `grade::scored`).
    pub validator_score: Option<ValidatorScore>,
    /// The test of the same input, answer and checker arguments whose run this test's facts
    /// are (see `grade::same_tests`); `None` when it ran itself.
    pub same_as: Option<String>,
    /// What the output visualizer left for it, once for each time it ran (a report was asked
    /// for): after the output validator, or after each pass of a multi-pass problem.
    pub visual: Vec<Visual>,
}

/// What a 2025-09 output visualizer left for a test (`programs::checker::visualize`).
#[derive(Debug, Clone, PartialEq)]
pub enum Visual {
    /// Its image: the file's name in the feedback folder (`teamimage.svg`), its bytes, and
    /// the pass it shows in a multi-pass problem.
    Image {
        file: String,
        image: Vec<u8>,
        pass: Option<u32>,
    },
    /// Why it left none (it failed, ran out of a limit, wrote no image): a warning naming it
    /// (and the pass).
    Warning(String),
}

impl Visual {
    /// How an image is named in reports: its file, after its pass in a multi-pass problem
    /// (`pass 2: teamimage.svg`).
    pub fn label(file: &str, pass: Option<u32>) -> String {
        match pass {
            Some(pass) => format!("pass {pass}: {file}"),
            None => file.to_string(),
        }
    }
}

/// A game's particulars.
#[derive(Debug, Clone, Default)]
pub struct GameDetail {
    /// Master seed; with `game` it names the game's random stream.
    pub seed: u64,
    pub game: u64,
    pub score: u64,
    pub moves: u64,
    /// Time from the first reply to the end of the game, microseconds: the rounds after the
    /// first (as many as `moves`), without the program's start and exit.
    pub interaction_us: u64,
    /// What was said, kept until the game is reported (`Event::GameFinished`) and then
    /// dropped, so that thousands of games do not hold thousands of transcripts.
    pub transcript: Vec<TranscriptLine>,
    /// The interactor's last line (`-1`) when it ended the game.
    pub final_line: Option<String>,
}

impl Outcome {
    /// An outcome with no run behind it yet: a judge error until something decides it.
    pub fn undecided(detail: Detail) -> Outcome {
        Outcome {
            verdict: Verdict::JudgeError,
            verdict_detail: Verdict::JudgeError.describe(),
            cpu_ms: 0,
            wall_ms: 0,
            wait_ms: 0,
            peak_kib: 0,
            disturbed: false,
            message: None,
            stderr_head: String::new(),
            facts: None,
            detail,
        }
    }

    /// Reads back one unit's JSON (a test's, or a game's with `games`, as a report writes
    /// it), its verdict from its `verdict` and `crash`.
    pub(crate) fn from_json(value: serde_json::Value, games: bool) -> serde_json::Result<Outcome> {
        Ok(match games {
            true => Outcome::from(GameIn::deserialize(value)?),
            false => Outcome::from(TestIn::deserialize(value)?),
        })
    }

    /// The unit's name as reports give it: the test's, or `game N`.
    pub fn name(&self) -> String {
        match &self.detail {
            Detail::Test(test) => test.name.clone(),
            Detail::Game(game) => format!("game {}", game.game),
        }
    }

    /// The verdict with its message: `WA: token 1 ...`.
    pub fn verdict_with_message(&self) -> String {
        match &self.message {
            Some(message) => format!("{}: {message}", self.verdict_detail),
            None => self.verdict_detail.clone(),
        }
    }

    /// The unit's score, when its judge gives one (a game's; a scoring problem's test will).
    pub fn score(&self) -> Option<f64> {
        match &self.detail {
            Detail::Test(_) => None,
            Detail::Game(game) => Some(game.score as f64),
        }
    }

    /// Lets go of what is kept only until the unit is reported: a game's transcript.
    pub(crate) fn told(&mut self) {
        if let Detail::Game(game) = &mut self.detail {
            game.transcript = Vec::new();
        }
    }

    /// A test's particulars, if the unit is a test.
    pub fn test(&self) -> Option<&TestDetail> {
        match &self.detail {
            Detail::Test(test) => Some(test),
            Detail::Game(_) => None,
        }
    }

    pub fn test_mut(&mut self) -> Option<&mut TestDetail> {
        match &mut self.detail {
            Detail::Test(test) => Some(test),
            Detail::Game(_) => None,
        }
    }

    /// A game's particulars, if the unit is a game.
    pub fn game(&self) -> Option<&GameDetail> {
        match &self.detail {
            Detail::Game(game) => Some(game),
            Detail::Test(_) => None,
        }
    }

    pub fn game_mut(&mut self) -> Option<&mut GameDetail> {
        match &mut self.detail {
            Detail::Game(game) => Some(game),
            Detail::Test(_) => None,
        }
    }
}

/// The figures of every unit a run judged, for a summary that does not keep every outcome.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub run: usize,
    pub passed: usize,
    pub max_cpu_ms: u64,
    pub max_peak_kib: u64,
    pub disturbed: usize,
}

impl Tally {
    pub(crate) fn add(&mut self, outcome: &Outcome) {
        self.run += 1;
        self.passed += usize::from(outcome.verdict.is_accepted());
        self.max_cpu_ms = self.max_cpu_ms.max(outcome.cpu_ms);
        self.max_peak_kib = self.max_peak_kib.max(outcome.peak_kib);
        self.disturbed += usize::from(outcome.disturbed);
    }
}

/// What a group's units came to, folded by the group's rule (`engine::conclude`, the one
/// place that decides a run's verdict): the root group of a job holds every unit of its run.
/// A pass-fail problem's tree is that one group; a run of games' root has the mean-score rule
/// (its `reason` says why it is not AC); a scored problem's root is folded through its tree
/// of groups (`scoring::GroupTree`), each group's result in `groups` with the score and why
/// its groups had a judge error. Its JSON is the groups' (the reports' `groups`, which a run
/// of tests writes when its groups were folded): the units are written as the run's.
#[derive(Debug, Clone)]
pub struct GroupResult {
    /// The run's verdict: a pass-fail problem's first failure, a run of games' (WA when the
    /// mean score is too low), a scored problem's root's as the test that got it has it
    /// (with its own particulars: a crash's signal, a package's MLE).
    pub verdict: Verdict,
    /// The sandbox's protections, from the first unit that ran (one that could not run has
    /// none to say).
    pub protections: Vec<String>,
    /// Every outcome in plan order, or the first failure alone (see
    /// `engine::Schedule::keep_every_unit`).
    pub kept: Vec<Outcome>,
    /// The figures of every unit reported.
    pub tally: Tally,
    /// Why the verdict is not AC, in words, when the root's rule says it: a run of games'
    /// (a failed game, a mean score below the one needed).
    pub reason: Option<String>,
    /// The root's verdict as its groups have it (problemtools', see
    /// [`Verdict::as_problemtools`]; in JSON by its problemtools name, `RunTimeError`):
    /// `None` when no group had a test, or the root is not a tree of groups.
    pub groups_verdict: Option<Verdict>,
    /// The submission's score, where its groups give one.
    pub score: Option<f64>,
    /// The most the submission can score, where the groups say it (2023-07, folder groups).
    pub max_score: Option<f64>,
    /// Every group of the tree with a result, parents before children, in the tree's order
    /// (the root, path `""`, first); `None` when the root's rule is not a tree of groups
    /// (pass-fail, games).
    pub groups: Option<Vec<GroupRow>>,
    /// Each test's score after its group's rules (`accept_score`, a validator's score),
    /// by test path, for the tests that have one.
    pub test_scores: BTreeMap<String, f64>,
    /// Why the groups have a judge error that no run had, if they have: the first test its
    /// group's rules made one (`secret/g1/03: the output validator accepted without writing
    /// score.txt, ...`), or a test the groups need that did not run.
    pub judge_error: Option<String>,
}

impl GroupResult {
    /// The group of units gathered in plan order, before its rule decides anything: accepted,
    /// folded through no tree.
    pub(crate) fn of_units(protections: Vec<String>, kept: Vec<Outcome>, tally: Tally) -> Self {
        GroupResult {
            verdict: Verdict::Accepted,
            protections,
            kept,
            tally,
            reason: None,
            groups_verdict: None,
            score: None,
            max_score: None,
            groups: None,
            test_scores: BTreeMap::new(),
            judge_error: None,
        }
    }

    /// Each group's result in the tree, parents first (none when the root is not a tree).
    pub fn rows(&self) -> &[GroupRow] {
        self.groups.as_deref().unwrap_or_default()
    }
}

/// Everything a report of one submission's run needs, once it is over (a compile error
/// included).
#[derive(Debug, Clone)]
pub struct RunSummary {
    pub problem: String,
    pub solution: String,
    pub language: String,
    pub verdict: Verdict,
    pub seed: u64,
    pub limits: AppliedLimits,
    /// Protections the sandbox had in force (from the first unit that ran).
    pub protections: Vec<String>,
    /// The compiler's message, for CE.
    pub compile_message: Option<String>,
    /// The outcomes in plan order: every unit that ran, or only the first failure when
    /// `tally` is set.
    pub outcomes: Vec<Outcome>,
    /// The figures of every unit that ran when `outcomes` does not keep them all; `None` when
    /// it does, as in a summary read from JSON.
    pub tally: Option<Tally>,
    /// The judge's version, the plan's identity and the shard, for merging.
    pub run: RunIdentity,
    /// What is particular to the run's units.
    pub detail: RunDetail,
}

/// What a run's summary holds besides the shared figures, by what its units are.
#[derive(Debug, Clone)]
pub enum RunDetail {
    Tests {
        /// Why its times may differ from the real judge's (a Kattis package's Python run
        /// under CPython because PyPy is not installed).
        timing_warning: Option<String>,
        /// Tests this run was to grade (a shard's share, when sharded).
        tests_planned: usize,
        /// A scored problem's groups (`None` for a pass-fail problem, and for a shard, whose
        /// groups only the merge can know).
        groups: Option<Box<GroupResult>>,
        /// A shard of a scored problem: the problem's groups, which the merge grades the
        /// whole run's tests in (`None` otherwise).
        group_tree: Option<Arc<GroupTree>>,
    },
    Games {
        /// Why the verdict is not AC, in words.
        reason: Option<String>,
        accept_mean_score: f64,
        score_mean: f64,
        stats: ScoreStats,
    },
}

impl RunSummary {
    /// Completes the summary from what its units came to, as the root group's rule decided
    /// it (`engine::conclude`): the verdict, the outcomes kept and the figures of the rest; for
    /// games the statistics of their scores and the reason, for a scored problem its groups.
    pub(crate) fn conclude(&mut self, mut group: GroupResult) {
        let milestones = self.milestones();
        self.protections = std::mem::take(&mut group.protections);
        self.verdict = group.verdict;
        // The figures of units that are not kept, when some are not.
        self.tally = (group.kept.len() < group.tally.run).then_some(group.tally);
        self.outcomes = std::mem::take(&mut group.kept);
        match &mut self.detail {
            RunDetail::Games {
                reason,
                score_mean,
                stats,
                ..
            } => {
                let scores: Vec<u64> = self
                    .outcomes
                    .iter()
                    .filter_map(|g| g.game())
                    .map(|g| g.score)
                    .collect();
                *stats = stats::score_stats(&scores, &milestones);
                *score_mean = stats.mean;
                *reason = group.reason;
            }
            RunDetail::Tests { groups, .. } => {
                if group.groups.is_some() {
                    *groups = Some(Box::new(group));
                }
            }
        }
    }

    /// The figures of every unit that ran.
    pub fn tally(&self) -> Tally {
        self.tally.unwrap_or_else(|| {
            let mut tally = Tally::default();
            for outcome in &self.outcomes {
                tally.add(outcome);
            }
            tally
        })
    }

    /// Units that ran.
    pub fn units_run(&self) -> usize {
        self.tally().run
    }

    pub fn passed(&self) -> usize {
        self.tally().passed
    }

    pub fn max_cpu_ms(&self) -> u64 {
        self.tally().max_cpu_ms
    }

    pub fn max_peak_kib(&self) -> u64 {
        self.tally().max_peak_kib
    }

    /// Units whose timings the machine's load may have disturbed.
    pub fn disturbed(&self) -> usize {
        self.tally().disturbed
    }

    /// The first unit that was not accepted.
    pub fn first_failure(&self) -> Option<&Outcome> {
        self.outcomes.iter().find(|o| !o.verdict.is_accepted())
    }

    /// Whether the run's units are games.
    pub fn is_games(&self) -> bool {
        matches!(self.detail, RunDetail::Games { .. })
    }

    /// Units the run was to judge: a run of tests's planned share, a run of games's plan.
    pub fn units_planned(&self) -> usize {
        match &self.detail {
            RunDetail::Tests { tests_planned, .. } => *tests_planned,
            RunDetail::Games { .. } => self.run.plan.units,
        }
    }

    /// A scored problem's groups, when the run graded them.
    pub fn groups(&self) -> Option<&GroupResult> {
        match &self.detail {
            RunDetail::Tests { groups, .. } => groups.as_deref(),
            RunDetail::Games { .. } => None,
        }
    }

    /// The warning about the run's timings, if any.
    pub fn timing_warning(&self) -> Option<&str> {
        match &self.detail {
            RunDetail::Tests { timing_warning, .. } => timing_warning.as_deref(),
            RunDetail::Games { .. } => None,
        }
    }

    /// Why the verdict is not AC, in words, when the run says it: a run of games's, or a
    /// judge error of a scored run's groups that no test had (a validator's missing score).
    pub fn reason(&self) -> Option<&str> {
        match &self.detail {
            RunDetail::Games { reason, .. } => reason.as_deref(),
            RunDetail::Tests { groups, .. } => groups
                .as_deref()
                .filter(|_| matches!(self.verdict, Verdict::JudgeError))
                .and_then(|groups| groups.judge_error.as_deref()),
        }
    }

    /// The statistics of a run of games' scores, with the mean needed and the mean reached.
    pub fn score_stats(&self) -> Option<(&ScoreStats, f64, f64)> {
        match &self.detail {
            RunDetail::Games {
                stats,
                accept_mean_score,
                score_mean,
                ..
            } => Some((stats, *accept_mean_score, *score_mean)),
            RunDetail::Tests { .. } => None,
        }
    }

    /// The statistics of a run of games' scores.
    pub fn stats(&self) -> Option<&ScoreStats> {
        self.score_stats().map(|(stats, _, _)| stats)
    }

    /// The scores whose counts the statistics give (the problem's milestones).
    pub fn milestones(&self) -> Vec<u64> {
        match &self.detail {
            RunDetail::Games { stats, .. } => stats.reached.iter().map(|(tile, _)| *tile).collect(),
            RunDetail::Tests { .. } => Vec::new(),
        }
    }

    /// The summary as the JSON of a run of tests or of games.
    fn wire(&self) -> SummaryWire<'_> {
        match &self.detail {
            RunDetail::Tests {
                timing_warning,
                tests_planned,
                groups,
                group_tree,
            } => SummaryWire::Tests(TestsSummaryWire {
                problem: &self.problem,
                solution: &self.solution,
                language: &self.language,
                timing_warning: timing_warning.as_deref(),
                verdict: self.verdict,
                crash: self.verdict.crash(),
                seed: self.seed,
                limits: &self.limits,
                protections: &self.protections,
                compile_message: self.compile_message.as_deref(),
                tests_planned: *tests_planned,
                tests: &self.outcomes,
                groups: groups.as_deref(),
                group_tree: group_tree.as_deref(),
                run: &self.run,
            }),
            RunDetail::Games {
                reason,
                accept_mean_score,
                score_mean,
                stats,
            } => SummaryWire::Games(GamesSummaryWire {
                problem: &self.problem,
                solution: &self.solution,
                language: &self.language,
                verdict: self.verdict,
                crash: self.verdict.crash(),
                reason: reason.as_deref(),
                seed: self.seed,
                limits: &self.limits,
                protections: &self.protections,
                accept_mean_score: *accept_mean_score,
                score_mean: *score_mean,
                stats,
                compile_message: self.compile_message.as_deref(),
                games: &self.outcomes,
                run: &self.run,
            }),
        }
    }

    /// Reads the JSON of a run of tests (a report written by `--json`).
    pub fn tests_from_json(value: serde_json::Value) -> serde_json::Result<RunSummary> {
        deserialize_tests(value)
    }

    /// Reads the JSON of a run of games (a report written by `--json`).
    pub fn games_from_json(value: serde_json::Value) -> serde_json::Result<RunSummary> {
        deserialize_games(value)
    }
}

/// Limits as applied, in report units.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AppliedLimits {
    pub cpu_ms: u64,
    pub wall_ms: u64,
    pub memory_kib: u64,
    pub output_kib: u64,
}

impl From<&Limits> for AppliedLimits {
    fn from(limits: &Limits) -> Self {
        AppliedLimits {
            cpu_ms: limits.cpu_time.as_millis() as u64,
            wall_ms: limits.wall_time.as_millis() as u64,
            memory_kib: limits.memory_bytes / 1024,
            output_kib: limits.output_bytes / 1024,
        }
    }
}

/// This judge's version, written into JSON reports: parts of a sharded run merge only when
/// the same version made them.
pub const JUDGE_VERSION: &str = env!("CARGO_PKG_VERSION");

/// What a JSON report carries for the parts of a sharded run to be checked and merged: the
/// version of the judge that made it, the identity of the whole run's plan, and which shard
/// of it this report is (none for a whole run).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunIdentity {
    pub judge_version: String,
    pub plan: PlanIdentity,
    pub shard: Option<Shard>,
}

impl RunIdentity {
    pub fn new(plan: PlanIdentity, shard: Option<Shard>) -> RunIdentity {
        RunIdentity {
            judge_version: JUDGE_VERSION.to_string(),
            plan,
            shard,
        }
    }
}

/// One group's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GroupRow {
    /// Relative to `data/` (`secret/group1`; the root `""`), or a folder group's name.
    pub path: String,
    /// problemtools' verdict (see [`GroupResult::groups_verdict`]).
    #[serde(with = "judge_core::verdict::problemtools_name")]
    pub verdict: Verdict,
    pub score: Option<f64>,
    pub max_score: Option<f64>,
    /// Its tests (at any depth) and how many ran (the others were skipped: the group was
    /// decided without them).
    pub tests: usize,
    pub tests_run: usize,
    /// Its slowest test that ran, by CPU time.
    pub slowest: Option<Slowest>,
}

/// A group's slowest test against the time limit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Slowest {
    pub test: String,
    pub cpu_ms: u64,
    pub limit_ms: u64,
    /// Whether its time is within [`NEAR_LIMIT`] of the limit either way: a time limit that
    /// much smaller (or larger) could change its verdict and so the group's score.
    pub near_limit: bool,
}

/// How near the limit (a fraction of it, either way) a slowest test is marked.
pub const NEAR_LIMIT: f64 = 0.2;

impl Serialize for Outcome {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.detail {
            Detail::Test(test) => TestWire {
                name: &test.name,
                verdict: self.verdict,
                crash: self.verdict.crash(),
                verdict_detail: &self.verdict_detail,
                cpu_ms: self.cpu_ms,
                wall_ms: self.wall_ms,
                wait_ms: self.wait_ms,
                peak_kib: self.peak_kib,
                disturbed: self.disturbed,
                message: self.message.as_deref(),
                reproduce: test.reproduce.as_deref(),
                validator_score: test.validator_score,
                same_as: test.same_as.as_deref(),
                images: test
                    .visual
                    .iter()
                    .filter_map(|visual| match visual {
                        Visual::Image { file, pass, .. } => Some(Visual::label(file, *pass)),
                        Visual::Warning(_) => None,
                    })
                    .collect(),
                image_warnings: test
                    .visual
                    .iter()
                    .filter_map(|visual| match visual {
                        Visual::Warning(why) => Some(why.as_str()),
                        Visual::Image { .. } => None,
                    })
                    .collect(),
            }
            .serialize(serializer),
            Detail::Game(game) => GameWire {
                seed: game.seed,
                game: game.game,
                score: game.score,
                moves: game.moves,
                cpu_ms: self.cpu_ms,
                wall_ms: self.wall_ms,
                wait_ms: self.wait_ms,
                disturbed: self.disturbed,
                interaction_us: game.interaction_us,
                peak_kib: self.peak_kib,
                verdict: self.verdict,
                crash: self.verdict.crash(),
                verdict_detail: &self.verdict_detail,
                message: self.message.as_deref(),
            }
            .serialize(serializer),
        }
    }
}

impl Serialize for RunSummary {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.wire().serialize(serializer)
    }
}

impl Serialize for GroupResult {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        GroupsWire {
            verdict: self.groups_verdict,
            score: self.score,
            max_score: self.max_score,
            groups: self.rows(),
            test_scores: &self.test_scores,
            judge_error: self.judge_error.as_deref(),
        }
        .serialize(serializer)
    }
}

/// A group result read back from its JSON (a report's `groups`, a verify row's): its groups,
/// score and judge error; no units (a report writes them as the run's), and the root's
/// verdict as its groups have it for the run's.
impl<'de> Deserialize<'de> for GroupResult {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<GroupResult, D::Error> {
        let groups = GroupsIn::deserialize(deserializer)?;
        Ok(GroupResult {
            verdict: groups.verdict.unwrap_or(Verdict::JudgeError),
            groups_verdict: groups.verdict,
            score: groups.score,
            max_score: groups.max_score,
            groups: Some(groups.groups),
            test_scores: groups.test_scores,
            judge_error: groups.judge_error,
            ..GroupResult::of_units(Vec::new(), Vec::new(), Tally::default())
        })
    }
}

/// Reads the JSON of a run of tests (for `#[serde(deserialize_with)]`).
pub(crate) fn deserialize_tests<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<RunSummary, D::Error> {
    TestsSummaryIn::deserialize(deserializer).map(RunSummary::from)
}

/// Reads the JSON of a run of games (for `#[serde(deserialize_with)]`).
pub(crate) fn deserialize_games<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<RunSummary, D::Error> {
    GamesSummaryIn::deserialize(deserializer).map(RunSummary::from)
}

// The JSON schema of the reports. Keys are written in these structs' order; the snapshots in
// `src/report/snapshots` pin them.

#[derive(Serialize)]
struct GroupsWire<'a> {
    #[serde(with = "judge_core::verdict::problemtools_name::option")]
    verdict: Option<Verdict>,
    score: Option<f64>,
    max_score: Option<f64>,
    groups: &'a [GroupRow],
    test_scores: &'a BTreeMap<String, f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    judge_error: Option<&'a str>,
}

#[derive(Deserialize)]
struct GroupsIn {
    #[serde(with = "judge_core::verdict::problemtools_name::option")]
    verdict: Option<Verdict>,
    score: Option<f64>,
    max_score: Option<f64>,
    groups: Vec<GroupRow>,
    test_scores: BTreeMap<String, f64>,
    #[serde(default)]
    judge_error: Option<String>,
}

#[derive(Serialize)]
struct TestWire<'a> {
    name: &'a str,
    verdict: Verdict,
    #[serde(skip_serializing_if = "Option::is_none")]
    crash: Option<Crash>,
    verdict_detail: &'a str,
    cpu_ms: u64,
    wall_ms: u64,
    wait_ms: u64,
    peak_kib: u64,
    disturbed: bool,
    message: Option<&'a str>,
    reproduce: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    validator_score: Option<ValidatorScore>,
    #[serde(skip_serializing_if = "Option::is_none")]
    same_as: Option<&'a str>,
    /// The output visualizer's images of the test (each its name in the feedback folder,
    /// after its pass in a multi-pass problem).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    images: Vec<String>,
    /// Why the output visualizer left no image of the test (of a pass).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    image_warnings: Vec<&'a str>,
}

#[derive(Serialize)]
struct GameWire<'a> {
    seed: u64,
    game: u64,
    score: u64,
    moves: u64,
    cpu_ms: u64,
    wall_ms: u64,
    wait_ms: u64,
    disturbed: bool,
    interaction_us: u64,
    peak_kib: u64,
    verdict: Verdict,
    #[serde(skip_serializing_if = "Option::is_none")]
    crash: Option<Crash>,
    verdict_detail: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<&'a str>,
}

#[derive(Serialize)]
#[serde(untagged)]
enum SummaryWire<'a> {
    Tests(TestsSummaryWire<'a>),
    Games(GamesSummaryWire<'a>),
}

#[derive(Serialize)]
struct TestsSummaryWire<'a> {
    problem: &'a str,
    solution: &'a str,
    language: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    timing_warning: Option<&'a str>,
    verdict: Verdict,
    #[serde(skip_serializing_if = "Option::is_none")]
    crash: Option<Crash>,
    seed: u64,
    limits: &'a AppliedLimits,
    protections: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    compile_message: Option<&'a str>,
    tests_planned: usize,
    tests: &'a [Outcome],
    #[serde(skip_serializing_if = "Option::is_none")]
    groups: Option<&'a GroupResult>,
    #[serde(skip_serializing_if = "Option::is_none")]
    group_tree: Option<&'a GroupTree>,
    #[serde(flatten)]
    run: &'a RunIdentity,
}

#[derive(Serialize)]
struct GamesSummaryWire<'a> {
    problem: &'a str,
    solution: &'a str,
    language: &'a str,
    verdict: Verdict,
    #[serde(skip_serializing_if = "Option::is_none")]
    crash: Option<Crash>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'a str>,
    seed: u64,
    limits: &'a AppliedLimits,
    protections: &'a [String],
    accept_mean_score: f64,
    score_mean: f64,
    stats: &'a ScoreStats,
    #[serde(skip_serializing_if = "Option::is_none")]
    compile_message: Option<&'a str>,
    games: &'a [Outcome],
    #[serde(flatten)]
    run: &'a RunIdentity,
}

#[derive(Deserialize)]
struct TestIn {
    name: String,
    verdict: Verdict,
    #[serde(default)]
    crash: Option<Crash>,
    verdict_detail: String,
    cpu_ms: u64,
    wall_ms: u64,
    wait_ms: u64,
    peak_kib: u64,
    disturbed: bool,
    message: Option<String>,
    reproduce: Option<String>,
    #[serde(default)]
    validator_score: Option<ValidatorScore>,
    #[serde(default)]
    same_as: Option<String>,
}

#[derive(Deserialize)]
struct GameIn {
    seed: u64,
    game: u64,
    score: u64,
    moves: u64,
    cpu_ms: u64,
    wall_ms: u64,
    wait_ms: u64,
    disturbed: bool,
    interaction_us: u64,
    peak_kib: u64,
    verdict: Verdict,
    #[serde(default)]
    crash: Option<Crash>,
    verdict_detail: String,
    #[serde(default)]
    message: Option<String>,
}

#[derive(Deserialize)]
struct TestsSummaryIn {
    problem: String,
    solution: String,
    language: String,
    #[serde(default)]
    timing_warning: Option<String>,
    verdict: Verdict,
    #[serde(default)]
    crash: Option<Crash>,
    seed: u64,
    limits: AppliedLimits,
    protections: Vec<String>,
    #[serde(default)]
    compile_message: Option<String>,
    tests_planned: usize,
    tests: Vec<TestIn>,
    #[serde(default)]
    groups: Option<GroupResult>,
    #[serde(default)]
    group_tree: Option<GroupTree>,
    #[serde(flatten)]
    run: RunIdentity,
}

#[derive(Deserialize)]
struct GamesSummaryIn {
    problem: String,
    solution: String,
    language: String,
    verdict: Verdict,
    #[serde(default)]
    crash: Option<Crash>,
    #[serde(default)]
    reason: Option<String>,
    seed: u64,
    limits: AppliedLimits,
    protections: Vec<String>,
    accept_mean_score: f64,
    score_mean: f64,
    stats: ScoreStats,
    #[serde(default)]
    compile_message: Option<String>,
    games: Vec<GameIn>,
    #[serde(flatten)]
    run: RunIdentity,
}

impl From<TestIn> for Outcome {
    fn from(test: TestIn) -> Outcome {
        Outcome {
            verdict: test.verdict.with_crash(test.crash),
            verdict_detail: test.verdict_detail,
            cpu_ms: test.cpu_ms,
            wall_ms: test.wall_ms,
            wait_ms: test.wait_ms,
            peak_kib: test.peak_kib,
            disturbed: test.disturbed,
            message: test.message,
            stderr_head: String::new(),
            facts: None,
            detail: Detail::Test(TestDetail {
                name: test.name,
                reproduce: test.reproduce,
                validator_score: test.validator_score,
                same_as: test.same_as,
                ..TestDetail::default()
            }),
        }
    }
}

impl From<GameIn> for Outcome {
    fn from(game: GameIn) -> Outcome {
        Outcome {
            verdict: game.verdict.with_crash(game.crash),
            verdict_detail: game.verdict_detail,
            cpu_ms: game.cpu_ms,
            wall_ms: game.wall_ms,
            wait_ms: game.wait_ms,
            peak_kib: game.peak_kib,
            disturbed: game.disturbed,
            message: game.message,
            stderr_head: String::new(),
            facts: None,
            detail: Detail::Game(GameDetail {
                seed: game.seed,
                game: game.game,
                score: game.score,
                moves: game.moves,
                interaction_us: game.interaction_us,
                ..GameDetail::default()
            }),
        }
    }
}

impl From<TestsSummaryIn> for RunSummary {
    fn from(summary: TestsSummaryIn) -> RunSummary {
        RunSummary {
            problem: summary.problem,
            solution: summary.solution,
            language: summary.language,
            verdict: summary.verdict.with_crash(summary.crash),
            seed: summary.seed,
            limits: summary.limits,
            protections: summary.protections,
            compile_message: summary.compile_message,
            outcomes: summary.tests.into_iter().map(Outcome::from).collect(),
            tally: None,
            run: summary.run,
            detail: RunDetail::Tests {
                timing_warning: summary.timing_warning,
                tests_planned: summary.tests_planned,
                groups: summary.groups.map(Box::new),
                group_tree: summary.group_tree.map(Arc::new),
            },
        }
    }
}

impl From<GamesSummaryIn> for RunSummary {
    fn from(summary: GamesSummaryIn) -> RunSummary {
        RunSummary {
            problem: summary.problem,
            solution: summary.solution,
            language: summary.language,
            verdict: summary.verdict.with_crash(summary.crash),
            seed: summary.seed,
            limits: summary.limits,
            protections: summary.protections,
            compile_message: summary.compile_message,
            outcomes: summary.games.into_iter().map(Outcome::from).collect(),
            tally: None,
            run: summary.run,
            detail: RunDetail::Games {
                reason: summary.reason,
                accept_mean_score: summary.accept_mean_score,
                score_mean: summary.score_mean,
                stats: summary.stats,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::fixtures;

    /// A summary written as JSON and read back: the same JSON again.
    fn round_trip(summary: &RunSummary) -> RunSummary {
        let value = serde_json::to_value(summary).unwrap();
        let back = if value.get("games").is_some() {
            RunSummary::games_from_json(value.clone()).unwrap()
        } else {
            RunSummary::tests_from_json(value.clone()).unwrap()
        };
        assert_eq!(serde_json::to_value(&back).unwrap(), value);
        back
    }

    #[test]
    fn a_run_of_tests_writes_tests_and_reads_back() {
        let summary = fixtures::batch_summary();
        let value = serde_json::to_value(&summary).unwrap();
        assert_eq!(value["tests"].as_array().unwrap().len(), 3);
        assert!(value.get("games").is_none());
        assert_eq!(value["tests"][2]["name"], "random-002");
        assert_eq!(value["tests_planned"], 37);
        let back = round_trip(&summary);
        assert!(!back.is_games());
        assert_eq!(back.units_planned(), 37);
        assert_eq!(back.outcomes[2].name(), "random-002");
        assert_eq!(back.first_failure().unwrap().verdict, Verdict::WrongAnswer);
    }

    #[test]
    fn a_run_of_games_writes_games_and_reads_back() {
        let summary = fixtures::games_summary();
        let value = serde_json::to_value(&summary).unwrap();
        assert_eq!(value["games"].as_array().unwrap().len(), 3);
        assert!(value.get("tests").is_none());
        assert_eq!(value["games"][1]["score"], 4096);
        // A game's message is left out when it has none; a test's is written as null.
        assert!(value["games"][0].get("message").is_none());
        let back = round_trip(&summary);
        assert!(back.is_games());
        assert_eq!(back.reason(), Some("game 2 failed: WA"));
        assert_eq!(back.outcomes[1].score(), Some(4096.0));
        assert_eq!(back.stats(), summary.stats());
    }

    #[test]
    fn a_crash_is_written_beside_its_verdict_and_read_back_from_there() {
        let mut summary = fixtures::batch_summary();
        let segfault = Verdict::RuntimeError(Crash::Signal(libc::SIGSEGV));
        summary.outcomes[2].verdict = segfault;
        summary.outcomes[2].verdict_detail = segfault.describe();
        summary.verdict = segfault;
        let mut value = serde_json::to_value(&summary).unwrap();
        let crash = serde_json::json!({"kind": "signal", "signal": 11});
        assert_eq!(value["verdict"], "RE");
        assert_eq!(value["crash"], crash);
        assert_eq!(value["tests"][2]["crash"], crash);
        assert_eq!(value["tests"][2]["verdict_detail"], "RE (SIGSEGV)");
        // Only a crash has one.
        assert!(value["tests"][1].get("crash").is_none());
        // The text is for people: what it says is not read.
        value["tests"][2]["verdict_detail"] = "RE (exit code 7)".into();
        let back = RunSummary::tests_from_json(value.clone()).unwrap();
        assert_eq!(back.verdict, segfault);
        assert_eq!(back.outcomes[2].verdict, segfault);
        assert_eq!(back.outcomes[2].verdict_detail, "RE (exit code 7)");
        // A unit read alone (a job's file of decided units) the same.
        let unit = Outcome::from_json(value["tests"][2].clone(), false).unwrap();
        assert_eq!(unit.verdict, segfault);
        // Without its crash (JSON of an older judge) an RE names none.
        value["tests"][2].as_object_mut().unwrap().remove("crash");
        let bare = RunSummary::tests_from_json(value).unwrap();
        assert_eq!(
            bare.outcomes[2].verdict,
            Verdict::RuntimeError(Crash::Unknown)
        );
        // A game's crash too.
        let mut games = fixtures::games_summary();
        games.outcomes[2].verdict = Verdict::RuntimeError(Crash::ExitCode(3));
        games.verdict = games.outcomes[2].verdict;
        let value = serde_json::to_value(&games).unwrap();
        assert_eq!(
            value["games"][2]["crash"],
            serde_json::json!({"kind": "exit_code", "exit_code": 3})
        );
        let back = round_trip(&games);
        assert_eq!(back.outcomes[2].verdict, games.outcomes[2].verdict);
        assert_eq!(back.verdict, games.verdict);
    }

    #[test]
    fn the_tally_counts_every_unit_whatever_its_judge() {
        let tests = fixtures::batch_summary().tally();
        assert_eq!((tests.run, tests.passed, tests.disturbed), (3, 2, 1));
        let games = fixtures::games_summary().tally();
        assert_eq!((games.run, games.passed, games.max_cpu_ms), (3, 2, 22));
    }
}
