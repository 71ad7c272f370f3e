//! Grading several submissions of one problem on one plan: `judge grade`'s submissions,
//! `verify`'s solutions of a problem, a package's submissions. Each submission is a job of
//! the one executor (`grade::executor`) on the engine's one loop (`engine::run_jobs`): it is
//! compiled on the workers as its job is prepared, its units run and judged, and its result
//! summed up as `judge test` sums up one run (a scored problem's by its groups). The caller
//! hears of each unit as it is decided and of each job as it ends.

use std::sync::{Arc, OnceLock};

use super::batch::{self, Tests};
use super::engine::{self, Decided, News, RootRule, Schedule};
use super::events::{Event, Reporter};
use super::executor::{self, Sessions, UnitExecutor, Units, Unready};
use super::games;
use super::outcome::{GroupResult, Outcome, RunIdentity, RunSummary};
use super::results::{Started, Unit};
use super::scored;
use super::test_unit::SharedTestData;
use super::unit_store::RunMemory;
use super::{plan_digest, tell, GradeError, PlannedUnits, ProblemParts, Submission, Target};
use crate::execute::Scratch;
use crate::resolve::{Judge, Problem};
use judge_core::config::{InteractiveSpec, ProblemSpec, RunnerConfig};
use judge_core::lang::Prepared;
use judge_core::plan::{self, sha256_hex, PlanIdentity, PlanUnit, TestPlan};
use judge_core::problems::{InteractiveProblem, PageBoard};

/// What every submission is graded on.
pub(crate) enum Plan<'a> {
    Tests {
        tests: TestPlan,
        /// The problem's code, checker and interactor (built in, or its programs).
        parts: Box<ProblemParts>,
        /// Each test's input and answer, made once for every submission.
        shared: SharedTestData,
    },
    Games {
        games: Vec<u64>,
        side: &'static dyn InteractiveProblem,
        settings: &'a InteractiveSpec,
    },
}

impl<'a> Plan<'a> {
    /// The plan of `problem`: its games (`games` of them, else the problem's number) for a
    /// problem played as games, else its `tests`.
    pub fn of(
        runner: &RunnerConfig,
        problem: &'a Problem,
        tests: &Tests,
        games: Option<usize>,
        seed: u64,
        scratch: &Arc<Scratch>,
    ) -> Result<Plan<'a>, GradeError> {
        if problem.judge == Judge::Referee {
            let (side, settings) = games::game_side(problem)?;
            return Ok(Plan::Games {
                games: plan::games(games.unwrap_or(settings.games), None),
                side,
                settings,
            });
        }
        Plan::tests(runner, &problem.spec, tests, seed, scratch)
    }

    /// The plan of `tests` of a problem that is not played as games.
    pub fn tests(
        runner: &RunnerConfig,
        problem: &ProblemSpec,
        tests: &Tests,
        seed: u64,
        scratch: &Arc<Scratch>,
    ) -> Result<Plan<'a>, GradeError> {
        let parts = ProblemParts::build(runner, problem, scratch)?;
        let tests = batch::plan_tests(problem, tests, seed, parts.code.as_deref())?;
        Ok(Plan::Tests {
            shared: SharedTestData::new(&tests),
            parts: Box::new(parts),
            tests,
        })
    }

    pub fn units(&self) -> usize {
        match self {
            Plan::Tests { tests, .. } => tests.len(),
            Plan::Games { games, .. } => games.len(),
        }
    }

    pub fn unit(&self) -> Unit {
        match self {
            Plan::Tests { .. } => Unit::Tests,
            Plan::Games { .. } => Unit::Games,
        }
    }

    /// The identity of one submission's grading on the plan, as `judge test` makes it.
    #[allow(clippy::too_many_arguments)]
    pub fn identity(
        &self,
        runner: &RunnerConfig,
        problem: &ProblemSpec,
        seed: u64,
        target: &Target,
        sha256: &str,
        stops: bool,
        enforce_time_factor: f64,
    ) -> PlanIdentity {
        let (unit, units) = match self {
            Plan::Tests { tests, .. } => (
                PlanUnit::Tests,
                PlannedUnits::Tests {
                    tests,
                    enforce_time_factor,
                    files: runner.files.tests(),
                    read_ahead: None,
                },
            ),
            Plan::Games { games, .. } => (PlanUnit::Games, PlannedUnits::Games(games)),
        };
        let digest = plan_digest(
            problem,
            seed,
            units,
            &target.language_id,
            &target.limits,
            sha256,
        )
        // The tests' files were read once already (the plan was made from them); a file that
        // vanished since makes the digest of its name alone.
        .unwrap_or_else(|_| sha256_hex(format!("{sha256}/{:?}", target.limits).as_bytes()));
        PlanIdentity {
            unit,
            units: self.units(),
            stops_at_first_failure: stops,
            digest,
        }
    }
}

