//! The engine: the one loop a run's units go through, and the seam that lets it run without
//! processes. A run is a plan of units (tests today; games and `grade`'s submissions to come),
//! each *executed* by an [`Executor`] into [`UnitFacts`] (the sandbox in production, scripted
//! facts in the tests below), *judged* by [`judge`] (pure: the run's facts and the judge's word
//! to a verdict), *reported* in plan order, and *concluded* into a result per group
//! ([`conclude`]).
//!
//! Groups: every unit belongs to one; a problem without groups has one root group holding
//! every unit. A group's result is the aggregation of its children's: today pass-fail, the
//! first failure in plan order deciding (as problemtools' `first_error`). Scoring (issue 24)
//! plugs its aggregation (sum, min, ... of the children's scores) into [`conclude`], and
//! nowhere else.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::events::Event;
use super::outcome::{Detail, Outcome, Tally};
use super::{protections_of, GradeError, Telling};
use crate::interact::Ending;
use crate::limits::Limits;
use crate::pool::{self, JobNews, News};
use crate::sandbox::RunFacts;
use crate::verdict::{self, CheckOutcome, StderrSays, Verdict};

/// Runs a plan's units; shared by the worker threads, each with a worker of its own (a
/// sandbox session).
pub trait Executor: Sync {
    type Worker;

    /// A worker's state, made once per worker thread.
    fn worker(&self) -> Self::Worker;

    /// The name reporters show while unit `unit` runs.
    fn name(&self, unit: usize) -> String;

    /// Runs unit `unit` (an index into the run's plan) to its facts; nothing is decided yet.
    fn execute(&self, worker: &mut Self::Worker, unit: usize) -> UnitFacts;
}

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
}

/// What a group's units came to.
#[derive(Debug, Clone)]
pub struct GroupResult {
    pub verdict: Verdict,
    /// The sandbox's protections, from the first unit that ran (one that could not run has
    /// none to say).
    pub protections: Vec<String>,
    /// Every outcome in plan order, or the first failure alone (see `keep_every_unit`).
    pub kept: Vec<Outcome>,
    /// The figures of every unit reported.
    pub tally: Tally,
}

/// A group's result from its children's, in plan order: pass-fail, the first failure
/// deciding. This is the seam where scoring (issue 24) aggregates a group's scores.
pub fn conclude(children: impl IntoIterator<Item = Outcome>, keep_every_unit: bool) -> GroupResult {
    let mut result = GroupResult {
        verdict: Verdict::Accepted,
        protections: Vec::new(),
        kept: Vec::new(),
        tally: Tally::default(),
    };
    for outcome in children {
        result.add(outcome, keep_every_unit);
    }
    result
}

impl GroupResult {
    /// Counts a child reported in plan order, and keeps it if it must.
    fn add(&mut self, outcome: Outcome, keep_every_unit: bool) {
        if self.protections.is_empty() {
            self.protections = protections_of(std::iter::once(outcome.facts.as_ref()));
        }
        self.tally.add(&outcome);
        let first_failure = !outcome.verdict.is_accepted() && self.verdict.is_accepted();
        if first_failure {
            self.verdict = outcome.verdict;
        }
        if keep_every_unit || first_failure {
            self.kept.push(outcome);
        }
    }
}

/// Runs `units` (indices into the plan: the whole plan, or a shard's share) on the schedule's
/// workers, judges each under `limits`, and tells `tell` of each unit as it starts and, in plan
/// order, as it is decided (as soon as every unit before it is). A unit's outcome is held
/// only until it is told. Returns the group's result; a reporter that cannot write, or an
/// interruption, ends the run with an error and nothing more is told.
pub fn run<E: Executor>(
    executor: &E,
    units: &[usize],
    limits: &Limits,
    schedule: Schedule,
    mut tell: impl FnMut(&Event) -> std::io::Result<()>,
) -> Result<GroupResult, GradeError> {
    let first_failure = AtomicUsize::new(usize::MAX);
    let limit = || {
        if schedule.stop_at_first_failure {
            first_failure.load(Ordering::SeqCst)
        } else {
            usize::MAX
        }
    };
    // Outcomes that were decided before an earlier unit: held until they can be told.
    let mut waiting: BTreeMap<usize, Outcome> = BTreeMap::new();
    let mut told = 0;
    let mut result = conclude([], schedule.keep_every_unit);
    let mut telling = Telling::default();
    pool::run_parallel(
        units.len(),
        schedule.jobs,
        |position| position <= limit(),
        || executor.worker(),
        |worker, position| {
            let outcome = judge(limits, executor.execute(worker, units[position]));
            if !outcome.verdict.is_accepted() {
                first_failure.fetch_min(position, Ordering::SeqCst);
            }
            outcome
        },
        |news| {
            let went = match news {
                News::Started(position) => {
                    let name = executor.name(units[position]);
                    tell(&Event::TestStarted { name: &name })
                }
                News::Finished(position, outcome) => {
                    waiting.insert(position, outcome);
                    // Tell in plan order: everything up to the first gap (or the first
                    // failure).
                    let mut went = Ok(());
                    while told <= limit() {
                        let Some(outcome) = waiting.remove(&told) else {
                            break;
                        };
                        went = tell(&Event::unit_finished(&outcome));
                        told += 1;
                        result.add(outcome, schedule.keep_every_unit);
                        if went.is_err() {
                            break;
                        }
                    }
                    went
                }
            };
            telling.went_on(went)
        },
    );
    telling.result()?;
    Ok(result)
}

