//! The engine: the one loop a run's units go through, and the seam that lets it run without
//! processes. A run is a plan of units (tests or games) for one job or many (submissions),
//! each *executed* by a [`JobExecutor`] into [`UnitFacts`] (the sandbox in production, scripted
//! facts in the tests below), *judged* by [`judge`] (pure: the run's facts and the judge's word
//! to a verdict), *reported* in plan order, and *concluded* by folding the job's group tree
//! ([`conclude`]): the one place a run's verdict is decided. Units that are not judged, each
//! coming to a result of its own (an input checked by a validator), run on the same
//! scheduler and are told in plan order by the same cursor ([`run_units`], with an
//! [`UnjudgedExecutor`]).
//!
//! Groups: every unit belongs to one, and a job's tree has a root whose rule ([`RootRule`])
//! decides: a pass-fail problem's tree is one group of every unit, the first failure in plan
//! order deciding (as problemtools' `first_error`); a run of games' root has the mean-score
//! rule; a scored problem's tree is its groups (`scoring::GroupTree`), folded with their
//! aggregation (sum, min, `on_reject`, custom graders) as problemtools does.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::events::Event;
use super::outcome::{Detail, GroupResult, Outcome, Tally};
use super::scored::{self, GraderRunner};
use super::{protections_of, GradeError};
use crate::interact::Ending;
use crate::pool::{self, JobNews};
use judge_core::limits::Limits;
use judge_core::scoring::GroupTree;
use judge_core::stats;
use judge_core::verdict::{self, CheckOutcome, StderrSays, Verdict};
use judge_sandbox::RunFacts;

/// What running a unit gave, before anything is decided.
#[derive(Debug, Clone)]
pub struct UnitFacts {
    /// The run, or why the unit could not run at all (a judge error).
    pub run: Result<UnitRun, String>,
    /// What is particular to the unit's judge (a test's name and heads, a game's seed).
    pub detail: Detail,
}

/// A unit's run: the program's facts and the judge's word.
#[derive(Debug, Clone)]
pub struct UnitRun {
    pub facts: RunFacts,
    pub stderr_says: StderrSays,
    pub stderr_head: String,
    pub judgement: Judgement,
}

/// What the unit's judge said.
#[derive(Debug, Clone)]
pub enum Judgement {
    /// The output was compared by a checker: its word, or none when the run did not end
    /// normally and nothing was checked.
    Checked(Option<CheckOutcome>),
    /// An interactor talked with the program: its word, and whether it ended first.
    Interactor { said: CheckOutcome, first: bool },
    /// A game's referee: how the game ended.
    Referee(Ending),
}

/// Decides a unit from its facts: the verdict (`verdict::classify`, or
/// `verdict::classify_interactive` for an interactor or a referee) and the message that says
/// why.
pub fn judge(limits: &Limits, unit: UnitFacts) -> Outcome {
    let run = match unit.run {
        Ok(run) => run,
        Err(message) => {
            return Outcome {
                message: Some(message),
                ..Outcome::undecided(unit.detail)
            }
        }
    };
    let facts = run.facts;
    // Why the run's facts decided the verdict (`verdict::reason`), when they did.
    let reason =
        |verdict| verdict::reason(limits, &facts, verdict, run.stderr_says, &run.stderr_head);
    let (verdict, message) = match run.judgement {
        Judgement::Checked(said) => {
            let verdict = verdict::classify(limits, &facts, run.stderr_says, said.as_ref());
            let message = checked_message(reason(verdict), said, verdict, &facts, "the checker");
            (verdict, message)
        }
        Judgement::Interactor { said, first } => {
            let verdict =
                verdict::classify_interactive(limits, &facts, run.stderr_says, &said, first);
            let message = checked_message(
                reason(verdict),
                Some(said),
                verdict,
                &facts,
                "the interactor",
            );
            (verdict, message)
        }
        Judgement::Referee(ending) => {
            // A refused move: the referee ended the game first with its rejection. A game
            // over: its acceptance. A game the program left early: its rejection, the
            // program's own facts first.
            let (said, first) = match ending {
                Ending::Violation(message) => (CheckOutcome::WrongAnswer(message), true),
                Ending::Over(_) => (CheckOutcome::Accepted, true),
                Ending::Silent(message) => (CheckOutcome::WrongAnswer(message), false),
            };
            let verdict =
                verdict::classify_interactive(limits, &facts, run.stderr_says, &said, first);
            let message = match said {
                CheckOutcome::WrongAnswer(message) if verdict == Verdict::WrongAnswer => {
                    Some(message)
                }
                _ => reason(verdict).or_else(|| facts.launch_error.clone()),
            };
            (verdict, message)
        }
    };
    Outcome {
        verdict,
        verdict_detail: verdict.describe(),
        cpu_ms: facts.cpu_time_us / 1000,
        wall_ms: facts.wall_time_us / 1000,
        wait_ms: facts.wait_time_us / 1000,
        peak_kib: verdict::peak_memory_bytes(&facts) / 1024,
        disturbed: facts.disturbed(),
        message,
        stderr_head: run.stderr_head,
        facts: Some(facts),
        detail: unit.detail,
    }
}

/// A checked or interactive unit's message: the run's reason when its facts decided the
/// verdict, followed by what the checker or interactor said, if anything (an interactor says
/// where the exchange stood when the program crashed); else the judge's words; else why the
/// run failed.
fn checked_message(
    reason: Option<String>,
    said: Option<CheckOutcome>,
    verdict: Verdict,
    facts: &RunFacts,
    judged_by: &str,
) -> Option<String> {
    let words = match &said {
        Some(CheckOutcome::WrongAnswer(m))
        | Some(CheckOutcome::PresentationError(m))
        | Some(CheckOutcome::JudgeError(m))
            if !m.trim().is_empty() =>
        {
            Some(m.clone())
        }
        _ => None,
    };
    if let Some(reason) = reason {
        return Some(match words {
            Some(words) => format!("{reason}; {judged_by} said: {words}"),
            None => reason,
        });
    }
    match (said, verdict) {
        (Some(CheckOutcome::WrongAnswer(m)), _)
        | (Some(CheckOutcome::PresentationError(m)), _)
        | (Some(CheckOutcome::JudgeError(m)), _) => Some(m),
        (_, Verdict::RuntimeError(_)) => facts.launch_error.clone(),
        // A judge error always says why, even when the sandbox gave no words for it.
        (_, Verdict::JudgeError) => Some(facts.launch_error.clone().unwrap_or_else(|| {
            format!(
                "the run ended as {:?} with no reason given by the sandbox",
                facts.termination
            )
        })),
        _ => None,
    }
}

/// How a run goes.
#[derive(Debug, Clone, Copy)]
pub struct Schedule {
    /// Worker threads.
    pub jobs: usize,
    /// Stop at the first unit (in plan order) that is not accepted; later units are left out
    /// even if they ran.
    pub stop_at_first_failure: bool,
    /// Keep every outcome; without it only the first failure is kept, with the figures of the
    /// rest in the tally, so memory does not grow with the number of units.
    pub keep_every_unit: bool,
    /// Once set, no unit starts and nothing more is told (a unit that ends then may have been
    /// cut short), and the run ends as interrupted: the grader's flag (`cleanup::stop_flag`,
    /// set by Ctrl-C and the like), or a test's own.
    pub stop: &'static AtomicBool,
}

impl Schedule {
    /// A schedule that the grader's interruption stops.
    pub fn new(jobs: usize, stop_at_first_failure: bool, keep_every_unit: bool) -> Schedule {
        Schedule {
            jobs,
            stop_at_first_failure,
            keep_every_unit,
            stop: judge_core::cleanup::stop_flag(),
        }
    }
}

/// How a job's root group decides the run's verdict from its units: the rule at the root of
/// its group tree.
#[derive(Clone, Copy)]
pub enum RootRule<'a> {
    /// Pass-fail: the tree is one group of every unit, the first failure in plan order
    /// deciding (problemtools' `first_error`).
    FirstFailure,
    /// A run of games: accepted when no game failed and the mean score reaches
    /// `accept_mean_score` (WA when it does not).
    MeanScore { accept_mean_score: f64 },
    /// A scored problem's tree of groups (score, `on_reject`, aggregation, custom graders),
    /// folded as problemtools does (`grade::scored::grade`); `grader` runs a custom grader.
    Groups {
        tree: &'a GroupTree,
        grader: &'a GraderRunner<'a>,
    },
}

/// Concludes a job: its units, in plan order, gathered (every one kept, or the first failure
/// with the figures of the rest) and folded by its root's `rule` into the root group's
/// result. A scored tree marks each group's slowest test against a time limit of `limit_ms`.
pub fn conclude(
    children: impl IntoIterator<Item = Outcome>,
    keep_every_unit: bool,
    rule: &RootRule,
    limit_ms: u64,
) -> GroupResult {
    let mut units = Gathered::default();
    for outcome in children {
        units.gather(outcome, keep_every_unit);
    }
    fold(units, rule, limit_ms)
}