/// One submission to grade: its file, its language and limits, the factor the sandbox
/// enforces the time limit by (verify runs a too-slow solution longer), and the identity of
/// its grading.
pub(crate) struct ToGrade<'a> {
    pub submission: &'a Submission,
    pub target: &'a Target,
    pub enforce_time_factor: f64,
    pub identity: PlanIdentity,
}

/// Submissions to grade on one plan.
pub(crate) struct JobsRequest<'a> {
    pub runner: &'a RunnerConfig,
    pub problem: &'a ProblemSpec,
    pub plan: &'a Plan<'a>,
    pub scratch: &'a Scratch,
    pub seed: u64,
    /// Each submission to grade, or why it cannot be graded (its language is not installed,
    /// say): it is over at once, with that reason.
    pub jobs: Vec<Result<ToGrade<'a>, String>>,
    /// Each job's units an earlier run decided (they do not run again); empty: none.
    pub decided: Vec<Decided>,
    /// Where units are remembered between runs (`judge verify`'s, see `RunMemory`): each
    /// job's remembered units are taken as decided, and each unit run now is remembered.
    pub memory: Option<&'a RunMemory>,
    pub schedule: Schedule,
    /// Whether a game keeps its moves until it is told (the scoreboard shows none).
    pub keep_transcripts: bool,
}

