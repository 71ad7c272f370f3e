//! The one executor: what running a unit of any kind is, for a job of any command. A unit is
//! a test of the plan (run against the problem's checker or interactor, see
//! `test_unit::TestContext`) or a game (played against the problem's referee); a job is a
//! submission, compiled when the engine prepares it (or given ready) and run under its
//! limits. `judge test` and each input of `judge stress` are one job of it, `judge grade`'s
//! submissions many; the engine (`engine::run_jobs`) schedules, judges and concludes.
//!
//! A worker keeps one sandbox session for the tests of every job it runs, putting each job's
//! program in its folder; the sessions outlive a run (see [`Sessions`]), so a run of many
//! single-unit runs (stress's search) keeps one. A game is a sandbox session of its own.

use std::path::Path;
use std::sync::{Mutex, OnceLock, PoisonError};

use super::engine::{JobExecutor, Judgement, RootRule, UnitFacts, UnitRun};
use super::outcome::{Detail, GameDetail, Outcome, TestDetail};
use super::same_tests::SameTests;
use super::scored::Skipping;
use super::test_unit::{SharedTestData, TestContext};
use super::{GradeError, ProblemParts, Submission, Target};
use crate::execute::{Scratch, Worker};
use crate::interact::{self, GameRecord, GameSetup, InteractError};
use judge_core::config::{ProblemSpec, RunnerConfig};
use judge_core::lang::{Compiled, Prepared};
use judge_core::limits::Limits;
use judge_core::plan::TestPlan;
use judge_core::problems::InteractiveProblem;

/// What the units of a run are.
pub(crate) enum Units<'a> {
    /// The tests of a plan, their inputs and answers made by the problem's parts (or shared
    /// by every job when `shared` is given).
    Tests {
        tests: &'a TestPlan,
        parts: &'a ProblemParts,
        shared: Option<&'a SharedTestData>,
        /// A test the same as one the job already ran takes its facts (`grade::same_tests`).
        reuse_same_tests: bool,
    },
    /// Games by number, played against `side` with the run's seed.
    Games {
        games: &'a [u64],
        side: &'a dyn InteractiveProblem,
        seed: u64,
        /// Whether a game's transcript is kept (the scoreboard shows no moves).
        keep_transcripts: bool,
    },
}

/// A job: a submission and the limits it runs under.
pub(crate) struct Job<'a> {
    /// What to compile when the job is prepared; `None` when its program is given ready.
    pub build: Option<(&'a Submission, &'a Target)>,
    /// The submission's files, which a static validator is given (`None` for a job of a
    /// program alone: stress's, a game's).
    pub submission: Option<&'a Submission>,
    /// The limits its verdicts are judged against.
    pub limits: Limits,
    /// The limits the sandbox enforces: the same, or larger (verify's margin, see
    /// `RunnerLimits::enforced`).
    pub enforced: Limits,
}

/// Why a job could not run.
#[derive(Debug, Clone)]
pub(crate) enum Unready {
    /// Its submission does not compile: the compiler's message.
    CompileError(String),
    /// It could not be built at all (a missing compiler, a file that cannot be read).
    NotBuilt(String),
}

impl Unready {
    /// The error of a run that needed job `path` built (`judge test`, stress).
    pub fn into_error(self, path: &Path) -> GradeError {
        let path = path.to_path_buf();
        match self {
            Unready::CompileError(message) => GradeError::DoesNotCompile { path, message },
            Unready::NotBuilt(message) => GradeError::NotBuilt { path, message },
        }
    }
}

/// The sandbox sessions of a run's workers, kept between runs: a worker takes an idle one
/// (or starts one with its first test) and gives it back when it ends.
pub(crate) struct Sessions<'a> {
    idle: Mutex<Vec<Worker<'a>>>,
}

impl<'a> Sessions<'a> {
    pub fn new() -> Sessions<'a> {
        Sessions {
            idle: Mutex::new(Vec::new()),
        }
    }
}