/// A job's units gathered in plan order, before its root's rule decides anything.
#[derive(Default)]
struct Gathered {
    protections: Vec<String>,
    kept: Vec<Outcome>,
    tally: Tally,
}

impl Gathered {
    /// Counts a unit reported in plan order, and keeps it if it must: every unit, or the
    /// first failure.
    fn gather(&mut self, outcome: Outcome, keep_every_unit: bool) {
        if self.protections.is_empty() {
            self.protections = protections_of(std::iter::once(outcome.facts.as_ref()));
        }
        let first_failure = !outcome.verdict.is_accepted() && self.tally.passed == self.tally.run;
        self.tally.add(&outcome);
        if keep_every_unit || first_failure {
            self.kept.push(outcome);
        }
    }
}

/// The one place that decides a run's verdict: a job's units folded by its root's rule. The
/// first failure in plan order decides a pass-fail run; a run of games is that, or WA when
/// every game passed but the mean score is too low; a scored run gets its root group's
/// verdict as the test that got it has it (the first, in the run's order, whose verdict its
/// groups see as the root's: with its own particulars, a crash's signal, a Kattis package's
/// MLE that its groups see as RTE), or the root's as it is when no test had it (a custom
/// grader's answer, a judge error of the groups' rules).
fn fold(units: Gathered, rule: &RootRule, limit_ms: u64) -> GroupResult {
    let mut group = GroupResult::of_units(units.protections, units.kept, units.tally);
    let first_failure = group
        .kept
        .iter()
        .find(|o| !o.verdict.is_accepted())
        .map(|o| {
            (
                o.verdict,
                format!("{} failed: {}", o.name(), o.verdict_detail),
            )
        });
    group.verdict = first_failure
        .as_ref()
        .map_or(Verdict::Accepted, |(verdict, _)| *verdict);
    match rule {
        RootRule::FirstFailure => {}
        RootRule::MeanScore { accept_mean_score } => {
            let scores: Vec<u64> = group
                .kept
                .iter()
                .filter_map(Outcome::game)
                .map(|g| g.score)
                .collect();
            let mean = stats::score_stats(&scores, &[]).mean;
            group.reason = match first_failure {
                Some((_, failed)) => Some(failed),
                None if mean < *accept_mean_score => {
                    group.verdict = Verdict::WrongAnswer;
                    Some(format!("mean score {mean:.1} is below {accept_mean_score}"))
                }
                None => None,
            };
        }
        RootRule::Groups { tree, grader } => {
            scored::grade(tree, &mut group, limit_ms, grader);
            group.verdict = match group.groups_verdict {
                None => Verdict::JudgeError,
                Some(root) => group
                    .kept
                    .iter()
                    .find(|o| scored::test_run(tree, o).verdict == root)
                    .map_or(root, |first| first.verdict),
            };
        }
    }
    group
}

/// A run's units in plan order as one run keeps them: every one, or, when the run stops at
/// its first failure, those up to and including it (what [`run`] tells; a merged sharded run
/// is cut here, each shard having run its share up to a failure of its own).
pub fn cut<T>(
    mut units: Vec<T>,
    stop_at_first_failure: bool,
    failed: impl Fn(&T) -> bool,
) -> Vec<T> {
    if stop_at_first_failure {
        if let Some(first) = units.iter().position(failed) {
            units.truncate(first + 1);
        }
    }
    units
}

/// Runs `units` (indices into the plan: the whole plan, or a shard's share) of the one job
/// of `executor` (job 0: `judge test`'s submission, a stress input) on the schedule's
/// workers, and tells `tell` of each unit as it starts and, in plan order, as it is decided
/// (as soon as every unit before it is). A unit's outcome is held only until it is told.
/// Returns the job's result, or why it could not be prepared; a reporter that cannot write,
/// or an interruption (`schedule.stop`), ends the run with an error and nothing more is told.
///
/// The run of one job: the loop is [`run_jobs`]'s.
pub fn run<E: JobExecutor>(
    executor: &E,
    units: &[usize],
    schedule: Schedule,
    mut tell: impl FnMut(&Event) -> std::io::Result<()>,
) -> Result<Result<GroupResult, E::Unready>, GradeError> {
    let mut concluded = None;
    run_jobs(executor, units, vec![Decided::new()], schedule, |news| {
        match news {
            News::Started { job, unit } => {
                let name = executor.name(job, unit);
                tell(&Event::TestStarted { name: &name })
            }
            News::Decided { outcome, .. } => tell(&Event::unit_finished(outcome)),
            News::Done { result, .. } => {
                concluded = Some(result);
                Ok(())
            }
        }
        .map_err(GradeError::Report)
    })?;
    // A run that was not stopped ends its one job.
    concluded.ok_or(GradeError::Interrupted)
}

/// Runs the units of jobs: a job is a submission (`judge test`'s one, `judge grade`'s many),
/// each graded on the same plan of units. A job is prepared (compiled) before its units run,
/// on the same workers. Production has one: `grade::executor::UnitExecutor`; the tests below
/// script facts.
pub trait JobExecutor: Sync {
    type Worker;
    /// What a job that could not be prepared comes to (a compile error, say).
    type Unready: Send;

    /// A worker's state, made once per worker thread.
    fn worker(&self) -> Self::Worker;

    /// Prepares job `job`, or says why it cannot run.
    fn prepare(&self, job: usize) -> Result<(), Self::Unready>;

    /// The limits job `job`'s units are judged under.
    fn limits(&self, job: usize) -> Limits;

    /// The name reporters show while unit `unit` runs.
    fn name(&self, job: usize, unit: usize) -> String;

    /// Runs unit `unit` (an index into the plan) of job `job` to its facts; nothing is
    /// decided yet.
    fn execute(&self, worker: &mut Self::Worker, job: usize, unit: usize) -> UnitFacts;

    /// Whether unit `unit` of job `job` need not run, asked as a worker is about to run it:
    /// the result of every group holding it is decided without it (a scored problem's
    /// groups, see `grade::scored`). A skipped unit is neither told nor concluded. By default
    /// every unit runs.
    fn skip(&self, _job: usize, _unit: usize) -> bool {
        false
    }

    /// The rule of job `job`'s root group, which concludes it (see [`conclude`]). By default
    /// pass-fail.
    fn rule(&self, _job: usize) -> RootRule<'_> {
        RootRule::FirstFailure
    }

    /// Hears of a unit's outcome as soon as it is judged (before it is told in plan order),
    /// so that [`JobExecutor::skip`] can know it.
    fn judged(&self, _job: usize, _unit: usize, _outcome: &Outcome) {}
}

/// The units of a run of many jobs that an earlier run decided (see [`run_jobs`]).
pub type Decided = BTreeMap<usize, Outcome>;

/// What the loop tells its caller, on the calling thread.
// `Done` holds a job's whole result (its groups' too): it is made once per job and moved to
// the caller at once, so it is not boxed.
#[allow(clippy::large_enum_variant)]
pub enum News<'a, U> {
    /// A worker began unit `unit` of job `job`.
    Started { job: usize, unit: usize },
    /// A unit run now is decided; told in plan order within its job.
    Decided {
        job: usize,
        unit: usize,
        outcome: &'a Outcome,
    },
    /// Job `job` is over: its result, or why it was not ready. Comes after its units.
    Done {
        job: usize,
        result: Result<GroupResult, U>,
    },
}

/// A unit decided before it can be concluded (a unit before it is not yet).
enum Waiting {
    /// Decided by an earlier run: concluded, not told again.
    Stored(Outcome),
    /// Run now; `None` when it was skipped (see [`JobExecutor::skip`]).
    Ran(Option<Outcome>),
}

/// Results of a run's units as they come, given back in plan order: each as soon as every
/// unit before it is in, so that a result is held only until then. The engine's one in-order
/// cursor: a job's units as [`run_jobs`] concludes them, and the units of [`run_units`].
struct InOrder<T> {
    waiting: BTreeMap<usize, T>,
    /// The position in the run's units of the next one to give back.
    next: usize,
}

impl<T> InOrder<T> {
    /// A cursor at the run's first unit, holding results already in (an earlier run's).
    fn new(waiting: BTreeMap<usize, T>) -> InOrder<T> {
        InOrder { waiting, next: 0 }
    }

    fn insert(&mut self, unit: usize, result: T) {
        self.waiting.insert(unit, result);
    }

    /// The next unit of `units` (the run's, in plan order) and its result, if that result is
    /// in and the unit is not past `limit` (a job's first failure).
    fn next(&mut self, units: &[usize], limit: usize) -> Option<(usize, T)> {
        let &unit = units.get(self.next).filter(|unit| **unit <= limit)?;
        let result = self.waiting.remove(&unit)?;
        self.next += 1;
        Some((unit, result))
    }
}

/// A job's units as the loop concludes them, in plan order (see [`InOrder`]).
struct Concluding {
    units: InOrder<Waiting>,
    gathered: Gathered,
}