/// Grades the request's jobs: `on_unit(job, unit, outcome)` hears of each unit run now as it
/// is decided (in plan order within its job), and first of all of each unit taken from the
/// request's memory (these are not in order with the others); `on_done(job, result,
/// program)` hears of each job as it ends: its summary (a compile error's too), or why it
/// could not be graded, and its program when it was built. An error from either, or an
/// interruption, ends the run with it.
pub(crate) fn grade_jobs(
    request: JobsRequest,
    mut on_unit: impl FnMut(usize, usize, &Outcome) -> Result<(), GradeError>,
    mut on_done: impl FnMut(
        usize,
        Result<RunSummary, String>,
        Option<&Prepared>,
    ) -> Result<(), GradeError>,
) -> Result<(), GradeError> {
    let JobsRequest {
        runner,
        problem,
        plan,
        scratch,
        seed,
        jobs,
        mut decided,
        memory,
        schedule,
        keep_transcripts,
    } = request;
    decided.resize_with(jobs.len(), Decided::new);
    // Each job's identity, where its units are remembered.
    let remembered: Vec<Option<PlanIdentity>> = jobs
        .iter()
        .map(|job| {
            memory
                .and(job.as_ref().ok())
                .map(|job| job.identity.clone())
        })
        .collect();
    if let Some(memory) = memory {
        for (job, identity) in remembered.iter().enumerate() {
            let Some(identity) = identity else { continue };
            let mut recalled = memory.recall(identity, plan.units());
            // Units after a first failure are left out, as they would be had they run now.
            if let Some(&first) = recalled
                .iter()
                .find(|(_, outcome)| !outcome.verdict.is_accepted())
                .map(|(unit, _)| unit)
                .filter(|_| schedule.stop_at_first_failure)
            {
                recalled.retain(|&unit, _| unit <= first);
            }
            for (&unit, outcome) in &recalled {
                on_unit(job, unit, outcome)?;
            }
            decided[job].extend(recalled);
        }
    }
    let mut on_unit = |job: usize, unit: usize, outcome: &Outcome| {
        if let (Some(memory), Some(identity)) = (memory, &remembered[job]) {
            memory.keep(identity, unit, outcome);
        }
        on_unit(job, unit, outcome)
    };
    // The jobs that run, each with its place in the request; the others are over now.
    let mut place = Vec::new();
    let mut ready = Vec::new();
    let mut ready_decided = Vec::new();
    for (index, (job, decided)) in jobs.into_iter().zip(decided).enumerate() {
        match job {
            Ok(job) => {
                place.push(index);
                ready.push(job);
                ready_decided.push(decided);
            }
            Err(why) => on_done(index, Err(why), None)?,
        }
    }
    let (jobs, decided) = (ready, ready_decided);
    let programs: Vec<OnceLock<Prepared>> = jobs.iter().map(|_| OnceLock::new()).collect();
    let sessions = Sessions::new();
    let units = match plan {
        Plan::Tests {
            tests,
            parts,
            shared,
        } => Units::Tests {
            tests,
            parts,
            shared: Some(shared),
            reuse_same_tests: true,
        },
        Plan::Games { games, side, .. } => Units::Games {
            games,
            side: *side,
            seed,
            keep_transcripts,
        },
    };
    // A scored problem's tests that a submission need not run, as `judge test` skips them;
    // told first what its earlier run decided, so that a resumed run skips what it would have.
    let skipping = decided
        .iter()
        .map(|decided| {
            let (Some(tree), Plan::Tests { tests, .. }) = (problem.groups.as_deref(), plan) else {
                return None;
            };
            let skipping = scored::Skipping::of_plan(tree, tests);
            for (&unit, outcome) in decided {
                skipping.judged(unit, outcome);
            }
            Some(skipping)
        })
        .collect();
    let runs = jobs
        .iter()
        .map(|job| executor::Job {
            build: Some((job.submission, job.target)),
            submission: Some(job.submission),
            limits: job.target.limits,
            enforced: runner
                .limits
                .enforced(job.target.limits, job.enforce_time_factor),
        })
        .collect();
    // Each job is concluded by its root's rule: a run of games' mean score, a scored
    // problem's groups (as `judge test` concludes it), else its first failure.
    let grader = match (plan, problem.groups.as_deref()) {
        (Plan::Tests { parts, .. }, Some(tree)) => Some(scored::graders(parts, tree)),
        _ => None,
    };
    let rule = match (plan, problem.groups.as_deref(), &grader) {
        (Plan::Games { settings, .. }, _, _) => RootRule::MeanScore {
            accept_mean_score: settings.accept_mean_score,
        },
        (Plan::Tests { .. }, Some(tree), Some(grader)) => RootRule::Groups { tree, grader },
        (Plan::Tests { .. }, _, _) => RootRule::FirstFailure,
    };
    let executor = UnitExecutor::new(runner, problem, scratch, units, runs, &programs, &sessions)
        .skipping(skipping)
        .concluding(rule);
    let units: Vec<usize> = (0..plan.units()).collect();
    engine::run_jobs(&executor, &units, decided, schedule, |news| match news {
        News::Started { .. } => Ok(()),
        News::Decided { job, unit, outcome } => on_unit(place[job], unit, outcome),
        News::Done { job, result } => {
            let summary = match result {
                Ok(group) => Ok(summarise(problem, plan, seed, &jobs[job], group)),
                Err(Unready::CompileError(message)) => {
                    let mut summary = skeleton(problem, plan, seed, &jobs[job]);
                    summary.compile_message = Some(message);
                    Ok(summary)
                }
                Err(Unready::NotBuilt(why)) => Err(why),
            };
            on_done(place[job], summary, programs[job].get())
        }
    })
}