/// A worker's session while it runs units: given back to its [`Sessions`] when dropped.
pub(crate) struct Session<'s, 'a> {
    sessions: &'s Sessions<'a>,
    worker: Option<Worker<'a>>,
}

impl Drop for Session<'_, '_> {
    fn drop(&mut self) {
        if let Some(worker) = self.worker.take() {
            let mut idle = self
                .sessions
                .idle
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            idle.push(worker);
        }
    }
}

/// The engine's executor for every command: runs the units of its jobs. What the sessions
/// hold (`'w`: the configuration, the scratch folder, the programs) outlives the run (`'e`).
pub(crate) struct UnitExecutor<'e, 'w> {
    runner: &'w RunnerConfig,
    problem: &'e ProblemSpec,
    scratch: &'w Scratch,
    units: Units<'e>,
    jobs: Vec<Job<'e>>,
    /// Each job's program: set by the caller when given ready, else once it is compiled.
    programs: &'w [OnceLock<Prepared>],
    sessions: &'e Sessions<'w>,
    /// Each job's tests that need not run (a scored problem's; see `scored::Skipping`), or
    /// none when every test runs.
    skipping: Vec<Option<Skipping<'e>>>,
    /// Each job's facts of its tests so far (see `grade::same_tests`).
    same_tests: Vec<SameTests>,
    /// The rule of each job's root group, which concludes it (`engine::conclude`).
    rule: RootRule<'e>,
}

impl<'e, 'w: 'e> UnitExecutor<'e, 'w> {
    /// An executor of `jobs` on `units`, every unit run (no skipping).
    pub fn new(
        runner: &'w RunnerConfig,
        problem: &'e ProblemSpec,
        scratch: &'w Scratch,
        units: Units<'e>,
        jobs: Vec<Job<'e>>,
        programs: &'w [OnceLock<Prepared>],
        sessions: &'e Sessions<'w>,
    ) -> UnitExecutor<'e, 'w> {
        UnitExecutor {
            runner,
            problem,
            scratch,
            units,
            skipping: jobs.iter().map(|_| None).collect(),
            same_tests: jobs.iter().map(|_| SameTests::default()).collect(),
            jobs,
            programs,
            sessions,
            rule: RootRule::FirstFailure,
        }
    }

    /// Concludes each job by `rule` (pass-fail when not given).
    pub fn concluding(self, rule: RootRule<'e>) -> UnitExecutor<'e, 'w> {
        UnitExecutor { rule, ..self }
    }

    /// Skips, in each job, the tests its groups no longer need (see `scored::Skipping`).
    pub fn skipping(self, skipping: Vec<Option<Skipping<'e>>>) -> UnitExecutor<'e, 'w> {
        UnitExecutor { skipping, ..self }
    }
}