impl Concluding {
    /// Concludes the job's units (`units`, the run's) up to the first not yet decided, or up
    /// to its first failure `limit`, telling `tell` of those run now.
    fn advance(
        &mut self,
        units: &[usize],
        limit: usize,
        keep_every_unit: bool,
        mut tell: impl FnMut(usize, &Outcome) -> Result<(), GradeError>,
    ) -> Result<(), GradeError> {
        while let Some((unit, waiting)) = self.units.next(units, limit) {
            let outcome = match waiting {
                Waiting::Stored(outcome) => outcome,
                Waiting::Ran(None) => continue,
                Waiting::Ran(Some(mut outcome)) => {
                    let told = tell(unit, &outcome);
                    outcome.told();
                    told?;
                    outcome
                }
            };
            self.gathered.gather(outcome, keep_every_unit);
        }
        Ok(())
    }

    /// The job's result once it is over, folded by its root's `rule`; what is left waiting
    /// came after its first failure.
    fn take_result(&mut self, rule: &RootRule, limit_ms: u64) -> GroupResult {
        self.units.waiting.clear();
        fold(std::mem::take(&mut self.gathered), rule, limit_ms)
    }
}

/// The one loop: runs `units` (indices into the plan) of every job on the schedule's
/// workers, each job prepared first, judges each unit under its job's limits, and concludes
/// each job with [`conclude`] over its units in plan order, those of `decided[job]` (from an
/// earlier run: they do not run again) with those run now. A job stops at its first failure
/// in plan order when the schedule says so; its later units are left out even if they ran
/// (or were decided).
///
/// Workers take tasks by the scheduler's rule (`pool::Board`): units of the earliest prepared
/// job first, else the next job to prepare; stopping at the first failure, a job nobody else
/// runs a unit of first, since a unit run beside a failing one is thrown away.
///
/// `on_news` hears, on the calling thread, of each unit as it starts and, in plan order
/// within its job, as it is decided (as soon as every unit of the job before it is), and of
/// each job as it is over, with its result or why it was not ready. Its first error, or an
/// interruption (`schedule.stop`), ends the run with that error and nothing more is told.
pub fn run_jobs<E: JobExecutor>(
    executor: &E,
    units: &[usize],
    decided: Vec<Decided>,
    schedule: Schedule,
    mut on_news: impl FnMut(News<'_, E::Unready>) -> Result<(), GradeError>,
) -> Result<(), GradeError> {
    let (stops, keep) = (schedule.stop_at_first_failure, schedule.keep_every_unit);
    // Each job's first failure in plan order, of the units decided so far.
    let first_failure: Vec<AtomicUsize> = decided
        .iter()
        .map(|decided| AtomicUsize::new(first_failure_of(decided)))
        .collect();
    let limit = |job: usize| match stops {
        true => first_failure[job].load(Ordering::SeqCst),
        false => usize::MAX,
    };
    // What each job has left to run, in plan order.
    let pending: Vec<Vec<usize>> = decided
        .iter()
        .enumerate()
        .map(|(job, decided)| {
            units
                .iter()
                .copied()
                .filter(|unit| !decided.contains_key(unit) && *unit <= limit(job))
                .collect()
        })
        .collect();
    let mut jobs: Vec<Concluding> = decided
        .into_iter()
        .map(|decided| Concluding {
            units: InOrder::new(
                decided
                    .into_iter()
                    .map(|(unit, outcome)| (unit, Waiting::Stored(outcome)))
                    .collect(),
            ),
            gathered: Gathered::default(),
        })
        .collect();
    let work = JobsWork {
        executor,
        pending: &pending,
        first_failure: &first_failure,
        stops,
    };
    let counts: Vec<usize> = pending.iter().map(Vec::len).collect();
    let rule = pool::Rule {
        prepare: true,
        one_worker_per_job_first: stops,
    };
    drive(
        &counts,
        schedule.jobs,
        rule,
        schedule.stop,
        &work,
        |news| match news {
            JobNews::Started { job, unit } => on_news(News::Started {
                job,
                unit: pending[job][unit],
            }),
            JobNews::Finished { job, unit, result } => {
                let in_order = &mut jobs[job];
                in_order
                    .units
                    .insert(pending[job][unit], Waiting::Ran(result));
                in_order.advance(units, limit(job), keep, |unit, outcome| {
                    on_news(News::Decided { job, unit, outcome })
                })
            }
            JobNews::Done { job, prepared } => {
                let in_order = &mut jobs[job];
                let result = match prepared {
                    Ok(()) => in_order
                        .advance(units, limit(job), keep, |unit, outcome| {
                            on_news(News::Decided { job, unit, outcome })
                        })
                        .map(|()| {
                            let limit_ms = executor.limits(job).cpu_time.as_millis() as u64;
                            Ok(in_order.take_result(&executor.rule(job), limit_ms))
                        }),
                    Err(unready) => Ok(Err(unready)),
                };
                result.and_then(|result| on_news(News::Done { job, result }))
            }
        },
    )
}

/// Runs `work`'s jobs (`counts[job]` units each) on the scheduler (`pool::run_jobs`) with
/// `workers` workers, handing its news to `on_news` on the calling thread. Its first error, or
/// an interruption (`stop`), ends the run with that error and nothing more is told.
fn drive<W: pool::Work>(
    counts: &[usize],
    workers: usize,
    rule: pool::Rule,
    stop: &AtomicBool,
    work: &W,
    mut on_news: impl FnMut(JobNews<W::Output, W::Unready>) -> Result<(), GradeError>,
) -> Result<(), GradeError> {
    let mut error = None;
    pool::run_jobs(counts, workers, rule, stop, work, |news| {
        match on_news(news) {
            Ok(()) => true,
            Err(e) => {
                error = Some(e);
                false
            }
        }
    });
    match error {
        Some(error) => Err(error),
        None if stop.load(Ordering::SeqCst) => Err(GradeError::Interrupted),
        None => Ok(()),
    }
}

/// The first unit of `decided` that failed, or `usize::MAX`.
fn first_failure_of(decided: &Decided) -> usize {
    decided
        .iter()
        .find(|(_, outcome)| !outcome.verdict.is_accepted())
        .map_or(usize::MAX, |(unit, _)| *unit)
}

/// A run of many jobs as the scheduler sees it: its units are positions in each job's
/// pending units.
struct JobsWork<'a, E> {
    executor: &'a E,
    pending: &'a [Vec<usize>],
    first_failure: &'a [AtomicUsize],
    stops: bool,
}

impl<E: JobExecutor> pool::Work for JobsWork<'_, E> {
    type State = E::Worker;
    /// A unit's outcome, or `None` when it was skipped.
    type Output = Option<Outcome>;
    type Unready = E::Unready;

    fn state(&self) -> E::Worker {
        self.executor.worker()
    }

    fn prepare(&self, job: usize) -> Result<(), E::Unready> {
        self.executor.prepare(job)
    }

    fn start(&self, job: usize, position: usize) -> bool {
        !self.stops || self.pending[job][position] <= self.first_failure[job].load(Ordering::SeqCst)
    }

    fn run(&self, worker: &mut E::Worker, job: usize, position: usize) -> Option<Outcome> {
        let unit = self.pending[job][position];
        if self.executor.skip(job, unit) {
            return None;
        }
        let facts = self.executor.execute(worker, job, unit);
        let outcome = judge(&self.executor.limits(job), facts);
        self.executor.judged(job, unit, &outcome);
        if !outcome.verdict.is_accepted() {
            self.first_failure[job].fetch_min(unit, Ordering::SeqCst);
        }
        Some(outcome)
    }
}

/// An executor of units that are not judged: each comes to a result of its own (an input
/// checked by a validator, see `grade::validation`), which [`run_units`] tells in plan order.
pub trait UnjudgedExecutor: Sync {
    type Worker;
    /// What a unit comes to.
    type Output: Send;

    /// A worker's state, made once per worker thread.
    fn worker(&self) -> Self::Worker;

    /// Runs unit `unit` (an index into the plan) to its result.
    fn execute(&self, worker: &mut Self::Worker, unit: usize) -> Self::Output;
}

/// What [`run_units`] tells its caller, on the calling thread.
pub enum UnitNews<T> {
    /// A worker began unit `unit`.
    Started { unit: usize },
    /// Unit `unit` came to `result`; told in plan order.
    Done { unit: usize, result: T },
}