/// A job's summary before any unit ran (a compile error's as it stands).
pub(crate) fn skeleton(problem: &ProblemSpec, plan: &Plan, seed: u64, job: &ToGrade) -> RunSummary {
    let run = RunIdentity::new(job.identity.clone(), None);
    let solution = job.submission.display_name();
    match plan {
        Plan::Tests { .. } => {
            batch::new_summary(problem, solution, job.target, seed, plan.units(), run)
        }
        Plan::Games { side, settings, .. } => {
            games::new_summary(problem, settings, *side, solution, job.target, seed, run)
        }
    }
}

/// A job's summary from what its units came to, as its root's rule concluded them
/// (`engine::conclude`).
fn summarise(
    problem: &ProblemSpec,
    plan: &Plan,
    seed: u64,
    job: &ToGrade,
    group: GroupResult,
) -> RunSummary {
    let mut summary = skeleton(problem, plan, seed, job);
    summary.conclude(group);
    summary
}

/// A job over, as [`grade_in_order`] tells it: the units it ran as they were decided (a
/// game's transcript kept), its summary or why it was not graded, and its start (`None`
/// when it was not built).
pub(crate) struct JobEnd {
    pub units: Vec<Outcome>,
    pub result: Result<RunSummary, String>,
    pub started: Option<Started>,
}

impl JobEnd {
    /// Tells `reporter` of a graded job as `judge test` tells a run: its start (with the
    /// problem's `board`, if it draws one), its units, its end. Gives its summary, or why it
    /// was not graded.
    pub fn tell(
        self,
        board: Option<PageBoard>,
        reporter: &mut dyn Reporter,
    ) -> Result<Result<RunSummary, String>, GradeError> {
        let summary = match self.result {
            Ok(summary) => summary,
            Err(why) => return Ok(Err(why)),
        };
        if let Some(started) = self.started {
            tell(reporter, Event::Started(&Started { board, ..started }))?;
        }
        for unit in &self.units {
            tell(reporter, Event::unit_finished(unit))?;
        }
        tell(reporter, Event::Finished(&summary))?;
        Ok(Ok(summary))
    }
}

/// [`grade_jobs`], each job told to `on_job` in job order once it and every job before it
/// are over (they run side by side; what one that ended early ran waits until then). `workers`
/// is what each job's start says of the run.
pub(crate) fn grade_in_order(
    request: JobsRequest,
    workers: usize,
    mut on_job: impl FnMut(usize, JobEnd) -> Result<(), GradeError>,
) -> Result<(), GradeError> {
    let count = request.jobs.len();
    let (problem, plan, seed) = (request.problem, request.plan, request.seed);
    let submissions: Vec<Option<&Submission>> = request
        .jobs
        .iter()
        .map(|job| job.as_ref().ok().map(|job| job.submission))
        .collect();
    let units = std::cell::RefCell::new(vec![Vec::new(); count]);
    let mut ended: Vec<Option<JobEnd>> = (0..count).map(|_| None).collect();
    let mut told = 0;
    grade_jobs(
        request,
        |job, unit, outcome| {
            units.borrow_mut()[job].push((unit, outcome.clone()));
            Ok(())
        },
        |job, result, program| {
            let started = program.zip(submissions[job]).map(|(prepared, submission)| {
                Started::new(
                    problem,
                    submission,
                    prepared,
                    plan.unit(),
                    plan.units(),
                    None,
                    seed,
                    workers,
                )
            });
            // Units taken from a memory came first: told in plan order with the others.
            let mut heard = std::mem::take(&mut units.borrow_mut()[job]);
            heard.sort_by_key(|(unit, _)| *unit);
            ended[job] = Some(JobEnd {
                units: heard.into_iter().map(|(_, outcome)| outcome).collect(),
                result,
                started,
            });
            while let Some(end) = ended.get_mut(told).and_then(Option::take) {
                on_job(told, end)?;
                told += 1;
            }
            Ok(())
        },
    )
}