/// Runs the units of many jobs: `judge grade`'s submissions, each graded on the same plan.
/// A job is prepared (compiled) before its units run, on the same workers.
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

    /// Runs unit `unit` (an index into the plan) of job `job` to its facts.
    fn execute(&self, worker: &mut Self::Worker, job: usize, unit: usize) -> UnitFacts;
}

/// The units of a run of many jobs that an earlier run decided (see [`run_jobs`]).
pub type Decided = BTreeMap<usize, Outcome>;

/// Runs `units` (indices into the plan) of every job on the schedule's workers, judges each
/// under its job's limits, and concludes each job with [`conclude`] over its units in plan
/// order, those of `decided[job]` (from an earlier run: they do not run again) with those run
/// now. A job stops at its first failure in plan order when the schedule says so; its later
/// units are left out even if they ran (or were decided).
///
/// Workers take tasks by the scheduler's rule (`pool::Board`): units of the earliest prepared
/// job first, else the next job to prepare; stopping at the first failure, a job nobody else
/// runs a unit of first, since a unit run beside a failing one is thrown away.
///
/// `unit_done(job, unit, outcome)` hears of each unit as it is decided (in any order), and
/// `job_done(job, result)` of each job as it is over, its result or why it was not ready;
/// both on the calling thread. An error from either, or an interruption, ends the run with
/// that error and nothing more is told.
pub fn run_jobs<E: JobExecutor>(
    executor: &E,
    units: &[usize],
    decided: Vec<Decided>,
    schedule: Schedule,
    mut unit_done: impl FnMut(usize, usize, &Outcome) -> Result<(), GradeError>,
    mut job_done: impl FnMut(usize, Result<GroupResult, E::Unready>) -> Result<(), GradeError>,
) -> Result<(), GradeError> {
    let stops = schedule.stop_at_first_failure;
    // Each job's first failure in plan order, of the units decided so far.
    let first_failure: Vec<AtomicUsize> = decided
        .iter()
        .map(|decided| AtomicUsize::new(first_failure_of(decided)))
        .collect();
    // What each job has left to run, in plan order.
    let pending: Vec<Vec<usize>> = decided
        .iter()
        .zip(&first_failure)
        .map(|(decided, failed_at)| {
            let failed_at = failed_at.load(Ordering::SeqCst);
            units
                .iter()
                .copied()
                .filter(|unit| !decided.contains_key(unit) && (!stops || *unit <= failed_at))
                .collect()
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
    let mut decided = decided;
    let mut error = None;
    pool::run_jobs(&counts, schedule.jobs, rule, &work, |news| {
        let went = match news {
            JobNews::Started { .. } => Ok(()),
            JobNews::Finished { job, unit, result } => {
                let unit = pending[job][unit];
                let went = unit_done(job, unit, &result);
                decided[job].insert(unit, result);
                went
            }
            JobNews::Done { job, prepared } => {
                let outcomes = std::mem::take(&mut decided[job]);
                let result = prepared.map(|()| {
                    let failed_at = if stops {
                        first_failure_of(&outcomes)
                    } else {
                        usize::MAX
                    };
                    let in_plan_order = units
                        .iter()
                        .take_while(|unit| **unit <= failed_at)
                        .filter_map(|unit| outcomes.get(unit).cloned());
                    conclude(in_plan_order, schedule.keep_every_unit)
                });
                job_done(job, result)
            }
        };
        match went {
            Ok(()) => true,
            Err(e) => {
                error = Some(e);
                false
            }
        }
    });
    match error {
        Some(error) => Err(error),
        None if crate::cleanup::interrupted() => Err(GradeError::Interrupted),
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
    type Output = Outcome;
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

    fn run(&self, worker: &mut E::Worker, job: usize, position: usize) -> Outcome {
        let unit = self.pending[job][position];
        let facts = self.executor.execute(worker, job, unit);
        let outcome = judge(&self.executor.limits(job), facts);
        if !outcome.verdict.is_accepted() {
            self.first_failure[job].fetch_min(unit, Ordering::SeqCst);
        }
        outcome
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::sync::Mutex;

    use super::*;
    use crate::grade::outcome::TestDetail;
    use crate::limits::MIB;
    use crate::sandbox::{StopReason, Termination};
    use crate::verdict::fixtures::{self, limits};
    use crate::verdict::Crash;

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
    /// records which units ran.
    struct Scripted {
        script: BTreeMap<usize, UnitRun>,
        ran: Mutex<Vec<usize>>,
    }

    impl Scripted {
        fn new(script: impl IntoIterator<Item = (usize, UnitRun)>) -> Scripted {
            Scripted {
                script: script.into_iter().collect(),
                ran: Mutex::new(Vec::new()),
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
            let run = self
                .script
                .get(&unit)
                .cloned()
                .unwrap_or_else(|| checked(clean_exit(), Some(CheckOutcome::Accepted)));
            UnitFacts {
                run: Ok(run),
                detail: test_detail(unit),
            }
        }
    }

    fn schedule(jobs: usize, stop_at_first_failure: bool) -> Schedule {
        Schedule {
            jobs,
            stop_at_first_failure,
            keep_every_unit: true,
        }
    }

    /// Runs `units` and returns the result with the names told as decided, in order.
    fn run_told(
        executor: &Scripted,
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
    fn shards_together_make_the_unsharded_run() {
        let units: Vec<usize> = (0..23).collect();
        let failing = [9, 17];
        for stop in [false, true] {
            let (whole, _) = run_told(&Scripted::failing(&failing), &units, schedule(2, stop));
            // Three shards, unit k in shard k mod 3, merged back in plan order and cut at the
            // first failure as one run stops.
            let mut merged: Vec<(usize, Outcome)> = Vec::new();
            for shard in 0..3 {
                let share: Vec<usize> = units.iter().copied().filter(|u| u % 3 == shard).collect();
                let (part, _) = run_told(&Scripted::failing(&failing), &share, schedule(2, stop));
                merged.extend(share.into_iter().zip(part.kept));
            }
            merged.sort_by_key(|(unit, _)| *unit);
            let mut outcomes: Vec<Outcome> = merged.into_iter().map(|(_, o)| o).collect();
            if stop {
                let cut = outcomes.iter().position(|o| !o.verdict.is_accepted());
                outcomes.truncate(cut.map_or(outcomes.len(), |cut| cut + 1));
            }
            let merged = conclude(outcomes, true);
            assert_eq!(names(&merged.kept), names(&whole.kept), "stop: {stop}");
            assert_eq!(merged.verdict, whole.verdict);
            assert_eq!(merged.tally, whole.tally);
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

    #[test]
    fn a_group_concludes_pass_fail_on_its_first_failure() {
        let outcome = |unit: usize, verdict: Verdict| Outcome {
            verdict,
            verdict_detail: verdict.describe(),
            ..Outcome::undecided(test_detail(unit))
        };
        let all_passed = conclude((0..3).map(|u| outcome(u, Verdict::Accepted)), true);
        assert_eq!(all_passed.verdict, Verdict::Accepted);
        let children = [
            outcome(0, Verdict::Accepted),
            outcome(1, Verdict::TimeLimitExceeded),
            outcome(2, Verdict::WrongAnswer),
        ];
        let failed = conclude(children, false);
        assert_eq!(failed.verdict, Verdict::TimeLimitExceeded);
        assert_eq!(names(&failed.kept), ["test-1"]);
        assert_eq!(failed.tally.run, 3);
        assert_eq!(conclude([], true).verdict, Verdict::Accepted);
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
        run_jobs(
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
        let run = run_jobs(
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
}