/// Runs `units` (indices into the plan) of `executor` on `workers` workers as one job of the
/// one loop's scheduler, every unit running (nothing is judged, nothing fails), and tells
/// `on_news` of each unit as it starts and, in plan order, as it is done (as soon as every
/// unit before it is; a result is held only until then). Its first error, or an interruption
/// (`stop`), ends the run with that error and nothing more is told.
pub fn run_units<E: UnjudgedExecutor>(
    executor: &E,
    units: &[usize],
    workers: usize,
    stop: &AtomicBool,
    mut on_news: impl FnMut(UnitNews<E::Output>) -> Result<(), GradeError>,
) -> Result<(), GradeError> {
    let rule = pool::Rule {
        prepare: false,
        one_worker_per_job_first: false,
    };
    let work = UnitsWork { executor, units };
    let mut in_order = InOrder::new(BTreeMap::new());
    drive(
        &[units.len()],
        workers,
        rule,
        stop,
        &work,
        |news| match news {
            JobNews::Started { unit, .. } => on_news(UnitNews::Started { unit: units[unit] }),
            JobNews::Finished { unit, result, .. } => {
                in_order.insert(units[unit], result);
                while let Some((unit, result)) = in_order.next(units, usize::MAX) {
                    on_news(UnitNews::Done { unit, result })?;
                }
                Ok(())
            }
            JobNews::Done { .. } => Ok(()),
        },
    )
}

/// The units of [`run_units`] as the scheduler sees them: one job, its units positions in
/// the run's units.
struct UnitsWork<'a, E> {
    executor: &'a E,
    units: &'a [usize],
}