impl<'e, 'w: 'e> JobExecutor for UnitExecutor<'e, 'w> {
    type Worker = Session<'e, 'w>;
    type Unready = Unready;

    fn worker(&self) -> Session<'e, 'w> {
        let mut idle = self
            .sessions
            .idle
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        Session {
            sessions: self.sessions,
            worker: idle.pop(),
        }
    }

    fn prepare(&self, job: usize) -> Result<(), Unready> {
        let Some((submission, target)) = self.jobs[job].build else {
            return Ok(());
        };
        if self.programs[job].get().is_some() {
            return Ok(());
        }
        match submission.prepare(self.runner, target) {
            Ok(Compiled::Ready(prepared)) => {
                let _ = self.programs[job].set(prepared);
                Ok(())
            }
            Ok(Compiled::Failed { message, .. }) => Err(Unready::CompileError(message)),
            Err(error) => Err(Unready::NotBuilt(error.to_string())),
        }
    }

    fn limits(&self, job: usize) -> Limits {
        self.jobs[job].limits
    }

    fn rule(&self, _: usize) -> RootRule<'_> {
        self.rule
    }

    fn name(&self, _: usize, unit: usize) -> String {
        match &self.units {
            Units::Tests { tests, .. } => tests.get(unit).map(|t| t.name).unwrap_or_default(),
            Units::Games { games, .. } => format!("game {}", games[unit]),
        }
    }

    fn skip(&self, job: usize, unit: usize) -> bool {
        self.skipping[job]
            .as_ref()
            .is_some_and(|skipping| skipping.skip(unit))
    }

    fn judged(&self, job: usize, unit: usize, outcome: &Outcome) {
        if let Some(skipping) = &self.skipping[job] {
            skipping.judged(unit, outcome);
        }
    }

    fn execute(&self, session: &mut Session<'e, 'w>, job: usize, unit: usize) -> UnitFacts {
        let programs: &'w [OnceLock<Prepared>] = self.programs;
        let Some(program) = programs[job].get() else {
            return UnitFacts {
                run: Err("the submission was not built".into()),
                detail: Detail::Test(TestDetail::default()),
            };
        };
        let Job {
            limits, enforced, ..
        } = self.jobs[job];
        match &self.units {
            Units::Tests {
                tests,
                parts,
                shared,
                reuse_same_tests,
            } => {
                let Some(test) = tests.get(unit) else {
                    return UnitFacts {
                        run: Err(format!("the plan has no test {unit}")),
                        detail: Detail::Test(TestDetail::default()),
                    };
                };
                let worker = session.worker.get_or_insert_with(|| {
                    Worker::new(self.runner, self.scratch, program)
                        .with_io_files(self.problem.io_files.clone())
                });
                if let Err(e) = worker.switch_program(program) {
                    return UnitFacts {
                        run: Err(format!("cannot install the program: {e}")),
                        detail: Detail::Test(TestDetail {
                            name: test.name.clone(),
                            reproduce: test.reproduce_command(&self.problem.id),
                            ..TestDetail::default()
                        }),
                    };
                }
                let context = TestContext {
                    problem: self.problem,
                    parts,
                    enforced,
                    shared: *shared,
                    test_files: self.runner.files.tests(),
                    same_tests: reuse_same_tests.then(|| &self.same_tests[job]),
                    submission: self.jobs[job]
                        .submission
                        .map(|submission| (submission, program.language_id.as_str())),
                };
                context.execute_test(worker, &test)
            }
            Units::Games {
                games,
                side,
                seed,
                keep_transcripts,
            } => {
                let setup = GameSetup {
                    runner: self.runner,
                    problem: *side,
                    solution: program,
                    limits,
                    seed: *seed,
                };
                let game = games[unit];
                let played = interact::play_game(&setup, self.scratch, game);
                let mut facts = game_facts(setup.seed, game, played);
                if !keep_transcripts {
                    if let Detail::Game(game) = &mut facts.detail {
                        game.transcript = Vec::new();
                    }
                }
                facts
            }
        }
    }
}

/// What playing game `game` gave, before anything is decided: the run's facts and the
/// referee's word.
pub(crate) fn game_facts(
    seed: u64,
    game: u64,
    played: Result<GameRecord, InteractError>,
) -> UnitFacts {
    let mut detail = GameDetail {
        seed,
        game,
        ..GameDetail::default()
    };
    let run = match played {
        Ok(record) => {
            detail.score = record.score;
            detail.moves = record.moves;
            detail.interaction_us = record.interaction_us;
            detail.transcript = record.transcript;
            detail.final_line = record.final_line;
            Ok(UnitRun {
                facts: record.facts,
                stderr_says: record.stderr_says,
                stderr_head: record.stderr_head,
                judgement: Judgement::Referee(record.ending),
            })
        }
        Err(e) => Err(e.to_string()),
    };
    UnitFacts {
        run,
        detail: Detail::Game(detail),
    }
}