impl<E: UnjudgedExecutor> pool::Work for UnitsWork<'_, E> {
    type State = E::Worker;
    type Output = E::Output;
    type Unready = std::convert::Infallible;

    fn state(&self) -> E::Worker {
        self.executor.worker()
    }

    fn prepare(&self, _: usize) -> Result<(), Self::Unready> {
        Ok(())
    }

    fn start(&self, _: usize, _: usize) -> bool {
        true
    }

    fn run(&self, worker: &mut E::Worker, _: usize, position: usize) -> E::Output {
        self.executor.execute(worker, self.units[position])
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::sync::Mutex;

    use super::*;
    use crate::grade::outcome::{GameDetail, TestDetail};
    use crate::interact::Ending;
    use judge_core::limits::MIB;
    use judge_core::verdict::fixtures::{self, limits};
    use judge_core::verdict::Crash;
    use judge_sandbox::{StopReason, Termination};

    /// A unit test's executor of one job: what [`JobExecutor`] asks of a job, without the job.
    trait Executor: Sync {
        type Worker;
        fn worker(&self) -> Self::Worker;
        fn name(&self, unit: usize) -> String;
        fn execute(&self, worker: &mut Self::Worker, unit: usize) -> UnitFacts;
        fn rule(&self) -> RootRule<'_> {
            RootRule::FirstFailure
        }
    }

    /// An [`Executor`] as the one job of a run, its units judged under `limits`.
    struct OneJob<'a, E> {
        executor: &'a E,
        limits: Limits,
    }

    impl<E: Executor> JobExecutor for OneJob<'_, E> {
        type Worker = E::Worker;
        type Unready = std::convert::Infallible;

        fn worker(&self) -> E::Worker {
            self.executor.worker()
        }

        fn prepare(&self, _: usize) -> Result<(), Self::Unready> {
            Ok(())
        }

        fn limits(&self, _: usize) -> Limits {
            self.limits
        }

        fn name(&self, _: usize, unit: usize) -> String {
            self.executor.name(unit)
        }

        fn execute(&self, worker: &mut E::Worker, _: usize, unit: usize) -> UnitFacts {
            self.executor.execute(worker, unit)
        }

        fn rule(&self, _: usize) -> RootRule<'_> {
            self.executor.rule()
        }
    }

    /// [`super::run`] of a one-job executor.
    fn run<E: Executor>(
        executor: &E,
        units: &[usize],
        limits: &Limits,
        schedule: Schedule,
        tell: impl FnMut(&Event) -> std::io::Result<()>,
    ) -> Result<GroupResult, GradeError> {
        let one_job = OneJob {
            executor,
            limits: *limits,
        };
        super::run(&one_job, units, schedule, tell).map(|result| match result {
            Ok(result) => result,
            Err(never) => match never {},
        })
    }

    /// [`run_jobs`] with its news split: each unit decided, each job over.
    fn run_jobs_split<E: JobExecutor>(
        executor: &E,
        units: &[usize],
        decided: Vec<Decided>,
        schedule: Schedule,
        mut unit_done: impl FnMut(usize, usize, &Outcome) -> Result<(), GradeError>,
        mut job_done: impl FnMut(usize, Result<GroupResult, E::Unready>) -> Result<(), GradeError>,
    ) -> Result<(), GradeError> {
        run_jobs(executor, units, decided, schedule, |news| match news {
            News::Started { .. } => Ok(()),
            News::Decided { job, unit, outcome } => unit_done(job, unit, outcome),
            News::Done { job, result } => job_done(job, result),
        })
    }

    /// A clean exit, its peak read from the process (no cgroup), its protections scripted.
    fn clean_exit() -> RunFacts {
        RunFacts {
            cgroup_peak_kib: None,
            protections: vec!["scripted".into()],
            ..fixtures::clean_exit()
        }
    }

    fn test_detail(unit: usize) -> Detail {
        Detail::Test(TestDetail {
            name: format!("test-{unit}"),
            ..TestDetail::default()
        })
    }

    fn checked(facts: RunFacts, said: Option<CheckOutcome>) -> UnitRun {
        UnitRun {
            facts,
            stderr_says: StderrSays::Nothing,
            stderr_head: String::new(),
            judgement: Judgement::Checked(said),
        }
    }

    /// Scripted facts: unit `i` runs as `script[i]` says, a unit with none is accepted. It
    /// records which units ran. Its units are tests, or games (scored by their number).
    struct Scripted {
        script: BTreeMap<usize, UnitRun>,
        ran: Mutex<Vec<usize>>,
        games: bool,
    }

    impl Scripted {
        fn new(script: impl IntoIterator<Item = (usize, UnitRun)>) -> Scripted {
            Scripted {
                script: script.into_iter().collect(),
                ran: Mutex::new(Vec::new()),
                games: false,
            }
        }

        /// Games, the `failing` ones refused by the referee.
        fn failing_games(failing: &[usize]) -> Scripted {
            let refused = |unit: usize| {
                let ending = Ending::Violation(format!("game {unit}: not a move"));
                (
                    unit,
                    UnitRun {
                        judgement: Judgement::Referee(ending),
                        ..checked(clean_exit(), None)
                    },
                )
            };
            Scripted {
                games: true,
                ..Scripted::new(failing.iter().map(|&unit| refused(unit)))
            }
        }

        fn failing(units: &[usize]) -> Scripted {
            Scripted::new(units.iter().map(|&unit| {
                let wrong = CheckOutcome::WrongAnswer(format!("unit {unit} is wrong"));
                (unit, checked(clean_exit(), Some(wrong)))
            }))
        }
    }

    impl Executor for Scripted {
        type Worker = ();

        fn worker(&self) {}

        fn name(&self, unit: usize) -> String {
            format!("test-{unit}")
        }

        fn execute(&self, _: &mut (), unit: usize) -> UnitFacts {
            self.ran.lock().unwrap().push(unit);
            let accepted = || match self.games {
                false => checked(clean_exit(), Some(CheckOutcome::Accepted)),
                true => UnitRun {
                    judgement: Judgement::Referee(Ending::Over("-1".into())),
                    ..checked(clean_exit(), None)
                },
            };
            let run = self.script.get(&unit).cloned().unwrap_or_else(accepted);
            let detail = match self.games {
                false => test_detail(unit),
                true => Detail::Game(GameDetail {
                    seed: 7,
                    game: unit as u64,
                    score: (unit as u64 * 37) % 101,
                    ..GameDetail::default()
                }),
            };
            UnitFacts {
                run: Ok(run),
                detail,
            }
        }

        fn rule(&self) -> RootRule<'_> {
            match self.games {
                true => RootRule::MeanScore {
                    accept_mean_score: 0.0,
                },
                false => RootRule::FirstFailure,
            }
        }
    }

    fn schedule(jobs: usize, stop_at_first_failure: bool) -> Schedule {
        Schedule::new(jobs, stop_at_first_failure, true)
    }

    /// Runs `units` and returns the result with the names told as decided, in order.
    fn run_told(
        executor: &impl Executor,
        units: &[usize],
        schedule: Schedule,
    ) -> (GroupResult, Vec<String>) {
        let mut told = Vec::new();
        let result = run(executor, units, &limits(), schedule, |event| {
            if let Event::TestFinished(outcome) = event {
                told.push(outcome.name());
            }
            Ok(())
        })
        .unwrap();
        (result, told)
    }

    fn names(outcomes: &[Outcome]) -> Vec<String> {
        outcomes.iter().map(Outcome::name).collect()
    }

    #[test]
    fn verdicts_follow_the_precedence_of_the_facts_over_the_checker() {
        let wrong = || Some(CheckOutcome::WrongAnswer("token 1".into()));
        let verdict = |facts: RunFacts, said| {
            judge(
                &limits(),
                UnitFacts {
                    run: Ok(checked(facts, said)),
                    detail: test_detail(0),
                },
            )
            .verdict
        };
        let huge_output = RunFacts {
            stdout_bytes: 2 * MIB,
            termination: Termination::Signaled(libc::SIGSEGV),
            ..clean_exit()
        };
        assert_eq!(verdict(huge_output, wrong()), Verdict::OutputLimitExceeded);
        let slow = RunFacts {
            stopped_by: Some(StopReason::WallTime),
            termination: Termination::Signaled(libc::SIGKILL),
            ..clean_exit()
        };
        assert_eq!(verdict(slow, None), Verdict::TimeLimitExceeded);
        let crashed = RunFacts {
            termination: Termination::Signaled(libc::SIGSEGV),
            ..clean_exit()
        };
        assert_eq!(
            verdict(crashed, None),
            Verdict::RuntimeError(Crash::Signal(libc::SIGSEGV))
        );
        assert_eq!(verdict(clean_exit(), wrong()), Verdict::WrongAnswer);
        // An interactor that found a wrong reply first decides over the program's crash.
        let refused = judge(
            &limits(),
            UnitFacts {
                run: Ok(UnitRun {
                    judgement: Judgement::Interactor {
                        said: CheckOutcome::WrongAnswer("guess 7 after 3 queries".into()),
                        first: true,
                    },
                    ..checked(
                        RunFacts {
                            termination: Termination::Signaled(libc::SIGSEGV),
                            ..clean_exit()
                        },
                        None,
                    )
                }),
                detail: test_detail(0),
            },
        );
        assert_eq!(refused.verdict, Verdict::WrongAnswer);
        assert_eq!(refused.message.as_deref(), Some("guess 7 after 3 queries"));
        // A unit that could not run is a judge error that says why.
        let lost = judge(
            &limits(),
            UnitFacts {
                run: Err("cannot read the test".into()),
                detail: test_detail(0),
            },
        );
        assert_eq!(lost.verdict, Verdict::JudgeError);
        assert_eq!(lost.message.as_deref(), Some("cannot read the test"));
    }

    #[test]
    fn a_run_stops_at_its_first_failure_in_plan_order() {
        let units: Vec<usize> = (0..20).collect();
        for jobs in [1, 4] {
            let executor = Scripted::failing(&[6, 13]);
            let (result, told) = run_told(&executor, &units, schedule(jobs, true));
            let expected: Vec<String> = (0..=6).map(|i| format!("test-{i}")).collect();
            assert_eq!(told, expected, "{jobs} jobs");
            assert_eq!(names(&result.kept), expected);
            assert_eq!(result.verdict, Verdict::WrongAnswer);
            assert_eq!((result.tally.run, result.tally.passed), (7, 6));
            // One worker starts nothing past the failure; more may have started a few.
            let ran = executor.ran.lock().unwrap().len();
            assert!(
                ran >= 7 && (jobs > 1 || ran == 7),
                "{ran} ran on {jobs} jobs"
            );
        }
    }

    #[test]
    fn with_all_every_unit_runs_and_the_first_failure_decides() {
        let units: Vec<usize> = (0..20).collect();
        let executor = Scripted::failing(&[13, 6]);
        let (result, told) = run_told(&executor, &units, schedule(3, false));
        assert_eq!(told.len(), 20);
        assert_eq!(told, names(&result.kept));
        assert_eq!(result.verdict, Verdict::WrongAnswer);
        assert_eq!(
            result.kept.iter().position(|o| !o.verdict.is_accepted()),
            Some(6)
        );
        assert_eq!(result.protections, ["scripted"]);
        let mut ran = executor.ran.lock().unwrap().clone();
        ran.sort_unstable();
        assert_eq!(ran, units);
    }

    #[test]
    fn without_keeping_every_unit_the_first_failure_and_the_figures_remain() {
        let units: Vec<usize> = (0..50).collect();
        let executor = Scripted::failing(&[30, 40]);
        let schedule = Schedule {
            keep_every_unit: false,
            ..schedule(2, false)
        };
        let (result, told) = run_told(&executor, &units, schedule);
        assert_eq!(told.len(), 50);
        assert_eq!(names(&result.kept), ["test-30"]);
        assert_eq!((result.tally.run, result.tally.passed), (50, 48));
    }

    #[test]
    fn shards_together_make_the_unsharded_run_of_tests_and_of_games() {
        let units: Vec<usize> = (0..23).collect();
        let failing = [9, 17];
        let scripted = |games: bool| match games {
            false => Scripted::failing(&failing),
            true => Scripted::failing_games(&failing),
        };
        for (games, stop) in [(false, false), (false, true), (true, false), (true, true)] {
            let (whole, _) = run_told(&scripted(games), &units, schedule(2, stop));
            // Three shards, unit k in shard k mod 3, merged back in plan order and cut at the
            // first failure as one run stops (as `merge` does).
            let mut merged: Vec<(usize, Outcome)> = Vec::new();
            for shard in 0..3 {
                let share: Vec<usize> = units.iter().copied().filter(|u| u % 3 == shard).collect();
                let (part, _) = run_told(&scripted(games), &share, schedule(2, stop));
                merged.extend(share.into_iter().zip(part.kept));
            }
            merged.sort_by_key(|(unit, _)| *unit);
            let outcomes: Vec<Outcome> = merged.into_iter().map(|(_, o)| o).collect();
            let outcomes = cut(outcomes, stop, |o| !o.verdict.is_accepted());
            let merged = conclude(outcomes, true, &scripted(games).rule(), 0);
            let case = format!("games: {games}, stop: {stop}");
            let expected_units = if stop { 10 } else { 23 };
            assert_eq!(whole.kept.len(), expected_units, "{case}");
            assert_eq!(names(&merged.kept), names(&whole.kept), "{case}");
            assert_eq!(merged.verdict, whole.verdict, "{case}");
            assert_eq!(merged.tally, whole.tally, "{case}");
            // A summary made from either says the same: verdict, reason, score statistics.
            let summary = |group: GroupResult| {
                let mut summary = match games {
                    false => crate::grade::fixtures::batch_summary(),
                    true => crate::grade::fixtures::games_summary(),
                };
                summary.conclude(group);
                summary
            };
            let (whole, merged) = (summary(whole), summary(merged));
            assert_eq!(merged.verdict, Verdict::WrongAnswer, "{case}");
            assert_eq!(merged.verdict, whole.verdict, "{case}");
            assert_eq!(merged.reason(), whole.reason(), "{case}");
            assert_eq!(merged.score_stats(), whole.score_stats(), "{case}");
            assert_eq!(merged.units_run(), whole.units_run(), "{case}");
            if games {
                assert_eq!(merged.reason(), Some("game 9 failed: WA"), "{case}");
                assert!(merged.stats().is_some_and(|s| s.mean > 0.0), "{case}");
            }
        }
    }

    #[test]
    fn a_reporter_that_cannot_write_ends_the_run_and_hears_nothing_more() {
        let units: Vec<usize> = (0..30).collect();
        let executor = Scripted::new([]);
        let mut finished = 0;
        let ended = run(&executor, &units, &limits(), schedule(1, false), |event| {
            if matches!(event, Event::TestFinished(_)) {
                finished += 1;
                if finished == 4 {
                    return Err(std::io::Error::other("the pipe closed"));
                }
            }
            Ok(())
        });
        assert!(matches!(ended, Err(GradeError::Report(_))));
        // Units that ran on after the error are not told.
        assert_eq!(finished, 4);
    }

    /// Accepts every unit; at unit `at` it waits until every unit before it was told, then
    /// sets `stop` (an interruption while `at` runs: its run is cut short). Units after `at`
    /// that other workers run wait for the interruption.
    struct Interrupting {
        at: usize,
        stop: &'static AtomicBool,
        told: AtomicUsize,
        ran: Mutex<Vec<usize>>,
    }

    impl Executor for Interrupting {
        type Worker = ();

        fn worker(&self) {}

        fn name(&self, unit: usize) -> String {
            format!("test-{unit}")
        }

        fn execute(&self, _: &mut (), unit: usize) -> UnitFacts {
            self.ran.lock().unwrap().push(unit);
            let waited = std::time::Instant::now();
            let wait_until = |ready: &dyn Fn() -> bool| {
                while !ready() {
                    assert!(
                        waited.elapsed().as_secs() < 10,
                        "unit {unit} waited too long"
                    );
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
            };
            if unit == self.at {
                wait_until(&|| self.told.load(Ordering::SeqCst) == self.at);
                self.stop.store(true, Ordering::SeqCst);
            } else if unit > self.at {
                wait_until(&|| self.stop.load(Ordering::SeqCst));
            }
            UnitFacts {
                run: Ok(checked(clean_exit(), Some(CheckOutcome::Accepted))),
                detail: test_detail(unit),
            }
        }
    }

    #[test]
    fn an_interrupted_run_ends_as_interrupted_with_what_was_told_before() {
        static STOPS: [AtomicBool; 3] = [
            AtomicBool::new(false),
            AtomicBool::new(false),
            AtomicBool::new(false),
        ];
        let units: Vec<usize> = (0..40).collect();
        for (jobs, stop) in [1, 3].into_iter().zip(&STOPS) {
            let executor = Interrupting {
                at: 9,
                stop,
                told: AtomicUsize::new(0),
                ran: Mutex::new(Vec::new()),
            };
            let schedule = Schedule {
                stop,
                ..schedule(jobs, false)
            };
            let mut told = Vec::new();
            let ended = run(&executor, &units, &limits(), schedule, |event| {
                if let Event::TestFinished(outcome) = event {
                    told.push(outcome.name());
                    executor.told.fetch_add(1, Ordering::SeqCst);
                }
                Ok(())
            });
            // The exit an interruption has (130, `cli::exit::INTERRUPTED`), not a verdict.
            assert!(matches!(ended, Err(GradeError::Interrupted)), "{jobs} jobs");
            // Every unit that finished before it was told; the one cut short and any after
            // it are not.
            let before: Vec<String> = (0..9).map(|i| format!("test-{i}")).collect();
            assert_eq!(told, before, "{jobs} jobs");
            // No unit starts once it is set: only those other workers already ran.
            let ran = executor.ran.lock().unwrap().len();
            assert!(ran >= 10 && ran < 10 + jobs, "{ran} ran on {jobs} jobs");
        }
        // A run stopped before it starts runs nothing.
        let executor = Scripted::new([]);
        let schedule = Schedule {
            stop: &STOPS[2],
            ..schedule(2, false)
        };
        STOPS[2].store(true, Ordering::SeqCst);
        let ended = run(&executor, &units, &limits(), schedule, |_| Ok(()));
        assert!(matches!(ended, Err(GradeError::Interrupted)));
        assert!(executor.ran.lock().unwrap().is_empty());
    }

    /// Scripted facts whose first unit is slow, so that the units after it are decided
    /// first; run as one job, or as the one job of a run of many.
    struct SlowFirst(Scripted);

    impl SlowFirst {
        fn execute(&self, unit: usize) -> UnitFacts {
            if unit == 0 {
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            self.0.execute(&mut (), unit)
        }
    }

    impl Executor for SlowFirst {
        type Worker = ();

        fn worker(&self) {}

        fn name(&self, unit: usize) -> String {
            self.0.name(unit)
        }

        fn execute(&self, _: &mut (), unit: usize) -> UnitFacts {
            SlowFirst::execute(self, unit)
        }
    }

    impl JobExecutor for SlowFirst {
        type Worker = ();
        type Unready = std::convert::Infallible;

        fn worker(&self) {}

        fn prepare(&self, _: usize) -> Result<(), Self::Unready> {
            Ok(())
        }

        fn limits(&self, _: usize) -> Limits {
            limits()
        }

        fn name(&self, _: usize, unit: usize) -> String {
            self.0.name(unit)
        }

        fn execute(&self, _: &mut (), _: usize, unit: usize) -> UnitFacts {
            SlowFirst::execute(self, unit)
        }
    }

    #[test]
    fn a_run_is_the_run_of_one_job_told_in_plan_order() {
        let units: Vec<usize> = (0..12).collect();
        for (jobs, stop) in [(1, false), (3, false), (3, true)] {
            let case = format!("{jobs} workers, stop: {stop}");
            let (alone, told_alone) = run_told(
                &SlowFirst(Scripted::failing(&[5, 9])),
                &units,
                schedule(jobs, stop),
            );
            let one_of_many = SlowFirst(Scripted::failing(&[5, 9]));
            let mut told = Vec::new();
            let mut result = None;
            run_jobs_split(
                &one_of_many,
                &units,
                vec![Decided::new()],
                schedule(jobs, stop),
                |job, unit, outcome| {
                    assert_eq!((job, outcome.name()), (0, format!("test-{unit}")));
                    told.push(outcome.name());
                    Ok(())
                },
                |_, done| {
                    assert!(result.replace(done).is_none(), "the job ends once");
                    Ok(())
                },
            )
            .unwrap();
            let Some(Ok(result)) = result else {
                unreachable!("the job ends")
            };
            let last = if stop { 5 } else { 11 };
            let in_plan_order: Vec<String> = (0..=last).map(|u| format!("test-{u}")).collect();
            assert_eq!(told_alone, in_plan_order, "{case}");
            assert_eq!(told, told_alone, "{case}");
            assert_eq!(names(&result.kept), names(&alone.kept), "{case}");
            assert_eq!(result.verdict, alone.verdict, "{case}");
            assert_eq!(result.tally, alone.tally, "{case}");
            assert_eq!(result.protections, alone.protections, "{case}");
        }
    }

    /// A scored run's units, concluded by its root's rule: the tree of groups.
    mod scored_runs {
        use super::*;
        use judge_core::scoring::{self, aggregate, Group};

        use crate::grade::fixtures::test_outcome as outcome;

        /// Every test of `tree` in its order, accepted.
        fn run(tree: &GroupTree) -> Vec<Outcome> {
            let tests = tree.root.tests();
            tests
                .iter()
                .map(|test| outcome(&test.path, Verdict::Accepted))
                .collect()
        }

        /// `outcomes` with the test `name`'s verdict `verdict`.
        fn with(mut outcomes: Vec<Outcome>, name: &str, verdict: Verdict) -> Vec<Outcome> {
            let test = outcomes.iter_mut().find(|o| o.name() == name).unwrap();
            *test = outcome(name, verdict);
            outcomes
        }

        /// The run of `outcomes` concluded by `tree`'s groups.
        fn folded(tree: &GroupTree, outcomes: &[Outcome], grader: &GraderRunner) -> GroupResult {
            let rule = RootRule::Groups { tree, grader };
            conclude(outcomes.to_vec(), true, &rule, 1000)
        }

        const NO_GRADER: &GraderRunner = &|_, _, _| unreachable!("no custom grader");

        #[test]
        fn the_run_gets_the_verdict_of_the_test_that_decided_its_root() {
            let tree = crate::grade::fixtures::group_tree();
            let segfault = Verdict::RuntimeError(Crash::Signal(libc::SIGSEGV));
            let outcomes = with(run(&tree), "secret/group2/2", segfault);
            let groups = folded(&tree, &outcomes, NO_GRADER);
            // The groups have problemtools' RTE, which names no crash; the run has the test's.
            let rte = Verdict::RuntimeError(Crash::Unknown);
            assert_eq!(groups.groups_verdict, Some(rte));
            assert_eq!(groups.verdict, segfault);
            // Worst error: the crash outranks a wrong answer before it.
            let outcomes = with(outcomes, "secret/group1/1", Verdict::WrongAnswer);
            let groups = folded(&tree, &outcomes, NO_GRADER);
            assert_eq!(groups.groups_verdict, Some(rte));
            assert_eq!(groups.verdict, segfault);
            // A presentation error is a wrong answer to the groups, and the run's own.
            let outcomes = with(
                run(&tree),
                "secret/group3/small/1",
                Verdict::PresentationError,
            );
            let groups = folded(&tree, &outcomes, NO_GRADER);
            assert_eq!(groups.groups_verdict, Some(Verdict::WrongAnswer));
            assert_eq!(groups.verdict, Verdict::PresentationError);
            // Every unit is kept, with the figures of all.
            assert_eq!(groups.kept.len(), outcomes.len());
            assert_eq!(groups.tally.run, outcomes.len());
        }

        #[test]
        fn a_packages_mle_is_rte_to_its_groups_and_mle_to_its_run() {
            let tree = crate::grade::fixtures::group_tree();
            let outcomes = with(run(&tree), "secret/group2/2", Verdict::MemoryLimitExceeded);
            let groups = folded(&tree, &outcomes, NO_GRADER);
            let rte = Verdict::RuntimeError(Crash::Unknown);
            assert_eq!(groups.groups_verdict, Some(rte));
            let group2 = groups.rows().iter().find(|g| g.path == "secret/group2");
            assert_eq!(group2.unwrap().verdict, rte);
            // The groups' JSON names problemtools' verdicts as it always has.
            let json = serde_json::to_value(&groups).unwrap();
            assert_eq!(json["verdict"], "RunTimeError");
            assert!(json["groups"]
                .as_array()
                .unwrap()
                .iter()
                .any(|g| g["path"] == "secret/group2" && g["verdict"] == "RunTimeError"));
            let back: GroupResult = serde_json::from_value(json.clone()).unwrap();
            assert_eq!(serde_json::to_value(&back).unwrap(), json);
            assert_eq!(back.groups_verdict, Some(rte));
            // The run keeps judge's own verdict (`grade::verify` compares it as RTE).
            assert_eq!(groups.verdict, Verdict::MemoryLimitExceeded);
            // A folder problem's groups have MLE.
            let mut folder = tree.clone();
            folder.format = scoring::Format::Folder;
            let groups = folded(&folder, &outcomes, NO_GRADER);
            assert_eq!(groups.groups_verdict, Some(Verdict::MemoryLimitExceeded));
        }

        #[test]
        fn a_root_verdict_no_test_had_is_the_runs_as_it_is() {
            // A custom grader at the root answers what no test got: no crash is made up.
            let mut tree = crate::grade::fixtures::group_tree();
            tree.root.settings.rule = scoring::Rule::Custom { flags: Vec::new() };
            let outcomes = run(&tree);
            let answer = |text: &'static str| {
                move |_: &Group, _: &str, _: &[String]| aggregate::parse_grader_output(text, true)
            };
            let groups = folded(&tree, &outcomes, &answer("RTE 0"));
            let rte = Verdict::RuntimeError(Crash::Unknown);
            assert_eq!(groups.groups_verdict, Some(rte));
            assert_eq!(groups.verdict, rte);
            assert_eq!(rte.describe(), "RE");
            // problemtools' IF from a custom grader is the judge error problemtools makes of it.
            let groups = folded(&tree, &outcomes, &answer("IF 0"));
            assert_eq!(
                (groups.groups_verdict, groups.score),
                (Some(Verdict::JudgeError), None)
            );
            assert_eq!(groups.verdict, Verdict::JudgeError);
        }

        #[test]
        fn a_run_missing_a_test_its_groups_need_is_a_judge_error_that_says_why() {
            let tree = crate::grade::fixtures::group_tree();
            let mut outcomes = run(&tree);
            outcomes.retain(|o| o.name() != "secret/group2/3");
            let groups = folded(&tree, &outcomes, NO_GRADER);
            assert_eq!(groups.verdict, Verdict::JudgeError);
            assert_eq!(
                groups.judge_error.as_deref(),
                Some("no result for test case secret/group2/3")
            );
        }
    }

    #[test]
    fn a_run_of_games_is_wa_when_its_mean_score_is_too_low() {
        let game = |unit: u64, score: u64, verdict: Verdict| Outcome {
            verdict,
            verdict_detail: verdict.describe(),
            ..Outcome::undecided(Detail::Game(GameDetail {
                game: unit,
                score,
                ..GameDetail::default()
            }))
        };
        let games = || (0..4).map(|u| game(u, 100 * (u + 1), Verdict::Accepted));
        let mean = |accept_mean_score: f64| RootRule::MeanScore { accept_mean_score };
        let high = conclude(games(), true, &mean(250.0), 0);
        assert_eq!((high.verdict, high.reason), (Verdict::Accepted, None));
        let low = conclude(games(), true, &mean(251.0), 0);
        assert_eq!(low.verdict, Verdict::WrongAnswer);
        assert_eq!(low.reason.as_deref(), Some("mean score 250.0 is below 251"));
        // A failed game decides, whatever the mean.
        let failed = games().chain([game(4, 9000, Verdict::TimeLimitExceeded)]);
        let failed = conclude(failed, true, &mean(0.0), 0);
        assert_eq!(failed.verdict, Verdict::TimeLimitExceeded);
        assert_eq!(failed.reason.as_deref(), Some("game 4 failed: TLE"));
    }

    #[test]
    fn a_group_concludes_pass_fail_on_its_first_failure() {
        let outcome = |unit: usize, verdict: Verdict| Outcome {
            verdict,
            verdict_detail: verdict.describe(),
            ..Outcome::undecided(test_detail(unit))
        };
        let pass_fail = |children: Vec<Outcome>, keep: bool| {
            conclude(children, keep, &RootRule::FirstFailure, 1000)
        };
        let all_passed = pass_fail(
            (0..3).map(|u| outcome(u, Verdict::Accepted)).collect(),
            true,
        );
        assert_eq!(all_passed.verdict, Verdict::Accepted);
        let children = [
            outcome(0, Verdict::Accepted),
            outcome(1, Verdict::TimeLimitExceeded),
            outcome(2, Verdict::WrongAnswer),
        ];
        let failed = pass_fail(children.to_vec(), false);
        assert_eq!(failed.verdict, Verdict::TimeLimitExceeded);
        assert_eq!(names(&failed.kept), ["test-1"]);
        assert_eq!(failed.tally.run, 3);
        assert_eq!(pass_fail(Vec::new(), true).verdict, Verdict::Accepted);
    }

    /// Jobs of scripted units: unit `u` of job `j` fails when `failing` holds `(j, u)`, and
    /// the jobs of `unready` cannot be prepared. It records which units ran.
    struct ScriptedJobs {
        failing: Vec<(usize, usize)>,
        unready: Vec<usize>,
        ran: Mutex<Vec<(usize, usize)>>,
    }

    impl ScriptedJobs {
        fn new(failing: &[(usize, usize)], unready: &[usize]) -> ScriptedJobs {
            ScriptedJobs {
                failing: failing.to_vec(),
                unready: unready.to_vec(),
                ran: Mutex::new(Vec::new()),
            }
        }

        fn ran(&self) -> Vec<(usize, usize)> {
            let mut ran = self.ran.lock().unwrap().clone();
            ran.sort_unstable();
            ran
        }
    }

    impl JobExecutor for ScriptedJobs {
        type Worker = ();
        type Unready = String;

        fn worker(&self) {}

        fn prepare(&self, job: usize) -> Result<(), String> {
            match self.unready.contains(&job) {
                true => Err(format!("job {job} does not compile")),
                false => Ok(()),
            }
        }

        fn limits(&self, _: usize) -> Limits {
            limits()
        }

        fn name(&self, job: usize, unit: usize) -> String {
            format!("{job}/{unit}")
        }

        fn execute(&self, _: &mut (), job: usize, unit: usize) -> UnitFacts {
            self.ran.lock().unwrap().push((job, unit));
            let said = match self.failing.contains(&(job, unit)) {
                true => CheckOutcome::WrongAnswer(format!("unit {unit} of job {job}")),
                false => CheckOutcome::Accepted,
            };
            UnitFacts {
                run: Ok(checked(clean_exit(), Some(said))),
                detail: Detail::Test(TestDetail {
                    name: format!("{job}/{unit}"),
                    ..TestDetail::default()
                }),
            }
        }
    }

    /// Each job's result (or why it was not ready) and every unit told as decided.
    type JobsRun = (Vec<Result<GroupResult, String>>, Vec<(usize, Outcome)>);

    fn run_jobs_told(
        executor: &ScriptedJobs,
        units: usize,
        decided: Vec<Decided>,
        schedule: Schedule,
    ) -> JobsRun {
        let units: Vec<usize> = (0..units).collect();
        let results: RefCell<Vec<Option<Result<GroupResult, String>>>> =
            RefCell::new(vec![None; decided.len()]);
        let mut told = Vec::new();
        run_jobs_split(
            executor,
            &units,
            decided,
            schedule,
            |job, _, outcome| {
                let over = results.borrow()[job].is_some();
                assert!(!over, "a unit of job {job} after its end");
                told.push((job, outcome.clone()));
                Ok(())
            },
            |job, result| {
                let before = results.borrow_mut()[job].replace(result);
                assert!(before.is_none(), "job {job} twice");
                Ok(())
            },
        )
        .unwrap();
        let results = results
            .into_inner()
            .into_iter()
            .map(|r| r.expect("every job ends"))
            .collect();
        (results, told)
    }

    /// What a job came to, to compare runs: its verdict, kept units and tally.
    fn summed(
        result: &Result<GroupResult, String>,
    ) -> Result<(Verdict, Vec<String>, Tally), String> {
        result
            .as_ref()
            .map(|group| (group.verdict, names(&group.kept), group.tally))
            .map_err(Clone::clone)
    }

    const FAILING: [(usize, usize); 4] = [(1, 3), (1, 7), (2, 0), (4, 9)];

    #[test]
    fn every_job_stops_at_its_own_first_failure() {
        for jobs in [1, 3] {
            let executor = ScriptedJobs::new(&FAILING, &[3]);
            let (results, _) =
                run_jobs_told(&executor, 10, vec![Decided::new(); 5], schedule(jobs, true));
            let kept = |job: usize, last: usize| -> Vec<String> {
                (0..=last).map(|unit| format!("{job}/{unit}")).collect()
            };
            let group = |job: usize| results[job].as_ref().unwrap();
            assert_eq!(group(0).verdict, Verdict::Accepted);
            assert_eq!(names(&group(0).kept), kept(0, 9));
            assert_eq!(group(1).verdict, Verdict::WrongAnswer);
            assert_eq!(names(&group(1).kept), kept(1, 3), "{jobs} workers");
            assert_eq!(names(&group(2).kept), kept(2, 0));
            assert_eq!(results[3].as_ref().unwrap_err(), "job 3 does not compile");
            assert_eq!(names(&group(4).kept), kept(4, 9));
            assert_eq!(group(4).verdict, Verdict::WrongAnswer);
            let ran = executor.ran();
            assert!(!ran.iter().any(|&(job, _)| job == 3), "job 3 was not ready");
            if jobs == 1 {
                // One worker starts nothing of a job past its failure.
                assert!(!ran.contains(&(1, 4)) && !ran.contains(&(2, 1)), "{ran:?}");
            }
        }
    }

    #[test]
    fn with_all_every_unit_of_every_job_runs() {
        let executor = ScriptedJobs::new(&FAILING, &[]);
        let (results, told) =
            run_jobs_told(&executor, 10, vec![Decided::new(); 5], schedule(3, false));
        let every: Vec<(usize, usize)> =
            (0..5).flat_map(|j| (0..10).map(move |u| (j, u))).collect();
        assert_eq!(executor.ran(), every);
        assert_eq!(told.len(), 50);
        // Each job's units are told in plan order, whichever worker ran them.
        for job in 0..5 {
            let of_job: Vec<String> = told
                .iter()
                .filter(|(j, _)| *j == job)
                .map(|(_, outcome)| outcome.name())
                .collect();
            let in_order: Vec<String> = (0..10).map(|unit| format!("{job}/{unit}")).collect();
            assert_eq!(of_job, in_order, "job {job}");
        }
        for (job, result) in results.iter().enumerate() {
            let group = result.as_ref().unwrap();
            assert_eq!(group.kept.len(), 10);
            assert_eq!(group.tally.run, 10);
            let first_failure = FAILING
                .iter()
                .filter(|(j, _)| *j == job)
                .map(|(_, u)| *u)
                .min();
            assert_eq!(
                group.kept.iter().position(|o| !o.verdict.is_accepted()),
                first_failure,
                "job {job}"
            );
        }
    }

    #[test]
    fn a_resumed_job_runs_only_its_undecided_units_and_comes_to_the_same() {
        for stop in [false, true] {
            let executor = ScriptedJobs::new(&FAILING, &[3]);
            let (whole, told) =
                run_jobs_told(&executor, 10, vec![Decided::new(); 5], schedule(2, stop));
            // An earlier run decided some units: job 0's even ones, job 1's first four (its
            // failure at 3 among them), all of job 2's that ran, and one of job 4's.
            let keep = |job: usize, unit: usize| match job {
                0 => unit % 2 == 0,
                1 => unit <= 3,
                2 => true,
                4 => unit == 5,
                _ => false,
            };
            let mut decided = vec![Decided::new(); 5];
            for (job, outcome) in &told {
                let unit: usize = outcome.name().split('/').nth(1).unwrap().parse().unwrap();
                if keep(*job, unit) {
                    decided[*job].insert(unit, outcome.clone());
                }
            }
            let resumed = ScriptedJobs::new(&FAILING, &[3]);
            let (again, _) = run_jobs_told(&resumed, 10, decided.clone(), schedule(2, stop));
            for job in 0..5 {
                assert_eq!(
                    summed(&again[job]),
                    summed(&whole[job]),
                    "job {job}, stop: {stop}"
                );
            }
            let ran = resumed.ran();
            for (job, unit) in &ran {
                assert!(!decided[*job].contains_key(unit), "{job}/{unit} ran again");
            }
            // Job 1's failure was decided: stopping, nothing of it runs again.
            assert_eq!(ran.iter().any(|&(job, _)| job == 1), !stop, "stop: {stop}");
        }
    }

    #[test]
    fn sharded_grading_is_the_unsharded_run_in_parts() {
        for stop in [false, true] {
            let executor = ScriptedJobs::new(&FAILING, &[3]);
            let (whole, _) =
                run_jobs_told(&executor, 10, vec![Decided::new(); 5], schedule(2, stop));
            // Job j belongs to shard j mod 2; each shard numbers its own jobs from 0.
            for shard in 0..2 {
                let mine: Vec<usize> = (0..5).filter(|job| job % 2 == shard).collect();
                let failing: Vec<(usize, usize)> = FAILING
                    .iter()
                    .filter_map(|&(job, unit)| {
                        mine.iter().position(|&m| m == job).map(|j| (j, unit))
                    })
                    .collect();
                let unready: Vec<usize> = mine.iter().position(|&m| m == 3).into_iter().collect();
                let part = ScriptedJobs::new(&failing, &unready);
                let (results, _) = run_jobs_told(
                    &part,
                    10,
                    vec![Decided::new(); mine.len()],
                    schedule(2, stop),
                );
                for (j, &job) in mine.iter().enumerate() {
                    let renamed = |result: &Result<GroupResult, String>| {
                        summed(result)
                            .map(|(verdict, kept, tally)| {
                                let kept = kept
                                    .iter()
                                    .map(|name| name.split('/').nth(1).unwrap().to_string());
                                (verdict, kept.collect::<Vec<_>>(), tally)
                            })
                            .map_err(|e| e.replace(&format!("job {j} "), "job "))
                    };
                    let whole =
                        renamed(&whole[job]).map_err(|e| e.replace(&format!("job {job} "), "job "));
                    assert_eq!(renamed(&results[j]), whole, "job {job}, stop: {stop}");
                }
            }
        }
    }

    #[test]
    fn an_error_from_the_caller_ends_the_run_of_jobs() {
        let executor = ScriptedJobs::new(&[], &[]);
        let mut ended = 0;
        let run = run_jobs_split(
            &executor,
            &[0, 1, 2],
            vec![Decided::new(); 20],
            schedule(1, false),
            |_, _, _| Ok(()),
            |_, _| {
                ended += 1;
                match ended {
                    3 => Err(GradeError::Report(std::io::Error::other(
                        "the disk is full",
                    ))),
                    _ => Ok(()),
                }
            },
        );
        assert!(matches!(run, Err(GradeError::Report(_))));
        assert_eq!(ended, 3);
    }

    /// Units that come to their number times ten, the first slow, so that later ones are done
    /// first; unit `stop_at` sets `stop` as it runs (an interruption), and no unit after it
    /// may run.
    struct Tens<'a> {
        stop: &'a AtomicBool,
        stop_at: usize,
        ran: Mutex<Vec<usize>>,
    }

    impl UnjudgedExecutor for Tens<'_> {
        type Worker = ();
        type Output = usize;

        fn worker(&self) {}

        fn execute(&self, _: &mut (), unit: usize) -> usize {
            self.ran.lock().unwrap().push(unit);
            if unit == 0 {
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            if unit == self.stop_at {
                self.stop.store(true, Ordering::SeqCst);
            }
            unit * 10
        }
    }

    fn tens(stop: &AtomicBool, stop_at: usize) -> Tens<'_> {
        Tens {
            stop,
            stop_at,
            ran: Mutex::new(Vec::new()),
        }
    }

    #[test]
    fn units_that_are_not_judged_are_told_in_plan_order() {
        let units = [0, 2, 3, 5, 8, 9, 11, 12, 20];
        for workers in [1, 3] {
            let stop = AtomicBool::new(false);
            let executor = tens(&stop, usize::MAX);
            let (mut started, mut done) = (Vec::new(), Vec::new());
            run_units(&executor, &units, workers, &stop, |news| {
                match news {
                    UnitNews::Started { unit } => started.push(unit),
                    UnitNews::Done { unit, result } => {
                        assert!(started.contains(&unit), "{unit} done before it started");
                        done.push((unit, result));
                    }
                }
                Ok(())
            })
            .unwrap();
            let expected: Vec<(usize, usize)> = units.iter().map(|&u| (u, u * 10)).collect();
            assert_eq!(done, expected, "{workers} workers");
            started.sort_unstable();
            assert_eq!(started, units, "{workers} workers");
        }
        // No units: nothing is told.
        let stop = AtomicBool::new(false);
        run_units(&tens(&stop, usize::MAX), &[], 2, &stop, |_| {
            panic!("nothing to tell")
        })
        .unwrap();
    }

    #[test]
    fn an_interruption_or_an_error_of_the_caller_ends_a_run_of_units() {
        let units: Vec<usize> = (0..30).collect();
        let stop = AtomicBool::new(false);
        let executor = tens(&stop, 5);
        let mut done = Vec::new();
        let ended = run_units(&executor, &units, 1, &stop, |news| {
            if let UnitNews::Done { unit, .. } = news {
                done.push(unit);
            }
            Ok(())
        });
        assert!(matches!(ended, Err(GradeError::Interrupted)));
        // The unit cut short is not told, nor anything after it; nothing starts after it.
        assert!([0, 1, 2, 3, 4].starts_with(&done), "{done:?}");
        assert_eq!(*executor.ran.lock().unwrap(), [0, 1, 2, 3, 4, 5]);

        let stop = AtomicBool::new(false);
        let mut done = 0;
        let ended = run_units(&tens(&stop, usize::MAX), &units, 2, &stop, |news| {
            if let UnitNews::Done { .. } = news {
                done += 1;
                if done == 3 {
                    return Err(GradeError::Report(std::io::Error::other("the pipe closed")));
                }
            }
            Ok(())
        });
        assert!(matches!(ended, Err(GradeError::Report(_))));
        assert_eq!(done, 3);
    }
}
